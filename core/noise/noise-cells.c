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

#include "noise/noise-cells.h"
#include "noise/noise-internal.h"
#include "noise/noise-kernels.h"

static inline float
unit16 (guint32 bits)
{
  return CELLS_UNIT16 ((float) (gint32) (bits & 0xffffu));
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
