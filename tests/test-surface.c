/* The `map` parameter: height, normal and lit-relief maps of every pattern.
 * The normal map is the surface of the height field: unit length, facing
 * out, its slopes those of the pure function over one pixel, close to the
 * true derivative, in the OpenGL or DirectX convention; it tiles and is the
 * same whatever the region. */
#include <string.h>

#include "test-helpers.h"

static float *
render_rgba (const TsrTexture *tex, int x, int y, int w, int h, int threads)
{
  float *rgba = g_new (float, 4 * (gsize) w * h);
  GError *error = NULL;

  g_assert_true (tsr_render (tex, x, y, w, h, rgba, 4 * (gsize) w, threads, NULL, NULL,
                             &error));
  g_assert_no_error (error);
  return rgba;
}

/* The slopes a normal-map pixel stands for, and the normal itself. */
static void
decode_normal (const float *px, float depth, float green_sign, float n[3], float *gx,
               float *gy)
{
  for (int c = 0; c < 3; c++)
    n[c] = px[c] * 2.0f - 1.0f;
  *gx = -n[0] / n[2] / depth;
  *gy = green_sign * n[1] / n[2] / depth;
}

static const char *const patterns_and_settings[][3] = {
  { "perlin", "scale=40", NULL },
  { "clouds", "scale=24", NULL },
  { "cells", "scale=30", NULL },
  { "marble", "distortion=0.5", NULL },
  { "wood", "seed=3", NULL },
  { "ridged", "basis=simplex", NULL },
  { "value", "interpolation=cubic", NULL },
  { "turbulence", "basis=value", NULL },
  { "simplex", "scale=50", NULL },
};

/* The slopes over one pixel from the pure function at the pixel's four
 * corners: the mean of the differences along its top and bottom edges (x)
 * and along its left and right edges (y). */
static void
corner_slopes (const TsrTexture *tex, double cx, double cy, double *gx, double *gy)
{
  const double tl = tsr_texture_value_at (tex, cx - 0.5, cy - 0.5);
  const double tr = tsr_texture_value_at (tex, cx + 0.5, cy - 0.5);
  const double bl = tsr_texture_value_at (tex, cx - 0.5, cy + 0.5);
  const double br = tsr_texture_value_at (tex, cx + 0.5, cy + 0.5);

  *gx = 0.5 * ((tr + br) - (tl + bl));
  *gy = 0.5 * ((bl + br) - (tl + tr));
}

/* Unit length, facing out, and the slopes of the pure function over the
 * pixel (corner_slopes). */
static void
test_normal_is_the_height_slope (void)
{
  const int w = 61, h = 47;

  for (guint p = 0; p < G_N_ELEMENTS (patterns_and_settings); p++)
    for (int format = 0; format < 2; format++)
      {
        const char *const *ps = patterns_and_settings[p];
        TsrTexture *height = test_texture (ps[0], w, h, ps[1], NULL);
        TsrTexture *normal = test_texture (ps[0], w, h, ps[1], "map=normal",
                                           "normal-strength=12",
                                           format ? "normal-format=directx" : "map=normal",
                                           NULL);
        g_autofree float *rgba = render_rgba (normal, 0, 0, w, h, 0);
        double worst = 0;

        for (int y = 0; y < h; y++)
          for (int x = 0; x < w; x++)
            {
              float n[3], gx, gy;
              double ex, ey;

              corner_slopes (height, x + 0.5, y + 0.5, &ex, &ey);

              decode_normal (rgba + 4 * ((gsize) y * w + x), 12.0f, format ? -1.0f : 1.0f, n,
                             &gx, &gy);
              g_assert_cmpfloat (fabsf (n[0] * n[0] + n[1] * n[1] + n[2] * n[2] - 1.0f), <, 1e-5);
              g_assert_cmpfloat (n[2], >, 0.0f);
              worst = MAX (worst, MAX (fabs (gx - ex), fabs (gy - ey)));
            }
        /* float rounding of the encoded normal only */
        if (worst > 2e-5)
          g_error ("%s %s: normal map slopes off by %g", ps[0], format ? "directx" : "opengl",
                   worst);
        tsr_texture_free (height);
        tsr_texture_free (normal);
      }
}

