/* What a user sees first: the automatic feature size, the stretch
 * control, the said (not silent) limit on the feature size when tiling,
 * and grey-scale patterns that use the whole range at every size and seed. */
#include <stdlib.h>
#include <string.h>

#include "tessera.h"
#include "test-helpers.h"

static gboolean
same_pixels (const TsrTexture *a, const TsrTexture *b, int w, int h)
{
  float *pa = test_render_scalar (a, 0, 0, w, h, 1);
  float *pb = test_render_scalar (b, 0, 0, w, h, 1);
  gboolean same = memcmp (pa, pb, sizeof (float) * w * h) == 0;

  g_free (pa);
  g_free (pb);
  return same;
}

/* scale = 0: a quarter of the shorter side on small layers, 128 on big ones. */
static void
test_auto_scale (void)
{
  static const struct { int w, h; const char *equivalent; } cases[] = {
    { 256, 256, "scale=64" },
    { 64, 96, "scale=16" },
    { 1024, 600, "scale=128" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      int w = cases[i].w, h = cases[i].h;
      TsrTexture *automatic = test_texture ("perlin", w, h, NULL);
      TsrTexture *explicit = test_texture ("perlin", w, h, cases[i].equivalent, NULL);
      TsrTexture *other = test_texture ("perlin", w, h, "scale=40", NULL);

      g_assert_true (same_pixels (automatic, explicit, MIN (w, 128), MIN (h, 128)));
      g_assert_false (same_pixels (automatic, other, MIN (w, 128), MIN (h, 128)));
      tsr_texture_free (automatic);
      tsr_texture_free (explicit);
      tsr_texture_free (other);
    }
}

/* stretch s: features s times wider than tall, their area kept: without
 * tiling, stretched (x, y) = plain (x / sqrt s, y sqrt s). */
static void
test_stretch (void)
{
  /* (4 octaves: the finest cells, 4 pixels tall when stretched, stay whole) */
  TsrTexture *plain = test_texture ("clouds", 512, 512, "tileable=false", "scale=64",
                                    "octaves=4", NULL);
  TsrTexture *wide = test_texture ("clouds", 512, 512, "tileable=false", "scale=64",
                                   "octaves=4", "stretch=4", NULL);
  static const double points[][2] = { { 10, 20 }, { 100.5, 3.25 }, { 333, 271 }, { 0, 500 } };

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      double x = points[i][0], y = points[i][1];
      g_assert_cmpfloat (tsr_texture_value_at (wide, x, y), ==,
                         tsr_texture_value_at (plain, x / 2, y * 2));
    }
  tsr_texture_free (plain);
  tsr_texture_free (wide);
}

static void
test_feature_limit (void)
{
  TsrTexture *big = test_texture ("perlin", 301, 203, "scale=400", NULL);
  TsrTexture *fits = test_texture ("perlin", 301, 203, "scale=100", NULL);
  TsrTexture *free_size = test_texture ("perlin", 301, 203, "scale=400", "tileable=false",
                                        NULL);
  TsrTexture *tall = test_texture ("perlin", 600, 203, "scale=150", NULL);
  double w, h;

  g_assert_true (tsr_texture_feature_limit (big, &w, &h));
  g_assert_cmpfloat (w, ==, 150.5);
  g_assert_cmpfloat (h, ==, 101.5);
  g_assert_false (tsr_texture_feature_limit (fits, &w, &h));
  g_assert_cmpfloat (w, ==, 100);
  g_assert_false (tsr_texture_feature_limit (free_size, NULL, NULL));
  g_assert_true (tsr_texture_feature_limit (tall, &w, &h));
  g_assert_cmpfloat (w, ==, 150);
  g_assert_cmpfloat (h, ==, 101.5);
  /* every scale past the limit renders the same: the limit is what shows */
  {
    TsrTexture *wide = test_texture ("perlin", 301, 203, "scale=160", NULL);
    g_assert_true (same_pixels (big, wide, 64, 64));
    tsr_texture_free (wide);
  }
  tsr_texture_free (big);
  tsr_texture_free (fits);
  tsr_texture_free (free_size);
  tsr_texture_free (tall);
}

static int
compare_floats (const void *a, const void *b)
{
  float x = *(const float *) a, y = *(const float *) b;
  return (x > y) - (x < y);
}

/* Percentiles 1 and 99 of a default render span most of the range, for
 * every grey-scale pattern, at small and large sizes and several seeds. */
