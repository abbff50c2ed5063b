/* Built-up surfaces: bricks, tiles, parquet and planks (pattern `bricks`,
 * laid by pieces-layout.c), cobbles and paving (pattern `stones`).
 *
 * A point's value is its height, low in the mortar and high on the
 * pieces' faces; the ramp holds the mortar's colour below TSR_MORTAR_TOP
 * and the pieces' palette above (pieces-face.c).  The mortar is grit
 * around a low level; a piece rises from it over its bevel,
 *   v = mortar + (T - mortar) P (e / bevel),   P (t) = t (2 - t), 1 past t = 1,
 * where e is the depth inside the piece (rounded corners, pixels) less
 * the edge wear's noise, and T the face's value: per piece a random
 * tone and a random tilt, plus grit (plain) or the piece's own part of a
 * wood or marble face.  Every part is differentiable, so the gradient is
 * analytic; only with no bevel (a cliff at every edge) do the maps take
 * their slopes over each pixel. */
#include <math.h>

#include "hash.h"
#include "pattern-impl.h"
#include "pieces-face.h"
#include "trig.h"

typedef struct
{
  TsrPiecesParams p;
  TsrPiecesLayout lay;
  TsrFractal      grit, wear;
  double          wear_pixels;   /* how deep the wear eats in at most */
  TsrPiecesFace   face;
} PiecesState;

/* A fine fBm of the texture's noise, `size` pixels, for grit and wear. */
static void
fine_noise_init (const TsrTexture *tex, guint32 salt, double size, TsrFractal *f)
{
  TsrFractalSpec spec;

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, salt, &spec);
  spec.scale_x = spec.scale_y = size;
  spec.octaves = 3;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  tsr_fractal_init (f, &spec);
}

static gboolean
check_layout (const TsrTexture *tex, gboolean stones, GError **error)
{
  TsrPiecesLayout lay;

  tsr_pieces_layout_init (&lay, &tex->s, stones, tex->period_w, tex->period_h);
  return tsr_pieces_layout_check (&lay, error);
}

static gboolean
check_bricks (const TsrTexture *tex, GError **error)
{
  return check_layout (tex, FALSE, error);
}

static gboolean
check_stones (const TsrTexture *tex, GError **error)
{
  return check_layout (tex, TRUE, error);
}

static void
prepare_pieces (TsrTexture *tex, gboolean stones)
{
  PiecesState *st = tex->state;
  double narrow;

  tsr_pieces_params (&tex->s, &st->p);
  tsr_pieces_layout_init (&st->lay, &tex->s, stones, tex->period_w, tex->period_h);
  fine_noise_init (tex, TSR_SALT_PIECES_GRIT, 3.0, &st->grit);
  /* wear chips edges up to about a tenth of the narrowest piece in; its
   * noise, a few chips along a piece's side, also mottles plain faces */
  narrow = tsr_pieces_narrowest (&st->lay);
  st->wear_pixels = st->p.wear * (1.0 + 0.1 * narrow + 0.5 * st->p.bevel);
  fine_noise_init (tex, TSR_SALT_PIECES_WEAR, MAX (4.0, 0.2 * narrow), &st->wear);
  tsr_pieces_face_prepare (&st->face, tex, st->p.face);
  tsr_pieces_fold_colors (tex, &st->face, &st->p.mortar_color);
  tex->slopes_over_pixel = st->p.bevel < 0.5
                           || (st->p.face != TSR_FACE_PLAIN && st->face.tex.slopes_over_pixel);
}

static void
prepare_bricks (TsrTexture *tex)
{
  prepare_pieces (tex, FALSE);
}

static void
prepare_stones (TsrTexture *tex)
{
  prepare_pieces (tex, TRUE);
}

/* A fine noise's values (and gradient), or zeros where it has no
 * strength. */
static inline void
fine_noise_row (const TsrFractal *f, double strength, const double *x, const double *y,
                gsize n, float *v, float *vx, float *vy)
{
  if (strength > 0)
    {
      tsr_fractal_row_grad (f, x, y, n, v, vx, vy);
      return;
    }
  for (gsize i = 0; i < n; i++)
    v[i] = 0.0f;
  if (vx != NULL)
    for (gsize i = 0; i < n; i++)
      vx[i] = vy[i] = 0.0f;
}

/* The face's value T (in the ramp's pieces part) at a point of its piece,
 * and its gradient. */
static inline double
face_value (const PiecesState *st, const TsrPiece *pc, double x, double y, double base,
            const double d_base[2], double d_t[2])
{
  const guint32 h = pc->id;
  const double tone = st->p.piece_tone * (tsr_hash_unit (h) - 0.5);
  /* the tilt: a slope up to a fifth of the range across the piece */
  const double turn = tsr_hash_unit (tsr_mix32 (h + 2));
  const double lean = 0.2 * st->p.tilt * tsr_hash_unit (tsr_mix32 (h + 3))
                      / MAX (pc->hx, pc->hy);
  const double ax = lean * tsr_cos_turns (turn), ay = lean * tsr_sin_turns (turn);
  const double f = base + tone + ax * (x - pc->cx) + ay * (y - pc->cy);
  const gboolean inside = f > 0.0 && f < 1.0;

  d_t[0] = inside ? (1.0 - TSR_MORTAR_TOP) * (d_base[0] + ax) : 0.0;
  d_t[1] = inside ? (1.0 - TSR_MORTAR_TOP) * (d_base[1] + ay) : 0.0;
  return TSR_MORTAR_TOP + (1.0 - TSR_MORTAR_TOP) * CLAMP (f, 0.0, 1.0);
}

