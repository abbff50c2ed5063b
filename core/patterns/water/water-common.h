/* What the water styles share: the crest of a wave, and the fine noise
 * that ruffles the surface. */
#ifndef TSR_WATER_COMMON_H
#define TSR_WATER_COMMON_H

#include <math.h>

#include <glib.h>

#include "noise/fractal.h"
#include "noise/noise-internal.h"
#include "texture/texture.h"

/* ((1 + cos 2π t) / 2)^k: 1 on the crest, 0 in the trough, sharper crests
 * and flatter troughs as k grows; whole powers blended for a fractional k
 * (no libm pow, whose last bits vary between C libraries).  With slope not
 * NULL, also its derivative d / dt. */
static inline float
tsr_crest_profile_slope (double t, float k, float *slope)
{
  double sn, cs;
  float c, p = 1.0f, dp = 0.0f;
  const int whole = (int) k;
  const float part = k - (float) whole;

  /* trig.h's functions, inline: the same bits */
  if (!(fabs (t) < TSR_COORD_LIMIT))
    t -= floor (t);
  tsr_sincos_turns_i (t, &sn, &cs);
  c = 0.5f + 0.5f * (float) cs;

  for (int i = 0; i < whole; i++)
    {
      dp = dp * c + p;   /* d (c^(i+1)) / dc */
      p *= c;
    }
  if (slope != NULL)
    {
      /* p (1 + (c - 1) part), d / dc, times dc / dt = -π sin 2π t */
      const float dc = -(float) G_PI * (float) sn;

      *slope = (dp * (1.0f + (c - 1.0f) * part) + p * part) * dc;
    }
  return p + (p * c - p) * part;
}

/* The profile's mean and variance over a cycle, for normalising sums. */
static inline void
tsr_crest_profile_moments (float k, double *mean, double *var)
{
  double m = 0.0, v = 0.0;

  for (int i = 0; i < 256; i++)
    {
      const double c = tsr_crest_profile_slope ((i + 0.5) / 256.0, k, NULL);
      m += c / 256.0;
      v += c * c / 256.0;
    }
  *mean = m;
  *var = v - m * m;
}

/* A sum of waves (sum and its gradient g before norm) plus amount times
 * the fine noise (fine, its gradient fx, fy), through the soft curve
 * 0.5 + 0.5 s / √(1 + s²) into 0 .. 1; the gradient when gx is not NULL. */
static inline void
tsr_water_soft_surface (float sum, float norm, const float g[2], float amount, float fine,
                        float fx, float fy, float *out, float *gx, float *gy)
{
  sum *= norm;
  if (amount > 0.0f)
    sum += amount * fine;
  *out = 0.5f + 0.5f * sum / sqrtf (1.0f + sum * sum);
  if (gx != NULL)
    {
      /* d out / d sum = 0.5 / (1 + sum^2)^(3/2) */
      const float q = 1.0f / sqrtf (1.0f + sum * sum), k = 0.5f * q * q * q;

      *gx = k * (norm * g[0] + (amount > 0.0f ? amount * fx : 0.0f));
      *gy = k * (norm * g[1] + (amount > 0.0f ? amount * fy : 0.0f));
    }
}

#endif
