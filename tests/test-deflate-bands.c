/* Pieces compressed apart make one zlib stream that zlib itself inflates
 * back to the whole, whatever the pieces' sizes, levels and strategies. */
#include <string.h>
#include <zlib.h>
#include <glib.h>

#include "encoders/deflate-bands.h"

static guint8 *
join (GPtrArray *pieces, int level, gsize *size)
{
  GByteArray *out = g_byte_array_new ();
  guint8 header[2], trailer[4];
  guint32 adler = 1;

  deflate_stream_header (level, header);
  g_byte_array_append (out, header, 2);
  for (guint i = 0; i < pieces->len; i++)
    {
      DeflatePiece *p = g_ptr_array_index (pieces, i);
      g_byte_array_append (out, p->data, (guint) p->size);
      adler = deflate_adler_combine (adler, p->adler, p->raw_size);
    }
  deflate_stream_trailer (adler, trailer);
  g_byte_array_append (out, trailer, 4);
  *size = out->len;
  return g_byte_array_free (out, FALSE);
}

/* A piece's bytes live in its DeflateStream until its next piece: keep a
 * copy. */
static void
piece_free (gpointer data)
{
  DeflatePiece *p = data;
  g_free ((gpointer) p->data);
  g_free (p);
}

static void
test_round_trip (void)
{
  static const gsize cuts[][4] = { { 1000000, 0 }, { 1, 999999, 0 }, { 70000, 0, 500000, 430000 },
                                   { 333333, 333333, 333334, 0 } };
  static const int levels[] = { 0, 1, 6, 9 };
  static const int strategies[] = { Z_DEFAULT_STRATEGY, Z_RLE, Z_HUFFMAN_ONLY, Z_FILTERED };
  const gsize total = 1000000;
  guint8 *raw = g_malloc (total), *back = g_malloc (total);
  GRand *rand = g_rand_new_with_seed (7);

  /* Half smooth, half noise: both kinds of block. */
  for (gsize i = 0; i < total; i++)
    raw[i] = i < total / 2 ? (guint8) (i / 1000) : (guint8) g_rand_int (rand);

  for (guint c = 0; c < G_N_ELEMENTS (cuts); c++)
    for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
      {
        GPtrArray *pieces = g_ptr_array_new_with_free_func (piece_free);
        gsize at = 0, size;
        uLongf back_size = total;
        guint8 *stream;

        /* Two streams taking turns, each reused, as worker threads do. */
        DeflateStream *streams[2] = { deflate_stream_new (levels[l], strategies[(c + l) % 4]),
                                      deflate_stream_new (levels[l], strategies[(c + l) % 4]) };
        for (guint k = 0; k < G_N_ELEMENTS (cuts[c]) && at < total; k++)
          {
            gsize n = cuts[c][k];
            DeflatePiece *p = g_new0 (DeflatePiece, 1);
            gboolean last = at + n == total;
            g_assert_true (deflate_piece (streams[k % 2], raw + at, n, last, p, NULL));
            g_assert_cmpuint (p->raw_size, ==, n);
            p->data = g_memdup2 (p->data, p->size);
            g_ptr_array_add (pieces, p);
            at += n;
          }
        deflate_stream_free (streams[0]);
        deflate_stream_free (streams[1]);
        g_assert_cmpuint (at, ==, total);
        stream = join (pieces, levels[l], &size);
        g_assert_cmpint ((stream[0] * 256 + stream[1]) % 31, ==, 0);
        memset (back, 0, total);
        g_assert_cmpint (uncompress (back, &back_size, stream, size), ==, Z_OK);
        g_assert_cmpuint (back_size, ==, total);
        g_assert_true (memcmp (raw, back, total) == 0);

        /* A damaged trailer is caught: the checksum really covers the data. */
        stream[size - 1] ^= 1;
        back_size = total;
        g_assert_cmpint (uncompress (back, &back_size, stream, size), ==, Z_DATA_ERROR);
        g_free (stream);
        g_ptr_array_unref (pieces);
      }
  g_rand_free (rand);
  g_free (raw);
  g_free (back);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/deflate-bands/round-trip", test_round_trip);
  return g_test_run ();
}
