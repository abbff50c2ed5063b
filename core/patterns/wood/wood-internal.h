/* What the wood cuts share (pattern-wood.c, wood-plank.c,
 * wood-pore-lines.c, wood-burl.c, wood-shared.c; the rings themselves are
 * in wood-rings.h): the pattern's state, the plank's and burl's growth
 * lines and fibre, the plank's pore lines, one-dimensional noise, and
 * noise sampled half a pixel on.  Every helper gives its derivatives too, so the cuts'
 * gradients are analytic. */
#ifndef TSR_WOOD_INTERNAL_H
#define TSR_WOOD_INTERNAL_H

#include <math.h>

#include "noise/fractal.h"
#include "noise/noise-internal.h"   /* tsr_floor_d: floor without SSE4.1 roundsd */
#include "math/hash.h"
#include "patterns/pattern-impl.h"

#define WOOD_MAX_KNOTS 12
#define WOOD_TREE_GRID 2
#define WOOD_N_TREES (WOOD_TREE_GRID * WOOD_TREE_GRID)

typedef struct
{
  double x, y;          /* centre, pixels */
  double inv_sx, inv_sy;/* 1 / its radii along and across the fibre */
  double lift;          /* rings it adds to φ at its centre */
  double core;          /* radius of its dark core, in units of inv_s */
} WoodKnot;

typedef struct
{
  TsrWoodParams p;
  double        cx, cy;             /* log: the centre, pixels */
  double        rings_per_pixel;    /* end grain, log: along r; plank, burl: down y */
  double        figure;             /* plank, burl: the figure noise's amplitude, rings */
  double        shown_pixel;        /* texture pixels a shown pixel spans (zoomed out: 2^L) */
  double        fibre_gain;         /* plank, burl: wood_fibre_init's */
  double        period_w, period_h; /* when tiling, else 0 */
  guint32       year_seed;
  guint32       tone_seed, fine_seed;   /* plank, burl: the years' and the fine lines' tones */
  int           n_rings;            /* plank, burl: whole rings down the tile */
  int           year_period;        /* plank, burl: n_rings when tiling, else 0 */
  int           n_knots;
  WoodKnot      knots[WOOD_MAX_KNOTS];
  double        tree_x[WOOD_N_TREES], tree_y[WOOD_N_TREES];   /* end grain: centres */
  int           eye_cols, eye_rows; /* burl: its eyes' grid, whole cells per tile */
  double        eye_w, eye_h;       /* ... and a cell's size, pixels */
  guint32       pore_seed;          /* plank: its pore lines (wood-pore-lines.c) */
  int           pore_rows;          /* ... rows a tile when tiling, else 0 */
  double        rows_per_year;
  int           dash_cells;         /* ... their dashes' cells a tile when tiling, else 0 */
  double        dash_length;        /* ... a cell's length, pixels */
  double        pore_mean;          /* ... their mean darkness */
  int           band_cells;         /* plank: its colour bands' cells a tile when tiling, else 0 */
  double        band_height;        /* ... a cell's height, pixels along the growth lines */
  int           streak_cells;       /* plank: its pixel streaks' cells a tile when tiling, else 0 */
  double        streak_length;      /* ... a cell's length, pixels */
  TsrFractal    wobble, grain, drift, pores;
  TsrFractal    clusters;           /* burl: where its eyes gather */
  TsrFractal    lumps;              /* burl: its lumps, crevices between */
  double        lump_size;          /* ... a lump's size, pixels */
  guint32       tint_seed;          /* plank, burl: their fibres' colour numbers (wood-tint.c) */
  int           tint_cols, tint_rows;   /* ... cells a tile when tiling, else 0 */
  double        tint_w, tint_h;     /* ... a cell's size, pixels */
} WoodState;

/* The years' tones (wood_year_tone) last read along a run of samples, of
 * the years' own lines and of the fine lines; zeroed before the run. */
typedef struct
{
  gboolean filled;
  gint32   year;
  double   tone, next;
} WoodToneCache;

typedef struct
{
  WoodToneCache years, fine;
} WoodLinesCache;

/* The pure function's samples half a pixel on (along x, along y) that
 * size the rings' filter (wood-rings.h). */
#define WOOD_FOOTPRINT_STEP 0.5

/* ψ's slope s (along x, along y) and, for a gradient, the slope's own
 * derivatives d[k] = (d s_x, d s_y) along k. */
