/* Encoders the writer streams rows into, one file each, all with the same
 * shape: created on an open file descriptor, fed rows of non-linear sRGB
 * RGBA floats in order, finished (which flushes, never closes the fd).
 * Errors name only what failed; the writer adds the file's name. */
#ifndef TSR_STREAM_ENCODERS_H
#define TSR_STREAM_ENCODERS_H

#include <signal.h>

#include <glib.h>

G_BEGIN_DECLS

typedef struct _StreamEncoder StreamEncoder;

typedef struct
{
  gboolean (*rows)   (StreamEncoder *e, const float *rgba, gsize stride, int n_rows,
                      GError **error);
  gboolean (*finish) (StreamEncoder *e, GError **error);
  void     (*free)   (StreamEncoder *e);
} StreamEncoderClass;

struct _StreamEncoder
{
  const StreamEncoderClass *klass;
  int                       width, height;
};

/* JPEG (libjpeg-turbo), 8-bit RGB or (channels 1) greyscale, quality 1 .. 100. */
StreamEncoder *jpeg_encoder_new (int fd, int width, int height, int channels, int quality,
                                 GError **error);

/* WebP (libwebp), 8-bit RGBA; quality 1 .. 100, 100 = lossless.  libwebp
 * encodes a whole picture at once, so the rows are kept until finish,
 * which gives up (G_FILE_ERROR_INTR) once *stop is non-zero (stop may
 * be NULL). */
StreamEncoder *webp_encoder_new (int fd, int width, int height, int quality,
                                 const volatile sig_atomic_t *stop, GError **error);

/* Whether the format can hold a width x height picture (at that quality:
 * lossy WebP holds fewer pixels than lossless); FALSE with the reason. */
gboolean       jpeg_size_fits   (int width, int height, char **reason);
gboolean       webp_size_fits   (int width, int height, int quality, char **reason);

G_END_DECLS

#endif
