/* Output formats: which one an output name asks for (the extension
 * chooses, the depth must be one the format holds), and what a caller says
 * of the image it will write.  The formats themselves are backends
 * (format-backend.h), listed once in image-format.c. */
#ifndef TSR_IMAGE_FORMAT_H
#define TSR_IMAGE_FORMAT_H

#include <signal.h>

#include <glib.h>

#include "maps/map-kinds.h"

G_BEGIN_DECLS

typedef struct _FormatBackend FormatBackend;

/* A format at a depth: PNG at 16 bits, EXR at 32. */
typedef struct
{
  const FormatBackend *backend;
  int                  depth;     /* bits per channel: 8, 16 or 32 */
} ImageFormat;

/* The format's setting (image_format_has_level / has_quality): deflate
 * level, or quality; -1: the format's default.  stop (may be NULL): when
 * it turns non-zero (a signal came), an encoding that runs long at the
 * finish (WebP's) gives up. */
typedef struct
{
  int level;
  int quality;
  const volatile sig_atomic_t *stop;
} ImageOptions;

/* What the caller knows of every pixel it will write: a map's content
 * (tsr_settings_content). */
typedef TsrMapContent ImageContent;

/* The format for path at depth (0: the format's usual depth).  FALSE with
 * a message naming the extension or depth and what is supported, and
 * *format the first format (PNG) at its usual depth. */
gboolean    image_format_choose      (const char *path, int depth, ImageFormat *format,
                                      char **message);

/* Half or float samples, in linear light for colours. */
gboolean    image_format_is_float    (ImageFormat format);
/* Whether the format can store transparency. */
gboolean    image_format_has_alpha   (ImageFormat format);
const char *image_format_name        (ImageFormat format);   /* "PNG" */

/* The format's size/quality setting: a deflate level 0 .. 9 (PNG, TIFF,
 * EXR), or a quality 1 .. 100 (JPEG, WebP; WebP 100 is lossless). */
gboolean    image_format_has_level   (ImageFormat format);
gboolean    image_format_has_quality (ImageFormat format);

/* Whether a file of the format can hold a width x height image with these
 * options (JPEG and WebP cannot hold every size): FALSE with the reason,
 * to refuse the size before anything is rendered. */
gboolean    image_format_size_fits   (ImageFormat format, const ImageOptions *options,
                                      int width, int height, char **reason);

/* The setting options ask for, or the format's default. */
int         image_format_setting     (ImageFormat format, const ImageOptions *options);

/* For --help: every extension (".png, .tif/.tiff, ...") and every format's
 * depths ("PNG 8, 16; TIFF 8, 16, 32; ..."), from the table.  Free with
 * g_free (). */
char       *image_format_extensions  (void);
char       *image_format_depths      (void);
/* For messages: the formats that have a deflate level (level TRUE) or a
 * quality, "PNG, TIFF and EXR"; the first extension of each format that
 * holds transparency, ".png, .tif, .exr or .webp". */
char       *image_format_names_with_level (gboolean level);
char       *image_format_alpha_extensions (void);

G_END_DECLS

#endif
