/* The `tessera` command-line renderer, run as a program (env TESSERA_CLI).
 *
 * What it writes is decoded here with libpng and libtiff and compared with
 * the core's own tsr_render () of the same settings: the CLI and the core
 * must agree exactly.  Patterns and parameters come from the tables, never
 * from a hand-written list. */
#define _DEFAULT_SOURCE            /* wait4 () */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <png.h>
#include <tiffio.h>
#include <half.h>

#include "tessera.h"
#include "test-helpers.h"
#include "image-decoders.h"
#include "cli-run.h"
#include "color/quantize.h"
#include "color/linear-light.h"
#include "image-format.h"
#include "presets.h"

#define OUT "@OUT@"       /* replaced by the output path of each run */

static const char *cli_path;

/* ---- running the CLI ---------------------------------------------------- */

typedef struct
{
  int   status;          /* exit status, or -signal if killed */
  char *out, *err;
} Run;

static void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

static void
child_default_signals (gpointer data)
{
  (void) data;
  signal (SIGINT, SIG_DFL);
  signal (SIGTERM, SIG_DFL);
}

/* Limits the size of files the child may write, so writing fails (EFBIG)
 * part way through.  SIGXFSZ keeps its default action (killing), as in a
 * shell's `ulimit -f`: the CLI must ignore it itself. */
static void
child_small_files (gpointer data)
{
  struct rlimit limit = { .rlim_cur = GPOINTER_TO_UINT (data), .rlim_max = GPOINTER_TO_UINT (data) };

  child_default_signals (NULL);
  signal (SIGXFSZ, SIG_DFL);
  setrlimit (RLIMIT_FSIZE, &limit);
}

/* Runs the child in the directory data, so it can be given relative names. */
static void
child_in_dir (gpointer data)
{
  child_default_signals (NULL);
  if (chdir (data) != 0)
    _exit (127);
}

/* Runs tessera with args (NULL-terminated; OUT replaced by out_path). */
static Run
run_full (const char *const *args, const char *out_path,
          GSpawnChildSetupFunc setup, gpointer setup_data)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  GError *error = NULL;
  Run r = { 0 };
  int wait_status = 0;

  g_ptr_array_add (argv, g_strdup (cli_path));
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, g_strdup (strcmp (args[i], OUT) == 0 && out_path ? out_path : args[i]));
  g_ptr_array_add (argv, NULL);

  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT,
                     setup ? setup : child_default_signals, setup_data,
                     &r.out, &r.err, &wait_status, &error))
    g_error ("cannot run %s: %s", cli_path, error->message);
  r.status = cli_run_status (wait_status);
  g_ptr_array_unref (argv);
  return r;
}

static Run
run_args (const char *const *args, const char *out_path)
{
  return run_full (args, out_path, NULL, NULL);
}

static Run
run_v (const char *first, ...)
{
  GPtrArray *args = g_ptr_array_new ();
  va_list ap;
  Run r;

  va_start (ap, first);
  for (const char *a = first; a; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  r = run_args ((const char *const *) args->pdata, NULL);
  g_ptr_array_unref (args);
  return r;
}

static void
assert_ok (const Run *r)
{
  if (r->status != 0 || r->err[0] != '\0')
    g_error ("tessera failed (status %d): %s", r->status, r->err);
}

/* Exactly one line, "tessera: ...", mentioning what. */
static void
assert_one_error_line (const Run *r, const char *what, const char *context)
{
  const char *nl = strchr (r->err, '\n');

  if (nl == NULL || nl[1] != '\0' || !g_str_has_prefix (r->err, "tessera: ") ||
      strstr (r->err, what) == NULL)
    g_error ("%s: expected one error line naming '%s', got: \"%s\"", context, what, r->err);
}

/* ---- files -------------------------------------------------------------- */

static char *
read_file (const char *path, gsize *length)
{
  char *contents = NULL;
  GError *error = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);
  return contents;
}

static void
write_file (const char *path, const char *contents)
{
  GError *error = NULL;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

/* ---- decoding ----------------------------------------------------------- */

typedef struct
{
  int      width, height;
  int      bit_depth;    /* 8 or 16 */
  int      channels;     /* 3 or 4: grey files are expanded to RGB(A) */
  int      file_channels;/* 1 grey, 2 grey + alpha, 3, 4 */
  guint16 *samples;      /* width * height * channels */
} Png;

static Png
read_png (const char *path)
{
  Png img = { 0 };
  FILE *fp = fopen (path, "rb");
  png_structp png;
  png_infop info;
  png_bytep row;
  int color_type;

  g_assert_nonnull (fp);
  png = png_create_read_struct (PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  info = png_create_info_struct (png);
  g_assert_nonnull (png);
  g_assert_nonnull (info);
  if (setjmp (png_jmpbuf (png)))
    g_error ("%s: not a valid PNG", path);

  png_init_io (png, fp);
  png_read_info (png, info);
  img.width = (int) png_get_image_width (png, info);
  img.height = (int) png_get_image_height (png, info);
  img.bit_depth = png_get_bit_depth (png, info);
  color_type = png_get_color_type (png, info);
  g_assert_true (color_type == PNG_COLOR_TYPE_RGB || color_type == PNG_COLOR_TYPE_RGB_ALPHA ||
                 color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA);
  g_assert_cmpint (png_get_interlace_type (png, info), ==, PNG_INTERLACE_NONE);
  img.file_channels = png_get_channels (png, info);
  img.channels = img.file_channels % 2 == 0 ? 4 : 3;

  img.samples = g_new (guint16, (gsize) img.width * img.height * img.channels);
  row = g_malloc (png_get_rowbytes (png, info));
  for (int y = 0; y < img.height; y++)
    {
      guint16 *dst = img.samples + (gsize) y * img.width * img.channels;

      png_read_row (png, row, NULL);
      for (int x = 0; x < img.width; x++)
        for (int c = 0; c < img.channels; c++)
          {
            /* a grey file's one sample is R, G and B, its second alpha */
            int k = img.file_channels > 2 ? c : c < 3 ? 0 : 1;
            int i = x * img.file_channels + k;
            dst[x * img.channels + c] = img.bit_depth == 16
                                        ? (guint16) (row[2 * i] << 8 | row[2 * i + 1])
                                        : row[i];
          }
    }
  png_read_end (png, NULL);
  png_destroy_read_struct (&png, &info, NULL);
  g_free (row);
  fclose (fp);
  return img;
}

static guint32
be32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
}

/* The float TIFF says its values are linear: an RGB display profile whose
 * three TRCs are identity curves (what GIMP checks before loading float
 * data as linear). */
static void
check_linear_profile (TIFF *tif)
{
  guint32 length = 0, n_tags, trcs = 0;
  const guint8 *icc = NULL;

  g_assert_true (TIFFGetField (tif, TIFFTAG_ICCPROFILE, &length, &icc));
  g_assert_cmpuint (length, >=, 132);
  g_assert_cmpuint (be32 (icc), ==, length);
  g_assert_cmpmem (icc + 12, 4, "mntr", 4);
  g_assert_cmpmem (icc + 16, 4, "RGB ", 4);
  g_assert_cmpmem (icc + 20, 4, "XYZ ", 4);
  g_assert_cmpmem (icc + 36, 4, "acsp", 4);

  n_tags = be32 (icc + 128);
  g_assert_cmpuint (132 + 12 * n_tags, <=, length);
  for (guint32 i = 0; i < n_tags; i++)
    {
      const guint8 *entry = icc + 132 + 12 * i;
      guint32 offset = be32 (entry + 4), size = be32 (entry + 8);

      g_assert_cmpuint (offset + size, <=, length);
      if (memcmp (entry, "rTRC", 4) == 0 || memcmp (entry, "gTRC", 4) == 0 ||
          memcmp (entry, "bTRC", 4) == 0)
        {
          g_assert_cmpmem (icc + offset, 4, "curv", 4);
          g_assert_cmpuint (be32 (icc + offset + 8), ==, 0);   /* identity */
          trcs++;
        }
    }
  g_assert_cmpuint (trcs, ==, 3);
}

/* A 32-bit float RGBA TIFF, as floats. */
static float *
read_tiff (const char *path, int *width, int *height)
{
  TIFF *tif = TIFFOpen (path, "r");
  guint32 w = 0, h = 0;
  guint16 bps = 0, spp = 0, format = 0, planar = 0, photometric = 0, n_extra = 0;
  guint16 *extra = NULL;
  float *pixels;

  g_assert_nonnull (tif);
  g_assert_true (TIFFGetField (tif, TIFFTAG_IMAGEWIDTH, &w));
  g_assert_true (TIFFGetField (tif, TIFFTAG_IMAGELENGTH, &h));
  g_assert_true (TIFFGetFieldDefaulted (tif, TIFFTAG_BITSPERSAMPLE, &bps));
  g_assert_true (TIFFGetFieldDefaulted (tif, TIFFTAG_SAMPLESPERPIXEL, &spp));
  g_assert_true (TIFFGetFieldDefaulted (tif, TIFFTAG_SAMPLEFORMAT, &format));
  g_assert_true (TIFFGetFieldDefaulted (tif, TIFFTAG_PLANARCONFIG, &planar));
  g_assert_true (TIFFGetField (tif, TIFFTAG_PHOTOMETRIC, &photometric));
  g_assert_true (TIFFGetField (tif, TIFFTAG_EXTRASAMPLES, &n_extra, &extra));
  g_assert_cmpuint (bps, ==, 32);
  g_assert_cmpuint (spp, ==, 4);
  g_assert_cmpuint (format, ==, SAMPLEFORMAT_IEEEFP);
  g_assert_cmpuint (planar, ==, PLANARCONFIG_CONTIG);
  g_assert_cmpuint (photometric, ==, PHOTOMETRIC_RGB);
  g_assert_cmpuint (n_extra, ==, 1);
  g_assert_cmpuint (extra[0], ==, EXTRASAMPLE_UNASSALPHA);
  g_assert_cmpint (TIFFScanlineSize (tif), ==, (tmsize_t) w * 16);
  check_linear_profile (tif);

  pixels = g_new (float, (gsize) w * h * 4);
  for (guint32 y = 0; y < h; y++)
    g_assert_cmpint (TIFFReadScanline (tif, pixels + (gsize) y * w * 4, y, 0), ==, 1);
  g_assert_cmpint (TIFFNumberOfDirectories (tif), ==, 1);
  TIFFClose (tif);

  *width = (int) w;
  *height = (int) h;
  return pixels;
}

/* ---- the core's view ---------------------------------------------------- */

/* The same settings the CLI builds from "KEY=VALUE" words. */
static TsrSettings
settings_of (const char *pattern, const char *const *assignments)
{
  TsrSettings s;
  GError *error = NULL;

  g_assert_true (tsr_settings_init (&s, pattern, &error));
  for (guint i = 0; assignments && assignments[i]; i++)
    {
      char **kv = g_strsplit (assignments[i], "=", 2);
      g_assert_true (tsr_settings_parse (&s, kv[0], kv[1], &error));
      g_assert_no_error (error);
      g_strfreev (kv);
    }
  return s;
}

static float *
render_in_process (const TsrSettings *s, int width, int height)
{
  GError *error = NULL;
  TsrTexture *tex = tsr_texture_new (s, width, height, NULL, &error);
  float *rgba;

  g_assert_no_error (error);
  rgba = g_new (float, (gsize) width * height * 4);
  g_assert_true (tsr_render (tex, 0, 0, width, height, rgba, (gsize) width * 4,
                             1, NULL, NULL, &error));
  g_assert_no_error (error);
  tsr_texture_free (tex);
  return rgba;
}

static double
srgb_to_linear (double v)
{
  return v <= 0.04045 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
}

/* A copy of extra (which may be NULL) as a NULL-terminated list.  The
 * automatic scale gives a small test image features small enough to vary
 * across it (a quarter of its shorter side), so no scale is added. */
static char **
render_words (const char *const *extra)
{
  GStrvBuilder *b = g_strv_builder_new ();
  char **strv;

  if (extra)
    g_strv_builder_addv (b, (const char **) extra);
  strv = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  return strv;
}

/* ---- tests: help, version, list ----------------------------------------- */

static void
test_help_version (void)
{
  Run r = run_v ("--version", NULL);
  char *expected = g_strdup_printf ("tessera %s\n", TESSERA_VERSION);

  assert_ok (&r);
  g_assert_cmpstr (r.out, ==, expected);
  run_clear (&r);
  g_free (expected);

  r = run_v ("--help", NULL);
  assert_ok (&r);
  for (guint i = 0; i < 6; i++)
    {
      static const char *const words[] = { "tessera list", "tessera render", "tessera sample",
                                            "--depth", "--threads", "LINEAR" };
      g_assert_nonnull (strstr (r.out, words[i]));
    }
  run_clear (&r);

  r = run_v ("render", "--help", NULL);
  assert_ok (&r);
  g_assert_nonnull (strstr (r.out, "--size WxH"));
  run_clear (&r);
}

/* An option's value that reads like an option is the value: the file
 * named "-h.png" is written, no help shown. */
static void
test_option_value_like_option (void)
{
  static const char *const names[] = { "-h.png", "--help.png", "-o.png" };
  char *dir = cli_run_tmpdir ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    for (guint o = 0; o < 2; o++)
      {
        const char *const args[] = { "render", tsr_patterns[0]->name, "--size", "3x2",
                                     o ? "-o" : "--output", names[i], NULL };
        char *path = g_build_filename (dir, names[i], NULL);
        Run r = run_full (args, NULL, child_in_dir, dir);

        assert_ok (&r);
        g_assert_cmpstr (r.out, ==, "");
        g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
        g_assert_cmpint (g_remove (path), ==, 0);
        run_clear (&r);
        g_free (path);
      }
  test_remove_tree (dir);
  g_free (dir);
}

static void
test_list (void)
{
  Run all = run_v ("list", NULL);
  Run md = run_v ("list", "--markdown", NULL);

  assert_ok (&all);
  assert_ok (&md);

  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      const TsrPattern *pattern = tsr_patterns[p];
      TsrSettings defaults = settings_of (pattern->name, NULL);
      Run one = run_v ("list", pattern->name, NULL);
      char *heading = g_strdup_printf ("%s - %s\n", pattern->name, pattern->label);
      char *md_row = g_strdup_printf ("| `%s` | %s |", pattern->name, pattern->label);

      assert_ok (&one);
      g_assert_true (g_str_has_prefix (one.out, heading));
      g_assert_nonnull (strstr (all.out, heading));
      g_assert_nonnull (strstr (one.out, pattern->description));
      g_assert_nonnull (strstr (md.out, md_row));

      /* Every parameter the pattern reads, with its default; no other. */
      for (int id = 0; id < TSR_P_COUNT; id++)
        {
          const TsrParamSpec *spec = &tsr_params[id];
          char *def = tsr_settings_format (&defaults, (TsrParamId) id);
          char *line = g_strdup_printf ("\n    %s=%s ", spec->name, def);
          char *name = g_strdup_printf ("\n    %s=", spec->name);

          if (tsr_pattern_uses (pattern, (TsrParamId) id))
            {
              if (strstr (one.out, line) == NULL)
                g_error ("'tessera list %s' lacks \"%s\"", pattern->name, line + 1);
              g_assert_nonnull (strstr (one.out, spec->description));
              for (guint c = 0; c < spec->n_choices; c++)
                g_assert_nonnull (strstr (one.out, spec->choices[c].name));
            }
          else
            g_assert_null (strstr (one.out, name));
          g_free (name);
          g_free (line);
          g_free (def);
        }
      run_clear (&one);
      g_free (md_row);
      g_free (heading);
    }

  for (int id = 0; id < TSR_P_COUNT; id++)
    {
      char *row = g_strdup_printf ("| `%s` |", tsr_params[id].name);
      g_assert_nonnull (strstr (md.out, row));
      g_free (row);
    }
  g_assert_nonnull (strstr (md.out, "| Parameter | Label | Type | Range | Default | Description |"));

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    g_assert_nonnull (strstr (all.out, tsr_basis_name ((TsrBasis) b)));

  run_clear (&all);
  run_clear (&md);
}

