/* PNG with libpng: palette and low-bit grey expanded, a tRNS chunk made
 * an alpha channel, 16-bit samples kept. */
#include <setjmp.h>
#include <stdio.h>

#include <glib/gstdio.h>
#include <png.h>

#include "image-input-backend.h"
#include "encoders/png-messages.h"

TsrImage *
input_png_read (const char *path, ImageInputInfo *info, GError **error)
{
  PngMessage failure = { "" };
  FILE *f = g_fopen (path, "rb");
  png_structp png;
  png_infop pinfo;
  TsrImage *volatile im = NULL;
  guint8 *volatile row = NULL;

  if (f == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot read '%s'", path);
      return NULL;
    }
  png = png_create_read_struct (PNG_LIBPNG_VER_STRING, &failure, png_message_on_error,
                                png_message_on_warning);
  pinfo = png_create_info_struct (png);
  if (setjmp (png_jmpbuf (png)))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "'%s': damaged PNG file (%s)",
                   path, failure.text);
      tsr_image_free (im);
      g_free (row);
      png_destroy_read_struct (&png, &pinfo, NULL);
      fclose (f);
      return NULL;
    }
  png_init_io (png, f);
  png_set_user_limits (png, TSR_PHOTO_MAX_SIDE, TSR_PHOTO_MAX_SIDE);
  png_read_info (png, pinfo);
  {
    int colour = png_get_color_type (png, pinfo);
    int depth = png_get_bit_depth (png, pinfo);
    int w = (int) png_get_image_width (png, pinfo), h = (int) png_get_image_height (png, pinfo);
    int channels, bytes;

    info->indexed = colour == PNG_COLOR_TYPE_PALETTE;
    png_set_expand (png);          /* palette -> RGB, grey 1-4 -> 8, tRNS -> alpha */
    png_set_interlace_handling (png);
    png_read_update_info (png, pinfo);
    channels = png_get_channels (png, pinfo);
    depth = png_get_bit_depth (png, pinfo);
    info->depth = depth;
    bytes = depth / 8;
    if ((im = input_image_new (path, w, h, channels, error)) == NULL)
      {
        png_destroy_read_struct (&png, &pinfo, NULL);
        fclose (f);
        return NULL;
      }
    /* Interlaced files need every row at once; read them all. */
    row = g_malloc ((gsize) png_get_rowbytes (png, pinfo) * h);
    {
      g_autofree png_bytep *rows = g_new (png_bytep, h);

      for (int y = 0; y < h; y++)
        rows[y] = row + (gsize) y * png_get_rowbytes (png, pinfo);
      png_read_image (png, rows);
    }
    for (gsize i = 0; i < (gsize) w * h * channels; i++)
      im->pixels[i] = bytes == 2 ? ((row[2 * i] << 8) | row[2 * i + 1]) / 65535.0f
                                 : row[i] / 255.0f;
  }
  png_read_end (png, NULL);
  png_destroy_read_struct (&png, &pinfo, NULL);
  fclose (f);
  g_free (row);
  return im;
}
