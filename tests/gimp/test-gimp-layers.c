/* The plug-in's frames and material layers in the real GIMP 3: `frames`
 * turns the layer into frame 1 and adds frames 2 .. N above it, named for
 * GIMP's animation playback ("Frame 2 (83ms)"), and `material-layers`
 * adds the height and normal maps above them; each holds the texture the
 * CLI renders with that time or map.  A channel cannot get them. */
#include <string.h>

#include "gimp-batch.h"
#include "gimp-tests.h"
#include "image-io.h"

static const char *const expected_names[] = {
  "bg normal", "bg height", "Frame 3 (83ms)", "Frame 2 (83ms)", "Frame 1 (83ms)",
};

static void
test_frames_and_material (void)
{
  const char *dir = gimp_work_dir ();
  g_autofree char *script = g_strdup_printf (
    "(let* ((a (tsr-image 64 48 RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                   #:pattern \"clouds\" #:seed 4 #:frames 3 #:material-layers TRUE)\n"
    "  (let* ((layers (car (gimp-image-get-layers img))) (n (vector-length layers)))\n"
    "    (tsr-out \"count\" n)\n"
    "    (let loop ((i 0))\n"
    "      (when (< i n)\n"
    "        (tsr-out (string-append \"name-\" (number->string i))\n"
    "                 (car (gimp-item-get-name (vector-ref layers i))))\n"
    "        (let loop2 ((k 0))\n"
    "          (when (< k n)\n"
    "            (gimp-item-set-visible (vector-ref layers k) (if (= k i) TRUE FALSE))\n"
    "            (loop2 (+ k 1))))\n"
    "        (tsr-export img (string-append \"%s/\" \"layer-\" (number->string i) \".png\") \"rgb8\")\n"
    "        (loop (+ i 1))))))\n"
    "(let* ((img (car (gimp-image-new 32 24 RGB)))\n"
    "       (ch (car (gimp-channel-new img \"mask\" 32 24 50.0 '(0 0 0)))))\n"
    "  (gimp-image-insert-channel img ch -1 0)\n"
    "  (tsr-out \"channel-error\" (tsr-try (lambda () (plug-in-tessera #:run-mode RUN-NONINTERACTIVE\n"
    "    #:image img #:drawables (vector ch) #:frames 2))))\n"
    "  (tsr-out \"channel-layers\" (vector-length (car (gimp-image-get-layers img)))))\n",
    dir);
  g_autoptr (GimpBatchResult) r = gimp_batch (script, 120, NULL, NULL);
  g_autofree char *count = gimp_batch_get (r, "count");
  g_autofree char *channel_error = gimp_batch_get (r, "channel-error");
  const char *frame2[] = { "clouds", "seed=4", "time=0.33333333333333331", "--size", "64x48", NULL };
  const char *frame3[] = { "clouds", "seed=4", "time=0.66666666666666663", "--size", "64x48", NULL };
  const char *frame1[] = { "clouds", "seed=4", "--size", "64x48", NULL };
  const char *height[] = { "clouds", "seed=4", "map=height", "--size", "64x48", NULL };
  const char *normal[] = { "clouds", "seed=4", "map=normal", "--size", "64x48", NULL };
  const char *const *want[] = { normal, height, frame3, frame2, frame1 };

  if (!r->ok)
    g_error ("GIMP failed:\n%s\n%s", r->out, r->err);
  g_assert_cmpstr (count, ==, "5");
  for (guint i = 0; i < G_N_ELEMENTS (expected_names); i++)
    {
      g_autofree char *key = g_strdup_printf ("name-%u", i);
      g_autofree char *name = gimp_batch_get (r, key);
      g_autofree char *layer_png = g_strdup_printf ("layer-%u.png", i);
      g_autofree char *cli_png = g_strdup_printf ("cli-%u.png", i);
      g_autoptr (TestImage) got = test_load_work_png (layer_png);
      g_autoptr (TestImage) cli = test_cli_render (cli_png, want[i]);
      gsize n_differ;

      g_assert_cmpstr (name, ==, expected_names[i]);
      if (test_max_levels (got, cli, &n_differ) > 0)
        g_error ("layer '%s' differs from tessera render in %" G_GSIZE_FORMAT " samples",
                 name, n_differ);
    }
  g_assert_nonnull (channel_error);
  g_assert_nonnull (strstr (channel_error, "'mask' is not a layer"));
  {
    g_autofree char *layers = gimp_batch_get (r, "channel-layers");
    g_assert_cmpstr (layers, ==, "0");
  }
}

void
gimp_tests_add_layers (void)
{
  g_test_add_func ("/gimp/layers/frames-and-material", test_frames_and_material);
}