/* ---- tests: rendering --------------------------------------------------- */

/* Renders with the CLI into dir/name; asserts success and that nothing but
 * the output is left in dir. */
static char *
cli_render (const char *dir, const char *name, const char *pattern,
            const char *const *assignments, int width, int height,
            const char *depth, const char *threads)
{
  GPtrArray *args = g_ptr_array_new_with_free_func (g_free);
  char *path = g_build_filename (dir, name, NULL);
  char *listing;
  Run r;

  g_ptr_array_add (args, g_strdup ("render"));
  g_ptr_array_add (args, g_strdup (pattern));
  for (guint i = 0; assignments && assignments[i]; i++)
    g_ptr_array_add (args, g_strdup (assignments[i]));
  g_ptr_array_add (args, g_strdup ("--size"));
  g_ptr_array_add (args, g_strdup_printf ("%dx%d", width, height));
  g_ptr_array_add (args, g_strdup ("--output"));
  g_ptr_array_add (args, g_strdup (path));
  if (depth)
    {
      g_ptr_array_add (args, g_strdup ("--depth"));
      g_ptr_array_add (args, g_strdup (depth));
    }
  if (threads)
    {
      g_ptr_array_add (args, g_strdup ("--threads"));
      g_ptr_array_add (args, g_strdup (threads));
    }
  g_ptr_array_add (args, NULL);

  r = run_args ((const char *const *) args->pdata, NULL);
  assert_ok (&r);
  g_assert_cmpstr (r.out, ==, "");
  run_clear (&r);
  g_ptr_array_unref (args);

  /* No temporary file (.NAME.XXXXXX) left next to it. */
  listing = cli_run_listing (dir);
  if (listing[0] == '.' || strstr (listing, " .") != NULL)
    g_error ("temporary file left behind: %s", listing);
  g_free (listing);
  return path;
}

static void
check_png_matches (const char *path, const float *rgba, int width, int height, int bit_depth)
{
  Png img = read_png (path);
  guint max = bit_depth == 16 ? 65535 : 255;
  gboolean varies = FALSE;

  g_assert_cmpint (img.width, ==, width);
  g_assert_cmpint (img.height, ==, height);
  g_assert_cmpint (img.bit_depth, ==, bit_depth);

  for (gsize i = 0; i < (gsize) width * height; i++)
    {
      for (int c = 0; c < 4; c++)
        {
          guint expected = test_reference_quantize (rgba[4 * i + c], max);

          if (c == 3 && img.channels == 3)
            {
              /* RGB is only written when every pixel is opaque. */
              if (expected != max)
                g_error ("%s is RGB but pixel %" G_GSIZE_FORMAT " has alpha %g",
                         path, i, rgba[4 * i + 3]);
              continue;
            }
          if (img.samples[i * img.channels + c] != expected)
            g_error ("%s: pixel %" G_GSIZE_FORMAT " channel %d is %u, core says %u (%.9g)",
                     path, i, c, img.samples[i * img.channels + c], expected, rgba[4 * i + c]);
          if (img.samples[i * img.channels + c] != img.samples[c])
            varies = TRUE;
        }
    }
  if (!varies)
    g_error ("%s is a constant image", path);
  g_free (img.samples);
}

static void
check_tiff_matches (const char *path, const float *rgba, int width, int height)
{
  int w, h;
  float *pixels = read_tiff (path, &w, &h);
  gboolean varies = FALSE;

  g_assert_cmpint (w, ==, width);
  g_assert_cmpint (h, ==, height);
  for (gsize i = 0; i < (gsize) width * height * 4; i++)
    {
      double expected = (i % 4 == 3) ? rgba[i] : srgb_to_linear (rgba[i]);

      g_assert_true (isfinite (pixels[i]));
      g_assert_cmpfloat_with_epsilon (pixels[i], expected, 1e-6);
      if (pixels[i] != pixels[i % 4])
        varies = TRUE;
    }
  g_assert_true (varies);
  g_free (pixels);
}

/* Every pattern, at every depth, at an odd size: the files decode and are
 * the core's pixels. */
