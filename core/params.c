/* The parameter table: every parameter of every pattern, once. */
#include <string.h>

#include "i18n.h"
#include "params.h"
#include "ramp.h"

static const TsrChoice basis_choices[] = {
  { "perlin",  N_("Perlin") },
  { "simplex", N_("Simplex") },
  { "value",   N_("Value") },
  { "cells",   N_("Cells") },
};

static const TsrChoice interp_choices[] = {
  { "linear",  N_("Linear") },
  { "cosine",  N_("Cosine") },
  { "cubic",   N_("Cubic") },
  { "quintic", N_("Quintic") },
};

static const TsrChoice cells_choices[] = {
  { "f1",    N_("Nearest (F1)") },
  { "f2",    N_("Second nearest (F2)") },
  { "f2-f1", N_("Cracks (F2 - F1)") },
};

static const TsrChoice palette_choices[] = {
  { "auto",   N_("Pattern's own") },
  { "colors", N_("Two colors") },
  { "marble", N_("Marble") },
  { "wood",   N_("Wood") },
  { "sky",    N_("Sky") },
  { "fire",   N_("Fire") },
};

G_STATIC_ASSERT (G_N_ELEMENTS (palette_choices) == TSR_PALETTE_COUNT);

#define NUM(id_, name_, label_, desc_, type_, group_, min_, max_, def_) \
  [id_] = { id_, name_, label_, desc_, type_, group_, min_, max_, def_, NULL, 0, { 0, 0, 0, 0 } }
#define CHOICE(id_, name_, label_, desc_, group_, def_, choices_) \
  [id_] = { id_, name_, label_, desc_, TSR_TYPE_CHOICE, group_, 0, G_N_ELEMENTS (choices_) - 1, \
            def_, choices_, G_N_ELEMENTS (choices_), { 0, 0, 0, 0 } }
#define COLOR(id_, name_, label_, desc_, r_, g_, b_) \
  [id_] = { id_, name_, label_, desc_, TSR_TYPE_COLOR, TSR_GROUP_COLOR, 0, 1, 0, NULL, 0, \
            { r_, g_, b_, 1.0f } }

