/* TIFF (libtiff for the container): 8 or 16-bit unsigned integers, or
 * 32-bit floats in linear light with a linear-sRGB ICC profile (GIMP's TIFF
 * loader takes float data for linear only when the profile says so, see
 * icc-profile.h; data has none).  Strips are encoded in bands on the render
 * threads (tiff-bands.h) and handed to TIFFWriteRawStrip in order. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>

#include <tiffio.h>

#include "format-backend.h"
#include "encoders/icc-profile.h"
#include "encoders/tiff-bands.h"

/* Above this many uncompressed bytes a TIFF is written as BigTIFF: classic
 * TIFF offsets stop at 4 GiB, and deflate cannot promise to stay under. */
#define CLASSIC_TIFF_MAX_BYTES (G_GUINT64_CONSTANT (3) << 30)

#define DEFAULT_LEVEL 1

typedef struct
{
  FormatFile     base;
  TIFF          *tiff;
  TiffBandFormat band;     /* how bands are encoded */
} TiffFile;

/* libtiff's handlers are process-wide; the CLI writes one file at a time. */
static char tiff_message[256];
static int  tiff_errno;

static void
on_error (const char *module, const char *format, va_list args)
{
  tiff_errno = errno;
  (void) module;
  g_vsnprintf (tiff_message, sizeof tiff_message, format, args);
}

static void
reset_error (void)
{
  tiff_message[0] = '\0';
  tiff_errno = 0;
  errno = 0;
}

/* A failed write reports errno; other failures only have a message. */
static void
set_error (GError **error)
{
  format_set_error (error, tiff_message[0] ? tiff_errno : errno, NULL, tiff_message);
}

static void
tiff_close (FormatFile *file)
{
  TiffFile *f = (TiffFile *) file;

  if (f->tiff != NULL)
    TIFFCleanup (f->tiff);      /* does not close the descriptor */
  g_free (f);
}

static FormatFile *
tiff_open (const FileSpec *spec, GError **error)
{
  TiffFile *f = g_new0 (TiffFile, 1);
  guint16 extra[1] = { EXTRASAMPLE_UNASSALPHA };
  const gboolean is_float = spec->depth == 32;
  const int channels = spec->channels, level = spec->setting;
  guint64 bytes = (guint64) spec->width * (guint64) spec->height * 4 * sizeof (float);
  gsize icc_length = 0;
  /* Only float colours are linear and say so (babl takes a moment to
   * start); data has no colour profile. */
  const gboolean linear = spec->linear;
  guint8 *icc = linear ? icc_linear_srgb_profile (&icc_length) : NULL;
  /* Strips of about 256 KiB: deflate each as a stream of its own
   * (libtiff's 8 KiB default costs a compressor set-up per row). */
  guint32 strip_rows = MAX (1, (256u << 10) / ((guint32) spec->width * (guint32) channels
                                               * (guint32) (spec->depth / 8)));
  TIFF *t;
  gboolean ok;

  f->base.spec = *spec;
  TIFFSetErrorHandler (on_error);
  TIFFSetWarningHandler (NULL);
  reset_error ();

  t = f->tiff = TIFFFdOpen (spec->fd, spec->name, bytes > CLASSIC_TIFF_MAX_BYTES ? "w8" : "w");
  ok = t != NULL &&
         TIFFSetField (t, TIFFTAG_IMAGEWIDTH, (guint32) spec->width) &&
         TIFFSetField (t, TIFFTAG_IMAGELENGTH, (guint32) spec->height) &&
         TIFFSetField (t, TIFFTAG_SAMPLESPERPIXEL, channels) &&
         TIFFSetField (t, TIFFTAG_BITSPERSAMPLE, spec->depth) &&
         TIFFSetField (t, TIFFTAG_SAMPLEFORMAT, is_float ? SAMPLEFORMAT_IEEEFP
                                                         : SAMPLEFORMAT_UINT) &&
         TIFFSetField (t, TIFFTAG_PHOTOMETRIC, channels <= 2 ? PHOTOMETRIC_MINISBLACK
                                                             : PHOTOMETRIC_RGB) &&
         TIFFSetField (t, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG) &&
         (channels % 2 != 0 || TIFFSetField (t, TIFFTAG_EXTRASAMPLES, 1, extra)) &&
         TIFFSetField (t, TIFFTAG_COMPRESSION, level > 0 ? COMPRESSION_ADOBE_DEFLATE
                                                         : COMPRESSION_NONE) &&
         /* The predictor and level belong to deflate (level 0: none). */
         (level == 0 ||
          (TIFFSetField (t, TIFFTAG_PREDICTOR, is_float ? PREDICTOR_FLOATINGPOINT
                                                        : PREDICTOR_HORIZONTAL) &&
           TIFFSetField (t, TIFFTAG_ZIPQUALITY, level))) &&
         TIFFSetField (t, TIFFTAG_SOFTWARE, "Tessera " TESSERA_VERSION) &&
         /* Linear values: say so, or GIMP reads them as non-linear sRGB. */
         (!linear || TIFFSetField (t, TIFFTAG_ICCPROFILE, (guint32) icc_length, icc)) &&
         TIFFSetField (t, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize (t, strip_rows));
  g_free (icc);
  if (!ok)
    {
      set_error (error);
      tiff_close (&f->base);
      return NULL;
    }
  TIFFGetField (t, TIFFTAG_ROWSPERSTRIP, &strip_rows);
  f->base.band_rows = (int) strip_rows;
  f->band = (TiffBandFormat) {
    .width = spec->width, .bits = spec->depth, .channels = channels,
    .level = level, .strip_rows = (int) strip_rows, .linear = spec->linear,
  };
  return &f->base;
}

