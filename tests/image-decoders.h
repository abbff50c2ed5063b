/* Decoders for the CLI's other output formats, as RGBA floats (0..1, or
 * linear light for EXR) so tests compare them with the core's pixels;
 * each asserts the file is well-formed. */
#ifndef TSR_TEST_IMAGE_DECODERS_H
#define TSR_TEST_IMAGE_DECODERS_H

#include <glib.h>

float *decode_exr      (const char *path, int *width, int *height);
float *decode_webp     (const char *path, int *width, int *height);
float *decode_jpeg     (const char *path, int *width, int *height);
/* 8- or 16-bit grey, grey + alpha, RGB or RGBA PNG, its samples / 255 or
 * / 65535 as they are (no colour conversion); alpha 1 when absent.
 * *bits: the file's depth. */
float *decode_png      (const char *path, int *width, int *height, int *bits);
/* 8- or 16-bit integer grey, RGB or RGBA TIFF; alpha 1 when absent. */
float *decode_tiff_int (const char *path, int bits, int *width, int *height);

/* The channels a PNG, TIFF, EXR, JPEG or WebP file stores (1 grey,
 * 2 grey + alpha, 3, 4), from its header. */
int    file_channels   (const char *path);
/* Whether a TIFF embeds an ICC profile. */
gboolean tiff_has_profile (const char *path);

#endif
