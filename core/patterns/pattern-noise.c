/* The plain bases (one octave) and the fractal patterns. */
#include <math.h>

#include "patterns/pattern-impl.h"

/* Both kinds keep one fractal: a single octave of a fixed basis, or the
 * octaves of the chosen basis. */
typedef struct
{
  TsrFractal fractal;
  float      clear_below;   /* clouds: values under it are clear sky */
  /* value noise: a second lattice turned 45°, sampled at (x + k y, y - x / k) */
  gboolean   turned;
  TsrFractal turned_fractal;
  double     k;
} NoiseState;

static void
prepare_basis (TsrTexture *tex)
{
  NoiseState *st = tex->state;
  TsrFractalSpec spec;

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_NOISE_PATTERNS, &spec);
  spec.basis = (TsrBasis) tex->pattern->basis;
  spec.octaves = 1;
  tsr_fractal_init (&st->fractal, &spec);
  /* A value-noise lattice shows its axes: the plateaus and blends of its
   * square cells line up in rows and columns.  Half of it on a lattice
   * turned 45° hides them.  With k = W / H, whole periods of x and y are
   * whole periods of (x + k y, y - x / k): it still tiles at any size.
   * Its cells are sqrt 2 times larger there, the same size on the image. */
  st->turned = spec.basis == TSR_BASIS_VALUE;
  if (st->turned)
    {
      st->k = tex->tileable ? (double) tex->period_w / tex->period_h : 1.0;
      tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_VALUE_TURNED, &spec);
      spec.basis = TSR_BASIS_VALUE;
      spec.octaves = 1;
      spec.scale_x *= G_SQRT2;
      spec.scale_y *= G_SQRT2;
      /* a tile of a set: (u, v) = (x + k y, y - x / k) is at
       * x = (u - k v) / 2, y = (u / k + v) / 2, and half a tile on */
      spec.tile.m[0] = 0.5;
      spec.tile.m[1] = -0.5 * st->k;
      spec.tile.m[2] = 0.5 / st->k;
      spec.tile.m[3] = 0.5;
      spec.tile.twin = TRUE;
      tsr_fractal_init (&st->turned_fractal, &spec);
    }
}

/* With the turned lattice: the mean of the two, and its gradient in the
 * first lattice's units (the turned one's brought through its axes). */
static void
add_turned (const NoiseState *st, const double *x, const double *y, gsize n, float *out,
            float *gx, float *gy)
{
  const TsrOctave *o = &st->fractal.oct[0], *t = &st->turned_fractal.oct[0];
  double lx[TSR_CHUNK], ly[TSR_CHUNK];
  float b[TSR_CHUNK], bu[TSR_CHUNK], bv[TSR_CHUNK];

  for (gsize i = 0; i < n; i++)
    {
      lx[i] = (x[i] + st->k * y[i]) * t->fx + t->ox;
      ly[i] = (y[i] - x[i] / st->k) * t->fy + t->oy;
    }
  if (gx == NULL)
    tsr_fractal_octave_row (&st->turned_fractal, 0, lx, ly, n, b);
  else
    tsr_fractal_octave_row_grad (&st->turned_fractal, 0, lx, ly, n, b, bu, bv);
  for (gsize i = 0; i < n; i++)
    out[i] = 0.5f * (out[i] + b[i]);
  if (gx != NULL)
    {
      /* d / dx = d / du - d / dv / k, d / dy = k d / du + d / dv, per pixel,
       * then in the first lattice's units */
      const float tu = (float) t->fx, tv = (float) t->fy, k = (float) st->k;
      const float ox = (float) o->fx, oy = (float) o->fy;

      for (gsize i = 0; i < n; i++)
        {
          gx[i] = 0.5f * (gx[i] + (bu[i] * tu - bv[i] * tv / k) / ox);
          gy[i] = 0.5f * (gy[i] + (k * bu[i] * tu + bv[i] * tv) / oy);
        }
    }
}

