/* `tessera render --variants N | --wang corner [--terrain P] [--tiles]`:
 * the atlas's layout and pixels, the per-tile files, the Tiled tileset
 * beside a corner atlas, and bad input refused with nothing written.
 * (Whether the tiles fit each other is test-tile-sets' part; here, that
 * the corner atlas is itself a seamless arrangement.) */
#include <string.h>
#include <sys/wait.h>

#include "cli-run.h"
#include "image-decoders.h"
#include "test-helpers.h"

static const char *cli_path;

/* Runs tessera in dir with args (NULL-terminated); the exit status, and
 * stderr in *err (freed by the caller) when err is not NULL. */
static int
run_in (const char *dir, const char *const *args, char **err)
{
  GPtrArray *argv = g_ptr_array_new ();
  int wait_status = 0;
  char *out = NULL, *e = NULL;
  GError *error = NULL;

  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (dir, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &e,
                     &wait_status, &error))
    g_error ("cannot run %s: %s", cli_path, error->message);
  g_ptr_array_unref (argv);
  g_free (out);
  if (err != NULL)
    *err = e;
  else
    g_free (e);
  return cli_run_status (wait_status);
}

static float *
decode (const char *dir, const char *name, int *w, int *h)
{
  char *path = g_build_filename (dir, name, NULL);
  float *px = decode_tiff_int (path, 8, w, h);

  g_free (path);
  return px;
}

/* The core's tile, 8-bit as the CLI writes it. */
static float *
core_tile (const TsrTileId *id, int w, int h)
{
  TsrSettings s;
  TsrTexture *tex;
  float *rgba = g_new (float, 4 * w * h);

  g_assert_true (tsr_settings_init (&s, "clouds", NULL));
  tex = tsr_texture_new_tile (&s, w, h, NULL, id, NULL);
  g_assert_nonnull (tex);
  tsr_texture_set_output_levels (tex, 255);
  g_assert_true (tsr_render (tex, 0, 0, w, h, rgba, 4 * w, 1, NULL, NULL, NULL));
  tsr_texture_free (tex);
  return rgba;
}

/* Five variants: a 3 x 2 atlas, row-major, the sixth place black; each
 * tile file is its place, and the core's tile. */
static void
test_variants_atlas (void)
{
  const char *args[] = { "render", "clouds", "--size", "32x24", "--variants", "5", "--tiles",
                         "--depth", "8", "--output", "set.tif", NULL };
  char *dir = cli_run_tmpdir ();
  char *listing;
  int w, h;
  float *atlas;

  g_assert_cmpint (run_in (dir, args, NULL), ==, 0);
  listing = cli_run_listing (dir);
  g_assert_cmpstr (listing, ==, "set-tile00.tif set-tile01.tif set-tile02.tif set-tile03.tif "
                                "set-tile04.tif set.tif");
  atlas = decode (dir, "set.tif", &w, &h);
  g_assert_cmpint (w, ==, 96);
  g_assert_cmpint (h, ==, 48);
  for (int k = 0; k < 6; k++)
    {
      const int ox = (k % 3) * 32, oy = (k / 3) * 24;
      char *name = g_strdup_printf ("set-tile%02d.tif", k);
      TsrTileId id = tsr_tile_variant ((guint) k);
      float *tile = k < 5 ? decode (dir, name, &w, &h) : NULL;
      float *want = k < 5 ? core_tile (&id, 32, 24) : NULL;

      for (int y = 0; y < 24; y++)
        for (int x = 0; x < 32; x++)
          {
            const float a = atlas[4 * ((oy + y) * 96 + ox + x)];

            if (k == 5)
              g_assert_cmpfloat (a, ==, 0.0f);
            else
              {
                g_assert_cmpfloat (a, ==, tile[4 * (y * 32 + x)]);
                g_assert_cmpfloat (fabsf (a - want[4 * (y * 32 + x)]), <=, 0.5f / 255.0f + 1e-6f);
              }
          }
      g_free (tile);
      g_free (want);
      g_free (name);
    }
  g_free (atlas);
  g_free (listing);
  test_remove_tree (dir);
  g_free (dir);
}

/* The corner atlas is a de Bruijn torus: every place fits its neighbours,
 * across its wrap too, so no step between tiles is rougher than the
 * roughest inside one; the tileset names 16 distinct corner sets. */
/* The Godot TileSet beside the .tsx: the atlas, a Match Corners terrain
 * set of the two palettes, and at each place of the 4 x 4 atlas the
 * corners the .tsx gives its tile (terrain = colour - 1). */
