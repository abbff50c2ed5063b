/* Cellular noise (Worley, "A Cellular Texture Basis Function", 1996).
 *
 * One feature point per lattice cell, at cell + 0.5 + jitter * (u - 0.5)
 * per axis, with u in [0, 1) from the cell's hash (tsr_hash2 of the wrapped
 * cell; 16 bits per axis): jitter 0 is a regular grid of cell centres,
 * jitter 1 spreads the points over the whole cell.  F1 / F2 are the
 * distances from the sample to the nearest / second nearest point.
 *
 * Search region.  With half-spread h = jitter / 2, the point of a cell
 * whose centre is c lies within |p - c| + h per axis of p.  The 5x5 block
 * of cells around the sample's cell minus its 4 corners (21 cells) always
 * contains the true F1 and F2 points for every jitter in [0, 1]:
 *   - F1 <= the distance to the own cell's point <= sqrt 2 (1/2 + h).
 *   - F2 <= U2 (p) = the second smallest of those per-cell upper bounds,
 *     and max U2 = hypot (1 + h, h) (at the cell centre).
 *   - the point of a cell at offset 3 is at least 2.5 - h >= 2 away, more
 *     than max U2 <= hypot (1.5, 0.5); the point of a corner cell at
 *     offset (2, 2) is never strictly nearer than U2 (p).
 * (Checked numerically on a 401x401 grid of sample positions for jitter
 * 0, 0.3, 0.7, 1: the cells that can hold an F2 point form exactly this
 * 21-cell shape at jitter 1.)  The usual 3x3 search is NOT enough for
 * jitter 1: an F1 point two cells away occurs about once per 500 000
 * samples, an F2 point once per 8 000.  test-noise compares against a
 * brute-force 9x9 search.
 *
 * Speed: the 3x3 core is always searched; the 12-cell ring only for blocks
 * where some sample's current F1 (F2 for the F2 modes) is farther than the
 * ring can possibly be (1.5 - h + the distance to the nearest cell edge).
 * Skipping changes no bit (only larger distances are left out), so results
 * still do not depend on how rows are split.  About 7 ns per sample with
 * the AVX-512 clone, 8 periodic.
 *
 * Output mapping, affine from the exact range of each distance onto
 * [-1, 1], so it never leaves [-1, 1] and both ends are reachable:
 *   F1        in [0, D1]        D1 = sqrt 2 (1 + jitter) / 2
 *   F2        in [E2, D2]       D2 = hypot (1 + jitter/2, jitter/2),
 *                               E2 = (1 - jitter) / 2
 *   F2 - F1   in [0, D2]
 * F1 approaches D1 at a cell corner whose 4 points sit at their far
 * corners; F2 and F2 - F1 approach D2 at a cell centre whose own point is
 * at the centre and whose 4 side neighbours' points are at their far
 * corners; F2 = E2 midway between two points of adjacent cells at their
 * closest (two points are never closer than 1 - jitter).  Typical values
 * sit well inside (F1 at jitter 1: mean -0.39, 99.9th percentile +0.38),
 * which is the nature of the basis, not a scale to correct.
 *
 * Periodic rows hash wrapped cells but measure distances with the real,
 * unwrapped cell offsets, so the pattern is continuous across the wrap.
 *
 * Raw samples (2D, 3D, 4D; F1, jitter 1; double) search the full 5^n block
 * (the same argument: own-cell bound sqrt n, offset-3 cells >= 2 away) and
 * map 2 F1 / sqrt n - 1.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "noise-internal.h"

/* The 21 cells of the 5x5 block without its corners: first the 3x3 core,
 * then the 12-cell ring (offset +-2 in x or y). */
static const gint8 cell_offsets[21][2] = {
  { -1, -1 }, { 0, -1 }, { 1, -1 },
  { -1, 0 }, { 0, 0 }, { 1, 0 },
  { -1, 1 }, { 0, 1 }, { 1, 1 },
  { -1, -2 }, { 0, -2 }, { 1, -2 },
  { -2, -1 }, { 2, -1 }, { -2, 0 }, { 2, 0 }, { -2, 1 }, { 2, 1 },
  { -1, 2 }, { 0, 2 }, { 1, 2 },
};

typedef struct
{
  guint32  seed;
  gint32   px, py;
  double   ipx, ipy;
  float    jitter;
  float    c0, c1, c2;  /* out = c1 F1 + c2 F2 + c0 */
  gboolean need_f2;
} CellsRow;

TSR_ALWAYS_INLINE float
unit16 (guint32 bits)
{
  return (float) (gint32) (bits & 0xffffu) * (1.0f / 65536.0f);
}

/* Distance to the point of cell (dx, dy) relative to the sample's cell,
 * folded into the running nearest (d1) and second nearest (d2), squared. */
