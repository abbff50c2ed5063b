/* Marble's fractures for a colour map, VN samples a step:
 * tsr_marble_fractures_row's values without their slopes (a value never
 * reads a slope), the same operations in the same order in each lane, a
 * joint's phase in double (two vectors of doubles), so the same bits as
 * the scalar code at any width.  Its branches on a sample's data are
 * selects; a joint's ink is worked out where it is near any lane of the
 * vector. */
#include "math/vec.h"
#include "patterns/marble/marble-fractures-rows.h"

/* CLAMP (x, lo, hi) as glib's macro reads it */
TSR_VINLINE VF
v_clamp (VF x, float lo, float hi)
{
  return v_sel (x > hi, v_splatf (hi), v_sel (x < lo, v_splatf (lo), x));
}

/* 3 t^2 - 2 t^3 as the scalar code writes it: t * t * (3 - 2 t) */
TSR_VINLINE VF
v_smooth (VF t)
{
  return t * t * (3.0f - 2.0f * t);
}

/* vein_cover's value */
TSR_VINLINE VF
v_vein_cover (VF d, VF w, float fp)
{
  const VF edge = v_maxf (w, v_splatf (fp));
  const VF t = v_clamp (d / edge, 0.0f, 1.0f);
  const VF step = 1.0f - t * t * (3.0f - 2.0f * t);

  return v_sel (w >= fp, step, step * (w / fp));
}

/* fall_off's value, its reach r the same at every sample */
TSR_VINLINE VF
v_fall_off (VF d, float r, int k)
{
  const VF t = v_clamp (d / r, 0.0f, 1.0f), s = 1.0f - t;

  return k == 3 ? s * s * s : s * s;
}

/* a float vector's halves as doubles */
TSR_VINLINE void
v_halves_d (VF x, VD h[2])
{
  h[0] = v_ftod (v_lof (x));
  h[1] = v_ftod (v_hif (x));
}

/* joints_at's values: the ink into *keep, the clasts into *tone, the
 * distance to the nearest joint returned */
TSR_VINLINE VF
v_joints (const TsrMarbleFractures *mf, const VD u[2], const VD v[2], VF n0, VF kink, VF q,
          VF fade, VF *keep, VF *tone)
{
  VF nearest = v_splatf (G_MAXFLOAT);
  const VF g = (1.0f + q) * (0.5f * (1.0f - mf->vary)) + q * q * mf->vary;
  const float sway = STRAND_SWAY * mf->strand_gap / STRAND_GAP;
  const float pale = mf->strand_pale;
  const float strand_wide = STRAND_WIDTH * (1.0f + (PALE_WIDE - 1.0f) * pale);

  for (int j = 0; j < mf->joints; j++)
    {
      const float gn = mf->gnorm[j];
      const float bend = mf->joint_wobble * gn;
      VD bent[2], kinked[2];
      VFH half[2];

      v_halves_d (bend * n0, bent);
      v_halves_d (gn * kink, kinked);
      for (int h = 0; h < 2; h++)
        {
          const VD phase = (double) mf->cu[j] * u[h] + (double) mf->cv[j] * v[h]
                           + (double) mf->off[j] + bent[h] + kinked[h];

          half[h] = v_dtof (phase - v_floor_d (phase + 0.5));
        }
      const VF f = v_catf (half[0], half[1]);
      const VF d = v_absf (f) / gn;
      const VI near = d < mf->joint_near[j];

      if (v_any (near))
        {
          const float fl = mf->joint_floor[j], wide = mf->joint_wide[j];
          const float weight = mf->joint_weight[j];
          const VF x = mf->fade_sign[j] * fade + mf->fade_off[j];
          const VF t = v_clamp ((x + 0.5f) / 0.7f, 0.0f, 1.0f);
          const VF shown = fl + (1.0f - fl) * t * t * (3.0f - 2.0f * t);
          const VF w = g * shown * (mf->joint_width * wide);
          const VF c = shown * v_vein_cover (d, w, mf->joint_fp) * (mf->joint_ink * weight);
          const VF b = shown * v_fall_off (d, mf->joint_blur * wide, 3);
          const VF o_raw = sway * n0;
          const VF o = v_clamp (o_raw, -mf->strand_gap, mf->strand_gap);
          const VF d2 = v_absf (f / gn - o);
          const VF rest = (1.0f + fl) + shown * -1.0f;
          const VF shown2 = fl > 0.0f ? rest : rest * shown * 2.0f;
          const VF cover2 = shown2 * v_vein_cover (d2, w * strand_wide, mf->joint_fp);
          const VF c2 = cover2 * (STRAND_INK * mf->joint_ink * weight * (1.0f - pale));
          VF k = *keep * (1.0f - c);

          k = k * (1.0f - c2);
          k = k * (1.0f - mf->joint_blur_ink * b);
          *keep = v_sel (near, k, *keep);
          *tone = v_sel (near, *tone + cover2 * (PALE_SEAM * pale * weight), *tone);
        }
      if (mf->joint_clast > 0.0f)
        {
          const float e = JOINT_STEP * gn, k = -(0.5f - e) / e;
          const VF away = v_sel (f < 0.0f, f + 0.5f, f - 0.5f);
          const VF r = v_sel (v_absf (f) >= e, away, k * f);

          *tone = *tone + 2.0f * mf->joint_clast * r;
        }
      nearest = v_sel (d < nearest, d, nearest);
    }
  return nearest;
}

