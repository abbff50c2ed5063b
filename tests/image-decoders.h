/* Decoders for the CLI's other output formats, as RGBA floats (0..1, or
 * linear light for EXR) so tests compare them with the core's pixels;
 * each asserts the file is well-formed. */
#ifndef TSR_TEST_IMAGE_DECODERS_H
#define TSR_TEST_IMAGE_DECODERS_H

#include <glib.h>

float *decode_exr      (const char *path, int *width, int *height);
float *decode_webp     (const char *path, int *width, int *height);
float *decode_jpeg     (const char *path, int *width, int *height);
/* 8- or 16-bit integer RGB(A) TIFF; alpha 1 when absent. */
float *decode_tiff_int (const char *path, int bits, int *width, int *height);

#endif
