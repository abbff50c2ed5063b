/* The files of a render as one set (file-set.h): replaced together when
 * all are complete, none of them otherwise, and messages that say so. */
#include "config.h"

#include "cli.h"
#include "cli-render.h"

/* "'sky.png'", or "the 7 files of 'sky.png'" for a set. */
static char *
set_name (const FileSet *files, const char *what)
{
  const guint n = file_set_n_planned (files);

  return n > 1 ? g_strdup_printf ("the %u files of '%s'", n, what)
               : g_strdup_printf ("'%s'", what);
}

int
cli_set_failed (const FileSet *files, GError *error)
{
  if (file_set_n_planned (files) > 1)
    cli_error (CLI_EXIT_FAILURE, "%s; no file of the set was written", error->message);
  else
    cli_error (CLI_EXIT_FAILURE, "%s", error->message);
  g_error_free (error);
  return CLI_EXIT_FAILURE;
}

int
cli_set_abort (FileSet *files, const char *what, int status)
{
  const gboolean many = file_set_n_planned (files) > 1;
  char *name = set_name (files, what);

  file_set_abort (files);
  if (*cli_interrupted ())
    {
      char *said = g_strdup_printf ("%s %s not written", name, many ? "were" : "was");

      status = cli_stop_interrupted (said);
      g_free (said);
    }
  g_free (name);
  return status;
}

int
cli_set_commit (FileSet *files, const char *what)
{
  GError *error = NULL;
  int status = CLI_EXIT_OK;

  if (*cli_interrupted ())
    return cli_set_abort (files, what, CLI_EXIT_FAILURE);
  if (!file_set_commit (files, &error))
    {
      /* the set's own message says what became of the old files */
      status = cli_error (CLI_EXIT_FAILURE, "%s", error->message);
      g_error_free (error);
    }
  else if (*cli_interrupted ())
    {
      /* a signal during the renames: they were done, say so */
      char *said = g_strdup_printf ("'%s' was written", what);

      status = cli_stop_interrupted (said);
      g_free (said);
    }
  return status;
}
