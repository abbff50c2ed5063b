/* Private GIMP profile and Script-Fu batch runs. */
#define _POSIX_C_SOURCE 200809L   /* kill () */
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "tessera.h"
#include "gimp-batch.h"
#include "../test-helpers.h"

/* Helpers every batch command can use.
 *   (tsr-try thunk)      the thunk's value, or (error MESSAGE ...) if it raised
 *   (tsr-out key v ...)  prints "TSR key v ..." on one line
 *   (tsr-now)            seconds since the epoch, as a real
 *   (tsr-image w h base precision)  a new image with one layer "bg" filling it:
 *                        returns (image layer)
 *   (tsr-export img file format)    PNG export with an explicit format
 *                        ("rgb8", "rgb16", "gray8" ...), or for "tiff" a TIFF
 *                        with its profile (GIMP keeps a linear image's samples
 *                        linear only then; without it, it writes sRGB)
 *   (tsr-touch file)     creates file: a signal to the test
 *   (tsr-wait-for file)  waits (up to 60 s) until the test creates file */
static const char prelude[] =
  "(define (tsr-try thunk)\n"
  "  (call/cc (lambda (k)\n"
  "    (let ((old *error-hook*))\n"
  "      (set! *error-hook* (lambda args (set! *error-hook* old) (k (cons 'error args))))\n"
  "      (let ((r (thunk))) (set! *error-hook* old) r)))))\n"
  "(define (tsr-out key . vs)\n"
  "  (display \"TSR \") (display key)\n"
  "  (for-each (lambda (v) (display \" \") (display v)) vs) (newline))\n"
  "(define (tsr-now) (let ((t (gettimeofday))) (+ (car t) (/ (cadr t) 1000000.0))))\n"
  "(define (tsr-image w h base precision)\n"
  "  (let* ((img (car (gimp-image-new-with-precision w h base precision)))\n"
  "         (lay (car (gimp-layer-new img \"bg\" w h\n"
  "                     (if (= base GRAY) GRAY-IMAGE RGB-IMAGE) 100 LAYER-MODE-NORMAL))))\n"
  "    (gimp-image-insert-layer img lay 0 0)\n"
  "    (gimp-drawable-fill lay FILL-WHITE)\n"
  "    (list img lay)))\n"
  "(define (tsr-touch file) (call-with-output-file file (lambda (p) (display \"x\" p))))\n"
  "(define (tsr-wait-for file)\n"
  "  (let loop ((n 0))\n"
  "    (if (and (< n 1200) (not (file-exists? file))) (begin (usleep 50000) (loop (+ n 1))))))\n"
  "(define (tsr-export img file format)\n"
  "  (if (string=? format \"tiff\")\n"
  "      (file-tiff-export #:run-mode RUN-NONINTERACTIVE #:image img #:file file\n"
  "                        #:include-color-profile TRUE #:include-thumbnail FALSE)\n"
  "      (file-png-export #:run-mode RUN-NONINTERACTIVE #:image img #:file file\n"
  "                       #:format format #:include-thumbnail FALSE)))\n";

static char *home_dir, *work_dir, *profile_dir;

static void
remove_profile (void)
{
  if (home_dir == NULL)
    return;
  if (g_strcmp0 (g_getenv ("TESSERA_KEEP_PROFILE"), "1") == 0)
    g_printerr ("tessera gimp tests: profile kept in %s\n", home_dir);
  else
    test_remove_tree (home_dir);
}

static void
install_plugin (const char *profile)
{
  const char *plugin = g_getenv ("TESSERA_PLUGIN");
  char *dir = g_build_filename (profile, "plug-ins", "tessera", NULL);
  char *dest = g_build_filename (dir, "tessera", NULL);
  char *contents = NULL;
  gsize len = 0;
  GError *error = NULL;

  if (plugin == NULL)
    g_error ("TESSERA_PLUGIN is not set (run through meson test)");
  if (!g_file_get_contents (plugin, &contents, &len, &error))
    g_error ("%s", error->message);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  if (!g_file_set_contents (dest, contents, (gssize) len, &error))
    g_error ("%s", error->message);
  g_assert_cmpint (g_chmod (dest, 0755), ==, 0);
  g_free (contents);
  g_free (dest);
  g_free (dir);
}