TSR_ALWAYS_INLINE void
visit_cells (const CellsRow *r, int first, int last,
             guint32 (*hx)[TSR_BLOCK], gint32 (*wy)[TSR_BLOCK],
             const float *fx, const float *fy, float *d1, float *d2)
{
  const float jit = r->jitter;

  for (int c = first; c < last; c++)
    {
      const int dx = cell_offsets[c][0], dy = cell_offsets[c][1];
      const float fdx = (float) dx, fdy = (float) dy;

      for (int k = 0; k < TSR_BLOCK; k++)
        {
          guint32 h = tsr_hash2_from1 (hx[dx + 2][k], wy[dy + 2][k]);
          float ox = fdx + jit * (unit16 (h >> 16) - 0.5f) - fx[k];
          float oy = fdy + jit * (unit16 (h) - 0.5f) - fy[k];
          float d = ox * ox + oy * oy;
          float m = d1[k] > d ? d1[k] : d;      /* max (d1, d) */

          d2[k] = d2[k] < m ? d2[k] : m;
          d1[k] = d1[k] < d ? d1[k] : d;
        }
    }
}

TSR_ALWAYS_INLINE void
cells2_block (const CellsRow *r, gboolean periodic, const double *bx,
              const double *by, float *bo)
{
  gint32 wy[5][TSR_BLOCK];
  guint32 hx[5][TSR_BLOCK];
  gint32 ix[TSR_BLOCK], iy[TSR_BLOCK];
  float fx[TSR_BLOCK], fy[TSR_BLOCK];
  float d1[TSR_BLOCK], d2[TSR_BLOCK], ring[TSR_BLOCK];
  const float half = 0.5f * r->jitter;
  gboolean skip_ring = TRUE;

  for (int k = 0; k < TSR_BLOCK; k++)
    {
      ix[k] = tsr_split (bx[k], &fx[k]);
      iy[k] = tsr_split (by[k], &fy[k]);
    }
  if (periodic && r->px > 0)
    tsr_wrap_block (ix, r->px, r->ipx, ix);
  if (periodic && r->py > 0)
    tsr_wrap_block (iy, r->py, r->ipy, iy);

  for (int k = 0; k < TSR_BLOCK; k++)
    {
      const float tx = fx[k], ty = fy[k];
      const gint32 cx = ix[k], cy = iy[k];

      /* Columns' hashes and rows' wrapped coordinates, offsets -2..2
       * (written out so that every offset is a constant). */
      hx[0][k] = tsr_hash1 (r->seed, periodic ? tsr_wrap_add (cx, -2, r->px)
                                              : cx - 2);
      hx[1][k] = tsr_hash1 (r->seed, periodic ? tsr_wrap_add (cx, -1, r->px)
                                              : cx - 1);
      hx[2][k] = tsr_hash1 (r->seed, cx);
      hx[3][k] = tsr_hash1 (r->seed, periodic ? tsr_wrap_add (cx, 1, r->px)
                                              : cx + 1);
      hx[4][k] = tsr_hash1 (r->seed, periodic ? tsr_wrap_add (cx, 2, r->px)
                                              : cx + 2);
      wy[0][k] = periodic ? tsr_wrap_add (cy, -2, r->py) : cy - 2;
      wy[1][k] = periodic ? tsr_wrap_add (cy, -1, r->py) : cy - 1;
      wy[2][k] = cy;
      wy[3][k] = periodic ? tsr_wrap_add (cy, 1, r->py) : cy + 1;
      wy[4][k] = periodic ? tsr_wrap_add (cy, 2, r->py) : cy + 2;

      /* Sample position relative to its cell's centre. */
      fx[k] = tx - 0.5f;
      fy[k] = ty - 0.5f;
      d1[k] = 1e30f;
      d2[k] = 1e30f;

      /* No point of the ring is nearer than 1.5 - h + the distance to the
       * nearest cell edge (h = jitter / 2). */
      float e = MIN (MIN (tx, 1.0f - tx), MIN (ty, 1.0f - ty));
      ring[k] = 1.5f - half + e;
    }

  visit_cells (r, 0, 9, hx, wy, fx, fy, d1, d2);

  /* The ring can only matter where the current F1 (or F2) is farther than
   * the ring's nearest possible point.  Skipping it otherwise changes no
   * bit (min () with larger values), so this per-block test keeps results
   * independent of how rows are split; the 1e-4 margin covers rounding
   * of the ring distances. */
  for (int k = 0; k < TSR_BLOCK; k++)
    {
      float target = r->need_f2 ? d2[k] : d1[k];

      skip_ring &= target <= ring[k] * ring[k] - 1e-4f;
    }
  if (!skip_ring)
    visit_cells (r, 9, 21, hx, wy, fx, fy, d1, d2);

  for (int k = 0; k < TSR_BLOCK; k++)
    bo[k] = tsr_guardf (r->c1 * sqrtf (d1[k]) + r->c2 * sqrtf (d2[k])
                        + r->c0);
}

