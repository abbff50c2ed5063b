/* Built-up surfaces: bricks, tiles, parquet and planks (pattern `bricks`,
 * laid by pieces-layout.c), cobbles and paving (pattern `stones`).
 *
 * Colour and height apart (TsrPattern.color_apart): a point's value is
 * its height, low in the mortar and high on the pieces' faces, or in the
 * texture's colour view its place in the ramp, which holds the mortar's
 * colour below TSR_MORTAR_TOP and the pieces' palette above
 * (pieces-face.c).  The profile, mortar to bevel to face, and the
 * colours are pieces-profile-rows.c's, vectorised; here the pieces
 * under each row are found (once for the rows of a band that share them),
 * with their looks and their faces.  Every part is differentiable, so the
 * gradient is analytic; only with no bevel (a cliff at every edge) do the
 * maps take their slopes over each pixel. */
#include <math.h>

#include <string.h>

#include "math/hash.h"
#include "patterns/pattern-impl.h"
#include "patterns/pieces/pieces-face.h"
#include "patterns/pieces/pieces-grain.h"
#include "patterns/pieces/pieces-profile.h"

typedef struct
{
  TsrPiecesParams p;
  TsrPiecesLayout lay;
  TsrFractal      grit, wear;
  TsrFractal      stain;         /* bricks' weathering, about half a brick across */
  double          stain_amount;  /* TsrProfile.stain (0: none) */
  double          wear_pixels;   /* how deep the wear eats in at most */
  double          bulge;         /* how far outlines wander in and out, pixels */
  double          arris;         /* TsrProfile.arris */
  TsrGrain        grain;         /* the colour's pixel grain */
  TsrPiecesFace   face;
  /* a tile of a set: the salt of the pieces wholly inside it, at least
   * `margin` pixels from its edges (the others are the same in every tile) */
  guint32         inside_salt;
  double          margin, tile_w, tile_h;
  double          extent;   /* a piece's reach from its centre, in half sizes */
} PiecesState;

/* How much lighter a weathered brick's arris is in the colours where it
 * turns straight to the sky (and darker turned away), at full cavity. */
#define ARRIS_LIGHT 0.6

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

gboolean
tsr_texture_piece_counts (const TsrTexture *tex, int *columns, int *rows)
{
  const gboolean bricks = strcmp (tex->pattern->name, "bricks") == 0;
  TsrPiecesLayout lay;

  if (!bricks && strcmp (tex->pattern->name, "stones") != 0)
    return FALSE;
  tsr_pieces_layout_init (&lay, &tex->s, !bricks, tex->period_w, tex->period_h);
  *columns = lay.columns;
  *rows = lay.rows;
  return lay.columns != (int) tex->s.value[TSR_P_COLUMNS]
         || lay.rows != (int) tex->s.value[TSR_P_ROWS];
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
  /* grit: 3 pixels, one octave; what is finer is each pixel's own grain
   * (pieces-profile-rows.c), which costs a hash, not a lattice */
  fine_noise_init (tex, TSR_SALT_PIECES_GRIT, 3.0, 1, &st->grit);
  /* a shown pixel spanning f x f pixels holds their mean: the grain's
   * deviation over f */
  tsr_grain_init (&st->grain, st->grit.oct[0].noise.seed, tex->tileable ? tex->period_w : 0,
                  tex->tileable ? tex->period_h : 0, tex->footprint);
  /* wear chips edges up to about a tenth of the narrowest piece in; its
   * noise, a few chips along a piece's side, also mottles plain faces
   * (two octaves: chips with an outline, not pixel noise) */
  narrow = tsr_pieces_narrowest (&st->lay);
  st->wear_pixels = st->p.wear * (1.0 + 0.1 * narrow + 0.5 * st->p.bevel);
  /* hand-made pieces' outlines wander along the wear's noise, by up to
   * half the gap (the joint never closes) or a sixteenth of the piece */
  st->bulge = st->lay.irregular * MIN (st->lay.half_gap, narrow / 16.0);
  fine_noise_init (tex, TSR_SALT_PIECES_WEAR, MAX (4.0, 0.25 * narrow), 1, &st->wear);
  /* plain bricks weather in stains, worn patches, soot and broken arrises
   * most of a course across, as much as they are worn (one octave: the
   * mottle and the grit are the smaller scales) */
  st->stain_amount = !stones && tsr_pieces_boxed (&st->lay) && st->p.face == TSR_FACE_PLAIN
                     ? MIN (1.0, 2.0 * st->p.wear) : 0.0;
  fine_noise_init (tex, TSR_SALT_PIECES_STAIN, MAX (6.0, 0.8 * narrow), 1, &st->stain);
  /* a colour map with the relief's cavities in it shows its worn arrises'
   * light too, as a photograph of the wall does (the lit map has its own) */
  st->arris = st->stain_amount > 0 && tex->shading.map == TSR_MAP_COLOR
              ? ARRIS_LIGHT * tex->s.value[TSR_P_CAVITY] : 0.0;
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
  double tone, lift, lean_x, lean_y;
  double inner_x, inner_y, radius;   /* boxes' shape */
  /* plain faces' firing: the colour's drift along the piece and across
   * it, and how much darker each end is (burnt; 0 for most) */
  double drift, across, burn_lo, burn_hi;
  double inv_len;   /* 1 / its half length */
  double skew;      /* turned askew, radians */
  double rim_k;
  double chip[2][2];   /* corners' chips, [x side][y side], pixels */
  double weather, bevel_k, dome_k;   /* TsrPieceRow's */
  double split_nx, split_ny, split_c, split_k;
} PieceLook;