/* The GEGL module, where GIMP's GEGL looks for a user's operations. */
static void
install_gegl_module (const char *home)
{
  const char *module = g_getenv ("TESSERA_GEGL_MODULE");
  g_autofree char *dir = NULL, *dest = NULL, *contents = NULL;
  gsize len = 0;
  GError *error = NULL;

  if (module == NULL)
    return;
  dir = g_build_filename (home, ".local", "share", "gegl-0.4", "plug-ins", NULL);
  dest = g_build_filename (dir, "tessera-gegl.so", NULL);
  if (!g_file_get_contents (module, &contents, &len, &error))
    g_error ("%s", error->message);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  if (!g_file_set_contents (dest, contents, (gssize) len, &error))
    g_error ("%s", error->message);
}

static GimpBatchResult *run_gimp (const char *interpreter, const char *script, const char *display,
                                  double timeout_s, GimpBatchWatch watch, gpointer user_data);

/* GIMP names its user folder after its own version (GIMP/3.0, GIMP/3.2, ...):
 * ask the GIMP under test where it is rather than guess. */
static char *
query_profile_dir (void)
{
  g_autoptr (GimpBatchResult) r = run_gimp ("plug-in-script-fu-eval",
                                            "(tsr-out \"profile\" gimp-directory)", NULL, 180,
                                            NULL, NULL);
  char *dir = gimp_batch_get (r, "profile");

  if (!r->ok || dir == NULL || !g_str_has_prefix (dir, home_dir))
    g_error ("GIMP did not tell its user folder inside %s (got %s); its output:\n%s\n%s",
             home_dir, dir ? dir : "nothing", r->out, r->err);
  return dir;
}

/* The profile lives in $TESSERA_GIMP_WORKDIR when set (meson: a folder per
 * group in the build tree, wiped at the start of each run, left behind when
 * a test fails, for a look), else in a new temporary folder. */
static void
ensure_profile (void)
{
  const char *dir = g_getenv ("TESSERA_GIMP_WORKDIR");
  GError *error = NULL;

  if (home_dir != NULL)
    return;
  if (dir != NULL && dir[0] != '\0')
    {
      test_remove_tree (dir);
      g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
      home_dir = g_canonicalize_filename (dir, NULL);
    }
  else
    {
      home_dir = g_dir_make_tmp ("tessera-gimp-XXXXXX", &error);
      g_assert_no_error (error);
    }
  /* Paths go into Scheme strings as they are. */
  if (strpbrk (home_dir, "\"\\") != NULL)
    g_error ("%s: a quote or backslash in the path would break the Script-Fu", home_dir);
  work_dir = g_build_filename (home_dir, "out", NULL);
  g_assert_cmpint (g_mkdir_with_parents (work_dir, 0755), ==, 0);
  atexit (remove_profile);
  profile_dir = query_profile_dir ();
  install_plugin (profile_dir);
  install_gegl_module (home_dir);
}

const char *
gimp_home (void)
{
  ensure_profile ();
  return home_dir;
}

const char *
gimp_profile_dir (void)
{
  ensure_profile ();
  return profile_dir;
}

const char *
gimp_work_dir (void)
{
  ensure_profile ();
  return work_dir;
}

char *
gimp_work_file (const char *name)
{
  return g_build_filename (gimp_work_dir (), name, NULL);
}

/* ---- running GIMP ------------------------------------------------------- */

typedef struct
{
  GMainLoop      *loop;
  GSubprocess    *proc;
  GimpBatchWatch  watch;
  gpointer        user_data;
  char           *out, *err;
  GError         *error;
  gboolean        done, timed_out;
} Run;

static void
communicated (GObject *source, GAsyncResult *res, gpointer data)
{
  Run *run = data;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), res,
                                        &run->out, &run->err, &run->error);
  run->done = TRUE;
  g_main_loop_quit (run->loop);
}

