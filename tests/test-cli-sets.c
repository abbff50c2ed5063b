/* Sets of files written whole or not at all, and every refusal before the
 * first byte (issue 37's reproducers): tile sets (atlas, tiles, .tsx,
 * .tres), material sets, frames; folders and long names in the way, a
 * full disk (a file-size limit), modes kept, SIGKILL leaving nothing,
 * limits of size and atlas, small holes of the command line. */
#define _GNU_SOURCE   /* O_TMPFILE */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli-run.h"
#include "test-helpers.h"

static const char *cli_path;

/* The file-size limit a child runs under (0: none). */
static rlim_t fsize_limit;

static void
child_setup (gpointer data)
{
  (void) data;
  if (fsize_limit > 0)
    {
      struct rlimit r = { fsize_limit, fsize_limit };

      setrlimit (RLIMIT_FSIZE, &r);
    }
}

/* Runs tessera in dir with args (NULL-terminated); the exit status, and
 * stderr in *err (freed by the caller) when err is not NULL. */
static int
run_in (const char *dir, const char *const *args, char **err)
{
  GPtrArray *argv = g_ptr_array_new ();
  int wait_status = 0;
  char *e = NULL;
  GError *error = NULL;

  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (dir, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                     child_setup, NULL, NULL, &e, &wait_status, &error))
    g_error ("cannot run %s: %s", cli_path, error->message);
  g_ptr_array_unref (argv);
  if (err != NULL)
    *err = e;
  else
    g_free (e);
  return cli_run_status (wait_status);
}

static void
write_text (const char *dir, const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_free (path);
}

static char *
read_text (const char *dir, const char *name)
{
  char *path = g_build_filename (dir, name, NULL), *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_free (path);
  return text;
}

static void
make_dir (const char *dir, const char *name)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (path, 0755), ==, 0);
  g_free (path);
}

static void
assert_listing (const char *dir, const char *expected)
{
  char *listing = cli_run_listing (dir);

  g_assert_cmpstr (listing, ==, expected);
  g_free (listing);
}

static void
done (char *dir)
{
  test_remove_tree (dir);
  g_free (dir);
}

/* A corner set with t.tsx, t.tres or a tile's name a folder: refused
 * before anything is written, the old atlas kept. */
static void
test_tile_set_folder_in_way (void)
{
  static const char *const in_way[] = { "t.tsx", "t.tres", "t-tile05.png" };

  for (guint i = 0; i < G_N_ELEMENTS (in_way); i++)
    {
      const char *args[] = { "render", "clouds", "--size", "32x32", "--wang", "corner",
                             "--tiles", "--output", "t.png", NULL };
      char *dir = cli_run_tmpdir (), *err = NULL, *old, *expected;

      write_text (dir, "t.png", "OLD");
      make_dir (dir, in_way[i]);
      g_assert_cmpint (run_in (dir, args, &err), ==, 2);
      g_assert_nonnull (strstr (err, in_way[i]));
      old = read_text (dir, "t.png");
      g_assert_cmpstr (old, ==, "OLD");
      expected = strcmp (in_way[i], "t.png") < 0 ? g_strdup_printf ("%s t.png", in_way[i])
                                                 : g_strdup_printf ("t.png %s", in_way[i]);
      assert_listing (dir, expected);
      g_free (expected);
      g_free (old);
      g_free (err);
      done (dir);
    }
}

/* An atlas name whose .tres name is one byte too long for the folder. */
static void
test_tile_set_long_name (void)
{
  char *dir = cli_run_tmpdir ();
  char *stem = g_strnfill (255 - strlen (".png"), 'n');
  char *name = g_strconcat (stem, ".png", NULL);
  const char *args[] = { "render", "clouds", "--size", "32x32", "--wang", "corner",
                         "--output", name, NULL };
  char *err = NULL;

  g_assert_cmpint (run_in (dir, args, &err), ==, 2);
  g_assert_nonnull (strstr (err, ".tres"));
  assert_listing (dir, "");
  g_free (err);
  g_free (name);
  g_free (stem);
  done (dir);
}

