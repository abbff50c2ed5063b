/* Repetition-only deflate makes zlib streams that zlib itself inflates
 * back to the input, whatever the mix of noise and repetition, and never
 * writes past the room it is given. */
#include <string.h>
#include <zlib.h>
#include <glib.h>

#include "encoders/deflate-repeats.h"

/* Room enough for any input (stored blocks of 65535 bytes, a block per
 * repetition). */
static gsize
room_for (gsize n)
{
  return n + 6 * (n / 32 + n / 65535 + 2) + 6;
}

static gsize
compress_and_check (const guint8 *src, gsize n)
{
  gsize room = room_for (n);
  guint8 *packed = g_malloc (room + 1), *back = g_malloc (n + 1);
  uLongf back_size = n + 1;
  gsize size;

  packed[room] = 0xa5;
  size = deflate_repeats_zlib (src, n, packed, room);
  g_assert_cmpuint (size, >, 0);
  g_assert_cmpuint (packed[room], ==, 0xa5);
  g_assert_cmpint (uncompress (back, &back_size, packed, size), ==, Z_OK);
  g_assert_cmpmem (back, back_size, src, n);
  /* One byte less room than it took: refused, nothing written beyond. */
  packed[size - 1] = 0x5a;
  g_assert_cmpuint (deflate_repeats_zlib (src, n, packed, size - 1), ==, 0);
  g_assert_cmpuint (packed[size - 1], ==, 0x5a);
  g_free (packed);
  g_free (back);
  return size;
}

static void
fill_noise (GRand *rand, guint8 *dst, gsize n)
{
  for (gsize i = 0; i < n; i++)
    dst[i] = (guint8) g_rand_int_range (rand, 0, 256);
}

/* Each byte two before: a period-2 pattern such as an alpha plane's. */
static void
fill_repeat (GRand *rand, guint8 *dst, gsize n)
{
  guint8 a = (guint8) g_rand_int (rand), b = (guint8) g_rand_int (rand);

  for (gsize i = 0; i < n; i++)
    dst[i] = i % 2 ? b : a;
}

static void
test_small (void)
{
  static const guint8 bytes[] = { 7, 7, 7, 7, 7 };

  for (gsize n = 0; n <= sizeof bytes; n++)
    compress_and_check (bytes, n);
}

/* Repetitions around the shortest kept (32), the longest match (258) and
 * its remainders of 1 and 2, at the start, between noise and at the end. */
static void
test_mixed (void)
{
  static const gsize repeats[] = { 1, 2, 3, 31, 32, 33, 40, 258, 259, 260, 261, 516, 517,
                                   518, 1000, 70000 };
  static const gsize noises[] = { 0, 1, 2, 3, 15, 16, 17, 100, 65535, 65536, 70000 };
  GRand *rand = g_rand_new_with_seed (26);

  for (guint r = 0; r < G_N_ELEMENTS (repeats); r++)
    for (guint k = 0; k < G_N_ELEMENTS (noises); k++)
      {
        gsize n = 2 * repeats[r] + 2 * noises[k], at = 0;
        guint8 *src = g_malloc (n + 1);

        fill_repeat (rand, src, repeats[r]), at += repeats[r];
        fill_noise (rand, src + at, noises[k]), at += noises[k];
        fill_repeat (rand, src + at, repeats[r]), at += repeats[r];
        fill_noise (rand, src + at, noises[k]);
        compress_and_check (src, n);
        g_free (src);
      }
  g_rand_free (rand);
}

static void
test_gain (void)
{
  const gsize n = 1 << 20;
  guint8 *src = g_malloc (n);
  GRand *rand = g_rand_new_with_seed (4);
  gsize size;

  /* Repetition shrinks to about 13 bits per 258 bytes. */
  fill_repeat (rand, src, n);
  size = compress_and_check (src, n);
  g_assert_cmpuint (size, <, n / 100);
  /* Noise cannot shrink: it does not fit in fewer bytes than it has. */
  fill_noise (rand, src, n);
  size = compress_and_check (src, n);
  g_assert_cmpuint (size, >, n);
  g_rand_free (rand);
  g_free (src);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/deflate-repeats/small", test_small);
  g_test_add_func ("/cli/deflate-repeats/mixed", test_mixed);
  g_test_add_func ("/cli/deflate-repeats/gain", test_gain);
  return g_test_run ();
}
