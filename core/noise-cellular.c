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
 * Speed: the 3x3 core is always searched; the 12-cell ring only for
 * vectors of samples where some sample's current F1 (F2 for the F2 modes)
 * is farther than the ring can possibly be (1.5 - h + the distance to the
 * nearest cell edge).  Skipping changes no bit (only larger distances are
 * left out), so results still do not depend on how rows are split.  Rows
 * of constant y take each cell's point offsets from per-row tables.  Per
 * sample (GCC 12 -O2, AVX-512 pass; AVX2 in brackets): 2.2 ns (2.8) along
 * a row of constant y, periodic or not, 5.7 (8.2) when y varies.
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
#ifndef TSR_VPASS

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

#define visit_cells_v TSR_V (visit_cells_v)
#define cells2_rows_v TSR_V (cells2_rows_v)
#define cells2_row_v TSR_V (cells2_row_v)
#define cells2_any_v TSR_V (cells2_any_v)

#define TSR_VPASS_FILE "noise-cellular.c"
#include "noise-internal.h"

void
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

  TSR_VCALL (cells2_row_v) (&r, x, y, n, out);
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

#else /* TSR_VPASS: the row kernels, once per instruction set */

/* unit16 */
#define v_unit16 TSR_V (v_unit16)
TSR_VINLINE VF
v_unit16 (VU bits)
{
  return v_itof ((VI) (bits & 0xffffu)) * (1.0f / 65536.0f);
}

/* Distance to the point of cell (dx, dy) relative to the sample's cell,
 * folded into the running nearest (d1) and second nearest (d2), squared. */
TSR_ALWAYS_INLINE void
visit_cells_v (const CellsRow *r, int first, int last, const VU *hx,
               const VI *wy, VF fx, VF fy, VF *d1, VF *d2)
{
  const float jit = r->jitter;

  TSR_UNROLL (12)
  for (int c = first; c < last; c++)
    {
      const int dx = cell_offsets[c][0], dy = cell_offsets[c][1];
      const float fdx = (float) dx, fdy = (float) dy;
      VU h = v_hash2_from1 (hx[dx + 2], wy[dy + 2]);
      VF ox = fdx + jit * (v_unit16 (h >> 16) - 0.5f) - fx;
      VF oy = fdy + jit * (v_unit16 (h) - 0.5f) - fy;
      VF d = ox * ox + oy * oy;
      VF m = v_maxf (*d1, d);       /* d1 > d ? d1 : d */

      *d2 = v_minf (*d2, m);          /* d2 < m ? d2 : m */
      *d1 = v_minf (*d1, d);
    }
}

