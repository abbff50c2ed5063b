/* A file replaced all at once.  Where the file system allows it (Linux's
 * O_TMPFILE: ext4, XFS, Btrfs, tmpfs) the new file is written unnamed in
 * the target's folder, so a process killed even by SIGKILL leaves nothing
 * behind; it gets a hidden name DIR/.NAME.XXXXXX only a moment before it
 * is renamed over the target.  Elsewhere it is written under that hidden
 * name from the start, which a SIGKILL leaves behind.
 *
 * atomic_file_commit () fsyncs it and renames it over the target;
 * atomic_file_abort () (or a failed commit) removes it, so the target is
 * either untouched or complete, and a replaced file keeps its
 * permissions.  A set of files replaced together (file-set.h) uses the
 * steps of a commit one by one. */
#ifndef TSR_ATOMIC_FILE_H
#define TSR_ATOMIC_FILE_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct _AtomicFile AtomicFile;

/* Creates the temporary file.  Errors (G_FILE_ERROR) read
 * "cannot write 'PATH': why". */
AtomicFile *atomic_file_new       (const char *path, GError **error);

/* The temporary file's descriptor, open for reading and writing; it stays
 * the file's until it is named, committed or aborted. */
int         atomic_file_fd        (const AtomicFile *file);
const char *atomic_file_path      (const AtomicFile *file);   /* the target */
/* The hidden name, or the target's while the file has none. */
const char *atomic_file_temp_path (const AtomicFile *file);

/* Sets a "cannot write 'PATH': ..." error: errno_value's message when not
 * 0, else message (or "encoder error" without one). */
void        atomic_file_set_error (const AtomicFile *file, int errno_value, const char *message,
                                   GError **error);

/* Fsyncs and closes the file and renames it over the target.  Frees the
 * file whatever the outcome; on failure the temporary file is removed. */
gboolean    atomic_file_commit    (AtomicFile *file, GError **error);

/* Closes and removes the temporary file, and frees file.  NULL is allowed. */
void        atomic_file_abort     (AtomicFile *file);

/* The steps of a commit.  Complete: fsyncs the file, gives it its hidden
 * name if it has none yet, and closes it (its descriptor is gone). */
gboolean    atomic_file_complete  (AtomicFile *file, GError **error);
/* Renames the complete file over its target; the file is then the
 * target's (abort no longer removes anything).  Frees nothing. */
gboolean    atomic_file_replace   (AtomicFile *file, GError **error);
/* Frees a replaced file (after a durable folder: see
 * atomic_file_sync_folder). */
void        atomic_file_free      (AtomicFile *file);
/* Makes the renames in path's folder durable. */
void        atomic_file_sync_folder (const char *path);

/* A fresh hidden name beside path (DIR/.NAME.XXXXXX, the name shortened
 * to fit) that `link ()` can create: link_to's hard link there.  The name
 * made, or NULL with errno set.  follow: link_to is a symbolic link to
 * the file (/proc/self/fd/N). */
char       *atomic_file_link_hidden (const char *path, const char *link_to, gboolean follow);

G_END_DECLS

#endif
