/* Exact seamless tiling: every pattern, every basis, odd non-square sizes.
 *
 * With tiling on, the texture one period further on is the same texture, and
 * the step across the wrap (last column to first, last row to first) is
 * statistically like a step between neighbouring interior pixels.  With
 * tiling off it is not: that proves the test can fail. */
#include "test-helpers.h"

typedef struct { double wrap, interior; } Steps;

static Steps
edge_steps (const float *v, int w, int h)
{
  double wrap = 0, interior = 0;
  for (int y = 0; y < h; y++)
    {
      wrap += fabs (v[y * w + w - 1] - v[y * w]);
      for (int x = 0; x + 1 < w; x++)
        interior += fabs (v[y * w + x + 1] - v[y * w + x]);
    }
  for (int x = 0; x < w; x++)
    {
      wrap += fabs (v[(h - 1) * w + x] - v[x]);
      for (int y = 0; y + 1 < h; y++)
        interior += fabs (v[(y + 1) * w + x] - v[y * w + x]);
    }
  return (Steps) { wrap / (w + h), interior / ((double) (w - 1) * h + (double) w * (h - 1)) };
}

/* Fraction of pixels where a and b differ by more than tol. */
static double
mismatch (const float *a, const float *b, int n, double tol)
{
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += fabs (a[i] - b[i]) > tol;
  return (double) bad / n;
}

static void
check_pattern (const char *pattern, const char *basis, int w, int h)
{
  char *basis_kv = g_strdup_printf ("basis=%s", basis);
  TsrTexture *on = test_texture (pattern, w, h, basis_kv, "scale=20", "seed=5", NULL);
  TsrTexture *off = test_texture (pattern, w, h, basis_kv, "scale=20", "seed=5",
                                  "tileable=false", NULL);
  float *a = test_render_scalar (on, 0, 0, w, h, 0);
  float *shifted = test_render_scalar (on, w, -h, w, h, 0);   /* one period right and up */
  float *b = test_render_scalar (off, 0, 0, w, h, 0);
  Steps s_on = edge_steps (a, w, h), s_off = edge_steps (b, w, h);
  double miss = mismatch (a, shifted, w * h, 1e-3);

  if (g_test_verbose ())
    g_printerr ("%-10s %-7s %3dx%-3d wrap/interior on %.4f/%.4f off %.4f/%.4f, period mismatch %.4f\n",
                pattern, basis, w, h, s_on.wrap, s_on.interior, s_off.wrap, s_off.interior, miss);
  if (miss > 0.005)
    g_error ("%s/%s %dx%d: %.2f%% of pixels differ one period on", pattern, basis, w, h, 100 * miss);
  if (s_on.wrap > 2.0 * s_on.interior + 1e-3)
    g_error ("%s/%s %dx%d: seam with tiling on: wrap step %.4f vs interior %.4f",
             pattern, basis, w, h, s_on.wrap, s_on.interior);
  if (s_off.wrap < 2.5 * s_off.interior)
    g_error ("%s/%s %dx%d: no seam with tiling off? wrap step %.4f vs interior %.4f",
             pattern, basis, w, h, s_off.wrap, s_off.interior);

  g_free (a), g_free (shifted), g_free (b), g_free (basis_kv);
  tsr_texture_free (on), tsr_texture_free (off);
}

static void
test_every_pattern_tiles (void)
{
  static const int sizes[][2] = { { 61, 47 }, { 37, 90 }, { 128, 33 } };
  for (guint p = 0; p < tsr_n_patterns; p++)
    for (guint b = 0; b < TSR_BASIS_COUNT; b++)
      {
        /* Patterns that don't read the basis need checking only once. */
        if (b > 0 && !tsr_pattern_uses (&tsr_patterns[p], TSR_P_BASIS))
          continue;
        for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
          check_pattern (tsr_patterns[p].name, tsr_basis_name ((TsrBasis) b),
                         sizes[k][0], sizes[k][1]);
      }
}

/* Tiling holds for other fractal settings and with distortion. */
static void
test_tiles_with_any_parameters (void)
{
  static const char *const variants[][4] = {
    { "octaves=12", "lacunarity=2.7", "persistence=0.8", NULL },
    { "distortion=2", NULL },
    { "interpolation=cubic", "smoothing=true", "basis=value", NULL },
    { "cells-mode=f2-f1", "jitter=0.3", "basis=cells", NULL },
    { "scale=3", NULL },
    { "scale=5000", NULL },
  };
  const int w = 53, h = 41;
  for (guint p = 0; p < tsr_n_patterns; p++)
    for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
      {
        TsrSettings s;
        TsrTexture *tex;
        float *a, *shifted;
        Steps st;

        tsr_settings_init (&s, tsr_patterns[p].name, NULL);
        for (guint k = 0; variants[v][k]; k++)
          {
            char **kv = g_strsplit (variants[v][k], "=", 2);
            g_assert_true (tsr_settings_parse (&s, kv[0], kv[1], NULL));
            g_strfreev (kv);
          }
        tex = tsr_texture_new (&s, w, h, NULL, NULL);
        a = test_render_scalar (tex, 0, 0, w, h, 0);
        shifted = test_render_scalar (tex, -w, 2 * h, w, h, 0);
        st = edge_steps (a, w, h);
        if (mismatch (a, shifted, w * h, 1e-3) > 0.005 || st.wrap > 2.0 * st.interior + 1e-3)
          g_error ("%s variant %u does not tile (wrap %.4f, interior %.4f)",
                   tsr_patterns[p].name, v, st.wrap, st.interior);
        g_free (a), g_free (shifted);
        tsr_texture_free (tex);
      }
}

/* A tile period smaller than the canvas: the canvas holds whole repeats. */
static void
test_period_differs_from_canvas (void)
{
  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      TsrTexture *tex = test_texture (tsr_patterns[p].name, 160, 90, "period-w=40",
                                      "period-h=30", "scale=16", NULL);
      float *v = test_render_scalar (tex, 0, 0, 160, 90, 0);
      int bad = 0;
      for (int y = 0; y < 60; y++)
        for (int x = 0; x < 120; x++)
          {
            bad += fabs (v[y * 160 + x] - v[y * 160 + x + 40]) > 1e-3;
            bad += fabs (v[y * 160 + x] - v[(y + 30) * 160 + x]) > 1e-3;
          }
      if (bad > 0.005 * 2 * 60 * 120)
        g_error ("%s: %d pixels differ from their repeat", tsr_patterns[p].name, bad);
      g_free (v);
      tsr_texture_free (tex);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/tiling/every-pattern", test_every_pattern_tiles);
  g_test_add_func ("/core/tiling/any-parameters", test_tiles_with_any_parameters);
  g_test_add_func ("/core/tiling/period-differs-from-canvas", test_period_differs_from_canvas);
  return g_test_run ();
}
