/* The colour drift's turn of each pixel's hue and saturation and its
 * warm shift (color-drift.c has the fields, color-drift-rows.h the
 * constants), written with the vector toolkit (vec.h) and compiled once
 * per instruction set (core/meson.build): VN pixels a vector, each lane
 * the operations of one pixel in the same order (no contraction), so the
 * same bits at any width. */
#include "color/color-drift-rows.h"
#include "math/vec.h"

/* CLAMP (x, lo, hi) lane by lane, NaN kept as CLAMP keeps it */
TSR_VINLINE VF
v_clampf (VF x, float lo, float hi)
{
  return v_sel (x > hi, v_splatf (hi), v_sel (x < lo, v_splatf (lo), x));
}

/* m values from p, 0 where p is NULL */
TSR_VINLINE VF
v_load_or_0 (const float *p, gsize m)
{
  return p != NULL ? v_load_part (p, m) : v_splatf (0.0f);
}

void
TSR_DRIFT_ROW_NAME (TSR_ISA) (float a, const float *hue, const float *sat, const float *warm,
                              const float *piece_hue, const float *piece_sat, int n,
                              float *rgba)
{
  for (gsize i = 0; i < (gsize) n; i += VN)
    {
      const gsize m = MIN ((gsize) VN, (gsize) n - i);
      float *const px = rgba + 4 * i;
      float cr[VN] = { 0 }, cg[VN] = { 0 }, cb[VN] = { 0 };

      for (gsize k = 0; k < m; k++)
        {
          cr[k] = px[4 * k];
          cg[k] = px[4 * k + 1];
          cb[k] = px[4 * k + 2];
        }

      const VF r0 = v_loadf (cr), g0 = v_loadf (cg), b0 = v_loadf (cb);
      const VF turn = a * (HUE_FIELD_TURNS * v_load_part (hue + i, m)
                           + HUE_PIECE_TURNS * v_load_or_0 (piece_hue ? piece_hue + i : NULL, m));
      const VF t = v_clampf (a * (SAT_FIELD * v_load_part (sat + i, m)
                                  + SAT_PIECE * v_load_or_0 (piece_sat ? piece_sat + i : NULL, m)
                                  - SAT_MUTED),
                             SAT_LOWEST, SAT_HIGHEST);
      const VF k = (1.0f + t) / (1.0f - t);
      const VF luma = LUMA_R * r0 + LUMA_G * g0 + LUMA_B * b0;
      const VF w = a * WARM_SHIFT * v_load_part (warm + i, m) * luma;
      const VF u = U_K * (b0 - luma), v = V_K * (r0 - luma);
      /* cos and sin of a small angle x (radians; |x| < 0.8 here, error
       * under 2e-6): short polynomials, the same bits everywhere */
      const VF x = 2.0f * (float) G_PI * turn;
      const VF z = x * x;
      const VF c = 1.0f + z * (-0.5f + z * (1.0f / 24.0f + z * (-1.0f / 720.0f)));
      const VF s = x * (1.0f + z * (-1.0f / 6.0f + z * (1.0f / 120.0f + z * (-1.0f / 5040.0f))));
      const VF u2 = k * (c * u - s * v) + w * WARM_U;
      const VF v2 = k * (s * u + c * v) + w * WARM_V;
      const VF r = luma + v2 * (1.0f / V_K), b = luma + u2 * (1.0f / U_K);
      const VF g = (luma - LUMA_R * r - LUMA_B * b) * (1.0f / LUMA_G);

      v_storef (cr, v_clampf (r, 0.0f, 1.0f));
      v_storef (cg, v_clampf (g, 0.0f, 1.0f));
      v_storef (cb, v_clampf (b, 0.0f, 1.0f));
      for (gsize q = 0; q < m; q++)
        {
          px[4 * q] = cr[q];
          px[4 * q + 1] = cg[q];
          px[4 * q + 2] = cb[q];
        }
    }
}
