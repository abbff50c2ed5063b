/* Marble, after Perlin 1985: marble_color (sin (stripe + turbulence)).
 *
 * The stripe coordinate is a plane wave with `veins` bands across the tile,
 * running in the direction `vein-angle`.  When tiling, the wave must repeat
 * across the period, so its frequency is rounded to a whole number of bands
 * along each side of the tile (nx across the width, ny down the height):
 * the direction and the band count are then the nearest that tile exactly. */
#include <math.h>

#include "pattern-impl.h"
#include "trig.h"

typedef struct
{
  TsrMarbleParams p;
  double          kx, ky;       /* bands per pixel along x and y */
  TsrFractal      turbulence;
} MarbleState;

static void
prepare_marble (TsrTexture *tex)
{
  MarbleState *st = tex->state;
  TsrFractalSpec spec;
  double pw = tex->period_w, ph = tex->period_h;
  double angle, freq;

  tsr_marble_params (&tex->s, &st->p);
  angle = st->p.vein_angle / 360.0;   /* turns */
  freq = st->p.veins / sqrt (pw * ph);
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
  st->kx = kx;
  st->ky = ky;

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_TURBULENCE, 2, &spec);
  tsr_fractal_init (&st->turbulence, &spec);
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

static void
eval_marble (const TsrTexture *tex, const double *x, const double *y,
             gsize n, float *out)
{
  const MarbleState *st = tex->state;
  float turb[TSR_CHUNK];
  const float sharp = (float) st->p.vein_sharpness;

  tsr_fractal_row (&st->turbulence, x, y, n, turb);
  for (gsize i = 0; i < n; i++)
    {
      double phase = st->kx * x[i] + st->ky * y[i] + st->p.turbulence * turb[i];
      /* |sin (pi phase)|: one dark vein per band, 0 at the vein's heart. */
      float v = (float) fabs (tsr_sin_turns (0.5 * phase));
      out[i] = sharpen (v, sharp);
    }
}

const TsrPattern tsr_pattern_marble = {
  "marble", N_("Marble"), N_("Veins twisted by turbulence (Perlin 1985)"),
  TSR_BASIS_CHOSEN, TSR_GROUP_MARBLE, TSR_PALETTE_MARBLE,
  sizeof (MarbleState), prepare_marble, eval_marble
};
