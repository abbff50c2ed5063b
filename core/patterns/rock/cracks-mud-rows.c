/* Cracked earth's heights (cracks-mud-rows.h), VN / 2 points a step:
 * mud_points' values (pattern-cracks.c, rock-slope.h's steps and
 * tsr_rock_line_cover) in the same order in each lane, their branches as
 * selects, so the same bits at any width; its divisions by constants as
 * products by their reciprocals (within an ulp or so of the scalar's). */
#include "math/vec.h"
#include "patterns/rock/cracks-mud-rows.h"

/* rs_smooth_step's value, by the reciprocal of its span: a division by
 * one costs a vector as much as a dozen products */
TSR_VINLINE VD
v_smooth_step (double a, double inv_span, VD x)
{
  const VD t = (x - a) * inv_span;

  return v_seld (t <= 0.0, v_splatd (0.0), v_seld (t >= 1.0, v_splatd (1.0),
                                                    t * t * (3.0 - 2.0 * t)));
}

/* rs_fall_off's and fall_off_over's value, from t = d / r */
TSR_VINLINE VD
v_fall_off_t (VD t)
{
  return v_seld (t < 0.0, v_splatd (1.0), v_seld (t >= 1.0, v_splatd (0.0),
                                                   (1.0 - t) * (1.0 - t)));
}

/* tsr_rock_line_cover's value (soft its 1.3 max (fp, 1)) */
TSR_VINLINE VD
v_line_cover (VD d, VD w, double soft, double inv_soft)
{
  const VD edge = v_seld (w > soft, w, v_splatd (soft));
  const VD q = d / edge;
  const VD t = v_seld (q > 1.0, v_splatd (1.0), v_seld (q < 0.0, v_splatd (0.0), q));
  const VD step = 1.0 - t * t * (3.0 - 2.0 * t);

  return v_seld (w >= soft, step, (step * w) * inv_soft);
}

/* VN / 2 floats as doubles */
TSR_VINLINE VD
v_load_fd (const float *p)
{
  VFH h;

  memcpy (&h, p, sizeof h);
  return v_ftod (h);
}

void
TSR_MUD_ROW_NAME (TSR_ISA) (const TsrMudShape *sh, const TsrMudRowIn *in, gsize n, float *out)
{
  const double hw = sh->half_width, fp = CRACK_SOFT * sh->fp;
  const double soft = 1.3 * MAX (fp, 1.0), inv_soft = 1.0 / soft;
  const double inv_rim = 1.0 / sh->rim_reach, inv_fade = 1.0 / (4.0 * hw);
  const double inv_dome = 1.0 / sh->dome_reach;
  /* a point at least this far from its primary border (or its finer
   * one) has that crack's cover, lip and curl exactly 0: a fall-off's or
   * a cover's t reaches 1 (the widths bounded with their smooth steps at
   * 1, and the finer crack's fading by the primary at none).  Adding
   * those 0s leaves the height's bits as they were, so a vector with no
   * point near one leaves that crack's terms out.  (The rim's reach a
   * little over, so that d times its rounded reciprocal reaches 1 too.) */
  const double clear = MAX (sh->rim_reach * (1.0 + 1e-9), soft);

  for (gsize i = 0; i < n; i += VN / 2)
    {
      const VD d1 = v_loadd (in->d1 + i), d2 = v_loadd (in->d2 + i);
      const VD swell = v_load_fd (in->swell + i);
      const VD rough = v_loadd (in->rough + i);
      const VD open = 1.0 + swell;
      const VD zero = v_splatd (0.0);
      const VD curl_reach = (0.5 + open * 0.5) * sh->curl_reach;
      const VL near1 = (d1 < clear) | (d1 < curl_reach) | (curl_reach <= 0.0)
                       | (d1 < (0.65 + (open * open) * 0.2) * hw);
      const VL near2 = (d2 < clear) | (d2 < (0.7 + swell * 0.4) * hw);
      VD c1 = zero, c2 = zero, curl = zero, lip1 = zero, lip2 = zero;
      VD h = v_loadd (in->tone + i);

      if (v_any ((VI) near1))
        {
          const VD w1 = ((0.65 + (open * open) * 0.2) * hw)
                        * v_smooth_step (HEAL_FROM, 1.0 / (HEAL_TO - HEAL_FROM), swell);

          c1 = v_line_cover (d1, w1, soft, inv_soft);
          lip1 = (v_fall_off_t (d1 * inv_rim) * (0.4 + open * 0.6)) * sh->rim;
          curl = v_fall_off_t (d1 / curl_reach) * -sh->curl;
        }
      if (v_any ((VI) near2))
        {
          const VD cos12 = v_loadd (in->n1x + i) * v_loadd (in->n2x + i)
                           + v_loadd (in->n1y + i) * v_loadd (in->n2y + i);
          const VD along = v_smooth_step (0.75, 1.0 / (0.95 - 0.75), v_absd (cos12));
          const VD shown = v_smooth_step (-0.8, 1.0 / (-0.45 - -0.8), v_load_fd (in->mask + i))
                           * (1.0 + v_fall_off_t (d1 * inv_fade) * -along);
          const VD w2 = (shown * (0.7 + swell * 0.4)) * hw;

          c2 = v_line_cover (d2, w2, soft, inv_soft);
          lip2 = (shown * v_fall_off_t (d2 * inv_rim)) * (0.5 * sh->rim);
        }
      h = (h + curl) + (lip1 + lip2);
      h = h + v_smooth_step (0.0, inv_dome, d1) * 0.08;
      h = h + v_load_fd (in->mottle + i) * 0.06;
      h = h + v_load_fd (in->lumps + i) * (0.045 * rough);
      h = h + v_load_fd (in->grit + i) * (0.015 * rough);
      h = h + c2 * (0.45 + h * -1.0);
      h = h + c1 * ((0.22 + swell * -0.08) + h * -1.0);
      {
        const VFH f = v_dtof (h);

        memcpy (out + i, &f, sizeof f);
      }
    }
}