static FormatBand *
tiff_band_new (const FormatFile *file)
{
  return (FormatBand *) tiff_band_encoder_new (&((const TiffFile *) file)->band);
}

static void
tiff_band_free (FormatBand *band)
{
  tiff_band_encoder_free ((TiffBandEncoder *) band);
}

static gboolean
tiff_encode (const FormatFile *file, FormatBand *band, const float *rgba, gsize stride,
             int first_row, int n_rows, GError **error)
{
  (void) file;
  (void) first_row;
  return tiff_band_encode ((TiffBandEncoder *) band, rgba, stride, n_rows, error);
}

/* Hands the strips of a band, encoded ahead, to the file. */
static gboolean
tiff_write (FormatFile *file, const FormatBand *band, int first_row, int n_rows,
            GError **error)
{
  TiffFile *f = (TiffFile *) file;
  const ZlibChunks *strips = tiff_band_strips ((const TiffBandEncoder *) band);
  const guint8 *data = strips->data;
  guint32 first = (guint32) (first_row / f->band.strip_rows);

  (void) n_rows;
  for (int k = 0; k < strips->n_chunks; k++)
    {
      reset_error ();
      if (TIFFWriteRawStrip (f->tiff, first + (guint32) k, (void *) data,
                             (tmsize_t) strips->sizes[k]) < 0)
        {
          set_error (error);
          return FALSE;
        }
      data += strips->sizes[k];
    }
  return TRUE;
}

static gboolean
tiff_finish (FormatFile *file, GError **error)
{
  TiffFile *f = (TiffFile *) file;

  reset_error ();
  if (!TIFFWriteDirectory (f->tiff) || !TIFFFlush (f->tiff))
    {
      set_error (error);
      return FALSE;
    }
  TIFFCleanup (f->tiff);
  f->tiff = NULL;
  return TRUE;
}

static int
tiff_default_setting (int depth)
{
  (void) depth;
  return DEFAULT_LEVEL;
}

/* Floats always carry alpha, and colours stay RGB (the linear profile is
 * an RGB one): only float data may be grey.  No grey with alpha. */
static int
tiff_channels (int depth, const ImageContent *content)
{
  const gboolean alpha = depth == 32 || content->alpha;
  const gboolean grey = content->grey && (depth != 32 || content->data);

  if (grey && !content->alpha)
    return 1;
  return alpha ? 4 : 3;
}

const FormatBackend format_tiff = {
  .name = "TIFF", .extensions = ".tif .tiff",
  .depths = FORMAT_DEPTH (8) | FORMAT_DEPTH (16) | FORMAT_DEPTH (32),
  .float_depths = FORMAT_DEPTH (32), .usual_depth = 32,
  .alpha = TRUE, .setting = FORMAT_LEVEL,
  .default_setting = tiff_default_setting, .channels = tiff_channels,
  .open = tiff_open, .band_new = tiff_band_new, .band_free = tiff_band_free,
  .encode = tiff_encode, .write = tiff_write, .finish = tiff_finish, .close = tiff_close,
};