static void
test_render_formats (void)
{
  char *dir = cli_run_tmpdir ();
  const int width = 37, height = 23;

  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      const char *name = tsr_patterns[p]->name;
      char **words = render_words (NULL);
      TsrSettings s = settings_of (name, (const char *const *) words);
      float *rgba = render_in_process (&s, width, height);
      char *file8 = g_strdup_printf ("%s-8.png", name);
      char *file16 = g_strdup_printf ("%s-16.png", name);
      char *file32 = g_strdup_printf ("%s-32.tif", name);
      char *path;

      path = cli_render (dir, file8, name, (const char *const *) words, width, height, "8", NULL);
      check_png_matches (path, rgba, width, height, 8);
      g_free (path);
      path = cli_render (dir, file16, name, (const char *const *) words, width, height, "16", NULL);
      check_png_matches (path, rgba, width, height, 16);
      g_free (path);
      path = cli_render (dir, file32, name, (const char *const *) words, width, height, "32", NULL);
      check_tiff_matches (path, rgba, width, height);
      g_free (path);

      g_free (file8);
      g_free (file16);
      g_free (file32);
      g_free (rgba);
      g_strfreev (words);
    }
  test_remove_tree (dir);
  g_free (dir);
}

/* Mean and largest absolute difference over every channel. */
static void
differences (const float *a, const float *b, gsize n, double *mean, double *largest)
{
  double sum = 0;
  *largest = 0;
  for (gsize i = 0; i < n; i++)
    {
      double d = fabs ((double) a[i] - b[i]);
      sum += d;
      *largest = MAX (*largest, d);
    }
  *mean = sum / n;
}

/* Grey images are written as one grey channel where the format has one
 * (PNG, TIFF, EXR's Y, JPEG), with its exact values; height and normal
 * maps are data, so float files keep them as they are (not linear light)
 * and carry no colour profile; colours and transparency keep RGB(A). */
static void
test_grey_and_data_files (void)
{
  static const struct { const char *name, *depth; int channels; } height_files[] = {
    { "h8.png", "8", 1 }, { "h16.png", "16", 1 }, { "h8.tif", "8", 1 }, { "h16.tif", "16", 1 },
    { "h32.tif", "32", 1 }, { "h16.exr", "16", 1 }, { "h32.exr", "32", 1 },
    { "h.jpg", "8", 1 }, { "h.webp", "8", 3 },
  };
  static const struct { const char *kv, *name, *depth; int channels; } color_files[] = {
    { "palette=colors", "grey.png", NULL, 1 }, { "palette=sky", "sky.png", NULL, 3 },
    { "color1=#00000080", "translucent.png", NULL, 2 }, { "palette=colors", "grey.exr", NULL, 1 },
    { "palette=colors", "grey.tif", "16", 1 }, { "palette=sky", "sky.jpg", NULL, 3 },
    /* a colour float TIFF's profile is an RGB one */
    { "palette=colors", "grey-float.tif", "32", 4 },
  };
  const char *height_kv[] = { "map=height", "octaves=3", NULL };
  const char *normal_kv[] = { "map=normal", "octaves=3", NULL };
  char *dir = cli_run_tmpdir ();
  const int width = 37, height = 23;
  const gsize n = (gsize) width * height * 4;
  TsrSettings s = settings_of ("clouds", height_kv);
  float *core = render_in_process (&s, width, height), *got;
  char *path;
  int w, h;

  for (guint k = 0; k < G_N_ELEMENTS (height_files); k++)
    {
      path = cli_render (dir, height_files[k].name, "clouds", height_kv, width, height,
                         height_files[k].depth, NULL);
      g_assert_cmpint (file_channels (path), ==, height_files[k].channels);
      if (g_str_has_suffix (path, ".png"))
        {
          Png img = read_png (path);
          const guint max = img.bit_depth == 16 ? 65535 : 255;
          for (gsize i = 0; i < (gsize) width * height; i++)
            g_assert_cmpuint (img.samples[i * 3], ==, tsr_quantize_unit (core[i * 4], max));
          g_free (img.samples);
        }
      else if (g_str_has_suffix (path, "h8.tif") || g_str_has_suffix (path, "h16.tif"))
        {
          int bits = atoi (height_files[k].depth);
          const guint max = bits == 16 ? 65535 : 255;
          got = decode_tiff_int (path, bits, &w, &h);
          for (gsize i = 0; i < n; i++)
            g_assert_cmpuint ((guint) lrint (got[i] * max), ==, tsr_quantize_unit (core[i], max));
          g_free (got);
        }
      else if (g_str_has_suffix (path, "h32.tif"))
        g_assert_false (tiff_has_profile (path));
      else if (g_str_has_suffix (path, "h32.exr"))
        {
          /* the heights themselves, to the last bit */
          got = decode_exr (path, &w, &h);
          for (gsize i = 0; i < n; i++)
            g_assert_cmpfloat (got[i], ==, core[i]);
          g_free (got);
        }
      g_free (path);
    }
  g_free (core);

  s = settings_of ("clouds", normal_kv);
  core = render_in_process (&s, width, height);
  path = cli_render (dir, "normal.exr", "clouds", normal_kv, width, height, NULL, NULL);
  g_assert_cmpint (file_channels (path), ==, 4);
  got = decode_exr (path, &w, &h);
  for (gsize i = 0; i < n; i++)
    g_assert_cmpfloat (got[i], ==, core[i]);
  g_free (got), g_free (path), g_free (core);

  for (guint k = 0; k < G_N_ELEMENTS (color_files); k++)
    {
      const char *kv[] = { color_files[k].kv, NULL };
      path = cli_render (dir, color_files[k].name, "clouds", kv, width, height,
                         color_files[k].depth, NULL);
      g_assert_cmpint (file_channels (path), ==, color_files[k].channels);
      g_free (path);
    }

  test_remove_tree (dir);
  g_free (dir);
}

/* The extension chooses the format: integer TIFFs are the core's rounded
 * pixels, EXRs its pixels in linear light (half or float), WebP and JPEG
 * close to them (lossy); a JPEG of a translucent texture is refused. */
static void
test_render_every_format (void)
{
  static const char *const patterns[] = { "marble", "clouds", "cells" };
  static const struct
  {
    const char *name;
    float *(*decode) (const char *path, int *width, int *height);
  } lossy[] = { { "lossy.webp", decode_webp }, { "lossy.jpg", decode_jpeg } };
  char *dir = cli_run_tmpdir ();
  const int width = 37, height = 23;
  const gsize n = (gsize) width * height * 4;

  for (guint p = 0; p < G_N_ELEMENTS (patterns); p++)
    {
      const char *name = patterns[p];
      char **words = render_words (NULL);
      const char *const *kv = (const char *const *) words;
      TsrSettings s = settings_of (name, kv);
      float *core = render_in_process (&s, width, height);
      float *linear = g_new (float, n), *got;
      double mean, largest;
      char *path;
      int w, h;

      /* float files hold the core's curve, bit for bit */
      tsr_linear_light_row (core, n, TRUE, linear);

      for (int bits = 8; bits <= 16; bits += 8)
        {
          const guint max = bits == 16 ? 65535 : 255;
          path = cli_render (dir, "int.tif", name, kv, width, height, bits == 16 ? "16" : "8", NULL);
          got = decode_tiff_int (path, bits, &w, &h);
          g_assert_cmpint (w, ==, width);
          g_assert_cmpint (h, ==, height);
          for (gsize i = 0; i < n; i++)
            g_assert_cmpuint ((guint) lrint (got[i] * max), ==, tsr_quantize_unit (core[i], max));
          g_free (got), g_free (path);
        }

      path = cli_render (dir, "float.exr", name, kv, width, height, NULL, NULL);
      got = decode_exr (path, &w, &h);
      g_assert_cmpint (w, ==, width);
      g_assert_cmpint (h, ==, height);
      for (gsize i = 0; i < n; i++)
        g_assert_cmpfloat (got[i], ==, linear[i]);
      g_free (got), g_free (path);

      path = cli_render (dir, "half.exr", name, kv, width, height, "16", NULL);
      got = decode_exr (path, &w, &h);
      for (gsize i = 0; i < n; i++)
        g_assert_cmpfloat (fabs (got[i] - linear[i]), <=, 1e-3 * MAX (1.0, fabs (linear[i])));
      g_free (got), g_free (path);

      for (guint k = 0; k < G_N_ELEMENTS (lossy); k++)
        {
          path = cli_render (dir, lossy[k].name, name, kv, width, height, NULL, NULL);
          got = lossy[k].decode (path, &w, &h);
          g_assert_cmpint (w, ==, width);
          g_assert_cmpint (h, ==, height);
          differences (got, core, n, &mean, &largest);
          g_assert_cmpfloat (mean, <, 0.03);
          g_free (got), g_free (path);
        }

      g_free (linear);
      g_free (core);
      g_strfreev (words);
    }

  {
    const char *args[] = { "render", "clouds", "color1=#ff000080", "--size", "8x8",
                           "--output", OUT, NULL };
    char *target = g_build_filename (dir, "translucent.jpg", NULL);
    Run r = run_args (args, target);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "transparency"));
    g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));
    run_clear (&r);
    g_free (target);
  }
  {
    /* a map whose alpha is data: the formats that hold it, from the table */
    const char *args[] = { "render", "clouds", "map=mask-hdrp", "--size", "8x8",
                           "--output", OUT, NULL };
    char *target = g_build_filename (dir, "mask.jpg", NULL);
    char *extensions = image_format_alpha_extensions ();
    Run r = run_args (args, target);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "map=mask-hdrp keeps data in its alpha"));
    g_assert_nonnull (strstr (r.err, extensions));
    g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));
    run_clear (&r);
    g_free (extensions);
    g_free (target);
  }
  test_remove_tree (dir);
  g_free (dir);
}

/* --region renders exactly that part of the whole; regions outside the
 * texture or not WxH+X+Y are refused. */
