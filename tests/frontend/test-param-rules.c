/* Which parameters the dialog shows: the pattern's own, and the
 * basis-, palette- and gradient-dependent ones only when selected. */
#include "tessera.h"
#include "mnemonic.h"
#include "param-rules.h"
#include "tile-set-options.h"

static TsrRuleState
state (const char *pattern, const char *basis, TsrPalette palette, gboolean gradient)
{
  TsrRuleState st;

  st.pattern = (guint) tsr_pattern_index (pattern);
  st.choices = tsr_when_defaults ();
  tsr_when_set (&st.choices, TSR_P_BASIS,
                tsr_param_choice_index (&tsr_params[TSR_P_BASIS], basis));
  tsr_when_set (&st.choices, TSR_P_PALETTE, palette);
  tsr_when_set (&st.choices, TSR_P_MAP, TSR_MAP_COLOR);
  st.choices.ramp = gradient;
  g_assert_cmpint (st.choices.choice[TSR_P_BASIS], >=, 0);
  return st;
}

static void
test_pattern_uses (void)
{
  /* Whatever the other choices, nothing the pattern does not read. */
  for (guint p = 0; p < tsr_n_patterns; p++)
    for (guint b = 0; b < tsr_params[TSR_P_BASIS].n_choices; b++)
      for (int pal = 0; pal < TSR_PALETTE_COUNT; pal++)
        for (int g = 0; g < 2; g++)
          {
            TsrRuleState st = { p, tsr_when_defaults () };

            tsr_when_set (&st.choices, TSR_P_BASIS, (int) b);
            tsr_when_set (&st.choices, TSR_P_PALETTE, pal);
            st.choices.ramp = g;
            for (guint i = 0; i < TSR_P_COUNT; i++)
              if (!tsr_pattern_uses (tsr_patterns[p], (TsrParamId) i))
                g_assert_false (tsr_rule_param_applies (&st, (TsrParamId) i));
          }
}

static void
test_basis_specific (void)
{
  TsrRuleState st = state ("clouds", "perlin", TSR_PALETTE_AUTO, FALSE);

  g_assert_true (tsr_rule_param_applies (&st, TSR_P_BASIS));
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_OCTAVES));
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_INTERPOLATION));
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_SMOOTHING));
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_CELLS_MODE));
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_JITTER));

  st = state ("marble", "value", TSR_PALETTE_AUTO, FALSE);
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_INTERPOLATION));
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_SMOOTHING));
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_JITTER));

  st = state ("wood", "cells", TSR_PALETTE_AUTO, FALSE);
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_INTERPOLATION));
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_CELLS_MODE));
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_JITTER));

  /* The single-basis patterns read theirs whatever the basis says. */
  st = state ("value", "cells", TSR_PALETTE_AUTO, FALSE);
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_BASIS));
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_INTERPOLATION));
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_CELLS_MODE));
  st = state ("cells", "perlin", TSR_PALETTE_AUTO, FALSE);
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_JITTER));
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_OCTAVES));
}

static void
test_groups (void)
{
  TsrRuleState st = state ("clouds", "perlin", TSR_PALETTE_AUTO, FALSE);

  g_assert_true (tsr_rule_group_applies (&st, TSR_GROUP_PATTERN));
  g_assert_true (tsr_rule_group_applies (&st, TSR_GROUP_NOISE));
  g_assert_true (tsr_rule_group_applies (&st, TSR_GROUP_TILING));
  g_assert_true (tsr_rule_group_applies (&st, TSR_GROUP_COLOR));
  g_assert_false (tsr_rule_group_applies (&st, TSR_GROUP_MARBLE));
  g_assert_false (tsr_rule_group_applies (&st, TSR_GROUP_WOOD));

  st = state ("marble", "perlin", TSR_PALETTE_AUTO, FALSE);
  g_assert_true (tsr_rule_group_applies (&st, TSR_GROUP_MARBLE));
  g_assert_false (tsr_rule_group_applies (&st, TSR_GROUP_WOOD));
  st = state ("wood", "perlin", TSR_PALETTE_AUTO, FALSE);
  g_assert_false (tsr_rule_group_applies (&st, TSR_GROUP_MARBLE));
  g_assert_true (tsr_rule_group_applies (&st, TSR_GROUP_WOOD));
}

static void
test_colors (void)
{
  TsrRuleState st = state ("clouds", "perlin", TSR_PALETTE_AUTO, FALSE);

  /* Clouds' own palette is the two colours. */
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_PALETTE));
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_COLOR1));
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_COLOR2));
  tsr_when_set (&st.choices, TSR_P_PALETTE, TSR_PALETTE_FIRE);
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_COLOR1));
  tsr_when_set (&st.choices, TSR_P_PALETTE, TSR_PALETTE_COLORS);
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_COLOR2));

  /* Marble's own palette is its stone. */
  st = state ("marble", "perlin", TSR_PALETTE_AUTO, FALSE);
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_COLOR1));
  tsr_when_set (&st.choices, TSR_P_PALETTE, TSR_PALETTE_COLORS);
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_COLOR1));

  /* A gradient replaces palette and colours; reverse still applies. */
  st.choices.ramp = TRUE;
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_PALETTE));
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_COLOR1));
  g_assert_false (tsr_rule_param_applies (&st, TSR_P_COLOR2));
  g_assert_true (tsr_rule_param_applies (&st, TSR_P_REVERSE));
  g_assert_true (tsr_rule_group_applies (&st, TSR_GROUP_COLOR));
}