static gboolean
on_watch (gpointer data)
{
  Run *run = data;

  if (run->watch != NULL && !run->watch (run->user_data))
    run->watch = NULL;
  return G_SOURCE_CONTINUE;
}

static gboolean
on_timeout (gpointer data)
{
  Run *run = data;

  run->timed_out = TRUE;
  g_subprocess_force_exit (run->proc);
  return G_SOURCE_REMOVE;
}

static GimpBatchResult *
run_gimp (const char *interpreter, const char *script, const char *display, double timeout_s,
          GimpBatchWatch watch, gpointer user_data)
{
  const char *console = display ? g_getenv ("GIMP_GUI") : g_getenv ("GIMP_CONSOLE");
  GSubprocessLauncher *launcher;
  GimpBatchResult *r = g_new0 (GimpBatchResult, 1);
  Run run = { 0 };
  gboolean scheme = strcmp (interpreter, "plug-in-script-fu-eval") == 0;
  char *command = scheme ? g_strconcat ("(begin\n", prelude, script, "\n)", NULL)
                         : g_strdup (script);
  char *interpreter_arg = g_strconcat ("--batch-interpreter=", interpreter, NULL);
  char *config = g_build_filename (gimp_home (), ".config", NULL);
  char *cache = g_build_filename (gimp_home (), ".cache", NULL);
  char *data = g_build_filename (gimp_home (), ".local", "share", NULL);
  gint64 t0 = g_get_monotonic_time ();
  guint watch_id, timeout_id;

  if (console == NULL)
    console = display ? "gimp-3" : "gimp-console-3";
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE |
                                        G_SUBPROCESS_FLAGS_STDIN_PIPE);
  g_subprocess_launcher_setenv (launcher, "HOME", gimp_home (), TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", config, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CACHE_HOME", cache, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data, TRUE);
  g_subprocess_launcher_setenv (launcher, "LANG", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  g_subprocess_launcher_unsetenv (launcher, "GIMP3_DIRECTORY");
  g_subprocess_launcher_unsetenv (launcher, "WAYLAND_DISPLAY");
  if (display != NULL)
    {
      g_subprocess_launcher_setenv (launcher, "DISPLAY", display, TRUE);
      g_subprocess_launcher_setenv (launcher, "GDK_BACKEND", "x11", TRUE);
      run.proc = g_subprocess_launcher_spawn (launcher, &run.error, console, "--no-splash",
                                              interpreter_arg,
                                              "-b", command, "--quit", NULL);
    }
  else
    {
      g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
      run.proc = g_subprocess_launcher_spawn (launcher, &run.error, console, "-i",
                                              interpreter_arg,
                                              "-b", command, "--quit", NULL);
    }
  if (run.proc == NULL)
    g_error ("cannot start %s: %s", console, run.error->message);

  run.loop = g_main_loop_new (NULL, FALSE);
  run.watch = watch;
  run.user_data = user_data;
  g_subprocess_communicate_utf8_async (run.proc, NULL, NULL, communicated, &run);
  watch_id = g_timeout_add (10, on_watch, &run);
  timeout_id = g_timeout_add ((guint) (timeout_s * 1000), on_timeout, &run);
  if (!run.done)
    g_main_loop_run (run.loop);
  g_source_remove (watch_id);
  if (!run.timed_out)
    g_source_remove (timeout_id);
  g_subprocess_wait (run.proc, NULL, NULL);

  r->seconds = (g_get_monotonic_time () - t0) / 1e6;
  r->out = run.out ? run.out : g_strdup ("");
  r->err = run.err ? run.err : g_strdup ("");
  if (run.error != NULL)
    g_error ("%s: %s", console, run.error->message);
  if (run.timed_out)
    {
      /* GIMP's plug-ins outlive a killed GIMP in this process group: they
       * would hold the machine's processors for the tests that follow. */
      signal (SIGTERM, SIG_IGN);
      kill (0, SIGTERM);
      g_error ("GIMP did not finish within %.0f s; its output:\n%s\n%s", timeout_s, r->out, r->err);
    }
  /* Script-Fu reports on stdout or stderr, depending on what ran before. */
  r->ok = g_subprocess_get_if_exited (run.proc) && g_subprocess_get_exit_status (run.proc) == 0
          && (strstr (r->out, "batch command executed successfully") != NULL ||
              strstr (r->err, "batch command executed successfully") != NULL)
          && strstr (r->out, "experienced an execution error") == NULL
          && strstr (r->err, "experienced an execution error") == NULL;
  if (!r->ok || g_test_verbose ())
    g_test_message ("GIMP (%.1f s, exit status %d) stdout:\n%s\nstderr:\n%s", r->seconds,
                    g_subprocess_get_if_exited (run.proc) ? g_subprocess_get_exit_status (run.proc) : -1,
                    r->out, r->err);

  g_main_loop_unref (run.loop);
  g_object_unref (run.proc);
  g_object_unref (launcher);
  g_free (command);
  g_free (interpreter_arg);
  g_free (config);
  g_free (cache);
  g_free (data);
  return r;
}

