/* Undo, and the dialog, in GIMP's user interface under Xvfb.
 *
 * GIMP 3.0's PDB has no "undo" procedure (gimp-image-undo-* only starts and
 * ends groups, enables, disables, freezes and thaws), so batch mode cannot
 * undo.  This test runs the real GIMP on a private X server and presses the
 * keys: a render into two layers and a text layer (which GIMP 3.2
 * rasterizes), Ctrl+Z (one step must restore all three exactly, the text
 * included), Ctrl+Y (the render comes back), then the interactive
 * dialog: it opens, Return (OK) renders its settings (the defaults: no
 * interactive run came before), and RUN-WITH-LAST-VALS repeats them — GIMP
 * 3 saves last values after interactive runs only.  Another run makes the
 * whole material set as layers, and one Ctrl+Z must leave the one layer
 * there was. */
#include <glib/gstdio.h>
#include <stdlib.h>
#include <gio/gio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "gimp-batch.h"
#include "gimp-tests.h"
#include "image-io.h"
#include "reference.h"

#define UW 64
#define UH 48

typedef struct
{
  char       *display;
  int         step;
  const char *failure;
} UiState;

static char *
work (const char *name)
{
  return gimp_work_file (name);
}

static gboolean
exists (const char *name)
{
  char *path = work (name);
  gboolean e = g_file_test (path, G_FILE_TEST_EXISTS);
  g_free (path);
  return e;
}

static void
touch (const char *name)
{
  char *path = work (name);
  g_assert_true (g_file_set_contents (path, "x", 1, NULL));
  g_free (path);
}

/* Runs a tool on the display; its stdout, or NULL if it failed. */
static char *
x_tool (const char *display, const char *const *argv)
{
  char **env = g_environ_setenv (g_get_environ (), "DISPLAY", display, TRUE);
  char *out = NULL;
  int status = -1;

  if (!g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, NULL)
      || !g_spawn_check_wait_status (status, NULL))
    g_clear_pointer (&out, g_free);
  g_strfreev (env);
  return out;
}

/* The first visible window whose title matches name, focused; FALSE if
 * there is none yet. */
static gboolean
focus (const char *display, const char *name)
{
  const char *search[] = { "xdotool", "search", "--onlyvisible", "--name", name, NULL };
  char *ids = x_tool (display, search), *id;
  gboolean ok = FALSE;

  if (ids != NULL && ids[0] != '\0')
    {
      id = g_strndup (ids, strcspn (ids, "\n"));
      {
        const char *f[] = { "xdotool", "windowfocus", "--sync", id, NULL };
        char *o = x_tool (display, f);
        ok = o != NULL;
        g_free (o);
      }
      g_free (id);
      g_usleep (300 * 1000);
    }
  g_free (ids);
  return ok;
}

static void
key (const char *display, const char *keys)
{
  const char *k[] = { "xdotool", "key", "--clearmodifiers", keys, NULL };
  g_free (x_tool (display, k));
  g_usleep (500 * 1000);
}

static gboolean
drive (gpointer data)
{
  UiState *s = data;

  switch (s->step)
    {
    case 0:                                    /* rendered: undo */
      if (!exists ("ready-undo"))
        return TRUE;
      if (!focus (s->display, "Untitled"))
        return TRUE;
      key (s->display, "ctrl+z");
      touch ("go-undo");
      s->step++;
      return TRUE;
    case 1:                                    /* undone: redo */
      if (!exists ("ready-redo"))
        return TRUE;
      if (!focus (s->display, "Untitled"))
        return TRUE;
      key (s->display, "ctrl+y");
      touch ("go-redo");
      s->step++;
      return TRUE;
    case 2:                                    /* the dialog: OK */
      if (!exists ("ready-dialog") || !focus (s->display, "Tessera"))
        return TRUE;
      {
        char *shot = work ("dialog.png");
        const char *imp[] = { "import", "-window", "root", shot, NULL };
        g_free (x_tool (s->display, imp));
        g_free (shot);
      }
      key (s->display, "Return");
      s->step++;
      return FALSE;
    default:
      return FALSE;
    }
}

/* Xvfb on a free display number: sets *display to ":N"; NULL if none
 * started.  (-displayfd was seen to report a display another server held.) */
