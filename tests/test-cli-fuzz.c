/* The `tessera` program (env TESSERA_CLI) driven with random command
 * lines: valid and invalid patterns, parameters, sizes, regions, frames,
 * formats, depths and format options, tile sets (variants, corner tiles,
 * terrain, --tiles, time and rise) and material sets (with frames), at
 * small sizes so that every case renders and writes; now and then with a
 * folder in the way of one of the names it will write, or an old private
 * (0600) file there.  Deterministic: a fixed seed and number of cases
 * (TESSERA_FUZZ_SEED, TESSERA_FUZZ_CASES to explore further); a failure
 * prints the command line to run again.
 *
 * Whatever the command line, the program must exit 0, 1 or 2 (never die
 * of a signal), print no sanitizer report, leave no hidden temporary
 * file; on exit 0 exactly the files it was asked for exist (an old file
 * replaced keeps its mode), on any other exit none but what was there
 * before, unchanged; a folder in the way is refused up front (exit 2). */
#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "tessera.h"
#include "test-helpers.h"
#include "cli-run.h"

#define DEFAULT_SEED  20
#define DEFAULT_CASES 300
#define MAX_SIDE      40

static char *cli_path;

/* How often (in percent) a word is made wrong on purpose: most command
 * lines stay valid, so that most cases reach the writers. */
#define WRONG_PERCENT 4

static gboolean
wrong (GRand *rng)
{
  return g_rand_int_range (rng, 0, 100) < WRONG_PERCENT;
}

static const char *
pick (GRand *rng, const char *const *words, guint n)
{
  return words[g_rand_int_range (rng, 0, (gint32) n)];
}

#define PICK(rng, words) pick (rng, words, G_N_ELEMENTS (words))

