/* What each game engine imports a material set as: its maps, their file
 * (or layer) names and its normal-map convention.  Shared by the CLI's
 * --material and the plug-in's material layers. */
#ifndef TSR_MATERIAL_PRESETS_H
#define TSR_MATERIAL_PRESETS_H

#include "tessera.h"

G_BEGIN_DECLS

typedef struct
{
  const char     *name;                 /* "unreal" */
  const char     *label;                /* "Unreal Engine": a name, not translated */
  const char     *pattern;              /* a file name with {name} and {map} */
  TsrNormalFormat normal_format;
  TsrEngine       engine;               /* its column of the map kinds' engine words */
} TsrMaterialPreset;

extern const TsrMaterialPreset tsr_material_presets[];
extern const guint             tsr_n_material_presets;

#define TSR_MATERIAL_MAP_PLACEHOLDER  "{map}"
#define TSR_MATERIAL_NAME_PLACEHOLDER "{name}"

/* "unreal, unity, godot, gltf, blender", for messages; g_free () it. */
char *tsr_material_preset_names (void);

/* The word the preset names map's file or layer by; NULL: not in its set. */
static inline const char *
tsr_material_preset_word (const TsrMaterialPreset *preset, TsrMap map)
{
  return tsr_map_kinds[map].engine_word[preset->engine];
}

/* NULL if unknown. */
const TsrMaterialPreset *tsr_material_preset_lookup (const char *name);

/* pattern with {name} and {map} replaced, in one pass (a name holding
 * "{map}" stays as typed). */
char *tsr_material_expand (const char *pattern, const char *name, const char *map);

/* A material layer's name (the plug-ins' material layers): the preset's
 * file name for map, without its extension. */
char *tsr_material_layer_name (const TsrMaterialPreset *preset, const char *base, TsrMap map);

G_END_DECLS

#endif
