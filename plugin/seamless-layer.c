/* See seamless-layer.h.
 *
 * Samples: the core wants the photograph's values as `tessera seamless`
 * reads its files: 8- and 16-bit samples divided by 255 or 65535 as they
 * are encoded, float samples as they are.  An integer layer with a
 * non-linear encoding is read and written in its own format, divided and
 * rounded here exactly as the CLI's reader and writer do (tsr_quantize_unit),
 * so a PNG and its layer give the same tile to the bit; babl's own
 * float -> u8 rounds in single precision (see render-drawable.c).  Any
 * other layer goes through babl as float in its own space and encoding
 * (linear stays linear, as a float file does in the CLI). */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "color/quantize.h"
#include "seamless-layer.h"

typedef struct
{
  const Babl *format;    /* what is read and written */
  guint       levels;    /* 255 or 65535: integers converted here; 0: float */
  int         channels;  /* 1 .. 4, as TsrImage */
} Samples;

static void
samples_of (GimpDrawable *drawable, Samples *sm)
{
  const Babl *own = gimp_drawable_get_format (drawable);
  const char *enc = babl_format_get_encoding (own);
  const Babl *type = babl_format_get_type (own, 0);
  const gboolean grey = gimp_drawable_is_gray (drawable);
  const gboolean alpha = gimp_drawable_has_alpha (drawable);
  const gboolean linear = strchr (enc, '\'') == NULL && strchr (enc, '~') == NULL;
  const char *name;

  sm->channels = (grey ? 1 : 3) + (alpha ? 1 : 0);
  sm->levels = type == babl_type ("u8") ? 255 : type == babl_type ("u16") ? 65535 : 0;
  if (sm->levels != 0 && strchr (enc, '\'') != NULL)
    {
      sm->format = own;
      return;
    }
  sm->levels = 0;
  if (grey)
    name = linear ? (alpha ? "YA float" : "Y float") : (alpha ? "Y'A float" : "Y' float");
  else
    name = linear ? (alpha ? "RGBA float" : "RGB float")
                  : (alpha ? "R'G'B'A float" : "R'G'B' float");
  sm->format = babl_format_with_space (name, babl_format_get_space (own));
}

/* The area's pixels as a photograph, or NULL with an error. */
static TsrImage *
read_photo (GimpDrawable *drawable, const GeglRectangle *area, const Samples *sm,
            GError **error)
{
  TsrImage *photo = tsr_image_new (area->width, area->height, sm->channels, error);
  GeglBuffer *buffer;
  const gsize n = (gsize) area->width * area->height * sm->channels;

  if (photo == NULL)
    return NULL;
  buffer = gimp_drawable_get_buffer (drawable);
  if (sm->levels == 0)
    gegl_buffer_get (buffer, area, 1.0, sm->format, photo->pixels, GEGL_AUTO_ROWSTRIDE,
                     GEGL_ABYSS_NONE);
  else
    {
      gpointer raw = g_malloc (n * (sm->levels == 255 ? 1 : 2));

      gegl_buffer_get (buffer, area, 1.0, sm->format, raw, GEGL_AUTO_ROWSTRIDE,
                       GEGL_ABYSS_NONE);
      for (gsize i = 0; i < n; i++)
        photo->pixels[i] = sm->levels == 255 ? ((const guint8 *) raw)[i] / 255.0f
                                             : ((const guint16 *) raw)[i] / 65535.0f;
      g_free (raw);
    }
  g_object_unref (buffer);
  return photo;
}

