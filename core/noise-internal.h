/* Internal helpers shared by the noise bases (not installed, not API).
 *
 * The per-sample helpers here are static inline and branch-free so that
 * the row loops, which call them once per sample, vectorise.  What GCC -O2
 * needs for that (checked with -fopt-info-vec for every clone):
 *   - loops of a constant trip count (TSR_BLOCK), no calls, no early exits;
 *   - selects written as ?: whose arms are plain values, constants or
 *     negations: with the default -ftrapping-math, an arm holding an FP
 *     operation (or one GCC can sink into it, e.g. after a clamp or a
 *     max (t, 0)) keeps the branch, and the loop is not vectorised;
 *   - compares and the selects they drive on lanes of the same width
 *     (a double compare selecting ints needs mask narrowing SSE2 lacks).
 *
 * Precision model of the row paths: coordinates arrive as double; the
 * clamp, the cell and the fraction are computed in double (exact), the
 * fraction is then rounded once to float and all interpolation is float
 * (the periodic simplex path skews and floors its 3D / 4D torus
 * coordinates in double, then continues in float).  The raw sample path
 * (tsr_noise_sample) is double throughout.
 */
#ifndef TSR_NOISE_INTERNAL_H
#define TSR_NOISE_INTERNAL_H

#include <string.h>

#include <glib.h>

#include "hash.h"
#include "noise.h"

G_BEGIN_DECLS

/* Samples per block in the row functions.  Every kernel loop runs exactly
 * TSR_BLOCK times over local arrays (the tail block is padded), so that
 * GCC's -O2 "very cheap" vectoriser, which refuses loops that need a scalar
 * epilogue, still vectorises them.  A sample's value never depends on its
 * position in a block. */
#define TSR_BLOCK 32

/* Row functions are compiled three times on x86-64 (AVX-512F, AVX2 and
 * baseline SSE2) and picked at load time (ifunc).  Without FMA contraction
 * (-ffp-contract=off) every clone performs the same IEEE operations, so
 * they give identical bits; so do -O0, -O3 -march=native and clang builds
 * (checked by checksumming every basis and configuration).  AVX-512 is
 * ~1.7x faster than AVX2 here (native 32-bit multiplies and double->int
 * conversions on 16 lanes), AVX2 ~2x faster than SSE2. */
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) \
    && !defined(__clang__) && !defined(TSR_NO_CLONES)
#define TSR_ROW_CLONES \
  __attribute__ ((target_clones ("avx512f", "avx2", "default")))
#else
#define TSR_ROW_CLONES
#endif

#define TSR_ALWAYS_INLINE static inline __attribute__ ((always_inline))

/* ---------------------------------------------------------------------
 * Coordinates
 *
 * Lattice coordinates are clamped to +-2^28 cells before use; NaN and -inf
 * become -2^28, +inf becomes +2^28.  Every integer computed from a clamped
 * coordinate (skewed simplex coordinates in 4D reach 2.24 * 2^28, cell
 * offsets add at most 2) stays far inside gint32, and the noise there is
 * still well defined, so non-finite input gives a finite, deterministic
 * value instead of undefined behaviour.  No texture comes anywhere near
 * 2^28 cells.
 */
#define TSR_COORD_LIMIT 268435456.0 /* 2^28 */

TSR_ALWAYS_INLINE double
tsr_clamp_coord (double v)
{
  v = v > -TSR_COORD_LIMIT ? v : -TSR_COORD_LIMIT;  /* NaN -> lower bound */
  return v < TSR_COORD_LIMIT ? v : TSR_COORD_LIMIT;
}

/* Copies m <= TSR_BLOCK coordinates into a block buffer, clamped, and
 * pads the rest with 0.  Clamping here, in its own loop, rather than in the
 * kernels keeps the kernels free of control flow: GCC otherwise threads the
 * clamp's two constant outcomes through the arithmetic that follows and
 * the kernel loop no longer vectorises. */
TSR_ALWAYS_INLINE void
tsr_load_block (const double *src, gsize m, double *dst)
{
  if (m == TSR_BLOCK)
    {
      /* Fixed trip count: vectorises (max/min). */
      for (int k = 0; k < TSR_BLOCK; k++)
        dst[k] = tsr_clamp_coord (src[k]);
      return;
    }
  for (gsize k = 0; k < m; k++)
    dst[k] = tsr_clamp_coord (src[k]);
  for (gsize k = m; k < TSR_BLOCK; k++)
    dst[k] = 0.0;
}

/* x with its sign bit flipped where `bit` (0 or 0x80000000) is set: an
 * integer xor instead of a compare and a blend. */
TSR_ALWAYS_INLINE float
tsr_flipf (float x, guint32 bit)
{
  guint32 u;

  memcpy (&u, &x, sizeof u);
  u ^= bit;
  memcpy (&x, &u, sizeof x);
  return x;
}