static void
test_untouched (void)
{
  TsrSettings s;
  GError     *error = NULL;

  g_assert_true (tsr_settings_init (&s, "clouds", &error));
  g_assert_true (tsr_rule_settings_untouched (&s, "clouds"));
  g_assert_false (tsr_rule_settings_untouched (&s, "marble"));

  s.color[TSR_P_COLOR2].r = 0.99999f;   /* float noise from a round trip */
  g_assert_true (tsr_rule_settings_untouched (&s, "clouds"));
  s.color[TSR_P_COLOR2].r = 0.9f;
  g_assert_false (tsr_rule_settings_untouched (&s, "clouds"));

  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (tsr_params[i].type != TSR_TYPE_COLOR)
      {
        g_assert_true (tsr_settings_init (&s, "clouds", &error));
        s.value[i] = tsr_params[i].def == tsr_params[i].min ? tsr_params[i].max
                                                            : tsr_params[i].min;
        g_assert_false (tsr_rule_settings_untouched (&s, "clouds"));
      }
}

static void
test_mnemonics (void)
{
  TsrMnemonics m = { { 0 }, 0 };
  char        *s;

  for (const char *taken = "ochrlsp"; *taken; taken++)
    tsr_mnemonics_use (&m, (gunichar) *taken);
  tsr_mnemonics_use (&m, 'N');          /* any case */
  tsr_mnemonics_use (&m, 0x2192);       /* not a letter: ignored */

  s = tsr_mnemonics_label (&m, "New seed");
  g_assert_cmpstr (s, ==, "N_ew seed");
  g_free (s);
  s = tsr_mnemonics_label (&m, "New seed");
  g_assert_cmpstr (s, ==, "Ne_w seed");
  g_free (s);
  s = tsr_mnemonics_label (&m, "Show tiled 2x2");
  g_assert_cmpstr (s, ==, "Show _tiled 2x2");
  g_free (s);
  s = tsr_mnemonics_label (&m, "a_b");
  g_assert_cmpstr (s, ==, "_a__b");
  g_free (s);
  s = tsr_mnemonics_label (&m, "cosh");  /* every letter taken */
  g_assert_cmpstr (s, ==, "cosh");
  g_free (s);

  /* translated labels: Cyrillic letters, CJK gets a Latin suffix */
  s = tsr_mnemonics_label (&m, "Шум");
  g_assert_cmpstr (s, ==, "_Шум");
  g_free (s);
  s = tsr_mnemonics_label (&m, "шов");      /* ш is taken now (any case) */
  g_assert_cmpstr (s, ==, "ш_ов");
  g_free (s);
  s = tsr_mnemonics_label (&m, "噪声");
  g_assert_cmpstr (s, ==, "噪声 (_B)");
  g_free (s);
  s = tsr_mnemonics_assign (&m, "_Pattern");  /* kept, and p was taken: still kept */
  g_assert_cmpstr (s, ==, "_Pattern");
  g_free (s);
  s = tsr_mnemonics_assign (&m, "Detail");
  g_assert_cmpstr (s, ==, "_Detail");
  g_free (s);

  s = tsr_mnemonics_strip ("Gr_adient");
  g_assert_cmpstr (s, ==, "Gradient");
  g_free (s);
  s = tsr_mnemonics_strip ("a__b_");
  g_assert_cmpstr (s, ==, "a_b");
  g_free (s);
}

/* The tile-set arguments the dialog shows follow the set chosen: none
 * but the choice itself with no set, the count with variants alone, the
 * terrain with corner tiles alone; the terrain palettes are "none" and
 * every choice of `palette`, by name. */
static void
test_tile_set_args (void)
{
  static const gboolean shown[TSR_SET_COUNT][TSR_SET_ARGS] = {
    [TSR_SET_NONE] = { TRUE, FALSE, FALSE, FALSE },
    [TSR_SET_VARIANTS] = { TRUE, TRUE, TRUE, FALSE },
    [TSR_SET_CORNERS] = { TRUE, FALSE, TRUE, TRUE },
  };
  const TsrParamSpec *terrain = &tsr_tile_set_args[TSR_SET_ARG_TERRAIN];

  for (int set = 0; set < TSR_SET_COUNT; set++)
    for (guint arg = 0; arg < TSR_SET_ARGS; arg++)
      g_assert_cmpint (tsr_tile_set_arg_applies ((TsrSetChoice) set, arg), ==,
                       shown[set][arg]);
  g_assert_false (tsr_tile_set_arg_applies (TSR_SET_CORNERS, TSR_SET_ARGS));

  g_assert_cmpint (terrain->type, ==, TSR_TYPE_CHOICE);
  g_assert_cmpuint (terrain->n_choices, ==, 1 + TSR_PALETTE_COUNT);
  g_assert_cmpstr (terrain->choices[(guint) terrain->def].name, ==, "none");
  g_assert_null (tsr_tile_terrain_palette (0));
  g_assert_null (tsr_tile_terrain_palette (-1));
  g_assert_null (tsr_tile_terrain_palette (TSR_PALETTE_COUNT + 1));
  for (int k = 0; k < TSR_PALETTE_COUNT; k++)
    {
      g_assert_cmpstr (tsr_tile_terrain_palette (k + 1), ==, tsr_palette_choices[k].name);
      g_assert_cmpstr (terrain->choices[k + 1].label, ==, tsr_palette_choices[k].label);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/rules/tile-set-args", test_tile_set_args);
  g_test_add_func ("/ui/rules/pattern-uses", test_pattern_uses);
  g_test_add_func ("/ui/rules/basis-specific", test_basis_specific);
  g_test_add_func ("/ui/rules/groups", test_groups);
  g_test_add_func ("/ui/rules/colors", test_colors);
  g_test_add_func ("/ui/rules/untouched", test_untouched);
  g_test_add_func ("/ui/mnemonics", test_mnemonics);
  return g_test_run ();
}
