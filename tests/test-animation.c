/* The `time` parameter: every pattern loops (time 1 is time 0, bit for
 * bit), changes smoothly with time and keeps its contrast all through the
 * loop, and every frame tiles. */
#include <string.h>

#include "test-helpers.h"

static const char *const variants[][3] = {
  { "perlin", NULL, NULL }, { "simplex", NULL, NULL }, { "value", NULL, NULL },
  { "cells", NULL, NULL }, { "clouds", "octaves=8", NULL }, { "turbulence", "basis=cells", NULL },
  { "ridged", "basis=value", NULL }, { "marble", "distortion=1", NULL }, { "wood", NULL, NULL },
  { "water", "waves=9", NULL }, { "clouds", "tileable=false", NULL },
};

static float *
frame (const char *const *v, double time, int w, int h, int x, int y)
{
  char *t = g_strdup_printf ("time=%.17g", time);
  TsrTexture *tex = test_texture (v[0], w, h, t, v[1] ? v[1] : "seed=3", NULL);
  float *values = test_render_scalar (tex, x, y, w, h, 0);

  tsr_texture_free (tex);
  g_free (t);
  return values;
}

static double
max_step (const float *a, const float *b, int n)
{
  double m = 0;
  for (int i = 0; i < n; i++)
    m = MAX (m, fabs ((double) a[i] - b[i]));
  return m;
}

static double
mean_step (const float *a, const float *b, int n)
{
  double m = 0;
  for (int i = 0; i < n; i++)
    m += fabs ((double) a[i] - b[i]);
  return m / n;
}

static double
spread (const float *a, int n)
{
  double mean = 0, var = 0;
  for (int i = 0; i < n; i++)
    mean += a[i];
  mean /= n;
  for (int i = 0; i < n; i++)
    var += (a[i] - mean) * (a[i] - mean);
  return sqrt (var / n);
}

/* time=1 is time=0; time=0 is the texture without time (the goldens). */
static void
test_loop_closes (void)
{
  const int w = 47, h = 31;

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autofree float *t0 = frame (variants[v], 0.0, w, h, 0, 0);
      g_autofree float *t1 = frame (variants[v], 1.0, w, h, 0, 0);
      g_autofree float *tq = frame (variants[v], 0.25, w, h, 0, 0);

      g_assert_cmpmem (t0, sizeof (float) * w * h, t1, sizeof (float) * w * h);
      if (max_step (t0, tq, w * h) < 0.05)
        g_error ("%s: time 0.25 hardly differs from time 0", variants[v][0]);
    }
}

/* Small time steps make small changes, shrinking with the step (on
 * average: a sharp vein or ring edge that moves across a pixel changes
 * that pixel at once, as it does when the scale changes slightly). */
static void
test_smooth_in_time (void)
{
  const int w = 40, h = 30;

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autofree float *a = frame (variants[v], 0.3, w, h, 0, 0);
      g_autofree float *b = frame (variants[v], 0.3 + 1e-3, w, h, 0, 0);
      g_autofree float *c = frame (variants[v], 0.3 + 1e-2, w, h, 0, 0);
      const double small = mean_step (a, b, w * h), larger = mean_step (a, c, w * h);

      g_test_message ("%s: mean step %.5f for dt 0.001, %.5f for dt 0.01", variants[v][0],
                      small, larger);
      g_assert_cmpfloat (small, <, 0.01);
      g_assert_cmpfloat (small, <, 0.3 * larger);
    }
}

/* The spread of fBm stays the same through the loop (a cross-fade of two
 * noises would lose it half-way). */
static void
test_contrast_kept (void)
{
  const char *const clouds[] = { "clouds", "scale=12", NULL };
  const int w = 256, h = 256;
  g_autofree float *t0 = frame (clouds, 0.0, w, h, 0, 0);
  const double s0 = spread (t0, w * h);

  for (double t = 0.125; t < 1.0; t += 0.125)
    {
      g_autofree float *f = frame (clouds, t, w, h, 0, 0);
      const double s = spread (f, w * h);

      g_test_message ("time %.3f: spread %.4f (time 0: %.4f)", t, s, s0);
      g_assert_cmpfloat (fabs (s / s0 - 1.0), <, 0.1);
    }
}

/* A frame tiles: one period on is the same pixels, bit for bit. */
static void
test_frames_tile (void)
{
  const int w = 37, h = 23;

  for (guint v = 0; v + 1 < G_N_ELEMENTS (variants); v++)
    {
      g_autofree float *a = frame (variants[v], 0.4, w, h, 0, 0);
      g_autofree float *b = frame (variants[v], 0.4, w, h, w, -2 * h);

      g_assert_cmpmem (a, sizeof (float) * w * h, b, sizeof (float) * w * h);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/animation/loop-closes", test_loop_closes);
  g_test_add_func ("/animation/smooth-in-time", test_smooth_in_time);
  g_test_add_func ("/animation/contrast-kept", test_contrast_kept);
  g_test_add_func ("/animation/frames-tile", test_frames_tile);
  return g_test_run ();
}