/* A hash's unit value for one of a piece's looks. */
static inline double
look_unit (guint32 id, guint32 which)
{
  return tsr_hash_unit (tsr_mix32 (id + which));
}

/* How weathered a hand-made brick is: each its own way, some hardly,
 * some much (TsrPieceRow.weather). */
static double
piece_weather (const PiecesState *st, guint32 id)
{
  return st->lay.irregular > 0.0 ? 0.3 + 1.3 * look_unit (id, 20) : 1.0;
}

/* Nearly one weathered hand-made brick in two is split in two tones by
 * a line across it (slanting up to 57 degrees off square), one side paler
 * or darker by split_k (0: not split). */
static void
piece_split (const PiecesState *st, const TsrPiece *pc, PieceLook *lk)
{
  const guint32 h = pc->id;
  const double u = look_unit (h, 23);
  double theta;

  lk->split_k = st->stain_amount > 0 && st->lay.irregular > 0 && !pc->turned && u < 0.45
                ? st->stain_amount * st->lay.irregular * (u < 0.15 ? -0.2 : 0.25) : 0.0;
  lk->split_nx = 1.0;
  lk->split_ny = lk->split_c = 0.0;
  if (lk->split_k == 0.0)
    return;
  theta = 2.0 * look_unit (h, 22) - 1.0;
  lk->split_nx = cos (theta);
  lk->split_ny = sin (theta);
  lk->split_c = 0.6 * pc->hx * (2.0 * look_unit (h, 24) - 1.0);
}

/* Boards of wood are stained and worn each its own way, by as much again
 * as they differ in tone (piece-tone): paler at one end than at the
 * other, about two ends in five darker (end grain drinks the stain and
 * holds the dirt), and each lit a little unevenly across (a cupped
 * board catches the light on one side). */
static void
board_stain (const PiecesState *st, guint32 h, double half_w, PieceLook *lk)
{
  const double k = st->p.piece_tone;

  lk->drift = 0.7 * k * (look_unit (h, 5) - 0.5);
  lk->across = 0.6 * k * (look_unit (h, 6) - 0.5) / half_w;
  lk->burn_lo = look_unit (h, 7) < 0.4 ? k * (0.3 + 0.6 * look_unit (h, 8)) : 0.0;
  lk->burn_hi = look_unit (h, 9) < 0.4 ? k * (0.3 + 0.6 * look_unit (h, 10)) : 0.0;
}

static void
piece_look (const PiecesState *st, const TsrPiece *pc, PieceLook *lk)
{
  const guint32 h = pc->id;
  /* a slope up to a fifth of the range across the piece */
  const double lean = 0.2 * st->p.tilt / MAX (pc->hx, pc->hy);
  const double half_w = MIN (pc->hx, pc->hy);
  /* fired clay varies across a brick about as much as brick to brick,
   * the rougher the more (glazed tiles, little grit, hardly) */
  const double fired = st->p.face == TSR_FACE_PLAIN
                       ? st->p.piece_tone * MIN (1.0, 2.0 * st->p.grit) : 0.0;

  lk->tone = st->p.piece_tone * (tsr_hash_unit (h) - 0.5);
  /* proud or sunk by up to a quarter of the tilt's range, apart from
   * its tone */
  lk->lift = 0.25 * st->p.tilt * (look_unit (h, 4) - 0.5);
  /* hand-laid bricks stand out of the wall unevenly, and so cast shadows
   * of every length */
  if (tsr_pieces_boxed (&st->lay))
    lk->lift *= 1.0 + st->lay.irregular;
  lk->lean_x = lean * (2.0 * look_unit (h, 2) - 1.0);
  lk->lean_y = lean * (2.0 * look_unit (h, 3) - 1.0);
  tsr_pieces_box_shape (&st->lay, pc, &lk->inner_x, &lk->inner_y, &lk->radius);
  /* hand-made pieces are not cut by one die: each its own corner radius,
   * from a fifth to all but double the layout's (irregularity) */
  if (st->lay.irregular > 0.0)
    {
      const double r = lk->radius;
      const double r2 = MIN (r * (1.0 + st->lay.irregular * (1.6 * look_unit (h, 18) - 0.8)),
                             r + MIN (lk->inner_x, lk->inner_y));

      lk->inner_x += r - r2;
      lk->inner_y += r - r2;
      lk->radius = r2;
    }
  lk->inv_len = 1.0 / (pc->turned ? pc->hy : pc->hx);
  /* askew by up to 3.4 degrees at full irregularity: its ends off the
   * row's line by a pixel or so, the joints beside it uneven */
  lk->skew = 0.06 * st->lay.irregular * (2.0 * look_unit (h, 15) - 1.0);
  lk->drift = 0.5 * fired * (look_unit (h, 5) - 0.5);
  lk->across = 0.4 * fired * (look_unit (h, 6) - 0.5) / half_w;
  /* about one end in three burnt darker, in the kiln's hot spot */
  lk->burn_lo = look_unit (h, 7) < 0.35 ? fired * (0.25 + 0.35 * look_unit (h, 8)) : 0.0;
  lk->burn_hi = look_unit (h, 9) < 0.35 ? fired * (0.25 + 0.35 * look_unit (h, 10)) : 0.0;
  if (st->p.face == TSR_FACE_WOOD)
    board_stain (st, h, half_w, lk);
  /* hand-made bricks' arrises some sharp, some worn round (the bevel from 0.45 to
   * 1.65 times the layout's), some faces flat, some domed */
  lk->weather = piece_weather (st, h);
  lk->bevel_k = 1.0;
  lk->dome_k = 1.0;
  if (st->lay.irregular > 0.0)
    {
      const double u = look_unit (h, 19);

      lk->bevel_k = 1.0 / (1.0 + st->lay.irregular * (u * u * 1.2 - 0.55));
      lk->dome_k = 1.0 + st->lay.irregular * (2.0 * look_unit (h, 21) * look_unit (h, 21) - 1.0);
    }
  piece_split (st, pc, lk);
  /* darker within a third of the half width of the edge */
  lk->rim_k = 3.0 / half_w;
  /* about one corner in three chipped off, by up to four tenths of the
   * half width at full wear (larger cuts read as octagons) */
  for (int c = 0; c < 4; c++)
    {
      const double u = look_unit (h, 11 + (guint32) c);

      lk->chip[c / 2][c % 2] = u < 0.35 ? st->p.wear * half_w * (0.2 + 0.6 * u) : 0.0;
    }
}

