/* One reader per file format (input-FORMAT.c), chosen by image-input.c
 * from the file's first bytes.  Each reads the whole file at path into a
 * new image and fills info, or returns NULL with an error naming path. */
#ifndef TSR_IMAGE_INPUT_BACKEND_H
#define TSR_IMAGE_INPUT_BACKEND_H

#include <gio/gio.h>

#include "image-input.h"

TsrImage *input_png_read  (const char *path, ImageInputInfo *info, GError **error);
TsrImage *input_jpeg_read (const char *path, ImageInputInfo *info, GError **error);
TsrImage *input_webp_read (const char *path, ImageInputInfo *info, GError **error);
TsrImage *input_tiff_read (const char *path, ImageInputInfo *info, GError **error);
TsrImage *input_exr_read  (const char *path, ImageInputInfo *info, GError **error);

/* The image for a file's size and channels, or NULL with an error naming
 * path and the size the image limits refuse. */
TsrImage *input_image_new (const char *path, int width, int height, int channels,
                           GError **error);

#endif
