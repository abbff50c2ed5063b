/* Tile sets from the plug-in in the real GIMP 3 (tile-set, tile-variants,
 * tile-layout, tile-terrain): as a layer a tile, each named for its tile,
 * and as one atlas layer, with the CLI's atlas bits (`tessera render ...
 * --variants N | --wang corner`), so with its fit; the edges of the layers
 * are checked on their own too.  A request the set cannot take leaves the
 * image as it was. */
#include <stdlib.h>
#include <string.h>

#include "gimp-batch.h"
#include "gimp-tests.h"
#include "image-io.h"

#define TILE 32
#define TSR_TEST_CORNERS 16

/* Exports every layer of img, alone, as PREFIX-i.png, with its name. */
#define EXPORT_LAYERS                                                                     \
  "(define (export-layers img prefix)\n"                                                  \
  "  (let* ((layers (car (gimp-image-get-layers img))) (n (vector-length layers)))\n"     \
  "    (tsr-out (string-append prefix \"-count\") n)\n"                                   \
  "    (let loop ((i 0))\n"                                                               \
  "      (when (< i n)\n"                                                                 \
  "        (tsr-out (string-append prefix \"-name-\" (number->string i))\n"               \
  "                 (car (gimp-item-get-name (vector-ref layers i))))\n"                  \
  "        (let loop2 ((k 0))\n"                                                          \
  "          (when (< k n)\n"                                                             \
  "            (gimp-item-set-visible (vector-ref layers k) (if (= k i) TRUE FALSE))\n"   \
  "            (loop2 (+ k 1))))\n"                                                       \
  "        (tsr-export img (string-append \"%s/\" prefix \"-\" (number->string i) \".png\")\n" \
  "                    \"rgb8\")\n"                                                       \
  "        (loop (+ i 1))))))\n"

/* One call: the plug-in on a new w x h image with `args`. */
#define SET_CALL(prefix, w, h, args)                                                      \
  "(let* ((a (tsr-image " w " " h " RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n" \
  "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n" \
  "                   #:pattern \"clouds\" #:seed 4 " args ")\n"                          \
  "  (export-layers img \"" prefix "\"))\n"

/* The error of a call that must be refused, and what the image is after. */
#define REFUSED(prefix, w, h, args)                                                       \
  "(let* ((a (tsr-image " w " " h " RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n" \
  "  (tsr-out \"" prefix "-error\" (tsr-try (lambda () (plug-in-tessera\n"                \
  "    #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"             \
  "    #:pattern \"clouds\" #:seed 4 " args "))))\n"                                      \
  "  (tsr-out \"" prefix "-layers\" (vector-length (car (gimp-image-get-layers img))))\n"  \
  "  (tsr-out \"" prefix "-name\" (car (gimp-item-get-name lay)))\n"                      \
  "  (tsr-export img \"%s/" prefix "-after.png\" \"rgb8\"))\n"

static const char script_format[] =
  EXPORT_LAYERS
  SET_CALL ("corners", "32", "32", "#:tile-set \"corners\"")
  SET_CALL ("terrain", "32", "32",
            "#:palette \"grass\" #:tile-set \"corners\" #:tile-terrain \"sand\"")
  SET_CALL ("atlas", "128", "128",
            "#:palette \"grass\" #:tile-set \"corners\" #:tile-terrain \"sand\" "
            "#:tile-layout \"atlas\"")
  SET_CALL ("variants", "40", "32", "#:tile-set \"variants\" #:tile-variants 5")
  SET_CALL ("vatlas", "120", "64", "#:tile-set \"variants\" #:tile-variants 5 "
            "#:tile-layout \"atlas\"")
  REFUSED ("odd", "130", "128", "#:tile-set \"corners\" #:tile-layout \"atlas\"")
  REFUSED ("frames", "32", "32", "#:tile-set \"variants\" #:frames 2")
  REFUSED ("lone-terrain", "32", "32", "#:tile-set \"variants\" #:tile-terrain \"sand\"");

/* The place k of an atlas of tiles w x h, `columns` a row. */
static TestImage *
crop (const TestImage *atlas, int k, int columns, int w, int h)
{
  TestImage *t = g_new0 (TestImage, 1);

  t->width = w;
  t->height = h;
  t->channels = atlas->channels;
  t->depth = atlas->depth;
  t->value = g_new (float, (gsize) w * h * t->channels);
  for (int y = 0; y < h; y++)
    memcpy (t->value + (gsize) y * w * t->channels,
            atlas->value + ((gsize) ((k / columns) * h + y) * atlas->width + (k % columns) * w)
                           * atlas->channels,
            (gsize) w * t->channels * sizeof (float));
  return t;
}

