/* See seamless-layer.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "layer-photo.h"
#include "photo/photo-maps.h"
#include "seamless-layer.h"

/* One material map made before anything is changed. */
typedef struct
{
  TsrMap    map;
  char     *name;
  TsrImage *pixels;   /* RGB, or RGBA when its alpha is data */
} MapLayer;

static void
map_layers_free (GArray *maps)
{
  for (guint i = 0; maps != NULL && i < maps->len; i++)
    {
      MapLayer *m = &g_array_index (maps, MapLayer, i);

      g_free (m->name);
      tsr_image_free (m->pixels);
    }
  if (maps != NULL)
    g_array_unref (maps);
}

/* The maps the preset names (not the colour: that is the tile), from the
 * tile's height; NULL with an error when memory runs out. */
static GArray *
make_maps (const TsrImage *tile, const TsrSeamlessCall *call, int photo_w, int photo_h,
           gboolean linear, const char *base, GError **error)
{
  const TsrMaterialPreset *preset = call->material;
  GArray *maps = g_array_new (FALSE, TRUE, sizeof (MapLayer));
  g_autoptr (TsrPhotoMaps) pm = NULL;
  g_autofree float *rgba = g_new (float, (gsize) tile->width * 4);
  TsrHeightParams hp;
  TsrSettings surface;
  guint32 wanted = 0;

  for (int m = 0; m < TSR_MAP_COUNT; m++)
    if (m != TSR_MAP_COLOR && tsr_material_preset_word (preset, (TsrMap) m) != NULL)
      wanted |= 1u << m;
  tsr_photo_maps_settings_init (&surface);
  surface.value[TSR_P_NORMAL_FORMAT] = preset->normal_format;
  tsr_seamless_height_params (&call->settings, photo_w, photo_h, linear, &hp);
  pm = tsr_photo_maps_new (tile, &hp, &surface, wanted);
  for (int m = 0; m < TSR_MAP_COUNT; m++)
    {
      const int channels = tsr_map_kind ((TsrMap) m)->alpha == TSR_ALPHA_DATA ? 4 : 3;
      MapLayer layer = { (TsrMap) m, NULL, NULL };

      if ((wanted & (1u << m)) == 0)
        continue;
      if ((layer.pixels = tsr_image_new (tile->width, tile->height, channels, error)) == NULL)
        {
          map_layers_free (maps);
          return NULL;
        }
      layer.name = tsr_material_layer_name (preset, base, (TsrMap) m);
      for (int y = 0; y < tile->height; y++)
        {
          float *out = layer.pixels->pixels + (gsize) y * tile->width * channels;

          tsr_photo_maps_row (pm, (TsrMap) m, y, rgba);
          for (int x = 0; x < tile->width; x++)
            for (int c = 0; c < channels; c++)
              out[x * channels + c] = rgba[x * 4 + c];
        }
      g_array_append_val (maps, layer);
    }
  return maps;
}

/* The maps as layers of image at (x, y), each right above `below` (in
 * the preset's order upwards), in its precision. */
static void
insert_maps (GimpImage *image, GimpLayer *below, int x, int y, GArray *maps)
{
  GimpItem *up = gimp_item_get_parent (GIMP_ITEM (below));
  GimpLayer *parent = up != NULL ? GIMP_LAYER (up) : NULL;

  for (guint i = maps->len; i-- > 0;)
    {
      const MapLayer *m = &g_array_index (maps, MapLayer, i);
      const int position = gimp_image_get_item_position (image, GIMP_ITEM (below));
      GimpLayer *layer = gimp_layer_new (image, m->name, m->pixels->width, m->pixels->height,
                                         tsr_image_has_alpha (m->pixels) ? GIMP_RGBA_IMAGE
                                                                         : GIMP_RGB_IMAGE,
                                         100.0, GIMP_LAYER_MODE_NORMAL);
      TsrLayerSamples sm;
      GeglBuffer *buffer;

      gimp_image_insert_layer (image, layer, parent, position);
      gimp_layer_set_offsets (layer, x, y);
      tsr_layer_samples (GIMP_DRAWABLE (layer), &sm);
      buffer = gimp_drawable_get_buffer (GIMP_DRAWABLE (layer));
      tsr_layer_photo_write (buffer, 0, 0, m->pixels, &sm);
      g_object_unref (buffer);
      gimp_drawable_update (GIMP_DRAWABLE (layer), 0, 0, m->pixels->width, m->pixels->height);
    }
}

/* The tile in place of the area, and the maps above the layer, one undo
 * step (GIMP merges the shadow through the selection). */
static void
replace_area (GimpImage *image, GimpDrawable *drawable, const GeglRectangle *area,
              const TsrImage *tile, const TsrLayerSamples *sm, GArray *maps)
{
  GeglBuffer *shadow = gimp_drawable_get_shadow_buffer (drawable);
  int x = 0, y = 0;

  tsr_layer_photo_write (shadow, area->x, area->y, tile, sm);
  g_object_unref (shadow);
  gimp_image_undo_group_start (image);
#if GIMP_CHECK_VERSION (3, 2, 0)
  /* a text or vector layer becomes pixels first, as for GIMP's filters */
  if (GIMP_IS_RASTERIZABLE (drawable)
      && !gimp_rasterizable_is_rasterized (GIMP_RASTERIZABLE (drawable)))
    gimp_rasterizable_rasterize (GIMP_RASTERIZABLE (drawable));
#endif
  gimp_drawable_merge_shadow (drawable, TRUE);
  gimp_drawable_update (drawable, area->x, area->y, area->width, area->height);
  if (maps != NULL)
    {
      gimp_drawable_get_offsets (drawable, &x, &y);
      insert_maps (image, GIMP_LAYER (drawable), x + area->x, y + area->y, maps);
    }
  gimp_image_undo_group_end (image);
}

