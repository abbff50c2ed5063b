/* plug-in-tessera-seamless in the real GIMP: a photograph of tests/photos
 * loaded, the procedure called from Script-Fu, the result exported and
 * compared with `tessera seamless` run on the very pixels the layer held
 * (exported before the call): the same bits at 8-bit grey and 16-bit RGB,
 * and at another size (a new image, the layer untouched).  Bad arguments
 * fail with a message naming the problem and leave the layer as it was.
 * (/gimp/seamless/undo, in test-gimp-undo.c, presses Ctrl+Z in GIMP's
 * window: batch mode cannot undo.) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tessera.h"

#include "gimp-batch.h"
#include "gimp-tests.h"
#include "image-io.h"

typedef struct
{
  const char *name;
  const char *photo;     /* in tests/photos */
  const char *convert;   /* Scheme run on img before the call */
  const char *format;    /* the PNG export's */
  const char *args;      /* the call's arguments after the drawables */
  const char *cli[4];    /* the same for `tessera seamless` */
} SameCase;

static const SameCase same_cases[] = {
  { "grey8", "gravel.png", "#t", "gray8", "#:seed 7", { "seed=7", NULL } },
  { "rgb16", "grass.png",
    "(begin (gimp-image-convert-rgb img)"
    " (gimp-image-convert-precision img PRECISION-U16-NON-LINEAR))",
    "rgb16", "#:seed 3 #:even-light 0.5", { "seed=3", "even-light=0.5", NULL } },
  { "larger", "brick.png", "#t", "gray8", "#:seed 5 #:width 640 #:height 576",
    { "seed=5", "--size", "640x576", NULL } },
};

typedef struct
{
  const char *name;
  const char *prepare;   /* Scheme run on img first */
  const char *format;    /* the PNG exports' before and after the call */
  const char *args;
  const char *expect[2];
} BadCase;

#define TO_RGB "(gimp-image-convert-rgb img)"

static const BadCase bad_cases[] = {
  { "tile-too-small", "#t", "gray8", "#:width 8", { "tile size 8x512", "16 to 32768" } },
  { "overlap-out-of-range", "#t", "gray8", "#:overlap 0.9", { "0.9", "out of range" } },
  { "indexed",
    "(gimp-image-convert-indexed img CONVERT-DITHER-NONE CONVERT-PALETTE-GENERATE 16"
    " FALSE FALSE \"\")", "auto", "", { "invalid input arguments", "is indexed" } },
  /* the export flattens: a layer left behind would show */
  { "material-in-grey", "#t", "gray8", "#:material-layers TRUE",
    { "material layers need an RGB image", "'Background'" } },
  { "material-tile-too-large", TO_RGB, "rgb8",
    "#:material-layers TRUE #:width 20000 #:height 20000", { "20000x20000", "256 megapixels" } },
};

/* Material layers: the maps of gravel (as RGB) in unreal's names, each
 * compared with `tessera seamless --material` of the same pixels. */
#define MATERIAL_ARGS "#:seed 7 #:material-layers TRUE #:material-naming \"unreal\""

#define CALL "(plug-in-tessera-seamless #:run-mode RUN-NONINTERACTIVE #:image img " \
             "#:drawables (vector lay) "

static GimpBatchResult *batch;

static char *
photo_path (const char *name)
{
  return g_build_filename (g_getenv ("TESSERA_PHOTOS"), name, NULL);
}

