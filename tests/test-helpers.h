/* Small helpers shared by the core's test programs. */
#ifndef TSR_TEST_HELPERS_H
#define TSR_TEST_HELPERS_H

#include <math.h>
#include <glib/gstdio.h>
#include "tessera.h"

/* Settings of `pattern`: its defaults plus the "key=value" overrides in
 * ap (NULL-terminated); aborts the test on any error. */
static inline void
test_settings_va (TsrSettings *s, const char *pattern, va_list ap)
{
  GError *error = NULL;
  const char *kv;

  g_assert_true (tsr_settings_init (s, pattern, &error));
  while ((kv = va_arg (ap, const char *)) != NULL)
    {
      char **parts = g_strsplit (kv, "=", 2);
      g_assert_nonnull (parts[1]);
      if (!tsr_settings_parse (s, parts[0], parts[1], &error))
        g_error ("%s: %s", kv, error->message);
      g_strfreev (parts);
    }
}

/* A texture of `pattern`, as tile `tile` of a set (NULL: a plain one),
 * with its defaults plus the "key=value" overrides in ap
 * (NULL-terminated); aborts the test on any error. */
static inline TsrTexture *
test_texture_va (const char *pattern, int w, int h, const TsrTileId *tile, va_list ap)
{
  TsrSettings s;
  GError *error = NULL;
  TsrTexture *tex;

  test_settings_va (&s, pattern, ap);
  tex = tsr_texture_new_tile (&s, w, h, NULL, tile, &error);
  if (tex == NULL)
    g_error ("%s %dx%d: %s", pattern, w, h, error->message);
  return tex;
}

/* Tile `tile` of a set of `pattern`, with "key=value" overrides
 * (NULL-terminated); aborts the test on any error. */
static inline TsrTexture *
test_tile_texture (const char *pattern, int w, int h, const TsrTileId *tile, ...)
{
  TsrTexture *tex;
  va_list ap;

  va_start (ap, tile);
  tex = test_texture_va (pattern, w, h, tile, ap);
  va_end (ap);
  return tex;
}

/* A texture of `pattern` with its defaults plus "key=value" overrides
 * (NULL-terminated); aborts the test on any error. */
static inline TsrTexture *
test_texture (const char *pattern, int w, int h, ...)
{
  TsrTexture *tex;
  va_list ap;

  va_start (ap, h);
  tex = test_texture_va (pattern, w, h, NULL, ap);
  va_end (ap);
  return tex;
}

/* Scalar values of a rectangle, single-threaded through the public API. */
static inline float *
test_render_scalar (const TsrTexture *tex, int x, int y, int w, int h, int threads)
{
  float *buf = g_new (float, (gsize) w * h);
  GError *error = NULL;
  g_assert_true (tsr_render_scalar (tex, x, y, w, h, buf, w, threads, NULL, NULL, &error));
  g_assert_no_error (error);
  return buf;
}

/* The documented 8/16-bit rounding, written out independently of the code
 * under test (core/color/quantize.h): floor (clamp (v, 0, 1) * max + 0.5), NaN -> 0. */
static inline guint
test_reference_quantize (float v, guint max)
{
  double d = v;

  if (!(d > 0.0))
    return 0;
  if (d >= 1.0)
    return max;
  return (guint) floor (d * max + 0.5);
}

/* Removes a file or a folder and everything in it, without following
 * symbolic links; read-only folders are made writable first. */
static inline void
test_remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_unlink (path);
      return;
    }
  g_chmod (path, 0700);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        test_remove_tree (child);
      else
        g_unlink (child);
      g_free (child);
    }
  g_dir_close (dir);
  g_rmdir (path);
}

/* The mean |step| between the neighbouring lines `from` and from + 1
 * (wrapping) of a w x h RGBA image: columns with across, else rows. */
static inline double
test_line_step (const float *rgba, int w, int h, int from, gboolean across)
{
  const int n = across ? h : w, size = across ? w : h;
  double sum = 0.0;

  for (int k = 0; k < n; k++)
    for (int c = 0; c < 3; c++)
      {
        const int a = across ? k * w + from : from * w + k;
        const int b = across ? k * w + (from + 1) % size : ((from + 1) % size) * w + k;

        sum += fabs (rgba[4 * a + c] - rgba[4 * b + c]);
      }
  return sum / (3 * n);
}

/* The steps between an atlas's tiles (w x h RGBA, tiles `tile` pixels
 * square), across its wrap too, are each at most factor times the
 * roughest step between neighbouring lines inside a tile, plus slack. */
static inline void
test_assert_atlas_seams (const char *what, const float *atlas, int w, int h, int tile,
                         double factor, double slack)
{
  for (int across = 0; across < 2; across++)
    {
      const int size = across ? w : h;
      double inside = 0.0;

      for (int l = 0; l < size; l++)
        if (l % tile != tile - 1)
          inside = MAX (inside, test_line_step (atlas, w, h, l, across));
      for (int l = tile - 1; l < size; l += tile)
        {
          const double step = test_line_step (atlas, w, h, l, across);

          g_test_message ("%s: step after %s %d %.4f, roughest inside %.4f", what,
                          across ? "column" : "row", l, step, inside);
          if (step > factor * inside + slack)
            g_error ("%s: step %.4f after %s %d against %.4f inside", what, step,
                     across ? "column" : "row", l, inside);
        }
    }
}

#endif
