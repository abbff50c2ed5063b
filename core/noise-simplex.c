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
 *   2D  the 16 unit vectors of noise-internal.h, sup 0.010058746
 *       -> SIMPLEX2_SCALE = 99.4159 (the folklore factor 70 is the same
 *       bound for gradients of length sqrt 2).  Std 0.54: simplex noise
 *       spreads wider than Perlin noise (0.31).
 *   3D  Ken Perlin's 12 edge gradients, sup 0.013007157
 *       -> SIMPLEX3_SCALE = 76.8807.
 *   4D  the 32 (0, +-1, +-1, +-1) gradients, sup 0.015929221
 *       -> SIMPLEX4_SCALE = 62.7777.
 *
 * Periodic rows.  The skewed lattice cannot wrap at arbitrary periods, so
 * with a period the plane is mapped onto a flat torus: an axis with period
 * P becomes a circle of radius R = P / (2 pi) (unit speed: one lattice unit
 * along x is one unit of arc), x -> (R cos (2 pi x / P), R sin (2 pi x / P)),
 * using the deterministic tsr_cos_turns / tsr_sin_turns.  Both axes
 * periodic: 4D simplex of (Rx cos, Rx sin, Ry cos, Ry sin); one axis: 3D
 * simplex of its circle and the other coordinate, which passes straight
 * through.  The result repeats up to rounding of the angle x / P, which
 * the float stage nearly always absorbs (no mismatch at all in 1.8 * 10^5
 * random tests; at most ~1e-6 by construction), and is as smooth as the
 * 3D/4D noise it samples.
 *
 * The marginal distribution of a 3D or 4D simplex sample is narrower than
 * a 2D one (each divided by its own sup; 4 * 10^6 samples: plain 2D std
 * 0.540, 3D 0.396, 4D 0.258; slicing along the torus does not change the
 * per-sample distribution).  Multiplying by the std ratio (1.36, 2.10)
 * would leave [-1, 1], since the 3D/4D sup is still reachable, so the torus
 * paths go through the smooth limiter
 *     s (v) = k v / sqrt (1 + (k^2 - 1) v^2),
 * odd, increasing, C-infinity, slope k at 0 and s (+-1) = +-1: the output
 * stays in [-1, 1] and keeps the whole range.  k is chosen so that the std
 * of s (v) equals the plain 2D std: TORUS3_GAIN = 1.831 (one periodic axis,
 * 3D), TORUS4_GAIN = 3.915 (both, 4D).  Measured after the limiter: std
 * 0.540 for both; 99th percentile 0.959 (3D) and 0.971 (4D) against 0.920
 * for plain 2D, so the torus noise has flatter peaks, and it looks spottier
 * than plain 2D simplex (a 2D slice through 4D kernels), which is the price
 * of exact tiling with this basis.  (Gustavson & McEwan's tiling simplex,
 * JCGT 2022, would avoid both, but only for periods its rotated lattice
 * allows.)
 *
 * Cost per sample (AVX-512 clone; AVX2 in brackets): plain 2D 3.6 ns
 * (6.8), x periodic 7.3 (11.8), y periodic 8.5 (13.7), both 11.7 (17.5): a
 * turns-to-sine/cosine pair in double per periodic axis (computed once per
 * block when all its samples share that coordinate, as rows share y) and
 * a 4-vertex 3D or 5-vertex 4D kernel.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "noise-internal.h"

#define SIMPLEX2_SCALE 99.4159     /* < 1 / 0.010058746 */
#define SIMPLEX3_SCALE 76.8807     /* < 1 / 0.013007157 */
#define SIMPLEX4_SCALE 62.7777     /* < 1 / 0.015929221 */
#define TORUS3_GAIN    1.831
#define TORUS4_GAIN    3.915

