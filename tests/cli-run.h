/* Running the `tessera` program from a test, and looking at what it left
 * in a directory: shared by the CLI's tests. */
#ifndef TSR_CLI_RUN_H
#define TSR_CLI_RUN_H

#include <glib.h>

G_BEGIN_DECLS

/* The exit status, or -N for a child killed by signal N. */
int   cli_run_status   (int wait_status);

/* Runs the program cli with args (NULL-terminated) in dir (NULL: here),
 * its standard output dropped: the exit status, and its standard error
 * in *err (freed by the caller) when err is not NULL. */
int   cli_run_in       (const char *cli, const char *dir, const char *const *args, char **err);

/* A new empty directory under the system's temporary one. */
char *cli_run_tmpdir   (void);
/* The bytes of a file the test wrote (asserts it reads). */
GBytes *cli_run_read_file (const char *path);

/* The names in dir (hidden ones too), sorted, joined by spaces. */
char *cli_run_listing  (const char *dir);

G_END_DECLS

#endif
