/* Water as rings, after Perlin 1985: the sum of waves spreading from
 * scattered sources, each with its own wavelength and an amplitude
 * proportional to it (1/f), a crest sharper than a sine's, moving outwards
 * with time, and ruffled by fine fBm ripples.
 *
 * Each wave fades out smoothly, (1 - (r / R)²)³, to nothing at a reach R of
 * half the tile: with tiling on, a point then feels a source only through
 * the source's nearest repeat, and the sum is exactly periodic — round
 * rings everywhere, no seam.  Time: wave j moves out by m_j whole
 * wavelengths over the loop, so time 1 is time 0. */
#include <math.h>

#include "math/hash.h"
#include "patterns/seed-salts.h"
#include "patterns/water/water-common.h"
#include "patterns/water/water-styles.h"
#include "patterns/water/water-waves-rows.h"

/* Longest wavelength over shortest: the waves' frequencies spread over a
 * band this wide. */
#define WAVELENGTH_RANGE 4.0

/* The sum's spread (after division by its RMS) is multiplied by this
 * before the soft curve, so that most of the range is used. */
#define WATER_GAIN 1.0

void
tsr_water_rings_prepare (const TsrTexture *tex, const TsrWaterParams *p, TsrWaterRings *st)
{
  TsrFractalSpec spec;
  const double pw = tex->period_w, ph = tex->period_h;
  const double longest = 0.5 * tex->noise.scale;   /* a crest and a trough a feature */
  const guint32 seed = tsr_hash1 ((guint32) tex->common.seed, TSR_SALT_WATER_SOURCES);
  double sum_sq = 0.0, mean, var;

  st->n_sources = CLAMP (p->waves, 1, TSR_WATER_MAX_SOURCES);
  st->period_w = tex->tileable ? pw : 0;
  st->period_h = tex->tileable ? ph : 0;
  st->reach = 0.5 * MIN (pw, ph);
  st->inv_reach2 = 1.0 / (st->reach * st->reach);
  st->crest_power = 1.0f + 3.0f * (float) p->crest;
  st->ripple_amount = (float) p->ripples;

  for (int j = 0; j < st->n_sources; j++)
    {
      TsrWaterSource *w = &st->sources[j];
      const double uf = tsr_hash_unit (tsr_hash2 (seed, j, 3));
      const guint32 um = tsr_hash2 (seed, j, 5);
      /* log-uniform wavelengths between longest / RANGE and longest */
      const double wavelength = longest * exp (-log (WAVELENGTH_RANGE) * uf);
      double travel = (1 + (um >> 30)) * tex->time;   /* 1 .. 4 wavelengths a loop */

      travel -= floor (travel);                        /* 0 at time 0 and at time 1 */
      w->x = tsr_hash_unit (tsr_hash2 (seed, j, 1)) * pw;
      w->y = tsr_hash_unit (tsr_hash2 (seed, j, 2)) * ph;
      w->inv_wavelength = 1.0 / wavelength;
      w->phase = tsr_hash_unit (tsr_hash2 (seed, j, 4)) - travel;
      w->amp = (float) (wavelength / longest);
      sum_sq += (double) w->amp * w->amp;
    }

  tsr_crest_profile_moments (st->crest_power, &mean, &var);
  st->profile_mean = (float) mean;
  /* The fade's mean square over the tile: π R² / 7 of its area. */
  st->norm = (float) (WATER_GAIN / sqrt (sum_sq * var * G_PI * st->reach * st->reach
                                         / (7.0 * pw * ph)));

  /* Ripples: fine noise, a tenth of the longest wave. */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_WATER_RIPPLES, &spec);
  spec.scale_x = spec.scale_y = MAX (1.0, longest / 10.0);
  tsr_fractal_init (&st->ripples, &spec);
}

void
tsr_water_rings_row (const TsrWaterRings *st, const double *x, const double *y, gsize n,
                     const TsrWaterNoise *noise, float *out, float *gx, float *gy)
{
  const float *ripples = noise->fine, *rx = noise->fx, *ry = noise->fy;
  float sum[TSR_CHUNK], g0[TSR_CHUNK], g1[TSR_CHUNK];
  const float ripple_amount = st->ripple_amount;

  tsr_water_wave_kernels ()->rings (st, x, y, n, sum, gx != NULL ? g0 : NULL, g1);
  for (gsize i = 0; i < n; i++)
    {
      const float g[2] = { gx != NULL ? g0[i] : 0.0f, gx != NULL ? g1[i] : 0.0f };

      tsr_water_soft_surface (sum[i], st->norm, g, ripple_amount, ripples[i],
                              gx != NULL ? rx[i] : 0.0f, gx != NULL ? ry[i] : 0.0f, &out[i],
                              gx != NULL ? &gx[i] : NULL, gx != NULL ? &gy[i] : NULL);
    }
}
