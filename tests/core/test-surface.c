/* The `map` parameter: height, normal and lit-relief maps of every pattern.
 * The normal map is the surface of the height field: unit length, facing
 * out, its slopes the analytic gradient of the pure function (the
 * derivative, checked against finite differences; over one pixel for
 * marble), in the OpenGL or DirectX convention; it tiles and is
 * the same whatever the region. */
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
  { "marble", "style=banded", NULL },
  { "wood", "seed=3", NULL },
  { "ridged", "basis=simplex", NULL },
  { "value", "interpolation=cubic", NULL },
  { "turbulence", "basis=value", NULL },
  { "simplex", "scale=50", NULL },
};

/* Unit length, facing out, and the slopes tsr_texture_gradient_at gives
 * at the pixel centre (analytic, or for banded marble over the pixel). */
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
        const gboolean analytic = strcmp (ps[0], "marble") != 0 || ps[1] == NULL
                                  || strstr (ps[1], "style=banded") == NULL;
        double worst = 0;

        for (int y = 0; y < h; y++)
          for (int x = 0; x < w; x++)
            {
              float n[3], gx, gy, v, ex, ey;

              g_assert_true (tsr_texture_gradient_at (height, x + 0.5, y + 0.5, &v, &ex, &ey)
                             == analytic);
              g_assert_cmpfloat (v, ==, tsr_texture_value_at (height, x + 0.5, y + 0.5));
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

/* The analytic gradient is the derivative of the pure function: compared
 * with fourth-order differences at steps of 1/256 and 1/512 pixel, at
 * random points, through every fractal mode, basis, time blend, flow,
 * domain warp, cloud cover, water's waves and ripples, veined marble's
 * cracks (flowing and still), widths, fades and warp.  Where the two
 * steps disagree the difference straddles a kink (a cell edge, a ridge,
 * turbulence's crease, clear sky's edge): such points are counted, not
 * compared, and must be few. */
static const char *const analytic_cases[][6] = {
  { "perlin", "scale=40", NULL },
  { "simplex", "scale=50", "time=0.3", NULL },
  { "value", "interpolation=cubic", "smoothing=true", NULL },
  { "value", "interpolation=linear", NULL },
  { "cells", "scale=30", NULL },
  { "cells", "cells-mode=f2-f1", "jitter=0.6", NULL },
  { "clouds", "octaves=8", "scale=48", NULL },
  { "clouds", "octaves=6", "distortion=0.8", "coverage=0.6", NULL },
  { "clouds", "basis=simplex", "flow=true", "time=0.4", NULL },
  { "clouds", "basis=value", "time=0.7", "stretch=3", NULL },
  { "turbulence", "octaves=5", NULL },
  { "turbulence", "basis=cells", "distortion=0.4", NULL },
  { "ridged", "octaves=6", NULL },
  { "ridged", "basis=simplex", "time=0.25", NULL },
  { "water", NULL },
  { "water", "crest=0.2", "time=0.45", "ripples=0.4", NULL },
  { "water", "distortion=0.4", "stretch=1.7", NULL },
  { "water", "water-style=ripples", NULL },
  { "water", "water-style=ripples", "crest=0.9", "wind-angle=-20", "time=0.3", NULL },
  { "water", "water-style=rings", NULL },
  { "water", "water-style=rings", "ripples=0", "crest=0.35", "time=0.6", NULL },
  { "water", "water-style=rings", "distortion=0.5", NULL },
  { "wood", NULL },
  { "wood", "knots=4", "knot-size=2", "tileable=false", NULL },
  { "wood", "cut=burl", NULL },
  { "wood", "cut=burl", "distortion=0.4", "grain=1", NULL },
  { "wood", "cut=burl", "eye-clusters=1", "grain=0.6", NULL },
  { "wood", "cut=end", NULL },
  { "wood", "cut=log", "basis=simplex", NULL },
  { "marble", NULL },
  { "marble", "turbulence=0.3", "vein-sharpness=6", "veins=5", NULL },
  { "marble", "distortion=0.5", "time=0.3", "stretch=2", NULL },
  { "marble", "turbulence=0.3", "veins=1.3", "vein-sharpness=4", NULL },
  { "bricks", "bevel=6", NULL },
  { "bricks", "layout=herringbone", "columns=8", "rows=8", NULL },
  { "bricks", "layout=hexagon", "bevel=5", "tilt=1", NULL },
  { "bricks", "layout=basket", "face=wood", "columns=8", "rows=8", NULL },
  { "bricks", "face=marble", "bevel=4", "distortion=0.3", NULL },
  { "stones", "bevel=10", "wear=0.6", NULL },
};

/* Differences of the pure function along one axis at (x, y), step e: the
 * fourth-order central one, and the second-order one-sided ones ahead and
 * behind, which stay on one side of a kink. */
static void
differences (const TsrTexture *tex, double x, double y, float v, gboolean along_x, double e,
             double d[3])
{
  const double ax = along_x ? e : 0, ay = along_x ? 0 : e;
#define V(k) ((double) tsr_texture_value_at (tex, x + (k) * ax, y + (k) * ay))
  const double p1 = V (1), p2 = V (2), m1 = V (-1), m2 = V (-2);
#undef V

  d[0] = (-p2 + 8 * p1 - 8 * m1 + m2) / (12 * e);
  d[1] = (-3.0 * v + 4 * p1 - p2) / (2 * e);
  d[2] = (3.0 * v - 4 * m1 + m2) / (2 * e);
}

static void
test_gradient_is_the_derivative (void)
{
  for (guint p = 0; p < G_N_ELEMENTS (analytic_cases); p++)
    {
      const char *const *c = analytic_cases[p];
      TsrTexture *tex = test_texture (c[0], 192, 160, c[1], c[2], c[3], c[4], NULL);
      GRand *rand = g_rand_new_with_seed (11 + p);
      double err2 = 0, ref2 = 0;
      int checked = 0, kinked = 0;

      for (int k = 0; k < 300; k++)
        {
          const double x = g_rand_double_range (rand, 0, 192);
          const double y = g_rand_double_range (rand, 0, 160);
          double dx[2][3], dy[2][3];
          float v, g[2];
          gboolean central, one_side = FALSE;
          double tol;

          g_assert_true (tsr_texture_gradient_at (tex, x, y, &v, &g[0], &g[1]));
          for (int s = 0; s < 2; s++)
            {
              /* 1/256 px, and 1/2048 px for the steep curvature next to a
               * cell's feature point */
              differences (tex, x, y, v, TRUE, s ? 1.0 / 2048 : 1.0 / 256, dx[s]);
              differences (tex, x, y, v, FALSE, s ? 1.0 / 2048 : 1.0 / 256, dy[s]);
            }
          /* float values: a difference over 1/256 px carries ~1e-4 of
           * rounding, one over 1/2048 px ~1e-3 */
          tol = 4e-4 + 0.02 * (fabs (dx[0][0]) + fabs (dy[0][0]));
          central = fabs (g[0] - dx[0][0]) <= tol && fabs (g[1] - dy[0][0]) <= tol;
          for (int s = 0; s < 2 && !central && !one_side; s++)
            {
              const double t = s ? tol + 1.5e-3 : tol;
              gboolean okx = FALSE, oky = FALSE;

              for (int w = 0; w < 3; w++)
                {
                  okx |= fabs (g[0] - dx[s][w]) <= t;
                  oky |= fabs (g[1] - dy[s][w]) <= t;
                }
              one_side = okx && oky;
            }
          if (!central && !one_side)
            g_error ("%s %s %s: at (%.4f, %.4f) the gradient is (%g, %g), "
                     "the differences (%g, %g), ahead (%g, %g), behind (%g, %g)", c[0],
                     c[1] ? c[1] : "", c[1] && c[2] ? c[2] : "", x, y, g[0], g[1],
                     dx[0][0], dy[0][0], dx[0][1], dy[0][1], dx[0][2], dy[0][2]);
          if (!central)
            {
              kinked++;
              continue;
            }
          checked++;
          err2 += (g[0] - dx[0][0]) * (g[0] - dx[0][0]) + (g[1] - dy[0][0]) * (g[1] - dy[0][0]);
          ref2 += dx[0][0] * dx[0][0] + dy[0][0] * dy[0][0];
        }
      g_test_message ("%s %s: %d points, %d only on their side of a kink, gradient vs "
                      "differences: relative RMS %.2e", c[0], c[1] ? c[1] : "", checked, kinked,
                      sqrt (err2 / MAX (ref2, 1e-30)));
      g_assert_cmpint (kinked * 10, <, checked);
      g_assert_cmpfloat (ref2 / checked, >, 1e-6);   /* not a flat field */
      g_assert_cmpfloat (sqrt (err2 / ref2), <, 0.01);
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
  const char *maps[] = { "map=normal", "map=shaded", "map=roughness", "map=ao",
                         "map=curvature", "map=orm", "map=mask-hdrp" };

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
        /* Curvature is a derivative more: it changes slope where a
         * lattice cell ends, and the wrap is always such a place. */
        const double slack = strstr (maps[m], "curvature") ? 1.1 : 1.0001;

        if (wrap > inner * slack)
          g_error ("%s %s: the wrap step %g is rougher than any inner step %g", ps[0], maps[m],
                   wrap, inner);
        tsr_texture_free (tex);
      }
}

/* Any region and thread count: the same bits, for the maps whose pixels
 * need their neighbours too (ambient occlusion, curvature), rows taken
 * together (clouds) or one by one (marble's domain warp). */
static void
test_maps_same_bits_any_split (void)
{
  const char *maps[] = { "map=shaded", "map=ao", "map=curvature", "map=orm",
                         "map=mask-hdrp", "map=roughness" };
  const char *patterns[][2] = { { "marble", "distortion=1" }, { "clouds", "octaves=7" },
                                { "marble", "style=banded" } };

  for (guint m = 0; m < G_N_ELEMENTS (maps); m++)
    for (guint p = 0; p < G_N_ELEMENTS (patterns); p++)
      {
        TsrTexture *tex = test_texture (patterns[p][0], 70, 50, maps[m], patterns[p][1],
                                        "ao-radius=9", NULL);
        g_autofree float *whole = render_rgba (tex, 0, 0, 70, 50, 1);
        g_autofree float *part = render_rgba (tex, 13, 9, 41, 30, 3);
        g_autofree float *rows = render_rgba (tex, 0, 0, 70, 50, 2);

        for (int y = 0; y < 30; y++)
          g_assert_cmpmem (part + 4 * (gsize) y * 41, 4 * sizeof (float) * 41,
                           whole + 4 * ((gsize) (y + 9) * 70 + 13), 4 * sizeof (float) * 41);
        g_assert_cmpmem (rows, 4 * sizeof (float) * 70 * 50, whole, 4 * sizeof (float) * 70 * 50);
        tsr_texture_free (tex);
      }
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

/* tsr_texture_is_opaque_grey: TRUE for the height map and for ramps of
 * opaque greys (then every pixel, dithered or lit too, has R = G = B and
 * alpha 1), FALSE for colours, translucency and the normal map. */
static void
test_opaque_grey (void)
{
  static const struct { const char *pattern, *a, *b; gboolean grey; } cases[] = {
    { "clouds", NULL, NULL, TRUE },
    { "clouds", "dither=1", NULL, TRUE },
    { "cells", "map=shaded", NULL, TRUE },
    { "marble", "map=height", NULL, TRUE },
    { "wood", "map=height", "dither=1", TRUE },
    { "ridged", "color1=#404040", "color2=#c0c0c0", TRUE },
    { "clouds", "palette=fire", NULL, FALSE },
    { "marble", NULL, NULL, FALSE },
    { "clouds", "color2=#ffffff80", NULL, FALSE },
    { "ridged", "color1=#404041", NULL, FALSE },
    { "clouds", "map=normal", NULL, FALSE },
  };
  const int w = 67, h = 41;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      TsrTexture       *tex = test_texture (cases[c].pattern, w, h, cases[c].a, cases[c].b, NULL);
      g_autofree float *rgba = render_rgba (tex, 0, 0, w, h, 1);
      gboolean          all_grey = TRUE;

      for (gsize i = 0; i < (gsize) w * h; i++)
        {
          const float *px = rgba + 4 * i;

          all_grey = all_grey && px[1] == px[0] && px[2] == px[0] && px[3] == 1.0f;
        }
      if (tsr_texture_is_opaque_grey (tex) != cases[c].grey)
        g_error ("%s %s %s: opaque grey is %d", cases[c].pattern, cases[c].a, cases[c].b,
                 !cases[c].grey);
      if (cases[c].grey && !all_grey)
        g_error ("%s %s %s: a pixel is not an opaque grey", cases[c].pattern, cases[c].a,
                 cases[c].b);
      tsr_texture_free (tex);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/surface/normal-is-height-slope", test_normal_is_the_height_slope);
  g_test_add_func ("/surface/gradient-is-the-derivative", test_gradient_is_the_derivative);
  g_test_add_func ("/surface/formats-and-height", test_formats_and_height);
  g_test_add_func ("/surface/maps-tile", test_maps_tile);
  g_test_add_func ("/surface/same-bits-any-split", test_maps_same_bits_any_split);
  g_test_add_func ("/surface/lit-relief", test_lit_relief);
  g_test_add_func ("/surface/opaque-grey", test_opaque_grey);
  return g_test_run ();
}
