/* Sets of files written whole or not at all: see file-set.h. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "file-set.h"

struct _FileSet
{
  GPtrArray  *planned;    /* paths, in order */
  GHashTable *names;      /* the same paths, to find two files on one name */
  GPtrArray  *files;      /* AtomicFile, complete */
  guint       n_open;     /* files still unnamed and open */
  guint       max_open;   /* more are named and closed */
};

FileSet *
file_set_new (void)
{
  FileSet *set = g_new0 (FileSet, 1);
  struct rlimit limit;

  set->planned = g_ptr_array_new_with_free_func (g_free);
  set->names = g_hash_table_new (g_str_hash, g_str_equal);
  set->files = g_ptr_array_new ();
  /* half the descriptors, the rest for the encoders and the program */
  set->max_open = getrlimit (RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
                  ? (guint) MAX (16, (gint64) limit.rlim_cur / 2 - 32) : 1024;
  return set;
}

static void
set_free (FileSet *set)
{
  g_hash_table_unref (set->names);
  g_ptr_array_unref (set->planned);
  g_ptr_array_unref (set->files);
  g_free (set);
}

void
file_set_abort (FileSet *set)
{
  if (set == NULL)
    return;
  for (guint i = 0; i < set->files->len; i++)
    atomic_file_abort (set->files->pdata[i]);
  set_free (set);
}

static gboolean
plan_error (GError **error, const char *path, int errsv, const char *why)
{
  g_set_error (error, G_FILE_ERROR, errsv ? g_file_error_from_errno (errsv) : G_FILE_ERROR_FAILED,
               "cannot write '%s': %s", path, errsv ? g_strerror (errsv) : why);
  return FALSE;
}

gboolean
file_set_plan (FileSet *set, const char *path, GError **error)
{
  const char *slash = strrchr (path, '/');
  const char *base = slash ? slash + 1 : path;
  char *dir;
  struct stat st;
  long name_max;
  int errsv = 0;

  if (*base == '\0' || strcmp (base, ".") == 0 || strcmp (base, "..") == 0)
    return plan_error (error, path, 0, "a folder's name, not a file's");
  if (g_hash_table_contains (set->names, path))
    return plan_error (error, path, 0, "two files of the set have this name");
  if (stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    return plan_error (error, path, S_ISDIR (st.st_mode) ? EISDIR : 0, "not a regular file");

  dir = g_path_get_dirname (path);
  if (stat (dir, &st) != 0)
    errsv = errno;
  else if (!S_ISDIR (st.st_mode))
    errsv = ENOTDIR;
  else if (access (dir, W_OK | X_OK) != 0)
    errsv = errno;
  else if ((name_max = pathconf (dir, _PC_NAME_MAX)) > 0 && strlen (base) > (gsize) name_max)
    errsv = ENAMETOOLONG;
  g_free (dir);
  if (errsv != 0)
    return plan_error (error, path, errsv, NULL);

  g_ptr_array_add (set->planned, g_strdup (path));
  g_hash_table_add (set->names, g_ptr_array_index (set->planned, set->planned->len - 1));
  return TRUE;
}

guint
file_set_n_planned (const FileSet *set)
{
  return set->planned->len;
}

gboolean
file_set_add (FileSet *set, AtomicFile *file, GError **error)
{
  g_ptr_array_add (set->files, file);
  /* Past the descriptors a process may hold: named now, closed. */
  if (set->n_open >= set->max_open)
    return atomic_file_complete (file, error);
  set->n_open++;
  return TRUE;
}

gboolean
file_set_add_text (FileSet *set, const char *path, const char *text, GError **error)
{
  AtomicFile *file = atomic_file_new (path, error);
  gsize left = strlen (text);

  if (file == NULL)
    return FALSE;
  while (left > 0)
    {
      const ssize_t n = write (atomic_file_fd (file), text, left);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          atomic_file_set_error (file, n < 0 ? errno : ENOSPC, NULL, error);
          atomic_file_abort (file);
          return FALSE;
        }
      text += n;
      left -= (gsize) n;
    }
  return file_set_add (set, file, error);
}

/* Puts back what files 0 .. n - 1 replaced (backup[i], or no file where
 * there was none).  FALSE if any could not be. */
static gboolean
put_back (FileSet *set, char **backup, guint n)
{
  gboolean all = TRUE;

  for (guint i = 0; i < n; i++)
    {
      const char *target = atomic_file_path (set->files->pdata[i]);

      /* an old file not put back stays under its hidden name */
      if (backup[i] != NULL ? g_rename (backup[i], target) != 0 : g_unlink (target) != 0)
        all = FALSE;
      g_clear_pointer (&backup[i], g_free);
    }
  return all;
}

/* A hard link to every target that exists, to put back on a failure.
 * FALSE when one cannot be made (a file system without hard links): the
 * commit then cannot promise all or none. */
static gboolean
keep_old (FileSet *set, char **backup)
{
  gboolean all = TRUE;

  for (guint i = 0; i < set->files->len; i++)
    {
      const char *target = atomic_file_path (set->files->pdata[i]);
      struct stat st;

      if (lstat (target, &st) == 0 && (backup[i] = atomic_file_link_hidden (target, target, FALSE)) == NULL)
        all = FALSE;
    }
  return all;
}

static void
drop (char **backup, guint n)
{
  for (guint i = 0; i < n; i++)
    if (backup[i] != NULL)
      {
        g_unlink (backup[i]);
        g_free (backup[i]);
      }
  g_free (backup);
}

/* Makes the renames durable, each folder once. */
static void
sync_folders (FileSet *set)
{
  GHashTable *done = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < set->files->len; i++)
    {
      const char *path = atomic_file_path (set->files->pdata[i]);
      char *dir = g_path_get_dirname (path);

      if (g_hash_table_add (done, dir))
        atomic_file_sync_folder (path);
    }
  g_hash_table_unref (done);
}

