/* Reads GIMP's .pat files: see pat-reader.h. */
#include <string.h>

#include "pat-reader.h"

#define PAT_HEADER 24          /* five big-endian words and the magic */
#define PAT_MAX_SIDE 16384     /* GIMP's own patterns are a few hundred px */

static guint32
be32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
}

gboolean
tsr_pat_load (const char *path, TsrPat *pat, GError **error)
{
  g_autofree guint8 *data = NULL;
  gsize len;
  guint32 header, version, w, h, bpp;

  memset (pat, 0, sizeof *pat);
  if (!g_file_get_contents (path, (char **) &data, &len, error))
    return FALSE;
  if (len < PAT_HEADER || memcmp (data + 20, "GPAT", 4) != 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: not a GIMP pattern (no \"GPAT\" magic)", path);
      return FALSE;
    }
  header = be32 (data), version = be32 (data + 4);
  w = be32 (data + 8), h = be32 (data + 12), bpp = be32 (data + 16);
  if (version != 1 || header < PAT_HEADER || header > len)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: unsupported pattern version %u or header size %u", path, version,
                   header);
      return FALSE;
    }
  if (w == 0 || h == 0 || w > PAT_MAX_SIDE || h > PAT_MAX_SIDE || bpp < 1 || bpp > 4)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: bad size %u x %u or %u bytes per pixel", path, w, h, bpp);
      return FALSE;
    }
  if ((guint64) w * h * bpp > len - header)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: truncated (%" G_GSIZE_FORMAT " bytes of pixels, %u x %u x %u needed)",
                   path, len - header, w, h, bpp);
      return FALSE;
    }

  pat->width = (int) w;
  pat->height = (int) h;
  {
    const guint8 *name = data + PAT_HEADER, *end = memchr (name, 0, header - PAT_HEADER);

    pat->name = g_utf8_make_valid ((const char *) name,
                                   end != NULL ? end - name : (gssize) (header - PAT_HEADER));
  }
  pat->rgb = g_malloc ((gsize) w * h * 3);
  for (gsize i = 0; i < (gsize) w * h; i++)
    {
      const guint8 *src = data + header + i * bpp;
      guint8 *dst = pat->rgb + i * 3;
      const gboolean grey = bpp <= 2;

      dst[0] = src[0];
      dst[1] = grey ? src[0] : src[1];
      dst[2] = grey ? src[0] : src[2];
    }
  return TRUE;
}

void
tsr_pat_clear (TsrPat *pat)
{
  g_clear_pointer (&pat->name, g_free);
  g_clear_pointer (&pat->rgb, g_free);
}
