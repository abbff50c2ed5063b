/* Exact seamless tiling: every pattern, every basis, odd non-square sizes.
 *
 * With tiling on, the texture one period further on is the same texture to
 * the last bit (the renderer reduces every position into the period before
 * it evaluates anything), and the step across the wrap (last column to first, last row to first) is
 * statistically like a step between neighbouring interior pixels.  With
 * tiling off it is not: that proves the test can fail.  (Wood's sharp ring
 * edges and veined marble's veins make their interior as rough as any seam,
 * and with the centre in the middle wood's plain rings are nearly
 * symmetric, so for wood and marble only the period check is asked to
 * fail; so too for bricks and stones, whose pieces are laid by whole
 * counts a period, tiling or not, and only their grit does not tile.) */
#include <string.h>
#include "test-helpers.h"

/* Mean |step| across the wrap, and the largest and the average mean |step|
 * across interior column (or row) boundaries, for both directions.  A
 * seamless wrap is no rougher than the roughest interior boundary; a seamed
 * one is much rougher than the average one. */
typedef struct { double wrap_x, max_x, mean_x, wrap_y, max_y, mean_y; } Steps;

static Steps
edge_steps (const float *v, int w, int h)
{
  Steps s = { 0, 0, 0, 0, 0, 0 };
  for (int x = 0; x < w; x++)
    {
      double sum = 0;
      for (int y = 0; y < h; y++)
        sum += fabs (v[y * w + (x + 1) % w] - v[y * w + x]);
      if (x == w - 1)
        s.wrap_x = sum / h;
      else
        s.max_x = MAX (s.max_x, sum / h), s.mean_x += sum / h / (w - 1);
    }
  for (int y = 0; y < h; y++)
    {
      double sum = 0;
      for (int x = 0; x < w; x++)
        sum += fabs (v[((y + 1) % h) * w + x] - v[y * w + x]);
      if (y == h - 1)
        s.wrap_y = sum / w;
      else
        s.max_y = MAX (s.max_y, sum / w), s.mean_y += sum / w / (h - 1);
    }
  return s;
}

static gboolean
seamless (Steps s)
{
  return s.wrap_x <= 1.25 * s.max_x + 1e-4 && s.wrap_y <= 1.25 * s.max_y + 1e-4;
}

static gboolean
seamed (Steps s)
{
  return s.wrap_x > s.max_x || s.wrap_y > s.max_y
         || s.wrap_x + s.wrap_y > 2.0 * (s.mean_x + s.mean_y);
}

/* Fraction of samples where a and b are not the same float. */
static double
mismatch (const float *a, const float *b, int n)
{
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += a[i] != b[i];
  return (double) bad / n;
}

