/* PNG (libpng) and float TIFF (libtiff) output, written atomically.
 * See image-writer.h for the formats and the conversions. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <glib/gstdio.h>
#include <png.h>
#include <zlib.h>
#include <tiffio.h>

#include "exr-bands.h"
#include "srgb-linear.h"
#include "icc-profile.h"
#include "png-bands.h"
#include "tiff-bands.h"
#include "zlib-chunks.h"
#include "stream-encoders.h"
#include "image-writer.h"
#include "quantize.h"

/* Above this many uncompressed bytes a TIFF is written as BigTIFF: classic
 * TIFF offsets stop at 4 GiB, and deflate cannot promise to stay under. */
#define CLASSIC_TIFF_MAX_BYTES (G_GUINT64_CONSTANT (3) << 30)

/* JPEG and lossy WebP quality. */
#define DEFAULT_QUALITY 90

/* Deflate's fastest level, for PNG, TIFF and EXR.  With the Sub/Up
 * filters it makes smaller PNGs of smooth noise than libpng's default did
 * (4096² clouds at 16 bits: 43 MB against 52 MB) at several times the
 * speed; float mantissas barely compress at any level. */
#define DEFAULT_LEVEL 1

/* Float EXR: deflate's gain on float mantissas is nearly all the
 * repetition of flat channels (an opaque alpha), which this keeps at a
 * fraction of the time (1024² clouds palette=sky: 12.6 MB against level
 * 1's 12.1 MB, 0.16 G instructions of writing against 0.84 G).  Halves
 * keep level 1: their high bytes compress (5.7 MB against 3.3 MB). */
#define EXR32_DEFAULT_LEVEL ZLIB_CHUNKS_REPEATS

/* Leave room for ".", ".XXXXXX" within NAME_MAX (255). */
#define TMP_NAME_MAX_BASE 200

struct _ImageWriter
{
  ImageFormat  format;
  int          width, height;
  int          rows_written;
  int          channels;     /* pixel-layout.h: 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA */
  char        *path;         /* the target */
  char        *tmp_path;     /* the temporary file, until renamed */
  int          fd;           /* the temporary file; -1 once stdio owns it */

  FILE        *fp;           /* PNG */
  png_structp  png;
  png_infop    png_info;
  PngBandFormat png_band;    /* how bands are encoded */
  guint32      adler;        /* of the image data written so far */
  int          level;        /* deflate level (PNG, TIFF, EXR) */
  int          quality;      /* JPEG, WebP */
  const volatile sig_atomic_t *stop;   /* non-zero: give up the WebP encoding */
  ImageEncoder *own_encoder; /* for rows not encoded ahead */

  TIFF        *tiff;
  TiffBandFormat tiff_band;  /* how bands are encoded */
  StreamEncoder *stream;     /* JPEG, WebP */

  ExrFile      *exr;
  ExrBandFormat exr_band;    /* how bands are encoded */

  SrgbLinear   *to_linear;   /* float formats */

  int          saved_errno;  /* errno of a failed write, 0 if none */
  char         message[256]; /* the encoder's last error message */
};

/* libtiff's handlers are process-wide; the CLI writes one file at a time. */
static char tiff_message[256];
static int  tiff_errno;

static void
set_write_error (ImageWriter *w, int errsv, const char *message, GError **error)
{
  if (errsv != 0)
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv),
                 "cannot write '%s': %s", w->path, g_strerror (errsv));
  else
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                 "cannot write '%s': %s", w->path,
                 message && *message ? message : "encoder error");
}

/* The file's descriptor, once its encoder is done with it. */
static gboolean
sync_and_close (ImageWriter *w, GError **error)
{
  int fd = w->fd;

  w->fd = -1;
  if (fsync (fd) != 0)
    {
      set_write_error (w, errno, NULL, error);
      close (fd);
      return FALSE;
    }
  if (close (fd) != 0)
    {
      set_write_error (w, errno, NULL, error);
      return FALSE;
    }
  return TRUE;
}

