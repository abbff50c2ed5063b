/* Which drawables, which rectangles.  Every check runs before the first
 * pixel is written, so a refused call leaves the image untouched. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "render-drawable.h"
#include "targets.h"

static gboolean
check_drawable (GimpDrawable *drawable, GimpPDBStatusType *status, GError **error)
{
  GimpItem *item = GIMP_ITEM (drawable);
  gboolean  ok = TRUE;
  char     *name = gimp_item_get_name (item);

  *status = GIMP_PDB_CALLING_ERROR;
  if (!gimp_item_is_layer (item) && !gimp_item_is_channel (item))
    ok = FALSE, g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                             _("'%s' is not a layer or channel"), name);
  else if (gimp_item_is_group (item))
    ok = FALSE, g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                             _("'%s' is a layer group: render into a layer inside it"),
                             name);
  else if (gimp_drawable_is_indexed (drawable))
    ok = FALSE, g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                             _("'%s' is indexed: convert the image to RGB or grayscale"),
                             name);
  g_free (name);
  return ok;
}

static gboolean
add_target (GArray *targets, GimpDrawable *drawable, const TsrSettings *settings,
            const TsrRamp *ramp, GimpPDBStatusType *status, GError **error)
{
  TsrTarget t = { .drawable = drawable };

  if (!check_drawable (drawable, status, error))
    return FALSE;

  if (!gimp_drawable_mask_intersect (drawable, &t.area.x, &t.area.y,
                                     &t.area.width, &t.area.height)
      || t.area.width < 1 || t.area.height < 1)
    {
      char *name = gimp_item_get_name (GIMP_ITEM (drawable));
      *status = GIMP_PDB_EXECUTION_ERROR;
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   _("the selection does not touch '%s': nothing to render"), name);
      g_free (name);
      return FALSE;
    }

  /* The drawable's own size is the canvas: a selection shows its part of
   * the same texture, and the texture tiles across the layer. */
  t.texture = tsr_texture_new (settings, gimp_drawable_get_width (drawable),
                               gimp_drawable_get_height (drawable), ramp, error);
  if (t.texture == NULL)
    {
      *status = GIMP_PDB_CALLING_ERROR;
      return FALSE;
    }
  tsr_texture_set_output_levels (t.texture, tsr_drawable_levels (drawable));
  g_array_append_val (targets, t);
  return TRUE;
}

GArray *
tsr_targets_new (GimpDrawable     **drawables,
                 const TsrSettings *settings,
                 const TsrRamp     *ramp,
                 GimpPDBStatusType *status,
                 GError           **error)
{
  GArray *targets = g_array_new (FALSE, TRUE, sizeof (TsrTarget));

  *status = GIMP_PDB_SUCCESS;
  if (drawables == NULL || drawables[0] == NULL)
    {
      *status = GIMP_PDB_CALLING_ERROR;
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   _("no drawable to render into"));
      tsr_targets_free (targets);
      return NULL;
    }
  for (guint i = 0; drawables[i] != NULL; i++)
    if (!add_target (targets, drawables[i], settings, ramp, status, error))
      {
        tsr_targets_free (targets);
        return NULL;
      }
  return targets;
}

void
tsr_targets_free (GArray *targets)
{
  if (targets == NULL)
    return;
  for (guint i = 0; i < targets->len; i++)
    {
      tsr_texture_free (g_array_index (targets, TsrTarget, i).texture);
      g_free (g_array_index (targets, TsrTarget, i).name);
    }
  g_array_free (targets, TRUE);
}