/* floor (v) for |v| < 2^31, as a double holding an integer: truncation
 * and a select, which vectorise on plain SSE2 (a floor () call does not,
 * and a comparison result mixed into int arithmetic needs mask-narrowing
 * that SSE2 lacks). */
TSR_ALWAYS_INLINE double
tsr_floor_d (double v)
{
  double t = (double) (gint32) v;
  /* Both arms plain constants: with -ftrapping-math GCC will not
   * if-convert a select whose arm is an FP operation. */
  return t + (v < t ? -1.0 : 0.0);
}

TSR_ALWAYS_INLINE gint32
tsr_floor_i (double v)
{
  return (gint32) tsr_floor_d (v);
}

/* ---------------------------------------------------------------------
 * Periodic lattice coordinates
 *
 * tsr_wrap_v (i, p, 1.0 / p) == tsr_wrap (i, p) for p >= 1 and |i| <= 2^30,
 * and == i for p == 0 when passed inv_p == 0.  The quotient is computed in
 * double: (i + 0.5) / p is at least 0.5 / p away from an integer, far more
 * than the rounding error of (i + 0.5) * inv_p, so the floor is exact.
 */
TSR_ALWAYS_INLINE gint32
tsr_wrap_v (gint32 i, gint32 p, double inv_p)
{
  gint32 q = tsr_floor_i (((double) i + 0.5) * inv_p);
  return i - q * p;
}

/* Wraps a block of cells: w[k] = tsr_wrap (i[k], p) (p > 0; i and w may
 * be the same array).  A block of a row usually spans less than a period,
 * so every lane is less than 2p past the start of the first lane's period
 * and one conditional subtraction wraps it; only other blocks take the
 * per-lane division (1.5 ns per sample more).  Both paths give the same
 * values, so the choice does not show.  (The test is one unsigned compare:
 * a && there would keep a branch and the loop would not vectorise.) */
TSR_ALWAYS_INLINE void
tsr_wrap_block (const gint32 *i, gint32 p, double inv_p, gint32 *w)
{
  /* Unsigned differences (mod 2^32): with p <= 2^30 a lane before base
   * (at most ~2^29 before) lands above 2^31 >= 2p and is rejected. */
  const guint32 up = (guint32) p;
  const guint32 base = (guint32) i[0] - (guint32) tsr_wrap_v (i[0], p, inv_p);
  gboolean near = p <= (1 << 30);

  for (int k = 0; k < TSR_BLOCK; k++)
    {
      guint32 r = (guint32) i[k] - base;

      w[k] = (gint32) (r - (r >= up ? up : 0u));
      near &= r < 2u * up;   /* 0 <= i[k] - base < 2p */
    }
  if (!near)
    for (int k = 0; k < TSR_BLOCK; k++)
      w[k] = tsr_wrap_v (i[k], p, inv_p);
}

/* Given w = tsr_wrap (i, p), tsr_wrap (i + d, p) for |d| <= 3 (any p >= 1;
 * p == 0 leaves w + d unchanged).  w + d is off by less than |d| periods,
 * so |d| corrections suffice; d is a constant at every call, so the loops
 * unroll and nothing branches at run time. */
TSR_ALWAYS_INLINE gint32
tsr_wrap_add (gint32 w, gint32 d, gint32 p)
{
  if (d > 0)
    {
      /* unsigned: w + d may pass G_MAXINT32 when p is close to it */
      guint32 r = (guint32) w + (guint32) d;

      for (gint32 c = 0; c < d; c++)
        r -= r >= (guint32) p ? (guint32) p : 0u;
      return (gint32) r;
    }
  else
    {
      gint32 r = w + d;

      for (gint32 c = 0; c < -d; c++)
        r += r < 0 ? p : 0;
      return r;
    }
}

/* Splits a clamped coordinate into its cell, returned, and the offset in
 * the cell, rounded to float, in [0, 1] (1 only by that rounding; the
 * noise is continuous, so fraction 1 in cell i equals fraction 0 in cell
 * i + 1 up to rounding).  Truncation, an exact difference in (-1, 1) and a
 * correction in float: cheaper than a double floor, and every select
 * compares 32-bit lanes. */
TSR_ALWAYS_INLINE gint32
tsr_split (double v, float *frac)
{
  gint32 i = (gint32) v;
  float f = (float) (v - (double) i);

  *frac = f + (f < 0.0f ? 1.0f : 0.0f);
  return i + (f < 0.0f ? -1 : 0);
}