/* Every basis spans [-1, 1], but they fill it unevenly: one octave of
 * Perlin noise keeps 98 % of its values within 0.16 .. 0.84 of the range
 * and cellular F1 never rises above ~0.87 (1024² at scale 24: percentiles
 * 1 and 99).  Shown as they are, the plain patterns look grey.  Each goes
 * through the smooth limiter
 *     s (v) = k v / sqrt (1 + (k² - 1) v²),
 * monotone, slope k at 0 and s (±1) = ±1, so the contrast rises without
 * clipping and the extremes stay reachable: gradient bases around their
 * centre, cellular distances (≥ 0) from 0 up.  The gains bring percentiles
 * 1 .. 99 to about 0.05 .. 0.95 of the range. */
static float
basis_gain (TsrBasis basis, TsrCellsMode mode)
{
  switch (basis)
    {
    case TSR_BASIS_PERLIN: return 1.8f;
    case TSR_BASIS_VALUE:  return 1.8f;   /* two lattices, averaged */
    case TSR_BASIS_CELLS:
      return mode == TSR_CELLS_F1 ? 1.6f : mode == TSR_CELLS_F2 ? 1.2f : 1.9f;
    case TSR_BASIS_SIMPLEX:
    default:
      return 1.0f;
    }
}

static inline float
soft_gain (float v, float k)
{
  return k * v / sqrtf (1.0f + (k * k - 1.0f) * v * v);
}

/* d soft_gain (v, k) / dv */
static inline float
soft_gain_slope (float v, float k)
{
  const float q = 1.0f / sqrtf (1.0f + (k * k - 1.0f) * v * v);

  return k * q * q * q;
}

/* One octave of the basis, shaped for display; with gx and gy (not NULL)
 * its gradient per pixel too. */
static void
basis_row (const TsrTexture *tex, const double *x, const double *y, gsize n,
           float *out, float *gx, float *gy)
{
  const NoiseState *st = tex->state;
  const TsrOctave *o = &st->fractal.oct[0];
  const float k = basis_gain (st->fractal.basis, o->noise.cells_mode);
  const gboolean distance = st->fractal.basis == TSR_BASIS_CELLS;
  double lx[TSR_CHUNK], ly[TSR_CHUNK];
  float slope[TSR_CHUNK];

  g_assert (n > 0 && n <= TSR_CHUNK);
  for (gsize i = 0; i < n; i++)
    {
      lx[i] = x[i] * o->fx + o->ox;
      ly[i] = y[i] * o->fy + o->oy;
    }
  tsr_fractal_octave_row_grad (&st->fractal, 0, lx, ly, n, out, gx, gy);
  if (st->turned)
    add_turned (st, x, y, n, out, gx, gy);
  if (o->amp != 1.0f)
    {
      /* a zoomed-out view fades what its pixels cannot hold (fractal.c) */
      const float c = st->fractal.center;

      for (gsize i = 0; i < n; i++)
        out[i] = c + o->amp * (out[i] - c);
      for (gsize i = 0; gx != NULL && i < n; i++)
        {
          gx[i] *= o->amp;
          gy[i] *= o->amp;
        }
    }
  /* slope[i]: d out / d noise */
  if (k == 1.0f)
    for (gsize i = 0; i < n; i++)
      {
        slope[i] = 0.5f;
        out[i] = 0.5f + 0.5f * out[i];
      }
  else if (distance)
    for (gsize i = 0; i < n; i++)
      {
        const float d = 0.5f + 0.5f * out[i];

        slope[i] = 0.5f * soft_gain_slope (d, k);
        out[i] = soft_gain (d, k);
      }
  else
    for (gsize i = 0; i < n; i++)
      {
        slope[i] = 0.5f * soft_gain_slope (out[i], k);
        out[i] = 0.5f + 0.5f * soft_gain (out[i], k);
      }
  if (gx != NULL)
    for (gsize i = 0; i < n; i++)
      {
        gx[i] *= slope[i] * (float) o->fx;
        gy[i] *= slope[i] * (float) o->fy;
      }
}