/* The tile (and its maps above it) as a new image of the layer's type,
 * precision and profile. */
static GimpImage *
tile_image (GimpImage *image, GimpDrawable *drawable, const TsrImage *tile,
            const TsrLayerSamples *sm, GArray *maps)
{
  const gboolean grey = gimp_drawable_is_gray (drawable);
  GimpImage *made = gimp_image_new_with_precision (tile->width, tile->height,
                                                   grey ? GIMP_GRAY : GIMP_RGB,
                                                   gimp_image_get_precision (image));
  GimpColorProfile *profile = gimp_image_get_color_profile (image);
  GimpImageType type = grey ? (tsr_image_has_alpha (tile) ? GIMP_GRAYA_IMAGE : GIMP_GRAY_IMAGE)
                            : (tsr_image_has_alpha (tile) ? GIMP_RGBA_IMAGE : GIMP_RGB_IMAGE);
  char *name = gimp_item_get_name (GIMP_ITEM (drawable));
  GimpLayer *layer;
  GeglBuffer *buffer;

  gimp_image_undo_disable (made);
  if (profile != NULL)
    {
      gimp_image_set_color_profile (made, profile);
      g_object_unref (profile);
    }
  layer = gimp_layer_new (made, name, tile->width, tile->height, type, 100.0,
                          GIMP_LAYER_MODE_NORMAL);
  g_free (name);
  gimp_image_insert_layer (made, layer, NULL, 0);
  buffer = gimp_drawable_get_buffer (GIMP_DRAWABLE (layer));
  tsr_layer_photo_write (buffer, 0, 0, tile, sm);
  g_object_unref (buffer);
  gimp_drawable_update (GIMP_DRAWABLE (layer), 0, 0, tile->width, tile->height);
  if (maps != NULL)
    insert_maps (made, layer, 0, 0, maps);
  gimp_image_undo_enable (made);
  return made;
}

gboolean
tsr_seamless_layer_check (GimpDrawable **drawables, const TsrSeamlessCall *call,
                          GeglRectangle *area, GError **error)
{
  GimpDrawable *drawable = drawables != NULL ? drawables[0] : NULL;
  g_autofree char *name = NULL;
  GeglRectangle own;

  if (drawable == NULL || drawables[1] != NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   _("Make Seamless works on one layer: select exactly one"));
      return FALSE;
    }
  name = gimp_item_get_name (GIMP_ITEM (drawable));
  if (gimp_item_is_group (GIMP_ITEM (drawable)) || gimp_drawable_is_indexed (drawable))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   gimp_drawable_is_indexed (drawable)
                   ? _("'%s' is indexed: convert the image to RGB or grayscale first")
                   : _("'%s' is a layer group: select a layer"), name);
      return FALSE;
    }
  if (call != NULL && call->material != NULL && (!GIMP_IS_LAYER (drawable) || gimp_drawable_is_gray (drawable)))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   gimp_drawable_is_gray (drawable)
                   ? _("'%s': material layers need an RGB image (a normal map has three "
                       "channels): convert the image to RGB first")
                   : _("'%s' is not a layer: material layers are added as layers"), name);
      return FALSE;
    }
  if (area == NULL)
    area = &own;
  if (!gimp_drawable_mask_intersect (drawable, &area->x, &area->y, &area->width, &area->height))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   _("the selection does not touch '%s'"), name);
      return FALSE;
    }
  if (!tsr_seamless_check (area->width, area->height,
                           call != NULL && call->width != 0 ? call->width : area->width,
                           call != NULL && call->height != 0 ? call->height : area->height,
                           error))
    {
      g_prefix_error (error, "'%s': ", name);
      return FALSE;
    }
  return TRUE;
}

GimpPDBStatusType
tsr_seamless_layer (GimpImage *image, GimpDrawable **drawables, const TsrSeamlessCall *call,
                    GimpImage **new_image, GError **error)
{
  GimpDrawable *drawable;
  GeglRectangle area;
  TsrLayerSamples sm;
  g_autoptr (TsrImage) photo = NULL;
  g_autoptr (TsrImage) tile = NULL;
  g_autofree char *name = NULL;
  GArray *maps = NULL;
  int width, height;

  *new_image = NULL;
  if (!tsr_seamless_layer_check (drawables, call, &area, error))
    return GIMP_PDB_CALLING_ERROR;
  drawable = drawables[0];
  width = call->width != 0 ? call->width : area.width;
  height = call->height != 0 ? call->height : area.height;
  name = gimp_item_get_name (GIMP_ITEM (drawable));

  gimp_progress_init_printf (_("Making '%s' seamless"), name);
  tsr_layer_samples (drawable, &sm);
  if ((photo = tsr_layer_photo_read (drawable, &area, &sm, error)) == NULL
      || (tile = tsr_seamless (photo, width, height, &call->settings, error)) == NULL
      || (call->material != NULL
          && (maps = make_maps (tile, call, area.width, area.height,
                                sm.linear && sm.levels == 0, name, error)) == NULL))
    {
      gimp_progress_end ();
      return GIMP_PDB_EXECUTION_ERROR;
    }
  gimp_progress_update (0.9);
  if (width == area.width && height == area.height)
    replace_area (image, drawable, &area, tile, &sm, maps);
  else
    *new_image = tile_image (image, drawable, tile, &sm, maps);
  map_layers_free (maps);
  gimp_progress_update (1.0);
  gimp_progress_end ();
  return GIMP_PDB_SUCCESS;
}
