/* Marble, in two styles.
 *
 * Veined (after the veined-marble shaders of the RenderMan tradition): the
 * point is pushed around by fBm (domain warp, `turbulence`), and veins lie
 * where layers of noise cross zero, a thin band |n| < width around each
 * crossing: zero crossings of smooth noise are long, connected curves that
 * branch and meet, and the warp folds them as the stone's flow did.  Three
 * layers, each three times finer and fainter than the last, give the main
 * veins and their secondary and hairline veins; a vein's width swells and
 * thins along it with a slow noise, and the stone between is a soft cloud.
 * A vein thinner than a pixel is not drawn as a broken hairline but as a
 * fainter line one pixel wide (the same ink, box-filtered), and a layer
 * finer than the pixel grid is left out.  Nothing here has a direction, so
 * the veins run every way and tile at any W x H.
 *
 * Banded, after Perlin 1985: marble_color (sin (stripe + turbulence)).
 * The stripe coordinate is a plane wave with `veins` bands across the tile,
 * running in the direction `vein-angle`.  When tiling, the wave must repeat
 * across the period, so its frequency is rounded to a whole number of bands
 * along each side of the tile (nx across the width, ny down the height):
 * the direction and the band count are then the nearest that tile exactly. */
#include <math.h>

#include "hash.h"
#include "pattern-impl.h"
#include "trig.h"

#define VEIN_LAYERS 3

typedef struct
{
  TsrMarbleParams p;
  double          kx, ky;       /* banded: bands per pixel along x and y */
  TsrFractal      turbulence;   /* banded */
  TsrFractal      warp_x, warp_y, body, swell;
  TsrFractal      layer[VEIN_LAYERS];
  float           width[VEIN_LAYERS];      /* half-width of a vein, noise units */
  float           footprint[VEIN_LAYERS];  /* a pixel, in noise units */
  float           ink[VEIN_LAYERS];        /* how dark the layer's veins are */
  double          warp_pixels;
} MarbleState;

static void
prepare_veined (TsrTexture *tex, MarbleState *st)
{
  TsrFractalSpec spec;
  /* `veins` main veins across the tile: about one zero crossing per
   * lattice cell. */
  double main_size = MAX (tex->period_w, tex->period_h) / MAX (st->p.veins, 0.5);
  /* sharpness^-0.75 from square roots, which round the same everywhere */
  double width = 0.16 / (sqrt (st->p.vein_sharpness) * sqrt (sqrt (st->p.vein_sharpness)));
  double size = main_size;

  main_size = MAX (main_size, 4.0);
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 21, &spec);
  spec.octaves = 3;
  spec.persistence = 0.45;
  spec.scale_x *= 2.0;
  spec.scale_y *= 2.0;
  spec.lacunarity = 2.0;
  tsr_fractal_init (&st->warp_x, &spec);
  spec.noise.seed = tsr_mix32 (spec.noise.seed ^ 0x51ed270bu);
  tsr_fractal_init (&st->warp_y, &spec);
  st->warp_pixels = 0.5 * st->p.turbulence * tex->noise.scale;

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 22, &spec);
  spec.octaves = MIN (spec.octaves, 5u);
  spec.scale_x *= 1.5;
  spec.scale_y *= 1.5;
  tsr_fractal_init (&st->body, &spec);

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 23, &spec);
  spec.octaves = 2;
  spec.scale_x *= 0.5;
  spec.scale_y *= 0.5;
  tsr_fractal_init (&st->swell, &spec);

  for (int l = 0; l < VEIN_LAYERS; l++)
    {
      tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 24 + (guint32) l, &spec);
      spec.octaves = 2;
      spec.persistence = 0.25;
      spec.scale_x *= size / tex->noise.scale;
      spec.scale_y *= size / tex->noise.scale;
      tsr_fractal_init (&st->layer[l], &spec);
      st->width[l] = (float) width;
      /* Noise changes by about 2.5 units per lattice cell at its steepest
       * crossings: a pixel covers that much of a cell. */
      st->footprint[l] = (float) (2.5 * MAX (st->layer[l].oct[0].fx, st->layer[l].oct[0].fy));
      st->ink[l] = (float) (l == 0 ? 0.85 : l == 1 ? 0.4 : 0.16);
      size /= 3.0;
    }
}