/* One GIMP start for every case. */
static const GimpBatchResult *
seamless_batch (void)
{
  GString *s;

  if (batch != NULL)
    return batch;
  s = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (same_cases); i++)
    {
      const SameCase *c = &same_cases[i];
      g_autofree char *photo = photo_path (c->photo);
      const char *w = gimp_work_dir ();

      g_string_append_printf (s,
        "(tsr-out \"run-%s\" (tsr-try (lambda ()\n"
        "  (let* ((img (car (gimp-file-load RUN-NONINTERACTIVE \"%s\")))\n"
        "         (lay (vector-ref (car (gimp-image-get-layers img)) 0)))\n"
        "    %s\n"
        "    (tsr-export img \"%s/%s-photo.png\" \"%s\")\n"
        "    (let* ((made (car " CALL "%s)))\n"
        "           (new (and (integer? made) (> made 0))))\n"
        "      (tsr-out \"made-%s\" (if new 1 0))\n"
        "      (tsr-export img \"%s/%s-layer.png\" \"%s\")\n"
        "      (when new\n"
        "        (tsr-export made \"%s/%s-made.png\" \"%s\")))\n"
        "    'ok))))\n",
        c->name, photo, c->convert, w, c->name, c->format, c->args, c->name,
        w, c->name, c->format, w, c->name, c->format);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      const BadCase *c = &bad_cases[i];
      g_autofree char *photo = photo_path ("gravel.png");
      const char *w = gimp_work_dir ();

      g_string_append_printf (s,
        "(tsr-out \"run-%s\" (tsr-try (lambda ()\n"
        "  (let* ((img (car (gimp-file-load RUN-NONINTERACTIVE \"%s\")))\n"
        "         (lay (vector-ref (car (gimp-image-get-layers img)) 0)))\n"
        "    %s\n"
        "    (tsr-export img \"%s/%s-before.png\" \"%s\")\n"
        "    (tsr-out \"error-%s\" (tsr-try (lambda () " CALL "%s))))\n"
        "    (tsr-out \"layers-%s\" (vector-length (car (gimp-image-get-layers img))))\n"
        "    (tsr-export img \"%s/%s-after.png\" \"%s\")\n"
        "    'ok))))\n",
        c->name, photo, c->prepare, w, c->name, c->format, c->name, c->args, c->name,
        w, c->name, c->format);
    }
  {
    g_autofree char *photo = photo_path ("gravel.png");
    const char *w = gimp_work_dir ();

    /* each layer exported alone: the export flattens what is visible */
    g_string_append_printf (s,
      "(tsr-out \"run-material\" (tsr-try (lambda ()\n"
      "  (let* ((img (car (gimp-file-load RUN-NONINTERACTIVE \"%s\")))\n"
      "         (lay (vector-ref (car (gimp-image-get-layers img)) 0)))\n"
      "    " TO_RGB "\n"
      "    (tsr-export img \"%s/material-photo.png\" \"rgb8\")\n"
      "    " CALL MATERIAL_ARGS ")\n"
      "    (let ((layers (vector->list (car (gimp-image-get-layers img)))))\n"
      "      (tsr-out \"material-layers\" (length layers))\n"
      "      (for-each (lambda (l)\n"
      "          (for-each (lambda (o) (gimp-item-set-visible o (if (eqv? o l) TRUE FALSE)))\n"
      "                    layers)\n"
      "          (tsr-export img (string-append \"%s/layer-\" (car (gimp-item-get-name l))\n"
      "                                         \".png\") \"rgb8\"))\n"
      "        layers))\n"
      "    'ok))))\n",
      photo, w, w);
  }
  batch = gimp_batch (s->str, 300, NULL, NULL);
  g_string_free (s, TRUE);
  return batch;
}

static void
check_ran (const char *name)
{
  const GimpBatchResult *r = seamless_batch ();
  g_autofree char *key = g_strdup_printf ("run-%s", name);
  g_autofree char *ran = gimp_batch_get (r, key);

  if (g_strcmp0 (ran, "ok") != 0)
    g_error ("%s: the scenario failed: %s\n%s\n%s", name, ran, r->out, r->err);
}

TestImage *
test_cli_seamless (const char *in, const char *out, const char *const *args)
{
  g_autofree char *in_path = gimp_work_file (in);
  g_autofree char *out_path = gimp_work_file (out);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) g_getenv ("TESSERA_CLI"));
  g_ptr_array_add (argv, "seamless");
  g_ptr_array_add (argv, in_path);
  g_ptr_array_add (argv, "--output");
  g_ptr_array_add (argv, out_path);
  for (const char *const *a = args; *a; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("tessera seamless %s failed: %s", in, err);
  return test_load_work_png (out);
}

static void
test_same_as_cli (gconstpointer data)
{
  const SameCase *c = data;
  const GimpBatchResult *r = seamless_batch ();
  g_autofree char *made_key = g_strdup_printf ("made-%s", c->name);
  g_autofree char *made = NULL;
  g_autofree char *photo_png = g_strdup_printf ("%s-photo.png", c->name);
  g_autofree char *layer_png = g_strdup_printf ("%s-layer.png", c->name);
  g_autofree char *made_png = g_strdup_printf ("%s-made.png", c->name);
  g_autofree char *cli_png = g_strdup_printf ("%s-cli.png", c->name);
  g_autoptr (TestImage) photo = NULL;
  g_autoptr (TestImage) layer = NULL;
  g_autoptr (TestImage) cli = NULL;
  g_autoptr (TestImage) tile = NULL;
  gsize differ = 0;

  check_ran (c->name);
  made = gimp_batch_get (r, made_key);
  photo = test_load_work_png (photo_png);
  layer = test_load_work_png (layer_png);
  cli = test_cli_seamless (photo_png, cli_png, c->cli);
  if (c->cli[1] != NULL && strcmp (c->cli[1], "--size") == 0)
    {
      /* another size: a new image, the layer as it was */
      g_assert_cmpstr (made, ==, "1");
      test_check_same ("the layer after a call at another size", photo, layer);
      tile = test_load_work_png (made_png);
    }
  else
    {
      g_assert_cmpstr (made, ==, "0");
      tile = g_steal_pointer (&layer);
      /* not the photograph given back */
      g_assert_cmpint (test_max_levels (photo, tile, &differ), >, 0);
    }
  g_test_message ("%s: %dx%d, %d channels, %d-bit; the photograph's pixels changed: %"
                  G_GSIZE_FORMAT, c->name, tile->width, tile->height, tile->channels,
                  tile->depth, differ);
  test_check_same ("GIMP's tile against `tessera seamless`'s", cli, tile);
}

