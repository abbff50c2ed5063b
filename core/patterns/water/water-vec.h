/* What the water's row kernels share (water-caustics-rows.c,
 * water-waves-rows.c): loads of doubles into part-filled vectors, and a
 * float sine and cosine of whole turns. */
#ifndef TSR_WATER_VEC_H
#define TSR_WATER_VEC_H

#include <string.h>

#include "noise/noise-vec.h"

/* Loads the first m of VN / 2 doubles, the other lanes 0. */
TSR_VINLINE VD
load_part_d (const double *p, gsize m)
{
  double buf[VN / 2] = { 0 };

  if (m >= VN / 2)
    return v_loadd (p);
  memcpy (buf, p, m * sizeof *p);
  return v_loadd (buf);
}

/* VN doubles from p as two halves, the lanes past the first m 0. */
TSR_VINLINE void
load_halves (const double *p, gsize m, VD *lo, VD *hi)
{
  *lo = load_part_d (p, m);
  *hi = m > VN / 2 ? load_part_d (p + VN / 2, m - VN / 2) : v_splatd (0.0);
}

/* The fraction of VN turns, given as two halves of doubles below
 * TSR_COORD_LIMIT, as floats in [-1/2, 1/2]: t less its nearest integer,
 * exactly, then rounded to float. */
TSR_VINLINE VF
v_turns_fraction (VD lo, VD hi)
{
  const double round = 6755399441055744.0;   /* 1.5 * 2^52: + and - round to an integer */

  lo -= (lo + round) - round;
  hi -= (hi + round) - round;
  return v_catf (v_dtof (lo), v_dtof (hi));
}

/* sin (2 pi f) and cos (2 pi f) for |f| <= 1/2, in float: the same
 * reduction as trig.h's (f = q/4 + s, |s| <= 1/8, exact), Taylor
 * polynomials of degree 9 and 10 (truncation < 2e-9), the quadrant's pick
 * by q's low bits.  Within a few float ulps of the double ones; the same
 * bits on every instruction set. */
TSR_VINLINE void
v_sincos_turns_f (VF f, VF *sin_out, VF *cos_out)
{
  const float round = 12582912.0f;   /* 1.5 * 2^23; q is the low bits of b */
  const VF b = 4.0f * f + round;
  const VI q = (VI) b;
  const VF s = f - (b - round) * 0.25f;
  const VF z = s * s;
  const VF sn = s * (6.2831853071795862f + z * (-41.341702240399762f
                     + z * (81.605249276075057f + z * (-76.705859753061389f
                     + z * 42.058693944897655f))));
  const VF cs = 1.0f + z * (-19.739208802178716f + z * (64.939394022668296f
                    + z * (-85.456817206693728f + z * (60.244641371876661f
                    + z * -26.426256783374399f))));
  const VI odd = -(q & 1);

  *sin_out = (VF) ((VU) v_sel (odd, cs, sn) ^ ((VU) (q & 2) << 30));
  *cos_out = (VF) ((VU) v_sel (odd, sn, cs) ^ ((VU) ((q + 1) & 2) << 30));
}

#endif