TSR_ALWAYS_INLINE void
cells2_rows_v (const CellsRow *r, gboolean periodic, const double *x,
               const double *y, gsize n, float *out)
{
  const float half = 0.5f * r->jitter;
  const gint32 px = r->px, py = r->py;

  guint32 bx = 0, by = 0;   /* v_wrap bases */

  for (gsize i = 0; i < n; i += VN)
    {
      gsize m = MIN ((gsize) VN, n - i);
      VD xl, xh, yl, yh;
      VI cx, cy, wy[5];
      VU hx[5];
      VF tx, ty, fx, fy, d1, d2, e, ring, target;

      v_load_coords (x + i, m, &xl, &xh);
      v_load_coords (y + i, m, &yl, &yh);
      tx = v_split (xl, xh, &cx);
      ty = v_split (yl, yh, &cy);
      if (periodic && px > 0)
        cx = v_wrap (cx, px, r->ipx, &bx);
      if (periodic && py > 0)
        cy = v_wrap (cy, py, r->ipy, &by);

      /* Columns' hashes and rows' wrapped coordinates, offsets -2..2. */
      if (periodic)
        {
          VI cm1 = v_wrap_dec (cx, px), cp1 = v_wrap_inc (cx, px);
          VI rm1 = v_wrap_dec (cy, py), rp1 = v_wrap_inc (cy, py);

          hx[0] = v_hash1 (r->seed, v_wrap_dec (cm1, px));
          hx[1] = v_hash1 (r->seed, cm1);
          hx[3] = v_hash1 (r->seed, cp1);
          hx[4] = v_hash1 (r->seed, v_wrap_inc (cp1, px));
          wy[0] = v_wrap_dec (rm1, py);
          wy[1] = rm1;
          wy[3] = rp1;
          wy[4] = v_wrap_inc (rp1, py);
        }
      else
        {
          hx[0] = v_hash1 (r->seed, cx - 2);
          hx[1] = v_hash1 (r->seed, cx - 1);
          hx[3] = v_hash1 (r->seed, cx + 1);
          hx[4] = v_hash1 (r->seed, cx + 2);
          wy[0] = cy - 2;
          wy[1] = cy - 1;
          wy[3] = cy + 1;
          wy[4] = cy + 2;
        }
      hx[2] = v_hash1 (r->seed, cx);
      wy[2] = cy;

      /* Sample position relative to its cell's centre. */
      fx = tx - 0.5f;
      fy = ty - 0.5f;
      d1 = v_splatf (1e30f);
      d2 = v_splatf (1e30f);

      /* No point of the ring is nearer than 1.5 - h + the distance to the
       * nearest cell edge (h = jitter / 2). */
      {
        VF ox = 1.0f - tx, oy = 1.0f - ty;
        VF ex = v_minf (tx, ox), ey = v_minf (ty, oy);

        e = v_minf (ex, ey);
        ring = 1.5f - half + e;
      }

      visit_cells_v (r, 0, 9, hx, wy, fx, fy, &d1, &d2);

      /* The ring can only matter where the current F1 (or F2) is farther
       * than the ring's nearest possible point.  Skipping it otherwise
       * changes no bit (min () with larger values), so this per-vector
       * test keeps results independent of how rows are split; the 1e-4
       * margin covers rounding of the ring distances. */
      target = r->need_f2 ? d2 : d1;
      if (v_any (~(target <= ring * ring - 1e-4f)))
        visit_cells_v (r, 9, 21, hx, wy, fx, fy, &d1, &d2);

      v_store_part (out + i, m,
                    v_guardf (r->c1 * v_sqrtf (d1) + r->c2 * v_sqrtf (d2)
                              + r->c0));
    }
}

/* The per-sample path. */
static void
cells2_any_v (const CellsRow *r, const double *x, const double *y, gsize n,
              float *out)
{
  if (r->px > 0 || r->py > 0)
    cells2_rows_v (r, TRUE, x, y, n, out);
  else
    cells2_rows_v (r, FALSE, x, y, n, out);
}

/* Rows of constant y: per segment of CELLS_SEG samples, for the columns
 * it touches and the five lattice rows around y, each cell's point offset
 * along x (jitter * (u - 1/2)) and its squared distance along y go into
 * tables, once per cell instead of once per sample and cell; a sample
 * adds its own x offset.  The same operations, the same bits.  Segments
 * spanning more columns than samples take the per-sample path. */
#define CELLS_SEG  256
#define CELLS_COLS (CELLS_SEG + 8 + 2 * VN)

#define cells2_rows_y_v TSR_V (cells2_rows_y_v)
#define visit_cells_y_v TSR_V (visit_cells_y_v)

TSR_ALWAYS_INLINE void
visit_cells_y_v (int first, int last, float (*px)[CELLS_COLS],
                 float (*oy2)[CELLS_COLS], gboolean near, gint32 base,
                 VI rel, VI idx, VF fx, VF *d1, VF *d2)
{
  TSR_UNROLL (12)
  for (int c = first; c < last; c++)
    {
      const int dx = cell_offsets[c][0], dy = cell_offsets[c][1];
      const int o = dx + 2;
      const float fdx = (float) dx;
      VF p = near ? v_lookup (px[dy + 2] + base + o, rel)
                  : v_gather (px[dy + 2], idx + o);
      VF q = near ? v_lookup (oy2[dy + 2] + base + o, rel)
                  : v_gather (oy2[dy + 2], idx + o);
      VF ox = fdx + p - fx;
      VF d = ox * ox + q;
      VF m = v_maxf (*d1, d);

      *d2 = v_minf (*d2, m);
      *d1 = v_minf (*d1, d);
    }
}