typedef struct
{
  double s[2], d[2][2];
} WoodSlope;

/* d from ψ's gradients at a point and `step` on along x and y (g[0],
 * g[1], g[2]): the symmetric second derivatives by differences. */
static inline void
wood_slope_derivatives (double g[3][2], double step, WoodSlope *sl)
{
  for (int k = 0; k < 2; k++)
    {
      sl->d[k][0] = (g[1][k] - g[0][k]) / step;
      sl->d[k][1] = (g[2][k] - g[0][k]) / step;
    }
}

/* The step, in pixels, of the differences of ψ's analytic gradient that
 * give a gradient's second derivatives: small against the figure, the
 * knots and the eyes, large against the floats' rounding of the figure's
 * slope (1/16 was too coarse for tests/test-surface). */
#define WOOD_SLOPE_STEP (1.0 / 256.0)

/* ψ's slope from its analytic gradients at a point (g[0]) and, with
 * `second`, WOOD_SLOPE_STEP on along x and y (g[1], g[2]). */
static inline void
wood_slope_of_gradients (double g[3][2], gboolean second, WoodSlope *sl)
{
  sl->s[0] = g[0][0], sl->s[1] = g[0][1];
  if (second)
    wood_slope_derivatives (g, WOOD_SLOPE_STEP, sl);
}

/* ψ's slope from its samples at a point and half a pixel on (psi[0],
 * psi[1], psi[2]); with g (their gradients) not NULL, its derivatives. */
static inline void
wood_psi_slope (const double psi[3], double g[3][2], WoodSlope *sl)
{
  const double h = WOOD_FOOTPRINT_STEP;

  sl->s[0] = (psi[1] - psi[0]) / h;
  sl->s[1] = (psi[2] - psi[0]) / h;
  if (g != NULL)
    wood_slope_derivatives (g, h, sl);
}

/* A plank's or a burl's growth lines at ψ = psi over the footprint w
 * (wood_footprint): the plank profile times the year's tone, with fainter
 * lines between them `fine` (0 .. 1) as deep (the years' tones through
 * cache); with g (ψ's gradient) not NULL, the lines' gradient into grad,
 * from the footprint's gradient dw. */
double wood_growth_lines (const WoodState *st, WoodLinesCache *cache, double psi,
                          const double g[2], double w, const double dw[2], double fine,
                          double grad[2]);

/* wood_growth_lines without a gradient at psi[i] over the footprints
 * w[i], into out[i]: a row kernel per instruction set (wood-growth-rows.c),
 * the same bits. */
void wood_growth_lines_row (const WoodState *st, const double *psi, const double *w, gsize n,
                            double fine, double *out);

/* Fibre from fine noise f in (-1, 1): a factor on the value, about 1 for
 * most of the wood, dark streaks where f is near 1 (a square favours the
 * darkest) and a little light where it is low; strength 0 gives 1, and no
 * strength makes it negative.  With d_f not NULL, its slopes along f and
 * along the strength. */
double wood_fibre (double f, double strength, double *d_f, double *d_strength);

/* A fractal along a row: its values and, when a row's gradients are
 * asked for, their slopes along x (g[0]) and along y (g[1]). */
typedef struct
{
  float v[TSR_CHUNK];
  float g[2][TSR_CHUNK];
} WoodRowField;

static inline void
wood_field_row (const TsrFractal *f, const double *x, const double *y, gsize n,
                gboolean gradients, WoodRowField *out)
{
  tsr_fractal_row_grad (f, x, y, n, out->v, gradients ? out->g[0] : NULL, out->g[1]);
}

/* A fractal at (x, y) and, for count 3, `step` on along x and along y
 * (v[0], v[1], v[2]); with gx not NULL, its gradients too. */
void wood_fractal_steps (const TsrFractal *f, const double *x, const double *y, gsize n,
                         int count, double step, float v[3][TSR_CHUNK],
                         float gx[3][TSR_CHUNK], float gy[3][TSR_CHUNK]);

/* An fBm of the texture's noise for one feature of the wood: features
 * size_x by size_y pixels, octaves of persistence, lacunarity 2; salt
 * picks its seed. */
void wood_fractal_init (TsrTexture *tex, guint32 salt, double size_x, double size_y,
                        guint octaves, double persistence, TsrFractal *f);