/* For smooth patterns the one-pixel slope is the derivative, to within
 * what the curvature over half a pixel allows: compared with a
 * fourth-order finite difference of the pure function at a small step. */
static void
test_slopes_approximate_the_derivative (void)
{
  const char *const smooth[][3] = {
    { "perlin", "scale=64", NULL }, { "clouds", "scale=200", "octaves=3" },
    { "simplex", "scale=80", NULL }, { "value", "scale=64", NULL },
  };

  for (guint p = 0; p < G_N_ELEMENTS (smooth); p++)
    {
      TsrTexture *tex = test_texture (smooth[p][0], 256, 256, smooth[p][1], smooth[p][2],
                                      NULL);
      double err2 = 0, ref2 = 0;
      GRand *rand = g_rand_new_with_seed (7 + p);

      for (int k = 0; k < 400; k++)
        {
          const double x = g_rand_double_range (rand, 1, 255);
          const double y = g_rand_double_range (rand, 1, 255);
          const double e = 1.0 / 64;
#define V(dx, dy) ((double) tsr_texture_value_at (tex, x + (dx), y + (dy)))
          const double dx4 = (-V (2 * e, 0) + 8 * V (e, 0) - 8 * V (-e, 0) + V (-2 * e, 0)) / (12 * e);
          const double dy4 = (-V (0, 2 * e) + 8 * V (0, e) - 8 * V (0, -e) + V (0, -2 * e)) / (12 * e);
          double dx1, dy1;
#undef V
          corner_slopes (tex, x, y, &dx1, &dy1);
          err2 += (dx1 - dx4) * (dx1 - dx4) + (dy1 - dy4) * (dy1 - dy4);
          ref2 += dx4 * dx4 + dy4 * dy4;
        }
      g_test_message ("%s: one-pixel slope vs derivative, relative RMS %.4f", smooth[p][0],
                      sqrt (err2 / ref2));
      g_assert_cmpfloat (sqrt (err2 / ref2), <, 0.03);
      g_rand_free (rand);
      tsr_texture_free (tex);
    }
}

/* DirectX is OpenGL with green flipped; the height map is the scalar. */
static void
test_formats_and_height (void)
{
  const int w = 40, h = 30;
  TsrTexture *gl = test_texture ("clouds", w, h, "map=normal", NULL);
  TsrTexture *dx = test_texture ("clouds", w, h, "map=normal", "normal-format=directx", NULL);
  TsrTexture *height = test_texture ("clouds", w, h, "map=height", NULL);
  TsrTexture *scalar = test_texture ("clouds", w, h, NULL);
  g_autofree float *a = render_rgba (gl, 0, 0, w, h, 1);
  g_autofree float *b = render_rgba (dx, 0, 0, w, h, 1);
  g_autofree float *hm = render_rgba (height, 0, 0, w, h, 1);
  g_autofree float *v = test_render_scalar (scalar, 0, 0, w, h, 1);

  for (int i = 0; i < w * h; i++)
    {
      g_assert_cmpfloat (a[4 * i], ==, b[4 * i]);
      g_assert_cmpfloat (fabsf (a[4 * i + 1] - (1.0f - b[4 * i + 1])), <, 1e-6f);
      g_assert_cmpfloat (a[4 * i + 2], ==, b[4 * i + 2]);
      for (int c = 0; c < 3; c++)
        g_assert_cmpfloat (hm[4 * i + c], ==, v[i]);
      g_assert_cmpfloat (hm[4 * i + 3], ==, 1.0f);
    }
  tsr_texture_free (gl);
  tsr_texture_free (dx);
  tsr_texture_free (height);
  tsr_texture_free (scalar);
}

/* Normal and lit maps tile: a repeat one period on is the same pixels, and
 * stepping across the wrap is like stepping between neighbours. */
