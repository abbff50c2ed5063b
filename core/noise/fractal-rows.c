/* The fractal sums' final curve (fractal-rows.h), written with the vector
 * toolkit (vec.h) and compiled once per instruction set (core/meson.build):
 * a square root and a division a sample, whose units take wider vectors
 * at a higher rate (twice the SSE2 rate with AVX2 on AMD Zen 4).  The
 * scalar loop's operations in each lane, so the same bits at any width. */
#include "noise/fractal-rows.h"
#include "math/vec.h"

G_STATIC_ASSERT (16 % VN == 0);

void
TSR_SOFT_BOUND_ROW_NAME (TSR_ISA) (float *sum, gsize n, float bias, float norm)
{
  /* without a bias no addition: -0 + 0 would be +0 */
  const gboolean biased = bias != 0.0f;

  for (gsize i = 0; i < n; i += VN)
    {
      VF x = v_loadf (sum + i);

      if (biased)
        x += bias;
      x *= norm;
      v_storef (sum + i, x / v_sqrtf (1.0f + x * x));
    }
}
