/* `tessera render`'s arguments, read and checked: see render-args.h. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "render-args.h"
#include "presets.h"

#define MAX_THREADS 1024
#define MAX_FRAMES  1000

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
gboolean
render_args_collect (int argc, char **argv, RenderArgs *a, int *status)
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

/* The output name and --depth: the extension chooses the format. */
static int
check_output (const char *output, const char *depth_arg, ImageFormat *format)
{
  guint64 d = 0;
  char *message = NULL;
  int status;

  if (*output == '\0')
    return cli_error (CLI_EXIT_USAGE, "--output: empty file name");
  if (g_str_has_suffix (output, "/") || g_file_test (output, G_FILE_TEST_IS_DIR))
    return cli_error (CLI_EXIT_USAGE, "--output '%s': a folder, not a file name (such as "
                      "'%s%stexture.png')", output, output, g_str_has_suffix (output, "/") ? "" : "/");
  if (depth_arg != NULL && (!cli_parse_uint (depth_arg, 32, &d) || (d != 8 && d != 16 && d != 32)))
    return cli_error (CLI_EXIT_USAGE, "--depth: expected 8, 16 or 32, got '%s'", depth_arg);
  if (image_format_choose (output, (int) d, format, &message))
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

  *o = (ImageOptions) { -1, -1, cli_interrupted () };
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

void
render_args_clear (RenderArgs *a)
{
  g_clear_pointer (&a->assignments, g_ptr_array_unref);
  g_strfreev (a->operands);
  g_free (a->size);
  g_free (a->region);
  g_free (a->compression);
  g_free (a->quality);
  g_free (a->output);
  g_free (a->depth);
  g_free (a->threads);
  g_free (a->frames);
  g_free (a->material);
  g_free (a->preset);
  g_free (a->naming);
  g_free (a->variants);
  g_free (a->wang);
  g_free (a->terrain);
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

/* The pattern (or preset) and its KEY=VALUE words. */
static int
check_settings (const RenderArgs *a, TsrSettings *settings)
{
  const TsrPattern *pattern = NULL;
  int status;

  if ((status = start_settings (a, &pattern, settings)) != CLI_EXIT_OK)
    return status;
  for (guint i = 0; i < a->assignments->len; i++)
    if ((status = apply_assignment (settings, pattern, a->assignments->pdata[i])) != CLI_EXIT_OK)
      return status;
  return CLI_EXIT_OK;
}

/* --size and --region. */
static int
check_geometry (const RenderArgs *a, RenderPlan *plan)
{
  if (a->size == NULL)
    return cli_error (CLI_EXIT_USAGE, "render: --size WxH is required");
  if (!cli_parse_size (a->size, &plan->width, &plan->height))
    return cli_error (CLI_EXIT_USAGE,
                      "--size: expected WxH with W and H in 1 .. %d, got '%s'",
                      TSR_MAX_SIZE, a->size);
  plan->region = (Region) { 0, 0, plan->width, plan->height };
  return a->region != NULL ? cli_parse_region (a->region, plan->width, plan->height, &plan->region)
                           : CLI_EXIT_OK;
}

/* --output or --material, the format and its options, and whether the
 * format can hold the region's size. */
static int
check_destination (const RenderArgs *a, RenderPlan *plan)
{
  char *message = NULL;
  int status;

  if ((status = check_material_options (a)) != CLI_EXIT_OK)
    return status;
  if (a->output == NULL && a->material == NULL)
    return cli_error (CLI_EXIT_USAGE, "render: --output FILE (or --material DIR/NAME) is required");
  /* a material set is PNGs: --compression is PNG's */
  if ((status = check_output (a->material ? "set.png" : a->output, a->depth, &plan->format))
      != CLI_EXIT_OK)
    return status;
  if ((status = check_options (a, plan->format, &plan->options)) != CLI_EXIT_OK)
    return status;
  if (!image_format_size_fits (plan->format, &plan->options, plan->region.width,
                               plan->region.height, &message))
    {
      status = cli_error (CLI_EXIT_USAGE, "%s %s: %s", a->region ? "--region" : "--size",
                          a->region ? a->region : a->size, message);
      g_free (message);
      return status;
    }
  return CLI_EXIT_OK;
}

/* --threads and --frames. */
static int
check_counts (const RenderArgs *a, RenderPlan *plan)
{
  guint64 n;

  plan->threads = 0;
  plan->frames = 1;
  if (a->threads != NULL)
    {
      if (!cli_parse_uint (a->threads, MAX_THREADS, &n))
        return cli_error (CLI_EXIT_USAGE, "--threads: expected 0 .. %d (0 = all cores), got '%s'",
                          MAX_THREADS, a->threads);
      plan->threads = (int) n;
    }
  if (a->frames != NULL)
    {
      if (!cli_parse_uint (a->frames, MAX_FRAMES, &n) || n < 1)
        return cli_error (CLI_EXIT_USAGE, "--frames: expected 1 .. %d, got '%s'", MAX_FRAMES,
                          a->frames);
      plan->frames = (int) n;
    }
  return CLI_EXIT_OK;
}

/* The lattice needs two cells a tile: a larger scale is not silently
 * ignored but said, with what the user gets instead. */
static void
warn_feature_limit (const TsrTexture *tex, const TsrSettings *s)
{
  double w, h;
  int columns, rows;

  if (tsr_texture_feature_limit (tex, &w, &h))
    fprintf (stderr, "tessera: note: scale=%g is more than half the tile; when tiling, "
             "features are at most half the tile: %gx%g pixels here\n",
             s->value[TSR_P_SCALE], w, h);
  /* a layout repeats every few pieces: the counts are rounded up to it */
  if (tsr_texture_piece_counts (tex, &columns, &rows))
    fprintf (stderr, "tessera: note: layout=%s lays whole repeats: columns=%g rows=%g "
             "are laid as %d x %d\n", tsr_brick_layout_choices[(int) s->value[TSR_P_LAYOUT]].name,
             s->value[TSR_P_COLUMNS], s->value[TSR_P_ROWS], columns, rows);
}

/* The settings as a whole, and the texture they make. */
static int
check_texture (const RenderPlan *plan)
{
  GError *error = NULL;
  TsrTexture *tex;
  int status;

  if (!tsr_settings_validate (&plan->settings, &error) ||
      (tex = tsr_texture_new (&plan->settings, plan->width, plan->height, NULL, &error)) == NULL)
    {
      status = cli_error (CLI_EXIT_USAGE, "%s", error->message);
      g_error_free (error);
      return status;
    }
  warn_feature_limit (tex, &plan->settings);
  tsr_texture_free (tex);
  return CLI_EXIT_OK;
}

/* Whether the single image's format can hold its alpha channel. */
static int
check_alpha (const RenderArgs *a, const RenderPlan *plan)
{
  const TsrMap map = (TsrMap) plan->settings.value[TSR_P_MAP];
  char *extensions;
  int status;

  if (image_format_has_alpha (plan->format))
    return CLI_EXIT_OK;
  if (!plan->content.alpha)
    return CLI_EXIT_OK;
  extensions = image_format_alpha_extensions ();
  if (tsr_map_kind (map)->alpha == TSR_ALPHA_DATA)
    status = cli_error (CLI_EXIT_USAGE, "--output '%s': map=%s keeps data in its alpha "
                        "channel, which %s cannot hold: use %s", a->output,
                        tsr_map_choices[map].name, image_format_name (plan->format), extensions);
  else
    status = cli_error (CLI_EXIT_USAGE, "--output '%s': %s cannot hold the texture's "
                        "transparency (colours with alpha below 1): use %s", a->output,
                        image_format_name (plan->format), extensions);
  g_free (extensions);
  return status;
}

/* Names every file into plan->files; path may be planned, else an
 * error for option. */
static int
plan_file (RenderPlan *plan, const char *option, const char *path)
{
  GError *error = NULL;
  int status;

  if (file_set_plan (plan->files, path, &error))
    return CLI_EXIT_OK;
  status = cli_error (CLI_EXIT_USAGE, "%s: %s", option, error->message);
  g_error_free (error);
  return status;
}

/* Every file the render will write, numbered ones too, before anything
 * is rendered: a name that cannot be written is refused now, not after
 * half the set. */
static int
plan_files (const RenderArgs *a, RenderPlan *plan)
{
  int status = CLI_EXIT_OK;
  char *message = NULL;

  plan->files = file_set_new ();
  if (plan->tile_kind != TSR_TILES_NONE)
    return render_args_plan_tile_set (a, plan);
  if (a->material != NULL && !material_set_init (&plan->material, a->material, a->naming,
                                                 &message))
    {
      status = cli_error (CLI_EXIT_USAGE, "%s", message);
      g_free (message);
      return status;
    }
  for (int k = 0; k < plan->frames && status == CLI_EXIT_OK; k++)
    {
      const int n = a->material != NULL ? plan->material.n_files : 1;

      for (int f = 0; f < n && status == CLI_EXIT_OK; f++)
        {
          const char *path = a->material != NULL ? plan->material.files[f].path : a->output;
          char *name = plan->frames > 1 ? cli_frame_path (path, k) : g_strdup (path);

          status = plan_file (plan, a->material != NULL ? "--material" : "--output", name);
          g_free (name);
        }
    }
  return status;
}

int
render_args_check (const RenderArgs *a, RenderPlan *plan)
{
  int status;

  memset (plan, 0, sizeof *plan);
  if ((status = check_settings (a, &plan->settings)) != CLI_EXIT_OK
      || (status = check_geometry (a, plan)) != CLI_EXIT_OK
      || (status = check_destination (a, plan)) != CLI_EXIT_OK
      || (status = check_counts (a, plan)) != CLI_EXIT_OK
      || (status = render_args_check_tile_set (a, plan)) != CLI_EXIT_OK
      || (status = check_texture (plan)) != CLI_EXIT_OK)
    return status;
  if (a->material == NULL)
    {
      plan->content = tsr_settings_content (&plan->settings, NULL);
      if ((status = check_alpha (a, plan)) != CLI_EXIT_OK)
        return status;
    }
  return plan_files (a, plan);
}

void
render_plan_clear (RenderPlan *plan)
{
  material_set_clear (&plan->material);
  g_clear_pointer (&plan->files, file_set_abort);
}