static void
test_range (void)
{
  static const char *patterns[] = { "perlin", "simplex", "value", "cells", "clouds",
                                    "turbulence", "ridged" };
  static const int sizes[] = { 64, 256, 1024 };

  for (guint p = 0; p < G_N_ELEMENTS (patterns); p++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      for (int seed = 0; seed < 4; seed++)
        {
          char seed_kv[32];
          int n = sizes[z], step = MAX (1, n / 128), m = n / step;
          TsrTexture *tex;
          float *all, *sample = g_new (float, (gsize) m * m), lo, hi;

          g_snprintf (seed_kv, sizeof seed_kv, "seed=%d", seed);
          tex = test_texture (patterns[p], n, n, seed_kv, NULL);
          all = test_render_scalar (tex, 0, 0, n, n, 2);
          for (int y = 0; y < m; y++)
            for (int x = 0; x < m; x++)
              sample[y * m + x] = all[(gsize) y * step * n + (gsize) x * step];
          qsort (sample, (gsize) m * m, sizeof (float), compare_floats);
          lo = sample[(gsize) m * m / 100];
          hi = sample[(gsize) m * m * 99 / 100];
          if (hi - lo < 0.6f)
            g_error ("%s %dx%d seed %d: percentiles 1..99 span only %.3f .. %.3f",
                     patterns[p], n, n, seed, lo, hi);
          g_free (all);
          g_free (sample);
          tsr_texture_free (tex);
        }
}

/* Ridged noise over any basis keeps texture in its valleys: no flat
 * black holes (ridged simplex had 20 % of its pixels at 0). */
static void
test_ridged_no_holes (void)
{
  static const char *bases[] = { "basis=perlin", "basis=simplex", "basis=value",
                                 "basis=cells" };
  const int n = 256;

  for (guint b = 0; b < G_N_ELEMENTS (bases); b++)
    {
      TsrTexture *tex = test_texture ("ridged", n, n, bases[b], NULL);
      float *v = test_render_scalar (tex, 0, 0, n, n, 2);
      int dark = 0;

      for (int i = 0; i < n * n; i++)
        dark += v[i] < 0.02f;
      if (dark > n * n / 100)
        g_error ("ridged %s: %d of %d pixels are black", bases[b], dark, n * n);
      g_free (v);
      tsr_texture_free (tex);
    }
}

/* The spread of |v - 0.5| at percentiles 50 and 99, over four seeds. */
static void
simplex_spread (const char *tiling, double *p50, double *p99)
{
  const int n = 384;
  float *all = g_new (float, 4 * n * n);

  for (int seed = 0; seed < 4; seed++)
    {
      char kv[16];
      g_snprintf (kv, sizeof kv, "seed=%d", seed);
      TsrTexture *tex = test_texture ("simplex", n, n, tiling, kv, "scale=24", NULL);
      float *v = test_render_scalar (tex, 0, 0, n, n, 1);
      for (int i = 0; i < n * n; i++)
        all[seed * n * n + i] = fabsf (v[i] - 0.5f);
      g_free (v);
      tsr_texture_free (tex);
    }
  qsort (all, 4 * n * n, sizeof (float), compare_floats);
  *p50 = all[2 * n * n];
  *p99 = all[4 * n * n * 99 / 100];
  g_free (all);
}

/* Tiling simplex noise is the same noise as plain simplex noise, laid on a
 * lattice that wraps: its values spread the same way.  (Sampled on a 4D
 * torus, it had flatter, spottier peaks: percentile 99 at 0.971 of the
 * range against 0.920.) */
static void
test_tiling_simplex_like_plain (void)
{
  double tiled50, tiled99, plain50, plain99;

  simplex_spread ("tileable=true", &tiled50, &tiled99);
  simplex_spread ("tileable=false", &plain50, &plain99);
  g_test_message ("|v - 0.5| percentiles 50, 99: tiled %.3f %.3f, plain %.3f %.3f",
                  tiled50, tiled99, plain50, plain99);
  g_assert_cmpfloat (fabs (tiled50 - plain50), <, 0.02);
  g_assert_cmpfloat (fabs (tiled99 - plain99), <, 0.01);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/defaults/auto-scale", test_auto_scale);
  g_test_add_func ("/core/defaults/stretch", test_stretch);
  g_test_add_func ("/core/defaults/feature-limit", test_feature_limit);
  g_test_add_func ("/core/defaults/range", test_range);
  g_test_add_func ("/core/defaults/ridged-no-holes", test_ridged_no_holes);
  g_test_add_func ("/core/defaults/tiling-simplex-like-plain", test_tiling_simplex_like_plain);
  return g_test_run ();
}
