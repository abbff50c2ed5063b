/* `tessera seamless PHOTO --material DIR/NAME [--naming N]`: every map of
 * the set tiles (the step across each edge like the steps inside), the
 * base colour is the tile itself, each engine's names and normal
 * convention.  `--variants N`, `--wang corner`, `--tiles`: the atlas and
 * tiles, the edges the same in every variant, the corner atlas seamless
 * (every tile meets its neighbours as it meets itself inside), the Tiled
 * and Godot tilesets.  Bad input refused with status 2, one line, nothing
 * written and the files already there kept. */
#include <string.h>

#include "cli-run.h"
#include "image-decoders.h"
#include "test-helpers.h"

static const char *cli_path;
static const char *photos;

static int
run (const char *const *args, char **err)
{
  return cli_run_in (cli_path, NULL, args, err);
}

static float *
read_png (const char *dir, const char *name, int *w, int *h, int *bits)
{
  char *path = g_build_filename (dir, name, NULL);
  float *px = decode_png (path, w, h, bits);

  g_free (path);
  return px;
}

/* The step across the map's wrap, both ways, is no rougher than the
 * roughest step between neighbouring lines inside it. */
static void
assert_wraps (const char *name, const float *px, int w, int h)
{
  for (int across = 0; across < 2; across++)
    {
      const int size = across ? w : h;
      const double wrap = test_line_step (px, w, h, size - 1, across);
      double inside = 0.0, mean = 0.0;

      for (int l = 0; l < size - 1; l++)
        {
          inside = MAX (inside, test_line_step (px, w, h, l, across));
          mean += test_line_step (px, w, h, l, across) / (size - 1);
        }
      g_test_message ("%s: %s wrap step %.5f, inside mean %.5f, roughest %.5f", name,
                      across ? "x" : "y", wrap, mean, inside);
      if (wrap > inside + 1e-6)
        g_error ("%s: the step across its %s edges, %.5f, passes the roughest inside, %.5f",
                 name, across ? "left and right" : "top and bottom", wrap, inside);
    }
}

static const char *const unreal_words[] = { "AO", "BaseColor", "Curvature", "Height", "Normal",
                                            "ORM", "Roughness" };

static void
test_material_tiles (void)
{
  char *dir = cli_run_tmpdir ();
  char *photo = g_build_filename (photos, "gravel.png", NULL);
  char *target = g_build_filename (dir, "gravel", NULL);
  char *tile_path = g_build_filename (dir, "tile.png", NULL);
  const char *set_args[] = { "seamless", photo, "--size", "96x80", "seed=3",
                             "--material", target, NULL };
  const char *tile_args[] = { "seamless", photo, "--size", "96x80", "seed=3",
                              "--output", tile_path, NULL };
  GString *want = g_string_new (NULL);
  char *listing;
  float *tile, *colour;
  int w, h, bits;

  g_assert_cmpint (run (set_args, NULL), ==, 0);
  for (gsize k = 0; k < G_N_ELEMENTS (unreal_words); k++)
    g_string_append_printf (want, "%sT_gravel_%s.png", k ? " " : "", unreal_words[k]);
  listing = cli_run_listing (dir);
  g_assert_cmpstr (listing, ==, want->str);
  for (gsize k = 0; k < G_N_ELEMENTS (unreal_words); k++)
    {
      char *name = g_strdup_printf ("T_gravel_%s.png", unreal_words[k]);
      float *px = read_png (dir, name, &w, &h, &bits);

      g_assert_cmpint (w, ==, 96);
      g_assert_cmpint (h, ==, 80);
      g_assert_cmpint (bits, ==, strcmp (unreal_words[k], "Height") == 0 ? 16 : 8);
      assert_wraps (name, px, w, h);
      g_free (px);
      g_free (name);
    }
  /* the base colour is the tile, pixel for pixel */
  g_assert_cmpint (run (tile_args, NULL), ==, 0);
  tile = decode_png (tile_path, &w, &h, &bits);
  colour = read_png (dir, "T_gravel_BaseColor.png", &w, &h, &bits);
  g_assert_cmpmem (tile, sizeof (float) * 4 * w * h, colour, sizeof (float) * 4 * w * h);
  g_free (tile);
  g_free (colour);
  g_free (listing);
  g_string_free (want, TRUE);
  g_free (tile_path);
  g_free (target);
  g_free (photo);
  test_remove_tree (dir);
  g_free (dir);
}

