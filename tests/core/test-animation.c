/* The `time` parameter: every pattern loops (time 1 is time 0, bit for
 * bit), changes smoothly with time and keeps its contrast all through the
 * loop, and every frame tiles. */
#include <string.h>

#include "test-helpers.h"

static const char *const variants[][3] = {
  { "perlin", NULL, NULL }, { "simplex", NULL, NULL }, { "value", NULL, NULL },
  { "cells", NULL, NULL }, { "clouds", "octaves=8", NULL }, { "turbulence", "basis=cells", NULL },
  { "ridged", "basis=value", NULL }, { "marble", "distortion=1", NULL }, { "wood", NULL, NULL },
  { "water", "water-style=rings", "waves=9" }, { "water", "crest=0.8", NULL },
  { "water", "water-style=ripples", NULL }, { "clouds", "tileable=false", NULL },
  /* flow noise: simplex gradients turning */
  { "simplex", "flow=true", NULL }, { "clouds", "basis=simplex", "flow=true" },
  { "ridged", "basis=simplex", "flow=true" },
};

static float *
frame (const char *const *v, double time, int w, int h, int x, int y)
{
  char *t = g_strdup_printf ("time=%.17g", time);
  TsrTexture *tex = test_texture (v[0], w, h, t, v[1] ? v[1] : "seed=3", v[2], NULL);
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

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      if (variants[v][1] != NULL && strcmp (variants[v][1], "tileable=false") == 0)
        continue;
      g_autofree float *a = frame (variants[v], 0.4, w, h, 0, 0);
      g_autofree float *b = frame (variants[v], 0.4, w, h, w, -2 * h);

      g_assert_cmpmem (a, sizeof (float) * w * h, b, sizeof (float) * w * h);
    }
}

/* rise: at time t the texture has moved up by t x rise tile heights, as a
 * whole (the domain warp with it), and time 1 is time 0 again. */
static void
test_rise (void)
{
  const int w = 40, h = 64;
  TsrSettings s;
  GError *error = NULL;

  for (int rise = -2; rise <= 3; rise += 5)
    {
      char *r = g_strdup_printf ("rise=%d", rise);
      TsrTexture *moving = test_texture ("clouds", w, h, r, "time=0.25", "distortion=0.5", NULL);
      TsrTexture *still = test_texture ("clouds", w, h, "time=0.25", "distortion=0.5", NULL);
      TsrTexture *at1 = test_texture ("clouds", w, h, r, "time=1", "distortion=0.5", NULL);
      TsrTexture *at0 = test_texture ("clouds", w, h, "distortion=0.5", NULL);
      double shift = rise * 0.25 * h;   /* pixels up */
      float *a1 = test_render_scalar (at1, 0, 0, w, h, 1);
      float *a0 = test_render_scalar (at0, 0, 0, w, h, 1);

      shift -= floor (shift / h) * h;
      for (int y = 0; y < h; y += 7)
        for (int x = 0; x < w; x += 5)
          g_assert_cmpfloat (tsr_texture_value_at (moving, x + 0.5, y + 0.5),
                             ==, tsr_texture_value_at (still, x + 0.5, y + 0.5 + shift));
      g_assert_cmpmem (a1, sizeof (float) * w * h, a0, sizeof (float) * w * h);
      g_free (a1);
      g_free (a0);
      g_free (r);
      tsr_texture_free (moving);
      tsr_texture_free (still);
      tsr_texture_free (at1);
      tsr_texture_free (at0);
    }

  /* without a period the texture could not come back: refused, named */
  g_assert_true (tsr_settings_init (&s, "clouds", NULL));
  g_assert_true (tsr_settings_parse (&s, "rise", "1", NULL));
  g_assert_true (tsr_settings_parse (&s, "tileable", "false", NULL));
  g_assert_false (tsr_settings_validate (&s, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "rise"));
  g_assert_nonnull (strstr (error->message, "tileable"));
  g_error_free (error);
}

/* Flow noise is its own motion: half a turn of the gradients gives the
 * noise's negative (every gradient reversed), and a quarter turn differs
 * from the two noises' blend there (which is the second noise alone). */
static void
test_flow (void)
{
  const int w = 48, h = 32;
  const char *const flow[] = { "simplex", "flow=true", NULL };
  const char *const blend[] = { "simplex", "flow=false", NULL };
  g_autofree float *f0 = frame (flow, 0.0, w, h, 0, 0);
  g_autofree float *f_half = frame (flow, 0.5, w, h, 0, 0);
  g_autofree float *f_quarter = frame (flow, 0.25, w, h, 0, 0);
  g_autofree float *b_quarter = frame (blend, 0.25, w, h, 0, 0);
  double worst = 0;

  for (int i = 0; i < w * h; i++)
    worst = MAX (worst, fabs ((f0[i] - 0.5) + (f_half[i] - 0.5)));
  g_test_message ("flow at half a turn: largest |v0 + v½ - 1| %.2g", worst);
  g_assert_cmpfloat (worst, <, 1e-5);
  g_assert_cmpfloat (max_step (f_quarter, b_quarter, w * h), >, 0.1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/animation/loop-closes", test_loop_closes);
  g_test_add_func ("/animation/smooth-in-time", test_smooth_in_time);
  g_test_add_func ("/animation/contrast-kept", test_contrast_kept);
  g_test_add_func ("/animation/frames-tile", test_frames_tile);
  g_test_add_func ("/animation/rise", test_rise);
  g_test_add_func ("/animation/flow", test_flow);
  return g_test_run ();
}
