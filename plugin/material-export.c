/* Exporting the material layers: see material-export.h. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "tessera.h"
#include "material-export.h"

/* Whether a file can be made in folder (removed again): the permissions
 * do not say so for root, nor on a file system that refuses new files
 * (/proc); errno set when not. */
static gboolean
can_create_in (const char *folder)
{
  char *probe = g_build_filename (folder, ".tessera-probe-XXXXXX", NULL);
  const int fd = g_mkstemp (probe);
  const int failure = errno;

  if (fd >= 0)
    {
      close (fd);
      g_unlink (probe);
    }
  g_free (probe);
  errno = failure;
  return fd >= 0;
}

gboolean
tsr_material_folder_check (const char *folder, GError **error)
{
  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   _("material-folder: '%s' is not a folder"), folder);
      return FALSE;
    }
  if (g_access (folder, W_OK | X_OK) != 0 || !can_create_in (folder))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   _("material-folder: cannot write in '%s': %s"), folder, g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* The file's image as the CLI writes the map (tsr_settings_content, from
 * the map kind's row and the colours): grey or RGB, alpha for data in it
 * (the HDRP mask's smoothness) or translucent colours, its set's bits (16
 * for the height, 8 for the rest). */
static void
export_image (TsrExportFile *f, const TsrSettings *settings, const TsrRamp *ramp, int width,
              int height, const char *name)
{
  TsrSettings one = *settings;
  TsrMapContent content;

  one.value[TSR_P_MAP] = f->map;
  content = tsr_settings_content (&one, ramp);
  f->image = gimp_image_new_with_precision (width, height,
                                            content.grey ? GIMP_GRAY : GIMP_RGB,
                                            tsr_map_kind (f->map)->set_bits > 8
                                            ? GIMP_PRECISION_U16_NON_LINEAR
                                            : GIMP_PRECISION_U8_NON_LINEAR);
  f->layer = gimp_layer_new (f->image, name, width, height,
                             content.grey ? content.alpha ? GIMP_GRAYA_IMAGE : GIMP_GRAY_IMAGE
                                          : content.alpha ? GIMP_RGBA_IMAGE : GIMP_RGB_IMAGE,
                             100.0, GIMP_LAYER_MODE_NORMAL);
  gimp_image_insert_layer (f->image, f->layer, NULL, 0);
}

GArray *
tsr_material_exports_new (GArray *targets, char **names, const TsrMaterialPreset *preset,
                          const TsrSettings *settings, const TsrRamp *ramp, const char *folder)
{
  GArray *exports = g_array_new (FALSE, TRUE, sizeof (TsrExportFile));

  for (guint i = 0; i < targets->len; i++)
    for (int m = 0; m < TSR_MAP_COUNT; m++)
      {
        GimpDrawable *d = g_array_index (targets, TsrTarget, i).drawable;
        TsrExportFile f = { i, (TsrMap) m, NULL, NULL, NULL };
        char *file;

        if (tsr_material_preset_word (preset, (TsrMap) m) == NULL)
          continue;
        file = tsr_material_expand (preset->pattern, names[i],
                                    tsr_material_preset_word (preset, (TsrMap) m));
        f.path = g_build_filename (folder, file, NULL);
        export_image (&f, settings, ramp, gimp_drawable_get_width (d),
                      gimp_drawable_get_height (d), file);
        g_free (file);
        g_array_append_val (exports, f);
      }
  return exports;
}

gboolean
tsr_material_exports_save (GArray *exports, GError **error)
{
  for (guint i = 0; i < exports->len; i++)
    {
      const TsrExportFile *f = &g_array_index (exports, TsrExportFile, i);
      GFile *file = g_file_new_for_path (f->path);
      gboolean ok;

      gimp_drawable_merge_shadow (GIMP_DRAWABLE (f->layer), FALSE);
      ok = gimp_file_save (GIMP_RUN_NONINTERACTIVE, f->image, file, NULL);
      g_object_unref (file);
      if (!ok)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE, _("cannot export '%s': %s"),
                       f->path, gimp_pdb_get_last_error (gimp_get_pdb ()));
          return FALSE;
        }
    }
  return TRUE;
}

void
tsr_material_exports_free (GArray *exports)
{
  if (exports == NULL)
    return;
  for (guint i = 0; i < exports->len; i++)
    {
      TsrExportFile *f = &g_array_index (exports, TsrExportFile, i);

      gimp_image_delete (f->image);
      g_free (f->path);
    }
  g_array_unref (exports);
}