static inline gboolean
same_piece (const TsrPiece *a, const TsrPiece *b)
{
  return a->id == b->id && a->cx == b->cx && a->cy == b->cy && a->hx == b->hx
         && a->hy == b->hy;
}

/* 0 below a, 1 above b, smooth between; its slope into *slope. */
static inline double
smooth_step (double a, double b, double x, double *slope)
{
  const double t = CLAMP ((x - a) / (b - a), 0.0, 1.0);

  *slope = 6.0 * t * (1.0 - t) / (b - a);
  return t * t * (3.0 - 2.0 * t);
}

/* The runs of points whose per-piece lanes a TsrPieceRow holds: a run
 * from lane i to end[i] (0: none starting there, or lanes since filled
 * by another) on piece[i], whose look was look[i]; owner[i]: the start
 * of the run last filled into lane i.  A row whose run is one of these
 * keeps its lanes (the rows down a piece mostly cross it at the same
 * lanes). */
typedef struct
{
  gsize     end[TSR_CHUNK], owner[TSR_CHUNK];
  TsrPiece  piece[TSR_CHUNK];
  PieceLook look[TSR_CHUNK];
} FilledRuns;

/* The kernels' view of piece p under the row's points from start to end
 * (end TSR_CHUNK for the row's last run: the padding is the last
 * point's), its look worked out once for the run.  What varies along a
 * piece's length (its drift, burnt ends) is the point's: along x for
 * pieces laid lengthwise, the only ones in layouts whose rows share their
 * pieces (tsr_pieces_band), so it holds for every row of the band.  What
 * the profile reads of the depth: a box's chips (it finds the depth);
 * a polygon's depth is the caller's. */
