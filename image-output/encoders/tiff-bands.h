/* TIFF strips in bands: each band's strips are packed, run through the
 * file's predictor and deflated on any thread, as libtiff itself would
 * encode them, so that the writer only hands them to TIFFWriteRawStrip in
 * order. */
#ifndef TSR_TIFF_BANDS_H
#define TSR_TIFF_BANDS_H

#include <glib.h>

#include "zlib-chunks.h"

G_BEGIN_DECLS

typedef struct
{
  int      width;
  int      bits;        /* 8, 16: unsigned integers; 32: float in linear light */
  int      channels;    /* pixel-layout.h: 1 grey, 3 RGB or 4 RGBA */
  int      level;       /* deflate level 1 .. 9 with the predictor, 0: neither */
  int      strip_rows;  /* rows per strip */
  gboolean linear;      /* colours to linear light; FALSE: data, kept as they are */
} TiffBandFormat;

/* One thread at a time; buffers are kept from band to band. */
typedef struct _TiffBandEncoder TiffBandEncoder;

TiffBandEncoder  *tiff_band_encoder_new    (const TiffBandFormat *f);
void              tiff_band_encoder_free   (TiffBandEncoder *e);

/* Encodes n_rows rows of non-linear sRGB RGBA floats (row r at
 * rgba + r * stride), starting on a strip boundary, as strip after strip. */
gboolean          tiff_band_encode         (TiffBandEncoder *e, const float *rgba, gsize stride,
                                            int n_rows, GError **error);

/* The strips of the band encoded last. */
const ZlibChunks *tiff_band_strips         (const TiffBandEncoder *e);

G_END_DECLS

#endif
