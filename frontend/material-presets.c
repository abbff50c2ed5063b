/* The engines' material presets: see material-presets.h. */
#include <string.h>

#include "material-presets.h"

/* Each engine's file pattern and normal convention; the words its maps
 * are named by are in the map kinds' rows (core/maps/map-kinds.c).
 * Unreal reads DirectX normals, the others OpenGL's. */
const TsrMaterialPreset tsr_material_presets[] = {
  { "unreal", "Unreal Engine", "T_{name}_{map}.png", TSR_NORMAL_DIRECTX, TSR_ENGINE_UNREAL },
  { "unity", "Unity HDRP", "{name}_{map}.png", TSR_NORMAL_OPENGL, TSR_ENGINE_UNITY },
  { "godot", "Godot", "{name}_{map}.png", TSR_NORMAL_OPENGL, TSR_ENGINE_GODOT },
  { "gltf", "glTF", "{name}_{map}.png", TSR_NORMAL_OPENGL, TSR_ENGINE_GLTF },
  { "blender", "Blender", "{name}_{map}.png", TSR_NORMAL_OPENGL, TSR_ENGINE_BLENDER },
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

char *
tsr_material_layer_name (const TsrMaterialPreset *preset, const char *base, TsrMap map)
{
  char *name = tsr_material_expand (preset->pattern, base, tsr_material_preset_word (preset, map));

  if (g_str_has_suffix (name, ".png"))
    name[strlen (name) - strlen (".png")] = '\0';
  return name;
}
