/* tessera render PATTERN [KEY=VALUE ...] --size WxH --output FILE
 *                [--region WxH+X+Y] [--depth 8|16|32] [--compression 0-9]
 *                [--quality 1-100] [--threads N] [--frames N]
 * tessera render PATTERN [KEY=VALUE ...] --size WxH --material DIR/NAME
 *                [--naming PRESET|TEMPLATE] ...    (cli-material.c)
 *                [--variants N | --wang corner [--terrain PALETTE]] [--tiles]
 *
 * Everything is validated — settings, size, texture, output name — before
 * the output is opened, so a bad argument never creates or touches a file.
 * The image is then rendered in bands of rows by the core's scheduler,
 * each band encoded on its render thread and written while later ones
 * render, so memory is bounded by a few bands, not by the image. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tessera.h"
#include "cli.h"
#include "cli-render.h"
#include "tile-atlas.h"
#include "presets.h"
#include "tiled-tsx.h"
#include "godot-tres.h"

#define MAX_THREADS 1024
#define MAX_FRAMES  1000

typedef struct
{
  const char *pattern;       /* borrowed from operands */
  char       *preset;        /* --preset NAME: its pattern and settings */
  GPtrArray  *assignments;   /* "KEY=VALUE" strings, borrowed from operands */
  char       *size;          /* the options' values, as typed */
  char       *region;
  char       *compression;
  char       *quality;
  char       *output;
  char       *depth;
  char       *threads;
  char       *frames;
  char       *material;
  char       *naming;
  char       *variants;      /* tile sets (tile-atlas.h) */
  char       *wang;
  char       *terrain;
  gboolean    tiles;
  char      **operands;      /* the words that are not options, in order */
} RenderArgs;

static volatile sig_atomic_t interrupted = 0;

static void
on_signal (int sig)
{
  interrupted = sig;
}

/* Ctrl-C, kill and hang-up cancel the render; signals ignored by whoever
 * started us (nohup, a shell's background job) stay ignored.  A write past
 * the file-size limit (ulimit -f) must fail with EFBIG, to be reported and
 * cleaned up like a full disk, not kill us with SIGXFSZ and leave the
 * temporary file behind. */
