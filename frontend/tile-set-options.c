/* The tile-set arguments' declarations (tile-set-options.h). */
#include "config.h"

#include "tile-set-options.h"
#include "params/i18n.h"

static const TsrChoice set_choices[TSR_SET_COUNT] = {
  [TSR_SET_NONE] = { "none", N_("None") },
  [TSR_SET_VARIANTS] = { "variants", N_("Variants") },
  [TSR_SET_CORNERS] = { "corners", N_("Corner tiles (16)") },
};

static const TsrChoice layout_choices[TSR_SET_AS_COUNT] = {
  [TSR_SET_AS_LAYERS] = { "layers", N_("A layer a tile") },
  [TSR_SET_AS_ATLAS] = { "atlas", N_("One atlas layer") },
};

/* "none", then the `palette` parameter's choices in their order. */
#define TERRAIN_ROW(ID, ...) { TSR_CHOICE_NAME_LABEL_ (__VA_ARGS__, _) },
static const TsrChoice terrain_choices[1 + TSR_PALETTE_COUNT] = {
  { "none", N_("None") },
  TSR_PALETTES (TERRAIN_ROW, TERRAIN_ROW)
};
#undef TERRAIN_ROW

const TsrParamSpec tsr_tile_set_args[TSR_SET_ARGS] = {
  [TSR_SET_ARG_KIND] = {
    .id = TSR_P_COUNT, .name = "tile-set", .label = N_("Tile set"),
    .description = N_("Make a set of tiles that fit each other: variants with the same "
                      "edges, or the 16 corner tiles of two corner colours"),
    .type = TSR_TYPE_CHOICE, .group = TSR_GROUP_TILING, .when = TSR_WHEN_COLUMN_ALWAYS,
    .min = 0, .max = TSR_SET_COUNT - 1, .def = TSR_SET_NONE,
    .choices = set_choices, .n_choices = TSR_SET_COUNT,
  },
  [TSR_SET_ARG_VARIANTS] = {
    .id = TSR_P_COUNT, .name = "tile-variants", .label = N_("Variants"),
    .description = N_("How many variants the set has (tile 0 is the plain tile)"),
    .type = TSR_TYPE_INT, .group = TSR_GROUP_TILING, .when = TSR_WHEN_COLUMN_ALWAYS,
    .min = 1, .max = TSR_MAX_VARIANTS, .def = 4,
  },
  [TSR_SET_ARG_LAYOUT] = {
    .id = TSR_P_COUNT, .name = "tile-layout", .label = N_("Tile layout"),
    .description = N_("The set as a layer a tile, each the layer's size, or as one atlas "
                      "filling the layer, laid out as the command line writes it"),
    .type = TSR_TYPE_CHOICE, .group = TSR_GROUP_TILING, .when = TSR_WHEN_COLUMN_ALWAYS,
    .min = 0, .max = TSR_SET_AS_COUNT - 1, .def = TSR_SET_AS_LAYERS,
    .choices = layout_choices, .n_choices = TSR_SET_AS_COUNT,
  },
  [TSR_SET_ARG_TERRAIN] = {
    .id = TSR_P_COUNT, .name = "tile-terrain", .label = N_("Terrain palette"),
    .description = N_("With corner tiles: the palette of the second material, shown at "
                      "the corners of colour 1 (none: one material)"),
    .type = TSR_TYPE_CHOICE, .group = TSR_GROUP_TILING, .when = TSR_WHEN_COLUMN_ALWAYS,
    .min = 0, .max = TSR_PALETTE_COUNT, .def = 0,
    .choices = terrain_choices, .n_choices = 1 + TSR_PALETTE_COUNT,
  },
};

gboolean
tsr_tile_set_arg_applies (TsrSetChoice set, guint arg)
{
  switch (arg)
    {
    case TSR_SET_ARG_KIND:
      return TRUE;
    case TSR_SET_ARG_VARIANTS:
      return set == TSR_SET_VARIANTS;
    case TSR_SET_ARG_LAYOUT:
      return set == TSR_SET_VARIANTS || set == TSR_SET_CORNERS;
    case TSR_SET_ARG_TERRAIN:
      return set == TSR_SET_CORNERS;
    default:
      return FALSE;
    }
}

const char *
tsr_tile_terrain_palette (int choice)
{
  return choice > 0 && choice <= TSR_PALETTE_COUNT ? terrain_choices[choice].name : NULL;
}
