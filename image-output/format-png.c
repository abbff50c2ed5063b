/* PNG (libpng for the container), 8 or 16 bits, grey, grey + alpha, RGB
 * or RGBA, with an sRGB chunk: the core's colours are non-linear sRGB (data
 * maps have none).  The image data is encoded in bands on the render
 * threads (png-bands.h) as pieces of one zlib stream, each band written as
 * one IDAT chunk. */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <png.h>
#include <zlib.h>

#include "format-backend.h"
#include "encoders/png-bands.h"
#include "encoders/png-messages.h"

/* Deflate's fastest level.  With the Sub/Up filters it makes smaller PNGs
 * of smooth noise than libpng's default did (4096² clouds at 16 bits:
 * 43 MB against 52 MB) at several times the speed. */
#define DEFAULT_LEVEL 1

typedef struct
{
  FormatFile     base;
  FILE          *fp;          /* on a duplicate of the descriptor */
  png_structp    png;
  png_infop      info;
  PngBandFormat  band;        /* how bands are encoded */
  guint32        adler;       /* of the image data written so far */
  int            saved_errno; /* of a failed write, 0 if none */
  PngMessage     message;     /* libpng's last error */
} PngFile;

typedef struct
{
  PngBandEncoder *encoder;
  DeflatePiece    piece;      /* the band encoded last */
} PngBand;

static void
set_error (PngFile *f, GError **error)
{
  format_set_error (error, f->saved_errno, NULL, f->message.text);
}

static void
on_write (png_structp png, png_bytep data, png_size_t length)
{
  PngFile *f = png_get_io_ptr (png);

  if (fwrite (data, 1, length, f->fp) != length)
    {
      f->saved_errno = errno ? errno : EIO;
      png_error (png, "write failed");
    }
}

static void
on_flush (png_structp png)
{
  PngFile *f = png_get_io_ptr (png);

  if (fflush (f->fp) != 0)
    {
      f->saved_errno = errno ? errno : EIO;
      png_error (png, "write failed");
    }
}

static void
png_close (FormatFile *file)
{
  PngFile *f = (PngFile *) file;

  if (f->png != NULL || f->info != NULL)
    png_destroy_write_struct (&f->png, &f->info);
  if (f->fp != NULL)
    fclose (f->fp);
  g_free (f);
}

