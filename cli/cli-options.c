/* The options of a command line, read by GOption.  Every command also
 * takes -h/--help, which prints the usage text. */
#include "config.h"

#include <string.h>

#include "cli.h"

static const GOptionEntry *
find_long (const GOptionEntry *entries, const char *name, gsize len)
{
  for (const GOptionEntry *e = entries; e != NULL && e->long_name != NULL; e++)
    if (strlen (e->long_name) == len && strncmp (e->long_name, name, len) == 0)
      return e;
  return NULL;
}

/* GOption takes "--flag=anything" for a flag as the flag itself: so
 * "--tiles=no" would turn tiles on.  The first such word, or NULL.  A
 * word that is an option's value ("--output --tiles=no") is none. */
static const char *
flag_with_value (const GOptionEntry *help, const GOptionEntry *entries, int argc, char **argv)
{
  for (int i = 1; i < argc && strcmp (argv[i], "--") != 0; i++)
    {
      const char *word = argv[i], *eq = strchr (word, '=');
      const gsize len = eq ? (gsize) (eq - word - 2) : strlen (word) - 2;
      const GOptionEntry *e;

      if (!g_str_has_prefix (word, "--") || word[2] == '\0')
        continue;
      if ((e = find_long (help, word + 2, len)) == NULL)
        e = find_long (entries, word + 2, len);
      if (e == NULL)
        continue;
      if (e->arg == G_OPTION_ARG_NONE && eq != NULL)
        return word;
      if (e->arg != G_OPTION_ARG_NONE && eq == NULL)
        i++;   /* its value, whatever it reads like */
    }
  return NULL;
}

gboolean
cli_options_parse (const char *command, const GOptionEntry *entries,
                   gboolean stop_at_operand, int *argc, char ***argv, int *status)
{
  gboolean help = FALSE;
  const GOptionEntry help_entry[] = {
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, NULL, NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context;
  GError *error = NULL;
  const char *flag = flag_with_value (help_entry, entries, *argc, *argv);
  gboolean ok;

  if (flag != NULL)
    {
      *status = cli_error (CLI_EXIT_USAGE, "%s%s%.*s: takes no value, got '%s' (see "
                           "'tessera --help')", command ? command : "", command ? ": " : "",
                           (int) (strchr (flag, '=') - flag), flag, strchr (flag, '=') + 1);
      return FALSE;
    }
  context = g_option_context_new (NULL);
  /* GOption's own help would list one command's options, not the usage. */
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_strict_posix (context, stop_at_operand);
  g_option_context_add_main_entries (context, help_entry, NULL);
  if (entries != NULL)
    g_option_context_add_main_entries (context, entries, NULL);
  ok = g_option_context_parse (context, argc, argv, &error);
  g_option_context_free (context);

  if (!ok)
    {
      *status = cli_error (CLI_EXIT_USAGE, "%s%s%s (see 'tessera --help')",
                           command ? command : "", command ? ": " : "", error->message);
      g_error_free (error);
      return FALSE;
    }
  if (help)
    {
      *status = cli_help ();
      return FALSE;
    }
  *status = CLI_EXIT_OK;
  return TRUE;
}
