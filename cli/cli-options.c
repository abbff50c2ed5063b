/* The options of a command line, read by GOption.  Every command also
 * takes -h/--help, which prints the usage text. */
#include "config.h"

#include "cli.h"

gboolean
cli_options_parse (const char *command, const GOptionEntry *entries,
                   gboolean stop_at_operand, int *argc, char ***argv, int *status)
{
  gboolean help = FALSE;
  const GOptionEntry help_entry[] = {
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, NULL, NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context = g_option_context_new (NULL);
  GError *error = NULL;
  gboolean ok;

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
