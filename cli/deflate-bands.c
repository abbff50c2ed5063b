/* Independently compressed pieces of one zlib stream: see deflate-bands.h. */
#include <zlib.h>

#include "deflate-bands.h"

gboolean
deflate_piece (const guint8 *raw, gsize size, int level, int strategy,
               gboolean last, DeflatePiece *out, GError **error)
{
  z_stream z = { 0 };
  gsize    bound;
  int      status;

  /* Raw deflate (negative window bits): the pieces share one header. */
  if (deflateInit2 (&z, level, Z_DEFLATED, -15, 8, strategy) != Z_OK)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM, "zlib: cannot start a stream");
      return FALSE;
    }
  /* deflateBound covers Z_FINISH; a sync flush adds at most 5 bytes, and
   * each 16k of input at most a few more when stored. */
  bound = deflateBound (&z, (uLong) size) + 16 + size / 4096;
  out->data = g_malloc (bound);
  z.next_in = (Bytef *) raw;
  z.avail_in = (uInt) size;
  z.next_out = out->data;
  z.avail_out = (uInt) bound;
  status = deflate (&z, last ? Z_FINISH : Z_SYNC_FLUSH);
  if ((last ? status != Z_STREAM_END : status != Z_OK) || z.avail_in != 0)
    {
      deflateEnd (&z);
      g_clear_pointer (&out->data, g_free);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   "zlib: compressing %" G_GSIZE_FORMAT " bytes failed (%d)", size, status);
      return FALSE;
    }
  out->size = bound - z.avail_out;
  out->raw_size = size;
  out->adler = (guint32) adler32 (adler32 (0, NULL, 0), raw, (uInt) size);
  deflateEnd (&z);
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
