/* TIFF with libtiff: grey, grey + alpha, RGB and RGBA in strips, 8 or 16
 * bits unsigned or 32-bit float (linear light, as float files are), the
 * samples interleaved or in planes; palette files expanded.  Other
 * 8-bit kinds (tiles, YCbCr, CMYK...) go through libtiff's RGBA reader. */
#include <tiffio.h>

#include "image-input-backend.h"

static void
on_tiff_warning (const char *module, const char *format, va_list args)
{
  (void) module;
  (void) format;
  (void) args;
}

static void
on_tiff_error (const char *module, const char *format, va_list args)
{
  (void) module;
  (void) format;
  (void) args;
}

static TsrImage *
fail (TIFF *tif, TsrImage *im, GError **error, GQuark domain, int code, const char *path,
      const char *what)
{
  g_set_error (error, domain, code, "'%s': %s", path, what);
  tsr_image_free (im);
  if (tif != NULL)
    TIFFClose (tif);
  return NULL;
}

/* Anything libtiff's RGBA reader knows, as 8-bit RGBA. */
static TsrImage *
read_rgba (TIFF *tif, const char *path, int w, int h, gboolean alpha, GError **error)
{
  TsrImage *im = input_image_new (path, w, h, alpha ? 4 : 3, error);
  guint32 *raster;

  if (im == NULL)
    return fail (tif, NULL, NULL, 0, 0, path, "");
  raster = g_try_new (guint32, (gsize) w * h);
  if (raster == NULL
      || !TIFFReadRGBAImageOriented (tif, (guint32) w, (guint32) h, raster, ORIENTATION_TOPLEFT, 0))
    {
      g_free (raster);
      return fail (tif, im, error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, path,
                   "damaged or unsupported TIFF file");
    }
  for (gsize i = 0; i < (gsize) w * h; i++)
    {
      guint32 p = raster[i];
      float *d = im->pixels + i * im->channels;

      d[0] = TIFFGetR (p) / 255.0f;
      d[1] = TIFFGetG (p) / 255.0f;
      d[2] = TIFFGetB (p) / 255.0f;
      if (alpha)
        d[3] = TIFFGetA (p) / 255.0f;
    }
  g_free (raster);
  TIFFClose (tif);
  return im;
}

static float
sample (const guint8 *row, gsize i, int bits, gboolean is_float)
{
  if (is_float)
    return ((const float *) row)[i];
  return bits == 16 ? ((const guint16 *) row)[i] / 65535.0f : row[i] / 255.0f;
}

TsrImage *
input_tiff_read (const char *path, ImageInputInfo *info, GError **error)
{
  TIFF *tif;
  guint32 w = 0, h = 0;
  guint16 spp = 1, bits = 8, format = SAMPLEFORMAT_UINT, photometric = PHOTOMETRIC_MINISBLACK;
  guint16 planar = PLANARCONFIG_CONTIG, n_extra = 0, *extra = NULL;
  gboolean is_float, alpha, associated, palette;
  int colours, channels;
  TsrImage *im;
  guint8 *row;

  TIFFSetWarningHandler (on_tiff_warning);
  TIFFSetErrorHandler (on_tiff_error);
  if ((tif = TIFFOpen (path, "r")) == NULL)
    return fail (NULL, NULL, error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, path,
                 "damaged TIFF file");
  TIFFGetField (tif, TIFFTAG_IMAGEWIDTH, &w);
  TIFFGetField (tif, TIFFTAG_IMAGELENGTH, &h);
  TIFFGetFieldDefaulted (tif, TIFFTAG_SAMPLESPERPIXEL, &spp);
  TIFFGetFieldDefaulted (tif, TIFFTAG_BITSPERSAMPLE, &bits);
  TIFFGetFieldDefaulted (tif, TIFFTAG_SAMPLEFORMAT, &format);
  TIFFGetFieldDefaulted (tif, TIFFTAG_PLANARCONFIG, &planar);
  TIFFGetFieldDefaulted (tif, TIFFTAG_EXTRASAMPLES, &n_extra, &extra);
  TIFFGetField (tif, TIFFTAG_PHOTOMETRIC, &photometric);
  if (w == 0 || h == 0 || w > TSR_PHOTO_MAX_SIDE || h > TSR_PHOTO_MAX_SIDE)
    {
      char *what = g_strdup_printf ("%ux%u: outside 1 to %d pixels a side", w, h,
                                    TSR_PHOTO_MAX_SIDE);
      TsrImage *r = fail (tif, NULL, error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, path, what);

      g_free (what);
      return r;
    }
  is_float = format == SAMPLEFORMAT_IEEEFP;
  palette = photometric == PHOTOMETRIC_PALETTE;
  info->indexed = palette;
  info->depth = palette ? 8 : bits;
  info->linear = is_float;
  colours = photometric == PHOTOMETRIC_RGB || palette ? 3 : 1;
  alpha = n_extra > 0 && spp > (palette ? 1 : colours);
  associated = alpha && extra[0] == EXTRASAMPLE_ASSOCALPHA;

  if (is_float && bits != 32)
    return fail (tif, NULL, error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, path,
                 "16- and 64-bit float TIFF files are not read (32-bit float are)");
  if (palette || TIFFIsTiled (tif)
      || (photometric != PHOTOMETRIC_MINISBLACK && photometric != PHOTOMETRIC_MINISWHITE
          && photometric != PHOTOMETRIC_RGB)
      || (format != SAMPLEFORMAT_UINT && !is_float)
      || (bits != 8 && bits != 16 && !is_float))
    {
      if (bits > 8 || is_float)
        return fail (tif, NULL, error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, path,
                     "this kind of TIFF file (tiled, or not grey or RGB) is read at 8 bits only");
      info->depth = 8;
      return read_rgba (tif, path, (int) w, (int) h, alpha, error);
    }

  channels = colours + (alpha ? 1 : 0);
  if ((im = input_image_new (path, (int) w, (int) h, channels, error)) == NULL)
    return fail (tif, NULL, NULL, 0, 0, path, "");
  row = g_malloc (TIFFScanlineSize (tif));
  for (guint32 y = 0; y < h; y++)
    {
      float *dst = im->pixels + (gsize) y * w * channels;

      for (int plane = 0; plane < (planar == PLANARCONFIG_SEPARATE ? channels : 1); plane++)
        {
          if (TIFFReadScanline (tif, row, y, (guint16) plane) < 0)
            {
              g_free (row);
              return fail (tif, im, error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, path,
                           "damaged TIFF file");
            }
          for (guint32 x = 0; x < w; x++)
            {
              if (planar == PLANARCONFIG_SEPARATE)
                dst[x * channels + plane] = sample (row, x, bits, is_float);
              else
                for (int c = 0; c < channels; c++)
                  dst[x * channels + c] = sample (row, (gsize) x * spp + c, bits, is_float);
            }
        }
      for (guint32 x = 0; x < w; x++)
        {
          float *p = dst + (gsize) x * channels;

          if (photometric == PHOTOMETRIC_MINISWHITE)
            p[0] = 1.0f - p[0];
          if (associated && p[channels - 1] > 0.0f)
            for (int c = 0; c < colours; c++)
              p[c] /= p[channels - 1];
        }
    }
  g_free (row);
  TIFFClose (tif);
  return im;
}
