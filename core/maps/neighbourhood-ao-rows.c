/* The occlusion's row kernel, written with the vector toolkit (vec.h) and
 * compiled once per instruction set (core/meson.build): a block of
 * AO_VECTORS vectors of pixels keeps its horizons and sums in registers
 * over all the steps of a direction, where a loop over the whole row
 * loaded and stored each pixel's horizon at every step.  In each lane the
 * scalar definition's operations in its order (relief.h): the same bits
 * at any width and in any block. */
#include "maps/neighbourhood-rows.h"
#include "math/vec.h"

/* Vectors of pixels a block takes: independent horizons, so the maxima
 * of one step overlap. */
#define AO_VECTORS 4

/* The occlusion of `vectors` (<= AO_VECTORS) vectors of pixels from
 * the pixel i, the last one m lanes (the others full). */
TSR_VINLINE void
ao_block (const float *centre, const float *const *at, int i, int vectors, gsize m,
          const TsrAoSamples *sm, float strength, float *out)
{
  VF c[AO_VECTORS], sum[AO_VECTORS];
  int k = 0;

  TSR_UNROLL (4)
  for (int j = 0; j < vectors; j++)
    {
      c[j] = j < vectors - 1 ? v_loadf (centre + i + j * VN)
                             : v_load_part (centre + i + j * VN, m);
      sum[j] = v_splatf (0.0f);
    }
  for (int d = 0; d < TSR_AO_DIRECTIONS; d++)
    {
      VF best[AO_VECTORS];

      TSR_UNROLL (4)
      for (int j = 0; j < vectors; j++)
        best[j] = v_splatf (0.0f);
      for (int s = 0; s < sm->n_steps[d]; s++, k++)
        {
          const float *there = at[k] + i;
          const float scale = sm->scale[k];

          TSR_UNROLL (4)
          for (int j = 0; j < vectors; j++)
            {
              const VF h = j < vectors - 1 ? v_loadf (there + j * VN)
                                           : v_load_part (there + j * VN, m);

              best[j] = v_maxf ((h - c[j]) * scale, best[j]);
            }
        }
      TSR_UNROLL (4)
      for (int j = 0; j < vectors; j++)
        sum[j] += best[j] / v_sqrtf (1.0f + best[j] * best[j]);   /* sin (atan t) */
    }
  TSR_UNROLL (4)
  for (int j = 0; j < vectors; j++)
    {
      const VF ao = v_maxf (1.0f - strength * sum[j] * (1.0f / TSR_AO_DIRECTIONS),
                            v_splatf (0.0f));

      if (j < vectors - 1)
        v_storef (out + i + j * VN, ao);
      else
        v_store_part (out + i + j * VN, m, ao);
    }
}

void
TSR_AO_ROW_NAME (TSR_ISA) (const float *centre, const float *const *there, int n,
                           const TsrAoSamples *sm, float strength, float *out)
{
  const int block = AO_VECTORS * VN;
  int i = 0;

  for (; i + block <= n; i += block)
    ao_block (centre, there, i, AO_VECTORS, VN, sm, strength, out);
  for (; i < n; i += VN)
    ao_block (centre, there, i, 1, (gsize) MIN (VN, n - i), sm, strength, out);
}
