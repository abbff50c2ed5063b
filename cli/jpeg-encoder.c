/* JPEG output through libjpeg(-turbo): rows are quantised as the core does
 * and handed over a scanline at a time. */
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <unistd.h>
#include <jpeglib.h>
#include <jerror.h>

#include "quantize.h"
#include "stream-encoders.h"

typedef struct
{
  StreamEncoder               base;
  struct jpeg_compress_struct cinfo;
  struct jpeg_error_mgr       jerr;
  jmp_buf                     jump;
  char                        message[JMSG_LENGTH_MAX];
  int                         saved_errno;   /* of a failed write, else 0 */
  FILE                       *fp;
  JSAMPLE                    *row;
  int                         channels;   /* 1 or 3 */
  gboolean                    started;
} JpegEncoder;

static void
on_error (j_common_ptr cinfo)
{
  JpegEncoder *e = (JpegEncoder *) cinfo->client_data;

  /* libjpeg's stdio destination reports a failed fwrite as a bare "write
   * error"; errno still says why (a full disk, a file too large). */
  e->saved_errno = cinfo->err->msg_code == JERR_FILE_WRITE ? errno : 0;
  cinfo->err->format_message (cinfo, e->message);
  longjmp (e->jump, 1);
}

static void
set_error (JpegEncoder *e, GError **error)
{
  if (e->saved_errno != 0)
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e->saved_errno), "%s",
                 g_strerror (e->saved_errno));
  else
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "JPEG: %s", e->message);
}

static gboolean
jpeg_rows (StreamEncoder *base, const float *rgba, gsize stride, int n_rows, GError **error)
{
  JpegEncoder *e = (JpegEncoder *) base;

  if (setjmp (e->jump))
    return set_error (e, error), FALSE;
  for (int r = 0; r < n_rows; r++)
    {
      const float *src = rgba + (gsize) r * stride;
      for (int x = 0; x < base->width; x++)
        for (int c = 0; c < e->channels; c++)
          e->row[e->channels * x + c] = (JSAMPLE) tsr_quantize_unit (src[4 * x + c], 255);
      jpeg_write_scanlines (&e->cinfo, &e->row, 1);
    }
  return TRUE;
}

static gboolean
jpeg_finish (StreamEncoder *base, GError **error)
{
  JpegEncoder *e = (JpegEncoder *) base;

  if (setjmp (e->jump))
    return set_error (e, error), FALSE;
  jpeg_finish_compress (&e->cinfo);
  if (fflush (e->fp) != 0)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s",
                   g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

static void
jpeg_free (StreamEncoder *base)
{
  JpegEncoder *e = (JpegEncoder *) base;

  if (e->started)
    jpeg_destroy_compress (&e->cinfo);
  if (e->fp != NULL)
    fclose (e->fp);          /* a dup of the writer's descriptor */
  g_free (e->row);
  g_free (e);
}

static const StreamEncoderClass jpeg_class = { jpeg_rows, jpeg_finish, jpeg_free };

gboolean
jpeg_size_fits (int width, int height, char **reason)
{
  if (width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION)
    {
      *reason = g_strdup_printf ("JPEG holds at most %ld x %ld pixels",
                                 (long) JPEG_MAX_DIMENSION, (long) JPEG_MAX_DIMENSION);
      return FALSE;
    }
  return TRUE;
}

StreamEncoder *
jpeg_encoder_new (int fd, int width, int height, int channels, int quality, GError **error)
{
  JpegEncoder *e = g_new0 (JpegEncoder, 1);
  int own = dup (fd);

  e->base.klass = &jpeg_class;
  e->base.width = width;
  e->base.height = height;
  e->fp = own >= 0 ? fdopen (own, "wb") : NULL;
  if (e->fp == NULL)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s",
                   g_strerror (errno));
      if (own >= 0)
        close (own);
      jpeg_free (&e->base);
      return NULL;
    }
  e->channels = channels == 1 ? 1 : 3;
  e->row = g_malloc ((gsize) width * e->channels);
  e->cinfo.err = jpeg_std_error (&e->jerr);
  e->jerr.error_exit = on_error;
  e->cinfo.client_data = e;
  if (setjmp (e->jump))
    {
      set_error (e, error);
      jpeg_free (&e->base);
      return NULL;
    }
  jpeg_create_compress (&e->cinfo);
  e->started = TRUE;
  jpeg_stdio_dest (&e->cinfo, e->fp);
  e->cinfo.image_width = (JDIMENSION) width;
  e->cinfo.image_height = (JDIMENSION) height;
  e->cinfo.input_components = e->channels;
  e->cinfo.in_color_space = e->channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_set_defaults (&e->cinfo);
  jpeg_set_quality (&e->cinfo, quality, TRUE);
  jpeg_start_compress (&e->cinfo, TRUE);
  return &e->base;
}
