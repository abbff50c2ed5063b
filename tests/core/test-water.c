/* The water styles as materials: caustics are thin bright lines on a
 * darker floor and stay anti-aliased however fine; ripples run across the
 * wind.  (Tiling, looping, gradients and golden bits: test-tiling,
 * test-animation, test-surface, test-golden.) */
#include <math.h>
#include <stdlib.h>

#include "tessera.h"
#include "test-helpers.h"

static int
compare_floats (const void *a, const void *b)
{
  const float x = *(const float *) a, y = *(const float *) b;
  return (x > y) - (x < y);
}

/* Most of a pool's floor is dim; the light lies in a minority of thin
 * lines well above it. */
static void
test_caustics_lines_on_a_floor (void)
{
  const int size = 256;
  for (int seed = 0; seed < 3; seed++)
    {
      char *s = g_strdup_printf ("seed=%d", seed);
      TsrTexture *tex = test_texture ("water", size, size, s, NULL);
      float *v = test_render_scalar (tex, 0, 0, size, size, 1);
      float median, bright = 0;

      qsort (v, (gsize) size * size, sizeof *v, compare_floats);
      median = v[size * size / 2];
      for (int i = 0; i < size * size; i++)
        bright += v[i] > median + 0.2f;
      bright /= (float) (size * size);
      g_test_message ("seed %d: median %.3f, %.1f%% bright", seed, median, 100 * bright);
      g_assert_cmpfloat (median, >, 0.45f);
      g_assert_cmpfloat (median, <, 0.7f);
      g_assert_cmpfloat (bright, >, 0.03f);
      g_assert_cmpfloat (bright, <, 0.3f);
      g_free (v);
      tsr_texture_free (tex);
      g_free (s);
    }
}

/* The largest step between neighbouring pixels. */
static float
largest_step (const float *v, int size)
{
  float step = 0;

  for (int y = 0; y + 1 < size; y++)
    for (int x = 0; x + 1 < size; x++)
      {
        step = MAX (step, fabsf (v[y * size + x + 1] - v[y * size + x]));
        step = MAX (step, fabsf (v[(y + 1) * size + x] - v[y * size + x]));
      }
  return step;
}

/* Lines sharper than a pixel would jump from floor to full light between
 * neighbours (0.4 of the range at this scale without the limit); widened
 * to a pixel and dimmed, they step by much less. */
static void
test_caustics_band_limited (void)
{
  const int size = 192;
  TsrTexture *tex = test_texture ("water", size, size, "scale=8", "crest=1", "ripples=0", NULL);
  float *v = test_render_scalar (tex, 0, 0, size, size, 1);
  const float step = largest_step (v, size);

  g_test_message ("scale 8, crest 1: largest step %.3f", step);
  g_assert_cmpfloat (step, <, 0.25f);
  g_free (v);
  tsr_texture_free (tex);
}

/* Ripples' crests lie across the wind: the surface's slope along the
 * wind is about twice its slope across it (1 for isotropic waves),
 * whichever way it blows. */
static void
test_ripples_across_the_wind (void)
{
  static const double winds[] = { -60, 0, 45, 90, 170 };
  for (guint k = 0; k < G_N_ELEMENTS (winds); k++)
    {
      char *w = g_strdup_printf ("wind-angle=%g", winds[k]);
      TsrTexture *tex = test_texture ("water", 160, 160, "water-style=ripples", w,
                                      "ripples=0", NULL);
      const double a = winds[k] * G_PI / 180.0, ux = cos (a), uy = -sin (a);
      double along = 0, across = 0;

      for (int y = 0; y < 160; y += 3)
        for (int x = 0; x < 160; x += 3)
          {
            float v, gx, gy;

            g_assert_true (tsr_texture_gradient_at (tex, x + 0.5, y + 0.5, &v, &gx, &gy));
            along += fabs (gx * ux + gy * uy);
            across += fabs (-gx * uy + gy * ux);
          }
      g_test_message ("wind %g: slope along / across %.2f", winds[k], along / across);
      g_assert_cmpfloat (along, >, 1.7 * across);
      tsr_texture_free (tex);
      g_free (w);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/water/caustics/lines-on-a-floor", test_caustics_lines_on_a_floor);
  g_test_add_func ("/water/caustics/band-limited", test_caustics_band_limited);
  g_test_add_func ("/water/ripples/across-the-wind", test_ripples_across_the_wind);
  return g_test_run ();
}
