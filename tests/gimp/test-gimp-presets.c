/* The `preset` argument in the real GIMP 3: a Script-Fu call naming a
 * preset renders the pixels `tessera render --preset NAME` does, and the
 * arguments it gives besides (those not at their defaults) win over the
 * preset's values as KEY=VALUE words after --preset do; `preset` is the
 * procedure's last argument, so positional calls keep their meaning.
 * (Refusals, with the image unchanged, are in test-gimp-errors.c.) */
#include <string.h>

#include "gimp-batch.h"
#include "gimp-tests.h"
#include "image-io.h"

#define W 97
#define H 61

typedef struct
{
  const char *name;
  const char *args;               /* Script-Fu's arguments besides the image */
  const char *cli[6];             /* the same as `tessera render` words */
} PresetCase;

static const PresetCase cases[] = {
  /* the preset alone: its pattern, its values */
  { "alone", "#:preset \"red-brick-wall\"", { "--preset", "red-brick-wall", NULL } },
  /* what the preset keeps (the seed) and what overrides it: rings, a colour */
  { "overridden", "#:preset \"oak\" #:seed 5 #:rings 10.0 #:palette \"walnut\"",
    { "--preset", "oak", "seed=5", "rings=10", "palette=walnut", NULL } },
  /* its own pattern named too */
  { "same-pattern", "#:pattern \"stones\" #:preset \"cobblestones\" #:mortar-color '(255 255 255)",
    { "--preset", "cobblestones", "mortar-color=#ffffff", NULL } },
};

static GimpBatchResult *batch;

static const GimpBatchResult *
presets_batch (void)
{
  GString *s;

  if (batch != NULL)
    return batch;
  s = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *file = g_strdup_printf ("%s/preset-%s.png", gimp_work_dir (),
                                               cases[i].name);

      g_string_append_printf (s,
        "(tsr-out \"%s\" (tsr-try (lambda ()\n"
        "  (let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
        "    (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
        "                     %s)\n"
        "    (tsr-export img \"%s\" \"rgb8\")\n"
        "    (gimp-image-delete img) 'ok))))\n",
        cases[i].name, W, H, cases[i].args, file);
    }
  batch = gimp_batch (s->str, 120, NULL, NULL);
  g_string_free (s, TRUE);
  if (!batch->ok)
    g_error ("GIMP failed:\n%s\n%s", batch->out, batch->err);
  return batch;
}

static void
test_preset_case (gconstpointer data)
{
  const PresetCase *c = data;
  g_autofree char *status = gimp_batch_get (presets_batch (), c->name);
  g_autofree char *file = g_strdup_printf ("preset-%s.png", c->name);
  g_autofree char *cli_file = g_strdup_printf ("cli-preset-%s.png", c->name);
  g_autofree char *size = g_strdup_printf ("%dx%d", W, H);
  const char *args[G_N_ELEMENTS (c->cli) + 2];
  g_autoptr (TestImage) got = NULL;
  g_autoptr (TestImage) cli = NULL;
  gsize n_differ = 0, n = 0;
  int worst;

  if (g_strcmp0 (status, "ok") != 0)
    g_error ("%s: the call failed: %s", c->name, status);
  for (; c->cli[n] != NULL; n++)
    args[n] = c->cli[n];
  args[n++] = "--size";
  args[n++] = size;
  args[n] = NULL;
  got = test_load_work_png (file);
  cli = test_cli_render (cli_file, args);
  test_check_varied (c->name, got);
  worst = test_max_levels (got, cli, &n_differ);
  if (worst > 0)
    {
      g_autofree char *words = g_strjoinv (" ", (char **) args);

      g_error ("%s: GIMP's layer (%s) differs from `tessera render %s` in %" G_GSIZE_FORMAT
               " samples (by up to %d levels)", c->name, c->args, words, n_differ, worst);
    }
}

/* `preset` is registered last, after material-folder (pluginrc). */
static void
test_registered_last (void)
{
  g_autofree char *rc_path = NULL, *rc = NULL, *block = NULL;
  const char *at, *end, *folder, *preset;

  presets_batch ();
  rc_path = g_build_filename (gimp_profile_dir (), "pluginrc", NULL);
  g_assert_true (g_file_get_contents (rc_path, &rc, NULL, NULL));
  at = strstr (rc, "(proc-def \"plug-in-tessera\"");
  g_assert_nonnull (at);
  /* up to the next procedure (the plug-in registers plug-in-tessera-seamless
   * too) or the next plug-in */
  end = strstr (at + 1, "(proc-def ");
  if (end == NULL || (strstr (at + 1, "(plug-in-def ") != NULL
                      && strstr (at + 1, "(plug-in-def ") < end))
    end = strstr (at + 1, "(plug-in-def ");
  block = end != NULL ? g_strndup (at, (gsize) (end - at)) : g_strdup (at);
  folder = strstr (block, "\" \"material-folder\" \"");
  preset = strstr (block, "\" \"preset\" \"");
  g_assert_nonnull (folder);
  g_assert_nonnull (preset);
  g_assert_true (preset > folder);
  if (strstr (preset, "(proc-arg") != NULL)
    g_error ("pluginrc: an argument follows `preset`: new arguments go last, after it");
}

void
gimp_tests_add_presets (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/gimp/presets/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_preset_case);
    }
  g_test_add_func ("/gimp/presets/registered-last", test_registered_last);
}
