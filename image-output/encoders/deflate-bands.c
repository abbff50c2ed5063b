/* Independently compressed pieces of one zlib stream: see deflate-bands.h. */
#include <zlib.h>

#include "deflate-bands.h"

struct _DeflateStream
{
  z_stream z;
  gboolean ready;     /* z initialised */
  int      level, strategy;
  guint8  *out;
  gsize    out_size;
};

DeflateStream *
deflate_stream_new (int level, int strategy)
{
  DeflateStream *s = g_new0 (DeflateStream, 1);

  s->level = level;
  s->strategy = strategy;
  return s;
}

void
deflate_stream_free (DeflateStream *s)
{
  if (s == NULL)
    return;
  if (s->ready)
    deflateEnd (&s->z);
  g_free (s->out);
  g_free (s);
}

gboolean
deflate_piece (DeflateStream *s, const guint8 *raw, gsize size, gboolean last,
               DeflatePiece *out, GError **error)
{
  gsize bound;
  int   status;

  /* Raw deflate (negative window bits): the pieces share one header. */
  if (s->ready)
    deflateReset (&s->z);
  else if (deflateInit2 (&s->z, s->level, Z_DEFLATED, -15, 8, s->strategy) == Z_OK)
    s->ready = TRUE;
  else
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM, "zlib: cannot start a stream");
      return FALSE;
    }
  /* deflateBound covers Z_FINISH; a sync flush adds at most 5 bytes, and
   * each 16k of input at most a few more when stored. */
  bound = deflateBound (&s->z, (uLong) size) + 16 + size / 4096;
  if (bound > s->out_size)
    {
      g_free (s->out);
      s->out = g_malloc (bound);
      s->out_size = bound;
    }
  s->z.next_in = (Bytef *) raw;
  s->z.avail_in = (uInt) size;
  s->z.next_out = s->out;
  s->z.avail_out = (uInt) bound;
  status = deflate (&s->z, last ? Z_FINISH : Z_SYNC_FLUSH);
  if ((last ? status != Z_STREAM_END : status != Z_OK) || s->z.avail_in != 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   "zlib: compressing %" G_GSIZE_FORMAT " bytes failed (%d)", size, status);
      return FALSE;
    }
  out->data = s->out;
  out->size = bound - s->z.avail_out;
  out->raw_size = size;
  out->adler = (guint32) adler32 (adler32 (0, NULL, 0), raw, (uInt) size);
  return TRUE;
}

void
deflate_stream_header (int level, guint8 header[2])
{
  /* CMF: deflate, 32k window.  FLG: the level's hint, and check bits
   * making CMF * 256 + FLG a multiple of 31. */
  int hint = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
  int cmf = 0x78, flg = hint << 6;

  flg += (31 - (cmf * 256 + flg) % 31) % 31;
  header[0] = (guint8) cmf;
  header[1] = (guint8) flg;
}

guint32
deflate_adler_combine (guint32 a, guint32 b, gsize b_size)
{
  return (guint32) adler32_combine (a, b, (z_off_t) b_size);
}

void
deflate_stream_trailer (guint32 adler, guint8 trailer[4])
{
  trailer[0] = (guint8) (adler >> 24);
  trailer[1] = (guint8) (adler >> 16);
  trailer[2] = (guint8) (adler >> 8);
  trailer[3] = (guint8) adler;
}