/* A batch's wait only guards against a hung GIMP: stretched 4x, so that a
 * slow or loaded machine never fails it (a whole-pattern render batch took
 * over 150 s with another build running). */
#define HANG_GUARD 4.0

GimpBatchResult *
gimp_batch (const char *script, double timeout_s, GimpBatchWatch watch, gpointer user_data)
{
  return run_gimp ("plug-in-script-fu-eval", script, NULL, timeout_s * HANG_GUARD, watch, user_data);
}

GimpBatchResult *
gimp_batch_python (const char *code, double timeout_s)
{
  return run_gimp ("python-fu-eval", code, NULL, timeout_s * HANG_GUARD, NULL, NULL);
}

GimpBatchResult *
gimp_batch_gui (const char *script, const char *display, double timeout_s,
                GimpBatchWatch watch, gpointer user_data)
{
  g_return_val_if_fail (display != NULL, NULL);
  return run_gimp ("plug-in-script-fu-eval", script, display, timeout_s, watch, user_data);
}

void
gimp_batch_result_free (GimpBatchResult *r)
{
  if (r == NULL)
    return;
  g_free (r->out);
  g_free (r->err);
  g_free (r);
}

char *
gimp_batch_get (const GimpBatchResult *r, const char *key)
{
  char *prefix = g_strdup_printf ("TSR %s", key);
  char **lines = g_strsplit (r->out, "\n", -1);
  char *value = NULL;
  gsize plen = strlen (prefix);

  for (guint i = 0; lines[i] != NULL && value == NULL; i++)
    {
      /* Script-Fu may leave other output on the same line before ours. */
      const char *at = strstr (lines[i], prefix);
      if (at != NULL && (at[plen] == ' ' || at[plen] == '\0'))
        value = g_strdup (at[plen] == ' ' ? at + plen + 1 : "");
    }
  g_strfreev (lines);
  g_free (prefix);
  return value;
}

/* ---- arguments ---------------------------------------------------------- */

char *
gimp_named_args (const char *const *kv)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; kv != NULL && kv[i] != NULL; i++)
    {
      const char *eq = strchr (kv[i], '=');
      char *key = g_strndup (kv[i], (gsize) (eq - kv[i]));
      const char *text = eq + 1;
      const TsrParamSpec *spec = tsr_param_lookup (key);

      if (g_strcmp0 (key, "pattern") == 0 || g_strcmp0 (key, "gradient") == 0
          || (spec != NULL && spec->type == TSR_TYPE_CHOICE))
        g_string_append_printf (s, " #:%s \"%s\"", key, text);
      else if (spec != NULL && spec->type == TSR_TYPE_BOOL)
        g_string_append_printf (s, " #:%s %s", key,
                                (g_ascii_strcasecmp (text, "true") == 0 || strcmp (text, "1") == 0)
                                ? "TRUE" : "FALSE");
      else if (spec != NULL && spec->type == TSR_TYPE_DOUBLE && strpbrk (text, ".eE") == NULL)
        g_string_append_printf (s, " #:%s %s.0", key, text);
      else
        g_string_append_printf (s, " #:%s %s", key, text);
      g_free (key);
    }
  return g_string_free (s, FALSE);
}
