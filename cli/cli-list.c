/* tessera list [--markdown] [PATTERN]
 *
 * Patterns and their parameters, generated from tsr_patterns[] and
 * tsr_params[]: nothing here names a pattern or a parameter.  Defaults are
 * the text form (tsr_settings_format) of each pattern's default settings.
 *
 * Plain text lists, for each pattern, every parameter it reads.  Markdown
 * (for the README) has one table of the parameters every pattern reads,
 * then one table per pattern of its own parameters. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tessera.h"
#include "cli.h"

static gboolean
defaults_of (const TsrPattern *pattern, TsrSettings *s)
{
  GError *error = NULL;

  if (!tsr_settings_init (s, pattern->name, &error))
    {
      cli_error (CLI_EXIT_FAILURE, "%s", error->message);
      g_error_free (error);
      return FALSE;
    }
  return TRUE;
}

/* ---- plain text --------------------------------------------------------- */

/* When the parameter has an effect in these patterns, as its rule reads
 * it (tsr_pattern_param_choices): "basis=value", "map=normal or
 * map=shaded" (code: each in backticks); NULL when always.  Patterns that
 * differ (a pattern's own palette) give the rule's own choices. */
static char *
rule_text (const TsrParamSpec *spec, const TsrPattern **patterns, guint n, gboolean code)
{
  const TsrParamId input = tsr_param_when_input (spec->when);
  const char      *quote = code ? "`" : "";
  guint32          set, all;
  GString         *text;
  guint            n_set = 0, written = 0;

  if (input == TSR_P_COUNT)
    return NULL;
  all = tsr_params[input].n_choices >= 32 ? ~0u : TSR_CHOICE_BIT (tsr_params[input].n_choices) - 1;
  set = tsr_pattern_param_choices (patterns[0], spec->id);
  for (guint i = 1; i < n; i++)
    if (tsr_pattern_param_choices (patterns[i], spec->id) != set)
      set = spec->when.choices;
  if (set == all || set == 0)
    return NULL;
  for (guint c = 0; c < tsr_params[input].n_choices; c++)
    n_set += (set & TSR_CHOICE_BIT (c)) != 0;
  text = g_string_new (NULL);
  for (guint c = 0; c < tsr_params[input].n_choices; c++)
    if (set & TSR_CHOICE_BIT (c))
      {
        written++;
        g_string_append (text, written == 1 ? "" : written == n_set ? " or " : ", ");
        g_string_append_printf (text, "%s%s=%s%s", quote, tsr_params[input].name,
                                tsr_params[input].choices[c].name, quote);
      }
  return g_string_free (text, FALSE);
}

/* rule_text, after the choice a pattern borrows the parameter's group
 * with (TsrPattern.borrows: bricks read wood's only with face=wood):
 * "face=wood and cut=plank". */
static char *
when_text (const TsrParamSpec *spec, const TsrPattern **patterns, guint n, gboolean code)
{
  const char *quote = code ? "`" : "";
  char *rule = rule_text (spec, patterns, n, code), *text;
  TsrParamId input;
  int choice;

  if (n != 1 || !tsr_pattern_borrows (patterns[0], spec->id, &input, &choice))
    return rule;
  text = g_strdup_printf ("%s%s=%s%s%s%s", quote, tsr_params[input].name,
                          tsr_params[input].choices[choice].name, quote,
                          rule ? " and " : "", rule ? rule : "");
  g_free (rule);
  return text;
}


static gboolean
list_text_pattern (const TsrPattern *pattern)
{
  TsrSettings defaults;

  if (!defaults_of (pattern, &defaults))
    return FALSE;

  printf ("%s - %s\n", pattern->name, pattern->label);
  printf ("    %s\n\n", pattern->description);

  for (int id = 0; id < TSR_P_COUNT; id++)
    {
      const TsrParamSpec *spec = &tsr_params[id];
      char *def, *assignment, *range, *when;

      if (!tsr_pattern_uses (pattern, (TsrParamId) id))
        continue;

      def = tsr_settings_format (&defaults, (TsrParamId) id);
      assignment = g_strdup_printf ("%s=%s", spec->name, def);
      range = tsr_param_range_text (spec);
      printf ("    %-26s %-8s %s\n", assignment, tsr_param_type_name (spec->type), range);
      when = when_text (spec, &pattern, 1, FALSE);
      printf ("        %s - %s%s%s%s\n", spec->label, spec->description,
              when ? " (only with " : "", when ? when : "", when ? ")" : "");
      g_free (when);
      g_free (range);
      g_free (assignment);
      g_free (def);
    }
  printf ("\n");
  return TRUE;
}

static void
list_text_bases (void)
{
  printf ("Noise bases for 'tessera sample':");
  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    printf (" %s", tsr_basis_name ((TsrBasis) b));
  printf ("\n");
}

/* ---- Markdown ----------------------------------------------------------- */

/* Parameters every pattern reads go in the shared table. */
static gboolean
read_by_all (TsrParamId id)
{
  for (guint i = 0; i < tsr_n_patterns; i++)
    if (!tsr_pattern_uses (tsr_patterns[i], id))
      return FALSE;
  return TRUE;
}