/* The fibre of a plank or a burl: wood_fractal_init's 2-octave fBm
 * (features size_x by size_y pixels).  Returns the gain that keeps
 * wood_fibre's mean at `strength` what it is at full size: zoomed out,
 * the fibre's finer octaves fade towards 0, and wood_fibre, being curved,
 * would otherwise leave a shown pixel brighter than the pixels it
 * covers (1 at full size).  along_lines: the fibre is read along the
 * growth lines, not at the pixel (the plank's): in a tile of a set it is
 * the one plain field of every tile, whose tiles differ through their
 * lines (a tile's own lattice points would not do: the lines move the
 * place it is read at by any amount, and would carry them to the
 * edges). */
double wood_fibre_init (TsrTexture *tex, double size_x, double size_y, double persistence,
                        double strength, gboolean along_lines, TsrFractal *f);

/* wood_fractal_init, read up to `reach` pixels away from the pixels it
 * shows at (a tile of a set keeps its lattice points that far from the
 * edges the same in every tile that has the edge). */
void wood_fractal_init_reaching (TsrTexture *tex, guint32 salt, double size_x, double size_y,
                                 guint octaves, double persistence, double reach,
                                 TsrFractal *f);

/* One-dimensional gradient noise: the gradient at lattice point i (of a
 * lattice repeating every `period`, 0: never). */
static inline double
wood_noise_1d_gradient (guint32 seed, gint32 i, int period)
{
  return 2.0 * tsr_hash_unit (tsr_hash1 (seed, tsr_wrap (i, period))) - 1.0;
}

/* The quintic fade 6f⁵ - 15f⁴ + 10f³ of one-dimensional noise (for doubles
 * and vectors of doubles: wood-pore-rows.c). */
#define WOOD_FADE5(f) ((f) * (f) * (f) * ((f) * ((f) * 6.0 - 15.0) + 10.0))

/* ... and the noise at f (0 .. 1) of the way from a lattice point of
 * gradient g0 to the next of g1; *slope its derivative. */
static inline double
wood_noise_1d_between (double g0, double g1, double f, double *slope)
{
  const double s = WOOD_FADE5 (f);
  const double ds = 30.0 * f * f * (f - 1.0) * (f - 1.0);
  const double a = g0 * f, b = g1 * (f - 1.0);

  *slope = g0 + (g1 - g0) * s + (b - a) * ds;
  return a + (b - a) * s;
}

/* One-dimensional gradient noise at t, lattice points at whole t,
 * repeating every `period` (0: never); *slope its derivative. */
static inline double
wood_noise_1d (guint32 seed, double t, int period, double *slope)
{
  const double cell = tsr_floor_d (t);
  const gint32 i = (gint32) cell;

  return wood_noise_1d_between (wood_noise_1d_gradient (seed, i, period),
                                wood_noise_1d_gradient (seed, i + 1, period), t - cell, slope);
}

/* The lattice gradients one-dimensional noise last read along a run of
 * samples (one seed and period): neighbouring samples mostly fall in the
 * same cell, which is then hashed once (the same numbers, so the same
 * bits).  Zeroed before the run. */
typedef struct
{
  gboolean filled;
  gint32   cell;
  double   g0, g1;
} WoodNoiseCache;

/* wood_noise_1d through a cache. */
static inline double
wood_noise_1d_cached (WoodNoiseCache *c, guint32 seed, double t, int period, double *slope)
{
  const double cell = tsr_floor_d (t);
  const gint32 i = (gint32) cell;

  if (!c->filled || c->cell != i)
    {
      c->filled = TRUE;
      c->cell = i;
      c->g0 = wood_noise_1d_gradient (seed, i, period);
      c->g1 = wood_noise_1d_gradient (seed, i + 1, period);
    }
  return wood_noise_1d_between (c->g0, c->g1, t - cell, slope);
}

/* The seed of the plank's colour bands, from the years' (wood-plank.c). */
#define WOOD_BANDS_SALT 0x62616e64u   /* "band" */

/* Open pores at the pixel scale: each texture pixel (wrapped to the tile)
 * a factor about 1, a few much darker (the cut vessels), ± `amount`; the
 * fractals cannot draw detail finer than two pixels without aliasing,
 * so this is the one detail a pixel wide.  Constant over a pixel (no
 * slope), and faded to its mean 1 by the shown pixel's size when zoomed
 * out. */