static GSubprocess *
start_xvfb (char **display)
{
  int base = 100 + (int) (getpid () % 400);

  for (int n = base; n < base + 40; n++)
    {
      char *lock = g_strdup_printf ("/tmp/.X%d-lock", n);
      char *sock = g_strdup_printf ("/tmp/.X11-unix/X%d", n);
      char *name = g_strdup_printf (":%d", n);
      GSubprocess *p = NULL;
      gboolean up = FALSE;

      if (!g_file_test (lock, G_FILE_TEST_EXISTS) && !g_file_test (sock, G_FILE_TEST_EXISTS))
        p = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                              NULL, "Xvfb", name, "-screen", "0", "1280x900x24",
                              "-nolisten", "tcp", NULL);
      for (int t = 0; p != NULL && t < 100 && !up; t++)
        {
          g_usleep (50 * 1000);
          if (g_subprocess_get_identifier (p) == NULL)   /* exited */
            break;
          up = g_file_test (sock, G_FILE_TEST_EXISTS);
        }
      g_free (lock), g_free (sock);
      if (up)
        {
          *display = name;
          return p;
        }
      if (p != NULL)
        {
          g_subprocess_force_exit (p);
          g_subprocess_wait (p, NULL, NULL);
          g_object_unref (p);
        }
      g_free (name);
    }
  return NULL;
}

/* An X server for GIMP's window (s->display), or NULL with the test
 * skipped: the tools are missing or it did not start. */
static GSubprocess *
start_gui (UiState *s)
{
  GSubprocess *xvfb;

  if (g_find_program_in_path ("Xvfb") == NULL || g_find_program_in_path ("xdotool") == NULL)
    {
      g_test_skip ("needs Xvfb and xdotool");
      return NULL;
    }
  xvfb = start_xvfb (&s->display);
  if (xvfb == NULL)
    g_test_skip ("Xvfb did not start");
  return xvfb;
}

static void
stop_xvfb (GSubprocess *xvfb)
{
  g_subprocess_send_signal (xvfb, SIGTERM);
  g_subprocess_wait (xvfb, NULL, NULL);
  g_object_unref (xvfb);
}

/* Runs script in GIMP's user interface on the X server, driven, then
 * stops the server; the render the script reports as "render" must have
 * succeeded. */
static GimpBatchResult *
run_gui (const char *script, GSubprocess *xvfb, GimpBatchWatch drive, UiState *s)
{
  GimpBatchResult *r = gimp_batch_gui (script, s->display, 120, drive, s);
  g_autofree char *render = NULL;

  stop_xvfb (xvfb);
  render = gimp_batch_get (r, "render");
  if (g_strcmp0 (render, "ok") != 0)
    g_error ("the render failed: %s\n%s\n%s", render, r->out, r->err);
  return r;
}

static TestImage *
read_work (const char *name)
{
  char *path = work (name);
  GError *error = NULL;
  TestImage *im = test_image_read_png (path, &error);
  g_assert_no_error (error);
  g_free (path);
  return im;
}

