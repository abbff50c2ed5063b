/* PNG image data in bands: see png-bands.h. */
#include <string.h>

#include "png-bands.h"
#include "quantize.h"

enum { FILTER_SUB = 1, FILTER_UP = 2 };

/* One row's samples, big-endian as PNG stores them. */
static void
pack_row (const PngBandFormat *f, const float *src, guint8 *dst)
{
  int channels = f->alpha ? 4 : 3;

  for (int x = 0; x < f->width; x++, src += 4)
    for (int c = 0; c < channels; c++)
      {
        if (f->bits == 16)
          {
            guint q = tsr_quantize_unit (src[c], 65535);
            *dst++ = (guint8) (q >> 8);
            *dst++ = (guint8) (q & 0xff);
          }
        else
          *dst++ = (guint8) tsr_quantize_unit (src[c], 255);
      }
}

gboolean
png_band_encode (const PngBandFormat *f, const float *rgba, gsize stride,
                 int n_rows, gboolean last, DeflatePiece *out, GError **error)
{
  const gsize pixel = (gsize) (f->alpha ? 4 : 3) * (f->bits / 8);
  const gsize row_bytes = (gsize) f->width * pixel;
  guint8 *raw = g_malloc ((row_bytes + 1) * (gsize) n_rows);
  guint8 *prev = g_malloc (row_bytes), *cur = g_malloc (row_bytes);
  gboolean ok;

  for (int r = 0; r < n_rows; r++)
    {
      guint8 *dst = raw + (row_bytes + 1) * (gsize) r;

      pack_row (f, rgba + (gsize) r * stride, cur);
      if (r == 0)
        {
          /* Sub: each byte less the same byte of the pixel to its left. */
          dst[0] = FILTER_SUB;
          for (gsize i = 0; i < row_bytes; i++)
            dst[1 + i] = (guint8) (cur[i] - (i >= pixel ? cur[i - pixel] : 0));
        }
      else
        {
          dst[0] = FILTER_UP;
          for (gsize i = 0; i < row_bytes; i++)
            dst[1 + i] = (guint8) (cur[i] - prev[i]);
        }
      { guint8 *t = prev; prev = cur; cur = t; }
    }
  ok = deflate_piece (raw, (row_bytes + 1) * (gsize) n_rows, f->level, f->strategy, last,
                      out, error);
  g_free (raw);
  g_free (prev);
  g_free (cur);
  return ok;
}
