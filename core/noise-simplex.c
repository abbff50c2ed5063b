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
 * Cost per sample (GCC 12 -O2, AVX-512 pass; AVX2 in brackets): plain 2D
 * 3.0 ns (4.6), x periodic 5.9 (8.6), y periodic 8.3 (12.3), both 10.8
 * (15.3): a turns-to-sine/cosine pair in double per periodic axis
 * (computed once per row when the row's samples share y) and a 4-vertex
 * 3D or 5-vertex 4D kernel.
 */
#ifndef TSR_VPASS

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
 * path has float twins in the SIMD passes at the end).  Arguments are
 * already clamped. */

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
/* ---------------------------------------------------------------------
 * 2D: row (SIMD passes below) and double sample
 */
typedef struct
{
  guint32 seed;
  double  px, py;    /* periods in cells (torus paths) */
  double  ipx, ipy;  /* 1 / period */
  double  rx, ry;    /* circle radii, period / (2 pi) */
} SimplexRow;

#define simplex2_row_v TSR_V (simplex2_row_v)
#define simplex2_rows_v TSR_V (simplex2_rows_v)
#define kernel4_v TSR_V (kernel4_v)
#define grad3_v TSR_V (grad3_v)
#define grad4_v TSR_V (grad4_v)
#define simplex2_v TSR_V (simplex2_v)
#define simplex3_v TSR_V (simplex3_v)
#define simplex4_v TSR_V (simplex4_v)
#define soft_gain_v TSR_V (soft_gain_v)
#define circle_v TSR_V (circle_v)

#define TSR_VPASS_FILE "noise-simplex.c"
#include "noise-internal.h"

void
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

  TSR_VCALL (simplex2_row_v) (&r, x, y, n, out);
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

#else /* TSR_VPASS: the row kernels, once per instruction set */

/* max (t, 0)^4 (kernel4 in float): (t + |t|) / 2 is max (t, 0) exactly. */
TSR_VINLINE VF
kernel4_v (VF t)
{
  t = (t + v_absf (t)) * 0.5f;
  t *= t;
  return t * t;
}

/* Ken Perlin's grad () in float (tsr_grad3 of the top four hash bits). */
TSR_VINLINE VF
grad3_v (VU h, VF x, VF y, VF z)
{
  VU k = h & 15u;
  VF u = v_sel ((VI) (k < 8u), x, y);
  VF v = v_sel ((VI) (k < 4u), y,
                v_sel ((VI) ((k == 12u) | (k == 14u)), x, z));

  return v_flipf (u, (k & 1u) << 31) + v_flipf (v, (k & 2u) << 30);
}

/* tsr_grad4 in float. */
TSR_VINLINE VF
grad4_v (VU h, VF x, VF y, VF z, VF w)
{
  VU zc = (h >> 3) & 3u;
  VF a = v_sel ((VI) (zc == 0u), y, x);
  VF b = v_sel ((VI) (zc <= 1u), z, y);
  VF c = v_sel ((VI) (zc == 3u), z, w);

  return v_flipf (a, (h & 1u) << 31) + v_flipf (b, (h & 2u) << 30)
         + v_flipf (c, (h & 4u) << 29);
}

/* Plain 2D simplex noise of VN samples (clamped coordinates, halves):
 * skew and floor in double, the rest in float. */
