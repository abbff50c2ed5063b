/* Wood and marble as materials: ring and vein edges filtered to the pixel
 * (no stair-steps), knots that stay local, veins that stay thin lines on a
 * bright stone, and the older looks still reachable (golden.inc). */
#include <string.h>

#include "tessera.h"
#include "test-helpers.h"

/* The largest change between two neighbouring pixels of the pattern's
 * scalar. */
static float
largest_step (const char *pattern, int size, const char *a, const char *b, const char *c)
{
  TsrTexture *tex = test_texture (pattern, size, size, a, b, c, NULL);
  float *v = test_render_scalar (tex, 0, 0, size, size, 1);
  float step = 0;

  for (int y = 0; y + 1 < size; y++)
    for (int x = 0; x + 1 < size; x++)
      {
        float here = v[y * size + x];
        step = MAX (step, fabsf (v[y * size + x + 1] - here));
        step = MAX (step, fabsf (v[(y + 1) * size + x] - here));
      }
  g_free (v);
  tsr_texture_free (tex);
  return step;
}

/* A ring's sharp edge (latewood to the next earlywood) spans about 0.55
 * of the range; box-filtered over one and a half pixels, no two
 * neighbours differ by more than two thirds of it.  The unfiltered log
 * (the original end grain) jumps by the whole edge. */
static void
test_ring_edges_filtered (void)
{
  float plank = largest_step ("wood", 384, "grain=0", "knots=0", "rings=40");
  float dense = largest_step ("wood", 384, "grain=0", "knots=0", "rings=150");
  float end = largest_step ("wood", 384, "grain=0", "cut=end", "rings=40");
  float log = largest_step ("wood", 384, "grain=0", "cut=log", "rings=40");

  g_test_message ("largest step: plank %.3f, dense plank %.3f, end grain %.3f, log %.3f",
                  plank, dense, end, log);
  g_assert_cmpfloat (plank, <, 0.47f);
  g_assert_cmpfloat (dense, <, 0.47f);
  g_assert_cmpfloat (end, <, 0.47f);
  g_assert_cmpfloat (log, >, 0.6f);
}

/* Knots change only their neighbourhood (visibly: the rings bend around
 * them a little further out). */
static void
test_knots_local (void)
{
  const int size = 256;
  TsrTexture *plain = test_texture ("wood", size, size, "knots=0", NULL);
  TsrTexture *knotty = test_texture ("wood", size, size, "knots=3", NULL);
  float *a = test_render_scalar (plain, 0, 0, size, size, 1);
  float *b = test_render_scalar (knotty, 0, 0, size, size, 1);
  int changed = 0;

  for (int i = 0; i < size * size; i++)
    changed += fabsf (a[i] - b[i]) > 0.02f;   /* five levels in 255 */
  g_test_message ("knots changed %.1f %% of the pixels", 100.0 * changed / (size * size));
  g_assert_cmpint (changed, >, size * size / 50);
  g_assert_cmpint (changed, <, size * size / 2);
  g_free (a), g_free (b);
  tsr_texture_free (plain), tsr_texture_free (knotty);
}

/* Veined marble is mostly stone with a few dark lines, at every seed and
 * from the gallery's size to a large layer; the lines stay lines (a small
 * share of the pixels) at the sharpest setting too, where on a small tile
 * they are thinner than a pixel and drawn fainter (box-filtered): there a
 * vein is a pixel under 0.58 rather than 0.4. */
static void
test_veins_on_stone (void)
{
  static const int sizes[] = { 128, 512 };
  static const char *const sharpness[] = { "vein-sharpness=2", "vein-sharpness=16" };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (guint s = 0; s < G_N_ELEMENTS (sharpness); s++)
      for (int seed = 0; seed < 4; seed++)
        {
          char seed_kv[32];
          int size = sizes[k], dark = 0, bright = 0;
          g_snprintf (seed_kv, sizeof seed_kv, "seed=%d", seed);
          TsrTexture *tex = test_texture ("marble", size, size, seed_kv, sharpness[s], NULL);
          float *v = test_render_scalar (tex, 0, 0, size, size, 1);

          for (int i = 0; i < size * size; i++)
            dark += v[i] < (s == 0 ? 0.4f : 0.58f), bright += v[i] > 0.6f;
          g_test_message ("%dx%d %s seed %d: %.1f %% vein, %.1f %% bright stone", size, size,
                          sharpness[s], seed, 100.0 * dark / (size * size),
                          100.0 * bright / (size * size));
          g_assert_cmpint (dark, >, size * size / 400);
          g_assert_cmpint (dark, <, size * size / 5);
          g_assert_cmpint (bright, >, size * size / 2);
          g_free (v);
          tsr_texture_free (tex);
        }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/wood/ring-edges-filtered", test_ring_edges_filtered);
  g_test_add_func ("/core/wood/knots-local", test_knots_local);
  g_test_add_func ("/core/marble/veins-on-stone", test_veins_on_stone);
  return g_test_run ();
}
