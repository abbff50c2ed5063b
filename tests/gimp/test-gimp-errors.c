/* Bad calls: each one fails with a message naming the problem, and the
 * image is exactly as it was (compared as exported before and after).
 * One GIMP start runs them all, each inside its own (tsr-try ...). */
#include <string.h>

#include "gimp-batch.h"
#include "gimp-tests.h"
#include "image-io.h"

typedef struct
{
  const char *name;
  const char *target;    /* Scheme: set up, then the drawables vector to call on */
  const char *args;      /* the rest of the call */
  const char *expect[3]; /* substrings of the error message */
  const char *who;       /* who refuses: "plug-in" or "Script-Fu" */
} ErrorCase;

#define CALL "(plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables target"

/* A positional call: the leading arguments in order, not all of them
 * (tests/pdb-argument-order.txt lists the order).  Script-Fu refuses the
 * bad pattern, argument 3, before it looks at what follows. */
#define POSITIONAL(pattern) \
  "(plug-in-tessera RUN-NONINTERACTIVE img target \"" pattern "\" 0 TRUE 0 0 0.0 \"perlin\" " \
  "0.0 1.0 6 0.5 2.0 \"quintic\" FALSE \"f1\" 1.0 \"veined\" 3.0 30.0 3.0 1.5 \"plank\" 12.0 0.6 2 1.0 " \
  "0.35 12.0 0.5 0.5 8 0.5 0.15 1.0 " \
  "\"auto\" '(0 0 0) '(255 255 255) FALSE FALSE \"color\" 16.0 \"opengl\" 135.0 45.0 0.0 0 FALSE \"\")"

static const ErrorCase cases[] = {
  { "octaves-out-of-range", "(vector lay)", CALL " #:octaves 99)",
    { "99", "out of range", "1 to 12" }, "Script-Fu" },
  { "period-out-of-range", "(vector lay)", CALL " #:period-w -1)",
    { "-1", "out of range", "0 to 524288" }, "Script-Fu" },
  { "unknown-pattern", "(vector lay)", POSITIONAL ("bogus"),
    { "Invalid value for argument 3", NULL, NULL }, "Script-Fu" },
  { "unknown-gradient", "(vector lay)", CALL " #:gradient \"No such gradient\")",
    { "invalid input arguments", "no gradient named 'No such gradient'", NULL }, "plug-in" },
  { "layer-group",
    "(let ((g (car (gimp-group-layer-new img \"Group\")))) (gimp-image-insert-layer img g 0 0) (vector g))",
    CALL ")", { "invalid input arguments", "'Group' is a layer group", NULL }, "plug-in" },
  { "empty-selection",
    "(let ((s (car (gimp-layer-new img \"small\" 8 8 RGB-IMAGE 100 LAYER-MODE-NORMAL))))"
    " (gimp-image-insert-layer img s 0 0) (gimp-drawable-fill s FILL-WHITE)"
    " (gimp-image-select-rectangle img CHANNEL-OP-REPLACE 20 10 10 10) (vector s))",
    CALL ")", { "failed", "the selection does not touch 'small'", NULL }, "plug-in" },
  { "indexed",
    "(begin (gimp-image-convert-indexed img CONVERT-DITHER-NONE CONVERT-PALETTE-GENERATE 16"
    " FALSE FALSE \"\") (vector lay))",
    CALL ")", { "invalid input arguments", "'bg' is indexed", NULL }, "plug-in" },
  { "no-drawable", "(vector)", CALL ")",
    { "invalid input arguments", "no drawable to render into", NULL }, "plug-in" },
  /* the message lists the presets a batch may name */
  { "unknown-preset", "(vector lay)", CALL " #:preset \"red-brick\")",
    { "unknown preset 'red-brick'", "red-brick-wall", "white-marble" }, "plug-in" },
  { "preset-other-pattern", "(vector lay)", CALL " #:pattern \"marble\" #:preset \"oak\")",
    { "'oak' renders the pattern 'wood', not 'marble'", NULL, NULL }, "plug-in" },
};

static GimpBatchResult *batch;

static const GimpBatchResult *
errors_batch (void)
{
  GString *s;

  if (batch != NULL)
    return batch;
  s = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const ErrorCase *c = &cases[i];
      char *before = g_strdup_printf ("%s/%s-before.png", gimp_work_dir (), c->name);
      char *after = g_strdup_printf ("%s/%s-after.png", gimp_work_dir (), c->name);

      /* A textured original, so any write would show. */
      g_string_append_printf (s,
        "(tsr-out \"setup-%s\" (tsr-try (lambda ()\n"
        "  (let* ((a (tsr-image 32 24 RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
        "    (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
        "                     #:pattern \"value\" #:seed 1 #:scale 4.0)\n"
        "    (let ((target %s))\n"
        "      (tsr-export img \"%s\" \"rgb8\")\n"
        "      (tsr-out \"error-%s\" (tsr-try (lambda () %s)))\n"
        "      (tsr-export img \"%s\" \"rgb8\")\n"
        "      (gimp-image-delete img) 'ok)))))\n",
        c->name, c->target, before, c->name, c->args, after);
      g_free (before), g_free (after);
    }
  batch = gimp_batch (s->str, 90, NULL, NULL);
  g_string_free (s, TRUE);
  return batch;
}

static void
test_error_case (gconstpointer data)
{
  const ErrorCase *c = data;
  const GimpBatchResult *r = errors_batch ();
  char *key = g_strdup_printf ("setup-%s", c->name);
  char *setup = gimp_batch_get (r, key);
  char *ekey = g_strdup_printf ("error-%s", c->name);
  char *message = gimp_batch_get (r, ekey);
  char *before = g_strdup_printf ("%s/%s-before.png", gimp_work_dir (), c->name);
  char *after = g_strdup_printf ("%s/%s-after.png", gimp_work_dir (), c->name);
  g_autoptr (TestImage) a = NULL;
  g_autoptr (TestImage) b = NULL;
  GError *error = NULL;

  if (g_strcmp0 (setup, "ok") != 0)
    g_error ("%s: the scenario itself failed: %s\n%s\n%s", c->name, setup, r->out, r->err);
  g_assert_nonnull (message);
  if (!g_str_has_prefix (message, "(error "))
    g_error ("%s: the call succeeded (%s); it should have failed", c->name, message);
  for (guint k = 0; k < G_N_ELEMENTS (c->expect) && c->expect[k]; k++)
    if (strstr (message, c->expect[k]) == NULL)
      g_error ("%s: the message \"%s\" does not say \"%s\"", c->name, message, c->expect[k]);
  g_test_message ("%s (refused by %s): %s", c->name, c->who, message);

  a = test_image_read_png (before, &error);
  g_assert_no_error (error);
  b = test_image_read_png (after, &error);
  g_assert_no_error (error);
  test_check_same (c->name, a, b);

  g_free (key), g_free (setup), g_free (ekey), g_free (message), g_free (before), g_free (after);
}

void
gimp_tests_add_errors (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char *path = g_strdup_printf ("/gimp/errors/%s", cases[i].name);
      g_test_add_data_func (path, &cases[i], test_error_case);
      g_free (path);
    }
}