TSR_VINLINE VF
simplex2_v (guint32 seed, VD xl, VD xh, VD yl, VD yh)
{
  VIH il, ih, jl, jh;
  VFH x0l, x0h, y0l, y0h;

  {
    VD s = (xl + yl) * F2;
    VD t;

    il = v_dtoi (v_floor_d (xl + s));
    jl = v_dtoi (v_floor_d (yl + s));
    t = v_itod (il + jl) * G2;
    x0l = v_dtof (xl - (v_itod (il) - t));
    y0l = v_dtof (yl - (v_itod (jl) - t));
  }
  {
    VD s = (xh + yh) * F2;
    VD t;

    ih = v_dtoi (v_floor_d (xh + s));
    jh = v_dtoi (v_floor_d (yh + s));
    t = v_itod (ih + jh) * G2;
    x0h = v_dtof (xh - (v_itod (ih) - t));
    y0h = v_dtof (yh - (v_itod (jh) - t));
  }

  VI i = v_cati (il, ih), j = v_cati (jl, jh);
  VF x0 = v_catf (x0l, x0h), y0 = v_catf (y0l, y0h);
  VI m1 = x0 > y0;                      /* i1 = 1, j1 = 0 */
  VF x1 = x0 - v_maskf (m1, 1.0f) + (float) G2;
  VF y1 = y0 - v_maskf (~m1, 1.0f) + (float) G2;
  VF x2 = x0 - 1.0f + (float) (2 * G2);
  VF y2 = y0 - 1.0f + (float) (2 * G2);
  VU ha = v_hash1 (seed, i), hb = v_hash1 (seed, i + 1);
  VU h0 = v_hash2_from1 (ha, j);
  VU h1 = v_hash2_from1 ((VU) v_seli (m1, (VI) hb, (VI) ha), j + 1 + m1);
  VU h2 = v_hash2_from1 (hb, j + 1);
  VF nsum = kernel4_v (0.5f - x0 * x0 - y0 * y0) * v_grad2f (h0, x0, y0)
            + kernel4_v (0.5f - x1 * x1 - y1 * y1) * v_grad2f (h1, x1, y1)
            + kernel4_v (0.5f - x2 * x2 - y2 * y2) * v_grad2f (h2, x2, y2);

  return nsum * (float) SIMPLEX2_SCALE;
}

/* The skew of simplex3f for half a vector: cells and offsets. */
#define skew3_half TSR_V (skew3_half)
TSR_VINLINE void
skew3_half (VD x, VD y, VD z, VIH *i, VIH *j, VIH *k, VFH *x0, VFH *y0,
            VFH *z0)
{
  VD s = (x + y + z) * F3;
  VD t;

  *i = v_dtoi (v_floor_d (x + s));
  *j = v_dtoi (v_floor_d (y + s));
  *k = v_dtoi (v_floor_d (z + s));
  t = v_itod (*i + *j + *k) * G3;
  *x0 = v_dtof (x - (v_itod (*i) - t));
  *y0 = v_dtof (y - (v_itod (*j) - t));
  *z0 = v_dtof (z - (v_itod (*k) - t));
}

/* 3D simplex noise (the torus paths): skew and floor in double, the rest
 * in float; unscaled by the limiter. */