void
TSR_FRACTURES_ROW_NAME (TSR_ISA) (const TsrMarbleFractures *mf, const TsrFracturesRowIn *in,
                                  gsize n, float *keep_out, float *tone_out)
{
  const gboolean early = mf->joints > 0 && mf->kink > 0.0f && mf->kink_net == 1;

  for (gsize i = 0; i < n; i += VN)
    {
      const VF swell = v_loadf (in->swell + i), fade = v_loadf (in->fade + i);
      const VF q = v_clamp (1.0f + mf->swell_depth * swell, 0.3f, mf->swell_top);
      VF keep = v_splatf (1.0f), tone = v_splatf (0.0f), parent = v_splatf (0.0f);

      for (int k = 0; k < in->orders; k++)
        {
          const VF nv = v_loadf (in->val[k] + i) * (1.0f / mf->slope[k]);
          const VF d = v_sel (nv < 0.0f, nv * -1.0f, nv);
          VF shown, w, c;

          if (k == 0)
            {
              /* the main veins, where the fade field lets them */
              const VF t = v_clamp ((fade + 0.6f) / 0.7f, 0.0f, 1.0f);

              shown = mf->main_floor + (1.0f - mf->main_floor) * t * t * (3.0f - 2.0f * t);
              w = q * q * mf->width[k];
            }
          else
            {
              /* near the parent; thinner away from it */
              shown = mf->floor[k] + v_fall_off (parent, mf->reach[k], 2) * (1.0f - mf->floor[k]);
              w = q * shown * mf->width[k];
            }
          c = shown * v_vein_cover (d, w, mf->fp[k]) * mf->ink[k];
          if (mf->blur[k] > 0.0f)
            c = c + shown * v_fall_off (d, mf->blur[k], 3) * mf->blur_ink[k];
          if (mf->ink[k] < 0.0f)
            tone = tone + c * -1.0f;
          else
            keep = keep * (1.0f - c);
          if (mf->clast[k] > 0.0f)
            {
              /* the patch's tone: a soft sign of n */
              const VF x = nv * (1.0f / mf->clast_soft);
              const VF r = 1.0f / v_sqrtf (1.0f + x * x);

              tone = tone + mf->clast[k] * x * r;
            }
          parent = d;
          if (k == 0 && mf->joints > 0)
            {
              VF kink = v_splatf (0.0f), dj;
              VD u[2], v[2];

              if (mf->kink > 0.0f)
                {
                  const VF nk = early ? v_loadf (in->val[1] + i) : v_loadf (in->val[0] + i);
                  const VF d1 = v_absf (nk) * (1.0f / mf->slope[mf->kink_net]);
                  const VF den = 1.0f + d1 / mf->kink_cap;

                  kink = mf->kink * d1 / den;
                }
              for (int h = 0; h < 2; h++)
                {
                  u[h] = v_loadd (in->u + i + h * VN / 2);
                  v[h] = v_loadd (in->v + i + h * VN / 2);
                }
              dj = v_joints (mf, u, v, v_loadf (in->val[0] + i), kink, q, fade, &keep, &tone);
              parent = mf->ink[0] < 0.05f ? dj : v_sel (dj < d, dj, d);
            }
        }
      v_storef (keep_out + i, keep);
      v_storef (tone_out + i, tone);
    }
}