static void
check_godot_tres (const char *dir, const char *tsx)
{
  static const char *const bit[4] = { "top_right_corner", "bottom_right_corner",
                                      "bottom_left_corner", "top_left_corner" };
  char *path = g_build_filename (dir, "t.tres", NULL), *tres;
  const char *at = tsx;
  int tiles = 0;

  g_assert_true (g_file_get_contents (path, &tres, NULL, NULL));
  g_assert_true (g_str_has_prefix (tres, "[gd_resource type=\"TileSet\" load_steps=3 format=3]"));
  g_assert_nonnull (strstr (tres, "[ext_resource type=\"Texture2D\" path=\"t.tif\""));
  g_assert_nonnull (strstr (tres, "texture_region_size = Vector2i(48, 48)"));
  g_assert_nonnull (strstr (tres, "tile_size = Vector2i(48, 48)"));
  g_assert_nonnull (strstr (tres, "terrain_set_0/mode = 1\n"));
  g_assert_nonnull (strstr (tres, "terrain_set_0/terrain_0/name = \"grass\""));
  g_assert_nonnull (strstr (tres, "terrain_set_0/terrain_1/name = \"sand\""));
  while ((at = strstr (at, "<wangtile tileid=\"")) != NULL)
    {
      int id, c[4];

      g_assert_cmpint (sscanf (at, "<wangtile tileid=\"%d\" wangid=\"0,%d,0,%d,0,%d,0,%d\"", &id,
                               &c[0], &c[1], &c[2], &c[3]), ==, 5);
      for (int b = 0; b < 4; b++)
        {
          char *want = g_strdup_printf ("\n%d:%d/0/terrains_peering_bit/%s = %d\n", id % 4,
                                        id / 4, bit[b], c[b] - 1);

          if (strstr (tres, want) == NULL)
            g_error ("t.tres lacks%s", want);
          g_free (want);
        }
      tiles++;
      at++;
    }
  g_assert_cmpint (tiles, ==, 16);
  g_free (tres);
  g_free (path);
}

static void
test_corner_atlas (void)
{
  const char *args[] = { "render", "clouds", "palette=grass", "--size", "48x48", "--wang",
                         "corner", "--terrain", "sand", "--depth", "8", "--output", "t.tif",
                         NULL };
  char *dir = cli_run_tmpdir ();
  char *listing, *tsx, *path;
  int w, h, seen = 0;
  float *atlas;

  g_assert_cmpint (run_in (dir, args, NULL), ==, 0);
  listing = cli_run_listing (dir);
  g_assert_cmpstr (listing, ==, "t.tif t.tres t.tsx");
  atlas = decode (dir, "t.tif", &w, &h);
  g_assert_cmpint (w, ==, 192);
  g_assert_cmpint (h, ==, 192);
  test_assert_atlas_seams ("corner atlas", atlas, w, h, 48, 1.25, 1e-4);
  path = g_build_filename (dir, "t.tsx", NULL);
  g_assert_true (g_file_get_contents (path, &tsx, NULL, NULL));
  g_assert_nonnull (strstr (tsx, "<image source=\"t.tif\" width=\"192\" height=\"192\"/>"));
  g_assert_nonnull (strstr (tsx, "type=\"corner\""));
  g_assert_nonnull (strstr (tsx, "<wangcolor name=\"grass\""));
  g_assert_nonnull (strstr (tsx, "<wangcolor name=\"sand\""));
  for (int index = 0; index < 16; index++)
    {
      /* wangid lists top right, bottom right, bottom left, top left */
      char *want = g_strdup_printf ("wangid=\"0,%d,0,%d,0,%d,0,%d\"", (index >> 1 & 1) + 1,
                                    (index >> 3 & 1) + 1, (index >> 2 & 1) + 1, (index & 1) + 1);

      seen += strstr (tsx, want) != NULL;
      g_free (want);
    }
  g_assert_cmpint (seen, ==, 16);
  check_godot_tres (dir, tsx);
  g_free (tsx);
  g_free (path);
  g_free (atlas);
  g_free (listing);
  test_remove_tree (dir);
  g_free (dir);
}

/* Each refused with status 2 and one line naming the problem, nothing
 * written. */
static void
test_refused (void)
{
  static const struct { const char *words, *needle; } cases[] = {
    { "clouds --variants 0", "--variants" },
    { "clouds --variants 65", "--variants" },
    { "clouds --variants x", "--variants" },
    { "clouds --wang edge", "unknown layout" },
    { "clouds --variants 2 --wang corner", "one set at a time" },
    { "clouds --tiles", "--tiles" },
    { "clouds --terrain sand", "--terrain" },
    { "clouds --wang corner --terrain nosuch", "nosuch" },
    { "clouds --variants 2 --frames 2", "--frames" },
    { "clouds --variants 2 --region 8x8+0+0", "--region" },
    { "wood cut=burl scale=24 --wang corner", "cut=burl" },
    { "simplex scale=32 --variants 2", "every lattice point" },
    { "clouds distortion=4 --variants 2", "every lattice point" },
    { "clouds tileable=false --wang corner", "tileable" },
    { "clouds map=normal --wang corner --terrain sand", "terrain" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      char *dir = cli_run_tmpdir ();
      char *line = g_strdup_printf ("render %s --size 64x64 --output x.png", cases[c].words);
      char **args = g_strsplit (line, " ", -1);
      char *err = NULL, *listing;
      const int status = run_in (dir, (const char *const *) args, &err);

      listing = cli_run_listing (dir);
      if (status != 2 || strstr (err, cases[c].needle) == NULL || strchr (err, '\n') != strrchr (err, '\n')
          || listing[0] != '\0')
        g_error ("%s: status %d, left '%s', said: %s", line, status, listing, err);
      g_free (listing);
      g_free (err);
      g_strfreev (args);
      g_free (line);
      test_remove_tree (dir);
      g_free (dir);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("TESSERA_CLI");
  g_assert_nonnull (cli_path);
  g_test_add_func ("/cli/tiles/variants-atlas", test_variants_atlas);
  g_test_add_func ("/cli/tiles/corner-atlas", test_corner_atlas);
  g_test_add_func ("/cli/tiles/refused", test_refused);
  return g_test_run ();
}
