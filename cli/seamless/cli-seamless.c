/* tessera seamless INPUT (--output OUT | --material DIR/NAME [--naming N])
 *                  [--size WxH] [KEY=VALUE ...]
 *                  [--variants N | --wang corner [--tiles]]
 *                  [--depth 8|16|32] [--compression 0-9] [--quality 1-100]
 *
 * A seamless tile from a photograph (core/photo/seamless.h): the file is
 * read (image-input.h), every argument checked, the tile made, then
 * written atomically; on any failure nothing is written.  The depth is the
 * photograph's when the output format holds it, so 16-bit and float
 * photographs keep their precision. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "seamless-cli.h"
#include "image-input.h"
#include "image-output.h"
#include "photo/photo-maps.h"

static void
seamless_args_clear (SeamlessArgs *a)
{
  g_free (a->output);
  g_free (a->size);
  g_free (a->depth);
  g_free (a->compression);
  g_free (a->quality);
  g_free (a->material);
  g_free (a->naming);
  g_free (a->variants);
  g_free (a->wang);
  g_strfreev (a->operands);
}

void
seamless_rgba_row (const TsrImage *tile, int y, gboolean to_srgb, float *rgba)
{
  const int n = tile->channels, colours = tsr_image_colours (tile);
  const float *src = tile->pixels + (gsize) y * tile->width * n;

  for (int x = 0; x < tile->width; x++, src += n)
    {
      float *d = rgba + (gsize) x * 4;

      for (int c = 0; c < 3; c++)
        d[c] = src[colours == 3 ? c : 0];
      d[3] = tsr_image_has_alpha (tile) ? src[n - 1] : 1.0f;
      if (to_srgb)
        for (int c = 0; c < 3; c++)
          {
            /* Linear light to the sRGB curve (IEC 61966-2-1). */
            double v = CLAMP (d[c], 0.0f, 1.0f);

            d[c] = (float) (v <= 0.0031308 ? v * 12.92 : 1.055 * pow (v, 1.0 / 2.4) - 0.055);
          }
    }
}

gboolean
seamless_write_image (const char *path, ImageFormat format, const ImageOptions *options,
                      const ImageContent *content, int width, int height, SeamlessRows rows,
                      gconstpointer data, FileSet *files, GError **error)
{
  ImageOutput *out = image_output_new (path, format, options, width, height, content, error);
  AtomicFile *done;
  float *rgba;
  gboolean ok = TRUE;

  if (out == NULL)
    return FALSE;
  rgba = g_new (float, (gsize) width * 4);
  for (int y = 0; ok && y < height; y++)
    {
      rows (data, y, rgba);
      ok = image_output_write_rows (out, rgba, (gsize) width * 4, 1, error);
    }
  g_free (rgba);
  if (!ok)
    {
      image_output_abort (out);
      return FALSE;
    }
  if (files == NULL)
    return image_output_finish (out, error);
  return (done = image_output_finish_file (out, error)) != NULL
         && file_set_add (files, done, error);
}

ImageContent
seamless_tile_content (const TsrImage *tile, ImageFormat format, gboolean linear)
{
  /* Float samples of a float file go back as they came: no round trip
   * through the sRGB curve. */
  return (ImageContent) { .alpha = tsr_image_has_alpha (tile),
                          .grey = tsr_image_colours (tile) == 1,
                          .data = linear && image_format_is_float (format) };
}

void
seamless_tile_rows (gconstpointer data, int y, float *rgba)
{
  const SeamlessTileRows *t = data;

  seamless_rgba_row (t->tile, y, t->to_srgb, rgba);
}

/* Writes the tile; FALSE with the output untouched on failure. */
static gboolean
write_tile (const char *path, ImageFormat format, const ImageOptions *options,
            const TsrImage *tile, gboolean linear, GError **error)
{
  const ImageContent content = seamless_tile_content (tile, format, linear);
  const SeamlessTileRows rows = { tile, linear && !image_format_is_float (format) };

  return seamless_write_image (path, format, options, &content, tile->width, tile->height,
                               seamless_tile_rows, &rows, NULL, error);
}

/* KEY=VALUE: a setting of the tile (seamless-params.h) or of its maps'
 * surface (photo-maps.h). */
