/* tessera: render Tessera's procedural seamless textures from the command
 * line.  main () only dispatches; each command lives in its own file. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tessera.h"
#include "cli.h"

int
main (int argc, char **argv)
{
  gboolean version = FALSE;
  const GOptionEntry entries[] = {
    { "version", 'V', 0, G_OPTION_ARG_NONE, &version, NULL, NULL },
    G_OPTION_ENTRY_NULL
  };
  const char *command;
  int status;

  /* No setlocale (): numbers are read and written in the C locale. */
  g_set_prgname ("tessera");

  /* Options only before the command: what follows it is the command's. */
  if (!cli_options_parse (NULL, entries, TRUE, &argc, &argv, &status))
    return status;
  if (version)
    {
      printf ("tessera %s\n", TESSERA_VERSION);
      return cli_stdout_done ();
    }
  if (argc < 2)
    return cli_error (CLI_EXIT_USAGE, "missing command (try 'tessera --help')");

  command = argv[1];
  if (strcmp (command, "help") == 0)
    return cli_help ();
  if (strcmp (command, "list") == 0)
    return cli_list (argc - 1, argv + 1);
  if (strcmp (command, "presets") == 0)
    return cli_presets (argc - 1, argv + 1);
  if (strcmp (command, "render") == 0)
    return cli_render (argc - 1, argv + 1);
  if (strcmp (command, "seamless") == 0)
    return cli_seamless (argc - 1, argv + 1);
  if (strcmp (command, "sample") == 0)
    return cli_sample (argc - 1, argv + 1);

  return cli_error (CLI_EXIT_USAGE, "unknown command '%s' (try 'tessera --help')", command);
}
