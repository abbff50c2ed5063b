/* What GIMP exported, read with Tessera's own photograph reader
 * (image-input), which already copes with every PNG and TIFF kind; the
 * tests also check the file is of the format they asked GIMP for. */
#include <math.h>
#include <string.h>

#include "image-input.h"
#include "image-io.h"

void
test_image_free (TestImage *image)
{
  if (image == NULL)
    return;
  g_free (image->raw);
  g_free (image->value);
  g_free (image);
}

static TestImage *
read_format (const char *path, const char *format, GError **error)
{
  ImageInputInfo info;
  TsrImage *read = image_input_read (path, &info, error);
  TestImage *image;
  gsize n;

  if (read == NULL)
    return NULL;
  if (strcmp (info.format, format) != 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: a %s file, not %s", path,
                   info.format, format);
      tsr_image_free (read);
      return NULL;
    }

  image = g_new0 (TestImage, 1);
  image->width = read->width;
  image->height = read->height;
  image->channels = read->channels;
  image->depth = info.depth;
  n = (gsize) read->width * read->height * read->channels;
  image->value = g_memdup2 (read->pixels, n * sizeof (float));
  if (info.depth != 32)
    {
      /* the reader keeps v / max, from which v comes back exactly */
      const float max = info.depth == 16 ? 65535.0f : 255.0f;
      image->raw = g_new (guint16, n);
      for (gsize k = 0; k < n; k++)
        image->raw[k] = (guint16) lrintf (image->value[k] * max);
    }
  tsr_image_free (read);
  return image;
}

TestImage *
test_image_read_png (const char *path, GError **error)
{
  return read_format (path, "PNG", error);
}

TestImage *
test_image_read_tiff (const char *path, GError **error)
{
  return read_format (path, "TIFF", error);
}