static void
prepare_banded (TsrTexture *tex, MarbleState *st)
{
  TsrFractalSpec spec;
  double pw = tex->period_w, ph = tex->period_h;
  double angle, freq;

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

static void
prepare_marble (TsrTexture *tex)
{
  MarbleState *st = tex->state;

  tsr_marble_params (&tex->s, &st->p);
  if (st->p.style == TSR_MARBLE_BANDED)
    prepare_banded (tex, st);
  else
    prepare_veined (tex, st);
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
eval_banded (const TsrTexture *tex, const double *x, const double *y,
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

/* How much of a pixel a vein of half-width w (noise units) covers at
 * distance d = |n| from its heart, the pixel spanning fp: a smooth step
 * 1 -> 0 around d = w, no sharper than the pixel, and a vein thinner than
 * the pixel keeps its ink (w / fp) rather than breaking up. */
static inline float
vein_cover (float d, float w, float fp)
{
  float edge = MAX (w, fp);
  float t = CLAMP (d / edge, 0.0f, 1.0f);
  float step = 1.0f - t * t * (3.0f - 2.0f * t);
  return step * MIN (1.0f, w / fp);
}

static void
eval_veined (const TsrTexture *tex, const double *x, const double *y,
             gsize n, float *out)
{
  const MarbleState *st = tex->state;
  float wx[TSR_CHUNK], wy[TSR_CHUNK], body[TSR_CHUNK], swell[TSR_CHUNK], vn[TSR_CHUNK];
  float veins[TSR_CHUNK];
  double px[TSR_CHUNK], py[TSR_CHUNK];

  tsr_fractal_row (&st->warp_x, x, y, n, wx);
  tsr_fractal_row (&st->warp_y, x, y, n, wy);
  for (gsize i = 0; i < n; i++)
    {
      px[i] = x[i] + st->warp_pixels * wx[i];
      py[i] = y[i] + st->warp_pixels * wy[i];
      veins[i] = 0.0f;
    }
  tsr_fractal_row (&st->body, px, py, n, body);
  tsr_fractal_row (&st->swell, px, py, n, swell);
  for (int l = 0; l < VEIN_LAYERS; l++)
    {
      const float fp = st->footprint[l];
      /* Finer than about two pixels per cell: nothing a pixel can show. */
      if (fp > 1.25f)
        break;
      tsr_fractal_row (&st->layer[l], px, py, n, vn);
      for (gsize i = 0; i < n; i++)
        {
          float w = st->width[l] * (0.35f + 1.3f * (0.5f + 0.5f * swell[i]));
          float d = fabsf (vn[i]);
          /* the vein, and the stain it left in the stone around it */
          float c = st->ink[l] * (vein_cover (d, w, fp) + 0.25f * vein_cover (d, 5.0f * w, fp));
          veins[i] += (1.0f - veins[i]) * MIN (c, 1.0f);
        }
    }
  for (gsize i = 0; i < n; i++)
    {
      float stone = 0.64f + 0.36f * (0.5f + 0.5f * body[i]);
      out[i] = stone * (1.0f - veins[i]);
    }
}

static void
eval_marble (const TsrTexture *tex, const double *x, const double *y,
             gsize n, float *out)
{
  const MarbleState *st = tex->state;

  if (st->p.style == TSR_MARBLE_BANDED)
    eval_banded (tex, x, y, n, out);
  else
    eval_veined (tex, x, y, n, out);
}

const TsrPattern tsr_pattern_marble = {
  "marble", N_("Marble"),
  N_("Branching veins through a cloudy stone, or Perlin 1985's bands twisted by turbulence"),
  TSR_BASIS_CHOSEN, TSR_GROUP_MARBLE, TSR_PALETTE_MARBLE,
  sizeof (MarbleState), prepare_marble, eval_marble, NULL, NULL
};