static inline void
pieces_row (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
            float *gx, float *gy)
{
  const PiecesState *st = tex->state;
  const gboolean plain = st->p.face == TSR_FACE_PLAIN;
  TsrPiece pc[TSR_CHUNK];
  float grit[TSR_CHUNK], grit_x[TSR_CHUNK], grit_y[TSR_CHUNK];
  float wear[TSR_CHUNK], wear_x[TSR_CHUNK], wear_y[TSR_CHUNK];
  float face[TSR_CHUNK], face_x[TSR_CHUNK], face_y[TSR_CHUNK];

  for (gsize i = 0; i < n; i++)
    tsr_pieces_locate (&st->lay, x[i], y[i], &pc[i]);
  fine_noise_row (&st->grit, st->p.grit, x, y, n, grit, gx ? grit_x : NULL, grit_y);
  fine_noise_row (&st->wear, st->p.wear + (plain ? st->p.grit : 0.0), x, y, n, wear,
                  gx ? wear_x : NULL, wear_y);
  if (!plain)
    tsr_pieces_face_row (&st->face, pc, x, y, n, face, gx ? face_x : NULL, face_y);

  for (gsize i = 0; i < n; i++)
    {
      const double g = st->p.grit;
      /* mortar: grit pits it below its top */
      const double mortar = TSR_MORTAR_TOP * (1.0 - 0.3 * g * (1.0 + grit[i]));
      const double d_mortar = -TSR_MORTAR_TOP * 0.3 * g;
      /* the wear eats up to wear_pixels into the edge, in chips where its
       * noise is high */
      const double w01 = 0.5 * (1.0 + wear[i]);
      const double e = pc[i].depth - st->wear_pixels * w01 * w01;
      double v, grad[2] = { 0, 0 };

      if (e <= 0.0)
        {
          v = mortar;
          if (gx != NULL)
            grad[0] = d_mortar * grit_x[i], grad[1] = d_mortar * grit_y[i];
        }
      else
        {
          const double t = st->p.bevel > 0 ? e / st->p.bevel : 1.0;
          const double p = t < 1.0 ? t * (2.0 - t) : 1.0;
          const double dp = t < 1.0 ? (2.0 - 2.0 * t) / st->p.bevel : 0.0;
          double base, d_base[2], d_t[2], top;

          if (plain)
            {
              /* fine grit over a mottle as large as the chips */
              base = 0.55 + 0.2 * g * grit[i] + 0.3 * g * wear[i];
              d_base[0] = gx ? 0.2 * g * grit_x[i] + 0.3 * g * wear_x[i] : 0.0;
              d_base[1] = gx ? 0.2 * g * grit_y[i] + 0.3 * g * wear_y[i] : 0.0;
            }
          else
            {
              base = face[i];
              d_base[0] = gx ? face_x[i] : 0.0;
              d_base[1] = gx ? face_y[i] : 0.0;
            }
          top = face_value (st, &pc[i], x[i], y[i], base, d_base, d_t);
          v = mortar + (top - mortar) * p;
          if (gx != NULL)
            for (int a = 0; a < 2; a++)
              {
                const double dm = d_mortar * (a ? grit_y[i] : grit_x[i]);
                const double dw = st->wear_pixels * w01 * (a ? wear_y[i] : wear_x[i]);
                const double de = (a ? pc[i].dy : pc[i].dx) - dw;

                grad[a] = dm * (1.0 - p) + d_t[a] * p + (top - mortar) * dp * de;
              }
        }
      out[i] = (float) v;
      if (gx != NULL)
        {
          gx[i] = (float) grad[0];
          gy[i] = (float) grad[1];
        }
    }
}

TSR_PATTERN_EVALS (eval_pieces, eval_pieces_grad, pieces_row)

const TsrPattern tsr_pattern_bricks = {
  "bricks", N_("Bricks and tiles"),
  N_("Bricks, tiles, parquet and planks in a bond or pattern, with mortar, bevels, "
     "worn edges and every piece its own colour, tilt and cut of wood or marble"),
  TSR_BASIS_CHOSEN, TSR_GROUP_BRICKS, TSR_PALETTE_BRICK,
  sizeof (PiecesState), prepare_bricks, eval_pieces, eval_pieces_grad, NULL,
  check_bricks, TSR_GROUP_PIECES
};

const TsrPattern tsr_pattern_stones = {
  "stones", N_("Stones"),
  N_("Cobbles and paving: irregular stones with mortar between them"),
  TSR_BASIS_CHOSEN, TSR_GROUP_PIECES, TSR_PALETTE_STONE,
  sizeof (PiecesState), prepare_stones, eval_pieces, eval_pieces_grad, NULL,
  check_stones, 0
};