static void
piece_run_fill (const PiecesState *st, const TsrPiece *p, gsize start, gsize end,
                const double *x, const double *y, gsize n, TsrPieceRow *pr, FilledRuns *filled)
{
  const gboolean boxed = tsr_pieces_boxed (&st->lay);
  const double *along_at = p->turned ? y : x;
  const double centre = p->turned ? p->cy : p->cx;
  const gboolean refill = !(filled->end[start] == end && same_piece (&filled->piece[start], p));
  const PieceLook *lk;
  float chip[2][2];   /* the look's chips, as the kernels read them */

  if (refill)
    {
      /* the runs whose lanes this one takes over */
      filled->end[filled->owner[start]] = 0;
      for (gsize i = start; i < end; i++)
        {
          filled->end[i] = 0;
          filled->owner[i] = start;
        }
      piece_look (st, p, &filled->look[start]);
      filled->end[start] = end;
      filled->piece[start] = *p;
    }
  lk = &filled->look[start];
  chip[0][0] = (float) lk->chip[0][0];
  chip[0][1] = (float) lk->chip[0][1];
  chip[1][0] = (float) lk->chip[1][0];
  chip[1][1] = (float) lk->chip[1][1];
  if (lk->burn_lo <= 0 && lk->burn_hi <= 0)
    {
      /* no burnt end: burn and its slope 0 at every point (x - 0 is x),
       * a loop the compiler may vectorise */
      const float slope = (float) (lk->drift * lk->inv_len);

      for (gsize i = start; i < MIN (end, n); i++)
        pr->tone[i] = (float) (lk->tone + lk->drift * ((along_at[i] - centre) * lk->inv_len));
      for (gsize i = start; i < MIN (end, n); i++)
        {
          pr->tone_x[i] = p->turned ? 0.0f : slope;
          pr->tone_y[i] = p->turned ? slope : 0.0f;
        }
    }
  else
    for (gsize i = start; i < MIN (end, n); i++)
      {
        const double along = (along_at[i] - centre) * lk->inv_len;
        const double b = along < 0 ? lk->burn_lo : lk->burn_hi;
        double burn = 0.0, ds = 0.0;
        float slope;

        if (b > 0)
          {
            burn = b * smooth_step (0.3, 1.0, fabs (along), &ds);
            ds *= along < 0 ? -b : b;
          }
        pr->tone[i] = (float) (lk->tone + lk->drift * along - burn);
        /* the tone's slope along the piece, per pixel */
        slope = (float) ((lk->drift - ds) * lk->inv_len);
        pr->tone_x[i] = p->turned ? 0.0f : slope;
        pr->tone_y[i] = p->turned ? slope : 0.0f;
      }
  /* the padding: the last point's */
  for (gsize i = n; i < end; i++)
    {
      pr->tone[i] = pr->tone[n - 1];
      pr->tone_x[i] = pr->tone_x[n - 1];
      pr->tone_y[i] = pr->tone_y[n - 1];
    }
  for (gsize i = start; boxed && i < end; i++)
    {
      const gsize k = MIN (i, n - 1);
      const gboolean right = x[k] >= p->cx;

      pr->chip_top[i] = right ? chip[1][0] : chip[0][0];
      pr->chip_bottom[i] = right ? chip[1][1] : chip[0][1];
    }
  /* a kept run's lanes hold its piece's numbers (its centre too) */
  for (gsize i = start; refill && i < end; i++)
    {
      pr->cx[i] = p->cx;
      pr->cy[i] = p->cy;
      pr->lift[i] = (float) lk->lift;
      pr->lean_x[i] = (float) lk->lean_x;
      pr->lean_y[i] = (float) lk->lean_y;
      pr->hue_x[i] = p->turned ? (float) lk->across : 0.0f;
      pr->hue_y[i] = p->turned ? 0.0f : (float) lk->across;
      pr->rim_k[i] = (float) lk->rim_k;
    }
  for (gsize i = start; refill && boxed && i < end; i++)
    {
      pr->inner_x[i] = (float) lk->inner_x;
      pr->inner_y[i] = (float) lk->inner_y;
      pr->radius[i] = (float) lk->radius;
      pr->skew[i] = (float) lk->skew;
      pr->weather[i] = (float) lk->weather;
      pr->bevel_k[i] = (float) lk->bevel_k;
      pr->dome_k[i] = (float) lk->dome_k;
      pr->split_nx[i] = (float) lk->split_nx;
      pr->split_ny[i] = (float) lk->split_ny;
      pr->split_c[i] = (float) lk->split_c;
      pr->split_k[i] = (float) lk->split_k;
    }
}

/* The kernels' view of the pieces under a row's n points (x[i], y[i]),
 * padded to TSR_CHUNK with the last point's, a run of points on one piece
 * at a time. */
static void
piece_row_fill (const PiecesState *st, const TsrPiece *pc, const double *x, const double *y,
                gsize n, TsrPieceRow *pr, FilledRuns *filled)
{
  for (gsize start = 0, end; start < TSR_CHUNK; start = end)
    {
      const TsrPiece *p = &pc[MIN (start, n - 1)];

      for (end = start + 1; end < n && same_piece (&pc[end], p); end++)
        ;
      piece_run_fill (st, p, start, end >= n ? TSR_CHUNK : end, x, y, n, pr, filled);
    }
  /* a polygon's depth, given */
  for (gsize i = 0; !tsr_pieces_boxed (&st->lay) && i < TSR_CHUNK; i++)
    {
      const TsrPiece *q = &pc[MIN (i, n - 1)];

      pr->depth[i] = (float) q->depth;
      pr->ddx[i] = (float) q->dx;
      pr->ddy[i] = (float) q->dy;
    }
}

/* The stones of a row's n points (one_y: all at y[0]), found as runs
 * with their depths (tsr_pieces_locate_stone_runs), into the kernels'
 * view. */
static void
stone_row_fill (const PiecesState *st, TsrPiecesMemo *memo, const double *x, const double *y,
                gboolean one_y, gsize n, TsrPiece *pc, gsize *ends, TsrPieceRow *pr,
                FilledRuns *filled)
{
  const gsize runs = tsr_pieces_locate_stone_runs (&st->lay, memo, x, y, one_y, n, pc, ends,
                                                   pr->depth, pr->ddx, pr->ddy);

  if (st->inside_salt != 0)
    salt_inside_pieces (st, pc, runs);
  for (gsize k = 0, start = 0; k < runs; start = ends[k++])
    piece_run_fill (st, &pc[k], start, k + 1 == runs ? TSR_CHUNK : ends[k], x, y, n, pr,
                    filled);
}

