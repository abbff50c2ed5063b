/* Wood: growth rings around the tree's centre, disturbed by noise, plus
 * fine grain stretched along the fibre.
 *
 * The rings are level lines of the distance r from the centre.  When tiling,
 * the plain distance is replaced by its periodic form
 *     r² = (W/π)² sin² (π dx / W) + (H/π)² sin² (π dy / H),
 * which equals dx² + dy² near the centre (round rings there) and repeats
 * every W x H pixels, so the rings close up smoothly across the tile edges. */
#include <math.h>

#include "pattern-impl.h"
#include "trig.h"

typedef struct
{
  TsrWoodParams p;
  double        cx, cy;             /* the centre, pixels */
  double        rings_per_pixel;
  double        period_w, period_h; /* when tiling, else 0 */
  TsrFractal    wobble, grain;
} WoodState;

static void
prepare_wood (TsrTexture *tex)
{
  WoodState *st = tex->state;
  TsrFractalSpec spec;
  double pw = tex->period_w, ph = tex->period_h;
  double grain_width;

  tsr_wood_params (&tex->s, &st->p);
  st->cx = st->p.center_x * pw;
  st->cy = st->p.center_y * ph;
  st->rings_per_pixel = st->p.rings / (0.5 * MIN (pw, ph));
  st->period_w = tex->tileable ? pw : 0;
  st->period_h = tex->tileable ? ph : 0;

  /* The rings' wobble: few, gentle octaves ("low persistence"). */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 3, &spec);
  spec.octaves = MIN (spec.octaves, 3u);
  spec.persistence *= 0.5;
  tsr_fractal_init (&st->wobble, &spec);

  /* The grain: thin streaks, long along x. */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 4, &spec);
  grain_width = MAX (1.5, tex->noise.scale / 48.0);
  spec.scale_y = grain_width;
  spec.scale_x = grain_width * st->p.grain_stretch;
  spec.octaves = 2;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  tsr_fractal_init (&st->grain, &spec);
}

static inline double
periodic_offset (double d, double period)
{
  /* (P/π) sin (π d / P): d near the centre, periodic in P. */
  return period > 0 ? period * (1.0 / G_PI) * tsr_sin_turns (0.5 * d / period) : d;
}

static void
eval_wood (const TsrTexture *tex, const double *x, const double *y,
           gsize n, float *out)
{
  const WoodState *st = tex->state;
  float wobble[TSR_CHUNK], grain[TSR_CHUNK];
  const float grain_amount = (float) st->p.grain;

  tsr_fractal_row (&st->wobble, x, y, n, wobble);
  tsr_fractal_row (&st->grain, x, y, n, grain);
  for (gsize i = 0; i < n; i++)
    {
      double dx = periodic_offset (x[i] - st->cx, st->period_w);
      double dy = periodic_offset (y[i] - st->cy, st->period_h);
      double phase = sqrt (dx * dx + dy * dy) * st->rings_per_pixel + st->p.ring_noise * wobble[i];
      float ring = (float) (phase - floor (phase));
      float r2 = ring * ring, late = r2 * r2 * r2;        /* dark latewood at the ring's end */
      float v = (0.92f - 0.3f * ring) * (1.0f - 0.7f * late);
      float g = 0.5f + 0.5f * grain[i];
      out[i] = v * (1.0f - grain_amount * 0.6f * g);
    }
}

const TsrPattern tsr_pattern_wood = {
  "wood", N_("Wood"), N_("Growth rings disturbed by noise, with fine grain along the fibre"),
  TSR_BASIS_CHOSEN, TSR_GROUP_WOOD, TSR_PALETTE_WOOD,
  sizeof (WoodState), prepare_wood, eval_wood
};
