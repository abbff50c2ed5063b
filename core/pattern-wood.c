/* Wood: growth rings around the tree's centre, disturbed by noise, plus
 * fine grain stretched along the fibre.
 *
 * The rings are level lines of the distance r from the centre.  When tiling,
 * the plain distance is replaced by its periodic form
 *     r² = (W/π)² sin² (π dx / W) + (H/π)² sin² (π dy / H),
 * which equals dx² + dy² near the centre (round rings there) and repeats
 * every W x H pixels, so the rings close up smoothly across the tile edges.
 *
 * k[0], k[1]: centre (pixels); k[2]: rings per pixel; k[3]: ring noise
 * (in rings); k[4]: grain strength; k[5], k[6]: period when tiling, else 0. */
#include <math.h>

#include "pattern-impl.h"
#include "trig.h"

void
tsr_prepare_wood (TsrTexture *tex)
{
  TsrFractalSpec spec;
  double pw = tex->period_w, ph = tex->period_h;
  double grain_width;

  tex->k[0] = tsr_texture_value (tex, TSR_P_CENTER_X) * pw;
  tex->k[1] = tsr_texture_value (tex, TSR_P_CENTER_Y) * ph;
  tex->k[2] = tsr_texture_value (tex, TSR_P_RINGS) / (0.5 * MIN (pw, ph));
  tex->k[3] = tsr_texture_value (tex, TSR_P_RING_NOISE);
  tex->k[4] = tsr_texture_value (tex, TSR_P_GRAIN);
  tex->k[5] = tex->tileable ? pw : 0;
  tex->k[6] = tex->tileable ? ph : 0;

  /* The rings' wobble: few, gentle octaves ("low persistence"). */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 3, &spec);
  spec.octaves = MIN (spec.octaves, 3u);
  spec.persistence *= 0.5;
  tsr_fractal_init (&tex->fractal, &spec);

  /* The grain: thin streaks, long along x. */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 4, &spec);
  grain_width = MAX (1.5, tsr_texture_value (tex, TSR_P_SCALE) / 48.0);
  spec.scale_y = grain_width;
  spec.scale_x = grain_width * tsr_texture_value (tex, TSR_P_GRAIN_STRETCH);
  spec.octaves = 2;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  tsr_fractal_init (&tex->aux, &spec);
}

static inline double
periodic_offset (double d, double period)
{
  /* (P/π) sin (π d / P): d near the centre, periodic in P. */
  return period > 0 ? period * (1.0 / G_PI) * tsr_sin_turns (0.5 * d / period) : d;
}

void
tsr_eval_wood (const TsrTexture *tex, const double *x, const double *y,
               gsize n, float *out)
{
  float wobble[TSR_CHUNK], grain[TSR_CHUNK];
  const float grain_amount = (float) tex->k[4];

  tsr_fractal_row (&tex->fractal, x, y, n, wobble);
  tsr_fractal_row (&tex->aux, x, y, n, grain);
  for (gsize i = 0; i < n; i++)
    {
      double dx = periodic_offset (x[i] - tex->k[0], tex->k[5]);
      double dy = periodic_offset (y[i] - tex->k[1], tex->k[6]);
      double phase = sqrt (dx * dx + dy * dy) * tex->k[2] + tex->k[3] * wobble[i];
      float ring = (float) (phase - floor (phase));
      float r2 = ring * ring, late = r2 * r2 * r2;        /* dark latewood at the ring's end */
      float v = (0.92f - 0.3f * ring) * (1.0f - 0.7f * late);
      float g = 0.5f + 0.5f * grain[i];
      out[i] = v * (1.0f - grain_amount * 0.6f * g);
    }
}
