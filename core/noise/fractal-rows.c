/* The fractal sums' final curve and the ridged sum's octave (fractal-rows.h), written with the vector
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

void
TSR_RIDGED_ADD_ROW_NAME (TSR_ISA) (float *sum, float *weight, const float *noise, gsize n,
                                   float a, float center, float spread)
{
  for (gsize i = 0; i < n; i += VN)
    {
      const VF t = 1.0f - spread * v_absf (v_loadf (noise + i) - center);
      /* max (t, 0) as fractal.c's ridge (): t + |t| halved */
      const VF r = 0.5f * (t + v_absf (t));
      const VF signal = r * r * v_loadf (weight + i);

      v_storef (sum + i, v_loadf (sum + i) + a * signal);
      v_storef (weight + i, signal);
    }
}
