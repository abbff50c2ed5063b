/* Frames and material layers: see extra-layers.h. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "extra-layers.h"
#include "render-drawable.h"

/* GIMP's animation playback and GIF/WebP export read a frame's delay from
 * its layer name; 12 frames a second. */
#define FRAME_DELAY_MS 83

static char *
frame_name (int frame)
{
  return g_strdup_printf (_("Frame %d (%dms)"), frame, FRAME_DELAY_MS);
}

static gboolean
add_extra (GArray *extras, const TsrTarget *t, guint owner, int frame,
           const TsrSettings *s, const TsrRamp *ramp, const char *name, GError **error)
{
  GimpDrawable *d = t->drawable;
  TsrExtra      e = { { .area = t->area }, owner, frame,
                      frame > 0 ? -1 : (int) s->value[TSR_P_MAP] };

  e.target.texture = tsr_texture_new (s, gimp_drawable_get_width (d),
                                      gimp_drawable_get_height (d), ramp, error);
  if (e.target.texture == NULL)
    return FALSE;
  tsr_texture_set_output_levels (e.target.texture, tsr_drawable_levels (d));
  /* A copy keeps what lies outside the selection, as the target does. */
  e.target.drawable = GIMP_DRAWABLE (gimp_layer_copy (GIMP_LAYER (d)));
  /* the HDRP mask keeps smoothness in its alpha */
  if (s->value[TSR_P_MAP] == TSR_MAP_MASK_HDRP)
    gimp_layer_add_alpha (GIMP_LAYER (e.target.drawable));
  gimp_item_set_name (GIMP_ITEM (e.target.drawable), name);
  g_array_append_val (extras, e);
  return TRUE;
}

GArray *
tsr_extra_targets_new (GArray *targets, const TsrSettings *settings, const TsrRamp *ramp,
                       int frames, const TsrMaterialPreset *material, GError **error)
{
  GArray *extras = g_array_new (FALSE, TRUE, sizeof (TsrExtra));

  if (frames <= 1 && material == NULL)
    return extras;
  for (guint i = 0; i < targets->len; i++)
    {
      const TsrTarget *t = &g_array_index (targets, TsrTarget, i);
      char            *base = gimp_item_get_name (GIMP_ITEM (t->drawable));
      gboolean         ok = TRUE;

      if (!GIMP_IS_LAYER (t->drawable))
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                       _("'%s' is not a layer: frames and material layers are added "
                         "as layers"), base);
          g_free (base);
          tsr_extra_targets_free (extras, FALSE);
          return NULL;
        }
      for (int k = 2; ok && k <= frames; k++)
        {
          TsrSettings s = tsr_settings_frame (settings, k - 1, frames);
          char       *name = frame_name (k);

          ok = add_extra (extras, t, i, k, &s, ramp, name, error);
          g_free (name);
        }
      for (int m = 0; ok && material != NULL && m < TSR_MAP_COUNT; m++)
        {
          TsrSettings s = *settings;
          char       *name;

          if (m == TSR_MAP_COLOR || tsr_material_preset_word (material, (TsrMap) m) == NULL)
            continue;
          name = tsr_material_layer_name (material, base, (TsrMap) m);
          s.value[TSR_P_MAP] = m;
          s.value[TSR_P_NORMAL_FORMAT] = material->normal_format;
          ok = add_extra (extras, t, i, 0, &s, ramp, name, error);
          g_free (name);
        }
      g_free (base);
      if (!ok)
        {
          tsr_extra_targets_free (extras, FALSE);
          return NULL;
        }
    }
  return extras;
}

void
tsr_extra_targets_insert (GimpImage *image, GArray *targets, GArray *extras, int frames)
{
  /* Each goes right above its target: inserting the last first leaves
   * them in order above it. */
  for (guint i = extras->len; i-- > 0;)
    {
      TsrExtra         *e = &g_array_index (extras, TsrExtra, i);
      const TsrTarget  *owner = &g_array_index (targets, TsrTarget, e->owner);
      GimpItem         *parent = gimp_item_get_parent (GIMP_ITEM (owner->drawable));
      int               position = gimp_image_get_item_position (image,
                                                                  GIMP_ITEM (owner->drawable));

      gimp_image_insert_layer (image, GIMP_LAYER (e->target.drawable),
                               parent ? GIMP_LAYER (parent) : NULL, position);
    }
  if (frames > 1)
    for (guint i = 0; i < targets->len; i++)
      {
        char *name = frame_name (1);
        gimp_item_set_name (GIMP_ITEM (g_array_index (targets, TsrTarget, i).drawable), name);
        g_free (name);
      }
}

void
tsr_extra_targets_free (GArray *extras, gboolean inserted)
{
  for (guint i = 0; i < extras->len; i++)
    {
      TsrExtra *e = &g_array_index (extras, TsrExtra, i);

      if (!inserted && e->target.drawable != NULL)
        gimp_item_delete (GIMP_ITEM (e->target.drawable));
      tsr_texture_free (e->target.texture);
    }
  g_array_unref (extras);
}