TSR_ALWAYS_INLINE void
cells2_rows (const CellsRow *r, gboolean periodic, const double *x,
             const double *y, gsize n, float *out)
{
  for (gsize i = 0; i < n; i += TSR_BLOCK)
    {
      double bx[TSR_BLOCK], by[TSR_BLOCK];
      float bo[TSR_BLOCK];
      gsize m = MIN ((gsize) TSR_BLOCK, n - i);

      tsr_load_block (x + i, m, bx);
      tsr_load_block (y + i, m, by);
      cells2_block (r, periodic, bx, by, bo);
      memcpy (out + i, bo, m * sizeof (float));
    }
}

TSR_ROW_CLONES void
tsr_cells2_row (const TsrNoise2D *cfg, const double *x, const double *y,
                gsize n, float *out)
{
  CellsRow r;
  float j = cfg->jitter;
  double d1max, d2max, e2;

  if (isnan (j))
    j = 1.0f;
  j = CLAMP (j, 0.0f, 1.0f);

  r.seed = cfg->seed;
  r.px = MAX (cfg->period_x, 0);
  r.py = MAX (cfg->period_y, 0);
  r.ipx = r.px > 0 ? 1.0 / r.px : 0.0;
  r.ipy = r.py > 0 ? 1.0 / r.py : 0.0;
  r.jitter = j;

  d1max = G_SQRT2 * (1.0 + j) / 2.0;
  d2max = sqrt ((1.0 + j / 2.0) * (1.0 + j / 2.0) + (j / 2.0) * (j / 2.0));
  e2 = (1.0 - j) / 2.0;
  r.c0 = -1.0f;
  switch (cfg->cells_mode)
    {
    case TSR_CELLS_F2:
      r.c1 = 0.0f;
      r.c2 = (float) (2.0 / (d2max - e2));
      r.c0 = (float) (-1.0 - 2.0 * e2 / (d2max - e2));
      break;
    case TSR_CELLS_F2_MINUS_F1:
      r.c1 = (float) (-2.0 / d2max);
      r.c2 = (float) (2.0 / d2max);
      break;
    case TSR_CELLS_F1:
    default:
      r.c1 = (float) (2.0 / d1max);
      r.c2 = 0.0f;
      break;
    }

  r.need_f2 = cfg->cells_mode == TSR_CELLS_F2
              || cfg->cells_mode == TSR_CELLS_F2_MINUS_F1;

  if (r.px > 0 || r.py > 0)
    cells2_rows (&r, TRUE, x, y, n, out);
  else
    cells2_rows (&r, FALSE, x, y, n, out);
}

/* ---------------------------------------------------------------------
 * Raw samples: F1, jitter 1, 2 to 4 dimensions, double, full 5^n search.
 */
double
tsr_cells_sample (guint32 seed, int dims, const double *p)
{
  gint32 ic[4] = { 0, 0, 0, 0 };
  double f[4] = { 0, 0, 0, 0 };
  double best = G_MAXDOUBLE;
  int cells = 1;

  g_return_val_if_fail (dims >= 2 && dims <= 4, 0.0);

  for (int c = 0; c < dims; c++)
    {
      double v = tsr_clamp_coord (p[c]);
      ic[c] = tsr_floor_i (v);
      f[c] = v - ic[c];
      cells *= 5;
    }

  for (int id = 0; id < cells; id++)
    {
      gint32 o[4] = { 0, 0, 0, 0 };
      guint32 h, h2;
      double u[4], d = 0.0;
      int t = id;

      for (int c = 0; c < dims; c++, t /= 5)
        o[c] = t % 5 - 2;

      if (dims == 2)
        h = tsr_hash2 (seed, ic[0] + o[0], ic[1] + o[1]);
      else if (dims == 3)
        h = tsr_hash3 (seed, ic[0] + o[0], ic[1] + o[1], ic[2] + o[2]);
      else
        h = tsr_hash4 (seed, ic[0] + o[0], ic[1] + o[1], ic[2] + o[2],
                       ic[3] + o[3]);
      h2 = tsr_mix32 (h ^ 0x68e31da4u);
      u[0] = (double) unit16 (h >> 16);
      u[1] = (double) unit16 (h);
      u[2] = (double) unit16 (h2 >> 16);
      u[3] = (double) unit16 (h2);

      for (int c = 0; c < dims; c++)
        {
          double e = o[c] + u[c] - f[c];
          d += e * e;
        }
      best = MIN (best, d);
    }

  return tsr_guard (2.0 * sqrt (best) / sqrt ((double) dims) - 1.0);
}
