/* Reading back what GIMP exported: PNG (8/16-bit, gray or RGB, with or
 * without alpha) and TIFF (8/16-bit or 32-bit float).  Nothing is
 * converted: samples keep their file encoding. */
#ifndef TSR_TEST_IMAGE_IO_H
#define TSR_TEST_IMAGE_IO_H

#include <glib.h>

typedef struct
{
  int      width, height;
  int      channels;    /* 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA */
  int      depth;       /* 8, 16 (integers) or 32 (float) */
  guint16 *raw;         /* integer samples (depth 8 or 16), else NULL */
  float   *value;       /* every sample in 0..1 (integers / 255 or 65535) */
} TestImage;

TestImage *test_image_read_png  (const char *path, GError **error);
TestImage *test_image_read_tiff (const char *path, GError **error);
void       test_image_free      (TestImage *image);

/* Sample c of pixel (x, y), normalised to 0..1. */
/* Channel c of RGBA at (x, y); a grey image's one channel is R, G and B
 * (the CLI writes grey images as such), its second alpha. */
static inline int
test_image_channel (const TestImage *image, int c)
{
  return image->channels > 2 ? c : c < 3 ? 0 : 1;
}

static inline float
test_image_at (const TestImage *image, int x, int y, int c)
{
  return image->value[((gsize) y * image->width + x) * image->channels
                      + test_image_channel (image, c)];
}

static inline guint16
test_image_raw_at (const TestImage *image, int x, int y, int c)
{
  return image->raw[((gsize) y * image->width + x) * image->channels
                    + test_image_channel (image, c)];
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestImage, test_image_free)

#endif
