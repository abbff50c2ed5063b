/* JPEG through libjpeg(-turbo): 8-bit RGB, or greyscale for a grey image;
 * no alpha.  Bands are quantised as the core does on the render threads,
 * then handed to the compressor a scanline at a time. */
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <unistd.h>
#include <jpeglib.h>
#include <jerror.h>

#include "format-backend.h"
#include "color/quantize.h"

#define DEFAULT_QUALITY 90

typedef struct
{
  FormatFile                  base;
  struct jpeg_compress_struct cinfo;
  struct jpeg_error_mgr       jerr;
  jmp_buf                     jump;
  char                        message[JMSG_LENGTH_MAX];
  int                         saved_errno;   /* of a failed write, else 0 */
  FILE                       *fp;            /* on a duplicate of the descriptor */
  gboolean                    started;
} JpegFile;

/* A band's rows, quantised. */
typedef struct
{
  JSAMPLE *rows;
  gsize    allocated;
} JpegBand;

static void
on_error (j_common_ptr cinfo)
{
  JpegFile *f = (JpegFile *) cinfo->client_data;

  /* libjpeg's stdio destination reports a failed fwrite as a bare "write
   * error"; errno still says why (a full disk, a file too large). */
  f->saved_errno = cinfo->err->msg_code == JERR_FILE_WRITE ? errno : 0;
  cinfo->err->format_message (cinfo, f->message);
  longjmp (f->jump, 1);
}

static void
set_error (JpegFile *f, GError **error)
{
  format_set_error (error, f->saved_errno, "JPEG", f->message);
}

static void
jpeg_close (FormatFile *file)
{
  JpegFile *f = (JpegFile *) file;

  if (f->started)
    jpeg_destroy_compress (&f->cinfo);
  if (f->fp != NULL)
    fclose (f->fp);
  g_free (f);
}

static FormatFile *
jpeg_open (const FileSpec *spec, GError **error)
{
  JpegFile *f = g_new0 (JpegFile, 1);
  int own = dup (spec->fd);

  f->base.spec = *spec;
  f->base.band_rows = 1;
  f->fp = own >= 0 ? fdopen (own, "wb") : NULL;
  if (f->fp == NULL)
    {
      format_set_error (error, errno, NULL, NULL);
      if (own >= 0)
        close (own);
      jpeg_close (&f->base);
      return NULL;
    }
  f->cinfo.err = jpeg_std_error (&f->jerr);
  f->jerr.error_exit = on_error;
  f->cinfo.client_data = f;
  if (setjmp (f->jump))
    {
      set_error (f, error);
      jpeg_close (&f->base);
      return NULL;
    }
  jpeg_create_compress (&f->cinfo);
  f->started = TRUE;
  jpeg_stdio_dest (&f->cinfo, f->fp);
  f->cinfo.image_width = (JDIMENSION) spec->width;
  f->cinfo.image_height = (JDIMENSION) spec->height;
  f->cinfo.input_components = spec->channels;
  f->cinfo.in_color_space = spec->channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_set_defaults (&f->cinfo);
  jpeg_set_quality (&f->cinfo, spec->setting, TRUE);
  jpeg_start_compress (&f->cinfo, TRUE);
  return &f->base;
}

static FormatBand *
jpeg_band_new (const FormatFile *file)
{
  (void) file;
  return (FormatBand *) g_new0 (JpegBand, 1);
}

static void
jpeg_band_free (FormatBand *band)
{
  JpegBand *b = (JpegBand *) band;

  g_free (b->rows);
  g_free (b);
}

static gboolean
jpeg_encode (const FormatFile *file, FormatBand *band, const float *rgba, gsize stride,
             int first_row, int n_rows, GError **error)
{
  JpegBand *b = (JpegBand *) band;
  const int width = file->spec.width, channels = file->spec.channels;
  const gsize row_bytes = (gsize) width * channels;
  JSAMPLE *dst;

  (void) first_row;
  (void) error;
  if (row_bytes * n_rows > b->allocated)
    {
      g_free (b->rows);
      b->allocated = row_bytes * n_rows;
      b->rows = g_malloc (b->allocated);
    }
  dst = b->rows;
  for (int r = 0; r < n_rows; r++, dst += row_bytes)
    tsr_quantize_row (rgba + (gsize) r * stride, width, channels, 8, dst);
  return TRUE;
}

static gboolean
jpeg_write (FormatFile *file, const FormatBand *band, int first_row, int n_rows,
            GError **error)
{
  JpegFile *f = (JpegFile *) file;
  const gsize row_bytes = (gsize) file->spec.width * file->spec.channels;

  (void) first_row;
  if (setjmp (f->jump))
    return set_error (f, error), FALSE;
  for (int r = 0; r < n_rows; r++)
    {
      JSAMPROW row = ((const JpegBand *) band)->rows + row_bytes * r;
      jpeg_write_scanlines (&f->cinfo, &row, 1);
    }
  return TRUE;
}

static gboolean
jpeg_finish (FormatFile *file, GError **error)
{
  JpegFile *f = (JpegFile *) file;

  if (setjmp (f->jump))
    return set_error (f, error), FALSE;
  jpeg_finish_compress (&f->cinfo);
  if (fflush (f->fp) != 0)
    {
      format_set_error (error, errno, NULL, NULL);
      return FALSE;
    }
  return TRUE;
}

static int
jpeg_default_setting (int depth)
{
  (void) depth;
  return DEFAULT_QUALITY;
}

/* Grey or RGB; never alpha (translucent colours are refused). */
static int
jpeg_channels (int depth, const ImageContent *content)
{
  (void) depth;
  return content->grey && !content->alpha ? 1 : 3;
}

static gboolean
jpeg_size_fits (int quality, int width, int height, char **reason)
{
  (void) quality;
  if (width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION)
    {
      *reason = g_strdup_printf ("JPEG holds at most %ld x %ld pixels",
                                 (long) JPEG_MAX_DIMENSION, (long) JPEG_MAX_DIMENSION);
      return FALSE;
    }
  return TRUE;
}

const FormatBackend format_jpeg = {
  .name = "JPEG", .extensions = ".jpg .jpeg",
  .depths = FORMAT_DEPTH (8), .usual_depth = 8,
  .alpha = FALSE, .setting = FORMAT_QUALITY,
  .default_setting = jpeg_default_setting, .channels = jpeg_channels,
  .size_fits = jpeg_size_fits,
  .open = jpeg_open, .band_new = jpeg_band_new, .band_free = jpeg_band_free,
  .encode = jpeg_encode, .write = jpeg_write, .finish = jpeg_finish, .close = jpeg_close,
};
