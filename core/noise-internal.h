/* Internal helpers shared by the noise bases (not installed, not API).
 *
 * Two layers:
 *   - the scalar helpers below: the reference definition of every
 *     per-sample operation, used by the raw sample path (double), by the
 *     per-row scalar parts of the row kernels, and by the tests;
 *   - the SIMD passes at the end of this file: vector twins of those
 *     helpers, in which the row kernels (noise-*.c) are written.
 *
 * The row kernels used to be plain loops over blocks of 32 samples, left
 * to GCC's auto-vectoriser.  GCC 12 vectorised them, GCC 14 (Debian 13)
 * did not: it sinks the float addition of "f + (f < 0 ? 1 : 0)" (and of
 * similar selects) into the arms of the branch, and with the default
 * -ftrapping-math it will not if-convert a branch holding a float
 * operation, so the loop kept its control flow ("unsupported control flow
 * in loop") and ran scalar, 3.5 to 5 times slower.  Vector extensions do
 * not depend on the vectoriser's heuristics: every operation is spelled
 * out on whole vectors, compiled the same by GCC 12, GCC 14 and clang,
 * at -O0 as at -O3.
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

#include <math.h>
#include <string.h>

#include <glib.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "hash.h"
#include "noise.h"

G_BEGIN_DECLS

/* Samples per block of tsr_wrap_block (the scalar reference of the row
 * kernels' v_wrap, kept for the tests). */
#define TSR_BLOCK 32

/* Row kernels are written with GCC vector extensions (portable to GCC and
 * clang, and unlike the auto-vectoriser not at the mercy of a compiler
 * version) at the native width of an instruction set, and on x86-64
 * compiled once per set: AVX-512F (16 float lanes), AVX2 (8) and baseline
 * SSE2 (4), picked at run time (tsr_simd_level).  Every lane performs the
 * same IEEE operations as the scalar reference, in the same order, and
 * without FMA contraction (-ffp-contract=off) every pass gives identical
 * bits; so do -O0, -O3 -march=native and clang builds (checked by
 * checksumming every basis and configuration, bench-noise --checksum).
 * See "SIMD passes" at the end of this file. */
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) \
    && !defined(__clang__) && !defined(TSR_NO_CLONES)
#define TSR_MULTI_ISA 1
#else
#define TSR_MULTI_ISA 0
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
 * and a correction (v_floor_d is its vector twin). */
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
 * and one conditional subtraction wraps it; other blocks take the per-lane
 * division.  Both paths give the same values, so the choice does not show.
 * (The row kernels' v_wrap does the same on vectors.  The previous row
 * code wrapped in place and let the division read the half-wrapped cells,
 * which for periods above 2^30 made a sample depend on its neighbours;
 * the cells are now read before any is written.) */
