/* The one rounding from the core's floats to integer pixels, shared by the
 * CLI's integer files, the plug-in's 8/16-bit layers and the dialog's
 * preview, so they all give the same bytes: 0 for v <= 0 or NaN, max for
 * v >= 1, else floor (v * max + 0.5) computed in double.  Branch-free
 * (clamp, then truncation, which is floor for a positive argument). */
#ifndef TSR_QUANTIZE_H_CORE
#define TSR_QUANTIZE_H_CORE

#include <glib.h>

G_BEGIN_DECLS

static inline guint
tsr_quantize_unit (float v, guint max)
{
  double d = v > 0.0f ? (double) v : 0.0;   /* NaN -> 0 */
  d = d < 1.0 ? d : 1.0;
  return (guint) (d * max + 0.5);
}

/* Which RGBA component a pixel of `channels` samples holds as its sample
 * c: 1 channel is grey (R, which equals G and B), 2 grey and alpha, 3 RGB,
 * 4 RGBA. */
static inline int
tsr_channel_component (int channels, int c)
{
  return channels <= 2 ? (c == 0 ? 0 : 3) : c;
}

/* A row of width RGBA float pixels as `channels` samples a pixel (as
 * above), each quantised to `bits`: 8 into guint8, 16 into guint16 in the
 * host's byte order.  Every integer pixel of every front-end goes through
 * it. */
void tsr_quantize_row (const float *rgba, int width, int channels, int bits, void *out);

G_END_DECLS

#endif
