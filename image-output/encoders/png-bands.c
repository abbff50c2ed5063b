/* PNG image data in bands: see png-bands.h. */
#include "png-bands.h"
#include "color/quantize.h"

enum { FILTER_SUB = 1, FILTER_UP = 2 };

/* One row's samples, big-endian as PNG stores them. */
static void
pack_row (const PngBandFormat *f, const float *src, guint8 *dst)
{
  tsr_quantize_row (src, f->width, f->channels, f->bits, dst);
  if (f->bits == 16)
    for (gsize i = 0; i < (gsize) f->width * f->channels; i++)
      ((guint16 *) dst)[i] = GUINT16_TO_BE (((guint16 *) dst)[i]);
}

struct _PngBandEncoder
{
  PngBandFormat  f;
  DeflateStream *deflate;
  guint8        *raw;        /* filtered rows */
  gsize          raw_rows;   /* rows raw holds */
  guint8        *prev, *cur; /* one packed row each */
};

PngBandEncoder *
png_band_encoder_new (const PngBandFormat *f)
{
  PngBandEncoder *e = g_new0 (PngBandEncoder, 1);
  gsize row_bytes = (gsize) f->width * f->channels * (f->bits / 8);

  e->f = *f;
  e->deflate = deflate_stream_new (f->level, f->strategy);
  e->prev = g_malloc (row_bytes);
  e->cur = g_malloc (row_bytes);
  return e;
}

void
png_band_encoder_free (PngBandEncoder *e)
{
  if (e == NULL)
    return;
  deflate_stream_free (e->deflate);
  g_free (e->raw);
  g_free (e->prev);
  g_free (e->cur);
  g_free (e);
}

gboolean
png_band_encode (PngBandEncoder *e, const float *rgba, gsize stride,
                 int n_rows, gboolean last, DeflatePiece *out, GError **error)
{
  const PngBandFormat *f = &e->f;
  const gsize pixel = (gsize) f->channels * (f->bits / 8);
  const gsize row_bytes = (gsize) f->width * pixel;

  if ((gsize) n_rows > e->raw_rows)
    {
      g_free (e->raw);
      e->raw = g_malloc ((row_bytes + 1) * (gsize) n_rows);
      e->raw_rows = (gsize) n_rows;
    }
  for (int r = 0; r < n_rows; r++)
    {
      guint8 *dst = e->raw + (row_bytes + 1) * (gsize) r;

      pack_row (f, rgba + (gsize) r * stride, e->cur);
      if (r == 0)
        {
          /* Sub: each byte less the same byte of the pixel to its left. */
          dst[0] = FILTER_SUB;
          for (gsize i = 0; i < row_bytes; i++)
            dst[1 + i] = (guint8) (e->cur[i] - (i >= pixel ? e->cur[i - pixel] : 0));
        }
      else
        {
          dst[0] = FILTER_UP;
          for (gsize i = 0; i < row_bytes; i++)
            dst[1 + i] = (guint8) (e->cur[i] - e->prev[i]);
        }
      { guint8 *t = e->prev; e->prev = e->cur; e->cur = t; }
    }
  return deflate_piece (e->deflate, e->raw, (row_bytes + 1) * (gsize) n_rows, last, out, error);
}
