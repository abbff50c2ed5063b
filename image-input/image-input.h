/* Reading a photograph: PNG, TIFF, OpenEXR, WebP and JPEG files, grey,
 * grey + alpha, RGB or RGBA, 8, 16 or 32 bits (and half), into a TsrImage
 * (core/photo/photo-image.h) that keeps their precision: 8- and 16-bit
 * samples as v / 255 or v / 65535, float samples as they are (linear
 * light, by the convention of float files).  Indexed (palette) images are
 * expanded to their colours.  The format is told by the file's first
 * bytes, not its name. */
#ifndef TSR_IMAGE_INPUT_H
#define TSR_IMAGE_INPUT_H

#include <glib.h>

#include "photo/photo-image.h"

G_BEGIN_DECLS

typedef struct
{
  const char *format;   /* "PNG", "TIFF", "OpenEXR", "WebP", "JPEG" */
  int         depth;    /* bits per sample in the file: 8, 16 or 32 (16 for half) */
  gboolean    linear;   /* float samples in linear light */
  gboolean    indexed;  /* a palette image, expanded */
} ImageInputInfo;

/* NULL with a G_FILE_ERROR (unreadable), or G_IO_ERROR_NOT_SUPPORTED (not
 * an image file this reads, or a kind of one it does not) or
 * G_IO_ERROR_INVALID_DATA (damaged), each message naming path. */
TsrImage *image_input_read (const char *path, ImageInputInfo *info, GError **error);

G_END_DECLS

#endif