#define WOOD_PIXEL_PORES_SALT 0x706f7265u   /* "pore" */

/* ... from the pixel's hash unit u (the marks' row kernel gives it) */
static inline double
wood_pixel_pores_of (const WoodState *st, double u, double amount)
{
  /* u³ has mean 1/4: mostly a little light, now and then dark */
  return 1.0 - amount / MAX (st->shown_pixel, 1.0) * (u * u * u * 4.0 - 1.0);
}

static inline double
wood_pixel_pores (const WoodState *st, double x, double y, double amount)
{
  const gint32 i = tsr_wrap ((gint32) tsr_floor_d (x), (gint32) st->period_w);
  const gint32 j = tsr_wrap ((gint32) tsr_floor_d (y), (gint32) st->period_h);

  return wood_pixel_pores_of (st, tsr_hash_unit (tsr_hash2 (st->pore_seed ^ WOOD_PIXEL_PORES_SALT,
                                                            i, j)), amount);
}

/* A row of the pixel streaks (wood_pixel_streaks): its hash, its dashes'
 * cells a tile (0: not tiling) and length, the same all along the row,
 * and the tones at the ends of the cell c last read.  filled is zeroed
 * before a run of samples. */
typedef struct
{
  gboolean filled;
  gint32   j;
  guint32  h;
  gint32   cells, c;
  double   length, shift, a, b;
} WoodStreakRow;

/* Open pores drawn out along the fibre: rows a pixel tall that follow the
 * growth lines (yg: ψ in pixels down the tile), each with its own tone
 * wandering along x in cells of streak_length pixels, so that every row of
 * the board breaks into short light and dark dashes of many lengths (the
 * grain's finest scale; pixel pores alone read as salt and pepper).
 * Constant over a pixel along x and between two lines along y (no
 * slope): a number in -1 .. 1, faded to 0 by the shown pixel's size when
 * zoomed out (the caller scales it: the factor 1 - a × it).  The row's
 * numbers come through `row` (neighbouring samples share a row). */
#define WOOD_STREAKS_SALT 0x73747265u   /* "stre" */

static inline double
wood_pixel_streaks (const WoodState *st, WoodStreakRow *row, double x, double yg)
{
  const gint32 j = tsr_wrap ((gint32) tsr_floor_d (yg), (gint32) st->period_h);

  if (!row->filled || row->j != j)
    {
      const guint32 h = tsr_hash2 (st->pore_seed ^ WOOD_STREAKS_SALT, j, 7);
      /* each row its own dashes' length, from half to twice the mean,
       * mostly short (dashes of one length everywhere read as stamped);
       * whole cells a tile when tiling */
      const double k = tsr_hash_unit (tsr_mix32 (h + 3)), stretch = 0.5 + 1.5 * k * k;
      const gint32 cells = st->streak_cells > 0
                           ? MAX (1, (gint32) tsr_floor_d (st->streak_cells / stretch + 0.5)) : 0;

      *row = (WoodStreakRow) {
        TRUE, j, h, cells, G_MININT32,
        cells > 0 ? st->period_w / cells : st->streak_length * stretch, tsr_hash_unit (h),
        0.0, 0.0
      };
    }
  const double t = (tsr_floor_d (x) + 0.5) / row->length + row->shift;
  const double cell = tsr_floor_d (t), f = t - cell, s = f * f * (3.0 - 2.0 * f);
  const gint32 c = (gint32) cell;

  if (row->c != c)
    {
      row->c = c;
      row->a = tsr_hash_unit (tsr_hash2 (row->h, tsr_wrap (c, row->cells), 1));
      row->b = tsr_hash_unit (tsr_hash2 (row->h, tsr_wrap (c + 1, row->cells), 1));
    }
  const double u = row->a + (row->b - row->a) * s;

  return (2.0 * u - 1.0) / MAX (st->shown_pixel, 1.0);
}

/* Plank and burl: whole rings down the tile when tiling (the years then
 * repeat with it), rings_per_pixel down y. */
void wood_prepare_years (const TsrTexture *tex, WoodState *st);

/* The shortest offset across tile edges when tiling (period > 0). */
static inline double
wood_wrapped (double d, double period)
{
  return period > 0 ? d - period * tsr_floor_d (d / period + 0.5) : d;
}

/* A plank's pore lines, rows `spacing` pixels apart along the growth
 * lines (after wood_prepare_years), broken into dashes about `length`
 * pixels long. */
