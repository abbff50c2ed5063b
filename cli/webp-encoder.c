/* WebP output through libwebp.  Its encoder takes a whole picture, so the
 * quantised rows are kept (4 bytes a pixel) until finish. */
#include <errno.h>
#include <unistd.h>
#include <webp/encode.h>

#include "quantize.h"
#include "stream-encoders.h"

typedef struct
{
  StreamEncoder base;
  int           fd;
  int           quality;
  guint8       *pixels;
  int           rows_done;
} WebpEncoder;

static gboolean
webp_rows (StreamEncoder *base, const float *rgba, gsize stride, int n_rows, GError **error)
{
  WebpEncoder *e = (WebpEncoder *) base;

  (void) error;
  for (int r = 0; r < n_rows; r++, e->rows_done++)
    {
      const float *src = rgba + (gsize) r * stride;
      guint8 *dst = e->pixels + (gsize) e->rows_done * base->width * 4;
      for (int i = 0; i < base->width * 4; i++)
        dst[i] = (guint8) tsr_quantize_unit (src[i], 255);
    }
  return TRUE;
}

static gboolean
write_all (int fd, const guint8 *data, gsize size, GError **error)
{
  while (size > 0)
    {
      ssize_t n = write (fd, data, size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (n < 0 ? errno : EIO),
                       "%s", g_strerror (n < 0 ? errno : EIO));
          return FALSE;
        }
      data += n;
      size -= (gsize) n;
    }
  return TRUE;
}

static gboolean
webp_finish (StreamEncoder *base, GError **error)
{
  WebpEncoder *e = (WebpEncoder *) base;
  const int stride = base->width * 4;
  guint8 *out = NULL;
  size_t size;
  gboolean ok;

  if (e->quality >= 100)
    size = WebPEncodeLosslessRGBA (e->pixels, base->width, base->height, stride, &out);
  else
    size = WebPEncodeRGBA (e->pixels, base->width, base->height, stride, (float) e->quality, &out);
  if (size == 0)
    {
      WebPFree (out);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "WebP: the encoder failed");
      return FALSE;
    }
  ok = write_all (e->fd, out, size, error);
  WebPFree (out);
  return ok;
}

static void
webp_free (StreamEncoder *base)
{
  WebpEncoder *e = (WebpEncoder *) base;

  g_free (e->pixels);
  g_free (e);
}

static const StreamEncoderClass webp_class = { webp_rows, webp_finish, webp_free };

StreamEncoder *
webp_encoder_new (int fd, int width, int height, int quality, GError **error)
{
  WebpEncoder *e;

  if (width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   "WebP holds at most %d x %d pixels", WEBP_MAX_DIMENSION, WEBP_MAX_DIMENSION);
      return NULL;
    }
  e = g_new0 (WebpEncoder, 1);
  e->base.klass = &webp_class;
  e->base.width = width;
  e->base.height = height;
  e->fd = fd;
  e->quality = quality;
  e->pixels = g_try_malloc ((gsize) width * height * 4);
  if (e->pixels == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                   "WebP: no memory for a %d x %d picture", width, height);
      webp_free (&e->base);
      return NULL;
    }
  return &e->base;
}
