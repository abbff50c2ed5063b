/* Marble, in two styles.
 *
 * Veined (marble-veined.c): veins folded by the stone's flow, or still
 * stone's cracks, in a cloudy stone.
 *
 * Banded, after Perlin 1985: marble_color (sin (stripe + turbulence)).
 * The stripe coordinate is a plane wave with `veins` bands across the tile,
 * running in the direction `vein-angle`.  When tiling, the wave must repeat
 * across the period, so its frequency is rounded to a whole number of bands
 * along each side of the tile (nx across the width, ny down the height):
 * the direction and the band count are then the nearest that tile exactly.
 * Its sharpened bands have edges everywhere: its maps take their slopes
 * over each pixel (tex->slopes_over_pixel). */
#include <math.h>

#include "patterns/marble/marble-veined.h"
#include "patterns/pattern-impl.h"
#include "math/trig.h"

typedef struct
{
  TsrMarbleParams p;
  double          kx, ky;       /* banded: bands per pixel along x and y */
  TsrFractal      turbulence;   /* banded */
  TsrMarbleVeined veined;
} MarbleState;

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

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_TURBULENCE, TSR_SALT_MARBLE_BANDS, &spec);
  tsr_fractal_init (&st->turbulence, &spec);
}

static void
prepare_marble (TsrTexture *tex)
{
  MarbleState *st = tex->state;

  tsr_marble_params (&tex->s, &st->p);
  if (st->p.style == TSR_MARBLE_BANDED)
    {
      prepare_banded (tex, st);
      tex->slopes_over_pixel = TRUE;
    }
  else
    tsr_marble_veined_prepare (tex, st->p.veins, st->p.vein_sharpness, st->p.turbulence,
                               &st->veined);
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

/* Whether the slow fields take the band grid: a texture that is evaluated
 * in blocks of rows (eval_rows), not one whose points are scattered by a
 * warp or a caller (a face of pieces), where a row would pay for four
 * rows of nodes. */
static gboolean
band_grid (const TsrTexture *tex)
{
  return !tex->warp && !tex->points_scattered;
}

/* The veins' values, or with gx and gy not NULL also their gradient;
 * banded marble is asked for values only (slopes_over_pixel). */
static void
marble_row (const TsrTexture *tex, const double *x, const double *y, gsize n,
            float *out, float *gx, float *gy)
{
  const MarbleState *st = tex->state;

  if (st->p.style == TSR_MARBLE_BANDED)
    eval_banded (tex, x, y, n, out);
  else
    tsr_marble_veined_row (&st->veined, band_grid (tex), x, y, n, out, gx, gy);
}

TSR_PATTERN_EVALS (eval_marble, eval_marble_grad, marble_row)

/* A block of rows of constant y: veined marble's slow fields share the
 * band grid's nodes across the rows; banded marble row by row. */
static void
marble_rows (const TsrTexture *tex, const double *x, const double *y, gsize rows, gsize n,
             float *out, float *gx, float *gy, gsize stride)
{
  const MarbleState *st = tex->state;
  double ys[TSR_CHUNK];

  if (st->p.style != TSR_MARBLE_BANDED && band_grid (tex))
    {
      tsr_marble_veined_rows (&st->veined, x, y, rows, n, out, gx, gy, stride);
      return;
    }
  for (gsize r = 0; r < rows; r++)
    {
      for (gsize i = 0; i < n; i++)
        ys[i] = y[r];
      marble_row (tex, x, ys, n, out + r * stride, gx != NULL ? gx + r * stride : NULL,
                  gy != NULL ? gy + r * stride : NULL);
    }
}

/* Polished stone; its veins, softer minerals, polish less well. */
static const TsrRoughness marble_roughness = { 0.45f, 0.0f };

/* Veins: grey on warm white, the stone most people mean by marble;
 * bands: Perlin's own grey-green. */
static TsrPalette
style_palette (const double *value)
{
  return (int) value[TSR_P_STYLE] == TSR_MARBLE_BANDED ? TSR_PALETTE_MARBLE
                                                       : TSR_PALETTE_STATUARIO;
}

const TsrPattern tsr_pattern_marble = {
  .name = "marble",
  .label = N_("Marble"),
  .description = N_("Branching veins through a cloudy stone, or Perlin 1985's bands twisted "
                    "by turbulence"),
  .basis = TSR_BASIS_CHOSEN,
  .own_group = TSR_GROUP_MARBLE,
  .palette = TSR_PALETTE_MARBLE,
  .style_palette = style_palette,
  .state_size = sizeof (MarbleState),
  .prepare = prepare_marble,
  .eval = eval_marble,
  .eval_grad = eval_marble_grad,
  .eval_rows = marble_rows,
  .roughness = &marble_roughness,
  .tile_sets = TSR_TILE_SETS_ALL,
};
