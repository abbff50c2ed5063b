/* Scalar reference helpers of the noise bases (not installed, not API).
 *
 * The reference definition of every per-sample operation: used by the raw
 * sample path (double), by the per-row scalar parts of the row kernels,
 * and by the tests.  The row kernels' vector twins (noise-vec.h) perform
 * the same operations in the same order; where a formula can be written
 * once for both (hash steps, fade, sine polynomial) it is, here, in
 * hash.h and in trig.h.
 *
 * Precision model of the row paths: coordinates arrive as double; the
 * clamp, the cell and the fraction are computed in double (exact), the
 * fraction is then rounded once to float and all interpolation is float
 * (simplex noise skews and floors in double, then continues in float).  The raw sample path
 * (tsr_noise_sample) is double throughout.
 */
#ifndef TSR_NOISE_INTERNAL_H
#define TSR_NOISE_INTERNAL_H

#include <math.h>
#include <string.h>

#include <glib.h>

#include "math/hash.h"
#include "noise/noise.h"
#include "math/trig.h"

G_BEGIN_DECLS

/* Samples per block of tsr_wrap_block (the scalar reference of the row
 * kernels' v_wrap, kept for the tests). */
#define TSR_BLOCK 32

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
 * (The row kernels' v_wrap does the same on vectors.)  The cells are all
 * read before any is written: a division reading half-wrapped cells would
 * make a sample depend on its neighbours for periods above 2^30. */
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
 * Hash to value
 */
/* Lattice value in [-1, 1): the hash's top 24 bits, exact in a float.
 * TSR_LATTICE_VALUE takes them already converted (a float or a vector). */
#define TSR_LATTICE_VALUE(top24) ((top24) * (1.0f / 8388608.0f) - 1.0f)

TSR_ALWAYS_INLINE float
tsr_lattice_value (guint32 h)
{
  return TSR_LATTICE_VALUE ((float) (gint32) (h >> 8));
}

/* ---------------------------------------------------------------------
 * Fade curve and output guard
 */

/* 6t^5 - 15t^4 + 10t^3, for floats, doubles and vectors of either: the
 * integer constants take the type of t. */
#define TSR_FADE(t) ((t) * (t) * (t) * ((t) * ((t) * 6 - 15) + 10))

TSR_ALWAYS_INLINE float
tsr_fadef (float t)
{
  return TSR_FADE (t);
}

TSR_ALWAYS_INLINE double
tsr_fade (double t)
{
  return TSR_FADE (t);
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
 * Deterministic sine/cosine of turns (trig.h), inline for row loops;
 * |t| < 2^28.
 */
TSR_DEFINE_SINCOS_QUADRANT (tsr_sincos_quadrant_i, double, tsr_floor_d)
TSR_DEFINE_SINCOS_TURNS (tsr_sincos_turns_i, double, tsr_floor_d, tsr_sincos_quadrant_i)

TSR_ALWAYS_INLINE double
tsr_sin_turns_i (double t)
{
  double sn, cs;

  tsr_sincos_turns_i (t, &sn, &cs);
  return sn;
}

TSR_ALWAYS_INLINE double
tsr_cos_turns_i (double t)
{
  double sn, cs;

  tsr_sincos_turns_i (t, &sn, &cs);
  return cs;
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

G_END_DECLS

#endif