/* ---------------------------------------------------------------------
 * Hash chaining: tsr_hash2 (s, x, y) == tsr_hash2_from1 (tsr_hash1 (s, x), y)
 * and likewise for 3 and 4 (hash.h builds each level from the previous one;
 * test-noise checks the identities), so row loops can share the per-column
 * hash between corners.
 */
TSR_ALWAYS_INLINE guint32
tsr_hash2_from1 (guint32 h1, gint32 y)
{
  return tsr_mix32 (h1 ^ ((guint32) y * 0x85ebca6bu));
}

TSR_ALWAYS_INLINE guint32
tsr_hash3_from2 (guint32 h2, gint32 z)
{
  return tsr_mix32 (h2 ^ ((guint32) z * 0xc2b2ae35u));
}

TSR_ALWAYS_INLINE guint32
tsr_hash4_from3 (guint32 h3, gint32 w)
{
  return tsr_mix32 (h3 ^ ((guint32) w * 0x27d4eb2fu));
}

/* Lattice value in [-1, 1): the hash's top 24 bits, exact in a float. */
TSR_ALWAYS_INLINE float
tsr_lattice_value (guint32 h)
{
  return (float) (gint32) (h >> 8) * (1.0f / 8388608.0f) - 1.0f;
}

/* ---------------------------------------------------------------------
 * Fade curves and output guard
 */
TSR_ALWAYS_INLINE float
tsr_fadef (float t)
{
  return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
}