static int
parse_setting (const char *word, const char *eq, SeamlessPlan *plan)
{
  g_autofree char *key = g_strndup (word, (gsize) (eq - word));
  g_autoptr (GError) error = NULL;
  const TsrParamSpec *spec = tsr_param_lookup (key);

  for (int i = 0; i < TSR_SP_COUNT; i++)
    if (strcmp (key, tsr_seamless_params[i].key) == 0)
      {
        if (!tsr_seamless_settings_parse (&plan->settings, key, eq + 1, &error))
          return cli_error (CLI_EXIT_USAGE, "%s", error->message);
        if (tsr_seamless_params[i].maps && plan->maps_setting == NULL)
          plan->maps_setting = word;
        return CLI_EXIT_OK;
      }
  if (spec != NULL && tsr_photo_map_reads (spec->id))
    {
      if (!tsr_settings_parse (&plan->surface, key, eq + 1, &error))
        return cli_error (CLI_EXIT_USAGE, "%s", error->message);
      if (plan->maps_setting == NULL)
        plan->maps_setting = word;
      return CLI_EXIT_OK;
    }
  {
    GString *keys = g_string_new (NULL);

    for (int i = 0; i < TSR_SP_COUNT; i++)
      g_string_append_printf (keys, "%s, ", tsr_seamless_params[i].key);
    for (int i = 0; tsr_photo_map_params[i] != TSR_P_COUNT; i++)
      g_string_append_printf (keys, "%s%s", i ? ", " : "",
                              tsr_params[tsr_photo_map_params[i]].name);
    cli_error (CLI_EXIT_USAGE, "'%s' is not a setting of seamless tiles (%s)", key, keys->str);
    g_string_free (keys, TRUE);
    return CLI_EXIT_USAGE;
  }
}

static int
parse_args (int argc, char **argv, SeamlessArgs *a, SeamlessPlan *plan)
{
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &a->output, NULL, NULL },
    { "size", 0, 0, G_OPTION_ARG_FILENAME, &a->size, NULL, NULL },
    { "depth", 0, 0, G_OPTION_ARG_FILENAME, &a->depth, NULL, NULL },
    { "compression", 0, 0, G_OPTION_ARG_FILENAME, &a->compression, NULL, NULL },
    { "quality", 0, 0, G_OPTION_ARG_FILENAME, &a->quality, NULL, NULL },
    { "material", 0, 0, G_OPTION_ARG_FILENAME, &a->material, NULL, NULL },
    { "naming", 0, 0, G_OPTION_ARG_FILENAME, &a->naming, NULL, NULL },
    { "variants", 0, 0, G_OPTION_ARG_FILENAME, &a->variants, NULL, NULL },
    { "wang", 0, 0, G_OPTION_ARG_FILENAME, &a->wang, NULL, NULL },
    { "tiles", 0, 0, G_OPTION_ARG_NONE, &a->tiles, NULL, NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &a->operands, NULL, NULL },
    G_OPTION_ENTRY_NULL
  };
  int status;

  if (!cli_options_parse ("seamless", entries, FALSE, &argc, &argv, &status))
    return status;
  plan->input = NULL;
  for (char **word = a->operands; word != NULL && *word != NULL; word++)
    {
      const char *eq = strchr (*word, '=');

      if (eq == NULL && plan->input == NULL)
        plan->input = *word;
      else if (eq == NULL)
        return cli_error (CLI_EXIT_USAGE, "seamless: unexpected argument '%s' (one INPUT, "
                          "then KEY=VALUE)", *word);
      else if ((status = parse_setting (*word, eq, plan)) != CLI_EXIT_OK)
        return status;
    }
  if (plan->input == NULL)
    return cli_error (CLI_EXIT_USAGE, "seamless: missing INPUT (usage: tessera seamless "
                      "INPUT --output OUT [--size WxH] [KEY=VALUE ...])");
  if (a->material != NULL && a->output != NULL)
    return cli_error (CLI_EXIT_USAGE, "--material and --output: give one (a set of maps, "
                      "or one image)");
  if (a->material == NULL && a->output == NULL)
    return cli_error (CLI_EXIT_USAGE, "seamless: missing --output FILE (or --material "
                      "DIR/NAME)");
  if (a->output != NULL && *a->output == '\0')
    return cli_error (CLI_EXIT_USAGE, "--output: empty file name");
  if (a->material == NULL && a->naming != NULL)
    return cli_error (CLI_EXIT_USAGE, "--naming: only with --material DIR/NAME");
  if (a->material != NULL && (a->depth != NULL || a->quality != NULL))
    return cli_error (CLI_EXIT_USAGE, "%s: a material set's formats are fixed (8-bit PNG, "
                      "16-bit for the height)", a->depth != NULL ? "--depth" : "--quality");
  if (a->material == NULL && plan->maps_setting != NULL)
    return cli_error (CLI_EXIT_USAGE, "%s: a setting of the material maps, only with "
                      "--material DIR/NAME", plan->maps_setting);
  if (a->size != NULL && !cli_parse_size (a->size, &plan->width, &plan->height))
    return cli_error (CLI_EXIT_USAGE, "--size: expected WxH, got '%s'", a->size);
  return seamless_sets_parse (a, &plan->tile_kind, &plan->n_tiles);
}

/* The format: the extension's, at --depth or else the photograph's depth
 * when the format holds it. */
