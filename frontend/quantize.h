/* Float RGBA (the core's non-linear sRGB, 0..1) to 8-bit pixels, rounded
 * as the plug-in's 8-bit output is: floor (v * 255 + 0.5). */
#ifndef TSR_QUANTIZE_H
#define TSR_QUANTIZE_H

#include <math.h>

#include <glib.h>

#include "../core/quantize.h"

G_BEGIN_DECLS

/* Converts n pixels of float RGBA to bytes; data is the converter's own. */
typedef void (*TsrPixelConvert) (const float *rgba, guchar *out, int n,
                                 gpointer data);

/* The core's rounding (quantize.h in core/), as the plug-in's 8-bit
 * layers and the CLI's PNGs use it. */
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
