/* Simplex noise (Perlin 2001; as explained by Gustavson, "Simplex noise
 * demystified", 2005) in 2, 3 and 4 dimensions.
 *
 * Skew x' = x + (x + y + ...) F with F = (sqrt (n + 1) - 1) / n, floor,
 * unskew with G = (1 - 1 / sqrt (n + 1)) / n, order the fractional parts to
 * find the simplex, and sum (r^2 - d^2)^4 (g . d) over its n + 1 corners.
 *
 * r^2 = 0.5 in every dimension: a point is never nearer than sqrt 0.5 to
 * a lattice vertex outside its own simplex (the bound is approached on the
 * simplex's faces; checked numerically with 2 * 10^6 points in 2D, 3D and
 * 4D), so with 0.5 no kernel reaches past its simplex and the noise is
 * continuous.  (The popular 0.6 in 3D/4D leaves small discontinuities.)
 * Every point is within sqrt 0.5 of some vertex (squared covering radius
 * 0.22, 0.31, 0.40 in 2D, 3D, 4D), so there are no dead zones.  Near a
 * vertex only its kernel is non-zero, which is why two seeds that gave
 * that vertex the same gradient agree exactly there (about 1 % of samples
 * in 3D).
 *
 * Gradients and scale factors (sup over every gradient assignment, by
 * exhaustive search over a cell and refinement; see bench-noise --bounds):
 *
 *   2D  the 16 unit vectors of noise-internal.h (tsr_grad2), sup 0.010058746
 *       -> SIMPLEX2_SCALE = 99.4159 (the folklore factor 70 is the same
 *       bound for gradients of length sqrt 2).  Std 0.54: simplex noise
 *       spreads wider than Perlin noise (0.31).
 *   3D  Ken Perlin's 12 edge gradients, sup 0.013007157
 *       -> SIMPLEX3_SCALE = 76.8807.
 *   4D  the 32 (0, +-1, +-1, +-1) gradients, sup 0.015929221
 *       -> SIMPLEX4_SCALE = 62.7777.
 *
 * Periodic rows (after Gustavson & McEwan, "Tiling simplex noise and flow
 * noise in two and three dimensions", JCGT 11 (1), 2022).  The skewed
 * lattice above has no rectangular period, so with a period the same
 * triangles are laid in horizontal rows: vertex (i - j / 2, j) in units of
 * columns SIMPLEX_SIDE = sqrt (2/3) apart (the skewed lattice's side) and
 * rows SIMPLEX_ROW = sqrt (1/2) apart (its altitude), odd rows shifted by
 * half a column.  A period of P lattice units holds a whole number of
 * columns, and an even number of rows (so the half-column shift comes
 * round again); columns and rows are stretched to fit, by less than half
 * a column or row per period.  Vertices are hashed by their doubled column
 * 2 i - j and row j, each taken modulo the period's count, so the noise
 * repeats exactly and is the same 2D kernel sum as plain simplex noise:
 * the same look and spread, and about the same cost (noise-simplex-rows.c).
 * A stretched triangle whose altitude falls below sqrt 0.5 (only for
 * periods of a few cells) gets a kernel radius of that altitude, so no
 * kernel reaches past its triangle, and the sum is scaled up by the
 * ninth power of the shrink, as the kernel's value is.  (This route
 * replaces sampling 3D/4D simplex noise on a torus, which cost 3x and
 * looked spottier; simplex3/simplex4 below remain for `tessera sample`.)
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "noise/noise-internal.h"
#include "noise/noise-kernels.h"
#include "noise/noise-simplex.h"

/* ---------------------------------------------------------------------
 * Raw samples (double); simplex3 and simplex4 take clamped coordinates
 */
SIMPLEX_DEFINE_KERNEL4 (kernel4, double, fabs)