static FormatFile *
png_open (const FileSpec *spec, GError **error)
{
  PngFile *f = g_new0 (PngFile, 1);
  const int channels = spec->channels;
  int own = dup (spec->fd);
  png_text software;

  f->base.spec = *spec;
  f->base.band_rows = 1;
  f->fp = own >= 0 ? fdopen (own, "wb") : NULL;
  if (f->fp == NULL)
    {
      f->saved_errno = errno;
      if (own >= 0)
        close (own);
      set_error (f, error);
      png_close (&f->base);
      return NULL;
    }
  f->png = png_create_write_struct (PNG_LIBPNG_VER_STRING, &f->message,
                                    png_message_on_error, png_message_on_warning);
  f->info = f->png != NULL ? png_create_info_struct (f->png) : NULL;
  if (f->info == NULL)
    {
      f->saved_errno = ENOMEM;
      set_error (f, error);
      png_close (&f->base);
      return NULL;
    }
  if (setjmp (png_jmpbuf (f->png)))
    {
      set_error (f, error);
      png_close (&f->base);
      return NULL;
    }

  png_set_write_fn (f->png, f, on_write, on_flush);
  png_set_IHDR (f->png, f->info, (png_uint_32) spec->width, (png_uint_32) spec->height,
                spec->depth,
                channels == 1 ? PNG_COLOR_TYPE_GRAY
                : channels == 2 ? PNG_COLOR_TYPE_GRAY_ALPHA
                : channels == 3 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  /* data (heights, normals, material maps) is no colour: no colour space */
  if (!spec->data)
    png_set_sRGB_gAMA_and_cHRM (f->png, f->info, PNG_sRGB_INTENT_PERCEPTUAL);

  memset (&software, 0, sizeof software);
  software.compression = PNG_TEXT_COMPRESSION_NONE;
  software.key = (png_charp) "Software";
  software.text = (png_charp) "Tessera " TESSERA_VERSION;
  png_set_text (f->png, f->info, &software, 1);

  png_write_info (f->png, f->info);

  f->band = (PngBandFormat) {
    .width = spec->width, .bits = spec->depth, .channels = channels, .level = spec->setting,
    /* At the fastest level, 16-bit samples (whose low bytes are noise)
     * deflate twice as fast looking only for runs, and within 5 % as
     * small (4096² clouds and sky); 8-bit ones gain nothing from it. */
    .strategy = spec->depth == 16 && spec->setting == 1 ? Z_RLE : Z_DEFAULT_STRATEGY,
  };
  return &f->base;
}

static FormatBand *
png_band_new (const FormatFile *file)
{
  PngBand *b = g_new0 (PngBand, 1);

  b->encoder = png_band_encoder_new (&((const PngFile *) file)->band);
  return (FormatBand *) b;
}

static void
png_band_free (FormatBand *band)
{
  PngBand *b = (PngBand *) band;

  png_band_encoder_free (b->encoder);
  g_free (b);
}

static gboolean
png_encode (const FormatFile *file, FormatBand *band, const float *rgba, gsize stride,
            int first_row, int n_rows, GError **error)
{
  PngBand *b = (PngBand *) band;

  return png_band_encode (b->encoder, rgba, stride, n_rows,
                          first_row + n_rows == file->spec.height, &b->piece, error);
}

/* One band's IDAT chunk: the zlib header before the first piece, the
 * checksum of all the data after the last. */
static gboolean
png_write (FormatFile *file, const FormatBand *band, int first_row, int n_rows, GError **error)
{
  PngFile *f = (PngFile *) file;
  const DeflatePiece *piece = &((const PngBand *) band)->piece;
  const gboolean first = first_row == 0, last = first_row + n_rows == file->spec.height;
  guint8 header[2], trailer[4];

  if (setjmp (png_jmpbuf (f->png)))
    {
      set_error (f, error);
      return FALSE;
    }
  deflate_stream_header (f->band.level, header);
  f->adler = deflate_adler_combine (first ? 1 : f->adler, piece->adler, piece->raw_size);
  deflate_stream_trailer (f->adler, trailer);
  png_write_chunk_start (f->png, (png_const_bytep) "IDAT",
                         (first ? 2 : 0) + piece->size + (last ? 4 : 0));
  if (first)
    png_write_chunk_data (f->png, header, 2);
  png_write_chunk_data (f->png, piece->data, piece->size);
  if (last)
    png_write_chunk_data (f->png, trailer, 4);
  png_write_chunk_end (f->png);
  return TRUE;
}

static gboolean
png_finish (FormatFile *file, GError **error)
{
  PngFile *f = (PngFile *) file;

  if (setjmp (png_jmpbuf (f->png)))
    {
      set_error (f, error);
      return FALSE;
    }
  /* The image data went out as raw IDAT chunks, so libpng's own end
   * (which checks for rows it wrote itself) is replaced by the IEND. */
  png_write_chunk (f->png, (png_const_bytep) "IEND", NULL, 0);
  png_destroy_write_struct (&f->png, &f->info);
  if (fclose (f->fp) != 0)
    {
      f->fp = NULL;
      f->saved_errno = errno ? errno : EIO;
      set_error (f, error);
      return FALSE;
    }
  f->fp = NULL;
  return TRUE;
}

static int
png_default_setting (int depth)
{
  (void) depth;
  return DEFAULT_LEVEL;
}

/* Grey with or without alpha, RGB or RGBA: as the image is. */
static int
png_channels (int depth, const ImageContent *content)
{
  (void) depth;
  if (content->grey)
    return content->alpha ? 2 : 1;
  return content->alpha ? 4 : 3;
}

const FormatBackend format_png = {
  .name = "PNG", .extensions = ".png",
  .depths = FORMAT_DEPTH (8) | FORMAT_DEPTH (16), .usual_depth = 8,
  .alpha = TRUE, .setting = FORMAT_LEVEL,
  .default_setting = png_default_setting, .channels = png_channels,
  .open = png_open, .band_new = png_band_new, .band_free = png_band_free,
  .encode = png_encode, .write = png_write, .finish = png_finish, .close = png_close,
};
