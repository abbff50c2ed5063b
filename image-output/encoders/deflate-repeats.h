/* A zlib stream made in one fast pass for data that is mostly noise with
 * stretches of repetition, such as ZIP-prepared float EXR chunks: an
 * opaque alpha plane, or a flat channel, becomes a stretch where each
 * byte equals the one two before it.  Those stretches are coded as
 * matches at distance 2 (fixed Huffman codes, 13 bits per 258 bytes);
 * everything else is stored as it is.  No Huffman coding of literals and
 * no search for other matches: several times faster than libdeflate's
 * fastest level, and on float data within a few percent of its size (its
 * gain there is nearly all the repetition). */
#ifndef TSR_DEFLATE_REPEATS_H
#define TSR_DEFLATE_REPEATS_H

#include <glib.h>

G_BEGIN_DECLS

/* Writes src's n bytes as one zlib stream into dst; returns its size, or
 * 0 when it would take more than capacity bytes. */
gsize deflate_repeats_zlib (const guint8 *src, gsize n, guint8 *dst, gsize capacity);

G_END_DECLS

#endif
