/* PNG image data in bands: each band of rows is quantised, filtered and
 * deflated on its own (on any thread) into a piece of the one zlib stream
 * the IDAT chunks carry (deflate-bands.h), so both cores compress while the
 * file is written in row order. */
#ifndef TSR_PNG_BANDS_H
#define TSR_PNG_BANDS_H

#include <glib.h>

#include "deflate-bands.h"

G_BEGIN_DECLS

typedef struct
{
  int      width;
  int      bits;       /* 8 or 16 */
  int      channels;   /* pixel-layout.h: 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA */
  int      level;      /* zlib level 0 .. 9 */
  int      strategy;   /* zlib strategy */
} PngBandFormat;

/* Encodes bands one after another, reusing its buffers and compressor;
 * one thread at a time. */
typedef struct _PngBandEncoder PngBandEncoder;

PngBandEncoder *png_band_encoder_new  (const PngBandFormat *f);
void            png_band_encoder_free (PngBandEncoder *e);

/* The band's rows (RGBA floats, row r at rgba + r * stride), quantised as
 * the core does, each row filtered (Sub for the band's first row, which
 * has no row above it here, Up for the others) and deflated; last: the
 * band ends the image.  out->data lasts until the encoder's next band. */
gboolean png_band_encode (PngBandEncoder *e, const float *rgba, gsize stride,
                          int n_rows, gboolean last, DeflatePiece *out, GError **error);

G_END_DECLS

#endif