/* The rows a block of pieces_rows takes at once, and the runs of pieces
 * a row of a face's block keeps from finding its faces (a row of more is
 * found again). */
#define BLOCK_ROWS 64
#define BLOCK_RUNS 32

/* What a block's rows share: the pieces under the points, for rows of
 * one band (pieces-layout.h: tsr_pieces_band) found once. */
typedef struct
{
  TsrPiece    pc[TSR_CHUNK];
  gsize       ends[TSR_CHUNK];   /* stones' runs (stone_row_fill) */
  TsrPieceRow pr;
  FilledRuns  filled;
  TsrPiecesMemo *memo;
  gboolean    have_band;
  gint64      band;
  /* the fine noises (and gradients) of the block's rows, and a face's
   * values (and gradient) on the rows of the band from face_row0: a row
   * each (BLOCK_ROWS at most) in rows_buf */
  float (*grit)[TSR_CHUNK], (*grit_x)[TSR_CHUNK], (*grit_y)[TSR_CHUNK];
  float (*wear)[TSR_CHUNK], (*wear_x)[TSR_CHUNK], (*wear_y)[TSR_CHUNK];
  float (*stain)[TSR_CHUNK], (*stain_x)[TSR_CHUNK], (*stain_y)[TSR_CHUNK];
  float (*face)[TSR_CHUNK], (*face_x)[TSR_CHUNK], (*face_y)[TSR_CHUNK];
  float (*rows_buf)[TSR_CHUNK];
  gsize       face_row0;
  /* the pieces tsr_pieces_face_block found: row r's kept_runs[r] runs
   * (0: not kept), run k on kept[r][k] up to kept_end[r][k] */
  TsrPiece  (*kept)[BLOCK_RUNS];
  gsize     (*kept_end)[BLOCK_RUNS];
  gsize       kept_runs[BLOCK_ROWS];
  /* colours: the pixel grain's column hashes, and a row's grain */
  guint32     grain_x[TSR_CHUNK], grain_y[TSR_CHUNK];
  gboolean    side_by_side;
  float       grain[TSR_CHUNK], streak[TSR_CHUNK];
} BlockPieces;

/* Only as many rows as a call takes: a point's value (one row) would
 * otherwise fill 800 kB fresh, which the sanitizers make very slow. */
static BlockPieces *
block_pieces_new (gsize rows)
{
  BlockPieces *bp = g_new (BlockPieces, 1);
  float (**fields[])[TSR_CHUNK] = {
    &bp->grit, &bp->grit_x, &bp->grit_y, &bp->wear, &bp->wear_x, &bp->wear_y,
    &bp->stain, &bp->stain_x, &bp->stain_y, &bp->face, &bp->face_x, &bp->face_y,
  };

  bp->memo = tsr_pieces_memo_new ();
  bp->kept = g_malloc_n (MIN (rows, BLOCK_ROWS), sizeof *bp->kept);
  bp->kept_end = g_malloc_n (MIN (rows, BLOCK_ROWS), sizeof *bp->kept_end);
  memset (bp->filled.end, 0, sizeof bp->filled.end);
  memset (bp->filled.owner, 0, sizeof bp->filled.owner);
  rows = MIN (rows, BLOCK_ROWS);
  bp->rows_buf = g_malloc_n (G_N_ELEMENTS (fields) * rows, sizeof *bp->rows_buf);
  for (gsize f = 0; f < G_N_ELEMENTS (fields); f++)
    *fields[f] = bp->rows_buf + f * rows;
  return bp;
}

static void
block_pieces_free (BlockPieces *bp)
{
  tsr_pieces_memo_free (bp->memo);
  g_free (bp->kept);
  g_free (bp->kept_end);
  g_free (bp->rows_buf);
  g_free (bp);
}

/* The rows from r on that lie in the band of row r (1 for rows of their
 * own), whose faces are found together. */
static gsize
band_rows (const PiecesState *st, const double *y, gsize r, gsize rows, gboolean banded,
           gint64 band)
{
  gsize end = r + 1;
  gint64 other;

  while (banded && end < rows && tsr_pieces_band (&st->lay, y[end], &other) && other == band)
    end++;
  return end - r;
}

/* Starts bp on the points x (padded into xs): no band found yet, and for
 * colours the pixel grain's columns. */
static void
block_start (const TsrTexture *tex, const double *x, gsize n, double *xs, BlockPieces *bp)
{
  const PiecesState *st = tex->state;

  /* the kernels read whole vectors: the points padded with the last */
  for (gsize i = 0; i < TSR_CHUNK; i++)
    xs[i] = x[MIN (i, n - 1)];
  if (tex->color_values)
    bp->side_by_side = tsr_grain_columns (&st->grain, xs, n, bp->grain_x);
  bp->have_band = FALSE;
}

