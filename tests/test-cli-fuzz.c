/* The `tessera` program (env TESSERA_CLI) driven with random command
 * lines: valid and invalid patterns, parameters, sizes, regions, frames,
 * formats, depths and format options, at small sizes so that every case
 * renders and writes.  Deterministic: a fixed seed and number of cases
 * (TESSERA_FUZZ_SEED, TESSERA_FUZZ_CASES to explore further); a failure
 * prints the command line to run again.
 *
 * Whatever the command line, the program must exit 0, 1 or 2 (never die
 * of a signal), print no sanitizer report, leave no hidden temporary
 * file; on exit 0 exactly the files it was asked for exist, on any other
 * exit none. */
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

/* A render command line; *output and *frames: what it asks to write. */
static GPtrArray *
render_args (GRand *rng, const char **output, int *frames)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  const TsrPattern *pattern = tsr_patterns[g_rand_int_range (rng, 0, (gint32) tsr_n_patterns)];
  const int n_params = g_rand_int_range (rng, 0, 5);

  g_ptr_array_add (argv, g_strdup (cli_path));
  g_ptr_array_add (argv, g_strdup ("render"));
  g_ptr_array_add (argv, g_strdup (wrong (rng) ? "nosuch" : pattern->name));
  for (int i = 0; i < n_params; i++)
    {
      /* the pattern's own parameters, and now and then another's */
      const TsrParamSpec *spec = &tsr_params[g_rand_int_range (rng, 0, TSR_P_COUNT)];
      char *value;

      if (!tsr_pattern_uses (pattern, spec->id) && !wrong (rng))
        continue;
      value = param_value (rng, spec);
      g_ptr_array_add (argv, g_strdup_printf ("%s=%s", spec->name, value));
      g_free (value);
    }
  add_geometry (rng, argv);
  *output = add_output (rng, argv);
  *frames = add_frames_and_threads (rng, argv);
  g_ptr_array_add (argv, NULL);
  return argv;
}

/* The names a render of output in frames frames writes, as the listing. */
static char *
expected_listing (const char *output, int frames)
{
  const char *dot = strrchr (output, '.');
  GString *s = g_string_new (NULL);

  if (frames <= 1)
    return g_strdup (output);
  for (int k = 0; k < frames; k++)
    g_string_append_printf (s, "%s%.*s-%04d%s", k ? " " : "", (int) (dot - output), output,
                            k, dot);
  return g_string_free (s, FALSE);
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

/* Runs one case in dir, checks it, counts its exit status and empties dir. */
static void
run_case (GRand *rng, const char *dir, guint index, guint32 seed, Tally *tally)
{
  const char *output = NULL;
  int frames = 1, wait_status = 0, status;
  GPtrArray *argv = render_args (rng, &output, &frames);
  char *out = NULL, *err = NULL, *listing, *line, *want;
  GError *error = NULL;

  if (!g_spawn_sync (dir, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &out, &err, &wait_status, &error))
    g_error ("cannot run %s: %s", cli_path, error->message);
  status = cli_run_status (wait_status);
  listing = cli_run_listing (dir);
  line = g_strjoinv ("' '", (char **) argv->pdata + 1);
  want = expected_listing (output, frames);

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
  if (status != 0 && listing[0] != '\0')
    FAIL ("failed but left files");
#undef FAIL
  tally->by_status[status]++;

  test_remove_tree (dir);
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_free (want);
  g_free (line);
  g_free (listing);
  g_free (out);
  g_free (err);
  g_ptr_array_unref (argv);
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