static void
test_render_region (void)
{
  static const int regions[][4] = { { 37, 23, 0, 0 }, { 10, 5, 27, 18 }, { 1, 1, 36, 0 },
                                    { 37, 1, 0, 22 }, { 13, 11, 9, 4 } };
  static const char *const bad[] = { "10x5", "10x5+1", "10x5+-1+0", "0x5+0+0", "38x1+0+0",
                                     "10x5+30+0", "10x5+0+19", "axb+0+0", "10x5+1+2+3" };
  char *dir = cli_run_tmpdir ();
  char *path = g_build_filename (dir, "part.png", NULL);
  TsrSettings s = settings_of ("marble", NULL);
  float *whole = render_in_process (&s, 37, 23);

  for (guint k = 0; k < G_N_ELEMENTS (regions); k++)
    {
      const int w = regions[k][0], h = regions[k][1], x0 = regions[k][2], y0 = regions[k][3];
      char *geometry = g_strdup_printf ("%dx%d+%d+%d", w, h, x0, y0);
      const char *args[] = { "render", "marble", "--size", "37x23", "--region", geometry,
                             "--output", OUT, "--depth", "16", NULL };
      float *crop = g_new (float, (gsize) w * h * 4);
      Run r = run_args (args, path);

      assert_ok (&r);
      run_clear (&r);
      for (int y = 0; y < h; y++)
        memcpy (crop + (gsize) y * w * 4, whole + ((gsize) (y0 + y) * 37 + x0) * 4,
                sizeof (float) * 4 * w);
      if (w * h > 1)
        check_png_matches (path, crop, w, h, 16);
      g_free (crop);
      g_free (geometry);
    }
  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      const char *args[] = { "render", "marble", "--size", "37x23", "--region", bad[k],
                             "--output", OUT, NULL };
      Run r = run_args (args, path);
      g_assert_cmpint (r.status, ==, 2);
      assert_one_error_line (&r, "--region", bad[k]);
      run_clear (&r);
    }
  g_free (whole);
  g_free (path);
  test_remove_tree (dir);
  g_free (dir);
}

/* --frames N: N files named with a 4-digit number before the extension,
 * frame k the texture at time (time= + k / N), wrapped into the loop.
 * Every frame of a float TIFF carries its colour profile (made once a
 * process: babl cannot be started twice). */
static void
test_render_frames (void)
{
  static const struct { const char *name, *depth, *listing; } files[] = {
    { "sky.anim.png", "16", "sky.anim-0000.png sky.anim-0001.png sky.anim-0002.png" },
    { "sky.tif", "32", "sky-0000.tif sky-0001.tif sky-0002.tif" },
  };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      char *dir = cli_run_tmpdir ();
      char *path = g_build_filename (dir, files[f].name, NULL);
      const char *args[] = { "render", "clouds", "time=0.5", "--size", "29x17", "--frames", "3",
                             "--output", OUT, "--depth", files[f].depth, NULL };
      Run r = run_args (args, path);
      char **names = g_strsplit (files[f].listing, " ", -1);
      char *listing;

      assert_ok (&r);
      run_clear (&r);
      listing = cli_run_listing (dir);
      g_assert_cmpstr (listing, ==, files[f].listing);
      g_free (listing);
      for (int k = 0; k < 3; k++)
        {
          const char *start[] = { "time=0.5", NULL };
          char *frame = g_build_filename (dir, names[k], NULL);
          TsrSettings s = settings_of ("clouds", start);
          const double t = 0.5 + (double) k / 3;
          float *want;

          s.value[TSR_P_TIME] = t - floor (t);
          want = render_in_process (&s, 29, 17);
          if (f == 0)
            check_png_matches (frame, want, 29, 17, 16);
          else
            check_tiff_matches (frame, want, 29, 17);
          g_free (want);
          g_free (frame);
        }
      g_strfreev (names);
      g_free (path);
      test_remove_tree (dir);
      g_free (dir);
    }
}

/* --compression changes sizes, never pixels; --quality 100 WebP is
 * lossless; each option only for the formats that have it. */
static void
test_render_compression_quality (void)
{
  char *dir = cli_run_tmpdir ();
  TsrSettings s = settings_of ("marble", NULL);
  float *core = render_in_process (&s, 37, 23);
  static const char *const bad[][2] = { { "--compression", "x.jpg" }, { "--quality", "x.png" },
                                        { "--quality", "x.exr" }, { "--compression", "x.webp" } };
  gsize sizes[2];

  for (int k = 0; k < 2; k++)
    {
      const char *level = k ? "9" : "0";
      char *path = g_build_filename (dir, "levels.png", NULL);
      const char *args[] = { "render", "marble", "--size", "37x23", "--compression", level,
                             "--output", OUT, NULL };
      Run r = run_args (args, path);
      GStatBuf st;
      assert_ok (&r);
      run_clear (&r);
      check_png_matches (path, core, 37, 23, 8);
      g_assert_cmpint (g_stat (path, &st), ==, 0);
      sizes[k] = (gsize) st.st_size;
      g_free (path);
    }
  g_assert_cmpuint (sizes[1], <, sizes[0]);

  {
    char *path = g_build_filename (dir, "lossless.webp", NULL);
    const char *args[] = { "render", "marble", "--size", "37x23", "--quality", "100",
                           "--output", OUT, NULL };
    Run r = run_args (args, path);
    float *got;
    int w, h;
    assert_ok (&r);
    run_clear (&r);
    got = decode_webp (path, &w, &h);
    for (gsize i = 0; i < (gsize) 37 * 23 * 4; i++)
      g_assert_cmpuint ((guint) lrint (got[i] * 255), ==, tsr_quantize_unit (core[i], 255));
    g_free (got);
    g_free (path);
  }

  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      char *path = g_build_filename (dir, bad[k][1], NULL);
      const char *args[] = { "render", "marble", "--size", "8x8", bad[k][0], "5",
                             "--output", OUT, NULL };
      Run r = run_args (args, path);
      g_assert_cmpint (r.status, ==, 2);
      assert_one_error_line (&r, bad[k][0], bad[k][1]);
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      run_clear (&r);
      g_free (path);
    }
  g_free (core);
  test_remove_tree (dir);
  g_free (dir);
}

/* Other settings, tileable off, several bands, translucent colours, and
 * the default depth chosen from the name: still the core's pixels. */
static void
test_render_matches_core (void)
{
  static const char *const variants[][4] = {
    { "seed=12345", "tileable=false", NULL },
    { "seed=7", "color1=#ff000080", "color2=#00ff40", NULL },   /* RGBA */
    { "palette=fire", "reverse=true", NULL },
  };
  static const int sizes[][2] = { { 37, 23 }, { 19, 150 } };
  char *dir = cli_run_tmpdir ();

  for (guint p = 0; p < tsr_n_patterns; p++)
    for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        {
          const char *name = tsr_patterns[p]->name;
          char **words = render_words (variants[v]);
          const char *const *assignments = (const char *const *) words;
          TsrSettings s = settings_of (name, assignments);
          int w = sizes[z][0], h = sizes[z][1];
          float *rgba = render_in_process (&s, w, h);
          char *path;

          path = cli_render (dir, "out.png", name, assignments, w, h, NULL, NULL);
          check_png_matches (path, rgba, w, h, 8);
          g_free (path);

          if (z == 0 && v == 0)
            {
              path = cli_render (dir, "out.TIFF", name, assignments, w, h, NULL, NULL);
              check_tiff_matches (path, rgba, w, h);
              g_unlink (path);
              g_free (path);
            }
          g_free (rgba);
          g_strfreev (words);
        }
  test_remove_tree (dir);
  g_free (dir);
}

/* dither=true: the CLI dithers for the file's depth, as the core does
 * when told the output's levels (and the dither does change the bytes). */
static void
test_render_dither (void)
{
  static const char *const kv[] = { "scale=16384", "tileable=false", "dither=true", NULL };
  static const struct { const char *depth; guint levels; } depths[] = {
    { "8", 255 }, { "16", 65535 },
  };
  const int w = 64, h = 40;
  TsrSettings s = settings_of ("perlin", kv);
  char *dir = cli_run_tmpdir ();

  for (guint d = 0; d < G_N_ELEMENTS (depths); d++)
    {
      TsrTexture *tex = tsr_texture_new (&s, w, h, NULL, NULL);
      float *rgba = g_new (float, (gsize) w * h * 4), *plain = render_in_process (&s, w, h);
      char *path = cli_render (dir, "dither.png", "perlin", kv, w, h, depths[d].depth, NULL);
      int changed = 0;

      tsr_texture_set_output_levels (tex, depths[d].levels);
      g_assert_true (tsr_render (tex, 0, 0, w, h, rgba, (gsize) w * 4, 1, NULL, NULL, NULL));
      check_png_matches (path, rgba, w, h, depths[d].depth[0] == '8' ? 8 : 16);
      for (int i = 0; i < w * h * 4; i++)
        changed += tsr_quantize_unit (rgba[i], depths[d].levels)
                   != tsr_quantize_unit (plain[i], depths[d].levels);
      g_assert_cmpint (changed, >, w * h / 10);
      g_free (path);
      g_free (rgba);
      g_free (plain);
      tsr_texture_free (tex);
    }
  test_remove_tree (dir);
  g_free (dir);
}

static void
test_render_threads (void)
{
  char *dir = cli_run_tmpdir ();

  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      const char *name = tsr_patterns[p]->name;
      static const char *const depths[] = { "8", "32" };
      char **words = render_words (NULL);

      for (guint d = 0; d < G_N_ELEMENTS (depths); d++)
        {
          const char *ext = d ? "tif" : "png";
          char *n1 = g_strdup_printf ("t1.%s", ext), *n2 = g_strdup_printf ("t2.%s", ext);
          char *n0 = g_strdup_printf ("t0.%s", ext);
          char *a = cli_render (dir, n1, name, (const char *const *) words, 131, 141, depths[d], "1");
          char *b = cli_render (dir, n2, name, (const char *const *) words, 131, 141, depths[d], "2");
          char *c = cli_render (dir, n0, name, (const char *const *) words, 131, 141, depths[d], "0");
          gsize la, lb, lc;
          char *ca = read_file (a, &la), *cb = read_file (b, &lb), *cc = read_file (c, &lc);

          g_assert_cmpmem (ca, la, cb, lb);
          g_assert_cmpmem (ca, la, cc, lc);
          g_free (ca); g_free (cb); g_free (cc);
          g_free (a); g_free (b); g_free (c);
          g_free (n0); g_free (n1); g_free (n2);
        }
      g_strfreev (words);
    }
  test_remove_tree (dir);
  g_free (dir);
}

