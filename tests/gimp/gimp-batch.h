/* Driving the real GIMP 3 from a test: a private profile with the freshly
 * built plug-in installed, and Script-Fu run in batch mode.
 *
 * Environment (set by meson): GIMP_CONSOLE (gimp-console-3), GIMP_GUI
 * (gimp-3), TESSERA_PLUGIN (the built plug-in), TESSERA_CLI, and
 * TESSERA_GIMP_WORKDIR (the profile's folder; default: a temporary one).
 * The folder is removed when the tests pass, kept when one fails (or with
 * TESSERA_KEEP_PROFILE=1) so its exported files can be looked at. */
#ifndef TSR_TEST_GIMP_BATCH_H
#define TSR_TEST_GIMP_BATCH_H

#include <glib.h>

/* The private profile ($HOME of every GIMP run of this process), created
 * on first use.  Exported files go into gimp_work_dir (). */
const char *gimp_home     (void);
const char *gimp_work_dir (void);

/* GIMP's user folder in that profile, as the GIMP under test names it
 * (its gimp-directory: .config/GIMP/3.0, .config/GIMP/3.2, ...). */
const char *gimp_profile_dir (void);

/* A path in the work folder: g_free () it. */
char       *gimp_work_file (const char *name);

/* Called about every 10 ms while GIMP runs; return FALSE to stop being
 * called. */
typedef gboolean (*GimpBatchWatch) (gpointer user_data);

typedef struct
{
  char   *out;        /* GIMP's stdout: what Script-Fu `display`s */
  char   *err;        /* GIMP's stderr */
  double  seconds;    /* wall time of the run */
  gboolean ok;        /* every command succeeded and GIMP exited 0 */
} GimpBatchResult;

/* Runs gimp-console once: `script` (the prelude of Scheme helpers is put
 * before it) is one batch command.  Fails the test if GIMP cannot be
 * started or takes longer than timeout_s. */
GimpBatchResult *gimp_batch (const char *script, double timeout_s,
                             GimpBatchWatch watch, gpointer user_data);

/* Runs gimp-console once with Python code (python-fu-eval, the Gimp
 * module imported): for the API Script-Fu cannot call (GIMP 3.2's
 * GimpRasterizable).  print ("TSR key value") reports to the test. */
GimpBatchResult *gimp_batch_python (const char *code, double timeout_s);

/* The same with GIMP's user interface (gimp-3, or $GIMP_GUI) on the X
 * display `display` (":N"). */
GimpBatchResult *gimp_batch_gui (const char *script, const char *display, double timeout_s,
                                 GimpBatchWatch watch, gpointer user_data);
void             gimp_batch_result_free (GimpBatchResult *r);

/* The value printed by (tsr-out "KEY" value ...) as "TSR KEY value...", or
 * NULL: g_free () it. */
char            *gimp_batch_get (const GimpBatchResult *r, const char *key);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GimpBatchResult, gimp_batch_result_free)

/* Scheme text for KEY=VALUE parameters as named arguments
 * (#:seed 3 #:scale 24.0 #:basis "cells"), typed from tsr_params[]. */
char *gimp_named_args (const char *const *kv);

#endif