TSR_VINLINE VF
simplex3_v (guint32 seed, VD xl, VD xh, VD yl, VD yh, VD zl, VD zh)
{
  VIH il, ih, jl, jh, kl, kh;
  VFH x0l, x0h, y0l, y0h, z0l, z0h;

  skew3_half (xl, yl, zl, &il, &jl, &kl, &x0l, &y0l, &z0l);
  skew3_half (xh, yh, zh, &ih, &jh, &kh, &x0h, &y0h, &z0h);

  VI i = v_cati (il, ih), j = v_cati (jl, jh), k = v_cati (kl, kh);
  VF x0 = v_catf (x0l, x0h), y0 = v_catf (y0l, y0h), z0 = v_catf (z0l, z0h);

  /* Ranks (0..2) of the components, ties broken by axis order. */
  VI rx = -(x0 >= y0) - (x0 >= z0);
  VI ry = -(y0 > x0) - (y0 >= z0);
  VI rz = -(z0 > x0) - (z0 > y0);
  VI i1 = rx >= 2, j1 = ry >= 2, k1 = rz >= 2;   /* masks */
  VI i2 = rx >= 1, j2 = ry >= 1, k2 = rz >= 1;
  const float g = (float) G3, g2 = (float) (2 * G3), g3 = (float) (3 * G3 - 1);

  VF x1 = x0 - v_maskf (i1, 1.0f) + g, y1 = y0 - v_maskf (j1, 1.0f) + g;
  VF z1 = z0 - v_maskf (k1, 1.0f) + g;
  VF x2 = x0 - v_maskf (i2, 1.0f) + g2, y2 = y0 - v_maskf (j2, 1.0f) + g2;
  VF z2 = z0 - v_maskf (k2, 1.0f) + g2;
  VF x3 = x0 + g3, y3 = y0 + g3, z3 = z0 + g3;

  VU ha = v_hash1 (seed, i), hb = v_hash1 (seed, i + 1);
  VU h0 = v_hash3_from2 (v_hash2_from1 (ha, j), k);
  VU h1 = v_hash3_from2 (v_hash2_from1 ((VU) v_seli (i1, (VI) hb, (VI) ha),
                                       j - j1), k - k1);
  VU h2 = v_hash3_from2 (v_hash2_from1 ((VU) v_seli (i2, (VI) hb, (VI) ha),
                                       j - j2), k - k2);
  VU h3 = v_hash3_from2 (v_hash2_from1 (hb, j + 1), k + 1);

  VF n = kernel4_v (0.5f - x0 * x0 - y0 * y0 - z0 * z0)
         * grad3_v (h0 >> 28, x0, y0, z0)
         + kernel4_v (0.5f - x1 * x1 - y1 * y1 - z1 * z1)
         * grad3_v (h1 >> 28, x1, y1, z1)
         + kernel4_v (0.5f - x2 * x2 - y2 * y2 - z2 * z2)
         * grad3_v (h2 >> 28, x2, y2, z2)
         + kernel4_v (0.5f - x3 * x3 - y3 * y3 - z3 * z3)
         * grad3_v (h3 >> 28, x3, y3, z3);

  return n * (float) SIMPLEX3_SCALE;
}

#define skew4_half TSR_V (skew4_half)
TSR_VINLINE void
skew4_half (VD x, VD y, VD z, VD w, VIH *i, VIH *j, VIH *k, VIH *l,
            VFH *x0, VFH *y0, VFH *z0, VFH *w0)
{
  VD s = (x + y + z + w) * F4;
  VD t;

  *i = v_dtoi (v_floor_d (x + s));
  *j = v_dtoi (v_floor_d (y + s));
  *k = v_dtoi (v_floor_d (z + s));
  *l = v_dtoi (v_floor_d (w + s));
  t = (v_itod (*i) + v_itod (*j) + v_itod (*k) + v_itod (*l)) * G4;   /* see simplex4 */
  *x0 = v_dtof (x - (v_itod (*i) - t));
  *y0 = v_dtof (y - (v_itod (*j) - t));
  *z0 = v_dtof (z - (v_itod (*k) - t));
  *w0 = v_dtof (w - (v_itod (*l) - t));
}

