/* Water, in three styles (water-styles.h): caustics, the bright network
 * of light on a pool's floor; ripples, a wind-rippled surface; rings,
 * Perlin 1985's waves around scattered sources.  Water is defined by its
 * surface, so its height, normal and lit maps (`map`) are the point. */
#include "patterns/pattern-impl.h"
#include "patterns/water/water-styles.h"

typedef struct
{
  int style;   /* a TsrWaterStyle */
  union
  {
    TsrWaterCaustics caustics;
    TsrWaterRipples  ripples;
    TsrWaterRings    rings;
  } u;
} WaterState;

static void
prepare_water (TsrTexture *tex)
{
  WaterState *st = tex->state;
  TsrWaterParams p;

  tsr_water_params (&tex->s, &p);
  st->style = p.water_style;
  switch (st->style)
    {
    case TSR_WATER_RIPPLES:
      tsr_water_ripples_prepare (tex, &p, &st->u.ripples);
      break;
    case TSR_WATER_RINGS:
      tsr_water_rings_prepare (tex, &p, &st->u.rings);
      break;
    case TSR_WATER_CAUSTICS:
    default:
      tsr_water_caustics_prepare (tex, &p, &st->u.caustics);
      break;
    }
}

/* The style's fine noise and how much of it shows, and the caustics'
 * breaks (NULL for the other styles). */
static const TsrFractal *
style_noises (const WaterState *st, float *amount, const TsrFractal **breaks)
{
  *breaks = NULL;
  switch (st->style)
    {
    case TSR_WATER_RIPPLES:
      *amount = st->u.ripples.ripple_amount;
      return &st->u.ripples.ripples;
    case TSR_WATER_RINGS:
      *amount = st->u.rings.ripple_amount;
      return &st->u.rings.ripples;
    case TSR_WATER_CAUSTICS:
    default:
      *breaks = &st->u.caustics.breaks;
      *amount = st->u.caustics.ripple_amount;
      return &st->u.caustics.ripples;
    }
}

/* The fine noise is not evaluated when none of it shows. */
static void
zero_fine (TsrWaterNoise *noise, gsize rows, gsize n)
{
  for (gsize r = 0; r < rows; r++)
    for (gsize i = 0; i < n; i++)
      noise[r].fine[i] = noise[r].fx[i] = noise[r].fy[i] = 0.0f;
}

/* The noises of one row of n points (x[i], y[i]). */
static void
point_noises (const WaterState *st, const double *x, const double *y, gsize n,
              gboolean grad, TsrWaterNoise *noise)
{
  const TsrFractal *breaks, *fine;
  float amount;

  fine = style_noises (st, &amount, &breaks);
  if (amount > 0.0f)
    tsr_fractal_row_grad (fine, x, y, n, noise->fine, grad ? noise->fx : NULL, noise->fy);
  else
    zero_fine (noise, 1, n);
  if (breaks != NULL)
    tsr_fractal_row_grad (breaks, x, y, n, noise->brk, grad ? noise->bx : NULL, noise->by);
}

/* The noises of a band of `rows` rows of n points, row r at (x[i], y[r]),
 * into noise[r]: the fractal shares its lattice work along the band. */
static void
band_noises (const WaterState *st, const double *x, const double *y, gsize rows, gsize n,
             gboolean grad, TsrWaterNoise *noise)
{
  const gsize stride = sizeof *noise / sizeof (float);
  const TsrFractal *breaks, *fine;
  float amount;

  fine = style_noises (st, &amount, &breaks);
  if (amount > 0.0f)
    tsr_fractal_rows_grad (fine, x, y, rows, n, noise->fine, grad ? noise->fx : NULL,
                           noise->fy, stride);
  else
    zero_fine (noise, rows, n);
  if (breaks != NULL)
    tsr_fractal_rows_grad (breaks, x, y, rows, n, noise->brk, grad ? noise->bx : NULL,
                           noise->by, stride);
}

/* cols: the caustics' work along x of a row of one y, or NULL */
static void
style_row (const WaterState *st, const double *x, const double *y, gsize n, const float *cols,
           const TsrWaterNoise *noise, float *out, float *gx, float *gy)
{
  switch (st->style)
    {
    case TSR_WATER_RIPPLES:
      tsr_water_ripples_row (&st->u.ripples, x, y, n, noise, out, gx, gy);
      break;
    case TSR_WATER_RINGS:
      tsr_water_rings_row (&st->u.rings, x, y, n, noise, out, gx, gy);
      break;
    case TSR_WATER_CAUSTICS:
    default:
      tsr_water_caustics_row (&st->u.caustics, x, y, n, cols, noise, out, gx, gy);
      break;
    }
}

static void
water_row (const TsrTexture *tex, const double *x, const double *y, gsize n,
           float *out, float *gx, float *gy)
{
  TsrWaterNoise noise;

  point_noises (tex->state, x, y, n, gx != NULL, &noise);
  style_row (tex->state, x, y, n, NULL, &noise, out, gx, gy);
}

TSR_PATTERN_EVALS (eval_water, eval_water_grad, water_row)

/* Rows whose noises are computed together: the fractal's own band */
#define NOISE_ROWS 8

static void
water_rows (const TsrTexture *tex, const double *x, const double *y, gsize rows, gsize n,
            float *out, float *gx, float *gy, gsize stride)
{
  const WaterState *st = tex->state;
  TsrWaterNoise noise[NOISE_ROWS];
  double ys[TSR_CHUNK];
  float *cols = NULL;

  if (st->style == TSR_WATER_CAUSTICS)
    {
      /* the rows share their x */
      cols = g_malloc (TSR_WATER_PUSH_COLUMNS * sizeof *cols);
      tsr_water_caustics_columns (&st->u.caustics, x, n, cols);
    }

  for (gsize r0 = 0; r0 < rows; r0 += NOISE_ROWS)
    {
      const gsize m = MIN ((gsize) NOISE_ROWS, rows - r0);

      band_noises (st, x, y + r0, m, n, gx != NULL, noise);
      for (gsize r = r0; r < r0 + m; r++)
        {
          for (gsize i = 0; i < n; i++)
            ys[i] = y[r];
          style_row (st, x, ys, n, cols, &noise[r - r0], out + r * stride,
                     gx != NULL ? gx + r * stride : NULL, gy != NULL ? gy + r * stride : NULL);
        }
    }
  g_free (cols);
}

/* Wet: glossy all over. */
static const TsrRoughness water_roughness = { 0.1f, 0.0f };

/* Caustics are light on a pool's floor; ripples and rings the colours of
 * open water. */
static TsrPalette
style_palette (const double *value)
{
  return (int) value[TSR_P_WATER_STYLE] == TSR_WATER_CAUSTICS ? TSR_PALETTE_POOL
                                                               : TSR_PALETTE_WATER;
}

const TsrPattern tsr_pattern_water = {
  .name = "water",
  .label = N_("Water"),
  .description = N_("Light on a pool's floor, a wind-rippled surface, or waves spreading "
                    "from scattered sources"),
  .basis = TSR_BASIS_CHOSEN,
  .own_group = TSR_GROUP_WATER,
  .palette = TSR_PALETTE_WATER,
  .style_palette = style_palette,
  .state_size = sizeof (WaterState),
  .prepare = prepare_water,
  .eval = eval_water,
  .eval_grad = eval_water_grad,
  .eval_rows = water_rows,
  .roughness = &water_roughness,
  .tile_sets = TSR_TILE_SETS_ALL,
};