TSR_PATTERN_EVALS (eval_basis, eval_basis_grad, basis_row)

static void
prepare_fractal (TsrTexture *tex, TsrFractalMode mode)
{
  NoiseState *st = tex->state;
  TsrFractalSpec spec;

  tsr_texture_fractal_spec (tex, mode, TSR_SALT_NOISE_PATTERNS, &spec);
  tsr_fractal_init (&st->fractal, &spec);
}

static void
prepare_clouds (TsrTexture *tex)
{
  NoiseState     *st = tex->state;
  TsrCloudsParams p;

  prepare_fractal (tex, TSR_FRACTAL_FBM);
  tsr_clouds_params (&tex->s, &p);
  st->clear_below = (float) (1.0 - p.coverage);
}

static void prepare_turbulence (TsrTexture *tex) { prepare_fractal (tex, TSR_FRACTAL_TURBULENCE); }
static void prepare_ridged     (TsrTexture *tex) { prepare_fractal (tex, TSR_FRACTAL_RIDGED); }

/* fBm's (-1, 1) to 0 .. 1, in place; with gx and gy (not NULL) its
 * gradient too. */
static void
fractal_unit (const NoiseState *st, gsize n, float *out, float *gx, float *gy)
{
  if (st->fractal.mode != TSR_FRACTAL_FBM)
    return;
  for (gsize i = 0; i < n; i++)
    out[i] = 0.5f + 0.5f * out[i];
  if (gx != NULL)
    for (gsize i = 0; i < n; i++)
      {
        gx[i] *= 0.5f;
        gy[i] *= 0.5f;
      }
}

/* The fractal sum in 0 .. 1; with gx and gy (not NULL) its gradient too. */
static void
fractal_row (const TsrTexture *tex, const double *x, const double *y,
             gsize n, float *out, float *gx, float *gy)
{
  const NoiseState *st = tex->state;

  tsr_fractal_row_grad (&st->fractal, x, y, n, out, gx, gy);
  fractal_unit (st, n, out, gx, gy);
}

static void
fractal_rows (const TsrTexture *tex, const double *x, const double *y,
              gsize rows, gsize n, float *out, float *gx, float *gy, gsize stride)
{
  const NoiseState *st = tex->state;

  tsr_fractal_rows_grad (&st->fractal, x, y, rows, n, out, gx, gy, stride);
  for (gsize r = 0; r < rows; r++)
    fractal_unit (st, n, out + r * stride, gx != NULL ? gx + r * stride : NULL,
                  gy != NULL ? gy + r * stride : NULL);
}

TSR_PATTERN_EVALS (eval_fractal, eval_fractal_grad, fractal_row)

/* Cloud cover: the fBm's values under 1 - coverage become clear sky (0),
 * the rest is stretched back over 0 .. 1, so the palette's lowest colour
 * (sky blue) shows between separate clouds.  Coverage 1 leaves the fBm as
 * it is.  In place, on the fractal's values (and gradient). */
static void
clouds_cover (const NoiseState *st, gsize n, float *out, float *gx, float *gy)
{
  const float t = st->clear_below, gain = t < 1.0f ? 1.0f / (1.0f - t) : 0.0f;

  if (t > 0.0f)
    for (gsize i = 0; i < n; i++)
      {
        const float k = out[i] - t > 0.0f ? gain : 0.0f;

        out[i] = MAX (0.0f, out[i] - t) * gain;
        if (gx != NULL)
          {
            gx[i] *= k;
            gy[i] *= k;
          }
      }
}

static void
clouds_row (const TsrTexture *tex, const double *x, const double *y,
            gsize n, float *out, float *gx, float *gy)
{
  fractal_row (tex, x, y, n, out, gx, gy);
  clouds_cover (tex->state, n, out, gx, gy);
}