static void
test_undo_and_dialog (void)
{
  UiState s = { 0 };
  GSubprocess *xvfb;
  g_autoptr (GimpBatchResult) r = NULL;
  g_autoptr (TestImage) orig = NULL;
  g_autoptr (TestImage) after = NULL;
  g_autoptr (TestImage) undone = NULL;
  g_autoptr (TestImage) redone = NULL;
  g_autoptr (TestImage) dialog = NULL;
  char *f[7], *script, *shown, *repeated;
  const char *names[] = { "undo-orig.png", "undo-after.png", "undo-undone.png",
                          "undo-redone.png", "undo-dialog.png", "undo-lastvals.png", NULL };
  g_autoptr (TestImage) lastvals = NULL;

  xvfb = start_gui (&s);
  if (xvfb == NULL)
    return;
  for (int i = 0; names[i]; i++)
    f[i] = work (names[i]);

#define SIGNAL(name) "\"%s/" name "\""
  script = g_strdup_printf (
    "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a))\n"
    "       (top (car (gimp-layer-new img \"top\" 24 16 RGB-IMAGE 100 LAYER-MODE-NORMAL)))\n"
    "       (txt (car (gimp-text-layer-new img \"Tx\" (car (gimp-context-get-font)) 14.0 UNIT-PIXEL))))\n"
    "  (gimp-image-insert-layer img top 0 0)\n"
    "  (gimp-layer-set-offsets top 8 8)\n"
    "  (gimp-image-insert-layer img txt 0 0)\n"
    "  (gimp-layer-set-offsets txt 36 26)\n"
    "  (gimp-drawable-fill top FILL-WHITE)\n"
    "  (gimp-image-clean-all img)\n"
    "  (gimp-display-new img)\n"
    "  (tsr-export img \"%s\" \"rgb8\")\n"
    "  (tsr-out \"render\" (tsr-try (lambda ()\n"
    "    (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector top txt lay)\n"
    "                     #:pattern \"clouds\" #:scale 10.0) 'ok)))\n"
    "  (tsr-export img \"%s\" \"rgb8\")\n"
    "  (tsr-touch " SIGNAL ("ready-undo") ") (tsr-wait-for " SIGNAL ("go-undo") ")\n"
    "  (tsr-export img \"%s\" \"rgb8\")\n"
    "  (tsr-touch " SIGNAL ("ready-redo") ") (tsr-wait-for " SIGNAL ("go-redo") ")\n"
    "  (tsr-export img \"%s\" \"rgb8\"))\n"
    "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (gimp-display-new img)\n"
    "  (tsr-touch " SIGNAL ("ready-dialog") ")\n"
    "  (tsr-out \"dialog\" (tsr-try (lambda ()\n"
    "    (plug-in-tessera #:run-mode RUN-INTERACTIVE #:image img #:drawables (vector lay)) 'ok)))\n"
    "  (tsr-export img \"%s\" \"rgb8\"))\n"
    "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (tsr-out \"repeat\" (tsr-try (lambda ()\n"
    "    (plug-in-tessera #:run-mode RUN-WITH-LAST-VALS #:image img #:drawables (vector lay)) 'ok)))\n"
    "  (tsr-export img \"%s\" \"rgb8\"))\n",
    UW, UH, f[0], f[1], gimp_work_dir (), gimp_work_dir (), f[2],
    gimp_work_dir (), gimp_work_dir (), f[3], UW, UH, gimp_work_dir (), f[4], UW, UH, f[5]);
#undef SIGNAL

  r = run_gui (script, xvfb, drive, &s);
  shown = gimp_batch_get (r, "dialog");
  repeated = gimp_batch_get (r, "repeat");
  if (s.step < 3)
    g_error ("GIMP's window or the dialog never showed up (step %d)\n%s\n%s", s.step, r->out, r->err);

  orig = read_work (names[0]);
  after = read_work (names[1]);
  undone = read_work (names[2]);
  redone = read_work (names[3]);
  if (memcmp (orig->raw, after->raw, sizeof (guint16) * UW * UH * 3) == 0)
    g_error ("the render changed nothing");
  test_check_same ("one Ctrl+Z after a render into two layers and a text layer", orig, undone);
  test_check_same ("Ctrl+Y after the undo", after, redone);

  /* The dialog opened (screenshot: dialog.png) and OK rendered its
   * settings, the defaults; RUN-WITH-LAST-VALS then repeated them. */
  if (g_strcmp0 (shown, "ok") != 0)
    g_error ("the interactive run failed: %s", shown);
  if (g_strcmp0 (repeated, "ok") != 0)
    g_error ("RUN-WITH-LAST-VALS failed: %s", repeated);
  dialog = read_work (names[4]);
  lastvals = read_work (names[5]);
  {
    TsrTexture *tex = ref_texture ("clouds", NULL, UW, UH, NULL);
    float *ref = ref_rgba (tex, 0, 0, UW, UH);
    for (int i = 0; i < UW * UH * 3; i++)
      if (dialog->raw[i] != test_reference_quantize (ref[i / 3 * 4 + i % 3], 255))
        g_error ("the dialog's OK did not render its (default) settings (pixel %d,%d)",
                 i / 3 % UW, i / 3 / UW);
    g_free (ref);
    tsr_texture_free (tex);
  }
  test_check_same ("RUN-WITH-LAST-VALS after the dialog", dialog, lastvals);

  for (int i = 0; names[i]; i++)
    g_free (f[i]);
  g_free (script), g_free (shown), g_free (repeated), g_free (s.display);
}

/* The material set as layers: Ctrl+Z once, when the texture is in. */
static gboolean
drive_material_undo (gpointer data)
{
  UiState *s = data;

  if (!exists ("ready-material-undo") || !focus (s->display, "Untitled"))
    return TRUE;
  key (s->display, "ctrl+z");
  touch ("go-material-undo");
  s->step++;
  return FALSE;
}

