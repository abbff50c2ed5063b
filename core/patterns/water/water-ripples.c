/* Water rippled by the wind: many short waves whose directions gather
 * around the wind's, from an eighth to two thirds of the scale long, each with
 * the sharp crest of water-crest.h and an amplitude proportional to its
 * length.  Their crests, across the wind, cross each other in short
 * overlapping lobes: the anisotropic chop of a breezy lake.
 *
 * Tiling: each wave makes whole cycles across the tile (its direction and
 * length rounded to the nearest such wave), so the sum is periodic.
 * Time: a wave moves on by whole cycles over the loop, shorter waves more
 * cycles (slower in pixels: deep water's dispersion, c ∝ √λ). */
#include <math.h>

#include "math/hash.h"
#include "patterns/seed-salts.h"
#include "math/trig.h"
#include "patterns/water/water-common.h"
#include "patterns/water/water-styles.h"
#include "patterns/water/water-waves-rows.h"

#define SHORTEST (1.0 / 8.0)   /* of the scale */
#define LONGEST  (2.0 / 3.0)
#define SPREAD   0.18          /* turns: how far from the wind's direction waves go */

/* Waves shorter than this many pixels per crest power fade out: their
 * sharp crests would alias. */
#define NYQUIST_FADE 1.2

void
tsr_water_ripples_prepare (const TsrTexture *tex, const TsrWaterParams *p, TsrWaterRipples *st)
{
  TsrFractalSpec spec;
  const guint32 seed = tsr_hash1 ((guint32) tex->common.seed, TSR_SALT_WIND_WAVES);
  const double pw = tex->period_w, ph = tex->period_h;
  const double longest = LONGEST * tex->noise.scale;
  const double wind = p->wind_angle / 360.0;   /* turns */
  double sum_sq = 0.0, mean, var;

  st->crest_power = 1.0f + 3.0f * (float) p->crest;
  st->ripple_amount = (float) p->ripples;
  st->n_waves = TSR_WATER_WIND_WAVES;
  for (int j = 0; j < st->n_waves; j++)
    {
      TsrWaterPlaneWave *w = &st->waves[j];
      /* triangular spread around the wind: most waves run with it */
      const double off = (tsr_hash_unit (tsr_hash2 (seed, j, 1))
                          + tsr_hash_unit (tsr_hash2 (seed, j, 2)) - 1.0) * SPREAD;
      const double uf = tsr_hash_unit (tsr_hash2 (seed, j, 3));
      double wavelength = longest * exp (log (SHORTEST / LONGEST) * uf);
      /* image rows grow downwards: counter-clockwise is -y */
      double kx = tsr_cos_turns (wind + off) / wavelength;
      double ky = -tsr_sin_turns (wind + off) / wavelength;
      const double cycles = floor (2.0 * sqrt (longest / wavelength));
      double travel, fade;

      if (tex->tileable)
        {
          kx = round (kx * pw) / pw;
          ky = round (ky * ph) / ph;
          if (kx == 0.0 && ky == 0.0)
            kx = 1.0 / pw;
          wavelength = 1.0 / sqrt (kx * kx + ky * ky);
        }
      travel = cycles * tex->time;
      travel -= floor (travel);                 /* 0 at time 0 and at time 1 */
      w->kx = kx;
      w->ky = ky;
      w->phase = tsr_hash_unit (tsr_hash2 (seed, j, 4)) - travel;
      fade = (wavelength - NYQUIST_FADE * st->crest_power) / (NYQUIST_FADE * st->crest_power);
      fade = CLAMP (fade, 0.0, 1.0);
      w->amp = (float) (wavelength / longest * fade * fade * (3.0 - 2.0 * fade));
      sum_sq += (double) w->amp * w->amp;
    }

  tsr_crest_profile_moments (st->crest_power, &mean, &var);
  st->profile_mean = (float) mean;
  st->norm = (float) (1.0 / sqrt (MAX (sum_sq * var, 1e-12)));

  /* Fine noise, a little finer than the shortest wave. */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_WIND_CHOP, &spec);
  spec.scale_x = spec.scale_y = MAX (1.0, SHORTEST * tex->noise.scale);
  tsr_fractal_init (&st->ripples, &spec);
}

void
tsr_water_ripples_row (const TsrWaterRipples *st, const double *x, const double *y, gsize n,
                       const TsrWaterNoise *noise, float *out, float *gx, float *gy)
{
  const float *fine = noise->fine, *fx = noise->fx, *fy = noise->fy;
  float sum[TSR_CHUNK], g0[TSR_CHUNK], g1[TSR_CHUNK];
  const float ripple_amount = st->ripple_amount;

  /* each pixel sums its waves in order */
  tsr_water_wave_kernels ()->ripples (st, x, y, n, sum, gx != NULL ? g0 : NULL, g1);
  for (gsize i = 0; i < n; i++)
    {
      const float g[2] = { gx != NULL ? g0[i] : 0.0f, gx != NULL ? g1[i] : 0.0f };

      tsr_water_soft_surface (sum[i], st->norm, g, ripple_amount, fine[i],
                              gx != NULL ? fx[i] : 0.0f, gx != NULL ? fy[i] : 0.0f, &out[i],
                              gx != NULL ? &gx[i] : NULL, gx != NULL ? &gy[i] : NULL);
    }
}
