/* docs/architecture.md's checklists, checked: a pattern, map kind, format
 * or preset added without one of its steps fails here, naming the step.
 * (The steps that fail elsewhere: the gallery image's pixels in
 * test-gallery, the generated tables in readme-params and presets-docs,
 * the golden checksums' values in test-golden.) */
#include <string.h>

#include "tessera.h"
#include "image-format.h"
#include "presets.h"

static const char *source_root;

static char *
read_source (const char *relative)
{
  char *path = g_build_filename (source_root, relative, NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    g_error ("cannot read %s", path);
  g_free (path);
  return text;
}

/* Pattern: a golden line in tests/golden.inc, a gallery image in
 * docs/gallery/ shown in the README, a tile-set answer in its entry. */
static void
test_pattern_steps (void)
{
  char *golden = read_source ("tests/golden.inc");
  char *readme = read_source ("README.md");

  for (guint i = 0; i < tsr_n_patterns; i++)
    {
      const TsrPattern *p = tsr_patterns[i];
      char *line = g_strdup_printf ("{ \"%s\", ", p->name);
      char *image = g_strdup_printf ("docs/gallery/%s.png", p->name);
      char *path = g_build_filename (source_root, image, NULL);

      if (strstr (golden, line) == NULL)
        g_error ("pattern %s: no golden line in tests/golden.inc "
                 "(TESSERA_GOLDEN_PRINT=1 build/tests/test-golden prints it)", p->name);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_error ("pattern %s: no gallery image %s (run tools/cli-gallery)", p->name, image);
      if (strstr (readme, image) == NULL)
        g_error ("pattern %s: README.md's gallery does not show %s", p->name, image);
      g_assert_true (p->tile_sets <= TSR_TILE_SETS_ALL);
      g_free (line), g_free (image), g_free (path);
    }
  g_free (golden), g_free (readme);
}

/* Map kind: a row of map-kinds.c for every choice of `map`, in its
 * place, and a set member named by at least one engine (and only set
 * members named). */
static void
test_map_kind_steps (void)
{
  for (int m = 0; m < TSR_MAP_COUNT; m++)
    {
      const TsrMapKind *k = tsr_map_kind ((TsrMap) m);
      gboolean named = FALSE;

      if (g_strcmp0 (k->name, tsr_map_choices[m].name) != 0)
        g_error ("map %s: no row of its own in core/maps/map-kinds.c (row %d is '%s')",
                 tsr_map_choices[m].name, m, k->name ? k->name : "(none)");
      for (int e = 0; e < TSR_ENGINE_COUNT; e++)
        named |= k->engine_word[e] != NULL;
      if (k->set_bits > 0 && !named)
        g_error ("map %s: in material sets but no engine names its file (engine_word)", k->name);
      if (k->set_bits == 0 && named)
        g_error ("map %s: an engine names its file but set_bits is 0", k->name);
      g_assert_true (k->set_bits == 0 || k->set_bits == 8 || k->set_bits == 16);
    }
}

/* Format: every extension in docs/cli.md's table of formats. */
static void
test_format_steps (void)
{
  char *cli_doc = read_source ("docs/cli.md");
  char *extensions = image_format_extensions ();
  char **words = g_strsplit_set (extensions, ",/ ", -1);

  for (char **w = words; *w != NULL; w++)
    if (**w == '.')
      {
        char *cell = g_strdup_printf ("`%s`", *w);

        if (strstr (cli_doc, cell) == NULL)
          g_error ("format %s: not in docs/cli.md's table of formats", *w);
        g_free (cell);
      }
  g_strfreev (words);
  g_free (extensions), g_free (cli_doc);
}

/* Preset: its line in docs/presets.md (the presets-docs test compares the
 * whole table) and a pattern that exists. */
static void
test_preset_steps (void)
{
  char *page = read_source ("docs/presets.md");

  for (guint i = 0; i < tsr_n_presets; i++)
    {
      char *cell = g_strdup_printf ("| `%s` |", tsr_presets[i].name);

      if (strstr (page, cell) == NULL)
        g_error ("preset %s: no line in docs/presets.md (tessera presets --markdown)",
                 tsr_presets[i].name);
      g_assert_nonnull (tsr_pattern_lookup (tsr_presets[i].pattern));
      g_free (cell);
    }
  g_free (page);
}

/* Parameter: Script-Fu passes plug-in-tessera's arguments by position
 * too, in param-list.h's line order; tests/pdb-argument-order.txt pins
 * that order, so a line inserted or moved there fails here instead of
 * silently shifting every later positional argument. */
static void
test_parameter_order (void)
{
  char *text = read_source ("tests/pdb-argument-order.txt");
  char **lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (char **l = lines; *l != NULL; l++)
    {
      if (**l == '#' || **l == '\0')
        continue;
      if (n >= TSR_P_COUNT)
        g_error ("tests/pdb-argument-order.txt names %s, past the %d parameters", *l,
                 TSR_P_COUNT);
      if (strcmp (*l, tsr_params[n].name) != 0)
        g_error ("parameter argument %u of plug-in-tessera is %s, was %s: param-list.h's order "
                 "changed, which shifts Script-Fu's positional arguments; add parameters "
                 "at the end of their list and update tests/pdb-argument-order.txt",
                 n + 1, tsr_params[n].name, *l);
      n++;
    }
  if (n != TSR_P_COUNT)
    g_error ("parameter %s is not in tests/pdb-argument-order.txt: add it where "
             "param-list.h puts it", tsr_params[n].name);
  g_strfreev (lines);
  g_free (text);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  source_root = g_getenv ("TESSERA_SOURCE_ROOT");
  if (source_root == NULL)
    g_error ("set TESSERA_SOURCE_ROOT to the source tree");
  g_test_add_func ("/checklists/parameter-order", test_parameter_order);
  g_test_add_func ("/checklists/pattern", test_pattern_steps);
  g_test_add_func ("/checklists/map-kind", test_map_kind_steps);
  g_test_add_func ("/checklists/format", test_format_steps);
  g_test_add_func ("/checklists/preset", test_preset_steps);
  return g_test_run ();
}
