/* The sRGB transfer function: see linear-light.h. */
#include <math.h>

#include "color/linear-light-rows.h"

float
tsr_linear_light_exact (float v)
{
  double d = v;

  if (d <= 0.04045)
    return (float) (d / 12.92);
  return (float) pow ((d + 0.055) / 1.055, 2.4);
}

void
tsr_linear_light_row (const float *src, gsize n, gboolean rgba, float *dst)
{
  const TsrLinearLightRow row = TSR_ISA_PICK (tsr_linear_light_row_base,
                                              tsr_linear_light_row_avx2,
                                              tsr_linear_light_row_avx512);

  g_return_if_fail (!rgba || n % 4 == 0);
  row (src, n, rgba, dst);
}
