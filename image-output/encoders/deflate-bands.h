/* One zlib stream from pieces compressed independently, as pigz does: each
 * piece is deflated on its own (on any thread) and ends on a byte boundary
 * with a sync flush, the last one with the stream's final block; laid end
 * to end after the 2-byte header, with the Adler-32 of the whole (combined
 * from the pieces') after them, they are one valid stream.  So bands of an
 * image are compressed in parallel while the file is written in order. */
#ifndef TSR_DEFLATE_BANDS_H
#define TSR_DEFLATE_BANDS_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const guint8 *data;     /* compressed bytes, owned by the DeflateStream */
  gsize         size;
  guint32       adler;    /* Adler-32 of the uncompressed piece */
  gsize         raw_size; /* uncompressed bytes */
} DeflatePiece;

/* A compressor reused piece after piece (zlib's state and the output
 * buffer are kept, not reallocated); one thread at a time. */
typedef struct _DeflateStream DeflateStream;

DeflateStream *deflate_stream_new  (int level, int strategy);
void           deflate_stream_free (DeflateStream *stream);

/* Compresses raw; last: the piece ends the stream.  out->data stays valid
 * until the next piece of the same DeflateStream.  FALSE only when zlib
 * fails (out of memory). */
gboolean deflate_piece         (DeflateStream *stream, const guint8 *raw, gsize size,
                                gboolean last, DeflatePiece *out, GError **error);

/* The stream's first two bytes (CMF, FLG) for the level. */
void     deflate_stream_header (int level, guint8 header[2]);

/* Adler-32 of pieces a then b (b of b_size bytes), for the trailer. */
guint32  deflate_adler_combine (guint32 a, guint32 b, gsize b_size);

/* The stream's last four bytes: the Adler-32 of all the data, big-endian. */
void     deflate_stream_trailer (guint32 adler, guint8 trailer[4]);

G_END_DECLS

#endif