/* ---- PNG ---------------------------------------------------------------- */

static void
png_error_cb (png_structp png, png_const_charp message)
{
  ImageWriter *w = png_get_error_ptr (png);

  g_strlcpy (w->message, message, sizeof w->message);
  png_longjmp (png, 1);
}

static void
png_warning_cb (png_structp png, png_const_charp message)
{
  (void) png;
  (void) message;
}

static void
png_write_cb (png_structp png, png_bytep data, png_size_t length)
{
  ImageWriter *w = png_get_io_ptr (png);

  if (fwrite (data, 1, length, w->fp) != length)
    {
      w->saved_errno = errno ? errno : EIO;
      png_error (png, "write failed");
    }
}

static void
png_flush_cb (png_structp png)
{
  ImageWriter *w = png_get_io_ptr (png);

  if (fflush (w->fp) != 0)
    {
      w->saved_errno = errno ? errno : EIO;
      png_error (png, "write failed");
    }
}

static gboolean
png_begin (ImageWriter *w, GError **error)
{
  png_text software;

  w->fp = fdopen (w->fd, "wb");
  if (w->fp == NULL)
    {
      set_write_error (w, errno, NULL, error);
      return FALSE;
    }
  w->fd = -1;

  w->png = png_create_write_struct (PNG_LIBPNG_VER_STRING, w,
                                    png_error_cb, png_warning_cb);
  if (w->png == NULL)
    {
      set_write_error (w, ENOMEM, NULL, error);
      return FALSE;
    }
  w->png_info = png_create_info_struct (w->png);
  if (w->png_info == NULL)
    {
      set_write_error (w, ENOMEM, NULL, error);
      return FALSE;
    }

  if (setjmp (png_jmpbuf (w->png)))
    {
      set_write_error (w, w->saved_errno, w->message, error);
      return FALSE;
    }

  png_set_write_fn (w->png, w, png_write_cb, png_flush_cb);
  png_set_IHDR (w->png, w->png_info, (png_uint_32) w->width,
                (png_uint_32) w->height,
                w->format == IMAGE_PNG16 ? 16 : 8,
                w->channels == 1 ? PNG_COLOR_TYPE_GRAY
                : w->channels == 2 ? PNG_COLOR_TYPE_GRAY_ALPHA
                : w->channels == 3 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                PNG_FILTER_TYPE_DEFAULT);
  /* The core's values are non-linear sRGB: say so. */
  png_set_sRGB_gAMA_and_cHRM (w->png, w->png_info, PNG_sRGB_INTENT_PERCEPTUAL);

  memset (&software, 0, sizeof software);
  software.compression = PNG_TEXT_COMPRESSION_NONE;
  software.key = (png_charp) "Software";
  software.text = (png_charp) "Tessera " TESSERA_VERSION;
  png_set_text (w->png, w->png_info, &software, 1);

  png_write_info (w->png, w->png_info);

  w->png_band = (PngBandFormat) {
    .width = w->width, .bits = w->format == IMAGE_PNG16 ? 16 : 8, .channels = w->channels,
    .level = w->level,
    /* At the fastest level, 16-bit samples (whose low bytes are noise)
     * deflate twice as fast looking only for runs, and within 5 % as
     * small (4096² clouds and sky); 8-bit ones gain nothing from it. */
    .strategy = w->format == IMAGE_PNG16 && w->level == 1 ? Z_RLE : Z_DEFAULT_STRATEGY,
  };
  return TRUE;
}

/* One band's IDAT chunk: the zlib header before the first piece, the
 * checksum of all the data after the last. */
