/* 8-bit quantisation: see quantize.h. */
#include "quantize.h"

void
tsr_quantize_rgb (const float *rgba, guchar *out, int n, int channels)
{
  for (int i = 0; i < n; i++, rgba += 4, out += channels)
    for (int c = 0; c < channels; c++)
      out[c] = tsr_quantize (rgba[c]);
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
