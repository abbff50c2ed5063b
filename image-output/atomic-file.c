/* Files replaced all at once: see atomic-file.h. */
#define _GNU_SOURCE   /* O_TMPFILE, linkat's AT_SYMLINK_FOLLOW */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "atomic-file.h"

/* Leave room for ".", ".XXXXXX" within NAME_MAX (255). */
#define TMP_NAME_MAX_BASE 200

struct _AtomicFile
{
  char *path;       /* the target */
  char *tmp_path;   /* the hidden name, while it has one and is not renamed */
  int   fd;         /* the temporary file's; -1 once closed */
};

void
atomic_file_set_error (const AtomicFile *f, int errsv, const char *message, GError **error)
{
  if (errsv != 0)
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv),
                 "cannot write '%s': %s", f->path, g_strerror (errsv));
  else
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                 "cannot write '%s': %s", f->path,
                 message && *message ? message : "encoder error");
}

void
atomic_file_free (AtomicFile *f)
{
  if (f->fd >= 0)
    close (f->fd);
  g_free (f->path);
  g_free (f->tmp_path);
  g_free (f);
}

void
atomic_file_abort (AtomicFile *f)
{
  if (f == NULL)
    return;
  if (f->tmp_path != NULL)
    g_unlink (f->tmp_path);
  atomic_file_free (f);
}

/* DIR/.NAME.XXXXXX's template for path (NAME shortened to fit). */
static char *
hidden_template (const char *path)
{
  char *dir = g_path_get_dirname (path);
  char *base = g_path_get_basename (path);
  char *name;

  if (strlen (base) > TMP_NAME_MAX_BASE)
    base[TMP_NAME_MAX_BASE] = '\0';
  name = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  g_free (dir);
  g_free (base);
  return name;
}

char *
atomic_file_link_hidden (const char *path, const char *link_to, gboolean follow)
{
  static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  char *name = hidden_template (path);
  char *x = name + strlen (name) - 6;

  for (int attempt = 0; attempt < 100; attempt++)
    {
      for (int i = 0; i < 6; i++)
        x[i] = letters[g_random_int_range (0, sizeof letters - 1)];
      if (linkat (AT_FDCWD, link_to, AT_FDCWD, name, follow ? AT_SYMLINK_FOLLOW : 0) == 0)
        return name;
      if (errno != EEXIST)
        break;
    }
  {
    const int errsv = errno;

    g_free (name);
    errno = errsv;
  }
  return NULL;
}

/* The unnamed file of O_TMPFILE, or -1 where the file system has none. */
static int
open_unnamed (const char *dir)
{
#ifdef O_TMPFILE
  return open (dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
#else
  (void) dir;
  errno = EOPNOTSUPP;
  return -1;
#endif
}

/* Whether open_unnamed's errno means only that this file system (or
 * kernel) has no unnamed files. */
static gboolean
unnamed_unsupported (int errsv)
{
  return errsv == EOPNOTSUPP || errsv == EISDIR || errsv == EINVAL;
}

AtomicFile *
atomic_file_new (const char *path, GError **error)
{
  AtomicFile *f;
  char *dir, *base;
  long name_max;
  struct stat old;

  g_return_val_if_fail (path != NULL && *path != '\0', NULL);

  f = g_new0 (AtomicFile, 1);
  f->path = g_strdup (path);
  f->fd = -1;

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  /* A name the directory cannot hold would only fail at the final rename,
   * after the whole render: refuse it now. */
  name_max = pathconf (dir, _PC_NAME_MAX);
  if (name_max > 0 && strlen (base) > (gsize) name_max)
    {
      atomic_file_set_error (f, ENAMETOOLONG, NULL, error);
      g_free (dir);
      g_free (base);
      atomic_file_free (f);
      return NULL;
    }
  g_free (base);

  /* Same directory as the target, so the final rename is atomic; mode
   * 0666 minus the umask, like any newly created file.  (GIO's
   * g_file_replace would write a new file in place, leaving a partial
   * file behind on an interrupt, so the temporary file is ours.) */
  f->fd = open_unnamed (dir);
  g_free (dir);
  if (f->fd < 0 && unnamed_unsupported (errno))
    {
      f->tmp_path = hidden_template (path);
      f->fd = g_mkstemp_full (f->tmp_path, O_RDWR | O_CLOEXEC, 0666);
    }
  if (f->fd < 0)
    {
      atomic_file_set_error (f, errno, NULL, error);
      g_clear_pointer (&f->tmp_path, g_free);     /* nothing to remove */
      atomic_file_free (f);
      return NULL;
    }
  /* A file being replaced keeps its permissions (a private 0600 file must
   * not become readable by everyone). */
  if (stat (path, &old) == 0 && S_ISREG (old.st_mode) && fchmod (f->fd, old.st_mode & 07777) != 0)
    {
      atomic_file_set_error (f, errno, NULL, error);
      atomic_file_abort (f);
      return NULL;
    }
  return f;
}

int
atomic_file_fd (const AtomicFile *f)
{
  return f->fd;
}

const char *
atomic_file_path (const AtomicFile *f)
{
  return f->path;
}

const char *
atomic_file_temp_path (const AtomicFile *f)
{
  return f->tmp_path != NULL ? f->tmp_path : f->path;
}

void
atomic_file_sync_folder (const char *path)
{
  char *dir = g_path_get_dirname (path);
  int fd = open (dir, O_RDONLY);

  /* Makes the rename durable; a failure here loses nothing already done. */
  if (fd >= 0)
    {
      (void) fsync (fd);
      close (fd);
    }
  g_free (dir);
}

gboolean
atomic_file_complete (AtomicFile *f, GError **error)
{
  const int fd = f->fd;

  if (fd < 0)
    return TRUE;
  if (fsync (fd) != 0)
    {
      atomic_file_set_error (f, errno, NULL, error);
      return FALSE;
    }
  if (f->tmp_path == NULL)
    {
      char *proc = g_strdup_printf ("/proc/self/fd/%d", fd);

      f->tmp_path = atomic_file_link_hidden (f->path, proc, TRUE);
      g_free (proc);
      if (f->tmp_path == NULL)
        {
          atomic_file_set_error (f, errno, NULL, error);
          return FALSE;
        }
    }
  f->fd = -1;
  if (close (fd) != 0)
    {
      atomic_file_set_error (f, errno, NULL, error);
      return FALSE;
    }
  return TRUE;
}

gboolean
atomic_file_replace (AtomicFile *f, GError **error)
{
  if (g_rename (f->tmp_path, f->path) != 0)
    {
      atomic_file_set_error (f, errno, NULL, error);
      return FALSE;
    }
  g_clear_pointer (&f->tmp_path, g_free);
  return TRUE;
}

gboolean
atomic_file_commit (AtomicFile *f, GError **error)
{
  if (!atomic_file_complete (f, error) || !atomic_file_replace (f, error))
    {
      atomic_file_abort (f);
      return FALSE;
    }
  atomic_file_sync_folder (f->path);
  atomic_file_free (f);
  return TRUE;
}
