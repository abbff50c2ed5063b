/* OpenEXR output in bands: scanline chunks of linear-light RGBA (half or
 * float) packed and ZIP-compressed band by band on any thread
 * (ExrBandEncoder), then written in row order through OpenEXR's C API
 * (ExrFile), which owns the header and the chunk offset table. */
#ifndef TSR_EXR_BANDS_H
#define TSR_EXR_BANDS_H

#include <glib.h>


G_BEGIN_DECLS

typedef struct
{
  int width;
  int bits;        /* 16 (half) or 32 (float) */
  int level;       /* ZIP: deflate level 1 .. 9 or ZLIB_CHUNKS_REPEATS; 0: uncompressed */
  int chunk_rows;  /* scanlines per chunk: exr_file_chunk_rows () */
  int channels;    /* 1: Y (grey), or 4: RGBA */
  gboolean linear;    /* colours to linear light; FALSE: data, kept as they are */
} ExrBandFormat;

/* Packs and compresses bands one after another, reusing its buffers; one
 * thread at a time. */
typedef struct _ExrBandEncoder ExrBandEncoder;

ExrBandEncoder *exr_band_encoder_new  (const ExrBandFormat *f);
void            exr_band_encoder_free (ExrBandEncoder *e);

/* Encodes n_rows rows of non-linear sRGB RGBA floats (row r at
 * rgba + r * stride) as chunk after chunk of chunk_rows rows, the last one
 * possibly shorter: the band must start on a chunk boundary.  FALSE only
 * when the compressor cannot be had (out of memory). */
gboolean exr_band_encode (ExrBandEncoder *e, const float *rgba, gsize stride, int n_rows,
                          GError **error);

/* An EXR file being written on fd (pwrite; the fd is never closed). */
typedef struct _ExrFile ExrFile;

ExrFile *exr_file_new        (int fd, int width, int height, int bits, int channels, int level,
                              GError **error);
int      exr_file_chunk_rows (const ExrFile *f);

/* Writes the chunks e holds, the image's rows from first_row on. */
gboolean exr_file_write_band (ExrFile *f, const ExrBandEncoder *e, int first_row,
                              GError **error);

/* After the last band: the chunk offset table. */
gboolean exr_file_finish     (ExrFile *f, GError **error);
void     exr_file_free       (ExrFile *f);

G_END_DECLS

#endif
