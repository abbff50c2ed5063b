/* The wood's own numbers for the colour drift (TsrPattern.piece_tint;
 * they act with color-variation above 0): a palette gives each value one
 * colour, but in a board each fibre has its own shade of hue, a little
 * pinker or greener, redder or yellower, than its neighbours at the same
 * lightness.
 *
 * A plank's fibres are short dashes a pixel tall: each row of pixels its
 * own hue and saturation numbers, wandering along x in cells of
 * TINT_LENGTH pixels (the rows of pixels, not of the growth lines: ψ is
 * not known here, and the lines run near level where the dashes show).
 * A burl's fibre has no direction: blotches a few pixels across, value
 * noise on a lattice of TINT_BLOTCH pixels.  End grain and logs have
 * none.  The cells are whole numbers a tile and hashed wrapped, so the
 * numbers tile; constant across a pixel, like the pixel pores. */
#include <math.h>

#include "math/hash.h"
#include "noise/noise-kernels.h"
#include "patterns/wood/wood-internal.h"
#include "patterns/wood/wood-tint-rows.h"

#define TINT_LENGTH 5.0
#define TINT_BLOTCH 3.0
/* The numbers' reach (hue, saturation), in the drift's piece units (a
 * brick's are -1 .. 1): a plank's fibre differs more in hue from its
 * neighbours than a brick from the next brick, while the drift's slow
 * fields stay faint; a burl's blotches less (wider, they would read as
 * stains). */
static const double tint_gain[2][2] = { { 2.5, 1.5 }, { 1.0, 1.5 } };

static int
whole_cells (double period, double size)
{
  return period > 0 ? MAX (1, (int) floor (period / size + 0.5)) : 0;
}

void
wood_tint_prepare (TsrTexture *tex, WoodState *st)
{
  const double size = st->p.cut == TSR_WOOD_BURL ? TINT_BLOTCH : TINT_LENGTH;

  st->tint_seed = tsr_hash1 (st->year_seed, 0x74696e74u);   /* "tint" */
  st->tint_cols = whole_cells (st->period_w, size);
  st->tint_rows = whole_cells (st->period_h, TINT_BLOTCH);
  st->tint_w = st->tint_cols > 0 ? st->period_w / st->tint_cols : size;
  st->tint_h = st->tint_rows > 0 ? st->period_h / st->tint_rows : TINT_BLOTCH;
  (void) tex;
}

/* A number in [-1, 1] of lattice point (i, j), per channel k. */
static inline double
lattice (const WoodState *st, gint32 i, gint32 j, guint32 k)
{
  return 2.0 * tsr_hash_unit (tsr_hash2 (st->tint_seed + k, tsr_wrap (i, st->tint_cols), j))
         - 1.0;
}

/* The lattice numbers about the cell a run of pixels last read (channels
 * hue and saturation; corners top left, top right, bottom left, bottom
 * right): neighbouring pixels mostly share a cell, hashed then once. */
typedef struct
{
  gboolean filled;
  gint32   i, j0, j1;
  double   corner[2][4];
} TintCell;

static inline void
tint_cell (const WoodState *st, TintCell *c, gint32 i, gint32 j0, gint32 j1, gboolean burl)
{
  if (c->filled && c->i == i && c->j0 == j0 && c->j1 == j1)
    return;
  if (c->filled && c->i + 1 == i && c->j0 == j0 && c->j1 == j1)
    {
      /* the next cell along the row: its left corners are the last
       * cell's right ones */
      for (guint k = 0; k < 2; k++)
        {
          c->corner[k][0] = c->corner[k][1];
          c->corner[k][2] = c->corner[k][3];
          c->corner[k][1] = lattice (st, i + 1, j0, k);
          c->corner[k][3] = burl ? lattice (st, i + 1, j1, k) : c->corner[k][1];
        }
      c->i = i;
      return;
    }
  for (guint k = 0; k < 2; k++)
    {
      c->corner[k][0] = lattice (st, i, j0, k);
      c->corner[k][1] = lattice (st, i + 1, j0, k);
      c->corner[k][2] = burl ? lattice (st, i, j1, k) : c->corner[k][0];
      c->corner[k][3] = burl ? lattice (st, i + 1, j1, k) : c->corner[k][1];
    }
  c->filled = TRUE, c->i = i, c->j0 = j0, c->j1 = j1;
}

/* The most cells a run's table spans (a row of pixels at most a chunk
 * long, cells at least a pixel wide, and a cell on at each end). */
#define TABLE_CELLS (TSR_CHUNK + 4)

/* wood_tint's whole vectors of a run of pixels of one row (a plank's or a
 * burl's) through the row kernel: the lattice numbers about the row first,
 * hashed once a cell into a table.  Returns how many samples that was (0
 * where the run is not one row or spans more cells than the table). */
