/* Exporting the material layers: see material-export.h. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "tessera.h"
#include "material-export.h"

gboolean
tsr_material_folder_check (const char *folder, GError **error)
{
  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   _("material-folder: '%s' is not a folder"), folder);
      return FALSE;
    }
  if (g_access (folder, W_OK | X_OK) != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   _("material-folder: cannot write in '%s': %s"), folder, g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* One layer as a PNG file: a new image of its own holding a copy. */
static gboolean
export_layer (GimpDrawable *drawable, const char *path, GError **error)
{
  GimpImage *source = gimp_item_get_image (GIMP_ITEM (drawable));
  GimpImage *image = gimp_image_new_with_precision (gimp_drawable_get_width (drawable),
                                                    gimp_drawable_get_height (drawable),
                                                    gimp_image_get_base_type (source),
                                                    gimp_image_get_precision (source));
  GimpLayer *copy = gimp_layer_new_from_drawable (drawable, image);
  GFile *file = g_file_new_for_path (path);
  gint x = 0, y = 0;
  gboolean ok;

  gimp_image_insert_layer (image, copy, NULL, 0);
  gimp_drawable_get_offsets (drawable, &x, &y);
  gimp_item_transform_translate (GIMP_ITEM (copy), -x, -y);
  ok = gimp_file_save (GIMP_RUN_NONINTERACTIVE, image, file, NULL);
  if (!ok)
    g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE, _("cannot export '%s': %s"), path,
                 gimp_pdb_get_last_error (gimp_get_pdb ()));
  g_object_unref (file);
  gimp_image_delete (image);
  return ok;
}

gboolean
tsr_material_export (GArray *targets, GArray *extras, char **names,
                     const TsrMaterialPreset *preset, const char *folder, GError **error)
{
  for (guint i = 0; i < targets->len; i++)
    for (int m = 0; m < TSR_MAP_COUNT; m++)
      {
        GimpDrawable *drawable = NULL;
        char *file, *path;
        gboolean ok;

        if (preset->maps[m] == NULL)
          continue;
        if (m == TSR_MAP_COLOR)
          drawable = g_array_index (targets, TsrTarget, i).drawable;
        for (guint k = 0; drawable == NULL && k < extras->len; k++)
          {
            const TsrExtra *e = &g_array_index (extras, TsrExtra, k);

            if (e->owner == i && e->map == m)
              drawable = e->target.drawable;
          }
        g_return_val_if_fail (drawable != NULL, FALSE);
        file = tsr_material_expand (preset->pattern, names[i], preset->maps[m]);
        path = g_build_filename (folder, file, NULL);
        ok = export_layer (drawable, path, error);
        g_free (file);
        g_free (path);
        if (!ok)
          return FALSE;
      }
  return TRUE;
}
