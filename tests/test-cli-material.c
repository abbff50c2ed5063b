/* tessera render ... --material DIR/NAME: each engine's names and
 * channels, every file the pixels of that map rendered alone, regions,
 * threads and frames, and bad input refused before anything is written. */
#include <string.h>

#include "cli-run.h"
#include "image-decoders.h"
#include "tessera.h"
#include "test-helpers.h"

static const char *cli_path;

typedef struct
{
  int   status;
  char *err;
} Run;

/* Runs tessera with the NULL-terminated words. */
static Run
run (const char *first, ...)
{
  GPtrArray *argv = g_ptr_array_new ();
  GError *error = NULL;
  Run r = { 0 };
  int wait_status = 0;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) cli_path);
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                     NULL, &r.err, &wait_status, &error))
    g_error ("cannot run %s: %s", cli_path, error->message);
  r.status = cli_run_status (wait_status);
  g_ptr_array_unref (argv);
  return r;
}

static void
assert_ok (Run r)
{
  if (r.status != 0)
    g_error ("tessera failed (status %d): %s", r.status, r.err);
  g_free (r.err);
}

/* One expected file of a set: its name in DIR, the map it holds (as
 * map=NAME of a single render, with extra settings), depth, channels. */
typedef struct
{
  const char *file;
  const char *map;
  const char *extra;
  int         bits, channels;
} Expected;

/* The file equals the single map rendered with --output. */
static void
assert_file (const char *dir, const Expected *e, const char *pattern, const char *size)
{
  char *path = g_build_filename (dir, e->file, NULL);
  char *single = g_build_filename (dir, "single.png", NULL);
  char *map = g_strconcat ("map=", e->map, NULL);
  int w, h, bits, w1, h1, bits1;
  float *set, *alone;

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (file_channels (path), ==, e->channels);
  assert_ok (run ("render", pattern, map, e->extra, "--size", size, "--output", single,
                  "--depth", e->bits == 16 ? "16" : "8", NULL));
  set = decode_png (path, &w, &h, &bits);
  alone = decode_png (single, &w1, &h1, &bits1);
  g_assert_cmpint (bits, ==, e->bits);
  g_assert_cmpint (w, ==, w1);
  g_assert_cmpint (h, ==, h1);
  g_assert_cmpmem (set, sizeof (float) * 4 * w * h, alone, sizeof (float) * 4 * w * h);
  g_unlink (single);
  g_free (set);
  g_free (alone);
  g_free (map);
  g_free (path);
  g_free (single);
}

static void
assert_set (const char *naming, const Expected *files, guint n, const char *listing)
{
  char *dir = cli_run_tmpdir ();
  char *target = g_build_filename (dir, "stone", NULL);
  char *names;

  assert_ok (run ("render", "marble", "--size", "67x45", "--material", target, "--naming",
                  naming, NULL));
  names = cli_run_listing (dir);
  g_assert_cmpstr (names, ==, listing);
  for (guint i = 0; i < n; i++)
    assert_file (dir, &files[i], "marble", "67x45");
  test_remove_tree (dir);
  g_free (names);
  g_free (target);
  g_free (dir);
}

/* Unreal: T_ names, DirectX normals, ORM. */
static void
test_unreal (void)
{
  static const Expected files[] = {
    { "T_stone_BaseColor.png", "color", "seed=0", 8, 3 },
    { "T_stone_Normal.png", "normal", "normal-format=directx", 8, 3 },
    { "T_stone_Height.png", "height", "seed=0", 16, 1 },
    { "T_stone_Roughness.png", "roughness", "seed=0", 8, 1 },
    { "T_stone_AO.png", "ao", "seed=0", 8, 1 },
    { "T_stone_Curvature.png", "curvature", "seed=0", 8, 1 },
    { "T_stone_ORM.png", "orm", "seed=0", 8, 3 },
  };

  assert_set ("unreal", files, G_N_ELEMENTS (files),
              "T_stone_AO.png T_stone_BaseColor.png T_stone_Curvature.png T_stone_Height.png "
              "T_stone_Normal.png T_stone_ORM.png T_stone_Roughness.png");
}

/* Unity HDRP: OpenGL normals, the mask map with smoothness in alpha. */
static void
test_unity (void)
{
  static const Expected files[] = {
    { "stone_Normal.png", "normal", "normal-format=opengl", 8, 3 },
    { "stone_MaskMap.png", "mask-hdrp", "seed=0", 8, 4 },
  };

  assert_set ("unity", files, G_N_ELEMENTS (files),
              "stone_AO.png stone_BaseColor.png stone_Curvature.png stone_Height.png "
              "stone_MaskMap.png stone_Normal.png stone_Roughness.png");
}

/* glTF: occlusion, roughness and metallic in one file. */
static void
test_gltf (void)
{
  static const Expected files[] = {
    { "stone_occlusionRoughnessMetallic.png", "orm", "seed=0", 8, 3 },
    { "stone_normal.png", "normal", "normal-format=opengl", 8, 3 },
  };

  assert_set ("gltf", files, G_N_ELEMENTS (files),
              "stone_baseColor.png stone_curvature.png stone_height.png stone_normal.png "
              "stone_occlusion.png stone_occlusionRoughnessMetallic.png stone_roughness.png");
}

