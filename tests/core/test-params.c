/* The parameter and pattern tables, and settings validation. */
#include <string.h>
#include "test-helpers.h"
#include "params/param-values.h"
#include "patterns/seed-salts.h"

static void
test_table_is_consistent (void)
{
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      const TsrParamSpec *p = &tsr_params[i];
      g_assert_cmpint (p->id, ==, i);
      g_assert_nonnull (p->name);
      g_assert_nonnull (p->label);
      g_assert_nonnull (p->description);
      for (const char *c = p->name; *c; c++)
        g_assert_true (g_ascii_islower (*c) || g_ascii_isdigit (*c) || *c == '-');
      g_assert_true (tsr_param_lookup (p->name) == p);
      g_assert_cmpfloat (p->min, <=, p->max);
      if (p->type != TSR_TYPE_COLOR)
        {
          g_assert_cmpfloat (p->def, >=, p->min);
          g_assert_cmpfloat (p->def, <=, p->max);
        }
      if (p->type == TSR_TYPE_CHOICE)
        {
          g_assert_cmpuint (p->n_choices, >=, 2);
          g_assert_cmpfloat (p->max, ==, p->n_choices - 1);
          for (guint k = 0; k < p->n_choices; k++)
            g_assert_cmpint (tsr_param_choice_index (p, p->choices[k].name), ==, k);
        }
      g_assert_nonnull (tsr_param_group_label (p->group));
    }
  g_assert_null (tsr_param_lookup ("no-such-thing"));
}

static void
test_patterns_table (void)
{
  static const char *const required[] = {
    "perlin", "simplex", "value", "cells", "clouds", "turbulence", "ridged", "marble", "wood"
  };
  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    g_assert_nonnull (tsr_pattern_lookup (required[i]));
  for (guint i = 0; i < tsr_n_patterns; i++)
    {
      const TsrPattern *p = tsr_patterns[i];
      g_assert_nonnull (p->label);
      g_assert_nonnull (p->description);
      g_assert_nonnull (p->eval);
      g_assert_cmpint (tsr_pattern_index (p->name), ==, i);
      g_assert_true (tsr_pattern_uses (p, TSR_P_SEED));
      g_assert_true (tsr_pattern_uses (p, TSR_P_TILEABLE));
      g_assert_true (tsr_pattern_uses (p, TSR_P_DISTORTION));
    }
  g_assert_false (tsr_pattern_uses (tsr_pattern_lookup ("perlin"), TSR_P_VEINS));
  g_assert_true (tsr_pattern_uses (tsr_pattern_lookup ("marble"), TSR_P_VEINS));
  g_assert_null (tsr_pattern_lookup ("plasma"));
}

static void
expect_parse_error (const char *key, const char *value, const char *fragment)
{
  TsrSettings s;
  GError *error = NULL;
  tsr_settings_init (&s, "clouds", NULL);
  TsrSettings before = s;
  g_assert_false (tsr_settings_parse (&s, key, value, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, fragment) == NULL)
    g_error ("%s=%s: message '%s' lacks '%s'", key, value, error->message, fragment);
  g_assert_true (memcmp (&s, &before, sizeof s) == 0);   /* untouched */
  g_error_free (error);
}

/* Every numeric parameter refuses below-min, above-max and non-finite
 * values, naming itself and its range. */