static void
clouds_rows (const TsrTexture *tex, const double *x, const double *y,
             gsize rows, gsize n, float *out, float *gx, float *gy, gsize stride)
{
  fractal_rows (tex, x, y, rows, n, out, gx, gy, stride);
  for (gsize r = 0; r < rows; r++)
    clouds_cover (tex->state, n, out + r * stride, gx != NULL ? gx + r * stride : NULL,
                  gy != NULL ? gy + r * stride : NULL);
}

TSR_PATTERN_EVALS (eval_clouds, eval_clouds_grad, clouds_row)

/* Value noise's turned lattice shows each point twice, half a tile apart,
 * which a corner tile cannot fix at both places. */
static gboolean
check_value_tiles (const TsrTexture *tex, GError **error)
{
  if (tex->tile.kind == TSR_TILES_CORNERS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "corner tiles: pattern value makes variants but not corner tiles (clouds "
                   "basis=value octaves=1 does)");
      return FALSE;
    }
  return TRUE;
}

#define BASIS_PATTERN(name_, label_, description_, basis_, tiles_, tile_check_) \
  const TsrPattern tsr_pattern_##name_ = {                                   \
    .name = #name_, .label = label_, .description = description_,            \
    .basis = basis_, .own_group = -1, .palette = TSR_PALETTE_COLORS,         \
    .state_size = sizeof (NoiseState), .prepare = prepare_basis,             \
    .eval = eval_basis, .eval_grad = eval_basis_grad, .tile_sets = tiles_,    \
    .tile_check = tile_check_ };
#define FRACTAL_PATTERN(name_, label_, description_)                         \
  const TsrPattern tsr_pattern_##name_ = {                                   \
    .name = #name_, .label = label_, .description = description_,            \
    .basis = TSR_BASIS_CHOSEN, .own_group = -1, .palette = TSR_PALETTE_COLORS, \
    .state_size = sizeof (NoiseState), .prepare = prepare_##name_,           \
    .eval = eval_fractal, .eval_grad = eval_fractal_grad,                    \
    .eval_rows = fractal_rows, .tile_sets = TSR_TILE_SETS_ALL };

BASIS_PATTERN (perlin, N_("Perlin noise"),
               N_("Smooth gradient noise: soft, evenly sized blobs"), TSR_BASIS_PERLIN,
               TSR_TILE_SETS_ALL, NULL)
BASIS_PATTERN (simplex, N_("Simplex noise"),
               N_("Gradient noise on a triangular grid: blobs without Perlin's square bias"),
               TSR_BASIS_SIMPLEX, TSR_TILE_SETS_ALL, NULL)
BASIS_PATTERN (value, N_("Value noise"),
               N_("Random values on a grid, blended: blocky to soft depending on interpolation"),
               TSR_BASIS_VALUE, TSR_TILE_SETS_VARIANTS, check_value_tiles)
BASIS_PATTERN (cells, N_("Cells"),
               N_("Cellular (Worley) noise: distances to scattered points, like cells, stones or cracks"),
               TSR_BASIS_CELLS, TSR_TILE_SETS_ALL, NULL)
const TsrPattern tsr_pattern_clouds = {
  .name = "clouds",
  .label = N_("Clouds"),
  .description = N_("Fractal noise (fBm): octaves of noise summed into soft, billowing clouds"),
  .basis = TSR_BASIS_CHOSEN,
  .own_group = TSR_GROUP_CLOUDS,
  .palette = TSR_PALETTE_COLORS,
  .state_size = sizeof (NoiseState),
  .prepare = prepare_clouds,
  .eval = eval_clouds,
  .eval_grad = eval_clouds_grad,
  .eval_rows = clouds_rows,
  .tile_sets = TSR_TILE_SETS_ALL,
};
FRACTAL_PATTERN (turbulence, N_("Turbulence"),
                 N_("Sum of absolute noise (Perlin 1985): creased, fiery, smoke-like"))
FRACTAL_PATTERN (ridged, N_("Ridged"),
                 N_("Ridged multifractal: sharp crests like mountain ranges or lightning"))