/* "Material layers" adds the set's maps above the layer and renders the
 * layer, all one undo step: one Ctrl+Z leaves exactly the one original
 * layer, its name and its pixels. */
static void
test_material_layers_undo (void)
{
  UiState s = { 0 };
  GSubprocess *xvfb = start_gui (&s);
  g_autoptr (GimpBatchResult) r = NULL;
  g_autoptr (TestImage) orig = NULL;
  g_autoptr (TestImage) undone = NULL;
  g_autofree char *orig_png = work ("material-undo-orig.png");
  g_autofree char *undone_png = work ("material-undo-undone.png");
  g_autofree char *script = NULL, *made = NULL, *left = NULL, *name = NULL;

  if (xvfb == NULL)
    return;
#define SIGNAL(name) "\"%s/" name "\""
  script = g_strdup_printf (
    "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (gimp-item-set-name lay \"oak\")\n"
    "  (gimp-image-select-rectangle img CHANNEL-OP-REPLACE 5 5 20 10)\n"
    "  (gimp-drawable-edit-fill lay FILL-FOREGROUND)\n"
    "  (gimp-selection-none img)\n"
    "  (gimp-image-clean-all img)\n"
    "  (gimp-display-new img)\n"
    "  (tsr-export img \"%s\" \"rgb8\")\n"
    "  (tsr-out \"render\" (tsr-try (lambda ()\n"
    "    (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                     #:pattern \"clouds\" #:material-layers TRUE) 'ok)))\n"
    "  (tsr-out \"made\" (vector-length (car (gimp-image-get-layers img))))\n"
    "  (tsr-touch " SIGNAL ("ready-material-undo") ")\n"
    "  (tsr-wait-for " SIGNAL ("go-material-undo") ")\n"
    "  (let ((layers (car (gimp-image-get-layers img))))\n"
    "    (tsr-out \"left\" (vector-length layers))\n"
    "    (tsr-out \"name\" (car (gimp-item-get-name (vector-ref layers 0)))))\n"
    "  (tsr-export img \"%s\" \"rgb8\"))\n",
    UW, UH, orig_png, gimp_work_dir (), gimp_work_dir (), undone_png);
#undef SIGNAL

  r = run_gui (script, xvfb, drive_material_undo, &s);
  made = gimp_batch_get (r, "made");
  left = gimp_batch_get (r, "left");
  name = gimp_batch_get (r, "name");
  if (s.step < 1)
    g_error ("GIMP's window never showed up\n%s\n%s", r->out, r->err);
  g_test_message ("layers with the set: %s; after one Ctrl+Z: %s (%s)", made, left, name);
  g_assert_cmpint (atoi (made), >, 1);
  g_assert_cmpstr (left, ==, "1");
  g_assert_cmpstr (name, ==, "oak");
  orig = read_work ("material-undo-orig.png");
  undone = read_work ("material-undo-undone.png");
  test_check_same ("one Ctrl+Z after material layers", orig, undone);
  g_free (s.display);
}

/* plug-in-tessera-seamless replaces a photograph's layer and adds its
 * material layers in one undo step: one Ctrl+Z gives the photograph back,
 * every pixel, and leaves the one layer there was. */
static gboolean
drive_seamless_undo (gpointer data)
{
  UiState *s = data;

  /* A new image (its window "Untitled", as in the tests above): GIMP 3.0
   * did not show a window titled after a loaded file to xdotool here. */
  if (!exists ("ready-seamless-undo") || !focus (s->display, "Untitled"))
    return TRUE;
  key (s->display, "ctrl+z");
  touch ("go-seamless-undo");
  s->step++;
  return FALSE;
}

/* The photograph of the GUI tests: gravel cropped to 128 x 96, as RGB
 * (material layers need it), in a window of its own. */
#define SEAMLESS_PHOTO \
  "(let* ((img (car (gimp-image-new 512 512 GRAY)))\n" \
  "       (lay (car (gimp-file-load-layer RUN-NONINTERACTIVE img \"%s\"))))\n" \
  "  (gimp-image-insert-layer img lay 0 0)\n" \
  "  (gimp-image-crop img 128 96 40 20)\n" \
  "  (gimp-image-convert-rgb img)\n" \
  "  (gimp-image-clean-all img)\n" \
  "  (gimp-display-new img)\n"

