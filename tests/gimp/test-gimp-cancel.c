/* Cancelling.  When the user cancels a plug-in's progress, GIMP 3 does not
 * tell the plug-in: it kills it (app/plug-in/gimpplugin-progress.c,
 * gimp_plug_in_progress_cancel_callback -> gimp_plug_in_close (plug_in,
 * TRUE)) and returns GIMP_PDB_CANCEL to the caller.  So this test does
 * exactly that, mid-render: SIGKILL to the plug-in process.  The layer must
 * come out byte-identical (the plug-in writes only into the shadow buffer,
 * which GIMP drops, and merges only after every band is done), and GIMP
 * must go on working (a second call succeeds). */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "gimp-batch.h"
#include "gimp-tests.h"
#include "image-io.h"

#define CW 4096
#define CH 4096

typedef struct
{
  char    *plugin;     /* the installed plug-in's path */
  int      pid;        /* the running plug-in, once seen */
  gboolean killed;
  double   cpu;        /* its CPU seconds when killed */
} KillState;

/* CPU seconds (user + system, all threads) used by pid, or -1. */
static double
cpu_seconds (int pid)
{
  char *path = g_strdup_printf ("/proc/%d/stat", pid), *text = NULL;
  double s = -1;

  if (g_file_get_contents (path, &text, NULL, NULL))
    {
      /* Fields after the ")" closing the command name: state is 3rd,
       * utime the 14th, stime the 15th of the whole line. */
      const char *p = strrchr (text, ')');
      char **f = p ? g_strsplit (p + 2, " ", -1) : NULL;
      if (f != NULL && g_strv_length (f) > 13)
        s = (g_ascii_strtod (f[11], NULL) + g_ascii_strtod (f[12], NULL)) / sysconf (_SC_CLK_TCK);
      g_strfreev (f);
    }
  g_free (text);
  g_free (path);
  return s;
}

/* The pid of a running `PLUGIN ... -run ...`, or 0. */
static int
find_plugin_run (const char *plugin)
{
  GDir *proc = g_dir_open ("/proc", 0, NULL);
  const char *name;
  int found = 0;

  while (proc != NULL && found == 0 && (name = g_dir_read_name (proc)) != NULL)
    {
      char *path, *cmd = NULL;
      gsize len = 0;

      if (!g_ascii_isdigit (name[0]))
        continue;
      path = g_strdup_printf ("/proc/%s/cmdline", name);
      if (g_file_get_contents (path, &cmd, &len, NULL) && len > 0
          && strcmp (cmd, plugin) == 0)
        for (gsize i = 0; i < len; i += strlen (cmd + i) + 1)
          if (strcmp (cmd + i, "-run") == 0)
            found = atoi (name);
      g_free (cmd);
      g_free (path);
    }
  if (proc != NULL)
    g_dir_close (proc);
  return found;
}

static gboolean
watch (gpointer data)
{
  KillState *k = data;
  double cpu;

  if (k->pid == 0)
    k->pid = find_plugin_run (k->plugin);
  if (k->pid == 0)
    return TRUE;
  /* Half a CPU second in: past start-up, a small part of the render. */
  cpu = cpu_seconds (k->pid);
  if (cpu < 0)
    {
      k->pid = 0;           /* gone already: watch for the next one */
      return TRUE;
    }
  if (cpu < 0.5)
    return TRUE;
  k->cpu = cpu;
  k->killed = kill (k->pid, SIGKILL) == 0;
  return FALSE;
}

static void
test_killed_mid_render (void)
{
  KillState k = { 0 };
  char *after = gimp_work_file ("killed-after.png");
  char *script = g_strdup_printf (
    "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (tsr-out \"killed-call\" (tsr-try (lambda ()\n"
    "    (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                     #:pattern \"clouds\" #:octaves 12 #:distortion 2.0) 'finished)))\n"
    "  (file-png-export #:run-mode RUN-NONINTERACTIVE #:image img #:file \"%s\"\n"
    "                   #:format \"rgb8\" #:compression 1 #:include-thumbnail FALSE)\n"
    "  (gimp-image-select-rectangle img CHANNEL-OP-REPLACE 0 0 32 32)\n"
    "  (tsr-out \"second-call\" (tsr-try (lambda ()\n"
    "    (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                     #:pattern \"clouds\" #:scale 8.0) 'ok)))\n"
    "  (tsr-out \"second-pixel\" (car (gimp-drawable-get-pixel lay 5 5))))",
    CW, CH, after);
  g_autoptr (GimpBatchResult) r = NULL;
  g_autoptr (TestImage) im = NULL;
  GError *error = NULL;
  char *call, *second, *pixel;
  gsize n;

  k.plugin = g_build_filename (gimp_profile_dir (), "plug-ins", "tessera",
                               "tessera", NULL);
  r = gimp_batch (script, 120, watch, &k);
  call = gimp_batch_get (r, "killed-call");
  second = gimp_batch_get (r, "second-call");
  pixel = gimp_batch_get (r, "second-pixel");

  if (!k.killed)
    g_error ("the plug-in was never seen running long enough to be killed (call: %s)", call);
  g_test_message ("killed the plug-in after %.2f CPU s; the call returned %s", k.cpu, call);
  if (call == NULL || !g_str_has_prefix (call, "(error"))
    g_error ("the killed call did not fail: %s\n%s\n%s", call, r->out, r->err);

  im = test_image_read_png (after, &error);
  g_assert_no_error (error);
  g_assert_cmpint (im->width, ==, CW);
  g_assert_cmpint (im->height, ==, CH);
  n = (gsize) CW * CH * im->channels;
  for (gsize i = 0; i < n; i++)
    if (im->raw[i] != 255)
      g_error ("after the kill, pixel %d,%d is no longer white: the layer was touched",
               (int) (i / im->channels % CW), (int) (i / im->channels / CW));

  /* GIMP cleaned up after the killed plug-in: the next call works. */
  if (g_strcmp0 (second, "ok") != 0)
    g_error ("the call after the kill failed: %s", second);
  if (pixel == NULL || strcmp (pixel, "(255 255 255)") == 0)
    g_error ("the call after the kill changed nothing (pixel %s)", pixel);

  g_free (call), g_free (second), g_free (pixel), g_free (after), g_free (script);
  g_free (k.plugin);
}

void
gimp_tests_add_cancel (void)
{
  g_test_add_func ("/gimp/cancel/killed-mid-render-leaves-layer", test_killed_mid_render);
}
