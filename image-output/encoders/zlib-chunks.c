/* Chunks compressed as whole zlib streams: see zlib-chunks.h. */
#include <string.h>
#include <libdeflate.h>

#include "deflate-repeats.h"
#include "zlib-chunks.h"

void
zlib_chunks_init (ZlibChunks *c, int level)
{
  memset (c, 0, sizeof *c);
  c->level = level;
}

void
zlib_chunks_clear (ZlibChunks *c)
{
  if (c->deflate != NULL)
    libdeflate_free_compressor (c->deflate);
  g_free (c->data);
  g_free (c->sizes);
  zlib_chunks_init (c, c->level);
}

void
zlib_chunks_reset (ZlibChunks *c)
{
  c->used = 0;
  c->n_chunks = 0;
}

gboolean
zlib_chunks_add (ZlibChunks *c, const guint8 *src, gsize n, const guint8 *stored,
                 GError **error)
{
  gsize bound = n, size = 0;

  if (c->level > 0 && c->deflate == NULL)
    {
      c->deflate = libdeflate_alloc_compressor (c->level);
      if (c->deflate == NULL)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                       "libdeflate: cannot make a compressor");
          return FALSE;
        }
    }
  if (c->level == ZLIB_CHUNKS_REPEATS && stored == NULL)
    /* Each block at most 6 bytes of its own; at most one block per
     * repetition (32 bytes or more) and one per 65535 stored bytes. */
    bound = n + 6 * (n / 32 + n / 65535 + 2) + 6;
  else if (c->level > 0 && stored == NULL)
    bound = libdeflate_zlib_compress_bound (c->deflate, n);
  if (c->used + bound > c->allocated)
    {
      c->allocated = MAX (c->used + bound, 2 * c->allocated);
      c->data = g_realloc (c->data, c->allocated);
    }
  if (c->n_chunks == c->max_chunks)
    {
      c->max_chunks = MAX (16, 2 * c->max_chunks);
      c->sizes = g_renew (gsize, c->sizes, c->max_chunks);
    }

  if (c->level == ZLIB_CHUNKS_REPEATS)
    size = deflate_repeats_zlib (src, n, c->data + c->used, stored != NULL ? n - 1 : bound);
  else if (c->level > 0)
    /* With stored, a result of n bytes or more does not fit: 0. */
    size = libdeflate_zlib_compress (c->deflate, src, n, c->data + c->used,
                                     stored != NULL ? n - 1 : bound);
  if (size == 0)
    {
      memcpy (c->data + c->used, stored != NULL ? stored : src, n);
      size = n;
    }
  c->sizes[c->n_chunks++] = size;
  c->used += size;
  return TRUE;
}