static void
test_seamless_undo (void)
{
  UiState s = { 0 };
  GSubprocess *xvfb = start_gui (&s);
  g_autoptr (GimpBatchResult) r = NULL;
  g_autoptr (TestImage) orig = NULL;
  g_autoptr (TestImage) after = NULL;
  g_autoptr (TestImage) undone = NULL;
  g_autofree char *photo = g_build_filename (g_getenv ("TESSERA_PHOTOS"), "gravel.png", NULL);
  g_autofree char *orig_png = work ("seamless-undo-orig.png");
  g_autofree char *after_png = work ("seamless-undo-after.png");
  g_autofree char *undone_png = work ("seamless-undo-undone.png");
  g_autofree char *script = NULL;
  g_autofree char *made = NULL;
  g_autofree char *left = NULL;
  gsize differ = 0;

  if (xvfb == NULL)
    return;
#define SIGNAL(name) "\"%s/" name "\""
  script = g_strdup_printf (
    SEAMLESS_PHOTO
    "  (tsr-export img \"%s\" \"rgb8\")\n"
    "  (tsr-out \"render\" (tsr-try (lambda ()\n"
    "    (plug-in-tessera-seamless #:run-mode RUN-NONINTERACTIVE #:image img\n"
    "                              #:drawables (vector lay) #:seed 2\n"
    "                              #:material-layers TRUE) 'ok)))\n"
    "  (tsr-out \"made\" (vector-length (car (gimp-image-get-layers img))))\n"
    "  (tsr-export img \"%s\" \"rgb8\")\n"
    "  (tsr-touch " SIGNAL ("ready-seamless-undo") ")\n"
    "  (tsr-wait-for " SIGNAL ("go-seamless-undo") ")\n"
    "  (tsr-out \"left\" (vector-length (car (gimp-image-get-layers img))))\n"
    "  (tsr-export img \"%s\" \"rgb8\"))\n",
    photo, orig_png, after_png, gimp_work_dir (), gimp_work_dir (), undone_png);
#undef SIGNAL

  r = run_gui (script, xvfb, drive_seamless_undo, &s);
  if (s.step < 1)
    g_error ("GIMP's window never showed up\n%s\n%s", r->out, r->err);
  made = gimp_batch_get (r, "made");
  left = gimp_batch_get (r, "left");
  g_test_message ("layers with the maps: %s; after one Ctrl+Z: %s", made, left);
  g_assert_cmpint (atoi (made), >, 1);
  g_assert_cmpstr (left, ==, "1");
  orig = read_work ("seamless-undo-orig.png");
  after = read_work ("seamless-undo-after.png");
  undone = read_work ("seamless-undo-undone.png");
  g_assert_cmpint (test_max_levels (orig, after, &differ), >, 0);
  g_test_message ("samples the tile and its maps changed: %" G_GSIZE_FORMAT " of %d", differ,
                  orig->width * orig->height * 3);
  test_check_same ("one Ctrl+Z after Make Seamless with material layers", orig, undone);
  g_free (s.display);
}

/* The dialog: once its preview has drawn (the report file, see
 * ui/seamless-preview.h) a screenshot is taken and Escape cancels. */
static gboolean
drive_seamless_dialog (gpointer data)
{
  UiState *s = data;
  g_autofree char *shot = NULL;

  if (!exists ("seamless-report.txt") || !focus (s->display, "Make Seamless"))
    return TRUE;
  shot = work ("seamless-dialog.png");
  {
    const char *imp[] = { "import", "-window", "root", shot, NULL };
    g_free (x_tool (s->display, imp));
  }
  key (s->display, "Escape");
  s->step++;
  return FALSE;
}

static void
report_ints (const char *report, const char *key, int *v, int n)
{
  g_autofree char *prefix = g_strconcat (key, "=", NULL);
  const char *at = strstr (report, prefix);

  if (at == NULL)
    g_error ("the preview's report has no %s:\n%s", key, report);
  at += strlen (prefix);
  for (int i = 0; i < n; i++)
    v[i] = (int) g_ascii_strtoll (at, (char **) &at, 10);
}

/* The dialog's preview is the tile OK would make, repeated 2 x 2: each
 * of the four copies, pixel by pixel, is `tessera seamless`'s tile of the
 * layer's pixels at the place a nearest-sample scaling takes it from;
 * Cancel leaves the layer as it was. */