/* A replaced set's files keep their modes, the tilesets too. */
static void
test_tile_set_modes (void)
{
  static const char *const files[] = { "t.png", "t.tsx", "t.tres" };
  const char *first[] = { "render", "clouds", "--size", "32x32", "--wang", "corner",
                          "--output", "t.png", NULL };
  const char *again[] = { "render", "clouds", "seed=3", "--size", "32x32", "--wang", "corner",
                          "--output", "t.png", NULL };
  char *dir = cli_run_tmpdir ();

  g_assert_cmpint (run_in (dir, first, NULL), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      char *path = g_build_filename (dir, files[i], NULL);

      g_assert_cmpint (chmod (path, 0600), ==, 0);
      g_free (path);
    }
  g_assert_cmpint (run_in (dir, again, NULL), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      char *path = g_build_filename (dir, files[i], NULL);
      struct stat st;

      g_assert_cmpint (stat (path, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 0777, ==, 0600);
      g_free (path);
    }
  assert_listing (dir, "t.png t.tres t.tsx");
  done (dir);
}

/* Frame 2's ORM name a folder: refused up front, nothing written; and the
 * unnumbered name a folder does not refuse frames. */
static void
test_material_frames_names (void)
{
  const char *three[] = { "render", "clouds", "--size", "32x32", "--frames", "3",
                          "--material", "m/x", NULL };
  const char *two[] = { "render", "clouds", "--size", "32x32", "--frames", "2",
                        "--material", "m/x", NULL };
  char *dir = cli_run_tmpdir (), *m = g_build_filename (dir, "m", NULL), *err = NULL;
  char *listing;

  make_dir (dir, "m/T_x_ORM-0002.png");
  g_assert_cmpint (run_in (dir, three, &err), ==, 2);
  g_assert_nonnull (strstr (err, "T_x_ORM-0002.png"));
  assert_listing (m, "T_x_ORM-0002.png");
  test_remove_tree (m);
  make_dir (dir, "m/T_x_AO.png");
  g_assert_cmpint (run_in (dir, two, NULL), ==, 0);
  listing = cli_run_listing (m);
  g_assert_nonnull (strstr (listing, "T_x_AO-0001.png"));
  g_assert_null (strstr (listing, " ."));
  g_free (listing);
  g_free (err);
  g_free (m);
  done (dir);
}

/* A disk that fills up (the file-size limit) part way through a material
 * set over an old one: exit 1, the message says no file was written, the
 * old set is as it was and nothing new remains. */
static void
test_material_full_disk (void)
{
  const char *old[] = { "render", "clouds", "--size", "128x128", "--material", "x", NULL };
  const char *new[] = { "render", "clouds", "seed=7", "--size", "128x128", "--material", "x",
                        NULL };
  char *dir = cli_run_tmpdir (), *err = NULL, *before, *after;
  GDir *d;
  const char *name;
  guint64 smallest = G_MAXUINT64, largest = 0;

  g_assert_cmpint (run_in (dir, old, NULL), ==, 0);
  before = cli_run_listing (dir);
  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      char *path = g_build_filename (dir, name, NULL);
      struct stat st;

      g_assert_cmpint (stat (path, &st), ==, 0);
      smallest = MIN (smallest, (guint64) st.st_size);
      largest = MAX (largest, (guint64) st.st_size);
      g_free (path);
    }
  g_dir_close (d);
  /* some maps fit under the limit, the largest does not */
  g_assert_cmpuint (smallest, <, largest);
  fsize_limit = (rlim_t) ((smallest + largest) / 2);
  g_assert_cmpint (run_in (dir, new, &err), ==, 1);
  fsize_limit = 0;
  g_assert_nonnull (strstr (err, "no file of the set was written"));
  after = cli_run_listing (dir);
  g_assert_cmpstr (after, ==, before);
  /* the old maps: the same seed renders them again byte for byte */
  {
    char *copy = cli_run_tmpdir ();
    GDir *od = g_dir_open (dir, 0, NULL);

    g_assert_cmpint (run_in (copy, old, NULL), ==, 0);
    while ((name = g_dir_read_name (od)) != NULL)
      {
        char *a, *b;
        gsize la, lb;
        char *pa = g_build_filename (dir, name, NULL), *pb = g_build_filename (copy, name, NULL);

        g_assert_true (g_file_get_contents (pa, &a, &la, NULL));
        g_assert_true (g_file_get_contents (pb, &b, &lb, NULL));
        g_assert_true (la == lb && memcmp (a, b, la) == 0);
        g_free (a);
        g_free (b);
        g_free (pa);
        g_free (pb);
      }
    g_dir_close (od);
    done (copy);
  }
  g_free (before);
  g_free (after);
  g_free (err);
  done (dir);
}

/* Whether the file system of dir makes unnamed files (O_TMPFILE). */
static gboolean
has_unnamed_files (const char *dir)
{
  int fd = open (dir, O_TMPFILE | O_RDWR, 0600);

  if (fd < 0)
    return FALSE;
  close (fd);
  return TRUE;
}

/* SIGKILL at any moment of a material set's frames leaves no hidden
 * temporary file (where the file system has unnamed files). */
