/* The pattern table.  Adding a texture: one entry here, its prepare and
 * eval functions, and its golden checksum in tests/test-golden.c. */
#include <string.h>

#include "i18n.h"
#include "pattern-impl.h"

#define P(id) TSR_PARAM_BIT (TSR_P_##id)
#define FRACTAL_PARAMS (P (BASIS) | P (SCALE) | P (OCTAVES) | P (PERSISTENCE) | \
                        P (LACUNARITY) | P (INTERPOLATION) | P (SMOOTHING) | \
                        P (CELLS_MODE) | P (JITTER))

const TsrPattern tsr_patterns[] = {
  { "perlin", N_("Perlin noise"),
    N_("Smooth gradient noise: soft, evenly sized blobs"),
    P (SCALE), TSR_PALETTE_COLORS, tsr_prepare_perlin, tsr_eval_basis },
  { "simplex", N_("Simplex noise"),
    N_("Gradient noise on a triangular grid: blobs without Perlin's square bias"),
    P (SCALE), TSR_PALETTE_COLORS, tsr_prepare_simplex, tsr_eval_basis },
  { "value", N_("Value noise"),
    N_("Random values on a grid, blended: blocky to soft depending on interpolation"),
    P (SCALE) | P (INTERPOLATION) | P (SMOOTHING), TSR_PALETTE_COLORS,
    tsr_prepare_value, tsr_eval_basis },
  { "cells", N_("Cells"),
    N_("Cellular (Worley) noise: distances to scattered points, like cells, stones or cracks"),
    P (SCALE) | P (CELLS_MODE) | P (JITTER), TSR_PALETTE_COLORS,
    tsr_prepare_cells, tsr_eval_basis },
  { "clouds", N_("Clouds"),
    N_("Fractal noise (fBm): octaves of noise summed into soft, billowing clouds"),
    FRACTAL_PARAMS, TSR_PALETTE_COLORS, tsr_prepare_clouds, tsr_eval_fractal },
  { "turbulence", N_("Turbulence"),
    N_("Sum of absolute noise (Perlin 1985): creased, fiery, smoke-like"),
    FRACTAL_PARAMS, TSR_PALETTE_COLORS, tsr_prepare_turbulence, tsr_eval_fractal },
  { "ridged", N_("Ridged"),
    N_("Ridged multifractal: sharp crests like mountain ranges or lightning"),
    FRACTAL_PARAMS, TSR_PALETTE_COLORS, tsr_prepare_ridged, tsr_eval_fractal },
  { "marble", N_("Marble"),
    N_("Veins twisted by turbulence (Perlin 1985)"),
    FRACTAL_PARAMS | P (VEINS) | P (VEIN_ANGLE) | P (VEIN_SHARPNESS) | P (TURBULENCE),
    TSR_PALETTE_MARBLE, tsr_prepare_marble, tsr_eval_marble },
  { "wood", N_("Wood"),
    N_("Growth rings disturbed by noise, with fine grain along the fibre"),
    FRACTAL_PARAMS | P (RINGS) | P (RING_NOISE) | P (GRAIN) | P (GRAIN_STRETCH) |
    P (CENTER_X) | P (CENTER_Y),
    TSR_PALETTE_WOOD, tsr_prepare_wood, tsr_eval_wood },
};

const guint tsr_n_patterns = G_N_ELEMENTS (tsr_patterns);

int
tsr_pattern_index (const char *name)
{
  for (guint i = 0; i < tsr_n_patterns; i++)
    if (name && strcmp (tsr_patterns[i].name, name) == 0)
      return (int) i;
  return -1;
}

const TsrPattern *
tsr_pattern_lookup (const char *name)
{
  int i = tsr_pattern_index (name);
  return i < 0 ? NULL : &tsr_patterns[i];
}

gboolean
tsr_pattern_uses (const TsrPattern *pattern, TsrParamId id)
{
  return ((pattern->params | TSR_COMMON_PARAMS) & TSR_PARAM_BIT (id)) != 0;
}
