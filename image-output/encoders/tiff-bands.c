/* TIFF strips in bands: see tiff-bands.h.  What libtiff does when it
 * encodes a strip, done here (its codecs work on one TIFF handle, which
 * one thread at a time may use):
 *
 * - samples in the host's byte order, which is the file's (libtiff writes
 *   files in the host's order);
 * - the predictor, row by row: integers (horizontal) each sample less the
 *   same channel's sample one pixel to the left; floats (floating point)
 *   the row's bytes regrouped by significance, most significant first, then
 *   each byte less the one a pixel's worth of bytes before it;
 * - the strip deflated as one zlib stream (Adobe deflate). */
#include <string.h>

#include "color/linear-light.h"
#include "../pixel-layout.h"
#include "tiff-bands.h"
#include "color/quantize.h"

struct _TiffBandEncoder
{
  TiffBandFormat f;
  gsize      row_bytes;
  guint8    *row;           /* one row, packed */
  guint8    *planes;        /* one float row as byte planes */
  float     *linear_row;    /* one float row in linear light */
  guint8    *strip;         /* one strip, ready to deflate */
  ZlibChunks strips;        /* the band's */
};

TiffBandEncoder *
tiff_band_encoder_new (const TiffBandFormat *f)
{
  TiffBandEncoder *e = g_new0 (TiffBandEncoder, 1);

  e->f = *f;
  e->row_bytes = (gsize) f->width * f->channels * (f->bits / 8);
  e->row = g_malloc (e->row_bytes);
  if (f->bits == 32)
    e->planes = g_malloc (e->row_bytes);
  if (f->linear)
    e->linear_row = g_new (float, 4 * (gsize) f->width);
  e->strip = g_malloc (e->row_bytes * (gsize) f->strip_rows);
  zlib_chunks_init (&e->strips, f->level);
  return e;
}

void
tiff_band_encoder_free (TiffBandEncoder *e)
{
  if (e == NULL)
    return;
  zlib_chunks_clear (&e->strips);
  g_free (e->row);
  g_free (e->planes);
  g_free (e->linear_row);
  g_free (e->strip);
  g_free (e);
}

const ZlibChunks *
tiff_band_strips (const TiffBandEncoder *e)
{
  return &e->strips;
}

/* Packs one row into dst; with the predictor, into e->row first. */
static void
encode_row (TiffBandEncoder *e, const float *src, guint8 *dst)
{
  const TiffBandFormat *f = &e->f;
  const int channels = f->channels;
  const gsize n = (gsize) f->width * channels;
  const gboolean predict = f->level > 0;
  guint8 *out = predict ? e->row : dst;

  if (f->bits != 32)
    tsr_quantize_row (src, f->width, channels, f->bits, out);
  else
    {
      const float *v = src;

      if (f->linear)
        {
          tsr_linear_light_row (src, 4 * (gsize) f->width, TRUE, e->linear_row);
          v = e->linear_row;
        }
      for (int x = 0; x < f->width; x++)
        for (int c = 0; c < channels; c++)
          ((float *) out)[(gsize) x * channels + c] = v[4 * x + tsr_channel_component (channels, c)];
    }
  if (!predict)
    return;

  if (f->bits == 8)
    {
      memcpy (dst, out, (gsize) channels);
      for (gsize i = channels; i < n; i++)
        dst[i] = (guint8) (out[i] - out[i - channels]);
    }
  else if (f->bits == 16)
    {
      const guint16 *s = (const guint16 *) out;
      guint16 *d = (guint16 *) dst;

      memcpy (d, s, (gsize) channels * 2);
      for (gsize i = channels; i < n; i++)
        d[i] = (guint16) (s[i] - s[i - channels]);
    }
  else
    {
      const gsize bytes = 4 * n;

      guint8 *planes = e->planes;

      /* Byte planes, most significant first, then each byte less the one
       * a pixel before it (across the planes' joins, as libtiff does). */
      for (gsize i = 0; i < n; i++)
        {
          guint32 u;
          memcpy (&u, out + 4 * i, 4);
          planes[i] = (guint8) (u >> 24);
          planes[n + i] = (guint8) (u >> 16);
          planes[2 * n + i] = (guint8) (u >> 8);
          planes[3 * n + i] = (guint8) u;
        }
      memcpy (dst, planes, (gsize) channels);
      for (gsize i = channels; i < bytes; i++)
        dst[i] = (guint8) (planes[i] - planes[i - channels]);
    }
}

gboolean
tiff_band_encode (TiffBandEncoder *e, const float *rgba, gsize stride, int n_rows,
                  GError **error)
{
  const TiffBandFormat *f = &e->f;

  zlib_chunks_reset (&e->strips);
  for (int y = 0; y < n_rows; y += f->strip_rows)
    {
      int rows = MIN (f->strip_rows, n_rows - y);

      for (int r = 0; r < rows; r++)
        encode_row (e, rgba + (gsize) (y + r) * stride, e->strip + (gsize) r * e->row_bytes);
      if (!zlib_chunks_add (&e->strips, e->strip, (gsize) rows * e->row_bytes, NULL, error))
        return FALSE;
    }
  return TRUE;
}
