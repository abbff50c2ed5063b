/* Presets: every one parses and validates against the core's table, sets
 * only what its pattern reads, keeps seed and tiling; names are unique. */
#include <string.h>

#include "tessera.h"
#include "presets.h"

static void
test_unique (void)
{
  g_assert_cmpuint (tsr_n_presets, >=, 5);
  for (guint i = 0; i < tsr_n_presets; i++)
    {
      g_assert_true (g_regex_match_simple ("^[a-z0-9]+(-[a-z0-9]+)*$",
                                           tsr_presets[i].name, 0, 0));
      g_assert_true (tsr_presets[i].label != NULL && tsr_presets[i].label[0] != '\0');
      g_assert_true (tsr_preset_lookup (tsr_presets[i].name) == &tsr_presets[i]);
      for (guint k = i + 1; k < tsr_n_presets; k++)
        {
          g_assert_cmpstr (tsr_presets[i].name, !=, tsr_presets[k].name);
          g_assert_cmpstr (tsr_presets[i].label, !=, tsr_presets[k].label);
        }
    }
  g_assert_null (tsr_preset_lookup ("no-such-preset"));
  /* The everyday ones the dialog has always offered. */
  g_assert_nonnull (tsr_preset_lookup ("white-marble"));
  g_assert_nonnull (tsr_preset_lookup ("oak"));
  g_assert_nonnull (tsr_preset_lookup ("clouds"));
  g_assert_nonnull (tsr_preset_lookup ("sky"));
  g_assert_nonnull (tsr_preset_lookup ("fire"));
  {
    static const char *const built_up[] = {
      "red-brick-wall", "white-subway-tiles", "herringbone-parquet", "oak-plank-floor",
      "hexagon-tiles", "cobblestones", "carrara-floor-tiles",
    };
    for (guint i = 0; i < G_N_ELEMENTS (built_up); i++)
      g_assert_nonnull (tsr_preset_lookup (built_up[i]));
  }
}

static void
test_parse_and_validate (void)
{
  for (guint i = 0; i < tsr_n_presets; i++)
    {
      const TsrPreset *p = &tsr_presets[i];
      TsrSettings      s;
      GError          *error = NULL;

      g_test_message ("preset %s", p->name);
      g_assert_true (tsr_settings_init (&s, NULL, &error));
      g_assert_true (tsr_preset_apply (p, &s, &error));
      g_assert_no_error (error);
      g_assert_true (tsr_settings_validate (&s, &error));
      g_assert_cmpstr (tsr_patterns[s.pattern]->name, ==, p->pattern);

      for (guint k = 0; p->values[k] != NULL; k++)
        {
          char              **kv = g_strsplit (p->values[k], "=", 2);
          const TsrParamSpec *spec = tsr_param_lookup (kv[0]);

          g_assert_nonnull (kv[1]);
          g_assert_nonnull (spec);
          /* A preset sets only what its pattern reads, never the user's
           * seed or tiling, and each key once. */
          g_assert_true (tsr_pattern_uses (tsr_patterns[s.pattern], spec->id));
          g_assert_false (tsr_preset_keeps (spec->id));
          for (guint j = k + 1; p->values[j] != NULL; j++)
            g_assert_false (g_str_has_prefix (p->values[j], kv[0])
                            && p->values[j][strlen (kv[0])] == '=');
          g_strfreev (kv);
        }

      /* A texture can be made of it. */
      {
        TsrTexture *tex = tsr_texture_new (&s, 64, 64, NULL, &error);
        g_assert_no_error (error);
        tsr_texture_free (tex);
      }
    }
}

static void
test_keeps_seed_and_tiling (void)
{
  TsrSettings s, before;
  GError     *error = NULL;

  g_assert_true (tsr_settings_init (&s, "wood", &error));
  g_assert_true (tsr_settings_parse (&s, "seed", "1234", &error));
  g_assert_true (tsr_settings_parse (&s, "tileable", "false", &error));
  g_assert_true (tsr_settings_parse (&s, "period-w", "96", &error));
  g_assert_true (tsr_settings_parse (&s, "period-h", "80", &error));
  g_assert_true (tsr_settings_parse (&s, "octaves", "2", &error));
  g_assert_true (tsr_settings_parse (&s, "reverse", "true", &error));
  before = s;

  g_assert_true (tsr_preset_apply (tsr_preset_lookup ("sky"), &s, &error));
  g_assert_cmpfloat (s.value[TSR_P_SEED], ==, 1234);
  g_assert_cmpfloat (s.value[TSR_P_TILEABLE], ==, 0);
  g_assert_cmpfloat (s.value[TSR_P_PERIOD_W], ==, 96);
  g_assert_cmpfloat (s.value[TSR_P_PERIOD_H], ==, 80);
  /* Everything else comes from the pattern's defaults and the preset. */
  g_assert_cmpfloat (s.value[TSR_P_OCTAVES], ==, 8);
  g_assert_cmpfloat (s.value[TSR_P_REVERSE], ==, 0);
  g_assert_cmpfloat (s.value[TSR_P_PALETTE], ==, TSR_PALETTE_SKY);

  /* Applying twice is applying once. */
  before = s;
  g_assert_true (tsr_preset_apply (tsr_preset_lookup ("sky"), &s, &error));
  g_assert_true (memcmp (&before, &s, sizeof s) == 0);
}

