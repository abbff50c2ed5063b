/* WebP output through libwebp.  Its encoder takes a whole picture, so the
 * quantised rows are kept (4 bytes a pixel) until finish, and then the
 * encoder's own copy (YUV, 1.5 bytes a pixel; ARGB, 4, when lossless),
 * and its working buffers: measured peaks of 5.4 MB a megapixel lossy
 * (4096²: 96 MB), 20 lossless (358 MB). */
#include <errno.h>
#include <unistd.h>
#include <webp/encode.h>

#include "quantize.h"
#include "stream-encoders.h"

/* Lossy WebP (VP8) keeps the prediction modes of every 16x16 macroblock in
 * the frame's first partition, whose length has 19 bits: less than
 * 512 KiB.  libwebp gives up 4x4 modes until the partition fits, and fails
 * ("partition 0 overflow") when even 16x16 modes do not.  Those cost a
 * macroblock at most 10.4 bits: 1.21 for "not 4x4", 2.36 for the luma and
 * 3.83 for the chroma mode (VP8's fixed key-frame probabilities), 2 for
 * the segment, 1 for the skip flag; 10.5 with the arithmetic coder's
 * rounding.  The frame's headers and probability updates take under
 * 4 KiB.  (Measured with 16x16 modes only: 4.8 to 8.0 bits a macroblock
 * for the patterns, so their limits vary with the content; this one holds
 * for any.) */
#define FIRST_PARTITION_MAX_BYTES (1 << 19)
#define LOSSY_MAX_MACROBLOCKS \
  ((FIRST_PARTITION_MAX_BYTES - 4096) * G_GINT64_CONSTANT (80) / 105)

typedef struct
{
  StreamEncoder base;
  int           fd;
  int           quality;
  const volatile sig_atomic_t *stop;
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

/* libwebp's progress hook: a non-zero *stop (a signal came) ends the
 * encoding, which can take minutes. */
static int
webp_keep_going (int percent, const WebPPicture *picture)
{
  const WebpEncoder *e = picture->user_data;

  (void) percent;
  return e->stop == NULL || *e->stop == 0;
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
  picture.progress_hook = webp_keep_going;
  picture.user_data = e;
  /* The pixels go straight into the picture's own planes: from here on
   * the quantised copy is not needed. */
  ok = WebPPictureImportRGBA (&picture, e->pixels, base->width * 4);
  g_clear_pointer (&e->pixels, g_free);
  if (!ok || !WebPEncode (&config, &picture))
    {
      if (picture.error_code == VP8_ENC_ERROR_USER_ABORT)
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INTR, "WebP: interrupted");
      else
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

gboolean
webp_size_fits (int width, int height, int quality, char **reason)
{
  const gint64 macroblocks = (gint64) ((width + 15) / 16) * ((height + 15) / 16);

  if (width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION)
    {
      *reason = g_strdup_printf ("WebP holds at most %d x %d pixels",
                                 WEBP_MAX_DIMENSION, WEBP_MAX_DIMENSION);
      return FALSE;
    }
  if (quality < 100 && macroblocks > LOSSY_MAX_MACROBLOCKS)
    {
      *reason = g_strdup_printf ("lossy WebP holds at most %" G_GINT64_FORMAT " blocks of "
                                 "16x16 pixels (e.g. 10064x10064), the most whose modes "
                                 "surely fit its 512 KiB first partition; this is %"
                                 G_GINT64_FORMAT " (use --quality 100, lossless, or PNG, "
                                 "TIFF, EXR)", (gint64) LOSSY_MAX_MACROBLOCKS, macroblocks);
      return FALSE;
    }
  return TRUE;
}

StreamEncoder *
webp_encoder_new (int fd, int width, int height, int quality,
                  const volatile sig_atomic_t *stop, GError **error)
{
  WebpEncoder *e;
  char *reason = NULL;

  if (!webp_size_fits (width, height, quality, &reason))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s", reason);
      g_free (reason);
      return NULL;
    }
  e = g_new0 (WebpEncoder, 1);
  e->base.klass = &webp_class;
  e->base.width = width;
  e->base.height = height;
  e->fd = fd;
  e->quality = quality;
  e->stop = stop;
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
