/* WebP output through libwebp.  Its encoder takes a whole picture, so the
 * quantised rows are kept (4 bytes a pixel) until finish, and then the
 * encoder's own copy (YUV, 1.5 bytes a pixel; ARGB, 4, when lossless):
 * about 6 MB a megapixel at the peak (4096²: 96 MB). */
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
  WebPConfig config;
  WebPPicture picture;
  WebPMemoryWriter out;
  gboolean ok;

  if (!WebPConfigInit (&config) || !WebPPictureInit (&picture))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "WebP: library version mismatch");
      return FALSE;
    }
  config.lossless = e->quality >= 100;
  config.quality = config.lossless ? 75.0f : (float) e->quality;
  /* libwebp's own threads for the analysis and filtering passes, so the
   * encoder uses both cores as the renderer does; the same bits. */
  config.thread_level = 1;
  picture.use_argb = config.lossless;
  picture.width = base->width;
  picture.height = base->height;
  /* libwebp writes in many small pieces: collected, then written once */
  WebPMemoryWriterInit (&out);
  picture.writer = WebPMemoryWrite;
  picture.custom_ptr = &out;
  /* The pixels go straight into the picture's own planes: from here on
   * the quantised copy is not needed. */
  ok = WebPPictureImportRGBA (&picture, e->pixels, base->width * 4);
  g_clear_pointer (&e->pixels, g_free);
  if (!ok || !WebPEncode (&config, &picture))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "WebP: the encoder failed (%d)",
                   picture.error_code);
      ok = FALSE;
    }
  WebPPictureFree (&picture);
  ok = ok && write_all (e->fd, out.mem, out.size, error);
  WebPMemoryWriterClear (&out);
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