static TestImage *
layer_png (const char *prefix, int i)
{
  g_autofree char *name = g_strdup_printf ("%s-%d.png", prefix, i);

  return test_load_work_png (name);
}

static char *
layer_name (const GimpBatchResult *r, const char *prefix, int i)
{
  g_autofree char *key = g_strdup_printf ("%s-name-%d", prefix, i);

  return gimp_batch_get (r, key);
}

/* The n layers of a set (the top one the last tile) are the CLI atlas'
 * places, named as `names` says; returns the largest difference. */
static int
check_layers (const GimpBatchResult *r, const char *prefix, const TestImage *cli, int n,
              int columns, int w, int h, const char *const *names)
{
  g_autofree char *key = g_strdup_printf ("%s-count", prefix);
  g_autofree char *count = gimp_batch_get (r, key);
  int worst = 0;

  g_assert_cmpint (atoi (count), ==, n);
  for (int k = 0; k < n; k++)
    {
      g_autoptr (TestImage) got = layer_png (prefix, n - 1 - k);
      g_autoptr (TestImage) want = crop (cli, k, columns, w, h);
      g_autofree char *name = layer_name (r, prefix, n - 1 - k);
      gsize n_differ;
      int d = test_max_levels (got, want, &n_differ);

      g_assert_cmpstr (name, ==, names[k]);
      if (d > 0)
        g_error ("%s layer '%s' differs from the CLI's place %d in %" G_GSIZE_FORMAT
                 " samples", prefix, name, k, n_differ);
      worst = MAX (worst, d);
    }
  return worst;
}

/* Largest difference between pixel (x, y) of a and (u, v) of b over a run
 * of `len` pixels along (dx, dy). */
static int
strip_diff (const TestImage *a, int x, int y, const TestImage *b, int u, int v, int dx, int dy,
            int len)
{
  int worst = 0;

  for (int i = 0; i < len; i++)
    for (int c = 0; c < 3; c++)
      worst = MAX (worst, ABS ((int) (test_image_at (a, x + i * dx, y + i * dy, c) * 255.0f + 0.5f)
                               - (int) (test_image_at (b, u + i * dx, v + i * dy, c) * 255.0f
                                        + 0.5f)));
  return worst;
}

/* Corner tiles whose edges have the same two corner colours have the same
 * pixels along that edge; variants all have the same edges.  The names
 * give the colours ("Corners TL TR BL BR"). */
static void
check_edges (const GimpBatchResult *r, const char *prefix, int n, int w, int h,
             gboolean corners)
{
  int worst = 0, pairs = 0;

  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
        g_autoptr (TestImage) a = layer_png (prefix, i);
        g_autoptr (TestImage) b = layer_png (prefix, j);
        g_autofree char *na = layer_name (r, prefix, i);
        g_autofree char *nb = layer_name (r, prefix, j);
        const char *ca = strrchr (na, ' ') + 1, *cb = strrchr (nb, ' ') + 1;
        /* left, right, top, bottom: the corners each runs between */
        static const int ends[4][2] = { { 0, 2 }, { 1, 3 }, { 0, 1 }, { 2, 3 } };
        const int from[4][2] = { { 0, 0 }, { w - 1, 0 }, { 0, 0 }, { 0, h - 1 } };

        for (int e = 0; e < 4; e++)
          if (!corners
              || (ca[ends[e][0]] == cb[ends[e][0]] && ca[ends[e][1]] == cb[ends[e][1]]))
            {
              const gboolean down = e < 2;
              int d = strip_diff (a, from[e][0], from[e][1], b, from[e][0], from[e][1],
                                  down ? 0 : 1, down ? 1 : 0, down ? h : w);

              worst = MAX (worst, d);
              pairs += i != j;
            }
      }
  g_test_message ("%s: %d edges of different tiles that must match: largest difference "
                  "%d levels", prefix, pairs, worst);
  g_assert_cmpint (pairs, >, 0);
  g_assert_cmpint (worst, ==, 0);
}

