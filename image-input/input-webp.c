/* WebP with libwebp: 8-bit RGB, or RGBA when the file has alpha. */
#include <webp/decode.h>

#include "image-input-backend.h"

TsrImage *
input_webp_read (const char *path, ImageInputInfo *info, GError **error)
{
  g_autofree char *bytes = NULL;
  gsize length;
  WebPBitstreamFeatures features;
  TsrImage *im;
  guint8 *rgba;
  int w, h, channels;

  if (!g_file_get_contents (path, &bytes, &length, error))
    return NULL;
  if (WebPGetFeatures ((const uint8_t *) bytes, length, &features) != VP8_STATUS_OK)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "'%s': damaged WebP file", path);
      return NULL;
    }
  if (features.has_animation)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "'%s': animated WebP files are not read", path);
      return NULL;
    }
  w = features.width;
  h = features.height;
  channels = features.has_alpha ? 4 : 3;
  info->depth = 8;
  if ((im = input_image_new (path, w, h, channels, error)) == NULL)
    return NULL;
  rgba = channels == 4 ? WebPDecodeRGBA ((const uint8_t *) bytes, length, &w, &h)
                       : WebPDecodeRGB ((const uint8_t *) bytes, length, &w, &h);
  if (rgba == NULL)
    {
      tsr_image_free (im);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "'%s': damaged WebP file", path);
      return NULL;
    }
  for (gsize i = 0; i < (gsize) w * h * channels; i++)
    im->pixels[i] = rgba[i] / 255.0f;
  WebPFree (rgba);
  return im;
}
