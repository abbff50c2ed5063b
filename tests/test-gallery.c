/* The README's gallery (docs/gallery/PATTERN.png, made by tools/cli-gallery)
 * shows what today's code renders: each image is decoded and compared,
 * pixel for pixel, with the same texture rendered through the core and
 * rounded as the CLI rounds it.  A change of look without a fresh gallery
 * fails here, naming the pattern and the command that mends it. */
#include <png.h>
#include <string.h>

#include "color/quantize.h"
#include "tessera.h"
#include "test-helpers.h"

/* Keep in step with tools/cli-gallery: one tile of GALLERY_TILE pixels,
 * defaults otherwise, shown repeated 2 x 2 so a seam would show. */
#define GALLERY_TILE 160

static guint8 *
read_gallery_png (const char *path, int *width, int *height)
{
  png_image image;
  guint8 *pixels;

  memset (&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file (&image, path))
    g_error ("%s: %s (run tools/cli-gallery)", path, image.message);
  image.format = PNG_FORMAT_RGBA;
  pixels = g_malloc (PNG_IMAGE_SIZE (image));
  if (!png_image_finish_read (&image, NULL, pixels, 0, NULL))
    g_error ("%s: %s", path, image.message);
  *width = (int) image.width;
  *height = (int) image.height;
  return pixels;
}

static void
test_gallery_current (void)
{
  const int n = 2 * GALLERY_TILE;

  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      const char *name = tsr_patterns[p]->name;
      char *file = g_strdup_printf ("%s.png", name);
      char *path = g_test_build_filename (G_TEST_DIST, "..", "docs", "gallery", file, NULL);
      char period_w[32], period_h[32];
      TsrTexture *tex;
      float *rgba = g_new (float, (gsize) n * n * 4);
      guint8 *committed;
      int w, h, differ = 0;

      g_snprintf (period_w, sizeof period_w, "period-w=%d", GALLERY_TILE);
      g_snprintf (period_h, sizeof period_h, "period-h=%d", GALLERY_TILE);
      tex = test_texture (name, n, n, period_w, period_h, NULL);
      g_assert_true (tsr_render (tex, 0, 0, n, n, rgba, (gsize) n * 4, 2, NULL, NULL, NULL));
      committed = read_gallery_png (path, &w, &h);
      g_assert_cmpint (w, ==, n);
      g_assert_cmpint (h, ==, n);
      for (gsize i = 0; i < (gsize) n * n * 4; i++)
        differ += committed[i] != tsr_quantize_unit (rgba[i], 255);
      if (differ != 0)
        g_error ("docs/gallery/%s: %d of %d samples differ from what the code renders now "
                 "(run tools/cli-gallery)", file, differ, n * n * 4);
      g_free (committed);
      g_free (rgba);
      g_free (path);
      g_free (file);
      tsr_texture_free (tex);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/gallery/current", test_gallery_current);
  return g_test_run ();
}
