/* Colour ramps and palettes. */
#include <string.h>
#include "test-helpers.h"

static void
test_two_colors (void)
{
  TsrRamp r;
  TsrColor a = { 0.2f, 0.4f, 0.6f, 1.0f }, b = { 1.0f, 0.0f, 0.5f, 0.5f };
  float px[4];

  tsr_ramp_two_colors (&r, &a, &b);
  g_assert_true (tsr_ramp_validate (&r, NULL));
  tsr_ramp_eval (&r, 0.0f, px);
  g_assert_cmpfloat (px[0], ==, 0.2f);
  tsr_ramp_eval (&r, 1.0f, px);
  g_assert_cmpfloat (px[1], ==, 0.0f);
  g_assert_cmpfloat (px[3], ==, 0.5f);
  tsr_ramp_eval (&r, 0.5f, px);
  g_assert_cmpfloat_with_epsilon (px[0], 0.6f, 1e-6);
  g_assert_cmpfloat_with_epsilon (px[3], 0.75f, 1e-6);
  /* out of range and NaN clamp instead of reading past the stops */
  tsr_ramp_eval (&r, -3.0f, px);
  g_assert_cmpfloat (px[0], ==, 0.2f);
  tsr_ramp_eval (&r, 7.0f, px);
  g_assert_cmpfloat (px[0], ==, 1.0f);
  tsr_ramp_eval (&r, NAN, px);
  g_assert_true (isfinite (px[0]));
}

static void
test_palettes_are_valid_and_distinct (void)
{
  float first[TSR_PALETTE_COUNT][4];
  for (int p = 0; p < TSR_PALETTE_COUNT; p++)
    {
      TsrRamp r;
      tsr_ramp_palette (&r, (TsrPalette) p);
      g_assert_true (tsr_ramp_validate (&r, NULL));
      tsr_ramp_eval (&r, 0.3f, first[p]);
    }
  g_assert_true (memcmp (first[TSR_PALETTE_MARBLE], first[TSR_PALETTE_WOOD], sizeof first[0]) != 0);
}

static void
test_reverse (void)
{
  TsrRamp r;
  float a[4], b[4];
  tsr_ramp_palette (&r, TSR_PALETTE_FIRE);
  tsr_ramp_eval (&r, 0.2f, a);
  tsr_ramp_reverse (&r);
  g_assert_true (tsr_ramp_validate (&r, NULL));
  tsr_ramp_eval (&r, 0.8f, b);
  for (int k = 0; k < 4; k++)
    g_assert_cmpfloat_with_epsilon (a[k], b[k], 1e-5);
}

static void
test_validate_rejects (void)
{
  TsrRamp r;
  GError *error = NULL;
  TsrSettings s;

  tsr_ramp_palette (&r, TSR_PALETTE_SKY);
  r.stops[1].pos = 0.9f;     /* out of order */
  g_assert_false (tsr_ramp_validate (&r, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE);
  g_clear_error (&error);

  tsr_ramp_palette (&r, TSR_PALETTE_SKY);
  r.stops[0].color.g = NAN;
  g_assert_false (tsr_ramp_validate (&r, &error));
  g_clear_error (&error);

  r.n_stops = 0;
  g_assert_false (tsr_ramp_validate (&r, &error));
  g_clear_error (&error);

  tsr_settings_init (&s, "clouds", NULL);
  g_assert_null (tsr_texture_new (&s, 8, 8, &r, &error));
  g_assert_nonnull (strstr (error->message, "color ramp"));
  g_clear_error (&error);
}

/* A texture colours its values through the ramp; palette=auto follows the
 * pattern, and a caller's ramp (e.g. a GIMP gradient) overrides both. */
static void
test_texture_coloring (void)
{
  TsrSettings s;
  TsrRamp custom;
  TsrColor red = { 1, 0, 0, 1 };
  float v[16], px[16 * 4];
  TsrTexture *tex;

  tsr_settings_init (&s, "clouds", NULL);
  tsr_settings_parse (&s, "color1", "#000000", NULL);
  tsr_settings_parse (&s, "color2", "#ffffff", NULL);
  tex = tsr_texture_new (&s, 16, 16, NULL, NULL);
  tsr_texture_eval_scalar_row (tex, 0, 3, 16, v);
  tsr_texture_eval_rgba_row (tex, 0, 3, 16, px);
  for (int i = 0; i < 16; i++)
    {
      g_assert_cmpfloat_with_epsilon (px[4 * i], v[i], 1e-5);
      g_assert_cmpfloat (px[4 * i + 3], ==, 1.0f);
    }
  tsr_texture_free (tex);

  tsr_ramp_two_colors (&custom, &red, &red);
  tex = tsr_texture_new (&s, 16, 16, &custom, NULL);
  tsr_texture_eval_rgba_row (tex, 0, 3, 16, px);
  for (int i = 0; i < 16; i++)
    g_assert_true (px[4 * i] == 1.0f && px[4 * i + 1] == 0.0f);
  tsr_texture_free (tex);

  tex = test_texture ("marble", 16, 16, NULL);
  tsr_texture_eval_rgba_row (tex, 0, 3, 16, px);
  g_assert_false (px[0] == px[1] && px[1] == px[2]);   /* the marble palette has hue */
  tsr_texture_free (tex);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/ramp/two-colors", test_two_colors);
  g_test_add_func ("/core/ramp/palettes", test_palettes_are_valid_and_distinct);
  g_test_add_func ("/core/ramp/reverse", test_reverse);
  g_test_add_func ("/core/ramp/validate", test_validate_rejects);
  g_test_add_func ("/core/ramp/texture-coloring", test_texture_coloring);
  return g_test_run ();
}
