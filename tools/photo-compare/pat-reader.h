/* GIMP's pattern files (.pat): a 20-byte big-endian header (header size,
 * version, width, height, bytes per pixel), the magic "GPAT", the
 * pattern's NUL-terminated name (filling the header), then the raw pixels
 * row by row: grey, grey + alpha, RGB or RGBA, 8 bits a channel. */
#ifndef TSR_PAT_READER_H
#define TSR_PAT_READER_H

#include <glib.h>

typedef struct
{
  int     width, height;
  char   *name;   /* the pattern's own name, UTF-8 */
  guint8 *rgb;    /* width * height * 3, opaque (alpha dropped) */
} TsrPat;

/* Reads a .pat file; FALSE with an error naming the problem. */
gboolean tsr_pat_load (const char *path, TsrPat *pat, GError **error);
void     tsr_pat_clear (TsrPat *pat);

#endif