static void
test_maps_tile (void)
{
  const char *maps[] = { "map=normal", "map=shaded" };

  for (guint m = 0; m < G_N_ELEMENTS (maps); m++)
    for (guint p = 0; p < G_N_ELEMENTS (patterns_and_settings); p++)
      {
        const char *const *ps = patterns_and_settings[p];
        const int w = 53, h = 37;
        TsrTexture *tex = test_texture (ps[0], w, h, ps[1], maps[m], NULL);
        g_autofree float *one = render_rgba (tex, 0, 0, w, h, 1);
        g_autofree float *next = render_rgba (tex, w, -h, w, h, 2);
        double wrap = 0, inner = 0;

        g_assert_cmpmem (one, 4 * sizeof (float) * w * h, next, 4 * sizeof (float) * w * h);
        for (int y = 0; y < h; y++)
          for (int c = 0; c < 3; c++)
            {
              const float *row = one + 4 * (gsize) y * w;
              wrap = MAX (wrap, fabsf (row[c] - row[4 * (w - 1) + c]));
              for (int x = 1; x < w; x++)
                inner = MAX (inner, fabsf (row[4 * x + c] - row[4 * (x - 1) + c]));
            }
        if (wrap > inner * 1.0001)
          g_error ("%s %s: the wrap step %g is rougher than any inner step %g", ps[0], maps[m],
                   wrap, inner);
        tsr_texture_free (tex);
      }
}

/* Any region and thread count: the same bits. */
static void
test_maps_same_bits_any_split (void)
{
  TsrTexture *tex = test_texture ("marble", 70, 50, "map=shaded", "distortion=1", NULL);
  g_autofree float *whole = render_rgba (tex, 0, 0, 70, 50, 1);
  g_autofree float *part = render_rgba (tex, 13, 9, 41, 30, 3);

  for (int y = 0; y < 30; y++)
    g_assert_cmpmem (part + 4 * (gsize) y * 41, 4 * sizeof (float) * 41,
                     whole + 4 * ((gsize) (y + 9) * 70 + 13), 4 * sizeof (float) * 41);
  tsr_texture_free (tex);
}

/* The light: a slope facing it is brighter than one facing away. */
static void
test_lit_relief (void)
{
  /* white everywhere, so the image is the light */
  TsrTexture *lit = test_texture ("cells", 96, 96, "map=shaded", "palette=colors",
                                  "color1=white", "light-angle=0", "light-elevation=30",
                                  "scale=48", "normal-strength=100", NULL);
  TsrTexture *normal = test_texture ("cells", 96, 96, "map=normal", "scale=48",
                                     "normal-strength=100", NULL);
  g_autofree float *a = render_rgba (lit, 0, 0, 96, 96, 1);
  g_autofree float *n = render_rgba (normal, 0, 0, 96, 96, 1);
  double towards = 0, away = 0;
  int n_towards = 0, n_away = 0;

  for (int i = 0; i < 96 * 96; i++)
    {
      const float nx = n[4 * i] * 2 - 1;   /* light from the right (+x) */
      const float lum = a[4 * i];

      if (nx > 0.3f)
        towards += lum, n_towards++;
      else if (nx < -0.3f)
        away += lum, n_away++;
    }
  g_assert_cmpint (n_towards, >, 100);
  g_assert_cmpint (n_away, >, 100);
  g_test_message ("lit: %.3f facing the light, %.3f facing away", towards / n_towards,
                  away / n_away);
  g_assert_cmpfloat (towards / n_towards, >, 1.5 * away / n_away);
  tsr_texture_free (lit);
  tsr_texture_free (normal);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/surface/normal-is-height-slope", test_normal_is_the_height_slope);
  g_test_add_func ("/surface/slope-approximates-derivative", test_slopes_approximate_the_derivative);
  g_test_add_func ("/surface/formats-and-height", test_formats_and_height);
  g_test_add_func ("/surface/maps-tile", test_maps_tile);
  g_test_add_func ("/surface/same-bits-any-split", test_maps_same_bits_any_split);
  g_test_add_func ("/surface/lit-relief", test_lit_relief);
  return g_test_run ();
}
