#include "photo/photo-image.h"
#include "texture/texture.h"

TsrImage *
tsr_image_new (int width, int height, int channels, GError **error)
{
  TsrImage *im;

  if (channels < 1 || channels > 4)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%d channels: an image has 1 to 4", channels);
      return NULL;
    }
  if (width < 1 || height < 1 || width > TSR_PHOTO_MAX_SIDE || height > TSR_PHOTO_MAX_SIDE
      || (gint64) width * height > TSR_PHOTO_MAX_PIXELS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "%dx%d: an image from a photograph is 1 to %d pixels a side and at most "
                   "%" G_GINT64_FORMAT " megapixels", width, height, TSR_PHOTO_MAX_SIDE,
                   TSR_PHOTO_MAX_PIXELS >> 20);
      return NULL;
    }
  im = g_new (TsrImage, 1);
  im->width = width;
  im->height = height;
  im->channels = channels;
  im->pixels = g_try_new0 (float, (gsize) width * height * channels);
  if (im->pixels == NULL)
    {
      g_free (im);
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "%dx%d: not enough memory for the image", width, height);
      return NULL;
    }
  return im;
}

void
tsr_image_free (TsrImage *image)
{
  if (image == NULL)
    return;
  g_free (image->pixels);
  g_free (image);
}

void
tsr_image_luminance (const TsrImage *im, float *lum)
{
  const int n = im->channels;
  const gsize count = (gsize) im->width * im->height;

  for (gsize i = 0; i < count; i++)
    {
      const float *p = im->pixels + i * n;

      lum[i] = tsr_image_colours (im) == 3 ? 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2]
                                           : p[0];
    }
}