static void
test_bad_entry_leaves_settings (void)
{
  static const char *const bad_values[] = { "octaves=3", "scale=-1", NULL };
  static const char *const nokey_values[] = { "octaves", NULL };
  const TsrPreset bad = { "bad", "Bad", "clouds", bad_values };
  const TsrPreset nokey = { "nokey", "No key", "clouds", nokey_values };
  TsrSettings s, before;
  GError     *error = NULL;

  g_assert_true (tsr_settings_init (&s, "marble", &error));
  before = s;
  g_assert_false (tsr_preset_apply (&bad, &s, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "scale"));
  g_clear_error (&error);
  g_assert_false (tsr_preset_apply (&nokey, &s, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_true (memcmp (&before, &s, sizeof s) == 0);
}

/* tsr_preset_apply_under, the PDB's rule: the values not at their
 * defaults win over the preset's, as KEY=VALUE words after the preset do
 * on the command line; values at their defaults do not. */
static void
test_apply_under (void)
{
  static const char *const words[][2] = {
    { "rings", "10" }, { "seed", "5" }, { "mortar-color", "#ffffff" }, { "grain", "0" },
  };
  const TsrPreset *oak = tsr_preset_lookup ("oak");
  TsrSettings given, under, cli;
  GError     *error = NULL;

  /* a call giving nothing: the preset alone, on any pattern */
  g_assert_true (tsr_settings_init (&given, "marble", &error));
  g_assert_true (tsr_preset_apply_under (oak, &given, &under, &error));
  g_assert_true (tsr_settings_init (&cli, NULL, &error));
  g_assert_true (tsr_preset_apply (oak, &cli, &error));
  g_assert_true (memcmp (&under, &cli, sizeof cli) == 0);

  /* given values over the preset: as `--preset oak rings=10 seed=5 …` */
  g_assert_true (tsr_settings_init (&given, NULL, &error));
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      g_assert_true (tsr_settings_parse (&given, words[i][0], words[i][1], &error));
      g_assert_true (tsr_settings_parse (&cli, words[i][0], words[i][1], &error));
    }
  /* the colour within half an 8-bit level of its default: not given */
  given.color[TSR_P_COLOR1].r += 0.4f / 255.0f;
  g_assert_true (tsr_preset_apply_under (oak, &given, &under, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (under.pattern, ==, (guint) tsr_pattern_index ("wood"));
  g_assert_cmpfloat (under.value[TSR_P_RINGS], ==, 10);
  g_assert_cmpfloat (under.value[TSR_P_SEED], ==, 5);
  g_assert_cmpfloat (under.color[TSR_P_MORTAR_COLOR].g, ==, 1.0f);
  g_assert_cmpfloat (under.value[TSR_P_PALETTE], ==, TSR_PALETTE_OAK);
  /* grain=0 is not its default: it overrides the preset's 0.45 */
  g_assert_cmpfloat (under.value[TSR_P_GRAIN], ==, 0);
  g_assert_true (memcmp (&under, &cli, sizeof cli) == 0);

  /* a value set to its default does not undo the preset's */
  g_assert_true (tsr_settings_init (&given, NULL, &error));
  g_assert_true (tsr_settings_parse (&given, "rings", "24", &error));
  g_assert_true (tsr_preset_apply_under (oak, &given, &under, &error));
  g_assert_cmpfloat (under.value[TSR_P_RINGS], ==, 28);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/presets/unique", test_unique);
  g_test_add_func ("/ui/presets/parse-and-validate", test_parse_and_validate);
  g_test_add_func ("/ui/presets/keeps-seed-and-tiling", test_keeps_seed_and_tiling);
  g_test_add_func ("/ui/presets/bad-entry", test_bad_entry_leaves_settings);
  g_test_add_func ("/ui/presets/apply-under", test_apply_under);
  return g_test_run ();
}