/* EXR chunks and TIFF strips are made on the workers, band by band:
 * whatever the band count, the last chunk's or strip's height, the
 * compression or the thread count, the file decodes to the core's pixels
 * (integers rounded by the quantiser; floats in linear light, halves
 * rounded as OpenEXR rounds) and its bytes do not depend on --threads. */
static void
test_render_chunked_formats (void)
{
  /* One band and a short chunk; two bands (1776 rows) and a short last
   * chunk; several bands of 224 rows; translucent colours (RGBA TIFFs);
   * opaque colours (an EXR's constant alpha, coded as repetition).  Clouds:
   * the cheapest pattern with colours and alpha, whose pattern does not
   * matter.  Each size takes each format at one compression level, in
   * turn: every size meets every level and every format every level, in
   * 75 renders rather than 225. */
  static const int sizes[][3] = { { 1, 20, 0 }, { 37, 3000, 0 }, { 300, 500, 0 },
                                  { 37, 400, 1 }, { 300, 70, 2 } };
  static const char *const colours[][2] = { { NULL }, { "color1=#ff000080", NULL },
                                            { "palette=sky", NULL } };
  static const struct { const char *ext; int bits; } formats[] = {
    { "exr", 16 }, { "exr", 32 }, { "tif", 8 }, { "tif", 16 }, { "tif", 32 },
  };
  static const char *const levels[] = { NULL, "0", "6" };
  char *dir = cli_run_tmpdir ();

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
      {
        const guint l = (k + f) % G_N_ELEMENTS (levels);
        char **words = render_words (colours[sizes[k][2]]);
        const char *const *kv = (const char *const *) words;
        TsrSettings s = settings_of ("clouds", kv);
        const int width = sizes[k][0], height = sizes[k][1], bits = formats[f].bits;
        const gboolean exr = strcmp (formats[f].ext, "exr") == 0;
        const gsize n = (gsize) width * height * 4;
        float *core = render_in_process (&s, width, height);
        float *linear = g_new (float, n);
        char *paths[3], *bytes[3];
        gsize lengths[3];
        float *got;
        int w, h;

        tsr_linear_light_row (core, n, TRUE, linear);
        for (int t = 0; t < 3; t++)
          {
            GPtrArray *args = g_ptr_array_new_with_free_func (g_free);
            char *name = g_strdup_printf ("b%d.%s", t, formats[f].ext);
            Run r;

            g_ptr_array_add (args, g_strdup ("render"));
            g_ptr_array_add (args, g_strdup ("clouds"));
            for (guint i = 0; kv[i] != NULL; i++)
              g_ptr_array_add (args, g_strdup (kv[i]));
            g_ptr_array_add (args, g_strdup_printf ("--size=%dx%d", width, height));
            g_ptr_array_add (args, g_strdup_printf ("--depth=%d", bits));
            g_ptr_array_add (args, g_strdup_printf ("--threads=%d", t));
            if (levels[l] != NULL)
              g_ptr_array_add (args, g_strdup_printf ("--compression=%s", levels[l]));
            g_ptr_array_add (args, g_strdup ("--output"));
            g_ptr_array_add (args, g_strdup (OUT));
            g_ptr_array_add (args, NULL);
            paths[t] = g_build_filename (dir, name, NULL);
            r = run_args ((const char *const *) args->pdata, paths[t]);
            assert_ok (&r);
            run_clear (&r);
            g_ptr_array_unref (args);
            g_free (name);
            bytes[t] = read_file (paths[t], &lengths[t]);
          }
        g_assert_cmpmem (bytes[0], lengths[0], bytes[1], lengths[1]);
        g_assert_cmpmem (bytes[0], lengths[0], bytes[2], lengths[2]);

        got = exr ? decode_exr (paths[1], &w, &h)
            : bits == 32 ? read_tiff (paths[1], &w, &h)
            : decode_tiff_int (paths[1], bits, &w, &h);
        g_assert_cmpint (w, ==, width);
        g_assert_cmpint (h, ==, height);
        for (gsize i = 0; i < n; i++)
          {
            const guint max = bits == 16 ? 65535 : 255;
            float expected = linear[i];
            gboolean same;

            if (exr && bits == 16)
              expected = imath_half_to_float (imath_float_to_half (expected));
            if (!exr && bits < 32)
              same = (guint) lrint (got[i] * max) == tsr_quantize_unit (core[i], max);
            else
              same = got[i] == expected;
            if (!same)
              g_error ("%s %dx%d, %d bits, level %s: value %" G_GSIZE_FORMAT " is %.9g, "
                       "the core's %.9g", formats[f].ext, width, height, bits,
                       levels[l] ? levels[l] : "default", i, got[i], core[i]);
          }
        g_free (linear);
        g_free (got);
        for (int t = 0; t < 3; t++)
          g_free (paths[t]), g_free (bytes[t]);
        g_free (core);
        g_strfreev (words);
      }
  test_remove_tree (dir);
  g_free (dir);
}

/* Taller than one band of the CLI (2^20 pixels): the bands join up. */
static void
test_render_bands (void)
{
  char *dir = cli_run_tmpdir ();
  const TsrPattern *pattern = tsr_patterns[0];
  char **words = render_words (NULL);
  const int width = 7, height = 150001;
  TsrSettings s = settings_of (pattern->name, (const char *const *) words);
  float *rgba = render_in_process (&s, width, height);
  char *path = cli_render (dir, "tall.png", pattern->name, (const char *const *) words,
                           width, height, NULL, NULL);

  check_png_matches (path, rgba, width, height, 8);
  g_free (path);
  g_free (rgba);
  g_strfreev (words);
  test_remove_tree (dir);
  g_free (dir);
}

/* A 4096 x 4096 render must not hold the image in memory: as RGBA floats
 * it would take 256 MiB; bands take 16. */