const TsrParamSpec tsr_params[TSR_P_COUNT] = {
  NUM (TSR_P_SEED, "seed", N_("Random seed"),
       N_("Picks one of many different textures with the same settings"),
       TSR_TYPE_INT, TSR_GROUP_PATTERN, 0, G_MAXINT32, 0),
  NUM (TSR_P_TILEABLE, "tileable", N_("Tileable"),
       N_("Make the texture repeat seamlessly across its tile period"),
       TSR_TYPE_BOOL, TSR_GROUP_TILING, 0, 1, 1),
  NUM (TSR_P_PERIOD_W, "period-w", N_("Tile width"),
       N_("Width in pixels after which the texture repeats (0: the image width)"),
       TSR_TYPE_INT, TSR_GROUP_TILING, 0, 524288, 0),
  NUM (TSR_P_PERIOD_H, "period-h", N_("Tile height"),
       N_("Height in pixels after which the texture repeats (0: the image height)"),
       TSR_TYPE_INT, TSR_GROUP_TILING, 0, 524288, 0),
  NUM (TSR_P_DISTORTION, "distortion", N_("Distortion"),
       N_("How far a second noise pushes the pattern around, in feature sizes"),
       TSR_TYPE_DOUBLE, TSR_GROUP_NOISE, 0, 4, 0),

  CHOICE (TSR_P_BASIS, "basis", N_("Noise"),
          N_("The kind of noise the pattern is built from"),
          TSR_GROUP_NOISE, 0, basis_choices),
  NUM (TSR_P_SCALE, "scale", N_("Scale"),
       N_("Size of the largest features, in pixels"),
       TSR_TYPE_DOUBLE, TSR_GROUP_NOISE, 1, 16384, 128),
  NUM (TSR_P_OCTAVES, "octaves", N_("Detail"),
       N_("Number of octaves: layers of finer and finer noise added together"),
       TSR_TYPE_INT, TSR_GROUP_NOISE, 1, 12, 6),
  NUM (TSR_P_PERSISTENCE, "persistence", N_("Roughness"),
       N_("Persistence: the strength of each octave relative to the previous one"),
       TSR_TYPE_DOUBLE, TSR_GROUP_NOISE, 0, 1, 0.5),
  NUM (TSR_P_LACUNARITY, "lacunarity", N_("Lacunarity"),
       N_("How much finer each octave is than the previous one"),
       TSR_TYPE_DOUBLE, TSR_GROUP_NOISE, 1, 4, 2),
  CHOICE (TSR_P_INTERPOLATION, "interpolation", N_("Interpolation"),
          N_("How value noise blends between its lattice points"),
          TSR_GROUP_NOISE, 3, interp_choices),
  NUM (TSR_P_SMOOTHING, "smoothing", N_("Smooth lattice"),
       N_("Average each value-noise lattice point with its neighbours"),
       TSR_TYPE_BOOL, TSR_GROUP_NOISE, 0, 1, 0),
  CHOICE (TSR_P_CELLS_MODE, "cells-mode", N_("Cell distance"),
          N_("Which distance to the cells' feature points is shown"),
          TSR_GROUP_NOISE, 0, cells_choices),
  NUM (TSR_P_JITTER, "jitter", N_("Cell irregularity"),
       N_("How far feature points stray from a regular grid"),
       TSR_TYPE_DOUBLE, TSR_GROUP_NOISE, 0, 1, 1),

  NUM (TSR_P_VEINS, "veins", N_("Veins"),
       N_("Number of vein bands across the tile"),
       TSR_TYPE_DOUBLE, TSR_GROUP_MARBLE, 0.5, 64, 3),
  NUM (TSR_P_VEIN_ANGLE, "vein-angle", N_("Vein direction"),
       N_("Direction of the veins, in degrees"),
       TSR_TYPE_DOUBLE, TSR_GROUP_MARBLE, -180, 180, 30),
  NUM (TSR_P_VEIN_SHARPNESS, "vein-sharpness", N_("Vein sharpness"),
       N_("Higher values make thinner, crisper veins"),
       TSR_TYPE_DOUBLE, TSR_GROUP_MARBLE, 1, 16, 2),
  NUM (TSR_P_TURBULENCE, "turbulence", N_("Turbulence"),
       N_("How strongly turbulence twists the veins"),
       TSR_TYPE_DOUBLE, TSR_GROUP_MARBLE, 0, 8, 1),

  NUM (TSR_P_RINGS, "rings", N_("Rings"),
       N_("Number of growth rings from the centre to the tile's nearest edge"),
       TSR_TYPE_DOUBLE, TSR_GROUP_WOOD, 1, 200, 12),
  NUM (TSR_P_RING_NOISE, "ring-noise", N_("Ring wobble"),
       N_("How much noise disturbs the rings, in ring widths"),
       TSR_TYPE_DOUBLE, TSR_GROUP_WOOD, 0, 4, 0.6),
  NUM (TSR_P_GRAIN, "grain", N_("Grain"),
       N_("Strength of the fine grain along the fibre"),
       TSR_TYPE_DOUBLE, TSR_GROUP_WOOD, 0, 1, 0.35),
  NUM (TSR_P_GRAIN_STRETCH, "grain-stretch", N_("Grain stretch"),
       N_("How much longer grain streaks are than they are wide"),
       TSR_TYPE_DOUBLE, TSR_GROUP_WOOD, 1, 64, 12),
  NUM (TSR_P_CENTER_X, "center-x", N_("Centre X"),
       N_("Horizontal position of the tree's centre, as a fraction of the tile"),
       TSR_TYPE_DOUBLE, TSR_GROUP_WOOD, 0, 1, 0.5),
  NUM (TSR_P_CENTER_Y, "center-y", N_("Centre Y"),
       N_("Vertical position of the tree's centre, as a fraction of the tile"),
       TSR_TYPE_DOUBLE, TSR_GROUP_WOOD, 0, 1, 0.5),

  CHOICE (TSR_P_PALETTE, "palette", N_("Palette"),
          N_("Colours the pattern's values are mapped to"),
          TSR_GROUP_COLOR, TSR_PALETTE_AUTO, palette_choices),
  COLOR (TSR_P_COLOR1, "color1", N_("First color"),
         N_("Color of the lowest values (two-color palette)"), 0, 0, 0),
  COLOR (TSR_P_COLOR2, "color2", N_("Second color"),
         N_("Color of the highest values (two-color palette)"), 1, 1, 1),
  NUM (TSR_P_REVERSE, "reverse", N_("Reverse colors"),
       N_("Run the palette from its end to its start"),
       TSR_TYPE_BOOL, TSR_GROUP_COLOR, 0, 1, 0),
};

const TsrParamSpec *
tsr_param_lookup (const char *name)
{
  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (g_strcmp0 (tsr_params[i].name, name) == 0)
      return &tsr_params[i];
  return NULL;
}

const char *
tsr_param_group_label (TsrParamGroup group)
{
  static const char *const labels[TSR_GROUP_COUNT] = {
    [TSR_GROUP_PATTERN] = N_("Pattern"),
    [TSR_GROUP_NOISE]   = N_("Noise"),
    [TSR_GROUP_MARBLE]  = N_("Marble"),
    [TSR_GROUP_WOOD]    = N_("Wood"),
    [TSR_GROUP_TILING]  = N_("Tiling"),
    [TSR_GROUP_COLOR]   = N_("Color"),
  };
  return (guint) group < TSR_GROUP_COUNT ? labels[group] : NULL;
}

int
tsr_param_choice_index (const TsrParamSpec *spec, const char *name)
{
  if (spec->type != TSR_TYPE_CHOICE || name == NULL)
    return -1;
  for (guint i = 0; i < spec->n_choices; i++)
    if (strcmp (spec->choices[i].name, name) == 0)
      return (int) i;
  return -1;
}