/* A value of spec: in its range, at its ends, or (rarely) not a value. */
static char *
param_value (GRand *rng, const TsrParamSpec *spec)
{
  static const char *const bad[] = { "", "abc", "nan", "inf", "-1e999", "1e-400", "0x10", " 1" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  double v;

  if (wrong (rng))
    return g_strdup (PICK (rng, bad));
  switch (spec->type)
    {
    case TSR_TYPE_CHOICE:
      return g_strdup (spec->choices[g_rand_int_range (rng, 0, (gint32) spec->n_choices)].name);
    case TSR_TYPE_BOOL:
      return g_strdup (g_rand_boolean (rng) ? "true" : "false");
    case TSR_TYPE_COLOR:
      return g_strdup_printf ("#%06x%s", g_rand_int_range (rng, 0, 0x1000000),
                              g_rand_boolean (rng) ? "" : "80");
    case TSR_TYPE_INT:
    case TSR_TYPE_DOUBLE:
    default:
      switch (g_rand_int_range (rng, 0, 8))
        {
        case 0: v = spec->min; break;
        case 1: v = spec->max; break;
        case 2: v = spec->min + 4.9e-324; break;          /* a subnormal above 0 */
        default: v = g_rand_double_range (rng, spec->min, spec->max); break;
        }
      if (spec->type == TSR_TYPE_INT)
        v = floor (v);
      return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.17g", v));
    }
}

/* --size and --region: the texture and the part written. */
static void
add_geometry (GRand *rng, GPtrArray *argv)
{
  static const char *const bad_sizes[] = { "0x5", "5x0", "x", "12", "-3x4", "524289x1", "5x5x5" };
  const int w = g_rand_int_range (rng, 1, MAX_SIDE + 1);
  const int h = g_rand_int_range (rng, 1, MAX_SIDE + 1);

  g_ptr_array_add (argv, g_strdup ("--size"));
  g_ptr_array_add (argv, wrong (rng) ? g_strdup (PICK (rng, bad_sizes))
                                     : g_strdup_printf ("%dx%d", w, h));
  if (g_rand_int_range (rng, 0, 3) == 0)
    {
      const int rw = g_rand_int_range (rng, 1, w + 1), rh = g_rand_int_range (rng, 1, h + 1);
      /* sometimes one past the edge */
      const int rx = g_rand_int_range (rng, 0, w - rw + 1) + (wrong (rng) ? 1 : 0);
      const int ry = g_rand_int_range (rng, 0, h - rh + 1);

      g_ptr_array_add (argv, g_strdup ("--region"));
      g_ptr_array_add (argv, g_strdup_printf ("%dx%d+%d+%d", rw, rh, rx, ry));
    }
}

/* --output, --depth and the format's option; returns the output name. */
static const char *
add_output (GRand *rng, GPtrArray *argv)
{
  static const char *const names[] = {
    "out.png", "out.tif", "out.tiff", "out.exr", "out.webp", "out.jpg", "out.jpeg", "out.PNG",
  };
  static const char *const bad_names[] = { "out.bmp", "out", ".png", "" };
  static const char *const depths[] = { "8", "16", "32" };
  const char *name = wrong (rng) ? PICK (rng, bad_names) : PICK (rng, names);
  const gboolean lossy = g_str_has_suffix (name, ".webp") || g_str_has_suffix (name, ".jpg")
                         || g_str_has_suffix (name, ".jpeg");

  g_ptr_array_add (argv, g_strdup ("--output"));
  g_ptr_array_add (argv, g_strdup (name));
  if (g_rand_boolean (rng))
    {
      g_ptr_array_add (argv, g_strdup ("--depth"));
      g_ptr_array_add (argv, g_strdup (PICK (rng, depths)));
    }
  if (g_rand_int_range (rng, 0, 3) == 0)
    {
      /* the other format's option, now and then */
      const gboolean quality = wrong (rng) ? !lossy : lossy;

      g_ptr_array_add (argv, g_strdup (quality ? "--quality" : "--compression"));
      g_ptr_array_add (argv, g_strdup_printf ("%d", quality ? g_rand_int_range (rng, 1, 101)
                                                            : g_rand_int_range (rng, 0, 10)));
    }
  return name;
}

static int
add_frames_and_threads (GRand *rng, GPtrArray *argv)
{
  int frames = 1;

  if (g_rand_int_range (rng, 0, 4) == 0)
    {
      frames = wrong (rng) ? 0 : g_rand_int_range (rng, 1, 4);
      g_ptr_array_add (argv, g_strdup ("--frames"));
      g_ptr_array_add (argv, g_strdup_printf ("%d", frames));
    }
  if (g_rand_int_range (rng, 0, 4) == 0)
    {
      g_ptr_array_add (argv, g_strdup ("--threads"));
      g_ptr_array_add (argv, g_strdup_printf ("%d", g_rand_int_range (rng, 0, 4)));
    }
  return frames;
}

/* The pattern and a few of its parameters (now and then another's). */
static void
add_pattern (GRand *rng, GPtrArray *argv, const TsrPattern *pattern)
{
  const int n_params = g_rand_int_range (rng, 0, 5);

  g_ptr_array_add (argv, g_strdup (wrong (rng) ? "nosuch" : pattern->name));
  for (int i = 0; i < n_params; i++)
    {
      const TsrParamSpec *spec = &tsr_params[g_rand_int_range (rng, 0, TSR_P_COUNT)];
      char *value;

      if (!tsr_pattern_uses (pattern, spec->id) && !wrong (rng))
        continue;
      value = param_value (rng, spec);
      g_ptr_array_add (argv, g_strdup_printf ("%s=%s", spec->name, value));
      g_free (value);
    }
}

/* Output's name with "-SUFFIX" before its extension. */
static char *
numbered (const char *output, const char *suffix)
{
  const char *dot = strrchr (output, '.');
  const int stem = dot ? (int) (dot - output) : (int) strlen (output);

  return g_strdup_printf ("%.*s-%s%s", stem, output, suffix, dot ? dot : "");
}

/* One image, or its frames. */
static void
image_case (GRand *rng, GPtrArray *argv, GPtrArray *names)
{
  const char *output;
  int frames;

  add_geometry (rng, argv);
  output = add_output (rng, argv);
  frames = add_frames_and_threads (rng, argv);
  for (int k = 0; k < frames; k++)
    {
      char *n = g_strdup_printf ("%04d", k);

      g_ptr_array_add (names, frames > 1 ? numbered (output, n) : g_strdup (output));
      g_free (n);
    }
}

/* A tile set: variants or corner tiles, terrain, --tiles; time and rise
 * now and then (rise is refused: it moves the texture across the edges). */
static void
tile_set_case (GRand *rng, GPtrArray *argv, GPtrArray *names)
{
  static const char *const extras[] = { "time=0.3", "rise=1", "--tiles=no", "--frames" };
  const gboolean corners = g_rand_boolean (rng);
  const gboolean tiles = g_rand_boolean (rng);
  const int n = corners ? 16 : g_rand_int_range (rng, 1, 7);
  const int side = g_rand_int_range (rng, 24, 49);
  const char *output;
  const char *dot;

  g_ptr_array_add (argv, g_strdup ("--size"));
  g_ptr_array_add (argv, g_strdup_printf ("%dx%d", side, side + g_rand_int_range (rng, 0, 9)));
  if (corners)
    {
      g_ptr_array_add (argv, g_strdup ("--wang"));
      g_ptr_array_add (argv, g_strdup ("corner"));
      if (g_rand_boolean (rng))
        {
          g_ptr_array_add (argv, g_strdup ("--terrain"));
          g_ptr_array_add (argv, g_strdup (wrong (rng) ? "nosuch" : "sand"));
        }
    }
  else
    {
      g_ptr_array_add (argv, g_strdup ("--variants"));
      g_ptr_array_add (argv, g_strdup_printf ("%d", n));
    }
  if (tiles)
    g_ptr_array_add (argv, g_strdup ("--tiles"));
  if (wrong (rng) || g_rand_int_range (rng, 0, 8) == 0)
    {
      const char *extra = PICK (rng, extras);

      g_ptr_array_add (argv, g_strdup (extra));
      if (strcmp (extra, "--frames") == 0)
        g_ptr_array_add (argv, g_strdup ("2"));
    }
  output = add_output (rng, argv);
  dot = strrchr (output, '.');
  g_ptr_array_add (names, g_strdup (output));
  if (corners)
    {
      const int stem = dot ? (int) (dot - output) : (int) strlen (output);

      g_ptr_array_add (names, g_strdup_printf ("%.*s.tsx", stem, output));
      g_ptr_array_add (names, g_strdup_printf ("%.*s.tres", stem, output));
    }
  for (int k = 0; tiles && k < n; k++)
    {
      char *suffix = g_strdup_printf ("tile%02d", k);

      g_ptr_array_add (names, numbered (output, suffix));
      g_free (suffix);
    }
}

/* A material set (unreal's names), in frames now and then. */
static void
material_case (GRand *rng, GPtrArray *argv, GPtrArray *names)
{
  static const char *const maps[] = { "AO", "BaseColor", "Curvature", "Height", "Normal", "ORM",
                                      "Roughness" };
  const int frames = g_rand_int_range (rng, 0, 3) == 0 ? g_rand_int_range (rng, 2, 4) : 1;

  g_ptr_array_add (argv, g_strdup ("--size"));
  g_ptr_array_add (argv, g_strdup_printf ("%dx%d", g_rand_int_range (rng, 8, MAX_SIDE + 1),
                                          g_rand_int_range (rng, 8, MAX_SIDE + 1)));
  g_ptr_array_add (argv, g_strdup ("--material"));
  g_ptr_array_add (argv, g_strdup ("x"));
  if (frames > 1)
    {
      g_ptr_array_add (argv, g_strdup ("--frames"));
      g_ptr_array_add (argv, g_strdup_printf ("%d", frames));
    }
  for (int k = 0; k < frames; k++)
    for (guint m = 0; m < G_N_ELEMENTS (maps); m++)
      g_ptr_array_add (names, frames > 1 ? g_strdup_printf ("T_x_%s-%04d.png", maps[m], k)
                                         : g_strdup_printf ("T_x_%s.png", maps[m]));
}

/* A render command line; names: the files it asks to write. */
static GPtrArray *
render_args (GRand *rng, GPtrArray *names)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  const TsrPattern *pattern = tsr_patterns[g_rand_int_range (rng, 0, (gint32) tsr_n_patterns)];
  const int surface = g_rand_int_range (rng, 0, 4);

  g_ptr_array_add (argv, g_strdup (cli_path));
  g_ptr_array_add (argv, g_strdup ("render"));
  add_pattern (rng, argv, pattern);
  if (surface == 2)
    tile_set_case (rng, argv, names);
  else if (surface == 3)
    material_case (rng, argv, names);
  else
    image_case (rng, argv, names);
  g_ptr_array_add (argv, NULL);
  return argv;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* names, sorted, joined by spaces: as cli_run_listing shows them. */
static char *
expected_listing (GPtrArray *names)
{
  GString *s = g_string_new (NULL);

  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", (char *) names->pdata[i]);
  return g_string_free (s, FALSE);
}

/* Now and then something in the way of one of the names: a folder, or an
 * old private file.  What was put there (NULL: nothing); *folder says
 * which. */
static char *
put_in_the_way (GRand *rng, const char *dir, GPtrArray *names, gboolean *folder)
{
  const char *name;
  char *path;

  if (names->len == 0 || g_rand_int_range (rng, 0, 5) != 0)
    return NULL;
  name = names->pdata[g_rand_int_range (rng, 0, (gint32) names->len)];
  if (name[0] == '\0' || name[0] == '.' || strchr (name, '/') != NULL)
    return NULL;
  *folder = g_rand_boolean (rng);
  path = g_build_filename (dir, name, NULL);
  if (*folder)
    g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  else
    {
      g_assert_true (g_file_set_contents (path, "OLD", -1, NULL));
      g_assert_cmpint (g_chmod (path, 0600), ==, 0);
    }
  g_free (path);
  return g_strdup (name);
}

static gboolean
has_hidden (const char *listing)
{
  return listing[0] == '.' || strstr (listing, " .") != NULL;
}

typedef struct
{
  int by_status[3];
} Tally;

/* What became of the thing in the way (an old file's mode and text), or
 * NULL if all is as it should be after exit status. */
static const char *
check_in_the_way (const char *dir, const char *name, gboolean folder, int status)
{
  char *path = g_build_filename (dir, name, NULL), *text = NULL;
  const char *wrong_thing = NULL;
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    wrong_thing = "the thing in the way is gone";
  else if (folder)
    wrong_thing = status != 2 ? "a folder in the way was not refused up front" : NULL;
  else if ((st.st_mode & 0777) != 0600)
    wrong_thing = "an old file's mode changed";
  else if (status != 0 && (!g_file_get_contents (path, &text, NULL, NULL)
                           || strcmp (text, "OLD") != 0))
    wrong_thing = "a failed run changed an old file";
  g_free (text);
  g_free (path);
  return wrong_thing;
}

/* Runs one case in dir, checks it, counts its exit status and empties dir. */
static void
run_case (GRand *rng, const char *dir, guint index, guint32 seed, Tally *tally)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *argv = render_args (rng, names);
  gboolean folder = FALSE;
  char *in_way = put_in_the_way (rng, dir, names, &folder);
  int wait_status = 0, status;
  char *out = NULL, *err = NULL, *listing, *line, *want;
  const char *way = NULL;
  GError *error = NULL;

  if (!g_spawn_sync (dir, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &out, &err, &wait_status, &error))
    g_error ("cannot run %s: %s", cli_path, error->message);
  status = cli_run_status (wait_status);
  listing = cli_run_listing (dir);
  line = g_strjoinv ("' '", (char **) argv->pdata + 1);
  want = expected_listing (names);
  if (in_way != NULL)
    way = check_in_the_way (dir, in_way, folder, status);

#define FAIL(...) \
  g_error ("case %u of seed %u: tessera '%s': %s (exit %d, files: '%s', stderr: %s)", \
           index, seed, line, g_strdup_printf (__VA_ARGS__), status, listing, err)
  if (status < 0 || status > 2)
    FAIL ("exit status not 0, 1 or 2");
  if (strstr (err, "Sanitizer") != NULL || strstr (err, "runtime error") != NULL)
    FAIL ("a sanitizer report");
  if (has_hidden (listing))
    FAIL ("a hidden file left behind");
  if (status == 0 && strcmp (listing, want) != 0)
    FAIL ("wrote other files than '%s'", want);
  if (status != 0 && strcmp (listing, in_way != NULL ? in_way : "") != 0)
    FAIL ("failed but left files");
  if (way != NULL)
    FAIL ("'%s': %s", in_way, way);
#undef FAIL
  tally->by_status[status]++;

  test_remove_tree (dir);
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_free (in_way);
  g_free (want);
  g_free (line);
  g_free (listing);
  g_free (out);
  g_free (err);
  g_ptr_array_unref (argv);
  g_ptr_array_unref (names);
}