/* The bytes of every file in dir, by name. */
static GHashTable *
read_all (const char *dir)
{
  GHashTable *files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                 (GDestroyNotify) g_bytes_unref);
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      char *path = g_build_filename (dir, name, NULL);
      char *bytes;
      gsize length;

      g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
      g_hash_table_insert (files, g_strdup (name), g_bytes_new_take (bytes, length));
      g_free (path);
    }
  g_dir_close (d);
  return files;
}

/* --threads 1 and 3 write the same bytes; a --region is that part of the
 * whole set's maps (the occlusion's neighbourhood included). */
static void
test_threads_and_regions (void)
{
  char *dirs[3], *targets[3];
  GHashTable *one, *three;
  GHashTableIter iter;
  gpointer key, value;

  for (int i = 0; i < 3; i++)
    {
      dirs[i] = cli_run_tmpdir ();
      targets[i] = g_build_filename (dirs[i], "c", NULL);
    }
  assert_ok (run ("render", "clouds", "octaves=5", "--size", "93x130", "--material", targets[0],
                  "--naming", "{name}_{map}", "--threads", "1", NULL));
  assert_ok (run ("render", "clouds", "octaves=5", "--size", "93x130", "--material", targets[1],
                  "--naming", "{name}_{map}", "--threads", "3", NULL));
  assert_ok (run ("render", "clouds", "octaves=5", "--size", "93x130", "--material", targets[2],
                  "--naming", "{name}_{map}", "--region", "40x70+50+33", NULL));
  one = read_all (dirs[0]);
  three = read_all (dirs[1]);
  g_assert_cmpuint (g_hash_table_size (one), ==, TSR_MAP_COUNT - 1);
  g_hash_table_iter_init (&iter, one);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      char *whole_path = g_build_filename (dirs[0], key, NULL);
      char *part_path = g_build_filename (dirs[2], key, NULL);
      int w, h, bits, pw, ph, pbits;
      g_autofree float *whole = decode_png (whole_path, &w, &h, &bits);
      g_autofree float *part = decode_png (part_path, &pw, &ph, &pbits);

      g_assert_true (g_bytes_equal (value, g_hash_table_lookup (three, key)));
      g_assert_cmpint (pw, ==, 40);
      g_assert_cmpint (ph, ==, 70);
      for (int y = 0; y < ph; y++)
        g_assert_cmpmem (part + 4 * (gsize) y * pw, sizeof (float) * 4 * pw,
                         whole + 4 * ((gsize) (y + 33) * w + 50), sizeof (float) * 4 * pw);
      g_free (whole_path);
      g_free (part_path);
    }
  g_hash_table_unref (one);
  g_hash_table_unref (three);
  for (int i = 0; i < 3; i++)
    {
      test_remove_tree (dirs[i]);
      g_free (dirs[i]);
      g_free (targets[i]);
    }
}

/* --frames numbers every file of the set. */
static void
test_frames (void)
{
  char *dir = cli_run_tmpdir ();
  char *target = g_build_filename (dir, "w", NULL);
  char *names;

  assert_ok (run ("render", "water", "--size", "32x32", "--material", target, "--naming", "godot",
                  "--frames", "2", NULL));
  names = cli_run_listing (dir);
  g_assert_cmpstr (names, ==,
                   "w_albedo-0000.png w_albedo-0001.png w_ao-0000.png w_ao-0001.png "
                   "w_curvature-0000.png w_curvature-0001.png w_height-0000.png "
                   "w_height-0001.png w_normal-0000.png w_normal-0001.png w_orm-0000.png "
                   "w_orm-0001.png w_roughness-0000.png w_roughness-0001.png");
  test_remove_tree (dir);
  g_free (names);
  g_free (target);
  g_free (dir);
}

