#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "image-input-backend.h"

typedef struct
{
  const char   *name;
  const guint8 *magic;
  gsize         length, at;
  TsrImage   *(*read) (const char *path, ImageInputInfo *info, GError **error);
} InputFormat;

static const InputFormat formats[] = {
  { "PNG",     (const guint8 *) "\x89PNG\r\n\x1a\n", 8, 0, input_png_read },
  { "JPEG",    (const guint8 *) "\xff\xd8\xff",      3, 0, input_jpeg_read },
  { "WebP",    (const guint8 *) "WEBP",              4, 8, input_webp_read },
  { "TIFF",    (const guint8 *) "II*\0",             4, 0, input_tiff_read },
  { "TIFF",    (const guint8 *) "MM\0*",             4, 0, input_tiff_read },
  { "OpenEXR", (const guint8 *) "\x76\x2f\x31\x01",  4, 0, input_exr_read },
};

TsrImage *
input_image_new (const char *path, int width, int height, int channels, GError **error)
{
  GError *local = NULL;
  TsrImage *im = tsr_image_new (width, height, channels, &local);

  if (im == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "'%s': %s", path,
                   local->message);
      g_error_free (local);
    }
  return im;
}

TsrImage *
image_input_read (const char *path, ImageInputInfo *info, GError **error)
{
  guint8 head[16] = { 0 };
  gsize got;
  FILE *f = g_fopen (path, "rb");

  memset (info, 0, sizeof *info);
  if (f == NULL)
    {
      int e = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "cannot read '%s': %s",
                   path, g_strerror (e));
      return NULL;
    }
  got = fread (head, 1, sizeof head, f);
  fclose (f);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (got >= formats[i].at + formats[i].length
        && memcmp (head + formats[i].at, formats[i].magic, formats[i].length) == 0
        && (formats[i].at == 0 || memcmp (head, "RIFF", 4) == 0))
      {
        info->format = formats[i].name;
        return formats[i].read (path, info, error);
      }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
               "'%s' is not a PNG, TIFF, OpenEXR, WebP or JPEG file", path);
  return NULL;
}