#define F2 0.36602540378443864676  /* (sqrt 3 - 1) / 2 */
#define G2 0.21132486540518711775  /* (3 - sqrt 3) / 6 */
#define F3 0.33333333333333333333  /* 1 / 3 */
#define G3 0.16666666666666666667  /* 1 / 6 */
#define F4 0.30901699437494742410  /* (sqrt 5 - 1) / 4 */
#define G4 0.13819660112501051518  /* (5 - sqrt 5) / 20 */

/* ---------------------------------------------------------------------
 * 3D and 4D kernels in double, for the raw sample path (the periodic row
 * path has float twins below).  Arguments are already clamped. */

/* max (t, 0)^4.  max (t, 0) = (t + |t|) / 2 exactly, written without a
 * select: GCC would sink the multiplications into the t > 0 arm of a
 * select, and (with -ftrapping-math) then refuse to vectorise the loop. */
TSR_ALWAYS_INLINE double
kernel4 (double t)
{
  t = (t + fabs (t)) * 0.5;
  t *= t;
  return t * t;
}

TSR_ALWAYS_INLINE float
kernel4f (float t)
{
  t = (t + fabsf (t)) * 0.5f;
  t *= t;
  return t * t;
}

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
  double t = (double) (i + j + k + l) * G4;
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

/* ---------------------------------------------------------------------
 * 2D, float row and double sample
 */
typedef struct
{
  guint32 seed;
  double  px, py;    /* periods in cells (torus paths) */
  double  ipx, ipy;  /* 1 / period */
  double  rx, ry;    /* circle radii, period / (2 pi) */
} SimplexRow;