static gboolean
png_write_piece (ImageWriter *w, const DeflatePiece *piece, int first_row, int n_rows,
                 GError **error)
{
  const gboolean first = first_row == 0, last = first_row + n_rows == w->height;
  guint8 header[2], trailer[4];

  if (setjmp (png_jmpbuf (w->png)))
    {
      set_write_error (w, w->saved_errno, w->message, error);
      return FALSE;
    }
  deflate_stream_header (w->png_band.level, header);
  w->adler = first ? deflate_adler_combine (1, piece->adler, piece->raw_size)
                   : deflate_adler_combine (w->adler, piece->adler, piece->raw_size);
  deflate_stream_trailer (w->adler, trailer);
  png_write_chunk_start (w->png, (png_const_bytep) "IDAT",
                         (first ? 2 : 0) + piece->size + (last ? 4 : 0));
  if (first)
    png_write_chunk_data (w->png, header, 2);
  png_write_chunk_data (w->png, piece->data, piece->size);
  if (last)
    png_write_chunk_data (w->png, trailer, 4);
  png_write_chunk_end (w->png);
  return TRUE;
}

static gboolean
png_end (ImageWriter *w, GError **error)
{
  if (setjmp (png_jmpbuf (w->png)))
    {
      set_write_error (w, w->saved_errno, w->message, error);
      return FALSE;
    }
  /* The image data went out as raw IDAT chunks, so libpng's own end
   * (which checks for rows it wrote itself) is replaced by the IEND. */
  png_write_chunk (w->png, (png_const_bytep) "IEND", NULL, 0);
  png_destroy_write_struct (&w->png, &w->png_info);

  if (fflush (w->fp) != 0 || fsync (fileno (w->fp)) != 0)
    {
      set_write_error (w, errno, NULL, error);
      return FALSE;
    }
  if (fclose (w->fp) != 0)
    {
      w->fp = NULL;
      set_write_error (w, errno, NULL, error);
      return FALSE;
    }
  w->fp = NULL;
  return TRUE;
}

/* ---- TIFF --------------------------------------------------------------- */

static void
tiff_error_cb (const char *module, const char *format, va_list args)
{
  tiff_errno = errno;
  (void) module;
  g_vsnprintf (tiff_message, sizeof tiff_message, format, args);
}

static void
tiff_reset_error (void)
{
  tiff_message[0] = '\0';
  tiff_errno = 0;
  errno = 0;
}

static void
set_tiff_error (ImageWriter *w, GError **error)
{
  /* A failed write reports errno; other failures only have a message. */
  set_write_error (w, tiff_message[0] ? tiff_errno : errno, tiff_message, error);
}

