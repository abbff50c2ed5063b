/* Image checks shared by the GIMP tests. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gimp-batch.h"
#include "gimp-tests.h"

void
test_check_varied (const char *what, const TestImage *im)
{
  GHashTable *levels = g_hash_table_new (g_direct_hash, g_direct_equal);
  double sum = 0, sum2 = 0, sd;
  int n = im->width * im->height;

  for (int i = 0; i < n; i++)
    {
      float v = im->value[(gsize) i * im->channels];
      guint32 bits;
      memcpy (&bits, &v, 4);
      g_hash_table_add (levels, GUINT_TO_POINTER (bits));
      sum += v, sum2 += (double) v * v;
    }
  sd = sqrt (MAX (0.0, sum2 / n - (sum / n) * (sum / n)));
  if (g_hash_table_size (levels) < 16 || sd < 0.02)
    g_error ("%s: the image is (nearly) flat: %u levels, standard deviation %.4f",
             what, g_hash_table_size (levels), sd);
  g_hash_table_unref (levels);
}

static int
cmp_float (const void *a, const void *b)
{
  float x = *(const float *) a, y = *(const float *) b;
  return (x > y) - (x < y);
}

void
test_check_float_levels (const char *what, const TestImage *im)
{
  int n = im->width * im->height, distinct = 0;
  float *v = g_new (float, n);

  g_assert_cmpint (im->depth, ==, 32);
  for (int i = 0; i < n; i++)
    v[i] = im->value[(gsize) i * im->channels];
  qsort (v, n, sizeof *v, cmp_float);
  for (int i = 0; i < n; i++)
    distinct += i == 0 || v[i] != v[i - 1];
  g_free (v);
  if (distinct <= 256)
    g_error ("%s: only %d distinct float values: quantised somewhere", what, distinct);
}

void
test_check_same (const char *what, const TestImage *a, const TestImage *b)
{
  gsize n = (gsize) a->width * a->height * a->channels;

  if (a->width != b->width || a->height != b->height || a->channels != b->channels
      || a->depth != b->depth)
    g_error ("%s: %dx%dx%d/%d vs %dx%dx%d/%d", what, a->width, a->height, a->channels, a->depth,
             b->width, b->height, b->channels, b->depth);
  for (gsize i = 0; i < n; i++)
    if (a->value[i] != b->value[i])
      g_error ("%s: sample %" G_GSIZE_FORMAT " (pixel %d,%d) differs: %g vs %g", what, i,
               (int) (i / a->channels % a->width), (int) (i / a->channels / a->width),
               a->value[i], b->value[i]);
}

TestImage *
test_load_work_png (const char *name)
{
  g_autofree char *path = gimp_work_file (name);
  g_autoptr (GError) error = NULL;
  TestImage *im = test_image_read_png (path, &error);

  g_assert_no_error (error);
  return im;
}

TestImage *
test_cli_render (const char *name, const char *const *args)
{
  g_autofree char *path = gimp_work_file (name);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) g_getenv ("TESSERA_CLI"));
  g_ptr_array_add (argv, "render");
  for (const char *const *a = args; *a; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, "--output");
  g_ptr_array_add (argv, path);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return test_load_work_png (name);
}

/* Largest difference in 8-bit levels over the RGB samples, and how many
 * samples differ at all. */
int
test_max_levels (const TestImage *a, const TestImage *b, gsize *n_differ)
{
  int worst = 0;

  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  *n_differ = 0;
  for (int y = 0; y < a->height; y++)
    for (int x = 0; x < a->width; x++)
      for (int c = 0; c < 3; c++)
        {
          int d = ABS ((int) (test_image_at (a, x, y, c) * 255.0f + 0.5f) -
                       (int) (test_image_at (b, x, y, c) * 255.0f + 0.5f));
          worst = MAX (worst, d);
          *n_differ += d != 0;
        }
  return worst;
}

