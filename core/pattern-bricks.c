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
  /* a tile of a set: the salt of the pieces wholly inside it, at least
   * `margin` pixels from its edges (the others are the same in every tile) */
  guint32         inside_salt;
  double          margin, tile_w, tile_h;
  double          extent;   /* a piece's reach from its centre, in half sizes */
} PiecesState;

/* A fine fBm of the texture's noise, `size` pixels, for grit and wear. */
static void
fine_noise_init (const TsrTexture *tex, guint32 salt, double size, guint octaves,
                 TsrFractal *f)
{
  TsrFractalSpec spec;

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, salt, &spec);
  spec.scale_x = spec.scale_y = size;
  spec.octaves = octaves;
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
  /* grit: 3 and 1.5 pixels (a finer octave would be below a pixel) */
  fine_noise_init (tex, TSR_SALT_PIECES_GRIT, 3.0, 2, &st->grit);
  /* wear chips edges up to about a tenth of the narrowest piece in; its
   * noise, a few chips along a piece's side, also mottles plain faces */
  narrow = tsr_pieces_narrowest (&st->lay);
  st->wear_pixels = st->p.wear * (1.0 + 0.1 * narrow + 0.5 * st->p.bevel);
  fine_noise_init (tex, TSR_SALT_PIECES_WEAR, MAX (4.0, 0.2 * narrow), 3, &st->wear);
  tsr_pieces_face_prepare (&st->face, tex, st->p.face);
  tsr_pieces_fold_colors (tex, &st->face, &st->p.mortar_color);
  tex->slopes_over_pixel = st->p.bevel < 0.5
                           || (st->p.face != TSR_FACE_PLAIN && st->face.tex.slopes_over_pixel);
  st->inside_salt = tsr_tile_inside_salt (&tex->tile);
  st->margin = TSR_TILE_EDGE_PIXELS + tex->warp_amount;
  st->tile_w = tex->period_w;
  st->tile_h = tex->period_h;
  /* a stone is the region nearest its jittered point: it may reach
   * farther than the half cell its half sizes give */
  st->extent = stones ? 3.0 : 1.0;
}

/* A tile of a set: the pieces wholly inside it take its own look and face
 * (their ids salted); a piece that reaches an edge keeps its id, so that
 * every tile with that edge has it alike. */