/* Text made safe for a table cell. */
static char *
md_cell (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    {
      if (*p == '|')
        g_string_append (out, "\\|");
      else if (*p == '\n' || *p == '\r')
        g_string_append_c (out, ' ');
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static void
md_table_header (void)
{
  printf ("| Parameter | Label | Type | Range | Default | Description |\n");
  printf ("|---|---|---|---|---|---|\n");
}

/* One row; defaults[] holds the default settings of each listed pattern.
 * A default that differs between patterns is given per pattern. */
static void
md_row (const TsrParamSpec *spec, const TsrPattern **patterns,
        const TsrSettings *defaults, guint n)
{
  char *range = tsr_param_range_text (spec);
  char *range_cell = md_cell (range), *label_cell = md_cell (spec->label);
  char *when = when_text (spec, patterns, n, TRUE);
  char *description = when ? g_strdup_printf ("%s (only with %s)", spec->description, when)
                           : g_strdup (spec->description);
  char *description_cell = md_cell (description);
  GString *def = g_string_new (NULL);
  char *first = tsr_settings_format (&defaults[0], spec->id);
  gboolean same = TRUE;

  for (guint i = 1; i < n && same; i++)
    {
      char *other = tsr_settings_format (&defaults[i], spec->id);
      same = strcmp (first, other) == 0;
      g_free (other);
    }

  if (same)
    g_string_append_printf (def, "`%s`", first);
  else
    for (guint i = 0; i < n; i++)
      {
        char *v = tsr_settings_format (&defaults[i], spec->id);
        g_string_append_printf (def, "%s%s: `%s`", i ? "<br>" : "", patterns[i]->name, v);
        g_free (v);
      }

  printf ("| `%s` | %s | %s | %s | %s | %s |\n", spec->name, label_cell,
          tsr_param_type_name (spec->type), range_cell, def->str, description_cell);

  g_free (first);
  g_string_free (def, TRUE);
  g_free (description_cell);
  g_free (description);
  g_free (when);
  g_free (label_cell);
  g_free (range_cell);
  g_free (range);
}

static gboolean
list_markdown (const TsrPattern **patterns, guint n)
{
  TsrSettings *defaults = g_new (TsrSettings, n);
  gboolean ok = TRUE;

  for (guint i = 0; i < n && ok; i++)
    ok = defaults_of (patterns[i], &defaults[i]);
  if (!ok)
    {
      g_free (defaults);
      return FALSE;
    }

  printf ("| Pattern | Name | Description |\n");
  printf ("|---|---|---|\n");
  for (guint i = 0; i < n; i++)
    {
      char *label = md_cell (patterns[i]->label);
      char *description = md_cell (patterns[i]->description);

      printf ("| `%s` | %s | %s |\n", patterns[i]->name, label, description);
      g_free (description);
      g_free (label);
    }

  printf ("\n### Parameters of every pattern\n\n");
  md_table_header ();
  for (int id = 0; id < TSR_P_COUNT; id++)
    if (read_by_all ((TsrParamId) id))
      md_row (&tsr_params[id], patterns, defaults, n);

  for (guint i = 0; i < n; i++)
    {
      gboolean any = FALSE;

      printf ("\n### `%s` — %s\n\n", patterns[i]->name, patterns[i]->label);
      for (int id = 0; id < TSR_P_COUNT; id++)
        {
          if (read_by_all ((TsrParamId) id) ||
              !tsr_pattern_uses (patterns[i], (TsrParamId) id))
            continue;
          if (!any)
            md_table_header ();
          any = TRUE;
          md_row (&tsr_params[id], &patterns[i], &defaults[i], 1);
        }
      if (!any)
        printf ("Only the parameters of every pattern.\n");
    }

  printf ("\nNoise bases for `tessera sample`:");
  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    printf (" %s`%s`", b ? ", " : "", tsr_basis_name ((TsrBasis) b));
  printf ("\n");

  g_free (defaults);
  return TRUE;
}

/* The operands: nothing, or one pattern. */
static int
choose_pattern (char **operands, const TsrPattern **only)
{
  for (char **word = operands; word != NULL && *word != NULL; word++)
    {
      if (*only != NULL)
        return cli_error (CLI_EXIT_USAGE, "list: unexpected argument '%s'", *word);
      if ((*only = tsr_pattern_lookup (*word)) == NULL)
        return cli_error (CLI_EXIT_USAGE, "unknown pattern '%s' (see 'tessera list')", *word);
    }
  return CLI_EXIT_OK;
}

int
cli_list (int argc, char **argv)
{
  gboolean markdown = FALSE;
  char **operands = NULL;
  const GOptionEntry entries[] = {
    { "markdown", 0, 0, G_OPTION_ARG_NONE, &markdown, NULL, NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &operands, NULL, NULL },
    G_OPTION_ENTRY_NULL
  };
  const TsrPattern *only = NULL;
  const TsrPattern **patterns;
  guint n = 0;
  gboolean ok = TRUE;
  int status;

  if (!cli_options_parse ("list", entries, FALSE, &argc, &argv, &status))
    return status;
  status = choose_pattern (operands, &only);
  g_strfreev (operands);
  if (status != CLI_EXIT_OK)
    return status;

  patterns = g_new (const TsrPattern *, tsr_n_patterns);
  for (guint i = 0; i < tsr_n_patterns; i++)
    if (only == NULL || strcmp (only->name, tsr_patterns[i]->name) == 0)
      patterns[n++] = tsr_patterns[i];

  if (markdown)
    ok = list_markdown (patterns, n);
  else
    {
      for (guint i = 0; i < n && ok; i++)
        ok = list_text_pattern (patterns[i]);
      if (ok && only == NULL)
        list_text_bases ();
    }
  g_free (patterns);

  if (cli_stdout_done () != CLI_EXIT_OK)
    return CLI_EXIT_FAILURE;
  return ok ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
}
