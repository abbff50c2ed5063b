/* The one rounding from the core's floats to integer pixels, shared by the
 * CLI's PNGs, the plug-in's 8/16-bit layers and the dialog's preview, so
 * they all give the same bytes: 0 for v <= 0 or NaN, max for v >= 1, else
 * floor (v * max + 0.5) computed in double.  Branch-free (clamp, then
 * truncation, which is floor for a positive argument). */
#ifndef TSR_QUANTIZE_H_CORE
#define TSR_QUANTIZE_H_CORE

#include <glib.h>

static inline guint
tsr_quantize_unit (float v, guint max)
{
  double d = v > 0.0f ? (double) v : 0.0;   /* NaN -> 0 */
  d = d < 1.0 ? d : 1.0;
  return (guint) (d * max + 0.5);
}

#endif