static void
test_render_bounded_memory (void)
{
  char *dir = cli_run_tmpdir ();
  char *target = g_build_filename (dir, "big.png", NULL);
  const char *argv[] = { cli_path, "render", tsr_patterns[0]->name, "--size", "4096x4096",
                         "--output", target, NULL };
  struct rusage self, child;
  GError *error = NULL;
  int wait_status = 0;
  GPid pid;

  /* No child-setup function, so GLib may spawn without copying this
   * process; if it forks anyway, the child's peak includes our own. */
  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD |
                                G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  g_assert_cmpint (wait4 (pid, &wait_status, 0, &child), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_cmpint (cli_run_status (wait_status), ==, 0);
  g_assert_cmpint (getrusage (RUSAGE_SELF, &self), ==, 0);

  /* ru_maxrss is in KiB. */
  if (child.ru_maxrss >= self.ru_maxrss + 96 * 1024)
    g_error ("rendering 4096 x 4096 peaked at %ld MiB", child.ru_maxrss / 1024);

  test_remove_tree (dir);
  g_free (dir);
  g_free (target);
}

/* ---- tests: bad arguments ----------------------------------------------- */

typedef struct
{
  GPtrArray *args;   /* owned strings */
  char      *names;  /* what the error line must mention */
} BadCase;

static void
bad_case_add (GArray *cases, const char *names, ...)
{
  BadCase c = { g_ptr_array_new_with_free_func (g_free), g_strdup (names) };
  va_list ap;

  va_start (ap, names);
  for (const char *a = va_arg (ap, const char *); a; a = va_arg (ap, const char *))
    g_ptr_array_add (c.args, g_strdup (a));
  va_end (ap);
  g_ptr_array_add (c.args, NULL);
  g_array_append_val (cases, c);
}

/* Render with one bad word among good ones. */
static void
bad_render_word (GArray *cases, const char *pattern, const char *word, const char *names)
{
  bad_case_add (cases, names, "render", pattern, "seed=3", word,
                "--size", "9x7", "--output", OUT, NULL);
}

static void
bad_render_option (GArray *cases, const char *option, const char *value)
{
  const char *size = strcmp (option, "--size") == 0 ? value : "9x7";
  const char *depth = strcmp (option, "--depth") == 0 ? value : "8";
  const char *threads = strcmp (option, "--threads") == 0 ? value : "1";
  const char *frames = strcmp (option, "--frames") == 0 ? value : "2";

  bad_case_add (cases, option, "render", "clouds", "--size", size, "--output", OUT,
                "--depth", depth, "--threads", threads, "--frames", frames, NULL);
}

static const TsrPattern *
pattern_reading (TsrParamId id)
{
  for (guint p = 0; p < tsr_n_patterns; p++)
    if (tsr_pattern_uses (tsr_patterns[p], id))
      return tsr_patterns[p];
  return NULL;
}

static GArray *
bad_cases (void)
{
  GArray *cases = g_array_new (FALSE, TRUE, sizeof (BadCase));
  const char *first = tsr_patterns[0]->name;
  static const char *const bad_sizes[] = {
    "12x", "x12", "0x5", "5x0", "-3x4", "1e3x2", "x", "", "5x5x5", "524289x1",
    "1x524289", "99999999999999999999x1", " 5x5", "5x5 ", "+5x5", "5x+5", "5", "5*5",
    "0x0", "5.0x5", "0x10x10",
  };
  static const char *const bad_depths[] = { "7", "", "abc", "64", "-8", "8.0", "1e1" };
  static const char *const bad_threads[] = { "-1", "abc", "1025", "", "1.5", "99999999999999999999" };
  static const char *const bad_frames[] = { "0", "-1", "1001", "abc", "", "2.5", "1e2" };

  /* A bad value of every parameter, from the table. */
  for (int id = 0; id < TSR_P_COUNT; id++)
    {
      const TsrParamSpec *spec = &tsr_params[id];
      const TsrPattern *pattern = pattern_reading ((TsrParamId) id);
      GPtrArray *values = g_ptr_array_new_with_free_func (g_free);

      g_assert_nonnull (pattern);
      g_ptr_array_add (values, g_strdup (""));
      g_ptr_array_add (values, g_strdup ("abc"));
      g_ptr_array_add (values, g_strdup ("nan"));
      g_ptr_array_add (values, g_strdup ("inf"));
      g_ptr_array_add (values, g_strdup ("1e999"));
      if (spec->type == TSR_TYPE_DOUBLE || spec->type == TSR_TYPE_INT)
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];
          g_ptr_array_add (values, g_strdup (g_ascii_formatd (buf, sizeof buf, "%.17g",
                                                              spec->max + 1)));
          g_ptr_array_add (values, g_strdup (g_ascii_formatd (buf, sizeof buf, "%.17g",
                                                              spec->min - 1)));
          g_ptr_array_add (values, g_strdup ("-inf"));
          g_ptr_array_add (values, g_strdup ("1 "));
          if (spec->type == TSR_TYPE_INT)
            g_ptr_array_add (values, g_strdup (g_ascii_formatd (buf, sizeof buf, "%.17g",
                                                                spec->min + 0.5)));
        }
      else if (spec->type == TSR_TYPE_COLOR)
        {
          g_ptr_array_add (values, g_strdup ("#12345"));
          g_ptr_array_add (values, g_strdup ("#gggggg"));
        }

      /* One of them a parameter, taken in turn: test-params refuses every
       * value of every parameter in the core's parser; what is checked
       * here is that the program reports a refusal as it must, and each
       * kind of value still meets it for several parameters. */
      {
        char *word = g_strdup_printf ("%s=%s", spec->name,
                                      (char *) values->pdata[(guint) id % values->len]);
        bad_render_word (cases, pattern->name, word, spec->name);
        g_free (word);
      }
      g_ptr_array_unref (values);

      /* A parameter the pattern does not read. */
      for (guint p = 0; p < tsr_n_patterns; p++)
        if (!tsr_pattern_uses (tsr_patterns[p], (TsrParamId) id))
          {
            char *word = g_strdup_printf ("%s=%s", spec->name, "1");
            bad_render_word (cases, tsr_patterns[p]->name, word, spec->name);
            g_free (word);
            break;
          }
    }

  bad_render_word (cases, first, "colour=red", "colour");
  bad_render_word (cases, first, "=5", "=5");
  bad_render_word (cases, first, "=", "=");
  bad_render_word (cases, first, "seed==1", "seed");
  bad_render_word (cases, first, "junk", "junk");
  bad_render_word (cases, first, "--frobnicate", "--frobnicate");
  bad_render_word (cases, first, "-x", "-x");
  bad_render_word (cases, first, "", "''");
  bad_case_add (cases, "nosuch", "render", "nosuch", "--size", "9x7", "--output", OUT, NULL);
  bad_case_add (cases, "PATTERN", "render", "--size", "9x7", "--output", OUT, NULL);
  bad_case_add (cases, "seed=1", "render", "seed=1", first, "--size", "9x7", "--output", OUT, NULL);
  bad_case_add (cases, "--size", "render", first, "--output", OUT, NULL);
  bad_case_add (cases, "--output", "render", first, "--size", "9x7", NULL);
  bad_case_add (cases, "--output", "render", first, "--size", "9x7", "--output", "", NULL);
  bad_case_add (cases, "--output", "render", first, "--size", "9x7", "--output", NULL);
  bad_case_add (cases, "--compression", "render", first, "--size", "9x7", "--output", OUT,
                "--compression", "10", NULL);
  bad_case_add (cases, "--quality", "render", first, "--size", "9x7", "--output", OUT,
                "--quality", "90", NULL);   /* a .png has no quality */
  /* An option's value is a value, even when it reads like an option. */
  bad_case_add (cases, "--output", "render", first, "--size", "9x7", "--output", "-h", NULL);
  bad_case_add (cases, "--output", "render", first, "--size", "9x7", "--output", "--help", NULL);
  bad_case_add (cases, "--size", "render", first, "--output", OUT, "--size", NULL);
  bad_case_add (cases, "--depth", "render", first, "--size", "9x7", "--output", OUT,
                "--depth", "32", NULL);   /* a .png named 32-bit TIFF */
  /* Pieces under 2 pixels, or gaps as wide as them, at this size (counts
   * a layout cannot tile are rounded up: test-cli-sets). */
  bad_case_add (cases, "columns", "render", "bricks", "columns=40", "--size", "64x64",
                "--output", OUT, NULL);
  bad_case_add (cases, "rows", "render", "bricks", "layout=herringbone", "rows=60",
                "--size", "96x96", "--output", OUT, NULL);
  bad_case_add (cases, "gap", "render", "bricks", "gap=12", "--size", "64x64", "--output", OUT,
                NULL);
  bad_case_add (cases, "gap", "render", "stones", "gap=9", "--size", "40x40", "--output", OUT,
                NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad_sizes); i++)
    bad_render_option (cases, "--size", bad_sizes[i]);
  for (guint i = 0; i < G_N_ELEMENTS (bad_depths); i++)
    bad_render_option (cases, "--depth", bad_depths[i]);
  for (guint i = 0; i < G_N_ELEMENTS (bad_threads); i++)
    bad_render_option (cases, "--threads", bad_threads[i]);
  for (guint i = 0; i < G_N_ELEMENTS (bad_frames); i++)
    bad_render_option (cases, "--frames", bad_frames[i]);

  return cases;
}

static void
bad_cases_free (GArray *cases)
{
  for (guint i = 0; i < cases->len; i++)
    {
      BadCase *c = &g_array_index (cases, BadCase, i);
      g_ptr_array_unref (c->args);
      g_free (c->names);
    }
  g_array_unref (cases);
}

static char *
describe (const char *const *args)
{
  char *joined = g_strjoinv ("' '", (char **) args);
  char *quoted = g_strdup_printf ("tessera '%s'", joined);

  g_free (joined);
  return quoted;
}

/* Every worker_count-th bad case, from first, in a directory of its own. */
typedef struct
{
  GArray *cases;
  guint   first, step;
} BadWorker;

static const char precious[] = "not a PNG: must survive bad arguments\n";

/* Exit 2, one line naming the argument, nothing created, an existing
 * target byte-identical. */
static gpointer
run_bad_cases (gpointer data)
{
  BadWorker *w = data;
  char *dir = cli_run_tmpdir ();
  char *existing = g_build_filename (dir, "existing.png", NULL);
  char *fresh = g_build_filename (dir, "fresh.png", NULL);

  write_file (existing, precious);
  for (guint i = w->first; i < w->cases->len; i += w->step)
    {
      BadCase *c = &g_array_index (w->cases, BadCase, i);
      const char *const *args = (const char *const *) c->args->pdata;
      char *what = describe (args);
      char *listing;
      gsize length;
      char *contents;
      Run r;

      r = run_args (args, existing);
      if (r.status != 2)
        g_error ("%s: exit status %d, expected 2 (stderr: %s)", what, r.status, r.err);
      assert_one_error_line (&r, c->names, what);
      g_assert_cmpstr (r.out, ==, "");
      run_clear (&r);
      contents = read_file (existing, &length);
      g_assert_cmpmem (contents, length, precious, sizeof precious - 1);
      g_free (contents);

      r = run_args (args, fresh);
      if (r.status != 2)
        g_error ("%s (new file): exit status %d, expected 2", what, r.status);
      run_clear (&r);

      listing = cli_run_listing (dir);
      if (strcmp (listing, "existing.png") != 0)
        g_error ("%s left files behind: %s", what, listing);
      g_free (listing);
      g_free (what);
    }

  test_remove_tree (dir);
  g_free (dir);
  g_free (existing);
  g_free (fresh);
  return NULL;
}

/* About four hundred runs of the program, each mostly its start-up (the
 * dynamic linker; several times longer under the sanitizers), so they run
 * on every processor at once. */
static void
test_bad_arguments (void)
{
  GArray *cases = bad_cases ();
  const guint n = CLAMP (g_get_num_processors (), 2, 8);
  BadWorker workers[8];
  GThread *threads[8];

  for (guint t = 0; t < n; t++)
    {
      workers[t] = (BadWorker) { .cases = cases, .first = t, .step = n };
      threads[t] = g_thread_new ("bad-arguments", run_bad_cases, &workers[t]);
    }
  for (guint t = 0; t < n; t++)
    g_thread_join (threads[t]);
  bad_cases_free (cases);
}

static void
test_bad_command_line (void)
{
  GArray *cases = g_array_new (FALSE, TRUE, sizeof (BadCase));
  const char *first = tsr_patterns[0]->name;
  const char *second = tsr_patterns[tsr_n_patterns > 1 ? 1 : 0]->name;
  static const char *const bad_coordinates[] = {
    "nan", "inf", "-inf", "1e999", "", "abc", "1,5", " 1", "1 ", "0x", "--",
  };

  bad_case_add (cases, "command", NULL);
  bad_case_add (cases, "frob", "frob", NULL);
  bad_case_add (cases, "--bogus", "--bogus", NULL);
  bad_case_add (cases, "--bogus", "list", "--bogus", NULL);
  bad_case_add (cases, "nosuch", "list", "nosuch", NULL);
  bad_case_add (cases, second, "list", first, second, NULL);
  bad_case_add (cases, "BASIS", "sample", NULL);
  bad_case_add (cases, "nosuch", "sample", "nosuch", "1", "2", NULL);
  bad_case_add (cases, "coordinates", "sample", "perlin", NULL);
  bad_case_add (cases, "coordinates", "sample", "perlin", "1", NULL);
  bad_case_add (cases, "coordinates", "sample", "perlin", "1", "seed=3", NULL);
  bad_case_add (cases, "'5'", "sample", "perlin", "1", "2", "3", "4", "5", NULL);
  bad_case_add (cases, "seed", "sample", "perlin", "1", "2", "seed=-1", NULL);
  bad_case_add (cases, "seed", "sample", "perlin", "1", "2", "seed=4294967296", NULL);
  bad_case_add (cases, "seed", "sample", "perlin", "1", "2", "seed=", NULL);
  bad_case_add (cases, "seed", "sample", "perlin", "1", "2", "seed=1.5", NULL);
  bad_case_add (cases, "seed", "sample", "perlin", "1", "2", "seed=99999999999999999999999", NULL);
  bad_case_add (cases, "octaves=3", "sample", "perlin", "1", "2", "octaves=3", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (bad_coordinates); i++)
    {
      char *quoted = g_strdup_printf ("'%s'", bad_coordinates[i]);
      bad_case_add (cases, quoted, "sample", "perlin", "1", bad_coordinates[i], NULL);
      g_free (quoted);
    }

  for (guint i = 0; i < cases->len; i++)
    {
      BadCase *c = &g_array_index (cases, BadCase, i);
      const char *const *args = (const char *const *) c->args->pdata;
      char *what = describe (args);
      Run r = run_args (args, NULL);

      if (r.status != 2)
        g_error ("%s: exit status %d, expected 2 (stderr: %s)", what, r.status, r.err);
      assert_one_error_line (&r, c->names, what);
      g_assert_cmpstr (r.out, ==, "");
      run_clear (&r);
      g_free (what);
    }
  bad_cases_free (cases);
}