/* The pieces of a row as the pattern finds them (TsrPiecesFaceLocate). */
static void
locate_salted (gconstpointer data, const double *x, const double *y, gsize n, TsrPiece *pc)
{
  const PiecesState *st = data;

  tsr_pieces_locate_row (&st->lay, x, y, n, pc);
  if (st->inside_salt != 0)
    salt_inside_pieces (st, pc, n);
}

/* Keeps row r's runs of pieces (TsrPiecesFaceRowFound: the runs
 * piece_row_fill finds) for the profile's pass. */
static void
keep_row_runs (gpointer data, gsize r, const TsrPiece *pc, const gsize *ends, gsize runs)
{
  BlockPieces *bp = data;

  bp->kept_runs[r] = runs <= BLOCK_RUNS ? runs : 0;
  for (gsize k = 0; k < bp->kept_runs[r]; k++)
    {
      bp->kept[r][k] = pc[k > 0 ? ends[k - 1] : 0];
      bp->kept_end[r][k] = ends[k];
    }
}

/* `rows` rows of constant y (block == TRUE: row k at (x[i], y[k])), or
 * one row at (x[i], y[i]), on bp started on the points x (xs padded);
 * blocks of plain faces go on with the band the last one found. */
static void
pieces_block (const TsrTexture *tex, const double *xs, const double *y, gsize rows, gsize n,
              gboolean block, BlockPieces *bp, float *out, float *gx, float *gy, gsize stride)
{
  const PiecesState *st = tex->state;
  const gboolean plain = st->p.face == TSR_FACE_PLAIN;
  const gboolean grad = gx != NULL;
  const TsrProfile pf = {
    .boxed = tsr_pieces_boxed (&st->lay),
    .color = tex->color_values,
    .relief = st->p.face_relief,
    .grit = st->p.grit,
    .wear_pixels = st->wear_pixels,
    .bulge = st->bulge,
    /* no bevel: a step up at the edge */
    .inv_bevel = st->p.bevel > 0 ? 1.0 / st->p.bevel : G_MAXDOUBLE,
    .grain = st->grain.amount,
    /* the joint's shade reaches a pixel or two out from the pieces */
    .inv_shadow = 1.0 / MAX (1.0, MIN (2.0, st->lay.half_gap * 1.5)),
    .inv_pixel = 1.0 / MAX (1, tex->footprint),
    .gap = 2.0 * st->lay.half_gap,
    /* the overhang's shade over most of the joint, a pixel at least */
    .cast = MAX (1.0, 1.6 * st->lay.half_gap),
    .dome = st->p.dome,
    .stain = st->stain_amount,
    /* a broken arris eats in up to a quarter of the wear's depth and a
     * quarter of the joint's width, a pixel and a half at least */
    .bite = MAX (1.5, 0.25 * st->wear_pixels + 0.5 * st->lay.half_gap),
    .crack = st->p.face == TSR_FACE_WOOD,
    .arris = st->arris,
  };
  float v[TSR_CHUNK], vx[TSR_CHUNK], vy[TSR_CHUNK];
  double ys[TSR_CHUNK];
  float (*grit)[TSR_CHUNK] = bp->grit, (*grit_x)[TSR_CHUNK] = bp->grit_x,
        (*grit_y)[TSR_CHUNK] = bp->grit_y;
  float (*wear)[TSR_CHUNK] = bp->wear, (*wear_x)[TSR_CHUNK] = bp->wear_x,
        (*wear_y)[TSR_CHUNK] = bp->wear_y;

  gint64 band0;
  const gboolean face_block = !plain && block && rows >= TSR_FACE_COLUMN_ROWS
                              && !tsr_pieces_band (&st->lay, y[0], &band0);
  /* stones found as runs, unless a face reads the points' pieces */
  const gboolean stone_runs = st->lay.layout == TSR_LAYOUT_STONES && (plain || face_block);

  g_assert (rows <= BLOCK_ROWS && n > 0 && n <= TSR_CHUNK);
  fine_noise_rows (&st->grit, st->p.grit, xs, y, block ? rows : 0, n, grit[0],
                   grad ? grit_x[0] : NULL, grit_y[0]);
  fine_noise_rows (&st->wear, st->p.wear + (plain ? st->p.grit : 0.0), xs, y,
                   block ? rows : 0, n, wear[0], grad ? wear_x[0] : NULL, wear_y[0]);
  if (st->stain_amount > 0)
    fine_noise_rows (&st->stain, st->stain_amount, xs, y, block ? rows : 0, n, bp->stain[0],
                     grad ? bp->stain_x[0] : NULL, bp->stain_y[0]);
  /* a face's rows are the block's own: where the pieces differ row to row
   * (no bands), the whole block's found first, so that a turned piece's
   * face runs along its own length */
  if (!plain)
    bp->have_band = FALSE;
  if (face_block)
    {
      tsr_pieces_face_block (&st->face, locate_salted, st, keep_row_runs, bp, xs, y, rows, n,
                             bp->face[0], grad ? bp->face_x[0] : NULL, bp->face_y[0], TSR_CHUNK);
      bp->face_row0 = 0;
    }
  for (gsize r = 0; r < rows; r++)
    {
      TsrProfileRow row;
      gint64 band = 0;
      gboolean banded;

      for (gsize i = 0; i < TSR_CHUNK; i++)
        ys[i] = block ? y[r] : y[MIN (i, n - 1)];
      banded = block && tsr_pieces_band (&st->lay, y[r], &band);
      if (!(banded && bp->have_band && band == bp->band))
        {
          if (stone_runs)
            stone_row_fill (st, bp->memo, xs, ys, block, n, bp->pc, bp->ends, &bp->pr, &bp->filled);
          else if (face_block && pf.boxed && bp->kept_runs[r] > 0)
            for (gsize k = 0, start = 0; k < bp->kept_runs[r]; start = bp->kept_end[r][k++])
              piece_run_fill (st, &bp->kept[r][k], start,
                              k + 1 == bp->kept_runs[r] ? TSR_CHUNK : bp->kept_end[r][k], xs, ys,
                              n, &bp->pr, &bp->filled);
          else
            {
              tsr_pieces_locate_row_memo (&st->lay, bp->memo, xs, ys, n, bp->pc);
              if (st->inside_salt != 0)
                salt_inside_pieces (st, bp->pc, n);
              piece_row_fill (st, bp->pc, xs, ys, n, &bp->pr, &bp->filled);
            }
          bp->have_band = banded;
          bp->band = band;
          if (!face_block)
            bp->face_row0 = r;
          if (!plain && block && !face_block)
            tsr_pieces_face_rows (&st->face, bp->pc, xs, y + r,
                                  band_rows (st, y, r, rows, banded, band), n, bp->face[0],
                                  grad ? bp->face_x[0] : NULL, bp->face_y[0], TSR_CHUNK);
        }
      if (tex->color_values && block)
        tsr_grain_row (&st->grain, bp->grain_x, bp->side_by_side,
                       tsr_grain_hash_row (&st->grain, y[r]), n, bp->grain);
      else if (tex->color_values)
        {
          for (gsize i = 0; i < n; i++)
            bp->grain_y[i] = tsr_grain_hash_row (&st->grain, ys[i]);
          tsr_grain_points (&st->grain, bp->grain_x, bp->grain_y, n, bp->grain);
        }
      if (tex->color_values && st->stain_amount > 0)
        tsr_grain_streaks (&st->grain, bp->grain_x, bp->side_by_side, block ? NULL : bp->grain_y,
                           block ? tsr_grain_hash_row (&st->grain, y[r]) : 0, n, bp->streak);
      /* the kernels read whole vectors */
      for (gsize i = n; tex->color_values && i < MIN (TSR_CHUNK, (n + 15) & ~(gsize) 15); i++)
        {
          bp->grain[i] = bp->grain[n - 1];
          if (st->stain_amount > 0)
            bp->streak[i] = bp->streak[n - 1];
        }
      if (!plain && !block)
        tsr_pieces_face_row (&st->face, bp->pc, xs, ys, n, bp->face[0],
                             grad ? bp->face_x[0] : NULL, bp->face_y[0]);
      row = (TsrProfileRow) {
        .x = xs, .y = ys, .pieces = &bp->pr,
        .grit = grit[r], .grit_x = grit_x[r], .grit_y = grit_y[r],
        .wear = wear[r], .wear_x = wear_x[r], .wear_y = wear_y[r],
        .stain = bp->stain[r], .stain_x = bp->stain_x[r], .stain_y = bp->stain_y[r],
        .face = plain ? NULL : bp->face[r - bp->face_row0],
        .face_x = bp->face_x[r - bp->face_row0], .face_y = bp->face_y[r - bp->face_row0],
        .grain = bp->grain,
        .streak = bp->streak,
      };
      tsr_pieces_profile_row (&pf, &row, n, v, grad ? vx : NULL, vy);
      memcpy (out + r * stride, v, n * sizeof *v);
      if (grad)
        {
          memcpy (gx + r * stride, vx, n * sizeof *vx);
          memcpy (gy + r * stride, vy, n * sizeof *vy);
        }
    }
}