TSR_ALWAYS_INLINE void
tsr_wrap_block (const gint32 *i, gint32 p, double inv_p, gint32 *w)
{
  /* Unsigned differences (mod 2^32): with p <= 2^30 a lane before base
   * (at most ~2^29 before) lands above 2^31 >= 2p and is rejected. */
  const guint32 up = (guint32) p;
  const guint32 base = (guint32) i[0] - (guint32) tsr_wrap_v (i[0], p, inv_p);
  gboolean near = p <= (1 << 30);
  gint32 src[TSR_BLOCK];

  memcpy (src, i, sizeof src);
  for (int k = 0; k < TSR_BLOCK; k++)
    {
      guint32 r = (guint32) src[k] - base;

      w[k] = (gint32) (r - (r >= up ? up : 0u));
      near &= r < 2u * up;   /* 0 <= i[k] - base < 2p */
    }
  if (!near)
    for (int k = 0; k < TSR_BLOCK; k++)
      w[k] = tsr_wrap_v (src[k], p, inv_p);
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
 * SIMD level: 2 = AVX-512F, 1 = AVX2, 0 = the baseline (SSE2 on x86-64),
 * as the CPU allows, capped by the environment variable TSR_NOISE_SIMD
 * ("sse2", "avx2" or "avx512f"; for tests: every level gives the same
 * bits).  Always 0 without TSR_MULTI_ISA (one native pass).  noise.c. */
int    tsr_simd_level   (void);

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

/* What a row kernel does with its samples v[i]: store them (sink NULL
 * or TSR_SINK_STORE), or add them to a running fractal sum, out[i] +=
 * a * (v[i] - center) (TSR_SINK_FBM) or a * fabsf (v[i] - center)
 * (TSR_SINK_TURBULENCE): the float operations of the fractal layer's own
 * loops, in the same order, so the same bits. */
typedef enum
{
  TSR_SINK_STORE,
  TSR_SINK_FBM,
  TSR_SINK_TURBULENCE
} TsrSinkMode;

typedef struct
{
  TsrSinkMode mode;
  float       a, center;
} TsrSink;

/* Rows of constant y with x an affine function of the given coordinates:
 * v[i] = noise (x[i] * sx + ox, y), the product and sum in double
 * without contraction, so exactly tsr_noise2_row of the arrays a caller
 * would have computed, put into out[] as sink says.  The fractal layer's
 * fast path (no domain warp): no coordinate arrays, no test for a
 * constant y, no separate accumulation pass.  noise.c. */
void   tsr_noise2_row_affine (TsrBasis basis, const TsrNoise2D *cfg,
                              const double *x, double sx, double ox,
                              double y, gsize n, const TsrSink *sink,
                              float *out);
void   tsr_perlin2_row_affine (const TsrNoise2D *cfg, const double *x,
                               double sx, double ox, double y, gsize n,
                               const TsrSink *sink, float *out);

double tsr_perlin_sample  (guint32 seed, int dims, const double *p);
double tsr_simplex_sample (guint32 seed, int dims, const double *p);
double tsr_value_sample   (guint32 seed, int dims, const double *p);
double tsr_cells_sample   (guint32 seed, int dims, const double *p);

G_END_DECLS

#endif

/* =====================================================================
 * SIMD passes
 *
 * A noise-*.c file writes its row kernels once, in the vector types and
 * helpers below, and has them compiled once per instruction set:
 *
 *   #ifndef TSR_VPASS
 *   ... ordinary code ...
 *   #define foo_row_v TSR_V (foo_row_v)   (a name per pass)
 *   #define TSR_VPASS_FILE "noise-foo.c"
 *   #include "noise-internal.h"           (includes noise-foo.c per pass)
 *   ... TSR_VCALL (foo_row_v) (args): the pass for this CPU ...
 *   #else
 *   static void foo_row_v (...) { ... }   (the kernels)
 *   #endif
 *
 * In a pass, TSR_VPASS is the number of float lanes (16, 8 or 4), VF / VI
 * / VU are vectors of that many floats / int32 / uint32, VD / VL of half
 * as many doubles / int64 (the same size in bytes: a vector of samples'
 * double coordinates is two VD), VFH / VIH of half as many floats /
 * int32.  Every name defined in a pass carries the lane count (TSR_V), so
 * the passes coexist in one translation unit.  Masks are integer vectors
 * of -1 / 0 (the result of a vector comparison); selects are bitwise, so
 * no compiler turns them into branches.  Scalars in vector expressions are
 * broadcast and the operation is the scalar one on every lane.
 *
 * The helpers (v_split, v_hash1, v_grad2f, v_fadef, v_guardf, v_wrap ...)
 * are the vector twins of the scalar helpers above and perform the same
 * operations in the same order; where an x86 instruction does exactly
 * what the scalar code does (MAXPS is "a > b ? a : b", SQRTPS is sqrtf,
 * a permutation picks table entries) it is used through its intrinsic,
 * with a generic fallback elsewhere.
 *
 * Why several passes rather than one wide type with target_clones: GCC
 * lowers an operation on vectors wider than the target's registers piece
 * by piece, but comparisons of such vectors lane by lane, in scalar code.
 */
#ifndef TSR_NOISE_SIMD_MACROS
#define TSR_NOISE_SIMD_MACROS
#define TSR_VCAT_(a, b) a##b
#define TSR_VCAT(a, b)  TSR_VCAT_ (a, b)
#define TSR_V(name)     TSR_VCAT (name, TSR_VPASS)

#if defined(__AVX512F__)
#define TSR_VNATIVE 16
#elif defined(__AVX2__)
#define TSR_VNATIVE 8
#else
#define TSR_VNATIVE 4
#endif

/* The kernel for the current CPU: TSR_VCALL (foo_row) (args). */
#if TSR_MULTI_ISA
#define TSR_VCALL(name) \
  (tsr_simd_level () >= 2 ? name##16 : tsr_simd_level () >= 1 ? name##8 \
                                                              : name##4)
#elif TSR_VNATIVE == 16
#define TSR_VCALL(name) name##16
#elif TSR_VNATIVE == 8
#define TSR_VCALL(name) name##8
#else
#define TSR_VCALL(name) name##4
#endif
#endif /* TSR_NOISE_SIMD_MACROS */

/* Instantiate the includer's kernels, once per pass. */
#if defined(TSR_VPASS_FILE) && !defined(TSR_VPASS)
#if TSR_MULTI_ISA
#pragma GCC push_options
#pragma GCC target ("avx512f")
#define TSR_VPASS 16
#include "noise-internal.h"
#include TSR_VPASS_FILE
#undef TSR_VPASS
#pragma GCC pop_options
#pragma GCC push_options
#pragma GCC target ("avx2")
#define TSR_VPASS 8
#include "noise-internal.h"
#include TSR_VPASS_FILE
#undef TSR_VPASS
#pragma GCC pop_options
#define TSR_VPASS 4
#include "noise-internal.h"
#include TSR_VPASS_FILE
#undef TSR_VPASS
#else
#define TSR_VPASS TSR_VNATIVE
#include "noise-internal.h"
#include TSR_VPASS_FILE
#undef TSR_VPASS
#endif
#undef TSR_VPASS_FILE
#endif

/* ---------------------------------------------------------------------
 * The toolkit of one pass (included by the instantiation above).
 */
#if defined(TSR_VPASS)

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

#define VN  TSR_VPASS
#define VF  TSR_V (tsr_vf)
#define VI  TSR_V (tsr_vi)
#define VU  TSR_V (tsr_vu)
#define VD  TSR_V (tsr_vd)
#define VL  TSR_V (tsr_vl)
#define VFH TSR_V (tsr_vfh)
#define VIH TSR_V (tsr_vih)

typedef float   VF  __attribute__ ((vector_size (4 * TSR_VPASS)));
typedef gint32  VI  __attribute__ ((vector_size (4 * TSR_VPASS)));
typedef guint32 VU  __attribute__ ((vector_size (4 * TSR_VPASS)));
typedef double  VD  __attribute__ ((vector_size (4 * TSR_VPASS)));
typedef gint64  VL  __attribute__ ((vector_size (4 * TSR_VPASS)));
typedef float   VFH __attribute__ ((vector_size (2 * TSR_VPASS)));
typedef gint32  VIH __attribute__ ((vector_size (2 * TSR_VPASS)));

/* Lane index lists for __builtin_shufflevector. */
#undef TSR_VIDX_ALL
#undef TSR_VIDX_LO
#undef TSR_VIDX_HI
#if TSR_VPASS == 16
#define TSR_VIDX_ALL 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
#define TSR_VIDX_LO  0, 1, 2, 3, 4, 5, 6, 7
#define TSR_VIDX_HI  8, 9, 10, 11, 12, 13, 14, 15
#elif TSR_VPASS == 8
#define TSR_VIDX_ALL 0, 1, 2, 3, 4, 5, 6, 7
#define TSR_VIDX_LO  0, 1, 2, 3
#define TSR_VIDX_HI  4, 5, 6, 7
#elif TSR_VPASS == 4
#define TSR_VIDX_ALL 0, 1, 2, 3
#define TSR_VIDX_LO  0, 1
#define TSR_VIDX_HI  2, 3
#else
#error "TSR_VPASS must be 4, 8 or 16"
#endif

#define TSR_VINLINE static inline __attribute__ ((always_inline, unused))

/* Full unrolling of the short loops over taps, cells or lanes, so that
 * their vectors stay in registers (GCC -O2 unrolls only tiny loops). */
#ifndef TSR_UNROLL
#define TSR_PRAGMA(x)   _Pragma (#x)
#define TSR_UNROLL(n)   TSR_PRAGMA (GCC unroll n)
#endif

/* Helper names carry the lane count. */
#define v_any TSR_V (v_any)
#define v_load_part TSR_V (v_load_part)
#define v_sink TSR_V (v_sink)
#define v_maxf TSR_V (v_maxf)
#define v_minf TSR_V (v_minf)
#define v_maxd TSR_V (v_maxd)
#define v_mind TSR_V (v_mind)
#define v_maxi TSR_V (v_maxi)
#define v_mini TSR_V (v_mini)
#define v_trunc_d TSR_V (v_trunc_d)
#define v_bit TSR_V (v_bit)
#define v_catf TSR_V (v_catf)
#define v_cati TSR_V (v_cati)
#define v_clamp_coord TSR_V (v_clamp_coord)
#define v_dtof TSR_V (v_dtof)
#define v_dtoi TSR_V (v_dtoi)
#define v_fadef TSR_V (v_fadef)
#define v_flipf TSR_V (v_flipf)
#define v_floor_d TSR_V (v_floor_d)
#define v_ftod TSR_V (v_ftod)
#define v_gather TSR_V (v_gather)
#define v_grad2_vec TSR_V (v_grad2_vec)
#define v_grad2f TSR_V (v_grad2f)
#define v_guardf TSR_V (v_guardf)
#define v_hash1 TSR_V (v_hash1)
#define v_hash2_from1 TSR_V (v_hash2_from1)
#define v_hash3_from2 TSR_V (v_hash3_from2)
#define v_hash4_from3 TSR_V (v_hash4_from3)
#define v_hif TSR_V (v_hif)
#define v_hii TSR_V (v_hii)
#define v_iota TSR_V (v_iota)
#define v_itod TSR_V (v_itod)
#define v_itof TSR_V (v_itof)
#define v_lattice_value TSR_V (v_lattice_value)
#define v_load_coords TSR_V (v_load_coords)
#define v_loadd TSR_V (v_loadd)
#define v_load_coords_rep TSR_V (v_load_coords_rep)
#define v_load_coords_affine TSR_V (v_load_coords_affine)
#define v_split_segment TSR_V (v_split_segment)
#define v_row_y_constant TSR_V (v_row_y_constant)
#define v_loadf TSR_V (v_loadf)
#define v_sqrtf TSR_V (v_sqrtf)
#define v_absf TSR_V (v_absf)
#define v_sincos_turns TSR_V (v_sincos_turns)
#define v_lookup TSR_V (v_lookup)
#define v_loadi TSR_V (v_loadi)
#define v_lof TSR_V (v_lof)
#define v_loi TSR_V (v_loi)
#define v_maskd TSR_V (v_maskd)
#define v_maskf TSR_V (v_maskf)
#define v_mix32 TSR_V (v_mix32)
#define v_sel TSR_V (v_sel)
#define v_seld TSR_V (v_seld)
#define v_seli TSR_V (v_seli)
#define v_splatd TSR_V (v_splatd)
#define v_splatf TSR_V (v_splatf)
#define v_splati TSR_V (v_splati)
#define v_split TSR_V (v_split)
#define v_store_part TSR_V (v_store_part)
#define v_storef TSR_V (v_storef)
#define v_storei TSR_V (v_storei)
#define v_wrap TSR_V (v_wrap)
#define v_wrap_dec TSR_V (v_wrap_dec)
#define v_wrap_inc TSR_V (v_wrap_inc)
#define v_wrap_slow TSR_V (v_wrap_slow)

/* Broadcasts, through the bits (x + 0 would turn -0 into +0). */
TSR_VINLINE VF
v_splatf (float x)
{
  guint32 u;

  memcpy (&u, &x, sizeof u);
  return (VF) ((VU) { 0 } + u);
}

TSR_VINLINE VI
v_splati (gint32 x)
{
  return (VI) { 0 } + x;
}

TSR_VINLINE VD
v_splatd (double x)
{
  guint64 u;

  memcpy (&u, &x, sizeof u);
  return (VD) ((VL) { 0 } + (gint64) u);
}

/* Lane numbers 0 .. VN - 1. */
TSR_VINLINE VI
v_iota (void)
{
  return (VI) { TSR_VIDX_ALL };
}

TSR_VINLINE VF
v_sel (VI m, VF a, VF b)
{
  return (VF) (((VI) a & m) | ((VI) b & ~m));
}

TSR_VINLINE VI
v_seli (VI m, VI a, VI b)
{
  return (a & m) | (b & ~m);
}

TSR_VINLINE VD
v_seld (VL m, VD a, VD b)
{
  return (VD) (((VL) a & m) | ((VL) b & ~m));
}

/* a > b ? a : b and a < b ? a : b, exactly (b when unordered or both
 * zero: the x86 MAXPS / MINPS rule, one instruction there). */
#undef TSR_VX
#undef TSR_VXF
#undef TSR_VXD
#undef TSR_VXI
#if defined(__x86_64__) || defined(__i386__)
#if TSR_VPASS == 16
#define TSR_VX(op, t) _mm512_##op##_##t
#define TSR_VXF __m512
#define TSR_VXD __m512d
#define TSR_VXI __m512i
#elif TSR_VPASS == 8
#define TSR_VX(op, t) _mm256_##op##_##t
#define TSR_VXF __m256
#define TSR_VXD __m256d
#define TSR_VXI __m256i
#else
#define TSR_VX(op, t) _mm_##op##_##t
#define TSR_VXF __m128
#define TSR_VXD __m128d
#define TSR_VXI __m128i
#endif
#endif

TSR_VINLINE VF
v_maxf (VF a, VF b)
{
#ifdef TSR_VX
  return (VF) TSR_VX (max, ps) ((TSR_VXF) a, (TSR_VXF) b);
#else
  return v_sel (a > b, a, b);
#endif
}

TSR_VINLINE VF
v_minf (VF a, VF b)
{
#ifdef TSR_VX
  return (VF) TSR_VX (min, ps) ((TSR_VXF) a, (TSR_VXF) b);
#else
  return v_sel (a < b, a, b);
#endif
}

TSR_VINLINE VD
v_maxd (VD a, VD b)
{
#ifdef TSR_VX
  return (VD) TSR_VX (max, pd) ((TSR_VXD) a, (TSR_VXD) b);
#else
  return v_seld (a > b, a, b);
#endif
}

TSR_VINLINE VD
v_mind (VD a, VD b)
{
#ifdef TSR_VX
  return (VD) TSR_VX (min, pd) ((TSR_VXD) a, (TSR_VXD) b);
#else
  return v_seld (a < b, a, b);
#endif
}

TSR_VINLINE VI
v_maxi (VI a, VI b)
{
#if defined(TSR_VX) && TSR_VPASS >= 8
  return (VI) TSR_VX (max, epi32) ((TSR_VXI) a, (TSR_VXI) b);
#else
  return v_seli (a > b, a, b);
#endif
}

TSR_VINLINE VI
v_mini (VI a, VI b)
{
#if defined(TSR_VX) && TSR_VPASS >= 8
  return (VI) TSR_VX (min, epi32) ((TSR_VXI) a, (TSR_VXI) b);
#else
  return v_seli (a < b, a, b);
#endif
}

/* m ? x : 0 for a float constant x (an and, no select). */
TSR_VINLINE VF
v_maskf (VI m, float x)
{
  return (VF) (m & (VI) v_splatf (x));
}

TSR_VINLINE VD
v_maskd (VL m, double x)
{
  return (VD) (m & (VL) v_splatd (x));
}

/* Whether any lane of a mask is set. */
TSR_VINLINE gboolean
v_any (VI m)
{
#if (defined(__x86_64__) || defined(__i386__)) && TSR_VPASS == 16
  return _mm512_test_epi32_mask ((__m512i) m, (__m512i) m) != 0;
#elif (defined(__x86_64__) || defined(__i386__)) && TSR_VPASS == 8
  return !_mm256_testz_si256 ((__m256i) m, (__m256i) m);
#elif (defined(__x86_64__) || defined(__i386__)) && defined(__SSE2__)
  return _mm_movemask_epi8 ((__m128i) m) != 0;
#else
  guint64 w[VN / 2], acc = 0;

  memcpy (w, &m, sizeof w);
  for (int k = 0; k < VN / 2; k++)
    acc |= w[k];
  return acc != 0;
#endif
}

TSR_VINLINE VF
v_loadf (const float *p)
{
  VF v;

  memcpy (&v, p, sizeof v);
  return v;
}

TSR_VINLINE VI
v_loadi (const gint32 *p)
{
  VI v;

  memcpy (&v, p, sizeof v);
  return v;
}

TSR_VINLINE VD
v_loadd (const double *p)
{
  VD v;

  memcpy (&v, p, sizeof v);
  return v;
}

TSR_VINLINE void
v_storef (float *p, VF v)
{
  memcpy (p, &v, sizeof v);
}

TSR_VINLINE void
v_storei (gint32 *p, VI v)
{
  memcpy (p, &v, sizeof v);
}

/* Halves and their concatenation. */
TSR_VINLINE VF
v_catf (VFH lo, VFH hi)
{
  return __builtin_shufflevector (lo, hi, TSR_VIDX_ALL);
}

TSR_VINLINE VI
v_cati (VIH lo, VIH hi)
{
  return __builtin_shufflevector (lo, hi, TSR_VIDX_ALL);
}

TSR_VINLINE VIH
v_loi (VI v)
{
  return __builtin_shufflevector (v, v, TSR_VIDX_LO);
}

TSR_VINLINE VIH
v_hii (VI v)
{
  return __builtin_shufflevector (v, v, TSR_VIDX_HI);
}

TSR_VINLINE VFH
v_lof (VF v)
{
  return __builtin_shufflevector (v, v, TSR_VIDX_LO);
}

TSR_VINLINE VFH
v_hif (VF v)
{
  return __builtin_shufflevector (v, v, TSR_VIDX_HI);
}

/* Conversions, lane by lane as the C casts (in range: truncation toward
 * zero for double -> int, round to nearest for double -> float). */
TSR_VINLINE VIH
v_dtoi (VD v)
{
  return __builtin_convertvector (v, VIH);
}

TSR_VINLINE VD
v_itod (VIH v)
{
#if (defined(__x86_64__) || defined(__i386__)) && TSR_VPASS == 16
  return (VD) _mm512_cvtepi32_pd ((__m256i) v);
#elif (defined(__x86_64__) || defined(__i386__)) && TSR_VPASS == 8
  return (VD) _mm256_cvtepi32_pd ((__m128i) v);
#else
  return __builtin_convertvector (v, VD);
#endif
}

/* (double) (gint32) v for |v| < 2^31, but for the sign of a zero result
 * (-0 for v in (-1, -0]): every use below adds or subtracts it in a way
 * that gives the same value either way. */
TSR_VINLINE VD
v_trunc_d (VD v)
{
#if (defined(__x86_64__) || defined(__i386__)) && TSR_VPASS == 16
  return (VD) _mm512_roundscale_pd ((__m512d) v,
                                    _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
#elif (defined(__x86_64__) || defined(__i386__)) && TSR_VPASS == 8
  return (VD) _mm256_round_pd ((__m256d) v,
                               _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
#else
  return v_itod (v_dtoi (v));
#endif
}

TSR_VINLINE VFH
v_dtof (VD v)
{
  return __builtin_convertvector (v, VFH);
}

TSR_VINLINE VD
v_ftod (VFH v)
{
  return __builtin_convertvector (v, VD);
}

TSR_VINLINE VF
v_itof (VI v)
{
  return __builtin_convertvector (v, VF);
}

/* tsr_clamp_coord */
TSR_VINLINE VD
v_clamp_coord (VD v)
{
  return v_mind (v_maxd (v, v_splatd (-TSR_COORD_LIMIT)),
                 v_splatd (TSR_COORD_LIMIT));
}

/* tsr_floor_d */
TSR_VINLINE VD
v_floor_d (VD v)
{
  VD t = v_trunc_d (v);

  return t + v_maskd (v < t, -1.0);
}

/* tsr_split of two halves of clamped coordinates: the cells, and the
 * fractions returned. */
TSR_VINLINE VF
v_split (VD lo, VD hi, VI *cell)
{
  VIH ilo = v_dtoi (lo), ihi = v_dtoi (hi);
  VFH flo = v_dtof (lo - v_trunc_d (lo));
  VFH fhi = v_dtof (hi - v_trunc_d (hi));
  VF f = v_catf (flo, fhi);
  VI neg = f < 0.0f;

  *cell = v_cati (ilo, ihi) + neg;
  return f + v_maskf (neg, 1.0f);
}

/* Loads VN coordinates (m < VN: the first m, the rest 0), clamped, as two
 * halves. */
TSR_VINLINE void
v_load_coords (const double *src, gsize m, VD *lo, VD *hi)
{
  if (m >= VN)
    {
      *lo = v_loadd (src);
      *hi = v_loadd (src + VN / 2);
    }
  else
    {
      double buf[VN];

      for (gsize k = 0; k < VN; k++)
        buf[k] = k < m ? src[k] : 0.0;
      *lo = v_loadd (buf);
      *hi = v_loadd (buf + VN / 2);
    }
  *lo = v_clamp_coord (*lo);
  *hi = v_clamp_coord (*hi);
}

/* The same, padding with the last coordinate instead of 0 (m >= 1), so
 * that every lane is a sample of the row (row-coherent paths). */
TSR_VINLINE void
v_load_coords_rep (const double *src, gsize m, VD *lo, VD *hi)
{
  if (m >= VN)
    {
      *lo = v_loadd (src);
      *hi = v_loadd (src + VN / 2);
    }
  else
    {
      double buf[VN];

      for (gsize k = 0; k < VN; k++)
        buf[k] = src[k < m ? k : m - 1];
      *lo = v_loadd (buf);
      *hi = v_loadd (buf + VN / 2);
    }
  *lo = v_clamp_coord (*lo);
  *hi = v_clamp_coord (*hi);
}

/* v_load_coords_rep of x[k] * sx + ox (double, no contraction: the
 * same value as a caller computing that coordinate first). */
TSR_VINLINE void
v_load_coords_affine (const double *src, gsize m, double sx, double ox,
                      VD *lo, VD *hi)
{
  if (m >= VN)
    {
      *lo = v_loadd (src);
      *hi = v_loadd (src + VN / 2);
    }
  else
    {
      double buf[VN];

      for (gsize k = 0; k < VN; k++)
        buf[k] = src[k < m ? k : m - 1];
      *lo = v_loadd (buf);
      *hi = v_loadd (buf + VN / 2);
    }
  *lo = v_clamp_coord (*lo * sx + ox);
  *hi = v_clamp_coord (*hi * sx + ox);
}

/* Splits the ns coordinates at x (each times sx plus ox when affine) into
 * lattice cells and float fractions, and finds the lowest and highest cell
 * (padding lanes repeat the last sample, so they do not widen the range).
 * The first step of every row-coherent kernel. */
TSR_VINLINE void
v_split_segment (const double *x, gsize ns, gboolean affine, double sx,
                 double ox, gint32 *cell, float *frac, gint32 *cmin,
                 gint32 *cmax)
{
  VI lo = v_splati (G_MAXINT32), hi = v_splati (G_MININT32);

  for (gsize i = 0; i < ns; i += VN)
    {
      VD xl, xh;
      VI c;

      if (affine)
        v_load_coords_affine (x + i, ns - i, sx, ox, &xl, &xh);
      else
        v_load_coords_rep (x + i, ns - i, &xl, &xh);
      v_storef (frac + i, v_split (xl, xh, &c));
      v_storei (cell + i, c);
      lo = v_mini (c, lo);
      hi = v_maxi (c, hi);
    }
  *cmin = G_MAXINT32;
  *cmax = G_MININT32;
  for (int k = 0; k < VN; k++)
    {
      *cmin = MIN (*cmin, lo[k]);
      *cmax = MAX (*cmax, hi[k]);
    }
}

/* Whether y[0 .. n) are all equal (==: +0 and -0 give the same noise),
 * so that a kernel may take the row as one of constant y. */
TSR_VINLINE gboolean
v_row_y_constant (const double *y, gsize n)
{
  const VD y0 = v_splatd (n > 0 ? y[0] : 0.0);
  gsize i = 0;

  if (n == 0)
    return FALSE;
  while (i + VN <= n)
    {
      VL d = (VL) ((v_loadd (y + i) != y0) | (v_loadd (y + i + VN / 2) != y0));

      if (v_any ((VI) d))
        return FALSE;
      i += VN;
    }
  for (; i < n; i++)
    if (!(y[i] == y[0]))
      return FALSE;
  return TRUE;
}

/* Loads the first m (<= VN) floats, the other lanes 0. */
TSR_VINLINE VF
v_load_part (const float *src, gsize m)
{
  float buf[VN] = { 0 };

  if (m >= VN)
    return v_loadf (src);
  memcpy (buf, src, m * sizeof (float));
  return v_loadf (buf);
}

/* Stores the first m (<= VN) lanes. */
TSR_VINLINE void
v_store_part (float *dst, gsize m, VF v)
{
  if (m >= VN)
    v_storef (dst, v);
  else
    {
      float buf[VN];

      v_storef (buf, v);
      memcpy (dst, buf, m * sizeof (float));
    }
}

/* Hashes (hash.h). */
TSR_VINLINE VU
v_mix32 (VU h)
{
  TSR_MIX32_STEPS (h);
  return h;
}

TSR_VINLINE VU
v_hash1 (guint32 seed, VI x)
{
  return v_mix32 (seed ^ v_mix32 ((VU) x + 0x9e3779b9u));
}

TSR_VINLINE VU
v_hash2_from1 (VU h1, VI y)
{
  return v_mix32 (h1 ^ ((VU) y * 0x85ebca6bu));
}

TSR_VINLINE VU
v_hash3_from2 (VU h2, VI z)
{
  return v_mix32 (h2 ^ ((VU) z * 0xc2b2ae35u));
}

TSR_VINLINE VU
v_hash4_from3 (VU h3, VI w)
{
  return v_mix32 (h3 ^ ((VU) w * 0x27d4eb2fu));
}

/* tsr_lattice_value */
TSR_VINLINE VF
v_lattice_value (VU h)
{
  return v_itof ((VI) (h >> 8)) * (1.0f / 8388608.0f) - 1.0f;
}

/* x with its sign flipped where `bit` (0 or 0x80000000) is set. */
TSR_VINLINE VF
v_flipf (VF x, VU bit)
{
  return (VF) ((VU) x ^ bit);
}

/* All ones where bit `b` of h is set. */
TSR_VINLINE VI
v_bit (VU h, int b)
{
  return -(VI) ((h >> b) & 1u);
}

/* The gradient of tsr_grad2f, as its two components.  With 16 or 8
 * lanes, looked up by register permutation in tables of the very floats
 * the selects below produce (entry k: hash bits 28.. = k). */
TSR_VINLINE void
v_grad2_vec (VU h, VF *gx, VF *gy)
{
#if !defined(__clang__) && (TSR_VPASS == 16 || TSR_VPASS == 8)
#define TSR_G2A(k) ((k) & 1 ? (float) TSR_G2_C2 : (float) TSR_G2_C1)
#define TSR_G2B(k) ((k) & 1 ? (float) TSR_G2_S2 : (float) TSR_G2_S1)
#define TSR_G2GX(k) (((k) & 4 ? -1.0f : 1.0f) \
                     * ((k) & 2 ? TSR_G2B (k) : TSR_G2A (k)))
#define TSR_G2GY(k) (((k) & 8 ? -1.0f : 1.0f) \
                     * ((k) & 2 ? TSR_G2A (k) : TSR_G2B (k)))
#if TSR_VPASS == 16
  /* bits 28..31 index the 16 gradients */
  const VF tx = { TSR_G2GX (0), TSR_G2GX (1), TSR_G2GX (2), TSR_G2GX (3),
                  TSR_G2GX (4), TSR_G2GX (5), TSR_G2GX (6), TSR_G2GX (7),
                  TSR_G2GX (8), TSR_G2GX (9), TSR_G2GX (10), TSR_G2GX (11),
                  TSR_G2GX (12), TSR_G2GX (13), TSR_G2GX (14),
                  TSR_G2GX (15) };
  const VF ty = { TSR_G2GY (0), TSR_G2GY (1), TSR_G2GY (2), TSR_G2GY (3),
                  TSR_G2GY (4), TSR_G2GY (5), TSR_G2GY (6), TSR_G2GY (7),
                  TSR_G2GY (8), TSR_G2GY (9), TSR_G2GY (10), TSR_G2GY (11),
                  TSR_G2GY (12), TSR_G2GY (13), TSR_G2GY (14),
                  TSR_G2GY (15) };
  VI k = (VI) (h >> 28);

  *gx = __builtin_shuffle (tx, k);
  *gy = __builtin_shuffle (ty, k);
#else
  /* x: bits 28, 29, 30; y: bits 28, 29, 31 */
  const VF tx = { TSR_G2GX (0), TSR_G2GX (1), TSR_G2GX (2), TSR_G2GX (3),
                  TSR_G2GX (4), TSR_G2GX (5), TSR_G2GX (6), TSR_G2GX (7) };
  const VF ty = { TSR_G2GY (0), TSR_G2GY (1), TSR_G2GY (2), TSR_G2GY (3),
                  TSR_G2GY (8), TSR_G2GY (9), TSR_G2GY (10),
                  TSR_G2GY (11) };
  VI kx = (VI) (h >> 28);
  VI ky = (VI) (((h >> 28) & 3u) | ((h >> 29) & 4u));

  *gx = __builtin_shuffle (tx, kx);
  *gy = __builtin_shuffle (ty, ky);
#endif
#undef TSR_G2A
#undef TSR_G2B
#undef TSR_G2GX
#undef TSR_G2GY
#else
  VI m28 = v_bit (h, 28), m29 = v_bit (h, 29);
  VF a = v_sel (m28, v_splatf ((float) TSR_G2_C2),
                        v_splatf ((float) TSR_G2_C1));
  VF b = v_sel (m28, v_splatf ((float) TSR_G2_S2),
                        v_splatf ((float) TSR_G2_S1));

  *gx = v_flipf (v_sel (m29, b, a), (h << 1) & 0x80000000u);
  *gy = v_flipf (v_sel (m29, a, b), h & 0x80000000u);
#endif
}

/* tsr_grad2f */
TSR_VINLINE VF
v_grad2f (VU h, VF dx, VF dy)
{
  VF gx, gy;

  v_grad2_vec (h, &gx, &gy);
  return gx * dx + gy * dy;
}

/* tsr_fadef */
TSR_VINLINE VF
v_fadef (VF t)
{
  return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
}

/* tsr_guardf */
TSR_VINLINE VF
v_guardf (VF v)
{
  return v_minf (v_maxf (v, v_splatf (-1.0f)), v_splatf (1.0f));
}

/* tsr_wrap_add (w, 1, p) and tsr_wrap_add (w, -1, p), p >= 0. */
TSR_VINLINE VI
v_wrap_inc (VI w, gint32 p)
{
  VU r = (VU) w + 1u;

  return (VI) (r - ((VU) (r >= (guint32) p) & (guint32) p));
}

TSR_VINLINE VI
v_wrap_dec (VI w, gint32 p)
{
  VI r = w - 1;

  return r + ((r < 0) & p);
}

/* tsr_wrap (i, p) for p >= 1 and |i| <= 2^30 (tsr_wrap_v). */
TSR_VINLINE VI
v_wrap_slow (VI i, gint32 p, double inv_p)
{
  VD lo = v_itod (v_loi (i));
  VD hi = v_itod (v_hii (i));
  VIH qlo = v_dtoi (v_floor_d ((lo + 0.5) * inv_p));
  VIH qhi = v_dtoi (v_floor_d ((hi + 0.5) * inv_p));
  VU q = (VU) v_cati (qlo, qhi);

  return (VI) ((VU) i - q * (guint32) p);
}

/* tsr_wrap (i, p), p >= 1, i clamped cells.  *base is a multiple of p
 * (start with 0) kept from call to call along a row: when every lane lies
 * within two periods past it (the usual case) one conditional subtraction
 * wraps them; otherwise *base moves to the start of lane 0's period and
 * that is tried again; otherwise the division above.  The same values
 * whichever way, so the choice does not show. */
TSR_VINLINE VI
v_wrap (VI i, gint32 p, double inv_p, guint32 *base)
{
  const guint32 up = (guint32) p;

  if (G_LIKELY (p <= (1 << 30)))
    {
      /* Unsigned differences (mod 2^32): a lane before *base (at most
       * ~2^30 before) lands above 2^31 >= 2p and is rejected. */
      VU r = (VU) i - *base;

      if (G_LIKELY (!v_any ((VI) (r >= 2u * up))))
        return (VI) (r - ((VU) (r >= up) & up));
      *base = (guint32) i[0] - (guint32) tsr_wrap_v (i[0], p, inv_p);
      r = (VU) i - *base;
      if (!v_any ((VI) (r >= 2u * up)))
        return (VI) (r - ((VU) (r >= up) & up));
    }
  return v_wrap_slow (i, p, inv_p);
}

/* sqrtf and fabsf, lane by lane (IEEE square root: exact rounding). */
TSR_VINLINE VF
v_sqrtf (VF v)
{
#if (defined(__x86_64__) || defined(__i386__)) && TSR_VPASS == 16
  return (VF) _mm512_sqrt_ps ((__m512) v);
#elif (defined(__x86_64__) || defined(__i386__)) && TSR_VPASS == 8
  return (VF) _mm256_sqrt_ps ((__m256) v);
#elif (defined(__x86_64__) || defined(__i386__)) && defined(__SSE__)
  return (VF) _mm_sqrt_ps ((__m128) v);
#else
  VF r = v;

  for (int k = 0; k < VN; k++)
    r[k] = sqrtf (v[k]);
  return r;
#endif
}

TSR_VINLINE VF
v_absf (VF v)
{
  return (VF) ((VU) v & 0x7fffffffu);
}

/* tsr_sincos_turns_i, lane by lane: the same operations in the same
 * order, the two results sharing the reduction and polynomials as the
 * compiler shares them between tsr_turns_i (t, 0) and (t, 1). */
TSR_VINLINE void
v_sincos_turns (VD t, VD *sn_out, VD *cs_out)
{
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
  VD q = v_floor_d (4.0 * t + 0.5);
  VD s = t - q * 0.25;
  VD z = s * s;
  VD sn = s * (s1 + z * (s3 + z * (s5 + z * (s7 + z * (s9 + z * (s11
                                            + z * (s13 + z * s15)))))));
  VD cs = 1.0 + z * (c2 + z * (c4 + z * (c6 + z * (c8 + z * (c10 + z * (c12
                                                          + z * c14))))));

  TSR_UNROLL (2)
  for (int quarter = 0; quarter < 2; quarter++)
    {
      VD m = q + (double) quarter;
      VD mq = m - 4.0 * v_floor_d (m * 0.25);
      VD mh = m - 2.0 * v_floor_d (m * 0.5);
      VD r = (sn * (1.0 - mh) + cs * mh) * (1.0 - (mq - mh));

      if (quarter == 0)
        *sn_out = r;
      else
        *cs_out = r;
    }
}

/* The first m (<= VN) samples v into dst as a TsrSink of mode `mode`
 * (a constant where it is inlined) says. */
TSR_VINLINE void
v_sink (float *dst, gsize m, VF v, TsrSinkMode mode, const TsrSink *sink)
{
  if (mode == TSR_SINK_STORE)
    v_store_part (dst, m, v);
  else
    {
      VF d = v - sink->center;

      if (mode == TSR_SINK_TURBULENCE)
        d = v_absf (d);
      v_store_part (dst, m, v_load_part (dst, m) + sink->a * d);
    }
}

/* Row tables.  A row of constant y touches few lattice columns; their
 * integer work (hashes, gradient picks) is done once per column into
 * tables, and each sample looks its columns up.  Integer results are
 * exact, so this changes no bit.
 *
 * v_lookup (t + base, rel) == t[base + rel[k]] for 0 <= rel[k] < VN: one
 * register permutation (t + base must be readable for VN floats). */
TSR_VINLINE VF
v_lookup (const float *t, VI rel)
{
#if defined(__clang__)
  VF r;

  for (int k = 0; k < VN; k++)
    r[k] = t[rel[k]];
  return r;
#else
  return __builtin_shuffle (v_loadf (t), rel);
#endif
}

/* t[idx[k]] for every lane (idx >= 0, within t). */
TSR_VINLINE VF
v_gather (const float *t, VI idx)
{
  VF r;

  for (int k = 0; k < VN; k++)
    r[k] = t[idx[k]];
  return r;
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif /* TSR_VPASS */