static gboolean
tiff_begin (ImageWriter *w, GError **error)
{
  guint16 extra[1] = { EXTRASAMPLE_UNASSALPHA };
  const gboolean is_float = image_format_is_float (w->format);
  guint64 bytes = (guint64) w->width * (guint64) w->height * 4 * sizeof (float);
  gsize icc_length = 0;
  /* Only float colours are linear and say so (babl takes a moment to
   * start); data has no colour profile. */
  const gboolean linear = w->to_linear != NULL;
  guint8 *icc = linear ? icc_linear_srgb_profile (&icc_length) : NULL;
  /* Strips of about 256 KiB: deflate each as a stream of its own
   * (libtiff's 8 KiB default costs a compressor set-up per row). */
  guint32 strip_rows = MAX (1, (256u << 10) / ((guint32) w->width * (guint32) w->channels
                                               * (image_format_depth (w->format) / 8)));
  gboolean ok;

  TIFFSetErrorHandler (tiff_error_cb);
  TIFFSetWarningHandler (NULL);
  tiff_reset_error ();

  w->tiff = TIFFFdOpen (w->fd, w->tmp_path,
                        bytes > CLASSIC_TIFF_MAX_BYTES ? "w8" : "w");
  if (w->tiff == NULL)
    {
      g_free (icc);
      set_tiff_error (w, error);
      return FALSE;
    }

  ok = TIFFSetField (w->tiff, TIFFTAG_IMAGEWIDTH, (guint32) w->width) &&
         TIFFSetField (w->tiff, TIFFTAG_IMAGELENGTH, (guint32) w->height) &&
         TIFFSetField (w->tiff, TIFFTAG_SAMPLESPERPIXEL, w->channels) &&
         TIFFSetField (w->tiff, TIFFTAG_BITSPERSAMPLE, image_format_depth (w->format)) &&
         TIFFSetField (w->tiff, TIFFTAG_SAMPLEFORMAT, is_float ? SAMPLEFORMAT_IEEEFP
                                                              : SAMPLEFORMAT_UINT) &&
         TIFFSetField (w->tiff, TIFFTAG_PHOTOMETRIC, w->channels <= 2 ? PHOTOMETRIC_MINISBLACK
                                                                      : PHOTOMETRIC_RGB) &&
         TIFFSetField (w->tiff, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG) &&
         (w->channels % 2 != 0 || TIFFSetField (w->tiff, TIFFTAG_EXTRASAMPLES, 1, extra)) &&
         TIFFSetField (w->tiff, TIFFTAG_COMPRESSION, w->level > 0 ? COMPRESSION_ADOBE_DEFLATE
                                                                  : COMPRESSION_NONE) &&
         /* The predictor and level belong to deflate (level 0: none). */
         (w->level == 0 ||
          (TIFFSetField (w->tiff, TIFFTAG_PREDICTOR, is_float ? PREDICTOR_FLOATINGPOINT
                                                              : PREDICTOR_HORIZONTAL) &&
           TIFFSetField (w->tiff, TIFFTAG_ZIPQUALITY, w->level))) &&
         TIFFSetField (w->tiff, TIFFTAG_SOFTWARE, "Tessera " TESSERA_VERSION) &&
         /* Linear values: say so, or GIMP reads them as non-linear sRGB. */
         (!linear || TIFFSetField (w->tiff, TIFFTAG_ICCPROFILE, (guint32) icc_length, icc)) &&
         TIFFSetField (w->tiff, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize (w->tiff, strip_rows));
  g_free (icc);
  if (!ok)
    {
      set_tiff_error (w, error);
      return FALSE;
    }
  TIFFGetField (w->tiff, TIFFTAG_ROWSPERSTRIP, &strip_rows);
  w->tiff_band = (TiffBandFormat) {
    .width = w->width, .bits = image_format_depth (w->format), .channels = w->channels,
    .level = w->level, .strip_rows = (int) strip_rows, .to_linear = w->to_linear,
  };
  return TRUE;
}

/* Hands the strips of a band, encoded ahead, to the file. */
static gboolean
tiff_write_strips (ImageWriter *w, const TiffBandEncoder *e, GError **error)
{
  const ZlibChunks *strips = tiff_band_strips (e);
  const guint8 *data = strips->data;
  guint32 first = (guint32) (w->rows_written / w->tiff_band.strip_rows);

  for (int k = 0; k < strips->n_chunks; k++)
    {
      tiff_reset_error ();
      if (TIFFWriteRawStrip (w->tiff, first + (guint32) k, (void *) data,
                             (tmsize_t) strips->sizes[k]) < 0)
        {
          set_tiff_error (w, error);
          return FALSE;
        }
      data += strips->sizes[k];
    }
  return TRUE;
}

static gboolean
tiff_end (ImageWriter *w, GError **error)
{
  tiff_reset_error ();
  if (!TIFFWriteDirectory (w->tiff) || !TIFFFlush (w->tiff))
    {
      set_tiff_error (w, error);
      return FALSE;
    }
  TIFFCleanup (w->tiff);
  w->tiff = NULL;
  return sync_and_close (w, error);
}

/* ---- JPEG, WebP (stream-encoders.h) ------------------------------------- */

/* The encoders' errors say what failed; the writer's name the file too. */
static void
prefix_error (ImageWriter *w, GError **error)
{
  if (error != NULL && *error != NULL && !g_str_has_prefix ((*error)->message, "cannot write"))
    g_prefix_error (error, "cannot write '%s': ", w->path);
}