static void
test_sigkill_leaves_nothing (void)
{
  char *dir = cli_run_tmpdir ();
  const char *argv[] = { cli_path, "render", "clouds", "--size", "512x512", "--frames", "4",
                         "--material", "k", NULL };
  GError *error = NULL;
  char *listing;
  int wait_status;
  GPid pid;

  if (!has_unnamed_files (dir))
    {
      g_test_skip ("no O_TMPFILE on this file system");
      done (dir);
      return;
    }
  g_assert_true (g_spawn_async (dir, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD |
                                G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  /* whenever it lands, the assertion below holds */
  g_usleep (200 * 1000);
  kill (pid, SIGKILL);
  g_assert_cmpint (waitpid (pid, &wait_status, 0), ==, pid);
  g_spawn_close_pid (pid);
  listing = cli_run_listing (dir);
  g_assert_true (listing[0] != '.' && strstr (listing, " .") == NULL);
  g_free (listing);
  done (dir);
}

/* Limits said during the argument checks, exit 2, nothing written. */
static void
test_limits_up_front (void)
{
  static const char *const cases[][3] = {
    { "131073x16", "--wang", "corner" },
    { "65537x16", "--variants", "64" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const char *args[] = { "render", "clouds", "--size", cases[c][0], cases[c][1],
                             cases[c][2], "--output", "big.png", NULL };
      char *dir = cli_run_tmpdir (), *err = NULL;

      g_assert_cmpint (run_in (dir, args, &err), ==, 2);
      g_assert_nonnull (strstr (err, "524288"));
      assert_listing (dir, "");
      g_free (err);
      done (dir);
    }
}

/* Small holes: a folder as --output with frames, "e.png/", --tiles=no,
 * rise with variants. */
static void
test_small_holes (void)
{
  static const char *const cases[][8] = {
    { "--frames", "2", "--output", "d", NULL },
    { "--frames", "2", "--output", "e.png/", NULL },
    { "--variants", "4", "--tiles=no", "--output", "v.png", NULL },
    { "rise=1", "time=0.5", "--variants", "4", "--output", "v.png", NULL },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const char *args[16] = { "render", "clouds", "--size", "64x64" };
      char *dir = cli_run_tmpdir (), *err = NULL;
      int n = 4;

      for (int i = 0; cases[c][i] != NULL; i++)
        args[n++] = cases[c][i];
      make_dir (dir, "d");
      make_dir (dir, "e.png");
      g_assert_cmpint (run_in (dir, args, &err), ==, 2);
      g_assert_cmpstr (err, !=, "");
      assert_listing (dir, "d e.png");
      g_free (err);
      done (dir);
    }
}

/* Help that cannot be written (a full device) fails. */
static void
test_help_to_full_device (void)
{
  static const char *const cases[][3] = {
    { "--help", NULL }, { "help", NULL }, { "render", "--help", NULL },
  };

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      char *cmd = g_strdup_printf ("'%s' %s %s > /dev/full", cli_path, cases[c][0],
                                   cases[c][1] ? cases[c][1] : "");
      const char *argv[] = { "/bin/sh", "-c", cmd, NULL };
      int wait_status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                                   NULL, NULL, NULL, NULL, &wait_status, NULL));
      g_assert_cmpint (cli_run_status (wait_status), ==, 1);
      g_free (cmd);
    }
}

/* Every bricks layout with the other values at their defaults renders;
 * rounded counts are said. */
static void
test_layout_defaults (void)
{
  for (int l = 0; l < TSR_BRICK_LAYOUT_COUNT; l++)
    {
      char *layout = g_strdup_printf ("layout=%s", tsr_brick_layout_choices[l].name);
      const char *args[] = { "render", "bricks", layout, "--size", "96x96", "--output", "b.png",
                             NULL };
      char *dir = cli_run_tmpdir (), *err = NULL;

      g_assert_cmpint (run_in (dir, args, &err), ==, 0);
      if (l == TSR_LAYOUT_HERRINGBONE || l == TSR_LAYOUT_BASKET)
        g_assert_nonnull (strstr (err, "laid as 4 x 8"));
      assert_listing (dir, "b.png");
      g_free (err);
      g_free (layout);
      done (dir);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("TESSERA_CLI");
  if (cli_path == NULL)
    {
      g_printerr ("TESSERA_CLI is not set\n");
      return 77;
    }
  g_test_add_func ("/cli/sets/tile-set-folder-in-way", test_tile_set_folder_in_way);
  g_test_add_func ("/cli/sets/tile-set-long-name", test_tile_set_long_name);
  g_test_add_func ("/cli/sets/tile-set-modes", test_tile_set_modes);
  g_test_add_func ("/cli/sets/material-frames-names", test_material_frames_names);
  g_test_add_func ("/cli/sets/material-full-disk", test_material_full_disk);
  g_test_add_func ("/cli/sets/sigkill-leaves-nothing", test_sigkill_leaves_nothing);
  g_test_add_func ("/cli/sets/limits-up-front", test_limits_up_front);
  g_test_add_func ("/cli/sets/small-holes", test_small_holes);
  g_test_add_func ("/cli/sets/help-to-full-device", test_help_to_full_device);
  g_test_add_func ("/cli/sets/layout-defaults", test_layout_defaults);
  return g_test_run ();
}