void wood_pore_lines_prepare (const TsrTexture *tex, WoodState *st, double spacing,
                              double length);

/* A pore line's row: its tent's centre (in rows), width and strength,
 * its noise's seed and phase, and its cut (wood-pore-lines.c). */
typedef struct
{
  guint32 seed;
  double  centre, width, strength, phase, cut;
} WoodPoreRow;

/* The rows a run of samples along a row of pixels last read, with their
 * noise's lattice gradients: neighbouring samples read the same rows and
 * cells, which are then hashed once (the same numbers, so the same
 * bits).  Zeroed before the run. */
#define WOOD_PORE_SLOTS 8
#define WOOD_PORE_OCTAVES 3
typedef struct
{
  gboolean    filled;
  gint32      j;
  WoodPoreRow row;
  gint32      cell[WOOD_PORE_OCTAVES];
  double      g0[WOOD_PORE_OCTAVES], g1[WOOD_PORE_OCTAVES];
} WoodPoreSlot;

typedef struct
{
  WoodPoreSlot slot[WOOD_PORE_SLOTS];
} WoodPoreCache;

/* How dark the pore lines are (0 .. 1) at x and row coordinate q = ψ ×
 * rows_per_year, box-filtered over the footprint wq (in rows); with d
 * not NULL, the slopes along x (at fixed q), q and wq. */
double wood_pore_lines (const WoodState *st, WoodPoreCache *cache, double x, double q,
                        double wq, double d[3]);

/* The streaks' swells (swell of row j at x[i]) a band of rows of one x
 * list has worked out, by sample and j's last bits: a row's swell along
 * x does not depend on y, and the next pixel row down reads most of the
 * same rows at the same x.  WOOD_PORE_MEMO rows hold every row a sample
 * reads (at most six, in a run). */
#define WOOD_PORE_MEMO 8
typedef struct
{
  gint32 j[WOOD_PORE_MEMO][TSR_CHUNK];
  double s[WOOD_PORE_MEMO][TSR_CHUNK];
} WoodPoreMemo;

/* A memo with nothing in it. */
void wood_pore_memo_clear (WoodPoreMemo *memo);

/* wood_pore_lines without slopes at (x[i], q[i]) over the footprints
 * wq[i], into out[i]: a row kernel per instruction set
 * (wood-pore-rows.c), the same bits.  memo (NULL: none) keeps the swells
 * from row to row of one x list (n <= TSR_CHUNK). */
void wood_pore_lines_row (const WoodState *st, const double *x, const double *q,
                          const double *wq, gsize n, WoodPoreMemo *memo, double *out);

/* The fibres' own hue and saturation numbers (-1 .. 1) for the colour
 * drift (TsrPattern.piece_tint), after wood_tint_prepare. */
void wood_tint_prepare (TsrTexture *tex, WoodState *st);
void wood_tint         (const TsrTexture *tex, const double *x, const double *y, gsize n,
                        const float *v, float *hue, float *sat);

void wood_plank_prepare (TsrTexture *tex, WoodState *st);
void wood_plank_row     (const TsrTexture *tex, const double *x, const double *y, gsize n,
                         float *out, float *gx, float *gy);
/* The fractals a plank's colour map reads at a row's samples: the figure
 * and its slopes, the drift, the pores. */
typedef struct
{
  const float  *figure, *figure_x, *figure_y, *drift, *pores;
  WoodPoreMemo *pore_memo;
} WoodPlankFields;
/* wood_plank_row's values (the same bits) of `rows` rows of n samples,
 * row k at (x[i], y[k]) into out + k * stride: the fractals of a band of
 * rows computed together. */
void wood_plank_rows    (const TsrTexture *tex, const double *x, const double *y, gsize rows,
                         gsize n, float *out, gsize stride);
void wood_burl_prepare  (TsrTexture *tex, WoodState *st);
void wood_burl_row      (const TsrTexture *tex, const double *x, const double *y, gsize n,
                         float *out, float *gx, float *gy);
/* wood_burl_row's values (the same bits) of `rows` rows of n samples, row
 * k at (x[i], y[k]) into out + k * stride: the fractals of a band of rows
 * computed together. */
void wood_burl_rows     (const TsrTexture *tex, const double *x, const double *y, gsize rows,
                         gsize n, float *out, gsize stride);

#endif
