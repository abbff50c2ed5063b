/* exp (-z) for z >= 0, the knots' and the burl's bells, as one body for
 * doubles and for vectors of doubles (wood-vec.h's v_wood_exp_neg), so a
 * row kernel gives the scalar code's bits on every instruction set; libm's
 * exp is neither vectorised nor the same bits everywhere.
 *
 * z is clamped to 700 (exp (-700) ~ 1e-304, still normal) and split as
 * z = k ln 2 - r with k = round (z / ln 2), |r| <= ln 2 / 2 (ln 2 in two
 * parts, k ln2_hi exact for k < 2^20); e^r is its Taylor polynomial of
 * degree 12 (truncation < 4e-17 relative) and 2^-k is built from its
 * exponent bits: (1023 - k) is the low bits of (1023 - k) + 1.5 * 2^52,
 * shifted into the exponent field.  Within a few ulp of libm. */
#ifndef TSR_WOOD_EXP_H
#define TSR_WOOD_EXP_H

#include <string.h>

#include <glib.h>

#include "noise/noise-internal.h"   /* tsr_floor_d */

#define WOOD_EXP_LN2_HI 6.93147180369123816490e-01   /* 0x3fe62e42fee00000 */
#define WOOD_EXP_LN2_LO 1.90821492927058770002e-10
#define WOOD_EXP_INV_LN2 1.44269504088896338700e+00
#define WOOD_EXP_ROUND_BITS 6755399441055744.0       /* 1.5 * 2^52 */

/* e^r, Horner over 1/k! */
#define WOOD_EXP_POLY(r)                                                   \
  (1.0 + (r) * (1.0 + (r) * (1.0 / 2 + (r) * (1.0 / 6 + (r) * (1.0 / 24   \
   + (r) * (1.0 / 120 + (r) * (1.0 / 720 + (r) * (1.0 / 5040               \
   + (r) * (1.0 / 40320 + (r) * (1.0 / 362880 + (r) * (1.0 / 3628800       \
   + (r) * (1.0 / 39916800 + (r) * (1.0 / 479001600)))))))))))))

static inline double
wood_exp_neg (double z)
{
  const double zc = z < 700.0 ? z : 700.0;
  const double k = tsr_floor_d (zc * WOOD_EXP_INV_LN2 + 0.5);
  const double r = (k * WOOD_EXP_LN2_HI - zc) + k * WOOD_EXP_LN2_LO;
  const double biased = (1023.0 - k) + WOOD_EXP_ROUND_BITS;
  guint64 bits;
  double scale;

  memcpy (&bits, &biased, sizeof bits);
  bits <<= 52;
  memcpy (&scale, &bits, sizeof scale);
  return WOOD_EXP_POLY (r) * scale;
}

#endif