static gsize
tint_row (const WoodState *st, const double *x, const double *y, gsize n, const float *v,
          double fade, gboolean burl, float *hue, float *sat)
{
  const double per_w = 1.0 / st->tint_w, per_h = 1.0 / st->tint_h;
  const gint32 at = (gint32) tsr_floor_d (y[0]);
  double lo = x[0], hi = x[0];

  if (n < 16)
    return 0;
  for (gsize i = 1; i < n; i++)
    {
      if ((gint32) tsr_floor_d (y[i]) != at)
        return 0;
      lo = MIN (lo, x[i]), hi = MAX (hi, x[i]);
    }
  /* wood_tint's numbers of the row and its cells (see there) */
  const gint32 r = tsr_wrap (at, (gint32) st->period_h);
  const double offset = burl ? 0.0 : tsr_hash_unit (tsr_hash1 (st->tint_seed, r));
  const double py = burl ? (at + 0.5) * per_h : 0.0;
  const double cj = tsr_floor_d (py), fy = py - cj;
  const gint32 j0 = burl ? tsr_wrap ((gint32) cj, st->tint_rows) : r;
  const gint32 j1 = burl ? tsr_wrap ((gint32) cj + 1, st->tint_rows) : r;
  const gint32 c0 = (gint32) tsr_floor_d ((tsr_floor_d (lo) + 0.5) * per_w + offset);
  const gint32 c1 = (gint32) tsr_floor_d ((tsr_floor_d (hi) + 0.5) * per_w + offset) + 1;
  /* the hashes in every lane where vectors multiply 32-bit numbers (not
   * SSE2: there a cell at a time) */
  const WoodTintTableFn table = TSR_ISA_PICK (NULL, wood_tint_table_avx2, wood_tint_table_avx512);
  double corner[2][2][TABLE_CELLS + 16];

  if (c1 - c0 >= TABLE_CELLS)
    return 0;
  for (guint k = 0; k < 2; k++)
    if (table != NULL)
      table (st->tint_seed + k, st->tint_cols, c0, (gsize) (c1 - c0 + 1), j0, burl ? j1 : j0,
             corner[k][0], corner[k][1]);
    else
      for (gint32 c = c0; c <= c1; c++)
        {
          corner[k][0][c - c0] = lattice (st, c, j0, k);
          corner[k][1][c - c0] = burl ? lattice (st, c, j1, k) : corner[k][0][c - c0];
        }
  const WoodTintRow row = {
    x, v, { { corner[0][0], corner[0][1] }, { corner[1][0], corner[1][1] } }, c0, per_w, offset,
    fy * fy * (3.0 - 2.0 * fy), { tint_gain[burl][0] * fade, tint_gain[burl][1] * fade }, burl
  };
  const WoodTintRowFn kernel = TSR_ISA_PICK (wood_tint_row_base, wood_tint_row_avx2,
                                             wood_tint_row_avx512);

  return kernel (&row, n, hue, sat);
}

void
wood_tint (const TsrTexture *tex, const double *x, const double *y, gsize n, const float *v,
           float *hue, float *sat)
{
  const WoodState *st = tex->state;
  const double fade = 1.0 / MAX (st->shown_pixel, 1.0);
  const gboolean burl = st->p.cut == TSR_WOOD_BURL;
  const double per_w = 1.0 / st->tint_w, per_h = 1.0 / st->tint_h;
  TintCell cell = { 0 };
  gboolean row_known = FALSE;
  gint32 raw = 0, r = 0, j0 = 0, j1 = 0;
  double offset = 0.0, sy = 0.0;
  const gsize done = st->p.cut == TSR_WOOD_PLANK || burl
                     ? tint_row (st, x, y, n, v, fade, burl, hue, sat) : 0;

  for (gsize i = done; i < n; i++)
    {
      double num[2] = { 0.0, 0.0 };

      if (st->p.cut == TSR_WOOD_PLANK || burl)
        {
          const gint32 at = (gint32) tsr_floor_d (y[i]);

          /* a plank's row starts its cells at its own offset (a run of
           * pixels mostly keeps to one row) */
          if (!row_known || at != raw)
            {
              raw = at, r = tsr_wrap (at, (gint32) st->period_h), row_known = TRUE;
              offset = burl ? 0.0 : tsr_hash_unit (tsr_hash1 (st->tint_seed, r));
              /* the pixel's centre down the cells, the same along the row */
              const double py = burl ? (at + 0.5) * per_h : 0.0;
              const double cj = tsr_floor_d (py), fy = py - cj;

              sy = fy * fy * (3.0 - 2.0 * fy);
              j0 = burl ? tsr_wrap ((gint32) cj, st->tint_rows) : r;
              j1 = burl ? tsr_wrap ((gint32) cj + 1, st->tint_rows) : r;
            }
          /* the pixel's centre along the cells */
          const double tx = (tsr_floor_d (x[i]) + 0.5) * per_w + offset;
          const double ci = tsr_floor_d (tx), fx = tx - ci, sx = fx * fx * (3.0 - 2.0 * fx);

          tint_cell (st, &cell, (gint32) ci, j0, j1, burl);
          for (guint k = 0; k < 2; k++)
            {
              const double *q = cell.corner[k];
              const double top = q[0] + (q[1] - q[0]) * sx;
              const double bottom = q[2] + (q[3] - q[2]) * sx;

              num[k] = tint_gain[burl][k] * fade * (top + (bottom - top) * sy);
            }
        }
      if (burl)
        {
          const double g = CLAMP ((BURL_GREY_FROM - v[i]) / (BURL_GREY_FROM - BURL_GREY_FULL),
                                  0.0, 1.0);

          num[0] += BURL_GREY_HUE * g, num[1] += BURL_GREY_SAT * g;
        }
      hue[i] = (float) num[0];
      sat[i] = (float) num[1];
    }
}