/* 4D simplex noise (both axes periodic). */
TSR_VINLINE VF
simplex4_v (guint32 seed, VD xl, VD xh, VD yl, VD yh, VD zl, VD zh, VD wl,
            VD wh)
{
  VIH il, ih, jl, jh, kl, kh, ll, lh;
  VFH x0l, x0h, y0l, y0h, z0l, z0h, w0l, w0h;

  skew4_half (xl, yl, zl, wl, &il, &jl, &kl, &ll, &x0l, &y0l, &z0l, &w0l);
  skew4_half (xh, yh, zh, wh, &ih, &jh, &kh, &lh, &x0h, &y0h, &z0h, &w0h);

  VI i = v_cati (il, ih), j = v_cati (jl, jh), k = v_cati (kl, kh);
  VI l = v_cati (ll, lh);
  VF x0 = v_catf (x0l, x0h), y0 = v_catf (y0l, y0h), z0 = v_catf (z0l, z0h);
  VF w0 = v_catf (w0l, w0h);

  VI rx = -(x0 >= y0) - (x0 >= z0) - (x0 >= w0);
  VI ry = -(y0 > x0) - (y0 >= z0) - (y0 >= w0);
  VI rz = -(z0 > x0) - (z0 > y0) - (z0 >= w0);
  VI rw = -(w0 > x0) - (w0 > y0) - (w0 > z0);
  VI i1 = rx >= 3, j1 = ry >= 3, k1 = rz >= 3, l1 = rw >= 3;   /* masks */
  VI i2 = rx >= 2, j2 = ry >= 2, k2 = rz >= 2, l2 = rw >= 2;
  VI i3 = rx >= 1, j3 = ry >= 1, k3 = rz >= 1, l3 = rw >= 1;
  const float g = (float) G4, g2 = (float) (2 * G4), g3 = (float) (3 * G4);
  const float g4 = (float) (4 * G4 - 1);

  VF x1 = x0 - v_maskf (i1, 1.0f) + g, y1 = y0 - v_maskf (j1, 1.0f) + g;
  VF z1 = z0 - v_maskf (k1, 1.0f) + g, w1 = w0 - v_maskf (l1, 1.0f) + g;
  VF x2 = x0 - v_maskf (i2, 1.0f) + g2, y2 = y0 - v_maskf (j2, 1.0f) + g2;
  VF z2 = z0 - v_maskf (k2, 1.0f) + g2, w2 = w0 - v_maskf (l2, 1.0f) + g2;
  VF x3 = x0 - v_maskf (i3, 1.0f) + g3, y3 = y0 - v_maskf (j3, 1.0f) + g3;
  VF z3 = z0 - v_maskf (k3, 1.0f) + g3, w3 = w0 - v_maskf (l3, 1.0f) + g3;
  VF x4 = x0 + g4, y4 = y0 + g4, z4 = z0 + g4, w4 = w0 + g4;

  VU ha = v_hash1 (seed, i), hb = v_hash1 (seed, i + 1);
  VU h0 = v_hash4_from3 (v_hash3_from2 (v_hash2_from1 (ha, j), k), l);
  VU h1 = v_hash4_from3 (v_hash3_from2 (
              v_hash2_from1 ((VU) v_seli (i1, (VI) hb, (VI) ha), j - j1),
              k - k1), l - l1);
  VU h2 = v_hash4_from3 (v_hash3_from2 (
              v_hash2_from1 ((VU) v_seli (i2, (VI) hb, (VI) ha), j - j2),
              k - k2), l - l2);
  VU h3 = v_hash4_from3 (v_hash3_from2 (
              v_hash2_from1 ((VU) v_seli (i3, (VI) hb, (VI) ha), j - j3),
              k - k3), l - l3);
  VU h4 = v_hash4_from3 (v_hash3_from2 (v_hash2_from1 (hb, j + 1), k + 1),
                         l + 1);

  VF n = kernel4_v (0.5f - x0 * x0 - y0 * y0 - z0 * z0 - w0 * w0)
         * grad4_v (h0 >> 27, x0, y0, z0, w0)
         + kernel4_v (0.5f - x1 * x1 - y1 * y1 - z1 * z1 - w1 * w1)
         * grad4_v (h1 >> 27, x1, y1, z1, w1)
         + kernel4_v (0.5f - x2 * x2 - y2 * y2 - z2 * z2 - w2 * w2)
         * grad4_v (h2 >> 27, x2, y2, z2, w2)
         + kernel4_v (0.5f - x3 * x3 - y3 * y3 - z3 * z3 - w3 * w3)
         * grad4_v (h3 >> 27, x3, y3, z3, w3)
         + kernel4_v (0.5f - x4 * x4 - y4 * y4 - z4 * z4 - w4 * w4)
         * grad4_v (h4 >> 27, x4, y4, z4, w4);

  return n * (float) SIMPLEX4_SCALE;
}

/* The limiter s (v) = k v / sqrt (1 + (k^2 - 1) v^2); |v| <= 1 up to
 * rounding (the final guard absorbs the rest). */