/* The tile into buffer at (x, y), in the samples' format. */
static void
write_tile (GeglBuffer *buffer, int x, int y, const TsrImage *tile, const Samples *sm)
{
  const GeglRectangle at = { x, y, tile->width, tile->height };
  const gsize n = (gsize) tile->width * tile->height * tile->channels;

  if (sm->levels == 0)
    gegl_buffer_set (buffer, &at, 0, sm->format, tile->pixels, GEGL_AUTO_ROWSTRIDE);
  else
    {
      gpointer raw = g_malloc (n * (sm->levels == 255 ? 1 : 2));

      for (gsize i = 0; i < n; i++)
        if (sm->levels == 255)
          ((guint8 *) raw)[i] = (guint8) tsr_quantize_unit (tile->pixels[i], 255);
        else
          ((guint16 *) raw)[i] = (guint16) tsr_quantize_unit (tile->pixels[i], 65535);
      gegl_buffer_set (buffer, &at, 0, sm->format, raw, GEGL_AUTO_ROWSTRIDE);
      g_free (raw);
    }
  gegl_buffer_flush (buffer);
}

/* The tile in place of the area, one undo step (GIMP merges the shadow
 * through the selection). */
static void
replace_area (GimpImage *image, GimpDrawable *drawable, const GeglRectangle *area,
              const TsrImage *tile, const Samples *sm)
{
  GeglBuffer *shadow = gimp_drawable_get_shadow_buffer (drawable);

  write_tile (shadow, area->x, area->y, tile, sm);
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
  gimp_image_undo_group_end (image);
}

/* The tile as a new image of the layer's type, precision and profile. */
static GimpImage *
tile_image (GimpImage *image, GimpDrawable *drawable, const TsrImage *tile, const Samples *sm)
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
  write_tile (buffer, 0, 0, tile, sm);
  g_object_unref (buffer);
  gimp_drawable_update (GIMP_DRAWABLE (layer), 0, 0, tile->width, tile->height);
  gimp_image_undo_enable (made);
  return made;
}

GimpPDBStatusType
tsr_seamless_layer (GimpImage *image, GimpDrawable **drawables, const TsrSeamlessSettings *s,
                    int width, int height, GimpImage **new_image, GError **error)
{
  GimpDrawable *drawable = drawables != NULL ? drawables[0] : NULL;
  GeglRectangle area;
  Samples sm;
  g_autoptr (TsrImage) photo = NULL;
  g_autoptr (TsrImage) tile = NULL;
  g_autofree char *name = NULL;

  *new_image = NULL;
  if (drawable == NULL || drawables[1] != NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   _("Make Seamless works on one layer: select exactly one"));
      return GIMP_PDB_CALLING_ERROR;
    }
  name = gimp_item_get_name (GIMP_ITEM (drawable));
  if (gimp_item_is_group (GIMP_ITEM (drawable)) || gimp_drawable_is_indexed (drawable))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   gimp_drawable_is_indexed (drawable)
                   ? _("'%s' is indexed: convert the image to RGB or grayscale first")
                   : _("'%s' is a layer group: select a layer"), name);
      return GIMP_PDB_CALLING_ERROR;
    }
  if (!gimp_drawable_mask_intersect (drawable, &area.x, &area.y, &area.width, &area.height))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   _("the selection does not touch '%s'"), name);
      return GIMP_PDB_CALLING_ERROR;
    }
  if (width == 0)
    width = area.width;
  if (height == 0)
    height = area.height;
  if (!tsr_seamless_check (area.width, area.height, width, height, error))
    {
      g_prefix_error (error, "'%s': ", name);
      return GIMP_PDB_CALLING_ERROR;
    }

  gimp_progress_init_printf (_("Making '%s' seamless"), name);
  samples_of (drawable, &sm);
  if ((photo = read_photo (drawable, &area, &sm, error)) == NULL
      || (tile = tsr_seamless (photo, width, height, s, error)) == NULL)
    {
      gimp_progress_end ();
      return GIMP_PDB_EXECUTION_ERROR;
    }
  if (width == area.width && height == area.height)
    replace_area (image, drawable, &area, tile, &sm);
  else
    *new_image = tile_image (image, drawable, tile, &sm);
  gimp_progress_update (1.0);
  gimp_progress_end ();
  return GIMP_PDB_SUCCESS;
}