/* EXR (exr-bands.h). */

static gboolean
exr_begin (ImageWriter *w, GError **error)
{
  w->exr = exr_file_new (w->fd, w->width, w->height, image_format_depth (w->format),
                         w->channels, w->level, error);
  if (w->exr == NULL)
    return FALSE;
  w->exr_band = (ExrBandFormat) {
    .width = w->width, .bits = image_format_depth (w->format), .level = w->level,
    .chunk_rows = exr_file_chunk_rows (w->exr), .channels = w->channels,
    .to_linear = w->to_linear,
  };
  return TRUE;
}

static gboolean
exr_end (ImageWriter *w, GError **error)
{
  gboolean ok = exr_file_finish (w->exr, error);

  exr_file_free (w->exr);
  w->exr = NULL;
  if (!ok)
    prefix_error (w, error);
  return ok && sync_and_close (w, error);
}

static gboolean
stream_end (ImageWriter *w, GError **error)
{
  if (!w->stream->klass->finish (w->stream, error))
    {
      prefix_error (w, error);
      return FALSE;
    }
  w->stream->klass->free (w->stream);
  w->stream = NULL;
  return sync_and_close (w, error);
}

/* ---- the writer --------------------------------------------------------- */

static void
writer_free (ImageWriter *w)
{
  if (w->png != NULL || w->png_info != NULL)
    png_destroy_write_struct (&w->png, &w->png_info);
  if (w->tiff != NULL)
    TIFFCleanup (w->tiff);      /* does not close w->fd */
  if (w->stream != NULL)
    w->stream->klass->free (w->stream);
  exr_file_free (w->exr);
  image_encoder_free (w->own_encoder);
  if (w->fp != NULL)
    fclose (w->fp);
  else if (w->fd >= 0)
    close (w->fd);
  g_free (w->to_linear);
  g_free (w->path);
  g_free (w->tmp_path);
  g_free (w);
}

void
image_writer_abort (ImageWriter *w)
{
  if (w == NULL)
    return;
  if (w->tmp_path != NULL)
    g_unlink (w->tmp_path);
  writer_free (w);
}

/* The channels a file of the format holds for such content (see
 * image-writer.h). */
static int
channels_for (ImageFormat format, const ImageContent *content)
{
  const gboolean is_float = image_format_is_float (format);
  /* Float files always carry alpha; JPEG never can. */
  const gboolean alpha = is_float ? TRUE : format == IMAGE_JPEG8 ? FALSE : content->alpha;
  gboolean grey = content->grey && format != IMAGE_WEBP8;

  if (format == IMAGE_TIFF32 && !content->data)
    grey = FALSE;
  if (grey && (!content->alpha || format == IMAGE_PNG8 || format == IMAGE_PNG16))
    return alpha && content->alpha ? 2 : 1;
  return alpha ? 4 : 3;
}

int
image_writer_channels (const ImageWriter *w)
{
  return w->channels;
}

static int
quality_of (const ImageOptions *options)
{
  return options && options->quality >= 0 ? options->quality : DEFAULT_QUALITY;
}

gboolean
image_writer_size_fits (ImageFormat format, const ImageOptions *options, int width, int height,
                        char **reason)
{
  switch (format)
    {
    case IMAGE_WEBP8:
      return webp_size_fits (width, height, quality_of (options), reason);
    case IMAGE_JPEG8:
      return jpeg_size_fits (width, height, reason);
    default:
      return TRUE;
    }
}

