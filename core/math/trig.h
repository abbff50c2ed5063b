/* Deterministic sine and cosine of whole turns.
 *
 * libm's sin/cos may differ in the last bit between C libraries and
 * versions; textures must not.  These use only +, *, floor and a fixed
 * polynomial, so they are bit-identical everywhere IEEE-754 doubles are,
 * and vectorise inside row loops.  Absolute error < 1e-9. */
#ifndef TSR_TRIG_H
#define TSR_TRIG_H

#include <glib.h>

G_BEGIN_DECLS

/* sin (2 pi t) and cos (2 pi t), any finite t. */
double tsr_sin_turns (double t);
double tsr_cos_turns (double t);

G_END_DECLS

/* The polynomial behind them, as one body for doubles (noise-internal.h)
 * and for vectors of doubles (noise-vec.h).
 *
 * t is split as t = q/4 + s with q = round (4t) and |s| <= 1/8 (exactly:
 * q/4 is a multiple of 1/4, so t - q/4 is representable).  sin (2 pi s)
 * and cos (2 pi s) are Taylor polynomials in s of degree 15 and 14
 * (|2 pi s| <= pi/4; truncation error < 2e-15), and the quadrant q mod 4
 * picks +-sin or +-cos.  Domain: |t| < 2^28 (the floor is a truncation);
 * trig.c widens it to every finite t.  Against libm the absolute error is
 * below 1.3e-15; exact at every quarter turn.
 */
/* (2 pi)^k / k! with alternating signs, k odd 1..15 / even 2..14, in
 * Horner form over z = s^2. */
#define TSR_SIN_TURNS_POLY(s, z)                                           \
  ((s) * (6.2831853071795862320 + (z) * (-41.341702240399762047           \
   + (z) * (81.605249276075056741 + (z) * (-76.705859753061389483          \
   + (z) * (42.058693944897655115 + (z) * (-15.094642576822989710          \
   + (z) * (3.8199525848482820400 + (z) * -0.71812230177850056023))))))))

#define TSR_COS_TURNS_POLY(z)                                              \
  (1.0 + (z) * (-19.739208802178715985 + (z) * (64.939394022668295747     \
   + (z) * (-85.456817206693727940 + (z) * (60.244641371876660685          \
   + (z) * (-26.426256783374398651 + (z) * (7.9035363713184692003          \
   + (z) * -1.7143907110886720258)))))))

/* Defines  static void name (T t, T *sin_out, T *cos_out)  for T double or
 * a vector of doubles, floor_d its floor (a double holding an integer),
 * quadrant (q, sn, cs, sin_out, cos_out) the pick of the results by q
 * mod 4 (TSR_DEFINE_SINCOS_QUADRANT's, or one with the same bits). */
#define TSR_DEFINE_SINCOS_TURNS(name, T, floor_d, quadrant)                \
  static inline __attribute__ ((always_inline, unused)) void               \
  name (T t, T *sin_out, T *cos_out)                                       \
  {                                                                        \
    T q = floor_d (4.0 * t + 0.5);                                         \
    T s = t - q * 0.25;                                                    \
    T z = s * s;                                                           \
                                                                           \
    quadrant (q, TSR_SIN_TURNS_POLY (s, z), TSR_COS_TURNS_POLY (z),        \
              sin_out, cos_out);                                           \
  }

/* Defines  static void name (T q, T sn, T cs, T *sin_out, T *cos_out):
 * the quadrant's pick in double (q is an integer < 2^30, exact) so that
 * every select compares doubles: int masks in double selects do not
 * vectorise on SSE2.  The result is picked by exact arithmetic (x * 1,
 * x * 0 + y, x * -1 are exact): sn or cs, then the sign
 * 1 - (m mod 4 - m mod 2) = +1, +1, -1, -1.  A select would let GCC
 * compute only one polynomial per arm, and then not vectorise. */
#define TSR_DEFINE_SINCOS_QUADRANT(name, T, floor_d)                       \
  static inline __attribute__ ((always_inline, unused)) void               \
  name (T q, T sn, T cs, T *sin_out, T *cos_out)                           \
  {                                                                        \
    _Pragma ("GCC unroll 2")                                               \
    for (int quarter = 0; quarter < 2; quarter++)                          \
      {                                                                    \
        T m = q + (double) quarter;                                        \
        T mq = m - 4.0 * floor_d (m * 0.25);   /* m mod 4 */                \
        T mh = m - 2.0 * floor_d (m * 0.5);    /* m mod 2 */                \
        T r = (sn * (1.0 - mh) + cs * mh) * (1.0 - (mq - mh));             \
                                                                           \
        if (quarter == 0)                                                  \
          *sin_out = r;                                                    \
        else                                                               \
          *cos_out = r;                                                    \
      }                                                                    \
  }

#endif
