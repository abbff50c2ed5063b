/* See cli-run.h. */
#include <string.h>
#include <sys/wait.h>

#include "cli-run.h"

int
cli_run_status (int wait_status)
{
  if (WIFEXITED (wait_status))
    return WEXITSTATUS (wait_status);
  if (WIFSIGNALED (wait_status))
    return -WTERMSIG (wait_status);
  return -1000;
}

int
cli_run_in (const char *cli, const char *dir, const char *const *args, char **err)
{
  GPtrArray *argv = g_ptr_array_new ();
  int wait_status = 0;
  char *e = NULL;
  GError *error = NULL;

  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (dir, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                     NULL, &e, &wait_status, &error))
    g_error ("cannot run %s: %s", cli, error->message);
  g_ptr_array_unref (argv);
  if (err != NULL)
    *err = e;
  else
    g_free (e);
  return cli_run_status (wait_status);
}

char *
cli_run_tmpdir (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("test-cli-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char *
cli_run_listing (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  char *joined;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (dir);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_unref (names);
  return joined;
}

GBytes *
cli_run_read_file (const char *path)
{
  char *bytes = NULL;
  gsize n = 0;

  g_assert_true (g_file_get_contents (path, &bytes, &n, NULL));
  return g_bytes_new_take (bytes, n);
}