static void
test_seamless_dialog (void)
{
  UiState s = { 0 };
  GSubprocess *xvfb = start_gui (&s);
  g_autoptr (GimpBatchResult) r = NULL;
  g_autoptr (TestImage) orig = NULL;
  g_autoptr (TestImage) cancelled = NULL;
  g_autoptr (TestImage) view = NULL;
  g_autoptr (TestImage) tile = NULL;
  g_autofree char *photo = g_build_filename (g_getenv ("TESSERA_PHOTOS"), "gravel.png", NULL);
  g_autofree char *report_path = work ("seamless-report.txt");
  g_autofree char *view_png = work ("seamless-report.txt.png");
  g_autofree char *report = NULL;
  g_autofree char *script = NULL;
  g_autofree char *seed = NULL;
  const char *args[2] = { NULL, NULL };
  int size[2], cell[4], seed_value = 0, worst = 0;
  GError *error = NULL;

  if (xvfb == NULL)
    return;
  g_setenv ("TESSERA_DIALOG_REPORT", report_path, TRUE);
  {
    /* the exports, in the work folder */
    g_autofree char *a = work ("seamless-dialog-orig.png");
    g_autofree char *b = work ("seamless-dialog-cancelled.png");

    script = g_strdup_printf (SEAMLESS_PHOTO
      "  (tsr-export img \"%s\" \"rgb8\")\n"
      "  (tsr-out \"render\" 'ok)\n"
      "  (tsr-out \"dialog\" (tsr-try (lambda ()\n"
      "    (plug-in-tessera-seamless #:run-mode RUN-INTERACTIVE #:image img\n"
      "                              #:drawables (vector lay)) 'ok)))\n"
      "  (tsr-export img \"%s\" \"rgb8\"))\n", photo, a, b);
  }
  r = run_gui (script, xvfb, drive_seamless_dialog, &s);
  g_unsetenv ("TESSERA_DIALOG_REPORT");
  if (s.step < 1)
    g_error ("the dialog's preview never drew\n%s\n%s", r->out, r->err);

  /* Cancel: the layer as it was */
  orig = read_work ("seamless-dialog-orig.png");
  cancelled = read_work ("seamless-dialog-cancelled.png");
  test_check_same ("the layer after Cancel", orig, cancelled);
  g_assert_true (g_file_get_contents (report_path, &report, NULL, &error));
  g_assert_no_error (error);
  g_test_message ("the preview's report:\n%s", report);
  report_ints (report, "tile", size, 2);
  report_ints (report, "cell", cell, 4);
  g_assert_cmpint (size[0], ==, orig->width);
  g_assert_cmpint (size[1], ==, orig->height);
  report_ints (report, "seed", &seed_value, 1);
  seed = g_strdup_printf ("seed=%d", seed_value);
  args[0] = seed;
  tile = test_cli_seamless ("seamless-dialog-orig.png", "seamless-dialog-cli.png", args);
  view = test_image_read_png (view_png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (view->channels, ==, 4);
  g_assert_cmpint (cell[2] * 2, <=, view->width);
  g_assert_cmpint (cell[3] * 2, <=, view->height);
  for (int copy = 0; copy < 4; copy++)
    for (int j = 0; j < cell[3]; j++)
      for (int i = 0; i < cell[2]; i++)
        {
          const int sx = (int) (((gint64) 2 * i + 1) * tile->width / (2 * cell[2]));
          const int sy = (int) (((gint64) 2 * j + 1) * tile->height / (2 * cell[3]));
          const int vx = cell[0] + (copy % 2) * cell[2] + i;
          const int vy = cell[1] + (copy / 2) * cell[3] + j;

          for (int c = 0; c < 3; c++)
            worst = MAX (worst, abs (test_image_raw_at (view, vx, vy, c)
                                     - test_image_raw_at (tile, sx, sy, c)));
        }
  g_test_message ("preview %dx%d, cells %dx%d at (%d, %d): largest difference from the "
                  "CLI's tile %d levels", view->width, view->height, cell[2], cell[3],
                  cell[0], cell[1], worst);
  if (worst > 1)
    g_error ("the preview is not the tile: %d levels off", worst);
  g_free (s.display);
}

void
gimp_tests_add_undo (void)
{
  g_test_add_func ("/gimp/undo/one-step-and-dialog", test_undo_and_dialog);
  g_test_add_func ("/gimp/undo/material-layers", test_material_layers_undo);
  /* in the seamless group (meson test gimp-seamless), with the helpers above */
  g_test_add_func ("/gimp/seamless/undo", test_seamless_undo);
  g_test_add_func ("/gimp/seamless/dialog-preview", test_seamless_dialog);
}
