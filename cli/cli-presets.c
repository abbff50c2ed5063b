/* tessera presets [--markdown]
 *
 * The named presets every front-end offers (frontend/presets.c), each as
 * the words `tessera render` takes: nothing here names a preset.  Markdown
 * is docs/presets.md's table (the presets-docs test compares them). */
#include "config.h"

#include <stdio.h>

#include "tessera.h"
#include "cli.h"
#include "presets.h"

/* "marble palette=carrara scale=192 ...": the pattern, then its values. */
static char *
preset_words (const TsrPreset *preset)
{
  GString *words = g_string_new (preset->pattern);

  for (guint i = 0; preset->values[i] != NULL; i++)
    g_string_append_printf (words, " %s", preset->values[i]);
  return g_string_free (words, FALSE);
}

int
cli_presets (int argc, char **argv)
{
  gboolean markdown = FALSE;
  const GOptionEntry entries[] = {
    { "markdown", 0, 0, G_OPTION_ARG_NONE, &markdown, NULL, NULL },
    G_OPTION_ENTRY_NULL
  };
  int status;

  if (!cli_options_parse ("presets", entries, FALSE, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return cli_error (CLI_EXIT_USAGE, "presets: unexpected argument '%s'", argv[1]);

  if (markdown)
    printf ("| Preset | Label | Pattern and settings |\n|---|---|---|\n");
  for (guint i = 0; i < tsr_n_presets; i++)
    {
      char *words = preset_words (&tsr_presets[i]);

      if (markdown)
        printf ("| `%s` | %s | `%s` |\n", tsr_presets[i].name, tsr_presets[i].label, words);
      else
        printf ("%-22s %s\n%-22s %s\n", tsr_presets[i].name, tsr_presets[i].label, "", words);
      g_free (words);
    }
  return fflush (stdout) == 0 ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
}