/* Exit 2, one line naming the problem, nothing written. */
static void
test_bad_input (void)
{
  char *dir = cli_run_tmpdir ();
  char *plain = g_build_filename (dir, "plain", NULL);
  char *in_plain = g_build_filename (plain, "x", NULL);
  char *missing = g_build_filename (dir, "missing", "x", NULL);
  char *target = g_build_filename (dir, "x", NULL);
  char *blocker = g_build_filename (dir, "x_ao.png", NULL);
  char *no_name = g_strconcat (dir, "/", NULL);
  const struct
  {
    const char *words[6];
    const char *named;
  } cases[] = {
    { { "--material", target, "--naming", "{name}.png" }, "{map}" },
    { { "--material", target, "--naming", "{name}_{map}.jpg" }, "PNG" },
    { { "--material", target, "--naming", "maps/{map}" }, "'/'" },
    { { "--material", missing }, "missing" },
    { { "--material", in_plain }, "not a folder" },
    { { "--material", target, "--naming", "{name}_{map}" }, "x_ao.png" },
    { { "--material", no_name }, "NAME" },
    { { "--material", target, "--output", plain }, "--output" },
    { { "--material", target, "--depth", "16" }, "--depth" },
    { { "--naming", "unreal", "--output", plain }, "--naming" },
    { { "--material", target, "--variants", "4" }, "--variants" },
    { { "--material", target, "--wang", "corner" }, "--wang" },
  };

  g_assert_true (g_file_set_contents (plain, "x", -1, NULL));
  g_assert_cmpint (g_mkdir (blocker, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *const *w = cases[i].words;
      Run r = run ("render", "clouds", "--size", "16x16", w[0], w[1], w[2], w[3], w[4], NULL);
      char *listing = cli_run_listing (dir);
      const char *nl = strchr (r.err, '\n');

      if (r.status != 2 || nl == NULL || nl[1] != '\0' || strstr (r.err, cases[i].named) == NULL)
        g_error ("case %u: status %d, expected 2 and one line naming %s: %s", i, r.status,
                 cases[i].named, r.err);
      g_assert_cmpstr (listing, ==, "plain x_ao.png");
      g_free (listing);
      g_free (r.err);
    }
  test_remove_tree (dir);
  g_free (dir);
  g_free (plain);
  g_free (in_plain);
  g_free (missing);
  g_free (target);
  g_free (blocker);
  g_free (no_name);
}

/* Runs `sh -c script DIR args...` in a mount namespace of its own; the
 * exit status. */
static int
in_mount_namespace (const char *const *unshare, const char *script, const char *dir,
                    const char *const *args, char **err)
{
  GPtrArray *argv = g_ptr_array_new ();
  GError *error = NULL;
  int wait_status = 0;

  for (const char *const *a = unshare; *a != NULL; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, (gpointer) "sh");
  g_ptr_array_add (argv, (gpointer) "-c");
  g_ptr_array_add (argv, (gpointer) script);
  g_ptr_array_add (argv, (gpointer) dir);
  for (const char *const *a = args; *a != NULL; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL,
                     G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, err,
                     &wait_status, &error))
    g_error ("cannot run unshare: %s", error->message);
  g_ptr_array_unref (argv);
  return cli_run_status (wait_status);
}

/* A folder no one can write in, root included (the tests run as root,
 * whom permission bits do not stop): a read-only tmpfs mounted over it in
 * a mount namespace of the CLI's own (as root, or as the root of a user
 * namespace).  The folder is refused before anything is rendered. */
static void
test_read_only_folder (void)
{
  static const char *const as_root[] = { "unshare", "--mount", NULL };
  static const char *const as_user[] = { "unshare", "--user", "--map-root-user", "--mount",
                                         NULL };
  static const char *const mounts[] = { "mount -t tmpfs -o ro tessera-ro \"$0\" && exec \"$@\"",
                                        NULL };
  char *dir = cli_run_tmpdir ();
  char *target = g_build_filename (dir, "x", NULL);
  const char *const probe[] = { "sh", "-c", "! touch \"$0\"/probe 2>/dev/null", dir, NULL };
  const char *const render[] = { cli_path, "render", "clouds", "--size", "16x16", "--material",
                                 target, NULL };
  const char *const *unshare = as_root;
  char *err = NULL, *listing;
  int status;

  /* the namespace and the mount, and that the mount stops a write */
  if (in_mount_namespace (unshare, mounts[0], dir, probe, &err) != 0)
    {
      g_free (err);
      unshare = as_user;
      if (in_mount_namespace (unshare, mounts[0], dir, probe, &err) != 0)
        {
          g_test_skip_printf ("no read-only mount in a namespace here: %s", err);
          g_free (err);
          test_remove_tree (dir);
          g_free (dir);
          g_free (target);
          return;
        }
    }
  g_free (err);
  status = in_mount_namespace (unshare, mounts[0], dir, render, &err);
  if (status != 2 || strchr (err, '\n') != strrchr (err, '\n')
      || strstr (err, "cannot write in folder") == NULL || strstr (err, dir) == NULL)
    g_error ("a read-only folder: status %d, expected 2 and one line naming it: %s", status,
             err);
  listing = cli_run_listing (dir);
  g_assert_cmpstr (listing, ==, "");
  g_free (listing);
  g_free (err);
  test_remove_tree (dir);
  g_free (dir);
  g_free (target);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("TESSERA_CLI");
  g_assert_nonnull (cli_path);
  g_test_add_func ("/cli/material/unreal", test_unreal);
  g_test_add_func ("/cli/material/unity", test_unity);
  g_test_add_func ("/cli/material/gltf", test_gltf);
  g_test_add_func ("/cli/material/threads-and-regions", test_threads_and_regions);
  g_test_add_func ("/cli/material/frames", test_frames);
  g_test_add_func ("/cli/material/bad-input", test_bad_input);
  g_test_add_func ("/cli/material/read-only-folder", test_read_only_folder);
  return g_test_run ();
}