/* glTF's normal map is OpenGL's (green up), Unreal's DirectX's: the same
 * normals with green turned over. */
static void
test_naming (void)
{
  char *dir = cli_run_tmpdir ();
  char *photo = g_build_filename (photos, "grass.png", NULL);
  char *target = g_build_filename (dir, "grass", NULL);
  const char *gltf[] = { "seamless", photo, "--size", "64x64", "--material", target,
                         "--naming", "gltf", NULL };
  const char *unreal[] = { "seamless", photo, "--size", "64x64", "--material", target, NULL };
  float *up, *down;
  int w, h, bits;
  double worst = 0.0;

  g_assert_cmpint (run (gltf, NULL), ==, 0);
  g_assert_cmpint (run (unreal, NULL), ==, 0);
  up = read_png (dir, "grass_normal.png", &w, &h, &bits);
  down = read_png (dir, "T_grass_Normal.png", &w, &h, &bits);
  for (int i = 0; i < w * h; i++)
    {
      g_assert_cmpfloat (up[4 * i], ==, down[4 * i]);
      worst = MAX (worst, fabs (up[4 * i + 1] + down[4 * i + 1] - 1.0));
    }
  g_assert_cmpfloat (worst, <=, 1.01 / 255.0);
  g_assert_true (g_file_test (target, G_FILE_TEST_EXISTS) == FALSE);
  g_free (up);
  g_free (down);
  g_free (target);
  g_free (photo);
  test_remove_tree (dir);
  g_free (dir);
}


/* Pixels (x0 .. x0 + w, y0 .. y0 + h) of an RGBA image `stride` pixels
 * wide, as an image of their own. */
static float *
crop (const float *px, int stride, int x0, int y0, int w, int h)
{
  float *out = g_new (float, 4 * w * h);

  for (int y = 0; y < h; y++)
    memcpy (out + 4 * y * w, px + 4 * ((y0 + y) * stride + x0), sizeof (float) * 4 * w);
  return out;
}

/* Whether the ring `depth` deep along the edges of two tiles is the same. */
static gboolean
same_ring (const float *a, const float *b, int w, int h, int depth)
{
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if ((x < depth || y < depth || x >= w - depth || y >= h - depth)
          && memcmp (a + 4 * (y * w + x), b + 4 * (y * w + x), sizeof (float) * 4) != 0)
        return FALSE;
  return TRUE;
}

static double
differing (const float *a, const float *b, int n)
{
  int d = 0;

  for (int i = 0; i < n; i++)
    d += memcmp (a + 4 * i, b + 4 * i, sizeof (float) * 4) != 0;
  return (double) d / n;
}

/* Five variants, each in the atlas and in a file of its own: every edge
 * the same in all five (a ring of 8 pixels), each tile wraps, the insides
 * (a quarter of these small tiles at least) differ. */
