/* The CLI's image files (image-output/image-output.h) through the library's API:
 * every format of the table gives the same bytes however the rows are
 * handed over, and a file never finished leaves the target as it was. */
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "cli-run.h"
#include "image-output.h"

#define W 1024   /* 64 rows a band: three bands */
#define H 150

/* A picture whose every row differs, with translucent pixels. */
static float *
test_picture (void)
{
  float *rgba = g_new (float, (gsize) W * H * 4);

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        float *p = rgba + ((gsize) y * W + x) * 4;
        p[0] = (float) x / (W - 1);
        p[1] = (float) y / (H - 1);
        p[2] = (float) ((x * 7 + y * 3) % 11) / 10;
        p[3] = 0.5f + 0.5f * (float) ((x + y) % 2);
      }
  return rgba;
}


static ImageOutput *
open_output (const char *path, ImageFormat format)
{
  const ImageContent content = { .alpha = format.backend != NULL && image_format_has_alpha (format) };
  GError *error = NULL;
  ImageOutput *out = image_output_new (path, format, NULL, W, H, &content, &error);

  g_assert_no_error (error);
  g_assert_nonnull (out);
  return out;
}

/* Rows handed over in runs of 1, 2, 3, ... rows (bands and each format's
 * groups of rows cut anywhere). */
static void
write_in_runs (const char *path, ImageFormat format, const float *rgba)
{
  ImageOutput *out = open_output (path, format);
  GError *error = NULL;

  for (int y = 0, run = 1; y < H; y += run, run++)
    g_assert_true (image_output_write_rows (out, rgba + (gsize) y * W * 4, W * 4,
                                            MIN (run, H - y), &error));
  g_assert_true (image_output_finish (out, &error));
  g_assert_no_error (error);
}

/* Bands encoded ahead, two of them in turn, as the renderer does. */
static void
write_in_bands (const char *path, ImageFormat format, const float *rgba)
{
  ImageOutput *out = open_output (path, format);
  ImageBand *bands[2] = { image_band_new (out), image_band_new (out) };
  const int rows = image_output_band_rows (out);
  GError *error = NULL;

  for (int y = 0, k = 0; y < H; y += rows, k++)
    {
      int n = MIN (rows, H - y);
      g_assert_true (image_output_encode (out, bands[k % 2], rgba + (gsize) y * W * 4, W * 4,
                                          y, n, &error));
      g_assert_true (image_output_write_band (out, bands[k % 2], n, &error));
    }
  g_assert_true (image_output_finish (out, &error));
  g_assert_no_error (error);
  image_band_free (bands[0]);
  image_band_free (bands[1]);
}

static void
test_same_bytes (void)
{
  char *dir = cli_run_tmpdir ();
  char *extensions = image_format_extensions ();
  char **list = g_strsplit (extensions, ", ", -1);
  float *rgba = test_picture ();
  int tested = 0;

  for (guint i = 0; list[i] != NULL; i++)
    for (int depth = 8; depth <= 32; depth *= 2)
      {
        char **alternatives = g_strsplit (list[i], "/", -1);
        char *runs = g_strdup_printf ("%s/runs-%d%s", dir, depth, alternatives[0]);
        char *bands = g_strdup_printf ("%s/bands-%d%s", dir, depth, alternatives[0]);
        char *message = NULL;
        ImageFormat format;

        if (image_format_choose (runs, depth, &format, &message))
          {
            GBytes *a, *b;

            write_in_runs (runs, format, rgba);
            write_in_bands (bands, format, rgba);
            a = cli_run_read_file (runs);
            b = cli_run_read_file (bands);
            if (!g_bytes_equal (a, b))
              g_error ("%s at %d bits: the bytes depend on how the rows came", list[i], depth);
            g_bytes_unref (a);
            g_bytes_unref (b);
            g_unlink (runs);
            g_unlink (bands);
            tested++;
          }
        g_free (message);
        g_free (runs);
        g_free (bands);
        g_strfreev (alternatives);
      }
  /* PNG 8, 16; TIFF 8, 16, 32; EXR 16, 32; WebP; JPEG at least. */
  g_assert_cmpint (tested, >=, 9);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_free (rgba);
  g_strfreev (list);
  g_free (extensions);
  g_free (dir);
}

/* A file given up (aborted, or finished short of rows) leaves the file it
 * was to replace as it was, and no temporary file beside it. */
static void
test_unfinished_keeps_target (void)
{
  char *dir = cli_run_tmpdir ();
  char *path = g_build_filename (dir, "kept.png", NULL);
  float *rgba = test_picture ();
  ImageFormat format;
  char *message = NULL, *listing, *text = NULL;
  GError *error = NULL;
  ImageOutput *out;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_true (image_format_choose (path, 16, &format, &message));

  out = open_output (path, format);
  g_assert_true (image_output_write_rows (out, rgba, W * 4, H / 2, &error));
  image_output_abort (out);

  out = open_output (path, format);
  g_assert_true (image_output_write_rows (out, rgba, W * 4, H - 1, &error));
  g_assert_false (image_output_finish (out, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, path));
  g_clear_error (&error);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "old");
  listing = cli_run_listing (dir);
  g_assert_cmpstr (listing, ==, "kept.png");

  g_unlink (path);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_free (listing);
  g_free (text);
  g_free (rgba);
  g_free (path);
  g_free (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/image-output/same-bytes-any-rows", test_same_bytes);
  g_test_add_func ("/cli/image-output/unfinished-keeps-target", test_unfinished_keeps_target);
  return g_test_run ();
}