void
cli_catch_signals (void)
{
  static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  struct sigaction action, old;

  signal (SIGXFSZ, SIG_IGN);
  memset (&action, 0, sizeof action);
  action.sa_handler = on_signal;
  sigemptyset (&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    if (sigaction (signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
      sigaction (signals[i], &action, NULL);
}

/* Die of the signal that interrupted us, as the shell expects. */
static void
reraise_signal (int sig)
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset (&action.sa_mask);
  sigaction (sig, &action, NULL);
  raise (sig);
}

void
cli_progress_clear (Progress *p)
{
  if (p->shown >= 0)
    {
      fputs ("\r\033[K", stderr);
      fflush (stderr);
      p->shown = -1;
    }
}

/* Says what became of output, then dies of the signal that came. */
int
cli_stop_interrupted (Progress *p, const char *output, gboolean written)
{
  cli_progress_clear (p);
  cli_error (CLI_EXIT_FAILURE, "interrupted; '%s' was %swritten", output, written ? "" : "not ");
  reraise_signal (interrupted);
  return CLI_EXIT_FAILURE;
}

const volatile sig_atomic_t *
cli_interrupted (void)
{
  return &interrupted;
}

gboolean
cli_render_progress (double fraction, gpointer user_data)
{
  Progress *p = user_data;

  if (interrupted)
    return FALSE;

  if (p->tty)
    {
      int percent = (int) CLAMP (fraction * 100.0, 0.0, 100.0);

      if (percent != p->shown)
        {
          fprintf (stderr, "\rtessera: rendering %s: %3d%%", p->output, percent);
          fflush (stderr);
          p->shown = percent;
        }
    }
  return TRUE;
}

/* The PATTERN (unless --preset gives it), then KEY=VALUE words. */
static int
sort_operands (RenderArgs *a)
{
  for (char **word = a->operands; word != NULL && *word != NULL; word++)
    {
      const char *arg = *word;

      if (a->preset != NULL && strchr (arg, '=') == NULL)
        return cli_error (CLI_EXIT_USAGE, "render: unexpected argument '%s' (--preset %s "
                          "gives the pattern; parameters are KEY=VALUE)", arg, a->preset);
      if (a->pattern == NULL && a->preset == NULL)
        {
          if (strchr (arg, '=') != NULL)
            return cli_error (CLI_EXIT_USAGE,
                              "render: expected a PATTERN before '%s' (see 'tessera list')", arg);
          a->pattern = arg;
        }
      else if (strchr (arg, '=') != NULL)
        g_ptr_array_add (a->assignments, (gpointer) arg);
      else
        return cli_error (CLI_EXIT_USAGE,
                          "render: unexpected argument '%s' (parameters are KEY=VALUE)", arg);
    }
  return CLI_EXIT_OK;
}

/* Sorts argv into RenderArgs; only syntax here, values are checked later.
 * Returns FALSE when done, with *status the exit status. */
static gboolean
collect_args (int argc, char **argv, RenderArgs *a, int *status)
{
  const GOptionEntry entries[] = {
    { "size", 0, 0, G_OPTION_ARG_FILENAME, &a->size, NULL, NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &a->output, NULL, NULL },
    { "region", 0, 0, G_OPTION_ARG_FILENAME, &a->region, NULL, NULL },
    { "compression", 0, 0, G_OPTION_ARG_FILENAME, &a->compression, NULL, NULL },
    { "quality", 0, 0, G_OPTION_ARG_FILENAME, &a->quality, NULL, NULL },
    { "depth", 0, 0, G_OPTION_ARG_FILENAME, &a->depth, NULL, NULL },
    { "threads", 0, 0, G_OPTION_ARG_FILENAME, &a->threads, NULL, NULL },
    { "frames", 0, 0, G_OPTION_ARG_FILENAME, &a->frames, NULL, NULL },
    { "material", 0, 0, G_OPTION_ARG_FILENAME, &a->material, NULL, NULL },
    { "preset", 0, 0, G_OPTION_ARG_FILENAME, &a->preset, NULL, NULL },
    { "naming", 0, 0, G_OPTION_ARG_FILENAME, &a->naming, NULL, NULL },
    { "variants", 0, 0, G_OPTION_ARG_FILENAME, &a->variants, NULL, NULL },
    { "wang", 0, 0, G_OPTION_ARG_FILENAME, &a->wang, NULL, NULL },
    { "terrain", 0, 0, G_OPTION_ARG_FILENAME, &a->terrain, NULL, NULL },
    { "tiles", 0, 0, G_OPTION_ARG_NONE, &a->tiles, NULL, NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &a->operands, NULL, NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!cli_options_parse ("render", entries, FALSE, &argc, &argv, status))
    return FALSE;
  *status = sort_operands (a);
  return *status == CLI_EXIT_OK;
}

/* Applies one KEY=VALUE to s. */
static int
apply_assignment (TsrSettings *s, const TsrPattern *pattern, const char *arg)
{
  const char *eq = strchr (arg, '=');
  char *key = g_strndup (arg, (gsize) (eq - arg));
  const char *text = eq + 1;
  const TsrParamSpec *spec;
  GError *error = NULL;
  int status = CLI_EXIT_OK;

  if (*key == '\0')
    status = cli_error (CLI_EXIT_USAGE, "'%s': missing parameter name before '='", arg);
  else if ((spec = tsr_param_lookup (key)) == NULL)
    status = cli_error (CLI_EXIT_USAGE, "unknown parameter '%s' (see 'tessera list')", key);
  else if (!tsr_pattern_uses (pattern, spec->id))
    status = cli_error (CLI_EXIT_USAGE,
                        "%s: not a parameter of pattern '%s' (see 'tessera list %s')",
                        key, pattern->name, pattern->name);
  else if (*text == '\0')
    status = cli_error (CLI_EXIT_USAGE, "%s: missing value after '='", key);
  else if (!tsr_settings_parse (s, key, text, &error))
    {
      /* The core names the parameter; make sure of it. */
      if (strstr (error->message, key) != NULL)
        status = cli_error (CLI_EXIT_USAGE, "%s", error->message);
      else
        status = cli_error (CLI_EXIT_USAGE, "%s: %s", key, error->message);
      g_error_free (error);
    }

  g_free (key);
  return status;
}

static gboolean
color_opaque (const TsrColor *c)
{
  return c->a >= 1.0f;
}

static gboolean
color_grey (const TsrColor *c)
{
  return c->r == c->g && c->g == c->b;
}

/* Whether every stop of the ramp the settings colour with passes test. */
static gboolean
ramp_stops_all (const TsrSettings *s, gboolean (*test) (const TsrColor *c))
{
  TsrRamp *ramp = g_new0 (TsrRamp, 1);
  gboolean all = TRUE;

  tsr_settings_ramp (s, NULL, ramp);
  for (guint i = 0; i < ramp->n_stops && all; i++)
    all = test (&ramp->stops[i].color);
  g_free (ramp);
  return all;
}

/* Whether every pixel is surely opaque, so an 8/16-bit PNG can be RGB.
 * Colours come from a ramp, and a ramp of opaque stops only makes opaque
 * pixels.  Conservative: both colours must be opaque whatever the palette,
 * and the built-in palette in use too. */
static gboolean
settings_opaque (const TsrSettings *s)
{
  return color_opaque (&s->color[TSR_P_COLOR1]) && color_opaque (&s->color[TSR_P_COLOR2])
         && ramp_stops_all (s, color_opaque);
}

/* What the output may rely on, from the map kind's row (map-kinds.c):
 * alpha (translucent colours; data such as the HDRP mask's smoothness),
 * grey (grey maps; colours from a ramp of grey stops, which interpolates
 * to grey), data (values, not colours). */
ImageContent
cli_settings_content (const TsrSettings *s)
{
  const TsrMapKind *kind = tsr_map_kind ((TsrMap) s->value[TSR_P_MAP]);
  ImageContent content = {
    .alpha = kind->alpha == TSR_ALPHA_DATA
             || (kind->alpha == TSR_ALPHA_OF_COLORS && !settings_opaque (s)),
    .data = kind->data,
    .grey = kind->grey || (kind->colors && ramp_stops_all (s, color_grey)),
  };

  return content;
}

/* The output name and --depth: the extension chooses the format. */
static int
check_output (const char *output, const char *depth_arg, ImageFormat *format)
{
  guint64 d = 0;
  char *message = NULL;
  int status;

  if (*output == '\0')
    return cli_error (CLI_EXIT_USAGE, "--output: empty file name");
  if (depth_arg != NULL && (!cli_parse_uint (depth_arg, 32, &d) || (d != 8 && d != 16 && d != 32)))
    return cli_error (CLI_EXIT_USAGE, "--depth: expected 8, 16 or 32, got '%s'", depth_arg);
  /* A directory is refused as such by the file-system checks, whatever
   * its name. */
  if (image_format_choose (output, (int) d, format, &message)
      || g_file_test (output, G_FILE_TEST_IS_DIR))
    {
      g_free (message);
      return CLI_EXIT_OK;
    }
  status = cli_error (CLI_EXIT_USAGE, "%s", message);
  g_free (message);
  return status;
}

/* --material writes a set of fixed formats in place of --output. */
static int
check_material_options (const RenderArgs *a)
{
  if (a->material == NULL)
    return a->naming == NULL ? CLI_EXIT_OK
           : cli_error (CLI_EXIT_USAGE, "--naming: only with --material DIR/NAME");
  if (a->output != NULL)
    return cli_error (CLI_EXIT_USAGE, "--material and --output: give one (a set of maps, "
                      "or one image)");
  if (a->variants != NULL || a->wang != NULL || a->tiles)
    return cli_error (CLI_EXIT_USAGE, "%s: tile sets are written with --output, not as a "
                      "material set", a->variants != NULL ? "--variants"
                      : a->wang != NULL ? "--wang" : "--tiles");
  if (a->depth != NULL || a->quality != NULL)
    return cli_error (CLI_EXIT_USAGE, "%s: a material set's formats are fixed (8-bit PNG, "
                      "16-bit for the height)", a->depth != NULL ? "--depth" : "--quality");
  return CLI_EXIT_OK;
}

/* --compression and --quality, each only for the formats that have it. */
static int
check_options (const RenderArgs *a, ImageFormat format, ImageOptions *o)
{
  guint64 v;

  *o = (ImageOptions) { -1, -1, &interrupted };
  if (a->compression != NULL)
    {
      if (!image_format_has_level (format))
        return cli_error (CLI_EXIT_USAGE, "--compression: %s has none (see --quality)",
                          image_format_name (format));
      if (!cli_parse_uint (a->compression, 9, &v))
        return cli_error (CLI_EXIT_USAGE, "--compression: expected 0 .. 9, got '%s'",
                          a->compression);
      o->level = (int) v;
    }
  if (a->quality != NULL)
    {
      if (!image_format_has_quality (format))
        return cli_error (CLI_EXIT_USAGE, "--quality: %s is lossless (see --compression)",
                          image_format_name (format));
      if (!cli_parse_uint (a->quality, 100, &v) || v < 1)
        return cli_error (CLI_EXIT_USAGE, "--quality: expected 1 .. 100, got '%s'", a->quality);
      o->quality = (int) v;
    }
  return CLI_EXIT_OK;
}

/* ImageMagick's geometry WxH+X+Y, inside the width x height texture. */
static int
parse_region (const char *text, int width, int height, Region *r)
{
  const char *plus = text != NULL ? strchr (text, '+') : NULL;
  char *size = plus ? g_strndup (text, (gsize) (plus - text)) : NULL;
  char **offsets = plus ? g_strsplit (plus + 1, "+", -1) : NULL;
  guint64 x = 0, y = 0;
  gboolean ok = size != NULL && cli_parse_size (size, &r->width, &r->height)
                && g_strv_length (offsets) == 2
                && cli_parse_uint (offsets[0], TSR_MAX_SIZE, &x)
                && cli_parse_uint (offsets[1], TSR_MAX_SIZE, &y);

  g_free (size);
  g_strfreev (offsets);
  if (!ok)
    return cli_error (CLI_EXIT_USAGE, "--region: expected WxH+X+Y, got '%s'", text);
  r->x = (int) x;
  r->y = (int) y;
  if (x + (guint64) r->width > (guint64) width || y + (guint64) r->height > (guint64) height)
    return cli_error (CLI_EXIT_USAGE, "--region: %s reaches outside the %dx%d texture",
                      text, width, height);
  return CLI_EXIT_OK;
}

/* Where a band is encoded: bands k and k + n_bands are never in flight
 * together (the scheduler renders band k only once band k - max_bands is
 * written), so band k owns image band k % n_bands until it is written. */
static ImageBand *
image_band_of (const Progress *p, const TsrBand *band)
{
  return p->bands[band->index % p->n_bands];
}

/* On a worker thread, right after the band is rendered: its encoding.
 * An atlas's band is rendered here, into the band's own buffer. */
static gboolean
encode_band (TsrBand *band, gpointer user_data, GError **error)
{
  Progress *p = user_data;

  if (p->atlas != NULL)
    {
      band->pixels = band->extra;
      band->stride = (gsize) band->width * 4;
      tile_atlas_render_rows (p->atlas, band->y, band->rows, band->pixels, band->stride);
    }

  return image_output_encode (p->out, image_band_of (p, band), band->pixels, band->stride,
                              band->row, band->rows, error);
}

/* On the calling thread, bands in row order. */
static gboolean
write_band (TsrBand *band, gpointer user_data, GError **error)
{
  Progress *p = user_data;

  return image_output_write_band (p->out, image_band_of (p, band), band->rows, error);
}

/* Renders tex into the output.  Returns the exit status. */
static int
render_bands (const TsrTexture *tex, const Region *r, int threads, Progress *progress)
{
  const int width = r->width, height = r->height;
  const int n_threads = threads > 0 ? threads : tsr_render_default_threads ();
  const TsrRenderJob job = {
    .x = r->x, .y = r->y, .width = width, .height = height, .n_threads = threads,
    .band_rows = image_output_band_rows (progress->out),
    .max_bands = 2 * n_threads,
    .extra_row_bytes = progress->atlas != NULL ? (gsize) width * 4 * sizeof (float) : 0,
    .band_done = encode_band, .consume = write_band,
    .progress = cli_render_progress, .user_data = progress,
  };
  GError *error = NULL;
  int status = CLI_EXIT_OK;

  progress->n_bands = job.max_bands;
  progress->bands = g_new0 (ImageBand *, job.max_bands);
  for (int i = 0; i < job.max_bands; i++)
    progress->bands[i] = image_band_new (progress->out);
  if (!tsr_render_bands (progress->atlas != NULL ? NULL : tex, &job, &error))
    {
      if (!(interrupted && g_error_matches (error, TSR_ERROR, TSR_ERROR_CANCELLED)))
        {
          cli_progress_clear (progress);
          /* The output's errors name the file and say what failed. */
          if (error->domain == TSR_ERROR)
            status = cli_error (CLI_EXIT_FAILURE, "render failed: %s", error->message);
          else
            status = cli_error (CLI_EXIT_FAILURE, "%s", error->message);
        }
      g_error_free (error);
    }
  for (int i = 0; i < job.max_bands; i++)
    image_band_free (progress->bands[i]);
  g_clear_pointer (&progress->bands, g_free);
  return status;
}

/* Renders tex's region, or the whole atlas (tex NULL), into output,
 * atomically.  Only now the file system: the file is replaced by a
 * rename, so only a regular file may be replaced (never a directory or
 * /dev/null). */
static int
write_texture (const TsrTexture *tex, const TileAtlas *atlas, const char *output,
               ImageFormat format, const ImageOptions *options, const Region *region,
               const ImageContent *content, int threads)
{
  ImageOutput *out;
  Progress progress = { 0 };
  GError *error = NULL;
  struct stat st;
  int status;

  if (stat (output, &st) == 0 && !S_ISREG (st.st_mode))
    return cli_error (CLI_EXIT_FAILURE, "cannot write '%s': %s", output,
                      S_ISDIR (st.st_mode) ? g_strerror (EISDIR) : "not a regular file");

  out = image_output_new (output, format, options, region->width, region->height,
                          content, &error);
  if (out == NULL)
    {
      status = cli_error (CLI_EXIT_FAILURE, "%s", error->message);
      g_error_free (error);
      return status;
    }

  progress.atlas = atlas;
  progress.out = out;
  progress.output = output;
  progress.tty = isatty (STDERR_FILENO);
  progress.shown = -1;

  status = render_bands (tex, region, threads, &progress);
  if (status != CLI_EXIT_OK || interrupted)
    {
      image_output_abort (out);
      return status == CLI_EXIT_OK ? cli_stop_interrupted (&progress, output, FALSE) : status;
    }

  cli_progress_clear (&progress);
  /* A signal during the finish: WebP's long encoding gives up, and the
   * file is not written; the other formats end quickly, complete. */
  if (!image_output_finish (out, &error))
    {
      if (interrupted)
        status = cli_stop_interrupted (&progress, output, FALSE);
      else
        status = cli_error (CLI_EXIT_FAILURE, "%s", error->message);
      g_error_free (error);
      return status;
    }
  return interrupted ? cli_stop_interrupted (&progress, output, TRUE) : CLI_EXIT_OK;
}

/* Output with a numbered suffix before the extension, which chooses the
 * format: frame k, "sky.png" -> "sky-0007.png" (digits 4, prefix ""); tile
 * k, "set.png" -> "set-tile07.png" (2, "tile"). */
static char *
numbered_path (const char *output, const char *prefix, int digits, int k)
{
  const char *slash = strrchr (output, '/');
  const char *dot = strrchr (slash ? slash + 1 : output, '.');
  gsize stem = dot ? (gsize) (dot - output) : strlen (output);

  return g_strdup_printf ("%.*s-%s%0*d%s", (int) stem, output, prefix, digits, k,
                          dot ? dot : "");
}

char *
cli_frame_path (const char *output, int k)
{
  return numbered_path (output, "", 4, k);
}

/* The frames of the loop, each at its own time, each a file of its own;
 * one frame: the texture as the settings say, in output. */
static int
write_frames (const TsrSettings *settings, int width, int height, const char *output,
              int frames, ImageFormat format, const ImageOptions *options,
              const Region *region, const ImageContent *content, int threads)
{
  cli_catch_signals ();
  for (int k = 0; k < frames; k++)
    {
      TsrSettings s = frames > 1 ? tsr_settings_frame (settings, k, frames) : *settings;
      TsrTexture *tex;
      GError *error = NULL;
      char *path = frames > 1 ? cli_frame_path (output, k) : g_strdup (output);
      int status;

      tex = tsr_texture_new (&s, width, height, NULL, &error);
      if (tex == NULL)
        {
          g_free (path);
          status = cli_error (CLI_EXIT_USAGE, "%s", error->message);
          g_error_free (error);
          return status;
        }
      tsr_texture_set_output_levels (tex, image_format_is_float (format)
                                          ? 0 : (1u << format.depth) - 1);
      status = write_texture (tex, NULL, path, format, options, region, content, threads);
      tsr_texture_free (tex);
      g_free (path);
      if (status != CLI_EXIT_OK)
        return status;
    }
  return CLI_EXIT_OK;
}

/* The lattice needs two cells a tile: a larger scale is not silently
 * ignored but said, with what the user gets instead. */
static void
warn_feature_limit (const TsrTexture *tex, const TsrSettings *s)
{
  double w, h;

  if (tsr_texture_feature_limit (tex, &w, &h))
    fprintf (stderr, "tessera: note: scale=%g is more than half the tile; when tiling, "
             "features are at most half the tile: %gx%g pixels here\n",
             s->value[TSR_P_SCALE], w, h);
}

/* A tile set's options: which set, of how many tiles, and the terrain's
 * second ramp (*terrain set when asked for). */
static int
check_tile_set (const RenderArgs *a, const TsrSettings *s, TsrTileKind *kind, int *n,
                TsrRamp *terrain, gboolean *with_terrain)
{
  guint64 v;

  *kind = TSR_TILES_NONE;
  *with_terrain = FALSE;
  if (a->variants != NULL && a->wang != NULL)
    return cli_error (CLI_EXIT_USAGE, "--variants and --wang: one set at a time");
  if (a->variants != NULL)
    {
      if (!cli_parse_uint (a->variants, TSR_MAX_VARIANTS, &v) || v < 1)
        return cli_error (CLI_EXIT_USAGE, "--variants: expected 1 .. %d, got '%s'",
                          TSR_MAX_VARIANTS, a->variants);
      *kind = TSR_TILES_VARIANTS;
      *n = (int) v;
    }
  if (a->wang != NULL)
    {
      if (strcmp (a->wang, "corner") != 0)
        return cli_error (CLI_EXIT_USAGE, "--wang: unknown layout '%s' (expected corner)",
                          a->wang);
      *kind = TSR_TILES_CORNERS;
      *n = TSR_CORNER_TILES;
    }
  if (a->terrain != NULL)
    {
      GError *error = NULL;
      int status;

      if (*kind != TSR_TILES_CORNERS)
        return cli_error (CLI_EXIT_USAGE, "--terrain: needs --wang corner");
      if (!tile_atlas_terrain_ramp (s, a->terrain, terrain, &error))
        {
          status = cli_error (CLI_EXIT_USAGE, "--terrain: %s", error->message);
          g_error_free (error);
          return status;
        }
      *with_terrain = TRUE;
    }
  if (*kind == TSR_TILES_NONE)
    return a->tiles ? cli_error (CLI_EXIT_USAGE, "--tiles: needs --variants or --wang")
                    : CLI_EXIT_OK;
  if (a->frames != NULL || a->region != NULL)
    return cli_error (CLI_EXIT_USAGE, "%s: not with a tile set (--variants, --wang)",
                      a->frames != NULL ? "--frames" : "--region");
  return CLI_EXIT_OK;
}

/* The atlas into output, the Tiled tileset beside it (corner tiles) and,
 * with --tiles, each tile into a file of its own. */
static int
write_tile_set (const RenderArgs *a, TileAtlas *atlas, ImageFormat format,
                const ImageOptions *options, const ImageContent *content, int threads)
{
  const Region whole = { 0, 0, tile_atlas_width (atlas), tile_atlas_height (atlas) };
  const Region tile = { 0, 0, atlas->tile_w, atlas->tile_h };
  int status;

  cli_catch_signals ();
  status = write_texture (NULL, atlas, a->output, format, options, &whole, content, threads);
  if (status == CLI_EXIT_OK && atlas->kind == TSR_TILES_CORNERS)
    {
      const char *names[2] = { NULL, NULL };
      char *settings_palette = NULL;
      char *text[2];
      static const char *const ext[2] = { ".tsx", ".tres" };

      names[0] = "A";
      names[1] = "B";
      if (a->terrain != NULL)
        {
          settings_palette = tsr_settings_format (tsr_texture_get_settings (atlas->tex[0]),
                                                  TSR_P_PALETTE);
          names[0] = settings_palette;
          names[1] = a->terrain;
        }
      /* Tiled's tileset and Godot 4's TileSet */
      text[0] = tiled_tsx_text (atlas, a->output, names);
      text[1] = godot_tres_text (atlas, a->output, names);
      for (int f = 0; f < 2; f++)
        {
          char *path = tile_set_sidecar_path (a->output, ext[f]);
          GError *error = NULL;

          if (status == CLI_EXIT_OK && !g_file_set_contents (path, text[f], -1, &error))
            {
              status = cli_error (CLI_EXIT_FAILURE, "%s", error->message);
              g_error_free (error);
            }
          g_free (text[f]);
          g_free (path);
        }
      g_free (settings_palette);
    }
  for (int k = 0; a->tiles && k < atlas->n && status == CLI_EXIT_OK; k++)
    {
      char *path = numbered_path (a->output, "tile", 2, k);

      status = write_texture (atlas->tex[k], NULL, path, format, options, &tile, content,
                              threads);
      g_free (path);
    }
  return status;
}

/* Renders the tile set the options ask for; everything checked first. */
static int
render_tile_set (const RenderArgs *a, const TsrSettings *settings, TsrTileKind kind, int n,
                 const TsrRamp *terrain, int width, int height, ImageFormat format,
                 const ImageOptions *options, int threads)
{
  TileAtlas atlas;
  ImageContent content = cli_settings_content (settings);
  GError *error = NULL;
  char *message = NULL;
  int status;

  tile_atlas_layout (&atlas, kind, n, width, height);
  if (!image_format_size_fits (format, options, tile_atlas_width (&atlas),
                               tile_atlas_height (&atlas), &message))
    {
      status = cli_error (CLI_EXIT_USAGE, "--size %s: the %dx%d atlas: %s", a->size,
                          tile_atlas_width (&atlas), tile_atlas_height (&atlas), message);
      g_free (message);
      return status;
    }
  if (!tile_atlas_make (&atlas, settings, NULL, terrain,
                        image_format_is_float (format) ? 0 : (1u << format.depth) - 1,
                        &error))
    {
      status = cli_error (CLI_EXIT_USAGE, "%s", error->message);
      g_error_free (error);
      return status;
    }
  if ((guint) n > tsr_texture_tile_capacity (atlas.tex[0]))
    {
      tile_atlas_clear (&atlas);
      return cli_error (CLI_EXIT_USAGE, "--variants %d: the tile's lattices can tell only %u "
                        "apart (a larger tile or a smaller scale)", n,
                        tsr_texture_tile_capacity (atlas.tex[0]));
    }
  if (terrain != NULL)
    content.grey = content.data = FALSE;
  status = write_tile_set (a, &atlas, format, options, &content, threads);
  tile_atlas_clear (&atlas);
  return status;
}

/* The settings KEY=VALUE words start from: PATTERN's defaults, or the
 * preset's pattern and settings. */
static int
start_settings (const RenderArgs *a, const TsrPattern **pattern, TsrSettings *settings)
{
  const char *name = a->pattern;
  const TsrPreset *preset = NULL;
  GError *error = NULL;
  int status = CLI_EXIT_OK;

  if (a->preset != NULL)
    {
      if ((preset = tsr_preset_lookup (a->preset)) == NULL)
        return cli_error (CLI_EXIT_USAGE, "--preset: unknown preset '%s' (see 'tessera presets')",
                          a->preset);
      name = preset->pattern;
    }
  if (name == NULL)
    return cli_error (CLI_EXIT_USAGE, "render: missing PATTERN (see 'tessera list')");
  if ((*pattern = tsr_pattern_lookup (name)) == NULL)
    return cli_error (CLI_EXIT_USAGE, "unknown pattern '%s' (see 'tessera list')", name);
  if (!tsr_settings_init (settings, name, &error)
      || (preset != NULL && !tsr_preset_apply (preset, settings, &error)))
    {
      status = cli_error (CLI_EXIT_USAGE, "%s", error->message);
      g_error_free (error);
    }
  return status;
}

static int
render (const RenderArgs *a)
{
  const TsrPattern *pattern = NULL;
  TsrSettings settings;
  TsrTexture *tex;
  ImageFormat format = { 0 };
  GError *error = NULL;
  int width, height, threads = 0, frames = 1, status;
  ImageOptions options;
  ImageContent content;
  Region region;
  char *message = NULL;
  guint64 n;
  TsrTileKind kind;
  int n_tiles = 0;
  TsrRamp terrain;
  gboolean with_terrain;

  /* 1. Everything the user typed, in the order they are likely to look. */
  if ((status = start_settings (a, &pattern, &settings)) != CLI_EXIT_OK)
    return status;
  for (guint i = 0; i < a->assignments->len; i++)
    if ((status = apply_assignment (&settings, pattern, a->assignments->pdata[i])) != CLI_EXIT_OK)
      return status;

  if (a->size == NULL)
    return cli_error (CLI_EXIT_USAGE, "render: --size WxH is required");
  if (!cli_parse_size (a->size, &width, &height))
    return cli_error (CLI_EXIT_USAGE,
                      "--size: expected WxH with W and H in 1 .. %d, got '%s'",
                      TSR_MAX_SIZE, a->size);

  region = (Region) { 0, 0, width, height };
  if (a->region != NULL && (status = parse_region (a->region, width, height, &region)) != CLI_EXIT_OK)
    return status;

  if ((status = check_material_options (a)) != CLI_EXIT_OK)
    return status;
  if (a->output == NULL && a->material == NULL)
    return cli_error (CLI_EXIT_USAGE, "render: --output FILE (or --material DIR/NAME) is required");
  /* a material set is PNGs: --compression is PNG's */
  if ((status = check_output (a->material ? "set.png" : a->output, a->depth, &format))
      != CLI_EXIT_OK)
    return status;

  if ((status = check_options (a, format, &options)) != CLI_EXIT_OK)
    return status;
  if (!image_format_size_fits (format, &options, region.width, region.height, &message))
    {
      status = cli_error (CLI_EXIT_USAGE, "%s %s: %s", a->region ? "--region" : "--size",
                          a->region ? a->region : a->size, message);
      g_free (message);
      return status;
    }

  if (a->threads != NULL)
    {
      if (!cli_parse_uint (a->threads, MAX_THREADS, &n))
        return cli_error (CLI_EXIT_USAGE, "--threads: expected 0 .. %d (0 = all cores), got '%s'",
                          MAX_THREADS, a->threads);
      threads = (int) n;
    }

  if (a->frames != NULL)
    {
      if (!cli_parse_uint (a->frames, MAX_FRAMES, &n) || n < 1)
        return cli_error (CLI_EXIT_USAGE, "--frames: expected 1 .. %d, got '%s'", MAX_FRAMES,
                          a->frames);
      frames = (int) n;
    }

  if ((status = check_tile_set (a, &settings, &kind, &n_tiles, &terrain, &with_terrain))
      != CLI_EXIT_OK)
    return status;

  /* 2. The settings as a whole, and the texture they make. */
  if (!tsr_settings_validate (&settings, &error) ||
      (tex = tsr_texture_new (&settings, width, height, NULL, &error)) == NULL)
    {
      status = cli_error (CLI_EXIT_USAGE, "%s", error->message);
      g_error_free (error);
      return status;
    }

  warn_feature_limit (tex, &settings);
  tsr_texture_free (tex);
  if (a->material != NULL)
    return cli_render_material (&settings, width, height, &region, a->material, a->naming,
                                options.level, frames, threads);
  content = cli_settings_content (&settings);
  if (!image_format_has_alpha (format) && content.alpha)
    {
      const TsrMap map = (TsrMap) settings.value[TSR_P_MAP];
      char *extensions = image_format_alpha_extensions ();

      if (tsr_map_kind (map)->alpha == TSR_ALPHA_DATA)
        status = cli_error (CLI_EXIT_USAGE, "--output '%s': map=%s keeps data in its alpha "
                            "channel, which %s cannot hold: use %s", a->output,
                            tsr_map_choices[map].name, image_format_name (format), extensions);
      else
        status = cli_error (CLI_EXIT_USAGE, "--output '%s': %s cannot hold the texture's "
                            "transparency (colours with alpha below 1): use %s", a->output,
                            image_format_name (format), extensions);
      g_free (extensions);
      return status;
    }

  if (kind != TSR_TILES_NONE)
    return render_tile_set (a, &settings, kind, n_tiles, with_terrain ? &terrain : NULL,
                            width, height, format, &options, threads);
  return write_frames (&settings, width, height, a->output, frames, format, &options,
                       &region, &content, threads);
}

int
cli_render (int argc, char **argv)
{
  RenderArgs args = { 0 };
  int status;

  args.assignments = g_ptr_array_new ();
  if (collect_args (argc, argv, &args, &status))
    status = render (&args);
  g_ptr_array_unref (args.assignments);
  g_strfreev (args.operands);
  g_free (args.size);
  g_free (args.region);
  g_free (args.compression);
  g_free (args.quality);
  g_free (args.output);
  g_free (args.depth);
  g_free (args.threads);
  g_free (args.frames);
  g_free (args.material);
  g_free (args.preset);
  g_free (args.naming);
  g_free (args.variants);
  g_free (args.wang);
  g_free (args.terrain);
  return status;
}
