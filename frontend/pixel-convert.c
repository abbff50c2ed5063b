/* Float RGBA to 8-bit preview pixels: see pixel-convert.h. */
#include "pixel-convert.h"

void
tsr_quantize_rgb (const float *rgba, guchar *out, int n, int channels)
{
  tsr_quantize_row (rgba, n, channels, 8, out);
}

void
tsr_convert_rgb (const float *rgba, guchar *out, int n, gpointer data G_GNUC_UNUSED)
{
  tsr_quantize_rgb (rgba, out, n, 3);
}

void
tsr_convert_rgba (const float *rgba, guchar *out, int n, gpointer data G_GNUC_UNUSED)
{
  tsr_quantize_rgb (rgba, out, n, 4);
}
