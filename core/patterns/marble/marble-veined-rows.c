/* Veined marble's stone, VN samples a step: see marble-veined-rows.h.
 * Each line is the scalar step's (marble-veined.c) in the same order. */
#include "patterns/marble/marble-slope-vec.h"
#include "patterns/marble/marble-veined-rows.h"

/* smooth_step's value: smoothstep from a to b */
TSR_VINLINE VF
v_smooth_step (float a, float b, VF x)
{
  const VF t = v_clamp ((x - a) / (b - a), 0.0f, 1.0f);

  return t * t * (3.0f - 2.0f * t);
}

void
TSR_VEINED_ROW_NAME (TSR_ISA) (const TsrMarbleVeined *mv, const TsrVeinedRowIn *in, gsize n,
                               float *out)
{
  for (gsize i = 0; i < n; i += VN)
    {
      const gsize m = MIN ((gsize) VN, n - i);
      const VF fade = v_load_part (in->fade + i, m), vv = v_load_part (in->veins + i, m);
      const VF speck = v_load_part (in->speck + i, m);
      const VF pale = mv->pale * v_smooth_step (PALE_FROM, PALE_TO, fade);
      const VF ct = v_clamp ((v_load_part (in->cryst + i, m) - CRYSTAL_EDGE) * 6.0f, 0.0f, 1.0f);
      const VF glint = (1.0f - ct) * (1.0f - ct);
      const VF gather = mv->quiet < 1.0f
                        ? mv->quiet + (1.0f - mv->quiet) * v_smooth_step (0.0f, GATHER, vv)
                        : v_splatf (1.0f);
      const VF stone = mv->stone_base + mv->stone_cloud * (0.5f + 0.5f * v_load_part (in->body + i, m))
                       + gather * (mv->grain_ink * v_load_part (in->grain + i, m))
                       - gather * (mv->crystal_ink * glint) + pale + v_load_part (in->tone + i, m);
      const VF k = 1.0f + mv->knot * (v_smooth_step (KNOT_FROM, KNOT_TO, speck) - 0.35f);
      const VF den = 1.0f + vv * (k - 1.0f);
      const VF keep = 1.0f - vv * k / den;
      const VF pit = mv->speck_ink * v_smooth_step (SPECK_FROM, SPECK_FROM + SPECK_SPAN, speck);

      v_store_part (out + i, m, stone * keep * (1.0f - pit));
    }
}