static void
test_variants (void)
{
  char *dir = cli_run_tmpdir ();
  char *photo = g_build_filename (photos, "grass.png", NULL);
  char *atlas_path = g_build_filename (dir, "v.png", NULL);
  const char *args[] = { "seamless", photo, "--size", "96x80", "--variants", "5", "--tiles",
                         "--output", atlas_path, NULL };
  float *atlas, *tiles[5];
  char *listing;
  int w, h, bits;

  g_assert_cmpint (run (args, NULL), ==, 0);
  listing = cli_run_listing (dir);
  g_assert_cmpstr (listing, ==, "v-tile00.png v-tile01.png v-tile02.png v-tile03.png "
                                "v-tile04.png v.png");
  atlas = decode_png (atlas_path, &w, &h, &bits);
  g_assert_cmpint (w, ==, 3 * 96);
  g_assert_cmpint (h, ==, 2 * 80);
  for (int k = 0; k < 5; k++)
    {
      char *name = g_strdup_printf ("v-tile%02d.png", k);
      float *place = crop (atlas, w, (k % 3) * 96, (k / 3) * 80, 96, 80);
      int tw, th;

      tiles[k] = read_png (dir, name, &tw, &th, &bits);
      g_assert_cmpint (tw, ==, 96);
      g_assert_cmpint (th, ==, 80);
      g_assert_cmpmem (place, sizeof (float) * 4 * 96 * 80, tiles[k], sizeof (float) * 4 * 96 * 80);
      assert_wraps (name, tiles[k], 96, 80);
      g_assert_true (same_ring (tiles[0], tiles[k], 96, 80, 8));
      for (int m = 0; m < k; m++)
        g_assert_cmpfloat (differing (tiles[m], tiles[k], 96 * 80), >, 0.15);
      g_free (place);
      g_free (name);
    }
  for (int k = 0; k < 5; k++)
    g_free (tiles[k]);
  g_free (atlas);
  g_free (listing);
  g_free (atlas_path);
  g_free (photo);
  test_remove_tree (dir);
  g_free (dir);
}

/* The corner atlas is a de Bruijn torus of corner colours: every tile's
 * neighbours in it are ones its corners allow, so the step between
 * tiles, across the atlas's wrap too, is no rougher than the roughest
 * inside a tile; the Tiled and Godot tilesets beside it name 16 tiles. */
static void
test_corner_atlas (void)
{
  char *dir = cli_run_tmpdir ();
  char *photo = g_build_filename (photos, "gravel.png", NULL);
  char *atlas_path = g_build_filename (dir, "c.png", NULL);
  char *tsx_path = g_build_filename (dir, "c.tsx", NULL);
  char *tres_path = g_build_filename (dir, "c.tres", NULL);
  const char *args[] = { "seamless", photo, "--size", "64x64", "--wang", "corner", "seed=2",
                         "--output", atlas_path, NULL };
  char *listing, *tsx, *tres;
  float *atlas;
  int w, h, bits, tiles = 0;

  g_assert_cmpint (run (args, NULL), ==, 0);
  listing = cli_run_listing (dir);
  g_assert_cmpstr (listing, ==, "c.png c.tres c.tsx");
  atlas = decode_png (atlas_path, &w, &h, &bits);
  g_assert_cmpint (w, ==, 256);
  g_assert_cmpint (h, ==, 256);
  test_assert_atlas_seams ("corner atlas", atlas, w, h, 64, 1.0, 1e-6);
  g_assert_true (g_file_get_contents (tsx_path, &tsx, NULL, NULL));
  g_assert_nonnull (strstr (tsx, "<image source=\"c.png\" width=\"256\" height=\"256\"/>"));
  for (const char *at = tsx; (at = strstr (at, "<wangtile tileid=")) != NULL; at++)
    tiles++;
  g_assert_cmpint (tiles, ==, 16);
  g_assert_true (g_file_get_contents (tres_path, &tres, NULL, NULL));
  g_assert_nonnull (strstr (tres, "[ext_resource type=\"Texture2D\" path=\"c.png\""));
  g_free (tsx);
  g_free (tres);
  g_free (atlas);
  g_free (listing);
  g_free (tres_path);
  g_free (tsx_path);
  g_free (atlas_path);
  g_free (photo);
  test_remove_tree (dir);
  g_free (dir);
}

/* Refused with status 2, one line naming the problem, and nothing in the
 * folder changed: the files already there kept as they were. */
