/* Deterministic sine and cosine of whole turns; see trig.h.
 *
 * The work is done by the polynomial of trig.h, inlined here as
 * tsr_sin_turns_i () / tsr_cos_turns_i () (noise-internal.h) and into the
 * noise row loops.  Against libm (after an exact reduction of t, so that
 * libm's own error at 2 pi t does not count) the absolute error is below
 * 1.3e-15 over 2 * 10^6 random t up to 1e9; test-noise checks < 1e-9.
 *
 * The inline version needs |t| < 2^28; here t is first reduced by whole
 * turns, which is exact (t - floor (t) has no more significant bits than t)
 * and changes nothing for |t| < 2^28, so both give identical results there.
 * Non-finite t returns NaN.
 */
#include "config.h"

#include <math.h>

#include "math/trig.h"
#include "noise/noise-internal.h"

static double
reduce_turns (double t)
{
  if (!(fabs (t) < TSR_COORD_LIMIT))
    t = t - floor (t);  /* inf - inf and NaN give NaN */
  return t;
}

double
tsr_sin_turns (double t)
{
  t = reduce_turns (t);
  if (isnan (t))
    return t;
  return tsr_sin_turns_i (t);
}

double
tsr_cos_turns (double t)
{
  t = reduce_turns (t);
  if (isnan (t))
    return t;
  return tsr_cos_turns_i (t);
}
