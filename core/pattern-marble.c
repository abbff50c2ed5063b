/* Marble, after Perlin 1985: marble_color (sin (stripe + turbulence)).
 *
 * The stripe coordinate is a plane wave with `veins` bands across the tile,
 * running in the direction `vein-angle`.  When tiling, the wave must repeat
 * across the period, so its frequency is rounded to a whole number of bands
 * along each side of the tile (nx across the width, ny down the height):
 * the direction and the band count are then the nearest that tile exactly.
 *
 * k[0], k[1]: bands per pixel in x and y; k[2]: turbulence amount (bands);
 * k[3]: vein sharpness. */
#include <math.h>

#include "pattern-impl.h"
#include "trig.h"

void
tsr_prepare_marble (TsrTexture *tex)
{
  TsrFractalSpec spec;
  double pw = tex->period_w, ph = tex->period_h;
  double angle = tsr_texture_value (tex, TSR_P_VEIN_ANGLE) / 360.0;   /* turns */
  double freq = tsr_texture_value (tex, TSR_P_VEINS) / sqrt (pw * ph);
  /* Bands run along the vein direction, so the wave's normal is 90° on. */
  double kx = -freq * tsr_sin_turns (angle);
  double ky = freq * tsr_cos_turns (angle);

  if (tex->tileable)
    {
      double nx = floor (kx * pw + 0.5), ny = floor (ky * ph + 0.5);
      if (nx == 0 && ny == 0)
        {
          if (fabs (kx * pw) >= fabs (ky * ph))
            nx = kx < 0 ? -1 : 1;
          else
            ny = ky < 0 ? -1 : 1;
        }
      kx = nx / pw;
      ky = ny / ph;
    }
  tex->k[0] = kx;
  tex->k[1] = ky;
  tex->k[2] = tsr_texture_value (tex, TSR_P_TURBULENCE);
  tex->k[3] = tsr_texture_value (tex, TSR_P_VEIN_SHARPNESS);

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_TURBULENCE, 2, &spec);
  tsr_fractal_init (&tex->fractal, &spec);
}

/* 1 - (1 - v)^k for real k >= 1, from whole powers (no libm pow, whose last
 * bits vary between C libraries). */
static inline float
sharpen (float v, float k)
{
  float u = 1.0f - v, p = 1.0f;
  int whole = (int) k;
  for (int i = 0; i < whole; i++)
    p *= u;
  p += (p * u - p) * (k - (float) whole);
  return 1.0f - p;
}

void
tsr_eval_marble (const TsrTexture *tex, const double *x, const double *y,
                 gsize n, float *out)
{
  float turb[TSR_CHUNK];
  const float sharp = (float) tex->k[3];

  tsr_fractal_row (&tex->fractal, x, y, n, turb);
  for (gsize i = 0; i < n; i++)
    {
      double phase = tex->k[0] * x[i] + tex->k[1] * y[i] + tex->k[2] * turb[i];
      /* |sin (pi phase)|: one dark vein per band, 0 at the vein's heart. */
      float v = (float) fabs (tsr_sin_turns (0.5 * phase));
      out[i] = sharpen (v, sharp);
    }
}
