/* Material sets' file names: see material-naming.h. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "material-naming.h"

/* What each engine imports, by the names its importer or its users'
 * conventions look for: Unreal's T_ prefix and DirectX normals with the
 * ORM map its materials sample; Unity HDRP's mask map; Godot's ORM
 * material; glTF's occlusion + metallicRoughness texture (one file, ORM);
 * Blender's Node Wrangler, which finds maps by these words.  A map without
 * a name is not in the set. */
typedef struct
{
  const char     *name;
  const char     *pattern;            /* {name} and {map} */
  TsrNormalFormat normal_format;
  const char     *maps[TSR_MAP_COUNT];
} Preset;

static const Preset presets[] = {
  { "unreal", "T_{name}_{map}.png", TSR_NORMAL_DIRECTX,
    { [TSR_MAP_COLOR] = "BaseColor", [TSR_MAP_NORMAL] = "Normal", [TSR_MAP_HEIGHT] = "Height",
      [TSR_MAP_ROUGHNESS] = "Roughness", [TSR_MAP_AO] = "AO",
      [TSR_MAP_CURVATURE] = "Curvature", [TSR_MAP_ORM] = "ORM" } },
  { "unity", "{name}_{map}.png", TSR_NORMAL_OPENGL,
    { [TSR_MAP_COLOR] = "BaseColor", [TSR_MAP_NORMAL] = "Normal", [TSR_MAP_HEIGHT] = "Height",
      [TSR_MAP_ROUGHNESS] = "Roughness", [TSR_MAP_AO] = "AO",
      [TSR_MAP_CURVATURE] = "Curvature", [TSR_MAP_MASK_HDRP] = "MaskMap" } },
  { "godot", "{name}_{map}.png", TSR_NORMAL_OPENGL,
    { [TSR_MAP_COLOR] = "albedo", [TSR_MAP_NORMAL] = "normal", [TSR_MAP_HEIGHT] = "height",
      [TSR_MAP_ROUGHNESS] = "roughness", [TSR_MAP_AO] = "ao",
      [TSR_MAP_CURVATURE] = "curvature", [TSR_MAP_ORM] = "orm" } },
  { "gltf", "{name}_{map}.png", TSR_NORMAL_OPENGL,
    { [TSR_MAP_COLOR] = "baseColor", [TSR_MAP_NORMAL] = "normal", [TSR_MAP_HEIGHT] = "height",
      [TSR_MAP_ROUGHNESS] = "roughness", [TSR_MAP_AO] = "occlusion",
      [TSR_MAP_CURVATURE] = "curvature", [TSR_MAP_ORM] = "occlusionRoughnessMetallic" } },
  { "blender", "{name}_{map}.png", TSR_NORMAL_OPENGL,
    { [TSR_MAP_COLOR] = "BaseColor", [TSR_MAP_NORMAL] = "Normal", [TSR_MAP_HEIGHT] = "Height",
      [TSR_MAP_ROUGHNESS] = "Roughness", [TSR_MAP_AO] = "AO",
      [TSR_MAP_CURVATURE] = "Curvature" } },
};

#define MAP_PLACEHOLDER  "{map}"
#define NAME_PLACEHOLDER "{name}"

const char *
material_naming_presets (void)
{
  return "unreal, unity, godot, gltf, blender";
}

static const Preset *
preset_lookup (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (strcmp (presets[i].name, name) == 0)
      return &presets[i];
  return NULL;
}

/* pattern with {name} and {map} replaced, in one pass (a NAME holding
 * "{map}" stays as typed). */
static char *
expand (const char *pattern, const char *name, const char *map)
{
  GString *out = g_string_new (NULL);

  for (const char *p = pattern; *p != '\0';)
    if (g_str_has_prefix (p, MAP_PLACEHOLDER))
      {
        g_string_append (out, map);
        p += strlen (MAP_PLACEHOLDER);
      }
    else if (g_str_has_prefix (p, NAME_PLACEHOLDER))
      {
        g_string_append (out, name);
        p += strlen (NAME_PLACEHOLDER);
      }
    else
      g_string_append_c (out, *p++);
  return g_string_free (out, FALSE);
}