/* A size the format cannot hold is a bad argument, refused before anything
 * is rendered: JPEG's 65500 pixels a side, WebP's 16383 and, lossy, its
 * 396336 blocks of 16x16 (their modes must fit the first partition's
 * 512 KiB); the written part (--region) is what counts.  A size within the
 * limits passes the check: then the missing directory is what is refused
 * (fits 1 below), also before anything is rendered. */
static void
test_size_limits (void)
{
  static const struct { const char *size, *region, *name, *quality; int fits; } cases[] = {
    { "16383x16383", NULL, "o.webp", NULL, 2 },
    { "16383x6208", NULL, "o.webp", NULL, 2 },          /* 1024 x 388 blocks */
    { "16383x6192", NULL, "o.webp", NULL, 1 },          /* 1024 x 387 */
    { "10080x10080", NULL, "o.webp", NULL, 2 },         /* 630 x 630 */
    { "10064x10064", NULL, "o.webp", "99", 1 },         /* 629 x 629 */
    { "20000x20000", "10080x10080+0+0", "o.webp", NULL, 2 },
    { "20000x20000", "10064x10064+5+5", "o.webp", NULL, 1 },
    { "16383x16383", NULL, "o.webp", "100", 1 },        /* lossless: no partition */
    { "16384x1", NULL, "o.webp", "100", 2 },
    { "65501x1", NULL, "o.jpg", NULL, 2 },
    { "1x65500", NULL, "o.jpeg", NULL, 1 },
  };
  char *dir = cli_run_tmpdir ();

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      char *path = g_build_filename (dir, "missing", cases[k].name, NULL);
      const char *args[12] = { "render", "clouds", "--size", cases[k].size, "--output", OUT };
      int n = 6;
      char *what, *listing;
      Run r;

      if (cases[k].region != NULL)
        args[n++] = "--region", args[n++] = cases[k].region;
      if (cases[k].quality != NULL)
        args[n++] = "--quality", args[n++] = cases[k].quality;
      r = run_args (args, path);
      what = describe (args);
      if (r.status != 2)
        g_error ("%s: exit status %d, expected 2 (stderr: %s)", what, r.status, r.err);
      if (cases[k].fits == 2)
        {
          assert_one_error_line (&r, cases[k].region ? "--region" : "--size", what);
          assert_one_error_line (&r, strstr (cases[k].name, ".webp") ? "WebP" : "JPEG", what);
        }
      else
        assert_one_error_line (&r, g_strerror (ENOENT), what);
      run_clear (&r);
      listing = cli_run_listing (dir);
      g_assert_cmpstr (listing, ==, "");
      g_free (listing);
      g_free (what);
      g_free (path);
    }
  test_remove_tree (dir);
  g_free (dir);
}

/* A number in range is taken however small (a subnormal double); one that
 * would round to 0 is refused, naming the parameter. */
static void
test_tiny_numbers (void)
{
  char *dir = cli_run_tmpdir ();
  char *path = g_build_filename (dir, "tiny.png", NULL);
  const char *args[] = { "render", "clouds", "scale=1e-320", "--size", "9x7", "--output", OUT,
                         NULL };
  const char *zero[] = { "render", "clouds", "scale=1e-400", "--size", "9x7", "--output", OUT,
                         NULL };
  char *listing;
  Run r = run_args (args, path);

  assert_ok (&r);
  run_clear (&r);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_unlink (path), ==, 0);

  r = run_args (zero, path);
  g_assert_cmpint (r.status, ==, 2);
  assert_one_error_line (&r, "scale", "scale=1e-400");
  run_clear (&r);
  listing = cli_run_listing (dir);
  g_assert_cmpstr (listing, ==, "");
  g_free (listing);
  test_remove_tree (dir);
  g_free (path);
  g_free (dir);
}

/* ---- tests: runtime failures -------------------------------------------- */

static void
assert_runtime_failure (const Run *r, const char *path, const char *context)
{
  if (r->status != 1)
    g_error ("%s: exit status %d, expected 1 (stderr: %s)", context, r->status, r->err);
  assert_one_error_line (r, path, context);
}

/* A name that cannot be written is known before rendering: refused as a
 * bad argument, exit 2, naming it. */
static void
assert_refused_name (const Run *r, const char *path, const char *context)
{
  if (r->status != 2)
    g_error ("%s: exit status %d, expected 2 (stderr: %s)", context, r->status, r->err);
  assert_one_error_line (r, path, context);
}

static void
test_unwritable (void)
{
  char *dir = cli_run_tmpdir ();
  char *file = g_build_filename (dir, "plain-file", NULL);
  char *sub = g_build_filename (dir, "sub", NULL);
  Run r;

  write_file (file, "x");
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);

  for (guint d = 0; d < 2; d++)
    {
      const char *name = d ? "out.tif" : "out.png";   /* 8-bit PNG, float TIFF */
      char *targets[] = {
        g_build_filename (dir, "missing-dir", name, NULL),   /* ENOENT */
        g_build_filename (file, name, NULL),                 /* ENOTDIR */
        g_strdup (sub),                                      /* a directory */
      };

      for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
        {
          const char *args[] = { "render", tsr_patterns[0]->name, "--size", "16x16",
                                 "--output", OUT, "--depth", d ? "32" : "8", NULL };
          char *listing;

          r = run_args (args, targets[i]);
          assert_refused_name (&r, targets[i], targets[i]);
          run_clear (&r);
          listing = cli_run_listing (dir);
          g_assert_cmpstr (listing, ==, "plain-file sub");
          g_free (listing);
          listing = cli_run_listing (sub);
          g_assert_cmpstr (listing, ==, "");
          g_free (listing);
          g_free (targets[i]);
        }
    }

  /* A read-only directory (root may write anywhere: then skipped). */
  if (geteuid () != 0)
    {
      const char *args[] = { "render", tsr_patterns[0]->name, "--size", "16x16",
                             "--output", OUT, NULL };
      char *target = g_build_filename (sub, "out.png", NULL);

      g_assert_cmpint (g_chmod (sub, 0500), ==, 0);
      r = run_args (args, target);
      assert_refused_name (&r, target, "read-only directory");
      g_assert_nonnull (strstr (r.err, g_strerror (EACCES)));
      run_clear (&r);
      g_chmod (sub, 0700);
      g_free (target);
    }

  test_remove_tree (dir);
  g_free (dir);
  g_free (file);
  g_free (sub);
}

/* A name too long for the file system is refused as one error line, with
 * nothing left behind; a file being replaced keeps its permissions. */
static void
test_name_and_mode (void)
{
  char *dir = cli_run_tmpdir ();
  char *long_name = g_strnfill (300, 'n');
  char *too_long = g_strdup_printf ("%s/%s.png", dir, long_name);
  char *private = g_build_filename (dir, "private.png", NULL);
  const char *args[] = { "render", tsr_patterns[0]->name, "--size", "16x16",
                         "--output", OUT, NULL };
  GStatBuf st;
  char *listing;
  Run r;

  r = run_args (args, too_long);
  assert_refused_name (&r, too_long, "file name too long");
  g_assert_nonnull (strstr (r.err, g_strerror (ENAMETOOLONG)));
  run_clear (&r);
  listing = cli_run_listing (dir);
  g_assert_cmpstr (listing, ==, "");
  g_free (listing);

  write_file (private, "old");
  g_assert_cmpint (g_chmod (private, 0600), ==, 0);
  r = run_args (args, private);
  assert_ok (&r);
  run_clear (&r);
  g_assert_cmpint (g_stat (private, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpint (st.st_size, >, 3);     /* replaced */

  test_remove_tree (dir);
  g_free (private), g_free (too_long), g_free (long_name), g_free (dir);
}

/* Writing fails half-way (the file size limit), in every format that
 * streams: exit 1, the error names the target and the reason, the old
 * target is intact, no temporary is left. */
static void
test_write_failure (void)
{
  /* WebP packs smooth noise so well that it needs a larger picture to pass
   * the 4 KiB limit. */
  static const struct { const char *name, *depth, *size; } cases[] = {
    { "out.png", "8", "200x300" }, { "out.png", "16", "200x300" }, { "out.tif", "32", "200x300" },
    { "out.tif", "8", "200x300" }, { "out.tif", "16", "200x300" }, { "out.exr", "16", "200x300" },
    { "out.exr", "32", "200x300" }, { "out.jpg", "8", "200x300" }, { "out.webp", "8", "900x900" },
  };
  char *dir = cli_run_tmpdir ();
  static const char precious[] = "old contents\n";

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      char *path = g_build_filename (dir, cases[k].name, NULL);
      write_file (path, precious);
      g_free (path);
    }
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      char *path = g_build_filename (dir, cases[k].name, NULL);
      const char *args[] = { "render", tsr_patterns[0]->name, "--size", cases[k].size,
                             "--output", OUT, "--depth", cases[k].depth, NULL };
      Run r = run_full (args, path, child_small_files, GUINT_TO_POINTER (4096));
      char *what = g_strdup_printf ("%s, depth %s", cases[k].name, cases[k].depth);
      gsize length;
      char *contents, *listing;

      assert_runtime_failure (&r, path, what);
      g_assert_nonnull (strstr (r.err, g_strerror (EFBIG)));
      run_clear (&r);
      contents = read_file (path, &length);
      g_assert_cmpmem (contents, length, precious, sizeof precious - 1);
      g_free (contents);
      listing = cli_run_listing (dir);
      g_assert_cmpstr (listing, ==, "out.exr out.jpg out.png out.tif out.webp");
      g_free (listing);
      g_free (what);
      g_free (path);
    }

  test_remove_tree (dir);
  g_free (dir);
}

