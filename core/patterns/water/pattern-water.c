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

static void
water_row (const TsrTexture *tex, const double *x, const double *y, gsize n,
           float *out, float *gx, float *gy)
{
  const WaterState *st = tex->state;

  switch (st->style)
    {
    case TSR_WATER_RIPPLES:
      tsr_water_ripples_row (&st->u.ripples, x, y, n, out, gx, gy);
      break;
    case TSR_WATER_RINGS:
      tsr_water_rings_row (&st->u.rings, x, y, n, out, gx, gy);
      break;
    case TSR_WATER_CAUSTICS:
    default:
      tsr_water_caustics_row (&st->u.caustics, x, y, n, out, gx, gy);
      break;
    }
}

TSR_PATTERN_EVALS (eval_water, eval_water_grad, water_row)

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
  .roughness = &water_roughness,
  .tile_sets = TSR_TILE_SETS_ALL,
};
