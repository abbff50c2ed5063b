/* The lenses' web, VN samples a step: see marble-lenses-rows.h.  Each
 * line is the scalar step's (marble-lenses.c) in the same order. */
#include "patterns/marble/marble-lenses-rows.h"
#include "patterns/marble/marble-slope-vec.h"

void
TSR_LENSES_ROW_NAME (TSR_ISA) (const TsrMarbleLenses *ml, int k, const TsrLensesRowIn *in,
                               gsize n, float *keep)
{
  const VF zero = v_splatf (0.0f);
  const float halo_ink = ml->halo_ink * ml->ink[k] / ml->ink[0];

  for (gsize i = 0; i < n; i += VN)
    {
      const gsize m = MIN ((gsize) VN, n - i);
      const VF gu = v_load_part (in->gu + i, m), gv = v_load_part (in->gv + i, m);
      const VF fade = v_load_part (in->fade + i, m);
      VF inv;
      VS d, c;

      if (ml->mean_distance)
        inv = v_splatf (ml->mean_inv[k]);
      else
        {
          const VF sx = gu * ml->px[0][0] + gv * ml->px[0][1];
          const VF sy = gu * ml->px[1][0] + gv * ml->px[1][1];

          inv = 1.0f / v_maxf (v_sqrtf (sx * sx + sy * sy), v_splatf (1e-4f));
        }
      d = vs ((v_load_part (in->val + i, m) - ml->least[k]) * inv, zero, zero);
      if (ml->fray_px > 0.0f)
        d.v = d.v + ml->fray_px * v_load_part (in->fray + i, m);
      d.v = v_sel (d.v > 0.0f, d.v, zero);
      {
        const VF q = v_clamp (1.0f + SWELL_DEPTH * v_load_part (in->swell + i, m), ml->swell_low,
                              ml->swell_top);
        const VS w = vs (q * q * ml->width[k], zero, zero);
        const VF t = v_clamp ((fade - ml->show[k] + 0.35f) / 0.7f, 0.0f, 1.0f);
        const VF tt = v_clamp (fade + 0.5f, 0.0f, 1.0f);
        const VF tone = 1.0f - ml->pale + ml->pale * tt;
        const VF shown = t * t * (3.0f - 2.0f * t) * tone;

        c = vs (shown * v_vein_cover (d, w, ml->fp, FALSE).v * ml->ink[k], zero, zero);
        if (ml->halo_ink > 0.0f)
          c.v = c.v + shown * v_fall_off (d, ml->halo, 2, FALSE).v * halo_ink;
      }
      v_store_part (keep + i, m, v_load_part (keep + i, m) * (1.0f - c.v));
    }
}