static void
test_refused (void)
{
  static const struct
  {
    const char *words, *says;
  } cases[] = {
    { "--material @/r --output @/x.png", "give one" },
    { "--output @/x.png --naming unreal", "--naming: only with --material" },
    { "--output @/x.png normal-strength=4", "normal-strength=4: a setting of the material maps" },
    { "--output @/x.png height-balance=0.2", "height-balance=0.2" },
    { "--material @/r height-balance=2", "height-balance: expected a number from 0 to 1" },
    { "--material @/r ao-radius=0", "ao-radius" },
    { "--material @/r palette=fire", "'palette' is not a setting of seamless tiles" },
    { "--material @/nowhere/r", "--material: folder" },
    { "--material @/r --depth 16", "--depth: a material set's formats are fixed" },
    { "--material @/r --naming {name}.png", "{map}" },
    { "--material @/r --compression 12", "--compression: expected 0 .. 9" },
    { "--material @/keep", "T_keep_Normal.png" },
    { "--output @/s.png --variants 0", "--variants: expected 1 .. 64" },
    { "--output @/s.png --variants 65", "--variants: expected 1 .. 64" },
    { "--output @/s.png --wang edge", "--wang: unknown layout 'edge'" },
    { "--output @/s.png --wang corner --variants 2", "one set at a time" },
    { "--output @/s.png --tiles", "--tiles: needs --variants or --wang" },
    { "--material @/r --variants 4", "tile sets are written with --output" },
    { "--output @/s.jpg --wang corner --size 10000x10000", "the 40000x40000 atlas" },
    { "--output @/keep.png --wang corner", "keep.tsx" },
  };
  char *dir = cli_run_tmpdir ();
  char *photo = g_build_filename (photos, "gravel.png", NULL);
  char *kept = g_build_filename (dir, "T_keep_Height.png", NULL);
  char *in_the_way = g_build_filename (dir, "T_keep_Normal.png", NULL);
  char *before;

  g_assert_true (g_file_set_contents (kept, "keep", -1, NULL));
  g_assert_cmpint (g_mkdir (in_the_way, 0755), ==, 0);
  {
    char *tsx_dir = g_build_filename (dir, "keep.tsx", NULL);

    g_assert_cmpint (g_mkdir (tsx_dir, 0755), ==, 0);
    g_free (tsx_dir);
  }
  before = cli_run_listing (dir);
  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      char **parts = g_strsplit (cases[k].words, "@", -1);
      char *words = g_strjoinv (dir, parts);
      char **split = g_strsplit (words, " ", -1);
      GPtrArray *args = g_ptr_array_new ();
      char *err = NULL, *after, *contents = NULL;

      g_ptr_array_add (args, "seamless");
      g_ptr_array_add (args, photo);
      g_ptr_array_add (args, "--size");
      g_ptr_array_add (args, "48x48");
      for (char **w = split; *w != NULL; w++)
        g_ptr_array_add (args, *w);
      g_ptr_array_add (args, NULL);
      g_assert_cmpint (run ((const char *const *) args->pdata, &err), ==, 2);
      if (strstr (err, cases[k].says) == NULL || strchr (err, '\n') != strrchr (err, '\n'))
        g_error ("'%s' said '%s', not one line with '%s'", cases[k].words, err, cases[k].says);
      after = cli_run_listing (dir);
      g_assert_cmpstr (after, ==, before);
      g_assert_true (g_file_get_contents (kept, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, "keep");
      g_free (contents);
      g_free (after);
      g_free (err);
      g_ptr_array_unref (args);
      g_strfreev (split);
      g_free (words);
      g_strfreev (parts);
    }
  g_free (before);
  g_free (in_the_way);
  g_free (kept);
  g_free (photo);
  test_remove_tree (dir);
  g_free (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("TESSERA_CLI");
  photos = g_getenv ("TESSERA_PHOTOS");
  g_assert_nonnull (cli_path);
  g_assert_nonnull (photos);
  g_test_add_func ("/seamless-sets/material-tiles", test_material_tiles);
  g_test_add_func ("/seamless-sets/naming", test_naming);
  g_test_add_func ("/seamless-sets/variants", test_variants);
  g_test_add_func ("/seamless-sets/corner-atlas", test_corner_atlas);
  g_test_add_func ("/seamless-sets/refused", test_refused);
  return g_test_run ();
}
