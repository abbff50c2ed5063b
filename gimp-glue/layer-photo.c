/* See layer-photo.h. */
#include "config.h"

#include <string.h>

#include "color/quantize.h"
#include "layer-photo.h"

static const char *
float_name (gboolean grey, gboolean alpha, gboolean linear)
{
  if (grey)
    return linear ? (alpha ? "YA float" : "Y float") : (alpha ? "Y'A float" : "Y' float");
  return linear ? (alpha ? "RGBA float" : "RGB float") : (alpha ? "R'G'B'A float" : "R'G'B' float");
}

void
tsr_layer_samples (GimpDrawable *drawable, TsrLayerSamples *sm)
{
  const Babl *own = gimp_drawable_get_format (drawable);
  const char *enc = babl_format_get_encoding (own);
  const Babl *type = babl_format_get_type (own, 0);
  const gboolean grey = gimp_drawable_is_gray (drawable);
  const gboolean alpha = gimp_drawable_has_alpha (drawable);
  const gboolean linear = strchr (enc, '\'') == NULL && strchr (enc, '~') == NULL;

  sm->channels = (grey ? 1 : 3) + (alpha ? 1 : 0);
  sm->linear = linear;
  sm->levels = type == babl_type ("u8") ? 255 : type == babl_type ("u16") ? 65535 : 0;
  /* a perceptual (~) layer is read as non-linear float */
  sm->floats = babl_format_with_space (float_name (grey, alpha, linear),
                                       babl_format_get_space (own));
  if (sm->levels != 0 && strchr (enc, '\'') != NULL)
    sm->format = own;
  else
    {
      sm->levels = 0;
      sm->format = sm->floats;
    }
}

TsrImage *
tsr_layer_photo_read (GimpDrawable *drawable, const GeglRectangle *area,
                      const TsrLayerSamples *sm, GError **error)
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

void
tsr_layer_photo_write (GeglBuffer *buffer, int x, int y, const TsrImage *image,
                       const TsrLayerSamples *sm)
{
  const GeglRectangle at = { x, y, image->width, image->height };
  const gsize n = (gsize) image->width * image->height * image->channels;

  if (sm->levels == 0)
    gegl_buffer_set (buffer, &at, 0, sm->format, image->pixels, GEGL_AUTO_ROWSTRIDE);
  else
    {
      gpointer raw = g_malloc (n * (sm->levels == 255 ? 1 : 2));

      for (gsize i = 0; i < n; i++)
        if (sm->levels == 255)
          ((guint8 *) raw)[i] = (guint8) tsr_quantize_unit (image->pixels[i], 255);
        else
          ((guint16 *) raw)[i] = (guint16) tsr_quantize_unit (image->pixels[i], 65535);
      gegl_buffer_set (buffer, &at, 0, sm->format, raw, GEGL_AUTO_ROWSTRIDE);
      g_free (raw);
    }
  gegl_buffer_flush (buffer);
}
