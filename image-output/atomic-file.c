/* Files replaced all at once: see atomic-file.h. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
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
  char *tmp_path;   /* the temporary file, until renamed */
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

static void
file_free (AtomicFile *f)
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
  file_free (f);
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
      file_free (f);
      return NULL;
    }
  if (strlen (base) > TMP_NAME_MAX_BASE)
    base[TMP_NAME_MAX_BASE] = '\0';
  f->tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  g_free (dir);
  g_free (base);

  /* Same directory as the target, so the final rename is atomic; mode
   * 0666 minus the umask, like any newly created file.  (GIO's
   * g_file_replace would write a new file in place, leaving a partial
   * file behind on an interrupt, so the temporary file is ours.) */
  f->fd = g_mkstemp_full (f->tmp_path, O_RDWR, 0666);
  if (f->fd < 0)
    {
      atomic_file_set_error (f, errno, NULL, error);
      g_clear_pointer (&f->tmp_path, g_free);     /* nothing to remove */
      file_free (f);
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
  return f->tmp_path;
}

static void
sync_directory (const char *path)
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
atomic_file_commit (AtomicFile *f, GError **error)
{
  int fd = f->fd;

  f->fd = -1;
  if (fsync (fd) != 0)
    {
      atomic_file_set_error (f, errno, NULL, error);
      close (fd);
      atomic_file_abort (f);
      return FALSE;
    }
  if (close (fd) != 0 || g_rename (f->tmp_path, f->path) != 0)
    {
      atomic_file_set_error (f, errno, NULL, error);
      atomic_file_abort (f);
      return FALSE;
    }
  sync_directory (f->path);
  g_clear_pointer (&f->tmp_path, g_free);
  file_free (f);
  return TRUE;
}
