/* The engines' material presets: see material-presets.h. */
#include <string.h>

#include "material-presets.h"

/* What each engine imports, by the names its importer or its users'
 * conventions look for: Unreal's T_ prefix and DirectX normals with the
 * ORM map its materials sample; Unity HDRP's mask map; Godot's ORM
 * material; glTF's occlusion + metallicRoughness texture (one file, ORM);
 * Blender's Node Wrangler, which finds maps by these words.  A map without
 * a name is not in the set. */
const TsrMaterialPreset tsr_material_presets[] = {
  { "unreal", "Unreal Engine", "T_{name}_{map}.png", TSR_NORMAL_DIRECTX,
    { [TSR_MAP_COLOR] = "BaseColor", [TSR_MAP_NORMAL] = "Normal", [TSR_MAP_HEIGHT] = "Height",
      [TSR_MAP_ROUGHNESS] = "Roughness", [TSR_MAP_AO] = "AO",
      [TSR_MAP_CURVATURE] = "Curvature", [TSR_MAP_ORM] = "ORM" } },
  { "unity", "Unity HDRP", "{name}_{map}.png", TSR_NORMAL_OPENGL,
    { [TSR_MAP_COLOR] = "BaseColor", [TSR_MAP_NORMAL] = "Normal", [TSR_MAP_HEIGHT] = "Height",
      [TSR_MAP_ROUGHNESS] = "Roughness", [TSR_MAP_AO] = "AO",
      [TSR_MAP_CURVATURE] = "Curvature", [TSR_MAP_MASK_HDRP] = "MaskMap" } },
  { "godot", "Godot", "{name}_{map}.png", TSR_NORMAL_OPENGL,
    { [TSR_MAP_COLOR] = "albedo", [TSR_MAP_NORMAL] = "normal", [TSR_MAP_HEIGHT] = "height",
      [TSR_MAP_ROUGHNESS] = "roughness", [TSR_MAP_AO] = "ao",
      [TSR_MAP_CURVATURE] = "curvature", [TSR_MAP_ORM] = "orm" } },
  { "gltf", "glTF", "{name}_{map}.png", TSR_NORMAL_OPENGL,
    { [TSR_MAP_COLOR] = "baseColor", [TSR_MAP_NORMAL] = "normal", [TSR_MAP_HEIGHT] = "height",
      [TSR_MAP_ROUGHNESS] = "roughness", [TSR_MAP_AO] = "occlusion",
      [TSR_MAP_CURVATURE] = "curvature", [TSR_MAP_ORM] = "occlusionRoughnessMetallic" } },
  { "blender", "Blender", "{name}_{map}.png", TSR_NORMAL_OPENGL,
    { [TSR_MAP_COLOR] = "BaseColor", [TSR_MAP_NORMAL] = "Normal", [TSR_MAP_HEIGHT] = "Height",
      [TSR_MAP_ROUGHNESS] = "Roughness", [TSR_MAP_AO] = "AO",
      [TSR_MAP_CURVATURE] = "Curvature" } },
};

const guint tsr_n_material_presets = G_N_ELEMENTS (tsr_material_presets);

char *
tsr_material_preset_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < tsr_n_material_presets; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", tsr_material_presets[i].name);
  return g_string_free (names, FALSE);
}

const TsrMaterialPreset *
tsr_material_preset_lookup (const char *name)
{
  for (guint i = 0; i < tsr_n_material_presets; i++)
    if (strcmp (tsr_material_presets[i].name, name) == 0)
      return &tsr_material_presets[i];
  return NULL;
}

char *
tsr_material_expand (const char *pattern, const char *name, const char *map)
{
  GString *out = g_string_new (NULL);

  for (const char *p = pattern; *p != '\0';)
    if (g_str_has_prefix (p, TSR_MATERIAL_MAP_PLACEHOLDER))
      {
        g_string_append (out, map);
        p += strlen (TSR_MATERIAL_MAP_PLACEHOLDER);
      }
    else if (g_str_has_prefix (p, TSR_MATERIAL_NAME_PLACEHOLDER))
      {
        g_string_append (out, name);
        p += strlen (TSR_MATERIAL_NAME_PLACEHOLDER);
      }
    else
      g_string_append_c (out, *p++);
  return g_string_free (out, FALSE);
}