TSR_ALWAYS_INLINE void
cells2_rows_y_v (const CellsRow *r, gboolean periodic, const double *x,
                 double y, gsize n, float *out)
{
  const float half = 0.5f * r->jitter, jit = r->jitter;
  const gint32 pxp = r->px, py = r->py;
  gint32 cy, wy[5];
  float ty, fy, ey;
  guint32 bx = 0;   /* v_wrap base */

  cy = tsr_split (tsr_clamp_coord (y), &ty);
  if (periodic && py > 0)
    cy = tsr_wrap (cy, py);
  for (int d = -2; d <= 2; d++)
    wy[d + 2] = periodic ? tsr_wrap_add (cy, d, py) : cy + d;
  fy = ty - 0.5f;
  ey = MIN (ty, 1.0f - ty);

  for (gsize s = 0; s < n; s += CELLS_SEG)
    {
      const gsize ns = MIN ((gsize) CELLS_SEG, n - s);
      gint32 cell[CELLS_SEG];
      float frac[CELLS_SEG];
      float px[5][CELLS_COLS], oy2[5][CELLS_COLS];
      gint32 cmin, cmax, cols;

      v_split_segment (x + s, ns, FALSE, 1.0, 0.0, cell, frac, &cmin, &cmax);
      cols = cmax - cmin + 5;   /* cmin - 2 .. cmax + 2 */

      if (cols > (gint32) ns + 5)
        {
          double ys[CELLS_SEG];

          for (gsize i = 0; i < ns; i++)
            ys[i] = y;
          cells2_any_v (r, x + s, ys, ns, out + s);
          continue;
        }

      for (gint32 k = 0; k < cols; k += VN)
        {
          VI col = cmin - 2 + k + v_iota ();
          VU hx;

          if (periodic && pxp > 0)
            col = v_wrap (col, pxp, r->ipx, &bx);
          hx = v_hash1 (r->seed, col);
          TSR_UNROLL (5)
          for (int j = 0; j < 5; j++)
            {
              VU h = v_hash2_from1 (hx, v_splati (wy[j]));
              VF oy = (float) (j - 2) + jit * (v_unit16 (h) - 0.5f) - fy;

              v_storef (px[j] + k, jit * (v_unit16 (h >> 16) - 0.5f));
              v_storef (oy2[j] + k, oy * oy);
            }
        }
      /* Lookups load whole vectors past the last column: make that
       * memory defined (its lanes are never picked). */
      for (int j = 0; j < 5; j++)
        {
          v_storef (px[j] + (cols + VN - 1) / VN * VN, v_splatf (0.0f));
          v_storef (oy2[j] + (cols + VN - 1) / VN * VN, v_splatf (0.0f));
        }

      for (gsize i = 0; i < ns; i += VN)
        {
          VI idx = v_loadi (cell + i) - cmin;
          gint32 base = MIN (idx[0], idx[VN - 1]);
          VI rel = idx - base;
          gboolean near = !v_any ((VI) ((VU) rel >= (guint32) VN));
          VF tx = v_loadf (frac + i), fx = tx - 0.5f;
          VF d1 = v_splatf (1e30f), d2 = v_splatf (1e30f);
          VF e = v_minf (v_minf (tx, 1.0f - tx), v_splatf (ey));
          VF ring = 1.5f - half + e;
          VF target;

          visit_cells_y_v (0, 9, px, oy2, near, base, rel, idx, fx, &d1, &d2);
          target = r->need_f2 ? d2 : d1;
          if (v_any (~(target <= ring * ring - 1e-4f)))
            visit_cells_y_v (9, 21, px, oy2, near, base, rel, idx, fx, &d1,
                             &d2);

          v_store_part (out + s + i, ns - i,
                        v_guardf (r->c1 * v_sqrtf (d1) + r->c2 * v_sqrtf (d2)
                                  + r->c0));
        }
    }
}

static void
cells2_row_v (const CellsRow *r, const double *x, const double *y, gsize n,
              float *out)
{
  gboolean periodic = r->px > 0 || r->py > 0;

  if (v_row_y_constant (y, n))
    {
      if (periodic)
        cells2_rows_y_v (r, TRUE, x, y[0], n, out);
      else
        cells2_rows_y_v (r, FALSE, x, y[0], n, out);
    }
  else
    cells2_any_v (r, x, y, n, out);
}

#endif /* TSR_VPASS */