ImageWriter *
image_writer_new (const char *path, ImageFormat format, const ImageOptions *options,
                  int width, int height,
                  const ImageContent *content, GError **error)
{
  ImageWriter *w;
  char *dir, *base;
  gboolean ok;
  long name_max;
  struct stat old;

  g_return_val_if_fail (path != NULL && *path != '\0', NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);

  w = g_new0 (ImageWriter, 1);
  w->format = format;
  w->width = width;
  w->height = height;
  w->channels = channels_for (format, content);
  w->path = g_strdup (path);
  w->fd = -1;
  w->level = options && options->level >= 0 ? options->level
             : format == IMAGE_EXR32 ? EXR32_DEFAULT_LEVEL : DEFAULT_LEVEL;
  w->quality = quality_of (options);
  w->stop = options ? options->stop : NULL;

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  /* A name the directory cannot hold would only fail at the final rename,
   * after the whole render: refuse it now. */
  name_max = pathconf (dir, _PC_NAME_MAX);
  if (name_max > 0 && strlen (base) > (gsize) name_max)
    {
      set_write_error (w, ENAMETOOLONG, NULL, error);
      g_free (dir);
      g_free (base);
      writer_free (w);
      return NULL;
    }
  if (strlen (base) > TMP_NAME_MAX_BASE)
    base[TMP_NAME_MAX_BASE] = '\0';
  w->tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  g_free (dir);
  g_free (base);

  /* Same directory as the target, so the final rename is atomic; mode
   * 0666 minus the umask, like any newly created file.  (GIO's
   * g_file_replace would write a new file in place, leaving a partial
   * file behind on an interrupt, so the temporary file is ours.) */
  w->fd = g_mkstemp_full (w->tmp_path, O_RDWR, 0666);
  if (w->fd < 0)
    {
      set_write_error (w, errno, NULL, error);
      g_free (w->tmp_path);
      w->tmp_path = NULL;       /* nothing to remove */
      writer_free (w);
      return NULL;
    }
  /* A file being replaced keeps its permissions (a private 0600 file must
   * not become readable by everyone). */
  if (stat (path, &old) == 0 && S_ISREG (old.st_mode) && fchmod (w->fd, old.st_mode & 07777) != 0)
    {
      set_write_error (w, errno, NULL, error);
      image_writer_abort (w);
      return NULL;
    }

  if (image_format_is_float (format) && !content->data)
    {
      w->to_linear = g_new (SrgbLinear, 1);
      srgb_linear_init (w->to_linear);
    }

  switch (format)
    {
    case IMAGE_PNG8:
    case IMAGE_PNG16:
      ok = png_begin (w, error);
      break;
    case IMAGE_TIFF8:
    case IMAGE_TIFF16:
    case IMAGE_TIFF32:
      ok = tiff_begin (w, error);
      break;
    case IMAGE_EXR16:
    case IMAGE_EXR32:
      ok = exr_begin (w, error);
      break;
    case IMAGE_WEBP8:
      w->stream = webp_encoder_new (w->fd, width, height, w->quality, w->stop, error);
      ok = w->stream != NULL;
      break;
    case IMAGE_JPEG8:
    default:
      w->stream = jpeg_encoder_new (w->fd, width, height, w->channels, w->quality, error);
      ok = w->stream != NULL;
      break;
    }
  if (!ok)
    prefix_error (w, error);
  if (!ok)
    {
      image_writer_abort (w);
      return NULL;
    }
  return w;
}

struct _ImageEncoder
{
  PngBandEncoder *png;
  DeflatePiece    piece;     /* the band encoded last */
  ExrBandEncoder *exr;
  TiffBandEncoder *tiff;
};

ImageEncoder *
image_writer_encoder_new (const ImageWriter *w)
{
  ImageEncoder *e;

  if (w->stream != NULL)
    return NULL;          /* JPEG and WebP encode as they write */
  e = g_new0 (ImageEncoder, 1);
  if (w->exr != NULL)
    e->exr = exr_band_encoder_new (&w->exr_band);
  else if (w->tiff != NULL)
    e->tiff = tiff_band_encoder_new (&w->tiff_band);
  else
    e->png = png_band_encoder_new (&w->png_band);
  return e;
}