static inline void
pieces_row (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
            float *gx, float *gy)
{
  BlockPieces *bp = block_pieces_new (1);
  double xs[TSR_CHUNK];

  block_start (tex, x, n, xs, bp);
  pieces_block (tex, xs, y, 1, n, FALSE, bp, out, gx, gy, n);
  block_pieces_free (bp);
}

static void
pieces_rows (const TsrTexture *tex, const double *x, const double *y, gsize rows, gsize n,
             float *out, float *gx, float *gy, gsize stride)
{
  BlockPieces *bp = block_pieces_new (rows);
  double xs[TSR_CHUNK];

  block_start (tex, x, n, xs, bp);
  for (gsize r = 0; r < rows; r += BLOCK_ROWS)
    pieces_block (tex, xs, y + r, MIN (BLOCK_ROWS, rows - r), n, TRUE, bp, out + r * stride,
                  gx ? gx + r * stride : NULL, gy ? gy + r * stride : NULL, stride);
  block_pieces_free (bp);
}

TSR_PATTERN_EVALS (eval_pieces, eval_pieces_grad, pieces_row)

/* How far a brick's stain turns its hue and greys it (in the drift's
 * piece units: a piece's own numbers are -1 to 1). */
#define STAIN_HUE  2.5
#define STAIN_GREY 3.0
/* ... and a wood face's fibres, each pixel's own (as the wood's own
 * fibre hues, wood-tint.c) */
