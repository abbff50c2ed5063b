/* Textures seen zoomed out (core/texture/texture-zoomed.h): the texture itself at
 * level 0; at level L each shown pixel close to the average of the
 * 2^L x 2^L full-size pixels it covers (closer than the one full-size
 * pixel at its centre), tiling as the texture does. */
#include "test-helpers.h"

static TsrSettings
settings_for (const char *pattern, const char *const *kv)
{
  TsrSettings s;

  g_assert_true (tsr_settings_init (&s, pattern, NULL));
  for (; kv != NULL && kv[0] != NULL; kv += 2)
    g_assert_true (tsr_settings_parse (&s, kv[0], kv[1], NULL));
  return s;
}

static float *
rows_of (const TsrTexture *tex, int w, int h)
{
  float *rgba = g_new (float, 4 * (gsize) w * h);

  tsr_texture_eval_rgba_rows (tex, 0, 0, w, h, rgba, 4 * (gsize) w);
  return rgba;
}

static void
test_level_zero (void)
{
  const char *patterns[] = { "clouds", "marble", "wood", "cells" };

  for (guint p = 0; p < G_N_ELEMENTS (patterns); p++)
    {
      TsrSettings       s = settings_for (patterns[p], NULL);
      TsrTexture       *full = tsr_texture_new (&s, 83, 47, NULL, NULL);
      TsrTexture       *zoomed = tsr_texture_new_zoomed (&s, 83, 47, NULL, 0, NULL);
      g_autofree float *a = rows_of (full, 83, 47);
      g_autofree float *b = rows_of (zoomed, 83, 47);

      g_assert_cmpint (tsr_texture_get_zoom_level (zoomed), ==, 0);
      g_assert_true (memcmp (a, b, 4 * sizeof (float) * 83 * 47) == 0);
      tsr_texture_free (full);
      tsr_texture_free (zoomed);
    }
}

/* Mean and largest difference, over every channel of the shown pixels,
 * between `shown` (w / f x h / f) and the f x f block averages of `full`
 * (w x h). */
static void
block_error (const float *full, int w, int h, int f, const float *shown, double *mean,
             double *worst)
{
  const int sw = w / f, sh = h / f;
  double    sum = 0.0;

  *worst = 0.0;
  for (int y = 0; y < sh; y++)
    for (int x = 0; x < sw; x++)
      for (int c = 0; c < 4; c++)
        {
          double avg = 0.0, d;

          for (int j = 0; j < f; j++)
            for (int i = 0; i < f; i++)
              avg += full[4 * ((gsize) (y * f + j) * w + x * f + i) + c];
          avg /= (double) f * f;
          d = fabs (shown[4 * ((gsize) y * sw + x) + c] - avg);
          sum += d;
          *worst = MAX (*worst, d);
        }
  *mean = sum / (4.0 * sw * sh);
}

/* The full-size pixel at each block's centre (the bottom-right one of the
 * middle four), as a plain point sample would show. */
static float *
point_samples (const float *full, int w, int h, int f)
{
  const int sw = w / f, sh = h / f;
  float    *out = g_new (float, 4 * (gsize) sw * sh);

  for (int y = 0; y < sh; y++)
    for (int x = 0; x < sw; x++)
      memcpy (out + 4 * ((gsize) y * sw + x),
              full + 4 * ((gsize) (y * f + f / 2) * w + x * f + f / 2), 4 * sizeof (float));
  return out;
}

/* Each shown pixel is within a small tolerance of what it covers, on
 * average and at worst, and nearer to it than a point sample: the finer
 * octaves a shown pixel cannot hold are left out instead of aliasing. */