void
image_encoder_free (ImageEncoder *e)
{
  if (e == NULL)
    return;
  png_band_encoder_free (e->png);
  exr_band_encoder_free (e->exr);
  tiff_band_encoder_free (e->tiff);
  g_free (e);
}

int
image_writer_band_rows (const ImageWriter *w, int rows)
{
  int unit = w->exr != NULL ? w->exr_band.chunk_rows
           : w->tiff != NULL ? w->tiff_band.strip_rows : 1;

  return MIN ((rows + unit - 1) / unit * unit, w->height);
}

gboolean
image_writer_encode (const ImageWriter *w, ImageEncoder *e, const float *rgba, gsize stride,
                     int first_row, int n_rows, GError **error)
{
  if (e->exr != NULL)
    return exr_band_encode (e->exr, rgba, stride, n_rows, error);
  if (e->tiff != NULL)
    return tiff_band_encode (e->tiff, rgba, stride, n_rows, error);
  return png_band_encode (e->png, rgba, stride, n_rows, first_row + n_rows == w->height,
                          &e->piece, error);
}

gboolean
image_writer_write_band (ImageWriter *w, ImageEncoder *encoded, const float *rgba,
                         gsize stride, int n_rows, GError **error)
{
  gboolean ok;

  g_return_val_if_fail (w != NULL, FALSE);
  g_return_val_if_fail (n_rows >= 0 && n_rows <= w->height - w->rows_written, FALSE);

  if (w->stream != NULL)
    {
      ok = w->stream->klass->rows (w->stream, rgba, stride, n_rows, error);
      if (!ok)
        prefix_error (w, error);
    }
  else
    {
      /* Not encoded ahead: encode here, with the writer's own encoder. */
      if (encoded == NULL)
        {
          if (w->own_encoder == NULL)
            w->own_encoder = image_writer_encoder_new (w);
          encoded = w->own_encoder;
          if (!image_writer_encode (w, encoded, rgba, stride, w->rows_written, n_rows, error))
            return FALSE;
        }
      if (w->exr != NULL)
        {
          ok = exr_file_write_band (w->exr, encoded->exr, w->rows_written, error);
          if (!ok)
            prefix_error (w, error);
        }
      else if (w->tiff != NULL)
        ok = tiff_write_strips (w, encoded->tiff, error);
      else
        ok = png_write_piece (w, &encoded->piece, w->rows_written, n_rows, error);
    }
  if (ok)
    w->rows_written += n_rows;
  return ok;
}

gboolean
image_writer_write_rows (ImageWriter *w, const float *rgba, gsize stride,
                         int n_rows, GError **error)
{
  return image_writer_write_band (w, NULL, rgba, stride, n_rows, error);
}

static void
sync_directory (const char *path)
{
  char *dir = g_path_get_dirname (path);
  int fd = open (dir, O_RDONLY);

  /* Makes the rename durable; a failure here loses nothing already done. */
  if (fd >= 0)
    {
      (void) fsync (fd);
      close (fd);
    }
  g_free (dir);
}

gboolean
image_writer_finish (ImageWriter *w, GError **error)
{
  gboolean ok;

  g_return_val_if_fail (w != NULL, FALSE);

  if (w->rows_written != w->height)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   "cannot write '%s': only %d of %d rows were given",
                   w->path, w->rows_written, w->height);
      image_writer_abort (w);
      return FALSE;
    }

  ok = w->stream != NULL ? stream_end (w, error)
     : w->exr != NULL ? exr_end (w, error)
     : w->tiff != NULL ? tiff_end (w, error) : png_end (w, error);
  if (ok && g_rename (w->tmp_path, w->path) != 0)
    {
      set_write_error (w, errno, NULL, error);
      ok = FALSE;
    }

  if (!ok)
    {
      image_writer_abort (w);
      return FALSE;
    }

  sync_directory (w->path);
  g_free (w->tmp_path);
  w->tmp_path = NULL;
  writer_free (w);
  return TRUE;
}
