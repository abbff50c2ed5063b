/* Float RGBA (the core's non-linear sRGB, 0..1) to the 8-bit pixels the
 * previews show, rounded as every integer output is (core/color/quantize.h):
 * floor (v * 255 + 0.5). */
#ifndef TSR_PIXEL_CONVERT_H
#define TSR_PIXEL_CONVERT_H

#include <glib.h>

#include "color/quantize.h"

G_BEGIN_DECLS

/* Converts n pixels of float RGBA to bytes; data is the converter's own. */
typedef void (*TsrPixelConvert) (const float *rgba, guchar *out, int n,
                                 gpointer data);

static inline guchar
tsr_quantize (float v)
{
  return (guchar) tsr_quantize_unit (v, 255);
}

/* n pixels to RGB (channels 3) or RGBA (channels 4) bytes. */
void tsr_quantize_rgb  (const float *rgba, guchar *out, int n, int channels);

/* TsrPixelConvert for RGB: data is ignored. */
void tsr_convert_rgb   (const float *rgba, guchar *out, int n, gpointer data);
/* TsrPixelConvert for RGBA: data is ignored. */
void tsr_convert_rgba  (const float *rgba, guchar *out, int n, gpointer data);

G_END_DECLS

#endif
