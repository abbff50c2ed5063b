/* Material sets' file names: see material-naming.h. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "material-naming.h"
#include "material-presets.h"

/* The template's own faults: no {map}, a folder in it, another format. */
static gboolean
check_template (const char *pattern, char **message)
{
  const char *dot;

  if (strstr (pattern, TSR_MATERIAL_MAP_PLACEHOLDER) == NULL)
    {
      char *presets = tsr_material_preset_names ();

      *message = g_strdup_printf ("--naming: '%s' is neither a preset (%s) nor a template with "
                                  "a " TSR_MATERIAL_MAP_PLACEHOLDER " placeholder, which names "
                                  "each map's file", pattern, presets);
      g_free (presets);
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

/* No two maps on one file (a file system may not tell case apart).  (The
 * files in the way are the CLI's to check, numbered as they will be.) */
static gboolean
check_files (const MaterialSet *set, char **message)
{
  for (int i = 0; i < set->n_files; i++)
    {
      const MaterialFile *f = &set->files[i];

      for (int j = 0; j < i; j++)
        if (g_ascii_strcasecmp (set->files[j].path, f->path) == 0)
          {
            *message = g_strdup_printf ("--naming: the %s and %s maps would both be written "
                                        "to '%s'", tsr_map_choices[set->files[j].map].name,
                                        tsr_map_choices[f->map].name, f->path);
            return FALSE;
          }
    }
  return TRUE;
}

gboolean
material_set_init (MaterialSet *set, const char *target, const char *naming, char **message)
{
  const TsrMaterialPreset *preset = tsr_material_preset_lookup (naming != NULL ? naming : "unreal");
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
          const char *map_name = preset != NULL ? tsr_material_preset_word (preset, (TsrMap) m)
                                 : tsr_map_kinds[m].set_bits > 0 ? tsr_map_choices[m].name
                                                                 : NULL;
          char *file, *with_ext;

          if (map_name == NULL)
            continue;
          file = tsr_material_expand (pattern, name, map_name);
          with_ext = g_str_has_suffix (file, ".png") || g_str_has_suffix (file, ".PNG")
                     ? g_strdup (file) : g_strconcat (file, ".png", NULL);
          set->files[set->n_files++] = (MaterialFile) {
            (TsrMap) m, g_build_filename (dir, with_ext, NULL), tsr_map_kinds[m].set_bits
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
