/* Which file format an output name asks for: the extension chooses, the
 * depth must be one the format holds. */
#ifndef TSR_IMAGE_FORMAT_H
#define TSR_IMAGE_FORMAT_H

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  IMAGE_PNG8,
  IMAGE_PNG16,
  IMAGE_TIFF8,
  IMAGE_TIFF16,
  IMAGE_TIFF32,     /* float, linear light */
  IMAGE_EXR16,      /* half, linear light */
  IMAGE_EXR32,      /* float, linear light */
  IMAGE_WEBP8,
  IMAGE_JPEG8
} ImageFormat;

/* The format for path at depth (0: the format's usual depth).  FALSE with
 * a message naming the extension or depth and what is supported. */
gboolean    image_format_choose   (const char *path, int depth, ImageFormat *format,
                                   char **message);

int         image_format_depth    (ImageFormat format);
gboolean    image_format_is_float (ImageFormat format);
/* Whether the format can store transparency. */
gboolean    image_format_has_alpha (ImageFormat format);
const char *image_format_name     (ImageFormat format);   /* "PNG" */

/* The format's size/quality setting: a deflate level 0 .. 9 (PNG, TIFF,
 * EXR), or a quality 1 .. 100 (JPEG, WebP; WebP 100 is lossless). */
gboolean    image_format_has_level   (ImageFormat format);
gboolean    image_format_has_quality (ImageFormat format);

G_END_DECLS

#endif