TSR_ALWAYS_INLINE double
simplex3 (guint32 seed, double x, double y, double z)
{
  double s = (x + y + z) * F3;
  gint32 i = tsr_floor_i (x + s), j = tsr_floor_i (y + s),
         k = tsr_floor_i (z + s);
  double t = (double) (i + j + k) * G3;
  double x0 = x - ((double) i - t);
  double y0 = y - ((double) j - t);
  double z0 = z - ((double) k - t);

  /* Ranks of the components (a permutation of 0..2, ties broken by
   * axis order): corner m of the simplex has offset rank >= 3 - m.  Kept
   * in double (see tsr_floor_d): double compares feeding int selects do
   * not vectorise on SSE2. */
  double rx = (x0 >= y0 ? 1.0 : 0.0) + (x0 >= z0 ? 1.0 : 0.0);
  double ry = (y0 > x0 ? 1.0 : 0.0) + (y0 >= z0 ? 1.0 : 0.0);
  double rz = (z0 > x0 ? 1.0 : 0.0) + (z0 > y0 ? 1.0 : 0.0);
  double i1 = rx >= 2.0 ? 1.0 : 0.0, j1 = ry >= 2.0 ? 1.0 : 0.0;
  double k1 = rz >= 2.0 ? 1.0 : 0.0;
  double i2 = rx >= 1.0 ? 1.0 : 0.0, j2 = ry >= 1.0 ? 1.0 : 0.0;
  double k2 = rz >= 1.0 ? 1.0 : 0.0;

  double x1 = x0 - i1 + G3, y1 = y0 - j1 + G3, z1 = z0 - k1 + G3;
  double x2 = x0 - i2 + 2 * G3, y2 = y0 - j2 + 2 * G3, z2 = z0 - k2 + 2 * G3;
  double x3 = x0 - 1 + 3 * G3, y3 = y0 - 1 + 3 * G3, z3 = z0 - 1 + 3 * G3;

  guint32 ha = tsr_hash1 (seed, i), hb = tsr_hash1 (seed, i + 1);
  guint32 h0 = tsr_hash3_from2 (tsr_hash2_from1 (ha, j), k);
  guint32 h1 = tsr_hash3_from2 (tsr_hash2_from1 (i1 != 0.0 ? hb : ha,
                                                 j + (gint32) j1),
                                k + (gint32) k1);
  guint32 h2 = tsr_hash3_from2 (tsr_hash2_from1 (i2 != 0.0 ? hb : ha,
                                                 j + (gint32) j2),
                                k + (gint32) k2);
  guint32 h3 = tsr_hash3_from2 (tsr_hash2_from1 (hb, j + 1), k + 1);

  double n0 = kernel4 (0.5 - x0 * x0 - y0 * y0 - z0 * z0)
              * tsr_grad3 (h0 >> 28, x0, y0, z0);
  double n1 = kernel4 (0.5 - x1 * x1 - y1 * y1 - z1 * z1)
              * tsr_grad3 (h1 >> 28, x1, y1, z1);
  double n2 = kernel4 (0.5 - x2 * x2 - y2 * y2 - z2 * z2)
              * tsr_grad3 (h2 >> 28, x2, y2, z2);
  double n3 = kernel4 (0.5 - x3 * x3 - y3 * y3 - z3 * z3)
              * tsr_grad3 (h3 >> 28, x3, y3, z3);

  return (n0 + n1 + n2 + n3) * SIMPLEX3_SCALE;
}

