/* A set of files written whole or not at all: a tile set (atlas, tiles,
 * .tsx, .tres), a material set, the frames of a loop.
 *
 *   set = file_set_new ();
 *   file_set_plan (set, path, &error);      every name, before rendering
 *   ... each file written as an AtomicFile (or an ImageOutput finished
 *       with image_output_finish_file), then file_set_add (set, file) ...
 *   file_set_commit (set, &error);          or file_set_abort (set)
 *
 * Planning checks what can be checked before any work: the folder exists
 * and can be written, the name is no folder or other non-regular file, it
 * fits the folder's name length, no two files of the set share it.  Every
 * file is written unnamed (atomic-file.h) until the commit, which gives
 * each its hidden name, keeps a hard link to each old file, renames every
 * new file over its target and only then drops the old ones; a failure on
 * the way puts the old files back.  So on any failure, Ctrl-C or kill no
 * new file of the set remains and no old one is replaced; after a SIGKILL
 * nothing remains either, except files the set had to name early (beyond
 * half the descriptors the process may open, RLIMIT_NOFILE, or on a file
 * system without unnamed files: their hidden DIR/.NAME.XXXXXX names). */
#ifndef TSR_FILE_SET_H
#define TSR_FILE_SET_H

#include <glib.h>

#include "atomic-file.h"

G_BEGIN_DECLS

typedef struct _FileSet FileSet;

FileSet    *file_set_new     (void);

/* Checks that path can be written as one file of the set (see above);
 * FALSE with a G_FILE_ERROR naming path and the problem. */
gboolean    file_set_plan    (FileSet *set, const char *path, GError **error);
/* The files planned, in order. */
guint       file_set_n_planned (const FileSet *set);

/* Takes a complete file of the set (its bytes all written). */
gboolean    file_set_add     (FileSet *set, AtomicFile *file, GError **error);
/* Writes text as the set's file path (a new AtomicFile, added). */
gboolean    file_set_add_text (FileSet *set, const char *path, const char *text,
                               GError **error);

/* Replaces every target by its new file, all or none (see above), and
 * frees the set.  The error says whether the old files were kept. */
gboolean    file_set_commit  (FileSet *set, GError **error);

/* Removes every new file and frees the set.  NULL is allowed. */
void        file_set_abort   (FileSet *set);

G_END_DECLS

#endif