static void
test_refused (gconstpointer data)
{
  const BadCase *c = data;
  const GimpBatchResult *r = seamless_batch ();
  g_autofree char *key = g_strdup_printf ("error-%s", c->name);
  g_autofree char *message = NULL;
  g_autofree char *layers_key = NULL;
  g_autofree char *layers = NULL;
  g_autofree char *before = g_strdup_printf ("%s-before.png", c->name);
  g_autofree char *after = g_strdup_printf ("%s-after.png", c->name);
  g_autoptr (TestImage) a = NULL;
  g_autoptr (TestImage) b = NULL;

  check_ran (c->name);
  message = gimp_batch_get (r, key);
  g_assert_nonnull (message);
  if (!g_str_has_prefix (message, "(error "))
    g_error ("%s: the call succeeded (%s); it should have failed", c->name, message);
  for (guint k = 0; k < G_N_ELEMENTS (c->expect) && c->expect[k]; k++)
    if (strstr (message, c->expect[k]) == NULL)
      g_error ("%s: the message \"%s\" does not say \"%s\"", c->name, message, c->expect[k]);
  g_test_message ("%s: %s", c->name, message);
  a = test_load_work_png (before);
  b = test_load_work_png (after);
  test_check_same (c->name, a, b);
  layers_key = g_strdup_printf ("layers-%s", c->name);
  layers = gimp_batch_get (r, layers_key);
  g_assert_cmpstr (layers, ==, "1");
}

/* The tile and each of unreal's maps against the CLI's files of the same
 * pixels: every sample alike (the height, 16-bit in the file, 8-bit in
 * the layer, to half an 8-bit level and the file's rounding). */
static void
test_material_layers (void)
{
  const GimpBatchResult *r = seamless_batch ();
  const char *argv[] = { g_getenv ("TESSERA_CLI"), "seamless", NULL, "--material", NULL,
                         "--naming", "unreal", "seed=7", NULL };
  g_autofree char *photo = gimp_work_file ("material-photo.png");
  g_autofree char *folder = gimp_work_file ("cli");
  g_autofree char *set = gimp_work_file ("cli/gravel");
  g_autofree char *n = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0, maps = 0;

  check_ran ("material");
  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  argv[2] = photo;
  argv[4] = set;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                               NULL, NULL, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("tessera seamless --material failed: %s", err);
  for (int m = 0; m < TSR_MAP_COUNT; m++)
    {
      const char *word = tsr_map_kinds[m].engine_word[TSR_ENGINE_UNREAL];
      g_autofree char *layer_png = NULL;
      g_autofree char *cli_png = NULL;
      g_autoptr (TestImage) layer = NULL;
      g_autoptr (TestImage) cli = NULL;
      float worst = 0;

      if (word == NULL)
        continue;
      /* the tile keeps its layer's name ("Background", as GIMP loads a
       * PNG); the maps are named for it */
      layer_png = m == TSR_MAP_COLOR ? g_strdup ("layer-Background.png")
                                     : g_strdup_printf ("layer-T_Background_%s.png", word);
      cli_png = g_strdup_printf ("cli/T_gravel_%s.png", word);
      layer = test_load_work_png (layer_png);
      cli = test_load_work_png (cli_png);
      g_assert_cmpint (layer->width, ==, cli->width);
      g_assert_cmpint (layer->height, ==, cli->height);
      for (int y = 0; y < cli->height; y++)
        for (int x = 0; x < cli->width; x++)
          for (int c = 0; c < 3; c++)
            worst = MAX (worst, fabsf (test_image_at (layer, x, y, c)
                                       - test_image_at (cli, x, y, c)));
      g_test_message ("%s: largest difference from the CLI's %d-bit file %g",
                      word, cli->depth, worst);
      if (worst > (cli->depth == 16 ? 0.5f / 255 + 1.0f / 65535 : 0))
        g_error ("material layer %s differs from `tessera seamless --material`'s by %g",
                 word, worst);
      maps++;
    }
  n = gimp_batch_get (r, "material-layers");
  g_assert_cmpint (atoi (n), ==, maps);
}

void
gimp_tests_add_seamless (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (same_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/gimp/seamless/same-as-cli-%s",
                                               same_cases[i].name);
      g_test_add_data_func (path, &same_cases[i], test_same_as_cli);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/gimp/seamless/refused-%s", bad_cases[i].name);
      g_test_add_data_func (path, &bad_cases[i], test_refused);
    }
  g_test_add_func ("/gimp/seamless/material-layers", test_material_layers);
}
