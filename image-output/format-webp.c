/* WebP through libwebp, 8-bit RGB(A) (no grey mode); quality 1 .. 100,
 * 100 = lossless.  Its encoder takes a whole picture, so the render
 * threads quantise their bands into one picture (4 bytes a pixel) that is
 * kept until finish, and then the encoder's own copy (YUV, 1.5 bytes a
 * pixel; ARGB, 4, when lossless), and its working buffers: measured peaks
 * of 5.4 MB a megapixel lossy (4096²: 96 MB), 20 lossless (358 MB).  A
 * non-zero *stop (a signal came) ends the encoding, which can take
 * minutes. */
#include <errno.h>
#include <unistd.h>
#include <webp/encode.h>

#include "format-backend.h"
#include "color/quantize.h"

#define DEFAULT_QUALITY 90

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
  FormatFile base;
  /* The picture, quantised: bands fill their own rows, from any thread. */
  guint8    *pixels;
} WebpFile;

static gboolean
webp_encode (const FormatFile *file, FormatBand *band, const float *rgba, gsize stride,
             int first_row, int n_rows, GError **error)
{
  const int width = file->spec.width;
  guint8 *dst = ((const WebpFile *) file)->pixels + (gsize) first_row * width * 4;

  (void) band;
  (void) error;
  for (int r = 0; r < n_rows; r++, dst += (gsize) width * 4)
    tsr_quantize_row (rgba + (gsize) r * stride, width, 4, 8, dst);
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
          format_set_error (error, n < 0 ? errno : EIO, NULL, NULL);
          return FALSE;
        }
      data += n;
      size -= (gsize) n;
    }
  return TRUE;
}

/* libwebp's progress hook: a non-zero *stop (a signal came) ends the
 * encoding. */
static int
keep_going (int percent, const WebPPicture *picture)
{
  const WebpFile *f = picture->user_data;

  (void) percent;
  return f->base.spec.stop == NULL || *f->base.spec.stop == 0;
}

static gboolean
webp_finish (FormatFile *file, GError **error)
{
  WebpFile *f = (WebpFile *) file;
  const FileSpec *spec = &file->spec;
  WebPConfig config;
  WebPPicture picture;
  WebPMemoryWriter out;
  gboolean ok;

  if (!WebPConfigInit (&config) || !WebPPictureInit (&picture))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "WebP: library version mismatch");
      return FALSE;
    }
  config.lossless = spec->setting >= 100;
  config.quality = config.lossless ? 75.0f : (float) spec->setting;
  /* libwebp's own threads for the analysis and filtering passes, so the
   * encoder uses both cores as the renderer does; the same bits. */
  config.thread_level = 1;
  picture.use_argb = config.lossless;
  picture.width = spec->width;
  picture.height = spec->height;
  /* libwebp writes in many small pieces: collected, then written once */
  WebPMemoryWriterInit (&out);
  picture.writer = WebPMemoryWrite;
  picture.custom_ptr = &out;
  picture.progress_hook = keep_going;
  picture.user_data = f;
  /* The pixels go straight into the picture's own planes: from here on
   * the quantised copy is not needed. */
  ok = WebPPictureImportRGBA (&picture, f->pixels, spec->width * 4);
  g_clear_pointer (&f->pixels, g_free);
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
  ok = ok && write_all (spec->fd, out.mem, out.size, error);
  WebPMemoryWriterClear (&out);
  return ok;
}

static void
webp_close (FormatFile *file)
{
  WebpFile *f = (WebpFile *) file;

  g_free (f->pixels);
  g_free (f);
}

static gboolean
webp_size_fits (int quality, int width, int height, char **reason)
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

static FormatFile *
webp_open (const FileSpec *spec, GError **error)
{
  WebpFile *f;
  char *reason = NULL;

  if (!webp_size_fits (spec->setting, spec->width, spec->height, &reason))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s", reason);
      g_free (reason);
      return NULL;
    }
  f = g_new0 (WebpFile, 1);
  f->base.spec = *spec;
  f->base.band_rows = 1;
  f->pixels = g_try_malloc ((gsize) spec->width * spec->height * 4);
  if (f->pixels == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                   "WebP: no memory for a %d x %d picture", spec->width, spec->height);
      webp_close (&f->base);
      return NULL;
    }
  return &f->base;
}

static int
webp_default_setting (int depth)
{
  (void) depth;
  return DEFAULT_QUALITY;
}

/* No grey mode: RGB, or RGBA when some pixel may be translucent. */
static int
webp_channels (int depth, const ImageContent *content)
{
  (void) depth;
  return content->alpha ? 4 : 3;
}

const FormatBackend format_webp = {
  .name = "WebP", .extensions = ".webp",
  .depths = FORMAT_DEPTH (8), .usual_depth = 8,
  .alpha = TRUE, .setting = FORMAT_QUALITY,
  .default_setting = webp_default_setting, .channels = webp_channels,
  .size_fits = webp_size_fits,
  .open = webp_open, .encode = webp_encode, .finish = webp_finish,
  .close = webp_close,
};