static void
salt_inside_pieces (const PiecesState *st, TsrPiece *pc, gsize n)
{
  for (gsize i = 0; i < n; i++)
    {
      const double rx = st->extent * pc[i].hx + st->margin;
      const double ry = st->extent * pc[i].hy + st->margin;

      if (pc[i].cx >= rx && pc[i].cx <= st->tile_w - rx && pc[i].cy >= ry
          && pc[i].cy <= st->tile_h - ry)
        pc[i].id = tsr_mix32 (pc[i].id ^ st->inside_salt);
    }
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

/* A fine noise's values (and gradient, vx not NULL) at rows of TSR_CHUNK
 * points: `rows` rows of constant y (row k at (x[i], y[k])), or with rows
 * 0 one row at (x[i], y[i]); zeros where it has no strength. */
static inline void
fine_noise_rows (const TsrFractal *f, double strength, const double *x, const double *y,
                 gsize rows, gsize n, float *v, float *vx, float *vy)
{
  if (strength > 0 && rows > 0)
    tsr_fractal_rows_grad (f, x, y, rows, n, v, vx, vy, TSR_CHUNK);
  else if (strength > 0)
    tsr_fractal_row_grad (f, x, y, n, v, vx, vy);
  else
    for (gsize i = 0; i < MAX (rows, 1) * TSR_CHUNK; i++)
      {
        v[i] = 0.0f;
        if (vx != NULL)
          vx[i] = vy[i] = 0.0f;
      }
}

/* A piece's own tone and tilt (the tilt's slope along x and y), from its
 * identity: the same for the piece wherever it repeats. */
typedef struct
{
  guint32 id;
  double  hx, hy;
  double  tone, ax, ay;
} PieceLook;

static inline void
piece_look (const PiecesState *st, const TsrPiece *pc, PieceLook *lk)
{
  const guint32 h = pc->id;
  /* a slope up to a fifth of the range across the piece */
  const double lean = 0.2 * st->p.tilt / MAX (pc->hx, pc->hy);

  if (lk->id == h && lk->hx == pc->hx && lk->hy == pc->hy)
    return;   /* the pixel before was on the same piece */
  lk->id = h;
  lk->hx = pc->hx;
  lk->hy = pc->hy;
  lk->tone = st->p.piece_tone * (tsr_hash_unit (h) - 0.5);
  lk->ax = lean * (2.0 * tsr_hash_unit (tsr_mix32 (h + 2)) - 1.0);
  lk->ay = lean * (2.0 * tsr_hash_unit (tsr_mix32 (h + 3)) - 1.0);
}

/* The fine noises at a row's points: grit, and wear (the wear's noise
 * also mottles plain faces), with their gradients when asked. */
typedef struct
{
  const float *grit, *grit_x, *grit_y;
  const float *wear, *wear_x, *wear_y;
} RowNoise;

/* One row: the pieces under the points, their faces, the profile. */
static void
pieces_compose (const PiecesState *st, const double *x, const double *y, gsize n,
                const RowNoise *nz, float *out, float *gx, float *gy)
{
  const gboolean plain = st->p.face == TSR_FACE_PLAIN;
  const double g = st->p.grit;
  /* mortar: grit pits it below its top */
  const double d_mortar = -TSR_MORTAR_TOP * 0.3 * g;
  const double grit_face = 0.2 * g, mottle = 0.3 * g, wear_pixels = st->wear_pixels;
  /* no bevel: a step up at the edge */
  const double inv_bevel = st->p.bevel > 0 ? 1.0 / st->p.bevel : G_MAXDOUBLE;
  TsrPiece pc[TSR_CHUNK];
  float face[TSR_CHUNK], face_x[TSR_CHUNK], face_y[TSR_CHUNK];
  PieceLook look = { 0, -1.0, -1.0, 0, 0, 0 };

  tsr_pieces_locate_row (&st->lay, x, y, n, pc);
  if (st->inside_salt != 0)
    salt_inside_pieces (st, pc, n);
  if (!plain)
    tsr_pieces_face_row (&st->face, pc, x, y, n, face, gx ? face_x : NULL, face_y);

  for (gsize i = 0; i < n; i++)
    {
      const double mortar = TSR_MORTAR_TOP * (1.0 - 0.3 * g * (1.0 + nz->grit[i]));
      /* the wear eats up to wear_pixels into the edge, in chips where its
       * noise is high */
      const double w01 = 0.5 * (1.0 + nz->wear[i]);
      const double e = pc[i].depth - wear_pixels * w01 * w01;
      double v, grad[2] = { 0, 0 };

      if (e <= 0.0)
        {
          v = mortar;
          if (gx != NULL)
            grad[0] = d_mortar * nz->grit_x[i], grad[1] = d_mortar * nz->grit_y[i];
        }
      else
        {
          const double t = e * inv_bevel;
          const double p = t < 1.0 ? t * (2.0 - t) : 1.0;
          const double dp = t < 1.0 ? (2.0 - 2.0 * t) * inv_bevel : 0.0;
          double f, d_f[2] = { 0, 0 }, top;
          gboolean inside;

          piece_look (st, &pc[i], &look);
          if (plain)
            {
              /* fine grit over a mottle as large as the chips */
              f = 0.55 + grit_face * nz->grit[i] + mottle * nz->wear[i];
              if (gx != NULL)
                {
                  d_f[0] = grit_face * nz->grit_x[i] + mottle * nz->wear_x[i];
                  d_f[1] = grit_face * nz->grit_y[i] + mottle * nz->wear_y[i];
                }
            }
          else
            {
              f = face[i];
              if (gx != NULL)
                d_f[0] = face_x[i], d_f[1] = face_y[i];
            }
          f += look.tone + look.ax * (x[i] - pc[i].cx) + look.ay * (y[i] - pc[i].cy);
          inside = f > 0.0 && f < 1.0;
          top = TSR_MORTAR_TOP + (1.0 - TSR_MORTAR_TOP) * CLAMP (f, 0.0, 1.0);
          v = mortar + (top - mortar) * p;
          if (gx != NULL)
            for (int a = 0; a < 2; a++)
              {
                const double dm = d_mortar * (a ? nz->grit_y[i] : nz->grit_x[i]);
                const double dw = wear_pixels * w01 * (a ? nz->wear_y[i] : nz->wear_x[i]);
                const double de = (a ? pc[i].dy : pc[i].dx) - dw;
                const double dt = inside ? (1.0 - TSR_MORTAR_TOP)
                                           * (d_f[a] + (a ? look.ay : look.ax)) : 0.0;

                grad[a] = dm * (1.0 - p) + dt * p + (top - mortar) * dp * de;
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

/* The rows a block of pieces_rows takes at once. */
#define BLOCK_ROWS 16

/* `rows` rows of constant y (block == TRUE: row k at (x[i], y[k])), or
 * one row at (x[i], y[i]). */
static void
pieces_block (const TsrTexture *tex, const double *x, const double *y, gsize rows, gsize n,
              gboolean block, float *out, float *gx, float *gy, gsize stride)
{
  const PiecesState *st = tex->state;
  const gboolean plain = st->p.face == TSR_FACE_PLAIN;
  const gboolean grad = gx != NULL;
  float grit[BLOCK_ROWS][TSR_CHUNK], grit_x[BLOCK_ROWS][TSR_CHUNK], grit_y[BLOCK_ROWS][TSR_CHUNK];
  float wear[BLOCK_ROWS][TSR_CHUNK], wear_x[BLOCK_ROWS][TSR_CHUNK], wear_y[BLOCK_ROWS][TSR_CHUNK];

  g_assert (rows <= BLOCK_ROWS);
  fine_noise_rows (&st->grit, st->p.grit, x, y, block ? rows : 0, n, grit[0],
                   grad ? grit_x[0] : NULL, grit_y[0]);
  fine_noise_rows (&st->wear, st->p.wear + (plain ? st->p.grit : 0.0), x, y, block ? rows : 0,
                   n, wear[0], grad ? wear_x[0] : NULL, wear_y[0]);
  for (gsize r = 0; r < rows; r++)
    {
      const RowNoise nz = { grit[r], grit_x[r], grit_y[r], wear[r], wear_x[r], wear_y[r] };
      double ys[TSR_CHUNK];

      if (block)
        for (gsize i = 0; i < n; i++)
          ys[i] = y[r];
      pieces_compose (st, x, block ? ys : y, n, &nz, out + r * stride,
                      grad ? gx + r * stride : NULL, grad ? gy + r * stride : NULL);
    }
}

static inline void
pieces_row (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
            float *gx, float *gy)
{
  pieces_block (tex, x, y, 1, n, FALSE, out, gx, gy, n);
}

static void
pieces_rows (const TsrTexture *tex, const double *x, const double *y, gsize rows, gsize n,
             float *out, float *gx, float *gy, gsize stride)
{
  for (gsize r = 0; r < rows; r += BLOCK_ROWS)
    pieces_block (tex, x, y + r, MIN (BLOCK_ROWS, rows - r), n, TRUE, out + r * stride,
                  gx ? gx + r * stride : NULL, gy ? gy + r * stride : NULL, stride);
}

TSR_PATTERN_EVALS (eval_pieces, eval_pieces_grad, pieces_row)

/* Mortar (the low values) is rough sand and lime; the pieces' faces,
 * fired or dressed, are smoother. */
static const TsrRoughness pieces_roughness = { 1.0f, 0.35f };

const TsrPattern tsr_pattern_bricks = {
  .name = "bricks",
  .label = N_("Bricks and tiles"),
  .description = N_("Bricks, tiles, parquet and planks in a bond or pattern, with mortar, "
                    "bevels, worn edges and every piece its own colour, tilt and cut of "
                    "wood or marble"),
  .basis = TSR_BASIS_CHOSEN,
  .own_group = TSR_GROUP_BRICKS,
  .second_group = TSR_GROUP_PIECES,
  .palette = TSR_PALETTE_BRICK,
  .state_size = sizeof (PiecesState),
  .prepare = prepare_bricks,
  .eval = eval_pieces,
  .eval_grad = eval_pieces_grad,
  .eval_rows = pieces_rows,
  .roughness = &pieces_roughness,
  .check = check_bricks,
};

const TsrPattern tsr_pattern_stones = {
  .name = "stones",
  .label = N_("Stones"),
  .description = N_("Cobbles and paving: irregular stones with mortar between them"),
  .basis = TSR_BASIS_CHOSEN,
  .own_group = TSR_GROUP_PIECES,
  .palette = TSR_PALETTE_STONE,
  .state_size = sizeof (PiecesState),
  .prepare = prepare_stones,
  .eval = eval_pieces,
  .eval_grad = eval_pieces_grad,
  .eval_rows = pieces_rows,
  .roughness = &pieces_roughness,
  .check = check_stones,
};
