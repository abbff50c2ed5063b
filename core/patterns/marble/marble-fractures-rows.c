/* Marble's fractures, VN samples a step: tsr_marble_fractures_row's
 * operations in the same order in each lane, a joint's phase in double
 * (two vectors of doubles), so the same bits as the scalar code at any
 * width; for a colour map their values alone (a value never reads a
 * slope), for a gradient with their slopes.  Its branches on a sample's
 * data are selects; a joint's ink is worked out where it is near any lane
 * of the vector. */
#include "patterns/marble/marble-fractures-rows.h"
#include "patterns/marble/marble-slope-vec.h"

/* a float vector's halves as doubles */
TSR_VINLINE void
v_halves_d (VF x, VD h[2])
{
  h[0] = v_ftod (v_lof (x));
  h[1] = v_ftod (v_hif (x));
}

/* joints_at: the ink into *keep, the clasts into *tone, the distance to
 * the nearest joint returned */
TSR_VINLINE VS
v_joints (const TsrMarbleFractures *mf, const VD u[2], const VD v[2], VS n0, VS kink, VS q,
          VS fade, VS *keep, VS *tone, gboolean s)
{
  VS nearest = vs_const (G_MAXFLOAT);
  const VS g = vs_add (vs_scale (vs_add (vs_const (1.0f), q, s), 0.5f * (1.0f - mf->vary), s),
                       vs_scale (vs_mul (q, q, s), mf->vary, s), s);
  const float sway = STRAND_SWAY * mf->strand_gap / STRAND_GAP;
  const float pale = mf->strand_pale;
  const float strand_wide = STRAND_WIDTH * (1.0f + (PALE_WIDE - 1.0f) * pale);

  for (int j = 0; j < mf->joints; j++)
    {
      const float gn = mf->gnorm[j];
      const float bend = mf->joint_wobble * gn;
      VD bent[2], kinked[2];
      VFH half[2];

      v_halves_d (bend * n0.v, bent);
      v_halves_d (gn * kink.v, kinked);
      for (int h = 0; h < 2; h++)
        {
          const VD phase = (double) mf->cu[j] * u[h] + (double) mf->cv[j] * v[h]
                           + (double) mf->off[j] + bent[h] + kinked[h];

          half[h] = v_dtof (phase - v_floor_d (phase + 0.5));
        }
      const VF f = v_catf (half[0], half[1]);
      /* the phase's slope */
      const VF pu = s ? mf->cu[j] + bend * n0.u + gn * kink.u : f;
      const VF pw = s ? mf->cv[j] + bend * n0.w + gn * kink.w : f;
      const VF sgn = v_sel (f < 0.0f, v_splatf (-1.0f), v_splatf (1.0f)) / gn;
      const VS d = vs (v_absf (f) / gn, sgn * pu, sgn * pw);
      const VI near = d.v < mf->joint_near[j];

      if (v_any (near))
        {
          const float fl = mf->joint_floor[j], wide = mf->joint_wide[j];
          const float weight = mf->joint_weight[j];
          const VF x = mf->fade_sign[j] * fade.v + mf->fade_off[j];
          const VF t = v_clamp ((x + 0.5f) / 0.7f, 0.0f, 1.0f);
          const VF dt = v_inside (t, 6.0f * t * (1.0f - t) / 0.7f * mf->fade_sign[j]);
          const VS shown = vs_chain (fl + (1.0f - fl) * t * t * (3.0f - 2.0f * t), (1.0f - fl) * dt,
                                     fade, s);
          const VS w = vs_scale (vs_mul (g, shown, s), mf->joint_width * wide, s);
          const VS c = vs_scale (vs_mul (shown, v_vein_cover (d, w, mf->joint_fp, s), s),
                                 mf->joint_ink * weight, s);
          const VS b = vs_mul (shown, v_fall_off (d, mf->joint_blur * wide, 3, s), s);
          /* the sister strand: at signed distance sd - o, o swayed by n0 */
          const VF o_raw = sway * n0.v;
          const VF o = v_clamp (o_raw, -mf->strand_gap, mf->strand_gap);
          const VF os = v_sel (o == o_raw, v_splatf (sway), v_splatf (0.0f));
          const VF sd = f / gn - o, s2 = v_sel (sd < 0.0f, v_splatf (-1.0f), v_splatf (1.0f));
          const VS d2 = vs (v_absf (sd), s2 * (pu / gn - os * n0.u), s2 * (pw / gn - os * n0.w));
          const VS rest = vs_add (vs_const (1.0f + fl), vs_scale (shown, -1.0f, s), s);
          const VS shown2 = fl > 0.0f ? rest : vs_scale (vs_mul (rest, shown, s), 2.0f, s);
          const VS cover2 = vs_mul (shown2, v_vein_cover (d2, vs_scale (w, strand_wide, s),
                                                          mf->joint_fp, s), s);
          const VS c2 = vs_scale (cover2, STRAND_INK * mf->joint_ink * weight * (1.0f - pale), s);
          const VS blurred = vs (1.0f - mf->joint_blur_ink * b.v, -mf->joint_blur_ink * b.u,
                                 -mf->joint_blur_ink * b.w);
          VS k = vs_mul (*keep, vs_rest (c, s), s);

          k = vs_mul (k, vs_rest (c2, s), s);
          k = vs_mul (k, blurred, s);
          *keep = vs_sel (near, k, *keep, s);
          *tone = vs_sel (near, vs_add (*tone, vs_scale (cover2, PALE_SEAM * pale * weight, s), s),
                          *tone, s);
        }
      if (mf->joint_clast > 0.0f)
        {
          /* the ramp, and its steep step back within e of the line */
          const float e = JOINT_STEP * gn, kk = -(0.5f - e) / e;
          const VI away = v_absf (f) >= e;
          const VF r = v_sel (away, v_sel (f < 0.0f, f + 0.5f, f - 0.5f), kk * f);
          const VF k = v_sel (away, v_splatf (1.0f), v_splatf (kk));

          *tone = vs_add (*tone, vs (2.0f * mf->joint_clast * r, 2.0f * mf->joint_clast * k * pu,
                                     2.0f * mf->joint_clast * k * pw), s);
        }
      nearest = vs_sel (d.v < nearest.v, d, nearest, s);
    }
  return nearest;
}