static void
test_block_average (void)
{
  static const char *const fbm8[] = { "octaves", "8", NULL };
  static const char *const sky[] = { "octaves", "8", "palette", "sky", NULL };
  static const char *const small[] = { "scale", "40", NULL };
  static const char *const end_grain[] = { "cut", "end", NULL };
  static const char *const log_cut[] = { "cut", "log", NULL };
  /* nearer_from: the first level whose pixels are nearer to the averages
   * than point samples are */
  const struct { const char *pattern; const char *const *kv; double mean, worst;
                 int nearer_from; } cases[] = {
    { "clouds", fbm8, 0.012, 0.08, 1 },
    { "clouds", sky, 0.012, 0.12, 1 },
    { "perlin", small, 0.015, 0.08, 1 },
    { "value", small, 0.01, 0.05, 1 },
    { "turbulence", fbm8, 0.015, 0.18, 1 },
    /* veins and rings: their own filters widen with the shown pixel */
    /* (veined marble's main veins never vanish, and it has specks and
     * knots: 0.018 at level 3, point samples 0.020) */
    { "marble", NULL, 0.02, 0.25, 1 },
    { "wood", end_grain, 0.03, 0.2, 1 },
    /* the log's rings too (unfiltered at full size, as its goldens are) */
    { "wood", log_cut, 0.02, 0.2, 1 },
    /* at level 1 the plank's fibre, streaks 4 pixels tall and much
     * longer, fades with the fractal's band limit, which follows the
     * streaks' height alone (0.035 against 0.029 for point samples) */
    { "wood", NULL, 0.04, 0.3, 2 },
  };
  const int w = 512, h = 512;

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      TsrSettings       s = settings_for (cases[k].pattern, cases[k].kv);
      TsrTexture       *full = tsr_texture_new (&s, w, h, NULL, NULL);
      g_autofree float *whole = rows_of (full, w, h);

      for (int level = 1; level <= 4; level++)
        {
          const int         f = 1 << level;
          TsrTexture       *zoomed = tsr_texture_new_zoomed (&s, w, h, NULL, level, NULL);
          g_autofree float *shown = rows_of (zoomed, w / f, h / f);
          g_autofree float *point = point_samples (whole, w, h, f);
          double            mean, worst, point_mean, point_worst;

          g_assert_cmpint (tsr_texture_get_zoom_level (zoomed), ==, level);
          block_error (whole, w, h, f, shown, &mean, &worst);
          block_error (whole, w, h, f, point, &point_mean, &point_worst);
          g_test_message ("%s level %d: mean %.4f worst %.4f (point sample: %.4f, %.4f)",
                          cases[k].pattern, level, mean, worst, point_mean, point_worst);
          if (mean > cases[k].mean || worst > cases[k].worst
              || (level >= cases[k].nearer_from && mean >= point_mean))
            g_error ("%s level %d: shown pixels %.4f on average, %.4f at worst from the "
                     "blocks' averages (point samples: %.4f)", cases[k].pattern, level,
                     mean, worst, point_mean);
          tsr_texture_free (zoomed);
        }
      tsr_texture_free (full);
    }
}

/* A tileable zoomed texture repeats every period / 2^L shown pixels, and
 * a view of any rectangle, past the canvas too, gives the same pixels. */
static void
test_tiling (void)
{
  TsrSettings       s = settings_for ("clouds", NULL);
  TsrTexture       *zoomed = tsr_texture_new_zoomed (&s, 96, 64, NULL, 2, NULL);
  g_autofree float *tile = rows_of (zoomed, 24, 16);
  float             px[4 * 24];

  for (int y = -16; y < 32; y += 7)
    {
      tsr_texture_eval_rgba_rows (zoomed, -24, y, 24, 1, px, 4 * 24);
      g_assert_true (memcmp (px, tile + 4 * 24 * (gsize) ((y + 16) % 16), sizeof px) == 0);
      tsr_texture_eval_rgba_rows (zoomed, 48, y, 24, 1, px, 4 * 24);
      g_assert_true (memcmp (px, tile + 4 * 24 * (gsize) ((y + 16) % 16), sizeof px) == 0);
    }
  tsr_texture_free (zoomed);
}

static void
test_bad_level (void)
{
  TsrSettings s = settings_for ("clouds", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_null (tsr_texture_new_zoomed (&s, 64, 64, NULL, TSR_MAX_ZOOM_LEVEL + 1, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "zoom level"));
  g_clear_error (&error);
  g_assert_null (tsr_texture_new_zoomed (&s, 64, 64, NULL, -1, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/zoomed/level-zero", test_level_zero);
  g_test_add_func ("/core/zoomed/block-average", test_block_average);
  g_test_add_func ("/core/zoomed/tiling", test_tiling);
  g_test_add_func ("/core/zoomed/bad-level", test_bad_level);
  return g_test_run ();
}