TSR_ALWAYS_INLINE double
simplex4 (guint32 seed, double x, double y, double z, double w)
{
  double s = (x + y + z + w) * F4;
  gint32 i = tsr_floor_i (x + s), j = tsr_floor_i (y + s),
         k = tsr_floor_i (z + s), l = tsr_floor_i (w + s);
  /* Summed in double: near the coordinate limit four lattice indices
   * overflow 32 bits. */
  double t = ((double) i + j + k + l) * G4;
  double x0 = x - ((double) i - t);
  double y0 = y - ((double) j - t);
  double z0 = z - ((double) k - t);
  double w0 = w - ((double) l - t);

  double rx = (x0 >= y0 ? 1.0 : 0.0) + (x0 >= z0 ? 1.0 : 0.0)
              + (x0 >= w0 ? 1.0 : 0.0);
  double ry = (y0 > x0 ? 1.0 : 0.0) + (y0 >= z0 ? 1.0 : 0.0)
              + (y0 >= w0 ? 1.0 : 0.0);
  double rz = (z0 > x0 ? 1.0 : 0.0) + (z0 > y0 ? 1.0 : 0.0)
              + (z0 >= w0 ? 1.0 : 0.0);
  double rw = (w0 > x0 ? 1.0 : 0.0) + (w0 > y0 ? 1.0 : 0.0)
              + (w0 > z0 ? 1.0 : 0.0);
  double i1 = rx >= 3.0 ? 1.0 : 0.0, j1 = ry >= 3.0 ? 1.0 : 0.0;
  double k1 = rz >= 3.0 ? 1.0 : 0.0, l1 = rw >= 3.0 ? 1.0 : 0.0;
  double i2 = rx >= 2.0 ? 1.0 : 0.0, j2 = ry >= 2.0 ? 1.0 : 0.0;
  double k2 = rz >= 2.0 ? 1.0 : 0.0, l2 = rw >= 2.0 ? 1.0 : 0.0;
  double i3 = rx >= 1.0 ? 1.0 : 0.0, j3 = ry >= 1.0 ? 1.0 : 0.0;
  double k3 = rz >= 1.0 ? 1.0 : 0.0, l3 = rw >= 1.0 ? 1.0 : 0.0;

  double x1 = x0 - i1 + G4, y1 = y0 - j1 + G4;
  double z1 = z0 - k1 + G4, w1 = w0 - l1 + G4;
  double x2 = x0 - i2 + 2 * G4, y2 = y0 - j2 + 2 * G4;
  double z2 = z0 - k2 + 2 * G4, w2 = w0 - l2 + 2 * G4;
  double x3 = x0 - i3 + 3 * G4, y3 = y0 - j3 + 3 * G4;
  double z3 = z0 - k3 + 3 * G4, w3 = w0 - l3 + 3 * G4;
  double x4 = x0 - 1 + 4 * G4, y4 = y0 - 1 + 4 * G4;
  double z4 = z0 - 1 + 4 * G4, w4 = w0 - 1 + 4 * G4;

  guint32 ha = tsr_hash1 (seed, i), hb = tsr_hash1 (seed, i + 1);
  guint32 h0 = tsr_hash4_from3 (tsr_hash3_from2 (tsr_hash2_from1 (ha, j),
                                                 k), l);
  guint32 h1 = tsr_hash4_from3 (tsr_hash3_from2 (
                   tsr_hash2_from1 (i1 != 0.0 ? hb : ha, j + (gint32) j1),
                   k + (gint32) k1), l + (gint32) l1);
  guint32 h2 = tsr_hash4_from3 (tsr_hash3_from2 (
                   tsr_hash2_from1 (i2 != 0.0 ? hb : ha, j + (gint32) j2),
                   k + (gint32) k2), l + (gint32) l2);
  guint32 h3 = tsr_hash4_from3 (tsr_hash3_from2 (
                   tsr_hash2_from1 (i3 != 0.0 ? hb : ha, j + (gint32) j3),
                   k + (gint32) k3), l + (gint32) l3);
  guint32 h4 = tsr_hash4_from3 (tsr_hash3_from2 (tsr_hash2_from1 (hb, j + 1),
                                                 k + 1), l + 1);

  double n0 = kernel4 (0.5 - x0 * x0 - y0 * y0 - z0 * z0 - w0 * w0)
              * tsr_grad4 (h0 >> 27, x0, y0, z0, w0);
  double n1 = kernel4 (0.5 - x1 * x1 - y1 * y1 - z1 * z1 - w1 * w1)
              * tsr_grad4 (h1 >> 27, x1, y1, z1, w1);
  double n2 = kernel4 (0.5 - x2 * x2 - y2 * y2 - z2 * z2 - w2 * w2)
              * tsr_grad4 (h2 >> 27, x2, y2, z2, w2);
  double n3 = kernel4 (0.5 - x3 * x3 - y3 * y3 - z3 * z3 - w3 * w3)
              * tsr_grad4 (h3 >> 27, x3, y3, z3, w3);
  double n4 = kernel4 (0.5 - x4 * x4 - y4 * y4 - z4 * z4 - w4 * w4)
              * tsr_grad4 (h4 >> 27, x4, y4, z4, w4);

  return (n0 + n1 + n2 + n3 + n4) * SIMPLEX4_SCALE;
}
static double
simplex2 (guint32 seed, double x, double y)
{
  double xd = tsr_clamp_coord (x), yd = tsr_clamp_coord (y);
  double s = (xd + yd) * F2;
  gint32 i = tsr_floor_i (xd + s), j = tsr_floor_i (yd + s);
  double t = (double) (i + j) * G2;
  double x0 = xd - ((double) i - t), y0 = yd - ((double) j - t);
  gint32 i1 = x0 > y0, j1 = 1 - i1;
  double x1 = x0 - i1 + G2, y1 = y0 - j1 + G2;
  double x2 = x0 - 1 + 2 * G2, y2 = y0 - 1 + 2 * G2;
  guint32 ha = tsr_hash1 (seed, i), hb = tsr_hash1 (seed, i + 1);
  double n = kernel4 (0.5 - x0 * x0 - y0 * y0)
             * tsr_grad2 (tsr_hash2_from1 (ha, j), x0, y0)
             + kernel4 (0.5 - x1 * x1 - y1 * y1)
             * tsr_grad2 (tsr_hash2_from1 (i1 ? hb : ha, j + j1), x1, y1)
             + kernel4 (0.5 - x2 * x2 - y2 * y2)
             * tsr_grad2 (tsr_hash2_from1 (hb, j + 1), x2, y2);

  return tsr_guard (n * SIMPLEX2_SCALE);
}

double
tsr_simplex_sample (guint32 seed, int dims, const double *p)
{
  switch (dims)
    {
    case 2:
      return simplex2 (seed, p[0], p[1]);
    case 3:
      return tsr_guard (simplex3 (seed, tsr_clamp_coord (p[0]),
                                  tsr_clamp_coord (p[1]),
                                  tsr_clamp_coord (p[2])));
    case 4:
      return tsr_guard (simplex4 (seed, tsr_clamp_coord (p[0]),
                                  tsr_clamp_coord (p[1]),
                                  tsr_clamp_coord (p[2]),
                                  tsr_clamp_coord (p[3])));
    default:
      g_return_val_if_reached (0.0);
    }
}