/* n samples from `at`, slopes or not */
TSR_VINLINE void
fractures_run (const TsrMarbleFractures *mf, const TsrFracturesRowIn *in, gsize n,
               const TsrFracturesRowOut *out, gboolean s)
{
  const gboolean early = mf->joints > 0 && mf->kink > 0.0f && mf->kink_net == 1;
  const VF zero = v_splatf (0.0f);

  for (gsize i = 0; i < n; i += VN)
    {
      const VS swell = vs (v_loadf (in->swell + i), s ? v_loadf (in->swell_u + i) : zero,
                           s ? v_loadf (in->swell_w + i) : zero);
      const VS fade = vs (v_loadf (in->fade + i), s ? v_loadf (in->fade_u + i) : zero,
                          s ? v_loadf (in->fade_w + i) : zero);
      const VF q_raw = 1.0f + mf->swell_depth * swell.v;
      const VF q1 = v_clamp (q_raw, 0.3f, mf->swell_top);
      const VS q = vs_chain (q1, v_sel (q1 == q_raw, v_splatf (mf->swell_depth), zero), swell, s);
      VS keep = vs_const (1.0f), tone = vs_const (0.0f), parent = vs_const (0.0f);

      for (int k = 0; k < in->orders; k++)
        {
          const float inv_s = 1.0f / mf->slope[k];
          const VF nv = v_loadf (in->val[k] + i) * inv_s;
          const VS nn = vs (nv, s ? v_loadf (in->gu[k] + i) * inv_s : zero,
                            s ? v_loadf (in->gv[k] + i) * inv_s : zero);
          const VS d = vs_sel (nv < 0.0f, vs_scale (nn, -1.0f, s), nn, s);
          VS shown, w, c;

          if (k == 0)
            {
              /* the main veins, where the fade field lets them */
              const VF t = v_clamp ((fade.v + 0.6f) / 0.7f, 0.0f, 1.0f);
              const VF slope = v_inside (t, 6.0f * t * (1.0f - t) / 0.7f);

              shown = vs_chain (mf->main_floor + (1.0f - mf->main_floor) * t * t * (3.0f - 2.0f * t),
                                (1.0f - mf->main_floor) * slope, fade, s);
              w = vs_scale (vs_mul (q, q, s), mf->width[k], s);
            }
          else
            {
              /* near the parent; thinner away from it */
              const VS near = v_fall_off (parent, mf->reach[k], 2, s);

              shown = vs_add (vs_const (mf->floor[k]), vs_scale (near, 1.0f - mf->floor[k], s), s);
              w = vs_scale (vs_mul (q, shown, s), mf->width[k], s);
            }
          c = vs_scale (vs_mul (shown, v_vein_cover (d, w, mf->fp[k], s), s), mf->ink[k], s);
          if (mf->blur[k] > 0.0f)
            c = vs_add (c, vs_scale (vs_mul (shown, v_fall_off (d, mf->blur[k], 3, s), s),
                                     mf->blur_ink[k], s), s);
          if (mf->ink[k] < 0.0f)
            tone = vs_add (tone, vs_scale (c, -1.0f, s), s);
          else
            keep = vs_mul (keep, vs_rest (c, s), s);
          if (mf->clast[k] > 0.0f)
            {
              /* the patch's tone: a soft sign of n */
              const VF x = nv * (1.0f / mf->clast_soft);
              const VF r = 1.0f / v_sqrtf (1.0f + x * x);
              const VF dx = r * r * r * (1.0f / mf->clast_soft) * mf->clast[k];

              tone = vs_add (tone, vs (mf->clast[k] * x * r, dx * nn.u, dx * nn.w), s);
            }
          parent = d;
          if (k == 0 && mf->joints > 0)
            {
              VS kink = vs_const (0.0f), dj;
              VD u[2], v[2];

              if (mf->kink > 0.0f)
                {
                  /* kink d1 / (1 + d1 / cap), d1 the distance to the
                   * kinking net's zero-set */
                  const int kn = early ? 1 : 0;
                  const VF nk = v_loadf (in->val[kn] + i);
                  const float s1 = 1.0f / mf->slope[mf->kink_net];
                  const VF sg = v_sel (nk < 0.0f, v_splatf (-s1), v_splatf (s1));
                  const VF d1 = v_absf (nk) * s1, den = 1.0f + d1 / mf->kink_cap;
                  const VF dk = mf->kink / (den * den);

                  kink = vs (mf->kink * d1 / den, s ? dk * sg * v_loadf (in->gu[kn] + i) : zero,
                             s ? dk * sg * v_loadf (in->gv[kn] + i) : zero);
                }
              for (int h = 0; h < 2; h++)
                {
                  u[h] = v_loadd (in->u + i + h * VN / 2);
                  v[h] = v_loadd (in->v + i + h * VN / 2);
                }
              dj = v_joints (mf, u, v, vs (v_loadf (in->val[0] + i),
                                           s ? v_loadf (in->gu[0] + i) : zero,
                                           s ? v_loadf (in->gv[0] + i) : zero),
                             kink, q, fade, &keep, &tone, s);
              parent = mf->ink[0] < 0.05f ? dj : vs_sel (dj.v < d.v, dj, d, s);
            }
        }
      v_storef (out->keep + i, keep.v);
      v_storef (out->tone + i, tone.v);
      if (s)
        {
          v_storef (out->keep_u + i, keep.u);
          v_storef (out->keep_w + i, keep.w);
          v_storef (out->tone_u + i, tone.u);
          v_storef (out->tone_w + i, tone.w);
        }
    }
}

void
TSR_FRACTURES_ROW_NAME (TSR_ISA) (const TsrMarbleFractures *mf, const TsrFracturesRowIn *in,
                                  gsize n, const TsrFracturesRowOut *out)
{
  if (in->gu[0] != NULL)
    fractures_run (mf, in, n, out, TRUE);
  else
    fractures_run (mf, in, n, out, FALSE);
}