gboolean
file_set_commit (FileSet *set, GError **error)
{
  const guint n = set->files->len;
  char **backup;
  guint i;

  for (i = 0; i < n; i++)
    if (!atomic_file_complete (set->files->pdata[i], error))
      {
        if (n > 1)
          g_prefix_error (error, "no file of the set was written: ");
        file_set_abort (set);
        return FALSE;
      }

  backup = g_new0 (char *, n + 1);
  if (!keep_old (set, backup))
    {
      /* Nothing replaced yet: refuse rather than risk a half set. */
      GError *why = NULL;

      for (i = 0; i < n && backup[i] != NULL; i++)
        ;
      atomic_file_set_error (set->files->pdata[i], errno, NULL, &why);
      g_set_error (error, G_FILE_ERROR, why->code, "no file of the set was written: the old "
                   "file could not be kept until the new set is complete: %s", why->message);
      g_error_free (why);
      drop (backup, n);
      file_set_abort (set);
      return FALSE;
    }
  for (i = 0; i < n; i++)
    if (!atomic_file_replace (set->files->pdata[i], error))
      {
        const gboolean restored = put_back (set, backup, i);

        if (!restored)
          g_prefix_error (error, "the set is incomplete (%u of %u files replaced, some old "
                          "ones could not be put back): ", i, n);
        else if (n > 1)
          g_prefix_error (error, "no file of the set was written (the old ones are kept): ");
        drop (backup, n);
        for (guint k = 0; k < i; k++)
          atomic_file_free (set->files->pdata[k]);
        g_ptr_array_remove_range (set->files, 0, i);
        file_set_abort (set);
        return FALSE;
      }
  drop (backup, n);
  sync_folders (set);
  for (i = 0; i < n; i++)
    atomic_file_free (set->files->pdata[i]);
  set_free (set);
  return TRUE;
}
