/* What each kind of map is: one row per choice of the `map` parameter
 * (param-list.h's TSR_MAP_LIST), read by every front-end (the CLI's files
 * and material sets, the plug-in's material layers and exports) so that
 * none of them names a map to decide how to store it. */
#ifndef TSR_MAP_KINDS_H
#define TSR_MAP_KINDS_H

#include <glib.h>

#include "params/params.h"

G_BEGIN_DECLS

/* The engines whose material sets are named here (the CLI's --naming, the
 * plug-in's material-naming); their labels and normal conventions are in
 * frontend/material-presets.c. */
typedef enum
{
  TSR_ENGINE_UNREAL,
  TSR_ENGINE_UNITY,
  TSR_ENGINE_GODOT,
  TSR_ENGINE_GLTF,
  TSR_ENGINE_BLENDER,
  TSR_ENGINE_COUNT
} TsrEngine;

/* Where a map's alpha comes from. */
typedef enum
{
  TSR_ALPHA_NONE,        /* always opaque */
  TSR_ALPHA_OF_COLORS,   /* translucent where the palette's colours are */
  TSR_ALPHA_DATA         /* a value of its own (HDRP's smoothness) */
} TsrMapAlpha;

typedef struct
{
  const char *name;          /* its `map` choice's name: the row's check (test-params) */
  /* Every pixel is R = G = B, so one grey channel holds it. */
  gboolean    grey;
  /* Its pixels are the palette's colours: grey when the ramp is. */
  gboolean    colors;
  TsrMapAlpha alpha;
  /* Values, not colours: float files keep them as they are (no linear
   * light, no colour profile). */
  gboolean    data;
  /* Made by the material stage (maps/material-maps.c) from a pixel's
   * neighbourhood or roughness, not from its value and slopes alone. */
  gboolean    material;
  /* Bits a channel of its file in a material set; 0: not in any set. */
  int         set_bits;
  /* The word its file (or layer) is named by in each engine's set
   * ("T_NAME_{word}.png"); NULL: not in that engine's set. */
  const char *engine_word[TSR_ENGINE_COUNT];
} TsrMapKind;

extern const TsrMapKind tsr_map_kinds[TSR_MAP_COUNT];

/* What every pixel of a rendered map may rely on, for a file to choose its
 * channels: the CLI's files and the plug-in's exports ask
 * tsr_settings_content (texture.h), which reads the map's row and the
 * colours. */
typedef struct
{
  gboolean alpha;   /* some pixel may be translucent */
  gboolean grey;    /* every pixel has R = G = B */
  gboolean data;    /* values (heights, normals), not colours */
} TsrMapContent;

static inline const TsrMapKind *
tsr_map_kind (TsrMap map)
{
  return &tsr_map_kinds[map];
}

G_END_DECLS

#endif