static guint32
env_number (const char *name, guint32 fallback)
{
  const char *text = g_getenv (name);
  guint64 v;

  if (text == NULL)
    return fallback;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &v, NULL))
    g_error ("%s: expected a number, got '%s'", name, text);
  return (guint32) v;
}

static void
test_random_command_lines (void)
{
  const guint32 seed = env_number ("TESSERA_FUZZ_SEED", DEFAULT_SEED);
  const guint32 n_cases = env_number ("TESSERA_FUZZ_CASES", DEFAULT_CASES);
  GRand *rng = g_rand_new_with_seed (seed);
  char *top = cli_run_tmpdir ();
  char *dir = g_build_filename (top, "run", NULL);
  Tally tally = { { 0 } };

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  for (guint i = 0; i < n_cases; i++)
    run_case (rng, dir, i, seed, &tally);
  g_test_message ("seed %u, %u cases: %d written, %d failed (exit 1), %d refused (exit 2)",
                  seed, n_cases, tally.by_status[0], tally.by_status[1], tally.by_status[2]);
  /* The cases must mostly reach the writers, and some be refused. */
  g_assert_cmpint (tally.by_status[0], >=, (int) n_cases / 2);
  g_assert_cmpint (tally.by_status[2], >, 0);

  test_remove_tree (top);
  g_free (dir);
  g_free (top);
  g_rand_free (rng);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("TESSERA_CLI") == NULL)
    {
      g_printerr ("test-cli-fuzz: set TESSERA_CLI to the tessera binary\n");
      return 1;
    }
  /* The cases run in a directory of their own. */
  cli_path = g_canonicalize_filename (g_getenv ("TESSERA_CLI"), NULL);
  g_test_add_func ("/cli/fuzz/random-command-lines", test_random_command_lines);
  status = g_test_run ();
  g_free (cli_path);
  return status;
}