TSR_VINLINE VF
soft_gain_v (VF v, float k)
{
  return k * v / v_sqrtf (1.0f + (k * k - 1.0f) * (v * v));
}

/* Circle coordinates of one axis, half a vector: (R cos, R sin) of v / P
 * turns (tsr_sincos_turns_i). */
TSR_VINLINE void
circle_v (VD v, double inv_p, double radius, VD *c, VD *s)
{
  VD sn, cs;

  v_sincos_turns (v * inv_p, &sn, &cs);
  *c = radius * cs;
  *s = radius * sn;
}

/* mode: 0 plain, 1 x periodic, 2 y periodic, 3 both.  A row of constant
 * y (y_same) computes its circle once; the same operations, the same
 * bits. */
TSR_ALWAYS_INLINE void
simplex2_rows_v (const SimplexRow *r, int mode, gboolean y_same,
                 const double *x, const double *y, gsize n, float *out)
{
  const guint32 seed = r->seed;
  VD ycl = { 0 }, ysl = { 0 };

  if ((mode & 2) && y_same)
    {
      double sn, cs;

      tsr_sincos_turns_i (tsr_clamp_coord (y[0]) * r->ipy, &sn, &cs);
      ycl = v_splatd (r->ry * cs);
      ysl = v_splatd (r->ry * sn);
    }

  for (gsize i = 0; i < n; i += VN)
    {
      gsize m = MIN ((gsize) VN, n - i);
      VD xl, xh, yl, yh;
      VF v;

      v_load_coords (x + i, m, &xl, &xh);
      v_load_coords (y + i, m, &yl, &yh);
      if (mode == 0)
        v = simplex2_v (seed, xl, xh, yl, yh);
      else
        {
          VD xcl, xch, xsl, xsh, ycl2, ych, ysl2, ysh;

          if (mode & 1)
            {
              circle_v (xl, r->ipx, r->rx, &xcl, &xsl);
              circle_v (xh, r->ipx, r->rx, &xch, &xsh);
            }
          if (mode & 2)
            {
              if (y_same)
                {
                  ycl2 = ych = ycl;
                  ysl2 = ysh = ysl;
                }
              else
                {
                  circle_v (yl, r->ipy, r->ry, &ycl2, &ysl2);
                  circle_v (yh, r->ipy, r->ry, &ych, &ysh);
                }
            }
          if (mode == 3)
            v = soft_gain_v (simplex4_v (seed, xcl, xch, xsl, xsh, ycl2, ych,
                                         ysl2, ysh), (float) TORUS4_GAIN);
          else if (mode == 1)
            v = soft_gain_v (simplex3_v (seed, xcl, xch, xsl, xsh, yl, yh),
                             (float) TORUS3_GAIN);
          else
            v = soft_gain_v (simplex3_v (seed, xl, xh, ycl2, ych, ysl2, ysh),
                             (float) TORUS3_GAIN);
        }
      v_store_part (out + i, m, v_guardf (v));
    }
}

static void
simplex2_row_v (const SimplexRow *r, const double *x, const double *y,
                gsize n, float *out)
{
  int mode = (r->px > 0 ? 1 : 0) | (r->py > 0 ? 2 : 0);

  /* One specialised loop per mode (mode is a constant in each call). */
  if (mode == 3)
    {
      if (v_row_y_constant (y, n))
        simplex2_rows_v (r, 3, TRUE, x, y, n, out);
      else
        simplex2_rows_v (r, 3, FALSE, x, y, n, out);
    }
  else if (mode == 2)
    {
      if (v_row_y_constant (y, n))
        simplex2_rows_v (r, 2, TRUE, x, y, n, out);
      else
        simplex2_rows_v (r, 2, FALSE, x, y, n, out);
    }
  else if (mode == 1)
    simplex2_rows_v (r, 1, FALSE, x, y, n, out);
  else
    simplex2_rows_v (r, 0, FALSE, x, y, n, out);
}

#endif /* TSR_VPASS */
