/* A file replaced all at once: written as a temporary DIR/.NAME.XXXXXX
 * next to the target, then fsync'd and renamed over it by
 * atomic_file_commit ().  atomic_file_abort () (or a failed commit)
 * removes the temporary file, so the target is either untouched or
 * complete, and a replaced file keeps its permissions. */
#ifndef TSR_ATOMIC_FILE_H
#define TSR_ATOMIC_FILE_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct _AtomicFile AtomicFile;

/* Creates the temporary file.  Errors (G_FILE_ERROR) read
 * "cannot write 'PATH': why". */
AtomicFile *atomic_file_new       (const char *path, GError **error);

/* The temporary file's descriptor, open for reading and writing; it stays
 * the file's until commit or abort, which close it. */
int         atomic_file_fd        (const AtomicFile *file);
const char *atomic_file_path      (const AtomicFile *file);   /* the target */
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

G_END_DECLS

#endif
