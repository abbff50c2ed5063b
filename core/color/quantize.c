/* Float rows to integer pixels: see quantize.h. */
#include "color/quantize.h"

static inline void
store (void *out, gsize i, guint q, int bits)
{
  if (bits == 16)
    ((guint16 *) out)[i] = (guint16) q;
  else
    ((guint8 *) out)[i] = (guint8) q;
}

void
tsr_quantize_row (const float *rgba, int width, int channels, int bits, void *out)
{
  const guint max = bits == 16 ? 65535 : 255;

  if (channels == 4)
    {
      for (gsize i = 0; i < (gsize) width * 4; i++)
        store (out, i, tsr_quantize_unit (rgba[i], max), bits);
      return;
    }
  for (gsize x = 0, i = 0; x < (gsize) width; x++, rgba += 4)
    for (int c = 0; c < channels; c++, i++)
      store (out, i, tsr_quantize_unit (rgba[tsr_channel_component (channels, c)], max), bits);
}