#define FIBRE_HUE  6.0
#define FIBRE_SAT  4.0

/* The colours' drift (TsrPattern.piece_tint): each piece's own hue and
 * saturation numbers where the colour is the piece's (above the mortar's
 * part of the ramp), 0 in the mortar, so a joint keeps one colour.  A
 * piece turned towards purple is also greyer, as over-fired clay is (not
 * pink). */
static void
pieces_tint (const TsrTexture *tex, const double *x, const double *y, gsize n, const float *v,
             float *hue, float *sat)
{
  const PiecesState *st = tex->state;
  TsrPiece *pc = g_new (TsrPiece, n);
  gsize *ends = g_new (gsize, n);
  const gsize runs = tsr_pieces_locate_runs (&st->lay, x, y, n, pc, ends);
  float *stain = NULL;

  if (st->inside_salt != 0)
    salt_inside_pieces (st, pc, runs);
  /* a weathered brick's colour wanders inside it with its stains: its pale
   * worn patches yellower and greyer, its soot towards purple */
  if (st->stain_amount > 0)
    {
      stain = g_new (float, n);
      tsr_fractal_row (&st->stain, x, y, n, stain);
    }
  /* a piece's own numbers, worked out once for the run of points on it */
  for (gsize r = 0, start = 0; r < runs; start = ends[r++])
    {
      const TsrPiece *p = &pc[r];
      const double h0 = 2.0 * look_unit (p->id, 16) - 1.0;
      const double s0 = 0.6 * (2.0 * look_unit (p->id, 17) - 1.0) - 0.8 * MAX (0.0, -h0);

      if (stain != NULL)
        {
          const double weather = piece_weather (st, p->id);
          PieceLook lk;

          piece_split (st, p, &lk);
          /* soot's purple fainter than the worn patches' yellow */
          const double split = lk.split_k > 0 ? 0.6 : -0.6;
          const gboolean split_here = lk.split_k != 0.0;

          for (gsize i = start; i < ends[r]; i++)
            {
              const double sw0 = st->stain_amount * stain[i] * weather;
              const double sw = split_here && lk.split_nx * (x[i] - p->cx)
                                                + lk.split_ny * (y[i] - p->cy) > lk.split_c
                                ? sw0 + split : sw0;
              const double h = h0 + STAIN_HUE * (sw > 0.0 ? sw : 0.5 * sw);
              const double s = s0 - STAIN_GREY * MAX (0.0, sw);
              const gboolean on = v[i] > (float) TSR_MORTAR_TOP;

              hue[i] = on ? (float) h : 0.0f;
              sat[i] = on ? (float) s : 0.0f;
            }
          continue;
        }
      for (gsize i = start; i < ends[r]; i++)
        {
          double h = h0, s = s0;

          /* a board's fibres each their own shade, a little redder or
           * yellower, greyer or richer than the next: every pixel of the
           * tile its own */
          if (st->p.face == TSR_FACE_WOOD)
            {
              const guint32 f = tsr_hash2 (st->grain.seed ^ 0x66696272u,   /* "fibr" */
                                           tsr_wrap ((gint32) floor (x[i]), (gint32) st->tile_w),
                                           tsr_wrap ((gint32) floor (y[i]), (gint32) st->tile_h));

              h += FIBRE_HUE * (2.0 * tsr_hash_unit (f) - 1.0);
              s += FIBRE_SAT * (2.0 * tsr_hash_unit (tsr_mix32 (f)) - 1.0);
            }
          hue[i] = v[i] > (float) TSR_MORTAR_TOP ? (float) h : 0.0f;
          sat[i] = v[i] > (float) TSR_MORTAR_TOP ? (float) s : 0.0f;
        }
    }
  g_free (stain);
  g_free (ends);
  g_free (pc);
}

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
  .tile_sets = TSR_TILE_SETS_ALL,
  .color_apart = TRUE,
  .piece_tint = pieces_tint,
  /* a wood or marble face reads those patterns' settings */
  .borrows = { { TSR_GROUP_WOOD, TSR_P_FACE, TSR_FACE_WOOD },
               { TSR_GROUP_MARBLE, TSR_P_FACE, TSR_FACE_MARBLE } },
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
  .tile_sets = TSR_TILE_SETS_ALL,
  .color_apart = TRUE,
  .piece_tint = pieces_tint,
  /* a wood or marble face reads those patterns' settings */
  .borrows = { { TSR_GROUP_WOOD, TSR_P_FACE, TSR_FACE_WOOD },
               { TSR_GROUP_MARBLE, TSR_P_FACE, TSR_FACE_MARBLE } },
};