TSR_ALWAYS_INLINE void
simplex2_block (const SimplexRow *r, const double *bx, const double *by,
                float *bo)
{
  const guint32 seed = r->seed;

  for (int k = 0; k < TSR_BLOCK; k++)
    {
      double xd = bx[k];
      double yd = by[k];
      double s = (xd + yd) * F2;
      gint32 i = tsr_floor_i (xd + s);
      gint32 j = tsr_floor_i (yd + s);
      double t = (double) (i + j) * G2;
      float x0 = (float) (xd - ((double) i - t));
      float y0 = (float) (yd - ((double) j - t));

      gint32 i1 = x0 > y0;
      gint32 j1 = 1 - i1;
      float x1 = x0 - (float) i1 + (float) G2;
      float y1 = y0 - (float) j1 + (float) G2;
      float x2 = x0 - 1.0f + (float) (2 * G2);
      float y2 = y0 - 1.0f + (float) (2 * G2);

      guint32 ha = tsr_hash1 (seed, i), hb = tsr_hash1 (seed, i + 1);
      guint32 h0 = tsr_hash2_from1 (ha, j);
      guint32 h1 = tsr_hash2_from1 (i1 ? hb : ha, j + j1);
      guint32 h2 = tsr_hash2_from1 (hb, j + 1);

      float nsum = kernel4f (0.5f - x0 * x0 - y0 * y0)
                     * tsr_grad2f (h0, x0, y0)
                   + kernel4f (0.5f - x1 * x1 - y1 * y1)
                     * tsr_grad2f (h1, x1, y1)
                   + kernel4f (0.5f - x2 * x2 - y2 * y2)
                     * tsr_grad2f (h2, x2, y2);
      bo[k] = tsr_guardf (nsum * (float) SIMPLEX2_SCALE);
    }
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

/* ---------------------------------------------------------------------
 * Torus paths: the 3D and 4D kernels again, skewed and floored in double
 * (the circle coordinates reach P / 2pi), then float like the 2D row.
 */
TSR_ALWAYS_INLINE float
grad3f (guint32 h, float x, float y, float z)
{
  guint32 k = h & 15;
  float u = k < 8 ? x : y;
  float v = k < 4 ? y : ((k == 12 || k == 14) ? x : z);

  return tsr_flipf (u, (k & 1) << 31) + tsr_flipf (v, (k & 2) << 30);
}

TSR_ALWAYS_INLINE float
grad4f (guint32 h, float x, float y, float z, float w)
{
  guint32 zc = (h >> 3) & 3;
  float a = zc == 0 ? y : x;
  float b = zc <= 1 ? z : y;
  float c = zc == 3 ? z : w;

  return tsr_flipf (a, (h & 1) << 31) + tsr_flipf (b, (h & 2) << 30)
         + tsr_flipf (c, (h & 4) << 29);
}

TSR_ALWAYS_INLINE float
simplex3f (guint32 seed, double x, double y, double z)
{
  double s = (x + y + z) * F3;
  gint32 i = tsr_floor_i (x + s), j = tsr_floor_i (y + s),
         k = tsr_floor_i (z + s);
  double t = (double) (i + j + k) * G3;
  float x0 = (float) (x - ((double) i - t));
  float y0 = (float) (y - ((double) j - t));
  float z0 = (float) (z - ((double) k - t));

  gint32 rx = (x0 >= y0 ? 1 : 0) + (x0 >= z0 ? 1 : 0);
  gint32 ry = (y0 > x0 ? 1 : 0) + (y0 >= z0 ? 1 : 0);
  gint32 rz = (z0 > x0 ? 1 : 0) + (z0 > y0 ? 1 : 0);
  gint32 i1 = rx >= 2, j1 = ry >= 2, k1 = rz >= 2;
  gint32 i2 = rx >= 1, j2 = ry >= 1, k2 = rz >= 1;
  const float g = (float) G3, g2 = (float) (2 * G3), g3 = (float) (3 * G3 - 1);

  float x1 = x0 - (float) i1 + g, y1 = y0 - (float) j1 + g;
  float z1 = z0 - (float) k1 + g;
  float x2 = x0 - (float) i2 + g2, y2 = y0 - (float) j2 + g2;
  float z2 = z0 - (float) k2 + g2;
  float x3 = x0 + g3, y3 = y0 + g3, z3 = z0 + g3;

  guint32 ha = tsr_hash1 (seed, i), hb = tsr_hash1 (seed, i + 1);
  guint32 h0 = tsr_hash3_from2 (tsr_hash2_from1 (ha, j), k);
  guint32 h1 = tsr_hash3_from2 (tsr_hash2_from1 (i1 ? hb : ha, j + j1),
                                k + k1);
  guint32 h2 = tsr_hash3_from2 (tsr_hash2_from1 (i2 ? hb : ha, j + j2),
                                k + k2);
  guint32 h3 = tsr_hash3_from2 (tsr_hash2_from1 (hb, j + 1), k + 1);

  float n = kernel4f (0.5f - x0 * x0 - y0 * y0 - z0 * z0)
            * grad3f (h0 >> 28, x0, y0, z0)
            + kernel4f (0.5f - x1 * x1 - y1 * y1 - z1 * z1)
            * grad3f (h1 >> 28, x1, y1, z1)
            + kernel4f (0.5f - x2 * x2 - y2 * y2 - z2 * z2)
            * grad3f (h2 >> 28, x2, y2, z2)
            + kernel4f (0.5f - x3 * x3 - y3 * y3 - z3 * z3)
            * grad3f (h3 >> 28, x3, y3, z3);

  return n * (float) SIMPLEX3_SCALE;
}

TSR_ALWAYS_INLINE float
simplex4f (guint32 seed, double x, double y, double z, double w)
{
  double s = (x + y + z + w) * F4;
  gint32 i = tsr_floor_i (x + s), j = tsr_floor_i (y + s),
         k = tsr_floor_i (z + s), l = tsr_floor_i (w + s);
  double t = (double) (i + j + k + l) * G4;
  float x0 = (float) (x - ((double) i - t));
  float y0 = (float) (y - ((double) j - t));
  float z0 = (float) (z - ((double) k - t));
  float w0 = (float) (w - ((double) l - t));

  gint32 rx = (x0 >= y0 ? 1 : 0) + (x0 >= z0 ? 1 : 0) + (x0 >= w0 ? 1 : 0);
  gint32 ry = (y0 > x0 ? 1 : 0) + (y0 >= z0 ? 1 : 0) + (y0 >= w0 ? 1 : 0);
  gint32 rz = (z0 > x0 ? 1 : 0) + (z0 > y0 ? 1 : 0) + (z0 >= w0 ? 1 : 0);
  gint32 rw = (w0 > x0 ? 1 : 0) + (w0 > y0 ? 1 : 0) + (w0 > z0 ? 1 : 0);
  gint32 i1 = rx >= 3, j1 = ry >= 3, k1 = rz >= 3, l1 = rw >= 3;
  gint32 i2 = rx >= 2, j2 = ry >= 2, k2 = rz >= 2, l2 = rw >= 2;
  gint32 i3 = rx >= 1, j3 = ry >= 1, k3 = rz >= 1, l3 = rw >= 1;
  const float g = (float) G4, g2 = (float) (2 * G4), g3 = (float) (3 * G4);
  const float g4 = (float) (4 * G4 - 1);

  float x1 = x0 - (float) i1 + g, y1 = y0 - (float) j1 + g;
  float z1 = z0 - (float) k1 + g, w1 = w0 - (float) l1 + g;
  float x2 = x0 - (float) i2 + g2, y2 = y0 - (float) j2 + g2;
  float z2 = z0 - (float) k2 + g2, w2 = w0 - (float) l2 + g2;
  float x3 = x0 - (float) i3 + g3, y3 = y0 - (float) j3 + g3;
  float z3 = z0 - (float) k3 + g3, w3 = w0 - (float) l3 + g3;
  float x4 = x0 + g4, y4 = y0 + g4, z4 = z0 + g4, w4 = w0 + g4;

  guint32 ha = tsr_hash1 (seed, i), hb = tsr_hash1 (seed, i + 1);
  guint32 h0 = tsr_hash4_from3 (tsr_hash3_from2 (tsr_hash2_from1 (ha, j),
                                                 k), l);
  guint32 h1 = tsr_hash4_from3 (tsr_hash3_from2 (
                   tsr_hash2_from1 (i1 ? hb : ha, j + j1), k + k1), l + l1);
  guint32 h2 = tsr_hash4_from3 (tsr_hash3_from2 (
                   tsr_hash2_from1 (i2 ? hb : ha, j + j2), k + k2), l + l2);
  guint32 h3 = tsr_hash4_from3 (tsr_hash3_from2 (
                   tsr_hash2_from1 (i3 ? hb : ha, j + j3), k + k3), l + l3);
  guint32 h4 = tsr_hash4_from3 (tsr_hash3_from2 (tsr_hash2_from1 (hb, j + 1),
                                                 k + 1), l + 1);

  float n = kernel4f (0.5f - x0 * x0 - y0 * y0 - z0 * z0 - w0 * w0)
            * grad4f (h0 >> 27, x0, y0, z0, w0)
            + kernel4f (0.5f - x1 * x1 - y1 * y1 - z1 * z1 - w1 * w1)
            * grad4f (h1 >> 27, x1, y1, z1, w1)
            + kernel4f (0.5f - x2 * x2 - y2 * y2 - z2 * z2 - w2 * w2)
            * grad4f (h2 >> 27, x2, y2, z2, w2)
            + kernel4f (0.5f - x3 * x3 - y3 * y3 - z3 * z3 - w3 * w3)
            * grad4f (h3 >> 27, x3, y3, z3, w3)
            + kernel4f (0.5f - x4 * x4 - y4 * y4 - z4 * z4 - w4 * w4)
            * grad4f (h4 >> 27, x4, y4, z4, w4);

  return n * (float) SIMPLEX4_SCALE;
}

/* The limiter s (v) above; |v| <= 1 up to rounding (the final guard
 * absorbs the rest). */
TSR_ALWAYS_INLINE float
soft_gain (float v, float k)
{
  return k * v / sqrtf (1.0f + (k * k - 1.0f) * (v * v));
}

/* Circle coordinates of one axis for a block: (R cos, R sin) of v / P
 * turns.  Rows usually share y, so when every lane has the same input the
 * pair is computed once (the same computation, hence the same bits). */
TSR_ALWAYS_INLINE void
circle_block (const double *v, double inv_p, double radius, double *c,
              double *s)
{
  gboolean same = TRUE;

  for (int k = 0; k < TSR_BLOCK; k++)
    same &= v[k] == v[0];
  if (same)
    {
      double sn, cs;

      tsr_sincos_turns_i (v[0] * inv_p, &sn, &cs);
      for (int k = 0; k < TSR_BLOCK; k++)
        {
          c[k] = radius * cs;
          s[k] = radius * sn;
        }
      return;
    }
  for (int k = 0; k < TSR_BLOCK; k++)
    {
      double sn, cs;

      tsr_sincos_turns_i (v[k] * inv_p, &sn, &cs);
      c[k] = radius * cs;
      s[k] = radius * sn;
    }
}

/* x periodic (mode 1), y periodic (mode 2) or both (mode 3). */
TSR_ALWAYS_INLINE void
simplex_torus_block (const SimplexRow *r, int mode, const double *bx,
                     const double *by, float *bo)
{
  const guint32 seed = r->seed;
  double xc[TSR_BLOCK], xs[TSR_BLOCK], yc[TSR_BLOCK], ys[TSR_BLOCK];

  if (mode & 1)
    circle_block (bx, r->ipx, r->rx, xc, xs);
  if (mode & 2)
    circle_block (by, r->ipy, r->ry, yc, ys);

  for (int k = 0; k < TSR_BLOCK; k++)
    {
      float v;

      if (mode == 3)
        v = soft_gain (simplex4f (seed, xc[k], xs[k], yc[k], ys[k]),
                       (float) TORUS4_GAIN);
      else if (mode == 1)
        v = soft_gain (simplex3f (seed, xc[k], xs[k], by[k]),
                       (float) TORUS3_GAIN);
      else
        v = soft_gain (simplex3f (seed, bx[k], yc[k], ys[k]),
                       (float) TORUS3_GAIN);
      bo[k] = tsr_guardf (v);
    }
}

TSR_ALWAYS_INLINE void
simplex2_rows (const SimplexRow *r, int mode, const double *x,
               const double *y, gsize n, float *out)
{
  for (gsize i = 0; i < n; i += TSR_BLOCK)
    {
      double bx[TSR_BLOCK], by[TSR_BLOCK];
      float bo[TSR_BLOCK];
      gsize m = MIN ((gsize) TSR_BLOCK, n - i);

      tsr_load_block (x + i, m, bx);
      tsr_load_block (y + i, m, by);
      if (mode == 0)
        simplex2_block (r, bx, by, bo);
      else
        simplex_torus_block (r, mode, bx, by, bo);
      memcpy (out + i, bo, m * sizeof (float));
    }
}

TSR_ROW_CLONES void
tsr_simplex2_row (const TsrNoise2D *cfg, const double *x, const double *y,
                  gsize n, float *out)
{
  SimplexRow r;

  r.seed = cfg->seed;
  r.px = cfg->period_x > 0 ? cfg->period_x : 0.0;
  r.py = cfg->period_y > 0 ? cfg->period_y : 0.0;
  r.ipx = r.px > 0 ? 1.0 / r.px : 0.0;
  r.ipy = r.py > 0 ? 1.0 / r.py : 0.0;
  r.rx = r.px * (1.0 / (2.0 * G_PI));
  r.ry = r.py * (1.0 / (2.0 * G_PI));

  /* One specialised loop per mode (mode is a constant in each call). */
  if (r.px > 0 && r.py > 0)
    simplex2_rows (&r, 3, x, y, n, out);
  else if (r.px > 0)
    simplex2_rows (&r, 1, x, y, n, out);
  else if (r.py > 0)
    simplex2_rows (&r, 2, x, y, n, out);
  else
    simplex2_rows (&r, 0, x, y, n, out);
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