static void
test_every_parameter_rejects_bad_values (void)
{
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      const TsrParamSpec *p = &tsr_params[i];
      char buf[64];

      switch (p->type)
        {
        case TSR_TYPE_INT:
        case TSR_TYPE_DOUBLE:
          g_snprintf (buf, sizeof buf, "%.17g", p->min - 1);
          expect_parse_error (p->name, buf, p->name);
          expect_parse_error (p->name, buf, "out of range");
          g_snprintf (buf, sizeof buf, "%.17g", p->max + 1);
          expect_parse_error (p->name, buf, "out of range");
          expect_parse_error (p->name, "0x10", "not a number");
          expect_parse_error (p->name, " 1", "not a number");
          expect_parse_error (p->name, "1e", "not a number");
          expect_parse_error (p->name, ".", "not a number");
          expect_parse_error (p->name, "nan", p->name);
          expect_parse_error (p->name, "inf", p->name);
          expect_parse_error (p->name, "-inf", p->name);
          expect_parse_error (p->name, "", "not a number");
          expect_parse_error (p->name, "12abc", "not a number");
          expect_parse_error (p->name, "1e999", "out of range");
          expect_parse_error (p->name, "1e-400", "too close to 0");
          if (p->type == TSR_TYPE_INT)
            expect_parse_error (p->name, "1.5", p->name);
          break;
        case TSR_TYPE_BOOL:
          expect_parse_error (p->name, "maybe", "true or false");
          break;
        case TSR_TYPE_CHOICE:
          expect_parse_error (p->name, "nope", p->choices[0].name);
          break;
        case TSR_TYPE_COLOR:
          expect_parse_error (p->name, "#12345", "not a color");
          expect_parse_error (p->name, "red", "not a color");
          expect_parse_error (p->name, "#gg0000", "not a color");
          break;
        }
    }
  expect_parse_error ("colour", "1", "unknown parameter 'colour'");
}

/* Numbers are read as the nearest double: below the normal doubles as
 * subnormal ones (the range's), exactly as strtod rounds them. */
