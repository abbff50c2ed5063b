/* A photograph or a tile made from one, in memory: width x height pixels
 * of 1 to 4 interleaved float channels (grey, grey + alpha, RGB, RGBA),
 * non-linear sRGB-encoded values as the files' 8- and 16-bit samples are
 * (0 .. 1; a float file's values may pass 1 and are kept as they are). */
#ifndef TSR_PHOTO_IMAGE_H
#define TSR_PHOTO_IMAGE_H

#include <glib.h>

G_BEGIN_DECLS

/* The smallest side a photograph may have (a patch and its overlap must fit
 * in it) and the largest tile side and pixel count made from one. */
#define TSR_PHOTO_MIN_SIDE   16
#define TSR_PHOTO_MAX_SIDE   32768
#define TSR_PHOTO_MAX_PIXELS (G_GINT64_CONSTANT (1) << 28)

typedef struct
{
  int    width, height;
  int    channels;     /* 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA */
  float *pixels;       /* width * height * channels, row after row */
} TsrImage;

/* A zeroed image; NULL with TSR_ERROR_INVALID_SIZE naming the size when it
 * is empty, past TSR_PHOTO_MAX_SIDE or TSR_PHOTO_MAX_PIXELS, or channels
 * is not 1 .. 4. */
TsrImage *tsr_image_new   (int width, int height, int channels, GError **error);
void      tsr_image_free  (TsrImage *image);

/* Whether the channel count has an alpha channel (2 and 4) and how many
 * colour channels come before it. */
static inline gboolean tsr_image_has_alpha (const TsrImage *im) { return im->channels % 2 == 0; }
static inline int      tsr_image_colours   (const TsrImage *im) { return im->channels >= 3 ? 3 : 1; }

/* Each pixel's luminance (Rec. 709 weights of its colour channels, as
 * they are encoded; the grey itself) into lum, width x height floats. */
void tsr_image_luminance (const TsrImage *image, float *lum);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrImage, tsr_image_free)

G_END_DECLS

#endif
