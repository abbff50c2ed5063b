/* The .pat reader of tools/photo-compare: GIMP's header, names and pixel
 * layouts read back exactly; truncated, foreign and oversized files
 * refused with an error that names the problem. */
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "pat-reader.h"

/* A .pat file of w x h pixels, bpp bytes each (pixel i's bytes i * 7 + c),
 * its header claiming `claimed_h` rows and holding `rows` of them. */
static char *
write_pat (const char *name, int w, int claimed_h, int rows, int bpp, const char *magic)
{
  const gsize header = 24 + strlen (name) + 1;
  GByteArray *b = g_byte_array_new ();
  const guint32 words[5] = { header, 1, (guint32) w, (guint32) claimed_h, (guint32) bpp };
  char *path = g_build_filename (g_get_tmp_dir (), "test-pat-reader-XXXXXX.pat", NULL);
  int fd = g_mkstemp (path);

  for (int k = 0; k < 5; k++)
    {
      const guint32 be = GUINT32_TO_BE (words[k]);
      g_byte_array_append (b, (const guint8 *) &be, 4);
    }
  g_byte_array_append (b, (const guint8 *) magic, 4);
  g_byte_array_append (b, (const guint8 *) name, strlen (name) + 1);
  for (int i = 0; i < w * rows; i++)
    for (int c = 0; c < bpp; c++)
      {
        const guint8 v = (guint8) (i * 7 + c);
        g_byte_array_append (b, &v, 1);
      }
  g_assert_cmpint (fd, >=, 0);
  g_close (fd, NULL);
  g_assert_true (g_file_set_contents (path, (const char *) b->data, b->len, NULL));
  g_byte_array_unref (b);
  return path;
}

static void
test_layouts (void)
{
  for (int bpp = 1; bpp <= 4; bpp++)
    {
      char *path = write_pat ("Pool Bottom", 5, 3, 3, bpp, "GPAT");
      GError *error = NULL;
      TsrPat pat;

      g_assert_true (tsr_pat_load (path, &pat, &error));
      g_assert_no_error (error);
      g_assert_cmpint (pat.width, ==, 5);
      g_assert_cmpint (pat.height, ==, 3);
      g_assert_cmpstr (pat.name, ==, "Pool Bottom");
      for (int i = 0; i < 15; i++)
        {
          /* grey is copied to R, G and B; alpha is dropped */
          const guint8 r = (guint8) (i * 7), g = (guint8) (i * 7 + (bpp >= 3 ? 1 : 0));
          const guint8 bl = (guint8) (i * 7 + (bpp >= 3 ? 2 : 0));

          g_assert_cmpuint (pat.rgb[i * 3], ==, r);
          g_assert_cmpuint (pat.rgb[i * 3 + 1], ==, g);
          g_assert_cmpuint (pat.rgb[i * 3 + 2], ==, bl);
        }
      tsr_pat_clear (&pat);
      g_unlink (path);
      g_free (path);
    }
}

static void
expect_refused (char *path, const char *words)
{
  GError *error = NULL;
  TsrPat pat;

  g_assert_false (tsr_pat_load (path, &pat, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, words));
  g_assert_null (pat.rgb);
  g_error_free (error);
  g_unlink (path);
  g_free (path);
}

static void
test_refused (void)
{
  expect_refused (write_pat ("short", 4, 4, 3, 3, "GPAT"), "truncated");
  expect_refused (write_pat ("magic", 4, 4, 4, 3, "GIMP"), "GPAT");
  expect_refused (write_pat ("wide", 4, 0, 0, 3, "GPAT"), "bad size");
  expect_refused (write_pat ("deep", 2, 2, 2, 5, "GPAT"), "bytes per pixel");
  expect_refused (g_strdup ("/nonexistent/pool.pat"), "pool.pat");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tools/pat-reader/layouts", test_layouts);
  g_test_add_func ("/tools/pat-reader/refused", test_refused);
  return g_test_run ();
}