static void
test_subnormal_numbers (void)
{
  static const char *const tiny[] = { "1e-320", "4.9e-324", "2.2250738585072011e-308" };
  TsrSettings s;

  tsr_settings_init (&s, "clouds", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (tiny); i++)
    {
      GError *error = NULL;

      g_assert_true (tsr_settings_parse (&s, "scale", tiny[i], &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (s.value[TSR_P_SCALE], ==, g_ascii_strtod (tiny[i], NULL));
      g_assert_cmpint (fpclassify (s.value[TSR_P_SCALE]), ==, FP_SUBNORMAL);
      g_assert_true (tsr_settings_validate (&s, &error));
      g_assert_no_error (error);
    }
  g_assert_true (tsr_settings_parse (&s, "scale", "0e-400", NULL));
  g_assert_cmpfloat (s.value[TSR_P_SCALE], ==, 0.0);
}

static void
test_set_by_id_and_validate (void)
{
  TsrSettings s;
  GError *error = NULL;

  tsr_settings_init (&s, "marble", NULL);
  g_assert_true (tsr_settings_validate (&s, &error));
  g_assert_true (tsr_settings_set (&s, TSR_P_OCTAVES, 8, &error));
  g_assert_cmpfloat (s.value[TSR_P_OCTAVES], ==, 8);
  g_assert_false (tsr_settings_set (&s, TSR_P_OCTAVES, 13, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "octaves: 13 is out of range (whole numbers 1 .. 12)"));
  g_clear_error (&error);
  g_assert_false (tsr_settings_set (&s, TSR_P_PERSISTENCE, NAN, &error));
  g_clear_error (&error);

  /* A corrupted settings value (e.g. from a caller's struct) is caught. */
  s.value[TSR_P_SCALE] = INFINITY;
  g_assert_false (tsr_settings_validate (&s, &error));
  g_assert_nonnull (strstr (error->message, "scale"));
  g_clear_error (&error);
  g_assert_null (tsr_texture_new (&s, 10, 10, NULL, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE);
  g_clear_error (&error);

  tsr_settings_init (&s, "marble", NULL);
  s.color[TSR_P_COLOR1].g = 1.5f;
  g_assert_false (tsr_settings_validate (&s, &error));
  g_assert_nonnull (strstr (error->message, "color1"));
  g_clear_error (&error);

  tsr_settings_init (&s, "marble", NULL);
  s.pattern = 999;
  g_assert_false (tsr_settings_validate (&s, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_PATTERN);
  g_clear_error (&error);

  g_assert_false (tsr_settings_init (&s, "plasma", &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_PATTERN);
  g_assert_nonnull (strstr (error->message, "plasma"));
  g_clear_error (&error);
}

static void
test_parse_and_format_round_trip (void)
{
  TsrSettings s, t;
  tsr_settings_init (&s, "wood", NULL);
  g_assert_true (tsr_settings_parse (&s, "tileable", "no", NULL));
  g_assert_true (tsr_settings_parse (&s, "basis", "simplex", NULL));
  g_assert_true (tsr_settings_parse (&s, "color1", "#10203040", NULL));
  g_assert_true (tsr_settings_parse (&s, "scale", "33.25", NULL));
  g_assert_true (tsr_settings_parse (&s, "seed", "2147483647", NULL));
  tsr_settings_init (&t, "wood", NULL);
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      char *text = tsr_settings_format (&s, (TsrParamId) i);
      g_assert_true (tsr_settings_parse (&t, tsr_params[i].name, text, NULL));
      g_free (text);
    }
  g_assert_true (memcmp (&s, &t, sizeof s) == 0);
  {
    char *text = tsr_settings_format (&s, TSR_P_TILEABLE);
    g_assert_cmpstr (text, ==, "false");
    g_free (text);
  }
}

static void
test_bad_sizes (void)
{
  TsrSettings s;
  GError *error = NULL;
  static const int bad[][2] = { { 0, 5 }, { 5, 0 }, { -3, 4 }, { 4, TSR_MAX_SIZE + 1 } };

  tsr_settings_init (&s, "clouds", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_null (tsr_texture_new (&s, bad[i][0], bad[i][1], NULL, &error));
      g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE);
      g_assert_true (strstr (error->message, "width") || strstr (error->message, "height"));
      g_clear_error (&error);
    }
}


/* The named fields the patterns read hold exactly the table's values: each
 * parameter gets a value of its own, and its field must show that one. */
static void
test_named_fields_match_table (void)
{
  TsrSettings s;
  TsrCommonParams common;
  TsrNoiseParams noise;
  TsrMarbleParams marble;
  TsrWoodParams wood;
  TsrColorParams color;

  tsr_settings_init (&s, "marble", NULL);
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      const TsrParamSpec *spec = &tsr_params[i];
      if (spec->type == TSR_TYPE_COLOR)
        s.color[i] = (TsrColor) { 0.25f, 0.5f, 0.75f, (float) i / TSR_P_COUNT };
      else
        s.value[i] = spec->max - (spec->type == TSR_TYPE_DOUBLE ? 0.5 * i / TSR_P_COUNT : 0);
    }
  tsr_common_params (&s, &common);
  tsr_noise_params (&s, &noise);
  tsr_marble_params (&s, &marble);
  tsr_wood_params (&s, &wood);
  tsr_color_params (&s, &color);

#define CHECK_NUMBER(group, ID, field, name, TYPE, ...) \
  g_assert_cmpfloat ((double) VIEW.field, ==, s.value[TSR_P_##ID]);
#define CHECK_CHOICE(group, ID, field, ...) \
  g_assert_cmpfloat ((double) VIEW.field, ==, s.value[TSR_P_##ID]);
#define CHECK_COLOR(group, ID, field, ...) \
  g_assert_true (memcmp (&VIEW.field, &s.color[TSR_P_##ID], sizeof (TsrColor)) == 0);
#define VIEW common
  TSR_PARAMS_COMMON (CHECK_NUMBER, CHECK_CHOICE, CHECK_COLOR)
#undef VIEW
#define VIEW noise
  TSR_PARAMS_NOISE (CHECK_NUMBER, CHECK_CHOICE, CHECK_COLOR)
#undef VIEW
#define VIEW marble
  TSR_PARAMS_MARBLE (CHECK_NUMBER, CHECK_CHOICE, CHECK_COLOR)
#undef VIEW
#define VIEW wood
  TSR_PARAMS_WOOD (CHECK_NUMBER, CHECK_CHOICE, CHECK_COLOR)
#undef VIEW
#define VIEW color
  TSR_PARAMS_COLOR (CHECK_NUMBER, CHECK_CHOICE, CHECK_COLOR)
#undef VIEW
}

/* Which pattern reads what follows from its basis and its own group. */
/* tsr_pattern_param_applies with the other choices at their defaults. */
static gboolean
applies (const TsrPattern *pattern, TsrParamId id, int basis, int palette, int map,
         gboolean ramp)
{
  TsrWhenChoices c = tsr_when_defaults ();

  tsr_when_set (&c, TSR_P_BASIS, basis);
  tsr_when_set (&c, TSR_P_PALETTE, palette);
  tsr_when_set (&c, TSR_P_MAP, map);
  c.ramp = ramp;
  return tsr_pattern_param_applies (pattern, id, &c);
}

/* A rule that reads a choice reads a choice parameter, and names some of
 * its choices and nothing past them. */
static void
test_when_rules (void)
{
  for (guint id = 0; id < TSR_P_COUNT; id++)
    {
      const TsrParamWhen *when = &tsr_params[id].when;

      if (when->kind != TSR_WHEN_CHOICE)
        {
          g_assert_cmpint (tsr_param_when_input (*when), ==, TSR_P_COUNT);
          continue;
        }
      g_assert_cmpuint (when->input, <, TSR_P_COUNT);
      g_assert_cmpuint (when->input, !=, id);
      g_assert_cmpint (tsr_params[when->input].type, ==, TSR_TYPE_CHOICE);
      g_assert_cmpuint (tsr_params[when->input].n_choices, <=, 32);
      g_assert_cmpuint (when->choices, !=, 0);
      if (tsr_params[when->input].n_choices < 32)
        g_assert_cmpuint (when->choices >> tsr_params[when->input].n_choices, ==, 0);
    }
}

/* Whether two salts are equal on purpose (TSR_SEED_SALTS_APART). */
static gboolean
apart (const char *a, const char *b)
{
#define PAIR(A, B) { #A, #B },
  static const char *const pairs[][2] = { TSR_SEED_SALTS_APART (PAIR) };
#undef PAIR

  for (guint k = 0; k < G_N_ELEMENTS (pairs); k++)
    if ((strcmp (a, pairs[k][0]) == 0 && strcmp (b, pairs[k][1]) == 0)
        || (strcmp (a, pairs[k][1]) == 0 && strcmp (b, pairs[k][0]) == 0))
      return TRUE;
  return FALSE;
}

/* No two fields a texture draws share a salt. */
static void
test_seed_salts (void)
{
#define SALT_RANGE(NAME, first, n) { #NAME, first, n },
  static const struct { const char *name; guint32 first, n; } salts[] = {
    TSR_SEED_SALTS (SALT_RANGE)
  };
#undef SALT_RANGE

  for (guint i = 0; i < G_N_ELEMENTS (salts); i++)
    {
      g_assert_cmpuint (salts[i].n, >=, 1);
      for (guint j = i + 1; j < G_N_ELEMENTS (salts); j++)
        if (salts[i].first < salts[j].first + salts[j].n
            && salts[j].first < salts[i].first + salts[i].n && !apart (salts[i].name, salts[j].name))
          g_error ("seed salts %s and %s overlap", salts[i].name, salts[j].name);
    }
}

/* IF (...) takes any number of choices, not a fixed few: a seventh and a
 * thirty-second compile and set their bits. */
G_STATIC_ASSERT (TSR_CHOICE_BITS (0, 1, 2, 3, 4, 5, 6) == 0x7fu);
G_STATIC_ASSERT (TSR_CHOICE_BITS (31, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
                                  1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29)
                 == 0xffffffffu);
G_STATIC_ASSERT (TSR_CHOICE_BITS (3) == 0x8u);

static void
test_who_reads_what (void)
{
  const TsrPattern *perlin = tsr_pattern_lookup ("perlin");
  const TsrPattern *value = tsr_pattern_lookup ("value");
  const TsrPattern *cells = tsr_pattern_lookup ("cells");
  const TsrPattern *clouds = tsr_pattern_lookup ("clouds");
  const TsrPattern *marble = tsr_pattern_lookup ("marble");
  const TsrPattern *wood = tsr_pattern_lookup ("wood");

  for (guint i = 0; i < tsr_n_patterns; i++)
    for (guint id = 0; id < TSR_P_COUNT; id++)
      {
        const TsrParamSpec *spec = &tsr_params[id];
        gboolean shared = !tsr_param_group (spec->group)->owned;
        if (shared && spec->when.kind == TSR_WHEN_ALWAYS)
          g_assert_true (tsr_pattern_uses (tsr_patterns[i], (TsrParamId) id));
        TsrParamId input;
        int choice;

        if (!shared)
          g_assert_true (tsr_pattern_uses (tsr_patterns[i], (TsrParamId) id)
                         == ((int) spec->group == tsr_patterns[i]->own_group
                             || (int) spec->group == tsr_patterns[i]->second_group
                             || tsr_pattern_borrows (tsr_patterns[i], (TsrParamId) id,
                                                     &input, &choice)));
      }

  /* bricks read wood's settings for wood faces only, and a plank's knots
   * only on planks */
  {
    const TsrPattern *bricks = tsr_pattern_lookup ("bricks");
    TsrWhenChoices c = tsr_when_defaults ();

    g_assert_true (tsr_pattern_uses (bricks, TSR_P_RINGS));
    g_assert_true (tsr_pattern_uses (bricks, TSR_P_STYLE));
    g_assert_false (tsr_pattern_uses (bricks, TSR_P_WATER_STYLE));
    g_assert_false (tsr_pattern_param_applies (bricks, TSR_P_RINGS, &c));
    tsr_when_set (&c, TSR_P_FACE, TSR_FACE_WOOD);
    g_assert_true (tsr_pattern_param_applies (bricks, TSR_P_RINGS, &c));
    g_assert_true (tsr_pattern_param_applies (bricks, TSR_P_KNOTS, &c));
    g_assert_false (tsr_pattern_param_applies (bricks, TSR_P_VEINS, &c));
    tsr_when_set (&c, TSR_P_CUT, TSR_WOOD_BURL);
    g_assert_false (tsr_pattern_param_applies (bricks, TSR_P_KNOTS, &c));
    tsr_when_set (&c, TSR_P_FACE, TSR_FACE_MARBLE);
    g_assert_true (tsr_pattern_param_applies (bricks, TSR_P_VEINS, &c));
    g_assert_false (tsr_pattern_param_applies (bricks, TSR_P_RINGS, &c));
  }

  g_assert_true (tsr_pattern_uses (perlin, TSR_P_SCALE));
  g_assert_false (tsr_pattern_uses (perlin, TSR_P_OCTAVES));
  g_assert_false (tsr_pattern_uses (perlin, TSR_P_BASIS));
  g_assert_false (tsr_pattern_uses (perlin, TSR_P_INTERPOLATION));
  g_assert_true (tsr_pattern_uses (value, TSR_P_INTERPOLATION));
  g_assert_false (tsr_pattern_uses (value, TSR_P_JITTER));
  g_assert_true (tsr_pattern_uses (cells, TSR_P_JITTER));
  g_assert_true (tsr_pattern_uses (clouds, TSR_P_JITTER));
  g_assert_true (tsr_pattern_uses (clouds, TSR_P_OCTAVES));
  g_assert_false (tsr_pattern_uses (clouds, TSR_P_VEINS));
  g_assert_true (tsr_pattern_uses (marble, TSR_P_VEINS));
  g_assert_false (tsr_pattern_uses (marble, TSR_P_RINGS));
  g_assert_true (tsr_pattern_uses (wood, TSR_P_GRAIN));

  /* The rules with the choices they read. */
  g_assert_false (applies (clouds, TSR_P_INTERPOLATION, TSR_BASIS_PERLIN, TSR_PALETTE_AUTO, TSR_MAP_COLOR, FALSE));
  g_assert_true (applies (clouds, TSR_P_INTERPOLATION, TSR_BASIS_VALUE, TSR_PALETTE_AUTO, TSR_MAP_COLOR, FALSE));
  g_assert_true (applies (value, TSR_P_INTERPOLATION, TSR_BASIS_PERLIN, TSR_PALETTE_AUTO, TSR_MAP_COLOR, FALSE));
  g_assert_true (applies (clouds, TSR_P_COLOR1, 0, TSR_PALETTE_AUTO, TSR_MAP_COLOR, FALSE));
  g_assert_false (applies (marble, TSR_P_COLOR1, 0, TSR_PALETTE_AUTO, TSR_MAP_COLOR, FALSE));
  g_assert_true (applies (marble, TSR_P_COLOR1, 0, TSR_PALETTE_COLORS, TSR_MAP_COLOR, FALSE));
  g_assert_false (applies (marble, TSR_P_COLOR1, 0, TSR_PALETTE_COLORS, TSR_MAP_COLOR, TRUE));
  g_assert_false (applies (clouds, TSR_P_PALETTE, 0, TSR_PALETTE_AUTO, TSR_MAP_COLOR, TRUE));
  g_assert_cmpint (tsr_param_when_input (tsr_params[TSR_P_JITTER].when), ==, TSR_P_BASIS);
  g_assert_cmpint (tsr_param_when_input (tsr_params[TSR_P_COLOR2].when), ==, TSR_P_PALETTE);
  g_assert_cmpint (tsr_param_when_input (tsr_params[TSR_P_SEED].when), ==, TSR_P_COUNT);
  g_assert_cmpint (tsr_param_when_input (tsr_params[TSR_P_NORMAL_FORMAT].when), ==, TSR_P_MAP);
  for (int map = 0; map < TSR_MAP_COUNT; map++)
    {
      /* the colours' depth and occlusion: for their cavities */
      const gboolean relief = map == TSR_MAP_COLOR || map == TSR_MAP_NORMAL
                              || map == TSR_MAP_SHADED || map == TSR_MAP_AO || map == TSR_MAP_CURVATURE
                              || map == TSR_MAP_ORM || map == TSR_MAP_MASK_HDRP;
      const gboolean packed = map == TSR_MAP_ORM || map == TSR_MAP_MASK_HDRP;

      g_assert_true (applies (wood, TSR_P_MAP, 0, 0, map, FALSE));
      g_assert_true (applies (wood, TSR_P_NORMAL_STRENGTH, 0, 0, map, FALSE) == relief);
      g_assert_true (applies (wood, TSR_P_METALLIC, 0, 0, map, FALSE) == packed);
      g_assert_true (applies (clouds, TSR_P_AO_RADIUS, 0, 0, map, FALSE)
                     == (map == TSR_MAP_AO || packed || map == TSR_MAP_SHADED
                         || map == TSR_MAP_COLOR));
      g_assert_true (applies (clouds, TSR_P_CAVITY, 0, 0, map, FALSE) == (map == TSR_MAP_COLOR));
      g_assert_true (applies (clouds, TSR_P_ROUGHNESS_MAX, 0, 0, map, FALSE)
                     == (map == TSR_MAP_ROUGHNESS || packed));
      g_assert_true (applies (clouds, TSR_P_NORMAL_FORMAT, 0, 0, map, FALSE) ==
                     (map == TSR_MAP_NORMAL));
      g_assert_true (applies (marble, TSR_P_LIGHT_ANGLE, 0, 0, map, FALSE) ==
                     (map == TSR_MAP_SHADED));
    }

  /* A wood cut or a marble style chooses its own controls. */
  {
    TsrWhenChoices c = tsr_when_defaults ();
    g_assert_true (tsr_pattern_param_applies (wood, TSR_P_KNOTS, &c));
    g_assert_false (tsr_pattern_param_applies (wood, TSR_P_CENTER_X, &c));
    g_assert_false (tsr_pattern_param_applies (marble, TSR_P_VEIN_ANGLE, &c));
    tsr_when_set (&c, TSR_P_CUT, TSR_WOOD_LOG);
    tsr_when_set (&c, TSR_P_STYLE, TSR_MARBLE_BANDED);
    g_assert_false (tsr_pattern_param_applies (wood, TSR_P_KNOTS, &c));
    g_assert_true (tsr_pattern_param_applies (wood, TSR_P_CENTER_X, &c));
    g_assert_true (tsr_pattern_param_applies (marble, TSR_P_VEIN_ANGLE, &c));
    tsr_when_set (&c, TSR_P_CUT, TSR_WOOD_END);
    g_assert_false (tsr_pattern_param_applies (wood, TSR_P_KNOTS, &c));
    g_assert_false (tsr_pattern_param_applies (wood, TSR_P_CENTER_X, &c));
    g_assert_true (tsr_pattern_param_applies (wood, TSR_P_RINGS, &c));
  }

  /* A water style shows only the controls it reads. */
  {
    const TsrPattern *water = tsr_pattern_lookup ("water");
    TsrWhenChoices c = tsr_when_defaults ();

    g_assert_cmpint (c.choice[TSR_P_WATER_STYLE], ==, TSR_WATER_CAUSTICS);
    g_assert_false (tsr_pattern_param_applies (water, TSR_P_WAVES, &c));
    g_assert_false (tsr_pattern_param_applies (water, TSR_P_WIND_ANGLE, &c));
    g_assert_true (tsr_pattern_param_applies (water, TSR_P_CREST, &c));
    tsr_when_set (&c, TSR_P_WATER_STYLE, TSR_WATER_RIPPLES);
    g_assert_false (tsr_pattern_param_applies (water, TSR_P_WAVES, &c));
    g_assert_true (tsr_pattern_param_applies (water, TSR_P_WIND_ANGLE, &c));
    tsr_when_set (&c, TSR_P_WATER_STYLE, TSR_WATER_RINGS);
    g_assert_true (tsr_pattern_param_applies (water, TSR_P_WAVES, &c));
    g_assert_false (tsr_pattern_param_applies (water, TSR_P_WIND_ANGLE, &c));
    g_assert_false (tsr_pattern_param_applies (marble, TSR_P_WATER_STYLE, &c));
  }

  /* Bricks read stones' pieces, and their own layout, which stones do not. */
  {
    const TsrPattern *bricks = tsr_pattern_lookup ("bricks");
    const TsrPattern *stones = tsr_pattern_lookup ("stones");
    TsrWhenChoices c = tsr_when_defaults ();

    g_assert_true (tsr_pattern_uses (bricks, TSR_P_GAP));
    g_assert_true (tsr_pattern_uses (stones, TSR_P_GAP));
    g_assert_true (tsr_pattern_uses (bricks, TSR_P_LAYOUT));
    g_assert_false (tsr_pattern_uses (stones, TSR_P_LAYOUT));
    g_assert_false (tsr_pattern_uses (wood, TSR_P_GAP));
    g_assert_true (tsr_pattern_param_applies (bricks, TSR_P_OFFSET, &c));
    g_assert_false (tsr_pattern_param_applies (bricks, TSR_P_PIECE_RATIO, &c));
    tsr_when_set (&c, TSR_P_LAYOUT, TSR_LAYOUT_HERRINGBONE);
    g_assert_false (tsr_pattern_param_applies (bricks, TSR_P_OFFSET, &c));
    g_assert_true (tsr_pattern_param_applies (bricks, TSR_P_PIECE_RATIO, &c));
  }

  /* Every owned group belongs to exactly one pattern. */
  for (guint g = 0; g < TSR_GROUP_COUNT; g++)
    if (tsr_param_group ((TsrParamGroup) g)->owned)
      {
        guint owners = 0;
        for (guint i = 0; i < tsr_n_patterns; i++)
          owners += tsr_patterns[i]->own_group == (int) g;
        g_assert_cmpuint (owners, ==, 1);
      }
}

/* The ramp the settings describe: palette auto means the pattern's own,
 * or its style's. */
static void
test_settings_ramp (void)
{
  static const struct
  {
    const char *pattern, *key, *value;
    TsrPalette  palette;
  } own_palettes[] = {
    { "marble", "style", "veined", TSR_PALETTE_STATUARIO },
    { "marble", "style", "banded", TSR_PALETTE_MARBLE },
    { "water", "water-style", "caustics", TSR_PALETTE_POOL },
    { "water", "water-style", "ripples", TSR_PALETTE_WATER },
    { "water", "water-style", "rings", TSR_PALETTE_WATER },
    { "wood", "cut", "burl", TSR_PALETTE_WOOD },
  };
  TsrSettings s;
  TsrRamp *own = g_new0 (TsrRamp, 1), *expected = g_new0 (TsrRamp, 1);

  for (guint i = 0; i < G_N_ELEMENTS (own_palettes); i++)
    {
      tsr_settings_init (&s, own_palettes[i].pattern, NULL);
      g_assert_true (tsr_settings_parse (&s, own_palettes[i].key, own_palettes[i].value, NULL));
      tsr_settings_ramp (&s, NULL, own);
      tsr_ramp_palette (expected, own_palettes[i].palette);
      g_assert_true (memcmp (own, expected, sizeof *own) == 0);
    }
  /* a palette chosen is the palette, whatever the style */
  g_assert_true (tsr_settings_parse (&s, "palette", "verde", NULL));
  tsr_settings_ramp (&s, NULL, own);
  tsr_ramp_palette (expected, TSR_PALETTE_VERDE);
  g_assert_true (memcmp (own, expected, sizeof *own) == 0);

  tsr_settings_init (&s, "clouds", NULL);
  g_assert_true (tsr_settings_parse (&s, "reverse", "true", NULL));
  tsr_settings_ramp (&s, NULL, own);
  tsr_ramp_two_colors (expected, &s.color[TSR_P_COLOR1], &s.color[TSR_P_COLOR2]);
  tsr_ramp_reverse (expected);
  g_assert_true (memcmp (own, expected, sizeof *own) == 0);
  g_free (own);
  g_free (expected);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/params/table", test_table_is_consistent);
  g_test_add_func ("/core/params/patterns", test_patterns_table);
  g_test_add_func ("/core/params/reject-bad-values", test_every_parameter_rejects_bad_values);
  g_test_add_func ("/core/params/subnormal-numbers", test_subnormal_numbers);
  g_test_add_func ("/core/params/set-and-validate", test_set_by_id_and_validate);
  g_test_add_func ("/core/params/round-trip", test_parse_and_format_round_trip);
  g_test_add_func ("/core/params/bad-sizes", test_bad_sizes);
  g_test_add_func ("/core/params/named-fields", test_named_fields_match_table);
  g_test_add_func ("/core/params/when-rules", test_when_rules);
  g_test_add_func ("/core/params/seed-salts", test_seed_salts);
  g_test_add_func ("/core/params/who-reads-what", test_who_reads_what);
  g_test_add_func ("/core/params/settings-ramp", test_settings_ramp);
  return g_test_run ();
}
