/* PNG and TIFF readers for the GIMP tests. */
#include <png.h>
#include <stdio.h>
#include <string.h>
#include <tiffio.h>

#include "image-io.h"

static TestImage *
image_new (int width, int height, int channels, int depth)
{
  TestImage *image = g_new0 (TestImage, 1);
  gsize n = (gsize) width * height * channels;

  image->width = width;
  image->height = height;
  image->channels = channels;
  image->depth = depth;
  image->value = g_new (float, n);
  if (depth != 32)
    image->raw = g_new (guint16, n);
  return image;
}

void
test_image_free (TestImage *image)
{
  if (image == NULL)
    return;
  g_free (image->raw);
  g_free (image->value);
  g_free (image);
}

/* ---- PNG --------------------------------------------------------------- */

typedef struct
{
  jmp_buf jump;
  char    message[200];
} PngErr;

static void
png_error_cb (png_structp png, png_const_charp message)
{
  PngErr *e = png_get_error_ptr (png);
  g_strlcpy (e->message, message, sizeof e->message);
  longjmp (e->jump, 1);
}

static void
png_warning_cb (png_structp png G_GNUC_UNUSED, png_const_charp message G_GNUC_UNUSED)
{
}

TestImage *
test_image_read_png (const char *path, GError **error)
{
  FILE *f = fopen (path, "rb");
  PngErr err = { .message = "" };
  png_structp png = NULL;
  png_infop info = NULL;
  TestImage *volatile image = NULL;
  guint8 *volatile row = NULL;

  if (f == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "%s: cannot open", path);
      return NULL;
    }
  png = png_create_read_struct (PNG_LIBPNG_VER_STRING, &err, png_error_cb, png_warning_cb);
  info = png_create_info_struct (png);
  if (setjmp (err.jump))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: %s", path, err.message);
      png_destroy_read_struct (&png, &info, NULL);
      fclose (f);
      test_image_free (image);
      g_free (row);
      return NULL;
    }
  png_init_io (png, f);
  png_read_info (png, info);
  png_set_expand (png);                 /* palette, low-bit gray, tRNS */
  png_read_update_info (png, info);
  {
    const int w = (int) png_get_image_width (png, info);
    const int h = (int) png_get_image_height (png, info);
    const int ch = png_get_channels (png, info);
    const int depth = png_get_bit_depth (png, info);
    const double max = depth == 16 ? 65535.0 : 255.0;

    image = image_new (w, h, ch, depth);
    row = g_malloc (png_get_rowbytes (png, info));
    for (int y = 0; y < h; y++)
      {
        png_read_row (png, row, NULL);
        for (int i = 0; i < w * ch; i++)
          {
            guint16 v;
            gsize k = (gsize) y * w * ch + i;
            if (depth == 16)              /* PNG is big-endian */
              v = (guint16) (row[2 * i] << 8 | row[2 * i + 1]);
            else
              v = row[i];
            image->raw[k] = v;
            image->value[k] = (float) (v / max);
          }
      }
  }
  g_free (row);
  png_destroy_read_struct (&png, &info, NULL);
  fclose (f);
  return image;
}

/* ---- TIFF -------------------------------------------------------------- */

static char tiff_message[256];

static void
tiff_handler (const char *module G_GNUC_UNUSED, const char *fmt, va_list ap)
{
  g_vsnprintf (tiff_message, sizeof tiff_message, fmt, ap);
}

TestImage *
test_image_read_tiff (const char *path, GError **error)
{
  TIFF *tif;
  guint32 w = 0, h = 0;
  guint16 spp = 0, bps = 0, fmt = SAMPLEFORMAT_UINT, planar = PLANARCONFIG_CONTIG;
  TestImage *image;
  guint8 *row;

  TIFFSetErrorHandler (tiff_handler);
  TIFFSetWarningHandler (NULL);
  tif = TIFFOpen (path, "r");
  if (tif == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: %s", path, tiff_message);
      return NULL;
    }
  TIFFGetField (tif, TIFFTAG_IMAGEWIDTH, &w);
  TIFFGetField (tif, TIFFTAG_IMAGELENGTH, &h);
  TIFFGetFieldDefaulted (tif, TIFFTAG_SAMPLESPERPIXEL, &spp);
  TIFFGetFieldDefaulted (tif, TIFFTAG_BITSPERSAMPLE, &bps);
  TIFFGetFieldDefaulted (tif, TIFFTAG_SAMPLEFORMAT, &fmt);
  TIFFGetFieldDefaulted (tif, TIFFTAG_PLANARCONFIG, &planar);
  if (planar != PLANARCONFIG_CONTIG || spp < 1 || spp > 4
      || !((bps == 32 && fmt == SAMPLEFORMAT_IEEEFP)
           || ((bps == 8 || bps == 16) && fmt == SAMPLEFORMAT_UINT)))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   "%s: unsupported TIFF (%u samples of %u bits, format %u, planar %u)",
                   path, spp, bps, fmt, planar);
      TIFFClose (tif);
      return NULL;
    }

  image = image_new ((int) w, (int) h, spp, bps);
  row = g_malloc (TIFFScanlineSize (tif));
  for (guint32 y = 0; y < h; y++)
    {
      if (TIFFReadScanline (tif, row, y, 0) < 0)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: row %u: %s",
                       path, y, tiff_message);
          g_free (row);
          test_image_free (image);
          TIFFClose (tif);
          return NULL;
        }
      for (guint32 i = 0; i < w * spp; i++)
        {
          gsize k = (gsize) y * w * spp + i;
          if (bps == 32)
            memcpy (&image->value[k], row + 4 * i, 4);
          else
            {
              guint16 v;
              if (bps == 16)
                memcpy (&v, row + 2 * i, 2);
              else
                v = row[i];
              image->raw[k] = v;
              image->value[k] = (float) (v / (bps == 16 ? 65535.0 : 255.0));
            }
        }
    }
  g_free (row);
  TIFFClose (tif);
  return image;
}