static int
choose_format (const SeamlessArgs *a, int photo_depth, ImageFormat *format, ImageOptions *o)
{
  guint64 d = 0, v;
  char *message = NULL;

  if (a->depth != NULL && (!cli_parse_uint (a->depth, 32, &d) || (d != 8 && d != 16 && d != 32)))
    return cli_error (CLI_EXIT_USAGE, "--depth: expected 8, 16 or 32, got '%s'", a->depth);
  if (d == 0 && image_format_choose (a->output, photo_depth, format, &message))
    d = (guint64) photo_depth;
  g_clear_pointer (&message, g_free);
  if (!image_format_choose (a->output, (int) d, format, &message))
    {
      int status = cli_error (CLI_EXIT_USAGE, "%s", message);

      g_free (message);
      return status;
    }
  *o = (ImageOptions) { -1, -1, NULL };
  if (a->compression != NULL)
    {
      if (!image_format_has_level (*format) || !cli_parse_uint (a->compression, 9, &v))
        return cli_error (CLI_EXIT_USAGE, "--compression: expected 0 .. 9 for PNG, TIFF or "
                          "EXR, got '%s'", a->compression);
      o->level = (int) v;
    }
  if (a->quality != NULL)
    {
      if (!image_format_has_quality (*format) || !cli_parse_uint (a->quality, 100, &v) || v < 1)
        return cli_error (CLI_EXIT_USAGE, "--quality: expected 1 .. 100 for JPEG or WebP, "
                          "got '%s'", a->quality);
      o->quality = (int) v;
    }
  return CLI_EXIT_OK;
}

/* The tile, or the tile set, into --output: the exit status. */
static int
write_output (const SeamlessArgs *a, const SeamlessPlan *plan, const TsrImage *photo,
              const ImageInputInfo *info)
{
  ImageFormat format;
  ImageOptions options;
  g_autoptr (TsrImage) tile = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *reason = NULL;
  int status;

  if ((status = choose_format (a, info->depth, &format, &options)) != CLI_EXIT_OK)
    return status;
  if (tsr_image_has_alpha (photo) && !image_format_has_alpha (format))
    {
      g_autofree char *extensions = image_format_alpha_extensions ();

      return cli_error (CLI_EXIT_USAGE, "'%s' has transparency and %s has none: write %s",
                        plan->input, image_format_name (format), extensions);
    }
  if (plan->tile_kind != TSR_TILES_NONE)
    {
      FileSet *files = file_set_new ();
      TileAtlas atlas;

      tile_atlas_layout (&atlas, plan->tile_kind, plan->n_tiles, plan->width, plan->height);
      if ((status = seamless_sets_check (a, &atlas, format, &options, files)) != CLI_EXIT_OK)
        {
          file_set_abort (files);
          return status;
        }
      return seamless_sets_write (a, plan, photo, info->linear, &atlas, format, &options, files);
    }
  if (!image_format_size_fits (format, &options, plan->width, plan->height, &reason))
    return cli_error (CLI_EXIT_USAGE, "%s", reason);
  if ((tile = tsr_seamless (photo, plan->width, plan->height, &plan->settings, &error)) == NULL
      || !write_tile (a->output, format, &options, tile, info->linear, &error))
    return cli_error (CLI_EXIT_FAILURE, "%s", error->message);
  return CLI_EXIT_OK;
}

int
cli_seamless (int argc, char **argv)
{
  SeamlessArgs a = { 0 };
  SeamlessPlan plan = { 0 };
  ImageInputInfo info;
  MaterialSet set = { 0 };
  ImageOptions options;
  FileSet *files = NULL;
  g_autoptr (TsrImage) photo = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  tsr_seamless_settings_init (&plan.settings);
  tsr_photo_maps_settings_init (&plan.surface);
  if ((status = parse_args (argc, argv, &a, &plan)) != CLI_EXIT_OK)
    goto done;
  if ((photo = image_input_read (plan.input, &info, &error)) == NULL)
    {
      status = cli_error (CLI_EXIT_FAILURE, "%s", error->message);
      goto done;
    }
  if (a.size == NULL)
    plan.width = photo->width, plan.height = photo->height;
  if (!tsr_seamless_check (photo->width, photo->height, plan.width, plan.height, &error))
    {
      status = cli_error (CLI_EXIT_USAGE, "'%s': %s", plan.input, error->message);
      goto done;
    }
  if (a.material == NULL)
    status = write_output (&a, &plan, photo, &info);
  else if ((status = seamless_maps_check (&a, files = file_set_new (), &set, &options))
           == CLI_EXIT_OK)
    {
      status = seamless_maps_write (&a, &plan, photo, info.linear, &set, options, files);
      files = NULL;   /* taken */
    }
done:
  file_set_abort (files);
  material_set_clear (&set);
  seamless_args_clear (&a);
  return status;
}