TSR_ALWAYS_INLINE double
tsr_fade (double t)
{
  return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

/* Final guard only: every basis is scaled by a proven bound, so this never
 * changes a value by more than float rounding (see each basis' header). */
TSR_ALWAYS_INLINE float
tsr_guardf (float v)
{
  v = v > -1.0f ? v : -1.0f;
  return v < 1.0f ? v : 1.0f;
}

TSR_ALWAYS_INLINE double
tsr_guard (double v)
{
  v = v > -1.0 ? v : -1.0;
  return v < 1.0 ? v : 1.0;
}

/* ---------------------------------------------------------------------
 * Deterministic sine/cosine of turns (see trig.h), inline for row loops.
 *
 * t is split as t = q/4 + s with q = round (4t) and |s| <= 1/8 (exactly:
 * q/4 is a multiple of 1/4, so t - q/4 is representable).  sin (2 pi s)
 * and cos (2 pi s) are Taylor polynomials in s of degree 15 and 14
 * (|2 pi s| <= pi/4; truncation error < 2e-15), and the quadrant q mod 4
 * picks +-sin or +-cos.  Domain: |t| < 2^28 (tsr_floor_i); trig.c widens
 * it to every finite t.
 */
TSR_ALWAYS_INLINE double
tsr_turns_i (double t, double quarter)
{
  /* (2 pi)^k / k! with alternating signs, k odd 1..15 / even 2..14. */
  const double s1 = 6.2831853071795862320;
  const double s3 = -41.341702240399762047;
  const double s5 = 81.605249276075056741;
  const double s7 = -76.705859753061389483;
  const double s9 = 42.058693944897655115;
  const double s11 = -15.094642576822989710;
  const double s13 = 3.8199525848482820400;
  const double s15 = -0.71812230177850056023;
  const double c2 = -19.739208802178715985;
  const double c4 = 64.939394022668295747;
  const double c6 = -85.456817206693727940;
  const double c8 = 60.244641371876660685;
  const double c10 = -26.426256783374398651;
  const double c12 = 7.9035363713184692003;
  const double c14 = -1.7143907110886720258;
  /* The quadrant is kept in double (q is an integer < 2^30, exact) so
   * that every select compares doubles: mixing int masks into double
   * selects does not vectorise on SSE2. */
  double q = tsr_floor_d (4.0 * t + 0.5);
  double s = t - q * 0.25;
  double z = s * s;
  double sn = s * (s1 + z * (s3 + z * (s5 + z * (s7 + z * (s9 + z * (s11
                                                + z * (s13 + z * s15)))))));
  double cs = 1.0 + z * (c2 + z * (c4 + z * (c6 + z * (c8 + z * (c10 + z * (c12
                                                              + z * c14))))));
  double m = q + quarter;
  double mq = m - 4.0 * tsr_floor_d (m * 0.25);  /* m mod 4, in 0..3 */
  double mh = m - 2.0 * tsr_floor_d (m * 0.5);   /* m mod 2, 0 or 1 */

  /* sn or cs, then the sign 1 - (mq - mh) = +1, +1, -1, -1, by exact
   * arithmetic (x * 1, x * 0 + y, x * -1 are exact).  A select here would
   * let GCC compute only one polynomial per arm, and then not vectorise. */
  return (sn * (1.0 - mh) + cs * mh) * (1.0 - (mq - mh));
}

/* Both at once (the compiler shares the reduction and the polynomials). */
TSR_ALWAYS_INLINE void
tsr_sincos_turns_i (double t, double *sn, double *cs)
{
  *sn = tsr_turns_i (t, 0.0);
  *cs = tsr_turns_i (t, 1.0);
}

TSR_ALWAYS_INLINE double
tsr_sin_turns_i (double t)
{
  return tsr_turns_i (t, 0.0);
}

TSR_ALWAYS_INLINE double
tsr_cos_turns_i (double t)
{
  return tsr_turns_i (t, 1.0);
}

/* ---------------------------------------------------------------------
 * Gradients
 *
 * 2D: 16 unit vectors at 11.25 + k * 22.5 degrees, picked by the hash's top
 * four bits: bit 28 picks 11.25 or 33.75 degrees within the octant pair,
 * bit 29 swaps the components (-> 78.75 / 56.25), bits 30 and 31 are the
 * signs.  No table, no gather: four selects and two sign-bit flips.
 * Offsetting the set by half a step keeps gradients off the lattice axes
 * (the axis-aligned streaks of classic Perlin noise).
 */
#define TSR_G2_C1 0.98078528040323044913 /* cos 11.25 deg */
#define TSR_G2_S1 0.19509032201612826785 /* sin 11.25 deg */
#define TSR_G2_C2 0.83146961230254523708 /* cos 33.75 deg */
#define TSR_G2_S2 0.55557023301960222474 /* sin 33.75 deg */

TSR_ALWAYS_INLINE float
tsr_grad2f (guint32 h, float dx, float dy)
{
  float a = (h & 0x10000000u) ? (float) TSR_G2_C2 : (float) TSR_G2_C1;
  float b = (h & 0x10000000u) ? (float) TSR_G2_S2 : (float) TSR_G2_S1;
  float gx = (h & 0x20000000u) ? b : a;
  float gy = (h & 0x20000000u) ? a : b;
  gx = tsr_flipf (gx, (h << 1) & 0x80000000u);
  gy = tsr_flipf (gy, h & 0x80000000u);
  return gx * dx + gy * dy;
}

TSR_ALWAYS_INLINE double
tsr_grad2 (guint32 h, double dx, double dy)
{
  double a = (h & 0x10000000u) ? TSR_G2_C2 : TSR_G2_C1;
  double b = (h & 0x10000000u) ? TSR_G2_S2 : TSR_G2_S1;
  double gx = (h & 0x20000000u) ? b : a;
  double gy = (h & 0x20000000u) ? a : b;
  gx = (h & 0x40000000u) ? -gx : gx;
  gy = (h & 0x80000000u) ? -gy : gy;
  return gx * dx + gy * dy;
}

/* 3D: Ken Perlin's improved-noise gradients, the 12 cube edge midpoints
 * (+-1, +-1, 0) etc. (16 entries, four repeated), from h & 15 exactly as
 * in his 2002 reference grad(). */
TSR_ALWAYS_INLINE double
tsr_grad3 (guint32 h, double x, double y, double z)
{
  guint32 k = h & 15;
  double u = k < 8 ? x : y;
  double v = k < 4 ? y : ((k == 12 || k == 14) ? x : z);
  return ((k & 1) == 0 ? u : -u) + ((k & 2) == 0 ? v : -v);
}

/* 4D: the 32 vectors with one zero component and three +-1 (length
 * sqrt 3): bits 3-4 pick the zero component, bits 0-2 the signs. */
TSR_ALWAYS_INLINE double
tsr_grad4 (guint32 h, double x, double y, double z, double w)
{
  guint32 zc = (h >> 3) & 3;
  double a = zc == 0 ? y : x;
  double b = zc <= 1 ? z : y;
  double c = zc == 3 ? z : w;
  return ((h & 1) ? -a : a) + ((h & 2) ? -b : b) + ((h & 4) ? -c : c);
}

/* ---------------------------------------------------------------------
 * Per-basis entry points (noise-*.c), dispatched by noise.c.
 */
void   tsr_perlin2_row  (const TsrNoise2D *cfg, const double *x,
                         const double *y, gsize n, float *out);
void   tsr_simplex2_row (const TsrNoise2D *cfg, const double *x,
                         const double *y, gsize n, float *out);
void   tsr_value2_row   (const TsrNoise2D *cfg, const double *x,
                         const double *y, gsize n, float *out);
void   tsr_cells2_row   (const TsrNoise2D *cfg, const double *x,
                         const double *y, gsize n, float *out);

double tsr_perlin_sample  (guint32 seed, int dims, const double *p);
double tsr_simplex_sample (guint32 seed, int dims, const double *p);
double tsr_value_sample   (guint32 seed, int dims, const double *p);
double tsr_cells_sample   (guint32 seed, int dims, const double *p);

G_END_DECLS

#endif