/* The template's own faults: no {map}, a folder in it, another format. */
static gboolean
check_template (const char *pattern, char **message)
{
  const char *dot;

  if (strstr (pattern, MAP_PLACEHOLDER) == NULL)
    {
      *message = g_strdup_printf ("--naming: '%s' is neither a preset (%s) nor a template "
                                  "with a " MAP_PLACEHOLDER " placeholder, which names each "
                                  "map's file", pattern, material_naming_presets ());
      return FALSE;
    }
  if (strchr (pattern, '/') != NULL)
    {
      *message = g_strdup_printf ("--naming: '%s' names files inside the --material folder; "
                                  "it cannot hold a '/'", pattern);
      return FALSE;
    }
  dot = strrchr (pattern, '.');
  if (dot != NULL && strchr (dot, '}') == NULL && g_ascii_strcasecmp (dot, ".png") != 0)
    {
      *message = g_strdup_printf ("--naming: '%s': a material set is written as PNG (8-bit "
                                  "maps, 16-bit height); end the template in .png or give "
                                  "no extension", pattern);
      return FALSE;
    }
  return TRUE;
}

/* The folder exists and files can be made in it. */
static gboolean
check_folder (const char *dir, char **message)
{
  struct stat st;

  if (stat (dir, &st) != 0)
    {
      *message = g_strdup_printf ("--material: folder '%s': %s", dir, g_strerror (errno));
      return FALSE;
    }
  if (!S_ISDIR (st.st_mode))
    {
      *message = g_strdup_printf ("--material: '%s' is not a folder", dir);
      return FALSE;
    }
  if (access (dir, W_OK | X_OK) != 0)
    {
      *message = g_strdup_printf ("--material: cannot write in folder '%s': %s", dir,
                                  g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* No two maps on one file (a file system may not tell case apart), and no
 * file in the way that is not a regular file. */
static gboolean
check_files (const MaterialSet *set, char **message)
{
  for (int i = 0; i < set->n_files; i++)
    {
      const MaterialFile *f = &set->files[i];
      struct stat st;

      for (int j = 0; j < i; j++)
        if (g_ascii_strcasecmp (set->files[j].path, f->path) == 0)
          {
            *message = g_strdup_printf ("--naming: the %s and %s maps would both be written "
                                        "to '%s'", tsr_map_choices[set->files[j].map].name,
                                        tsr_map_choices[f->map].name, f->path);
            return FALSE;
          }
      if (stat (f->path, &st) == 0 && !S_ISREG (st.st_mode))
        {
          *message = g_strdup_printf ("--material: cannot write '%s': %s", f->path,
                                      S_ISDIR (st.st_mode) ? g_strerror (EISDIR)
                                                           : "not a regular file");
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
material_set_init (MaterialSet *set, const char *target, const char *naming, char **message)
{
  const Preset *preset = preset_lookup (naming != NULL ? naming : "unreal");
  const char *pattern = preset != NULL ? preset->pattern : naming;
  char *dir = g_path_get_dirname (target);
  const char *slash = strrchr (target, '/');
  const char *name = slash != NULL ? slash + 1 : target;
  gboolean ok = FALSE;

  memset (set, 0, sizeof *set);
  set->normal_format = preset != NULL ? (int) preset->normal_format : -1;
  if (*name == '\0')
    *message = g_strdup_printf ("--material: '%s' has no NAME after the folder (DIR/NAME)",
                                target);
  else if ((preset != NULL || check_template (pattern, message)) && check_folder (dir, message))
    {
      for (int m = 0; m < TSR_MAP_COUNT; m++)
        {
          const char *map_name = preset != NULL ? preset->maps[m]
                                 : m != TSR_MAP_SHADED ? tsr_map_choices[m].name : NULL;
          char *file, *with_ext;

          if (map_name == NULL)
            continue;
          file = expand (pattern, name, map_name);
          with_ext = g_str_has_suffix (file, ".png") || g_str_has_suffix (file, ".PNG")
                     ? g_strdup (file) : g_strconcat (file, ".png", NULL);
          set->files[set->n_files++] = (MaterialFile) {
            (TsrMap) m, g_build_filename (dir, with_ext, NULL), m == TSR_MAP_HEIGHT ? 16 : 8
          };
          g_free (file);
          g_free (with_ext);
        }
      ok = check_files (set, message);
    }
  g_free (dir);
  if (!ok)
    material_set_clear (set);
  return ok;
}

void
material_set_clear (MaterialSet *set)
{
  for (int i = 0; i < set->n_files; i++)
    g_free (set->files[i].path);
  set->n_files = 0;
}
