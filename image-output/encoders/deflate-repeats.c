/* Repetition-only deflate: see deflate-repeats.h.  The stream is an
 * alternation of stored blocks (the noise) and fixed-Huffman blocks of
 * distance-2 matches (the repetition), RFC 1951. */
#include <string.h>
#include <libdeflate.h>

#include "deflate-repeats.h"

/* Shorter repetitions stay in the stored block: switching blocks costs
 * about 6 bytes. */
#define MIN_REPEAT 32
#define PROBE      16
#define MAX_STORED 65535
#define MAX_MATCH  258

typedef struct
{
  guint8  *p, *end;
  guint64  bits;     /* pending bits, least significant first */
  int      n_bits;
  gboolean full;     /* ran out of room */
} BitWriter;

static void
put_bits (BitWriter *w, guint32 value, int n)
{
  w->bits |= (guint64) value << w->n_bits;
  w->n_bits += n;
  while (w->n_bits >= 8)
    {
      if (w->p == w->end)
        {
          w->full = TRUE;
          w->n_bits = 0;
          return;
        }
      *w->p++ = (guint8) w->bits;
      w->bits >>= 8;
      w->n_bits -= 8;
    }
}

/* Huffman codes go most significant bit first. */
static void
put_code (BitWriter *w, guint32 code, int n)
{
  guint32 reversed = 0;

  for (int k = 0; k < n; k++)
    reversed |= ((code >> k) & 1) << (n - 1 - k);
  put_bits (w, reversed, n);
}

static void
align_to_byte (BitWriter *w)
{
  if (w->n_bits > 0)
    put_bits (w, 0, 8 - w->n_bits);
}

static void
put_bytes (BitWriter *w, const guint8 *src, gsize n)
{
  if (w->full || (gsize) (w->end - w->p) < n)
    {
      w->full = TRUE;
      return;
    }
  memcpy (w->p, src, n);
  w->p += n;
}

static void
put_stored (BitWriter *w, const guint8 *src, gsize n, gboolean final)
{
  do
    {
      guint32 len = (guint32) MIN (n, MAX_STORED);
      gboolean last = final && len == n;

      put_bits (w, last, 1);
      put_bits (w, 0, 2);
      align_to_byte (w);
      put_bits (w, len | (~len & 0xffff) << 16, 32);
      put_bytes (w, src, len);
      src += len;
      n -= len;
    }
  while (n > 0 && !w->full);
}

/* The fixed literal/length code of symbol s (RFC 1951, 3.2.6). */
static void
put_fixed_symbol (BitWriter *w, int s)
{
  if (s < 144)
    put_code (w, 0x30 + s, 8);
  else if (s < 256)
    put_code (w, 0x190 + s - 144, 9);
  else if (s < 280)
    put_code (w, s - 256, 7);
  else
    put_code (w, 0xc0 + s - 280, 8);
}

/* A match of length 3 .. 258 at distance 2. */
static void
put_match (BitWriter *w, int length)
{
  static const guint16 base[] = {
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258
  };
  static const guint8 extra[] = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
    3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0
  };
  int k = G_N_ELEMENTS (base) - 1;

  while (base[k] > length)
    k--;
  put_fixed_symbol (w, 257 + k);
  put_bits (w, (guint32) (length - base[k]), extra[k]);
  put_code (w, 1, 5);            /* distance code 1: distance 2 */
}

/* n bytes, each equal to the one two before it (which precede src). */
static void
put_repeat (BitWriter *w, const guint8 *src, gsize n)
{
  put_bits (w, 0, 1);
  put_bits (w, 1, 2);            /* fixed Huffman codes */
  while (n >= 3)
    {
      /* Leave no tail of 1 or 2 bytes that a match cannot take. */
      int length = n > MAX_MATCH ? (n - MAX_MATCH < 3 ? MAX_MATCH - 3 : MAX_MATCH) : (int) n;

      put_match (w, length);
      src += length;
      n -= (gsize) length;
    }
  for (gsize k = 0; k < n; k++)
    put_fixed_symbol (w, src[k]);
  put_fixed_symbol (w, 256);
}

static gboolean
equals_two_before (const guint8 *src, gsize i)
{
  guint64 a, b;

  memcpy (&a, src + i, 8);
  memcpy (&b, src + i - 2, 8);
  return a == b;
}

gsize
deflate_repeats_zlib (const guint8 *src, gsize n, guint8 *dst, gsize capacity)
{
  BitWriter w = { .p = dst, .end = dst + capacity };
  gsize pending = 0;      /* the first byte not yet written */

  /* CMF: deflate with a 32 KiB window; FLG: fastest, check bits. */
  put_bits (&w, 0x78 | 0x01 << 8, 16);
  /* A repetition of MIN_REPEAT (32) bytes holds 8 whole bytes from one of
   * these probes, so noise costs one comparison per PROBE bytes. */
  for (gsize probe = PROBE; probe + 8 <= n && !w.full; probe += PROBE)
    {
      gsize start = probe, end = probe + 8;

      if (!equals_two_before (src, probe))
        continue;
      while (start > MAX (pending, 2) && src[start - 1] == src[start - 3])
        start--;
      while (end + 8 <= n && equals_two_before (src, end))
        end += 8;
      while (end < n && src[end] == src[end - 2])
        end++;
      if (end - start < MIN_REPEAT)
        continue;
      if (start > pending)
        put_stored (&w, src + pending, start - pending, FALSE);
      put_repeat (&w, src + start, end - start);
      pending = end;
      probe = end / PROBE * PROBE;
    }
  put_stored (&w, src + pending, n - pending, TRUE);
  align_to_byte (&w);
  put_bits (&w, GUINT32_SWAP_LE_BE (libdeflate_adler32 (1, src, n)), 32);   /* big-endian */
  return w.full ? 0 : (gsize) (w.p - dst);
}