static void
check_refused (const GimpBatchResult *r, const char *prefix, const char *message)
{
  g_autofree char *key_e = g_strdup_printf ("%s-error", prefix);
  g_autofree char *key_l = g_strdup_printf ("%s-layers", prefix);
  g_autofree char *key_n = g_strdup_printf ("%s-name", prefix);
  g_autofree char *error = gimp_batch_get (r, key_e);
  g_autofree char *layers = gimp_batch_get (r, key_l);
  g_autofree char *name = gimp_batch_get (r, key_n);
  g_autofree char *after = g_strdup_printf ("%s-after.png", prefix);
  g_autoptr (TestImage) im = test_load_work_png (after);

  g_test_message ("%s refused: %s", prefix, error);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error, message));
  g_assert_cmpstr (layers, ==, "1");
  g_assert_cmpstr (name, ==, "bg");
  /* still the white it was filled with */
  for (int y = 0; y < im->height; y++)
    for (int x = 0; x < im->width; x++)
      g_assert_cmpfloat (test_image_at (im, x, y, 0), ==, 1.0f);
}

static void
test_tile_sets (void)
{
  const char *dir = gimp_work_dir ();
  g_autofree char *script = g_strdup_printf (script_format, dir, dir, dir, dir);
  g_autoptr (GimpBatchResult) r = gimp_batch (script, 200, NULL, NULL);
  const char *corner_args[] = { "clouds", "seed=4", "--wang", "corner", "--size", "32x32", NULL };
  const char *terrain_args[] = { "clouds", "seed=4", "palette=grass", "--wang", "corner",
                                 "--terrain", "sand", "--size", "32x32", NULL };
  const char *variant_args[] = { "clouds", "seed=4", "--variants", "5", "--size", "40x32",
                                 NULL };
  g_autoptr (TestImage) cli_corners = NULL, cli_terrain = NULL, cli_variants = NULL;
  g_autoptr (TestImage) atlas = NULL, vatlas = NULL;
  char *corner_names[TSR_TEST_CORNERS], *variant_names[5];
  gsize n_differ;

  if (!r->ok)
    g_error ("GIMP failed:\n%s\n%s", r->out, r->err);
  cli_corners = test_cli_render ("cli-corners.png", corner_args);
  cli_terrain = test_cli_render ("cli-terrain.png", terrain_args);
  cli_variants = test_cli_render ("cli-variants.png", variant_args);

  /* the CLI's atlas order: the corner codes are read back from the layer
   * names GIMP gave, and must be the 16 codes, each once (check_edges
   * then checks the pixels against them) */
  for (int k = 0; k < TSR_TEST_CORNERS; k++)
    {
      corner_names[k] = layer_name (r, "corners", TSR_TEST_CORNERS - 1 - k);
      g_assert_true (g_str_has_prefix (corner_names[k], "Corners "));
      g_assert_cmpuint (strlen (corner_names[k]), ==, strlen ("Corners 0000"));
      g_assert_cmpuint (strspn (corner_names[k] + strlen ("Corners "), "01"), ==, 4);
      for (int j = 0; j < k; j++)
        g_assert_cmpstr (corner_names[j], !=, corner_names[k]);
    }
  for (int k = 0; k < 5; k++)
    variant_names[k] = g_strdup_printf ("Variant %d", k);
  check_layers (r, "corners", cli_corners, TSR_TEST_CORNERS, 4, TILE, TILE,
                (const char *const *) corner_names);
  check_layers (r, "terrain", cli_terrain, TSR_TEST_CORNERS, 4, TILE, TILE,
                (const char *const *) corner_names);
  check_layers (r, "variants", cli_variants, 5, 3, 40, 32,
                (const char *const *) variant_names);
  check_edges (r, "corners", TSR_TEST_CORNERS, TILE, TILE, TRUE);
  check_edges (r, "variants", 5, 40, 32, FALSE);

  atlas = layer_png ("atlas", 0);
  g_assert_cmpint (test_max_levels (atlas, cli_terrain, &n_differ), ==, 0);
  vatlas = layer_png ("vatlas", 0);
  /* its sixth place is no tile: the layer keeps what it had there */
  for (int k = 0; k < 5; k++)
    {
      g_autoptr (TestImage) got = crop (vatlas, k, 3, 40, 32);
      g_autoptr (TestImage) want = crop (cli_variants, k, 3, 40, 32);

      g_assert_cmpint (test_max_levels (got, want, &n_differ), ==, 0);
    }

  check_refused (r, "odd", "does not divide");
  check_refused (r, "frames", "not with frames");
  check_refused (r, "lone-terrain", "needs tile-set \"corners\"");
  for (int k = 0; k < TSR_TEST_CORNERS; k++)
    g_free (corner_names[k]);
  for (int k = 0; k < 5; k++)
    g_free (variant_names[k]);
}

void
gimp_tests_add_tiles (void)
{
  g_test_add_func ("/gimp/tiles/sets", test_tile_sets);
}
