/* A band's chunks of compressed image data, for formats that store each
 * chunk (an EXR chunk, a TIFF strip) as a whole zlib stream of its own:
 * compressed one after another on one thread (libdeflate, which
 * compresses whole buffers about twice as fast as zlib at the fastest
 * level), laid end to end, then written out in order by another. */
#ifndef TSR_ZLIB_CHUNKS_H
#define TSR_ZLIB_CHUNKS_H

#include <glib.h>

G_BEGIN_DECLS

/* A level that only codes repetition (deflate-repeats.h). */
#define ZLIB_CHUNKS_REPEATS (-1)

typedef struct
{
  int           level;     /* 1 .. 9, ZLIB_CHUNKS_REPEATS; 0: chunks are stored as they are */
  gpointer      deflate;   /* the libdeflate compressor, once needed */
  guint8       *data;      /* the chunks, end to end */
  gsize         used, allocated;
  gsize        *sizes;     /* bytes of each chunk */
  int           n_chunks, max_chunks;
} ZlibChunks;

void     zlib_chunks_init  (ZlibChunks *c, int level);
void     zlib_chunks_clear (ZlibChunks *c);

/* Forgets the chunks, keeping the buffers, for the next band. */
void     zlib_chunks_reset (ZlibChunks *c);

/* Appends the n bytes of src, compressed (at level 0: as they are).
 * stored, when not NULL, is what to store instead when compressing does
 * not make the chunk smaller (EXR's rule; also n bytes).  FALSE only when
 * no compressor can be had (out of memory). */
gboolean zlib_chunks_add   (ZlibChunks *c, const guint8 *src, gsize n, const guint8 *stored,
                            GError **error);

G_END_DECLS

#endif