static gboolean
has_temporary (const char *dir, const char *name)
{
  char *listing = cli_run_listing (dir);
  char *hidden = g_strdup_printf (".%s.", name);
  gboolean found = strstr (listing, hidden) != NULL;

  g_free (hidden);
  g_free (listing);
  return found;
}

/* Whether process pid writes a temporary file in dir: a hidden name, or
 * an unnamed file (O_TMPFILE), which /proc shows as "DIR/#N (deleted)". */
static gboolean
is_writing (GPid pid, const char *dir, const char *name)
{
  char *fds = g_strdup_printf ("/proc/%d/fd", (int) pid);
  GDir *d = g_dir_open (fds, 0, NULL);
  const char *fd;
  gboolean found = has_temporary (dir, name);

  while (!found && d != NULL && (fd = g_dir_read_name (d)) != NULL)
    {
      char *link = g_build_filename (fds, fd, NULL);
      char *to = g_file_read_link (link, NULL);

      found = to != NULL && g_str_has_prefix (to, dir) && to[strlen (dir)] == '/'
              && g_str_has_suffix (to, " (deleted)");
      g_free (to);
      g_free (link);
    }
  if (d != NULL)
    g_dir_close (d);
  g_free (fds);
  return found;
}

/* Ctrl-C or kill while writing: the temporary goes, the old target stays,
 * and the CLI dies of the signal.  (WebP's encoding, at the end, gives up
 * too, rather than finishing the file after the signal.) */
static void
test_interrupt (void)
{
  static const struct { const char *name, *size; int signal; } cases[] = {
    { "out.png", "8192x8192", SIGINT }, { "out.webp", "4096x4096", SIGTERM },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      char *dir = cli_run_tmpdir ();
      char *target = g_build_filename (dir, cases[k].name, NULL);
      const char *argv[] = { cli_path, "render", tsr_patterns[0]->name, "--size", cases[k].size,
                             "--output", target, NULL };
      static const char precious[] = "old contents\n";
      GError *error = NULL;
      GPid pid;
      int wait_status = 0;
      gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
      gsize length;
      char *contents, *listing;

      write_file (target, precious);
      g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD |
                                    G_SPAWN_STDERR_TO_DEV_NULL, child_default_signals, NULL,
                                    &pid, &error));
      g_assert_no_error (error);

      while (!is_writing (pid, dir, cases[k].name) && g_get_monotonic_time () < deadline)
        g_usleep (1000);
      g_assert_true (is_writing (pid, dir, cases[k].name));
      g_assert_cmpint (kill (pid, cases[k].signal), ==, 0);
      g_assert_cmpint (waitpid (pid, &wait_status, 0), ==, pid);
      g_spawn_close_pid (pid);

      g_assert_cmpint (cli_run_status (wait_status), ==, -cases[k].signal);
      contents = read_file (target, &length);
      g_assert_cmpmem (contents, length, precious, sizeof precious - 1);
      g_free (contents);
      listing = cli_run_listing (dir);
      g_assert_cmpstr (listing, ==, cases[k].name);
      g_free (listing);

      test_remove_tree (dir);
      g_free (dir);
      g_free (target);
    }
}

/* ---- tests: sample ------------------------------------------------------ */

static void
test_sample (void)
{
  Run r = run_v ("sample", "perlin", "3.14", "42", "7", NULL);

  assert_ok (&r);
  g_assert_cmpstr (r.out, ==, "0.13691995878400012\n");
  run_clear (&r);

  /* Every basis, 2 to 4 dimensions, with a seed: the core's value. */
  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int dims = 2; dims <= 4; dims++)
      {
        static const char *const coords[] = { "-1.25", "7.5e-1", "3", "123.456" };
        const double p[] = { -1.25, 0.75, 3, 123.456 };
        const char *args[8] = { "sample", tsr_basis_name ((TsrBasis) b) };
        char buf[G_ASCII_DTOSTR_BUF_SIZE];
        char *expected;
        int n = 2;

        for (int i = 0; i < dims; i++)
          args[n++] = coords[i];
        args[n++] = "seed=4294967295";
        args[n] = NULL;

        r = run_args (args, NULL);
        assert_ok (&r);
        g_ascii_formatd (buf, sizeof buf, "%.17g",
                         tsr_noise_sample ((TsrBasis) b, G_MAXUINT32, dims, p));
        expected = g_strdup_printf ("%s\n", buf);
        g_assert_cmpstr (r.out, ==, expected);
        g_free (expected);
        run_clear (&r);
      }
}

/* `tessera presets` lists every preset of the table the dialog and
 * Script-Fu read; `render --preset NAME` is its pattern and settings,
 * and KEY=VALUE words after it win, the later over the earlier. */
static void
test_presets (void)
{
  char *dir = cli_run_tmpdir ();
  char *from_preset = g_build_filename (dir, "preset.png", NULL);
  char *by_hand = g_build_filename (dir, "by-hand.png", NULL);
  Run r = run_v ("presets", NULL);

  g_assert_cmpint (r.status, ==, 0);
  for (guint i = 0; i < tsr_n_presets; i++)
    g_assert_nonnull (strstr (r.out, tsr_presets[i].name));
  run_clear (&r);

  for (guint i = 0; i < tsr_n_presets; i++)
    {
      const TsrPreset *p = &tsr_presets[i];
      GPtrArray *hand = g_ptr_array_new ();
      const char *preset_args[] = { "render", "--preset", p->name, "seed=5", "--size", "256x192",
                                    "--output", OUT, NULL };
      GBytes *a, *b;

      g_ptr_array_add (hand, (gpointer) "render");
      g_ptr_array_add (hand, (gpointer) p->pattern);
      for (guint k = 0; p->values[k] != NULL; k++)
        g_ptr_array_add (hand, (gpointer) p->values[k]);
      g_ptr_array_add (hand, (gpointer) "seed=5");
      g_ptr_array_add (hand, (gpointer) "--size");
      g_ptr_array_add (hand, (gpointer) "256x192");
      g_ptr_array_add (hand, (gpointer) "--output");
      g_ptr_array_add (hand, (gpointer) OUT);
      g_ptr_array_add (hand, NULL);

      r = run_args (preset_args, from_preset);
      g_assert_cmpint (r.status, ==, 0);
      run_clear (&r);
      r = run_args ((const char *const *) hand->pdata, by_hand);
      g_assert_cmpint (r.status, ==, 0);
      run_clear (&r);
      a = cli_run_read_file (from_preset), b = cli_run_read_file (by_hand);
      if (!g_bytes_equal (a, b))
        g_error ("--preset %s differs from tessera render %s with its settings", p->name,
                 p->pattern);
      g_bytes_unref (a), g_bytes_unref (b);
      g_ptr_array_unref (hand);
    }

  {
    /* later words win: the preset's palette, then two others */
    const char *twice[] = { "render", "--preset", "sky", "palette=fire", "palette=water",
                            "--size", "32x32", "--output", OUT, NULL };
    const char *once[] = { "render", "--preset", "sky", "palette=water", "--size", "32x32",
                           "--output", OUT, NULL };
    GBytes *a, *b;

    r = run_args (twice, from_preset);
    g_assert_cmpint (r.status, ==, 0);
    run_clear (&r);
    r = run_args (once, by_hand);
    g_assert_cmpint (r.status, ==, 0);
    run_clear (&r);
    a = cli_run_read_file (from_preset), b = cli_run_read_file (by_hand);
    g_assert_true (g_bytes_equal (a, b));
    g_bytes_unref (a), g_bytes_unref (b);
  }

  r = run_v ("render", "--preset", "no-such-preset", "--size", "8x8", "--output",
             by_hand, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "no-such-preset"));
  g_assert_nonnull (strstr (r.err, "tessera presets"));
  run_clear (&r);
  r = run_v ("render", "--preset", "oak", "marble", "--size", "8x8", "--output", by_hand, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "'marble'"));
  run_clear (&r);

  test_remove_tree (dir);
  g_free (from_preset), g_free (by_hand), g_free (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  cli_path = g_getenv ("TESSERA_CLI");
  if (cli_path == NULL)
    {
      g_printerr ("test-cli: set TESSERA_CLI to the tessera binary\n");
      return 1;
    }

  g_test_add_func ("/cli/help-version", test_help_version);
  g_test_add_func ("/cli/option-value-like-option", test_option_value_like_option);
  g_test_add_func ("/cli/list", test_list);
  g_test_add_func ("/cli/presets", test_presets);
  g_test_add_func ("/cli/render/formats", test_render_formats);
  g_test_add_func ("/cli/render/every-format", test_render_every_format);
  g_test_add_func ("/cli/render/grey-and-data", test_grey_and_data_files);
  g_test_add_func ("/cli/render/region", test_render_region);
  g_test_add_func ("/cli/render/frames", test_render_frames);
  g_test_add_func ("/cli/render/compression-quality", test_render_compression_quality);
  g_test_add_func ("/cli/render/matches-core", test_render_matches_core);
  g_test_add_func ("/cli/render/threads", test_render_threads);
  g_test_add_func ("/cli/render/dither", test_render_dither);
  g_test_add_func ("/cli/render/chunked-formats", test_render_chunked_formats);
  g_test_add_func ("/cli/render/bands", test_render_bands);
  g_test_add_func ("/cli/render/bounded-memory", test_render_bounded_memory);
  g_test_add_func ("/cli/render/bad-arguments", test_bad_arguments);
  g_test_add_func ("/cli/render/size-limits", test_size_limits);
  g_test_add_func ("/cli/render/tiny-numbers", test_tiny_numbers);
  g_test_add_func ("/cli/bad-command-line", test_bad_command_line);
  g_test_add_func ("/cli/render/unwritable", test_unwritable);
  g_test_add_func ("/cli/render/write-failure", test_write_failure);
  g_test_add_func ("/cli/render/name-and-mode", test_name_and_mode);
  g_test_add_func ("/cli/render/interrupt", test_interrupt);
  g_test_add_func ("/cli/sample", test_sample);

  return g_test_run ();
}