static void
check_pattern (const char *pattern, const char *basis, int w, int h)
{
  char *basis_kv = g_strdup_printf ("basis=%s", basis);
  TsrTexture *on = test_texture (pattern, w, h, basis_kv, "scale=40", "seed=5", "octaves=3",
                                 "center-x=0.3", "center-y=0.7", "rings=3", NULL);
  TsrTexture *off = test_texture (pattern, w, h, basis_kv, "scale=40", "seed=5", "octaves=3",
                                  "center-x=0.3", "center-y=0.7", "rings=3", "tileable=false", NULL);
  float *a = test_render_scalar (on, 0, 0, w, h, 0);
  float *shifted = test_render_scalar (on, w, -h, w, h, 0);   /* one period right and up */
  float *b = test_render_scalar (off, 0, 0, w, h, 0);
  float *shifted_off = test_render_scalar (off, w, -h, w, h, 0);
  double miss_off;
  Steps s_on = edge_steps (a, w, h), s_off = edge_steps (b, w, h);
  double miss = mismatch (a, shifted, w * h);

  if (g_test_verbose ())
    g_printerr ("%-10s %-7s %3dx%-3d wrap/max-interior x y: on %.3f/%.3f %.3f/%.3f off %.3f/%.3f %.3f/%.3f, period mismatch %.4f\n",
                pattern, basis, w, h, s_on.wrap_x, s_on.max_x, s_on.wrap_y, s_on.max_y,
                s_off.wrap_x, s_off.max_x, s_off.wrap_y, s_off.max_y, miss);
  if (miss > 0)
    g_error ("%s/%s %dx%d: %.2f%% of pixels differ one period on", pattern, basis, w, h, 100 * miss);
  if (!seamless (s_on))
    g_error ("%s/%s %dx%d: seam with tiling on: wrap steps %.4f, %.4f vs interior at most %.4f, %.4f",
             pattern, basis, w, h, s_on.wrap_x, s_on.wrap_y, s_on.max_x, s_on.max_y);
  /* Without tiling the same checks must fail: the test can tell. */
  miss_off = mismatch (b, shifted_off, w * h);
  if (miss_off < 0.5
      || (!seamed (s_off) && strcmp (pattern, "wood") != 0 && strcmp (pattern, "marble") != 0
          && strcmp (pattern, "bricks") != 0 && strcmp (pattern, "stones") != 0))
    g_error ("%s/%s %dx%d: tiling off looks tiled? %.0f%% differ one period on; wrap steps %.4f, %.4f vs interior at most %.4f, %.4f",
             pattern, basis, w, h, 100 * miss_off, s_off.wrap_x, s_off.wrap_y, s_off.max_x, s_off.max_y);

  g_free (a), g_free (shifted), g_free (b), g_free (shifted_off), g_free (basis_kv);
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
        if (b > 0 && !tsr_pattern_uses (tsr_patterns[p], TSR_P_BASIS))
          continue;
        for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
          check_pattern (tsr_patterns[p]->name, tsr_basis_name ((TsrBasis) b),
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
    { "cut=end", "style=banded", NULL },
    { "cut=log", "rings=3.5", NULL },
    { "cut=burl", "rings=5.6", "ring-noise=3", NULL },
    { "cut=burl", "eye-clusters=0.7", "rings=9", NULL },
    { "basis=simplex", "flow=true", "time=0.3" },
    { "knots=12", "knot-size=4", "rings=7.4", NULL },
    { "vein-sharpness=16", "turbulence=8", "veins=0.5", NULL },
    { "water-style=ripples", "wind-angle=73", "crest=1", NULL },
    { "water-style=caustics", "crest=1", "stretch=2.5", NULL },
    { "water-style=rings", "waves=11", NULL },
  };
  const int w = 53, h = 41;
  for (guint p = 0; p < tsr_n_patterns; p++)
    for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
      {
        TsrSettings s;
        TsrTexture *tex;
        float *a, *shifted;
        Steps st;

        tsr_settings_init (&s, tsr_patterns[p]->name, NULL);
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
        if (mismatch (a, shifted, w * h) > 0 || !seamless (st))
          g_error ("%s variant %u does not tile (wrap %.4f, %.4f; interior at most %.4f, %.4f)",
                   tsr_patterns[p]->name, v, st.wrap_x, st.wrap_y, st.max_x, st.max_y);
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
      TsrTexture *tex = test_texture (tsr_patterns[p]->name, 160, 90, "period-w=40",
                                      "period-h=30", "scale=16", NULL);
      float *v = test_render_scalar (tex, 0, 0, 160, 90, 0);
      int bad = 0;
      for (int y = 0; y < 60; y++)
        for (int x = 0; x < 120; x++)
          {
            bad += v[y * 160 + x] != v[y * 160 + x + 40];
            bad += v[y * 160 + x] != v[(y + 30) * 160 + x];
          }
      if (bad > 0)
        g_error ("%s: %d pixels differ from their repeat", tsr_patterns[p]->name, bad);
      g_free (v);
      tsr_texture_free (tex);
    }
}

/* Repeats are the same pixels to the last bit, in float, for every
 * pattern and basis, distorted or not, on either side of the origin. */
static void
test_repeats_bit_identical (void)
{
  enum { W = 45, H = 31, PW = 2 * W, PH = 2 * H };
  for (guint p = 0; p < tsr_n_patterns; p++)
    for (guint b = 0; b < TSR_BASIS_COUNT; b++)
      {
        char *basis = g_strdup_printf ("basis=%s", tsr_basis_choices[b].name);
        TsrTexture *tex = test_texture (tsr_patterns[p]->name, 1000, 700, basis,
                                        "period-w=45", "period-h=31", "distortion=2",
                                        "scale=20", "seed=5", NULL);
        float *a = g_new (float, (gsize) PW * PH * 4), *c = g_new (float, (gsize) PW * PH * 4);
        static const int shifts[][2] = { { 45, 0 }, { 0, 31 }, { 900, 620 }, { -45, -31 },
                                         { -9000, 3100 } };

        g_assert_true (tsr_render (tex, 0, 0, PW, PH, a, PW * 4, 1, NULL, NULL, NULL));
        for (guint k = 0; k < G_N_ELEMENTS (shifts); k++)
          {
            g_assert_true (tsr_render (tex, shifts[k][0], shifts[k][1], PW, PH, c, PW * 4, 1,
                                       NULL, NULL, NULL));
            if (memcmp (a, c, sizeof (float) * PW * PH * 4) != 0)
              g_error ("%s %s: the repeat at (%d, %d) differs", tsr_patterns[p]->name, basis,
                       shifts[k][0], shifts[k][1]);
          }
        g_free (a), g_free (c), g_free (basis);
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
  g_test_add_func ("/core/tiling/repeats-bit-identical", test_repeats_bit_identical);
  return g_test_run ();
}
