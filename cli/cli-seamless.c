/* tessera seamless INPUT --output OUT [--size WxH] [KEY=VALUE ...]
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

#include "photo/seamless.h"
#include "cli.h"
#include "image-input.h"
#include "image-output.h"

typedef struct
{
  char  *output, *size, *depth, *compression, *quality;
  char **operands;
} SeamlessArgs;

static void
seamless_args_clear (SeamlessArgs *a)
{
  g_free (a->output);
  g_free (a->size);
  g_free (a->depth);
  g_free (a->compression);
  g_free (a->quality);
  g_strfreev (a->operands);
}

/* Pixel i of the tile as sRGB-encoded RGBA (linear from a float file when
 * the output stores it as it is). */
static void
tile_rgba_row (const TsrImage *tile, int y, gboolean to_srgb, float *rgba)
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

/* Writes the tile; FALSE with the output untouched on failure. */
static gboolean
write_tile (const char *path, ImageFormat format, const ImageOptions *options,
            const TsrImage *tile, gboolean linear, GError **error)
{
  const gboolean is_float = image_format_is_float (format);
  /* Float samples of a float file go back as they came: no round trip
   * through the sRGB curve. */
  const ImageContent content = { tsr_image_has_alpha (tile), tsr_image_colours (tile) == 1,
                                 linear && is_float };
  ImageOutput *out = image_output_new (path, format, options, tile->width, tile->height,
                                       &content, error);
  float *rgba;

  if (out == NULL)
    return FALSE;
  rgba = g_new (float, (gsize) tile->width * 4);
  for (int y = 0; y < tile->height; y++)
    {
      tile_rgba_row (tile, y, linear && !is_float, rgba);
      if (!image_output_write_rows (out, rgba, (gsize) tile->width * 4, 1, error))
        {
          g_free (rgba);
          image_output_abort (out);
          return FALSE;
        }
    }
  g_free (rgba);
  return image_output_finish (out, error);
}

static int
parse_args (int argc, char **argv, SeamlessArgs *a, TsrSeamlessSettings *s, const char **input)
{
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &a->output, NULL, NULL },
    { "size", 0, 0, G_OPTION_ARG_FILENAME, &a->size, NULL, NULL },
    { "depth", 0, 0, G_OPTION_ARG_FILENAME, &a->depth, NULL, NULL },
    { "compression", 0, 0, G_OPTION_ARG_FILENAME, &a->compression, NULL, NULL },
    { "quality", 0, 0, G_OPTION_ARG_FILENAME, &a->quality, NULL, NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &a->operands, NULL, NULL },
    G_OPTION_ENTRY_NULL
  };
  int status;

  if (!cli_options_parse ("seamless", entries, FALSE, &argc, &argv, &status))
    return status;
  *input = NULL;
  for (char **word = a->operands; word != NULL && *word != NULL; word++)
    {
      const char *eq = strchr (*word, '=');

      if (eq == NULL && *input == NULL)
        *input = *word;
      else if (eq == NULL)
        return cli_error (CLI_EXIT_USAGE, "seamless: unexpected argument '%s' (one INPUT, "
                          "then KEY=VALUE)", *word);
      else
        {
          g_autofree char *key = g_strndup (*word, (gsize) (eq - *word));
          g_autoptr (GError) error = NULL;

          if (!tsr_seamless_settings_parse (s, key, eq + 1, &error))
            return cli_error (CLI_EXIT_USAGE, "%s", error->message);
        }
    }
  if (*input == NULL)
    return cli_error (CLI_EXIT_USAGE, "seamless: missing INPUT (usage: tessera seamless "
                      "INPUT --output OUT [--size WxH] [KEY=VALUE ...])");
  if (a->output == NULL)
    return cli_error (CLI_EXIT_USAGE, "seamless: missing --output FILE");
  if (*a->output == '\0')
    return cli_error (CLI_EXIT_USAGE, "--output: empty file name");
  return CLI_EXIT_OK;
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

int
cli_seamless (int argc, char **argv)
{
  SeamlessArgs a = { 0 };
  TsrSeamlessSettings settings;
  ImageInputInfo info;
  ImageFormat format;
  ImageOptions options;
  g_autoptr (TsrImage) photo = NULL;
  g_autoptr (TsrImage) tile = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *reason = NULL;
  const char *input = NULL;
  int width = 0, height = 0, status;

  tsr_seamless_settings_init (&settings);
  if ((status = parse_args (argc, argv, &a, &settings, &input)) != CLI_EXIT_OK)
    goto done;
  if (a.size != NULL && !cli_parse_size (a.size, &width, &height))
    {
      status = cli_error (CLI_EXIT_USAGE, "--size: expected WxH, got '%s'", a.size);
      goto done;
    }
  if ((photo = image_input_read (input, &info, &error)) == NULL)
    {
      status = cli_error (CLI_EXIT_FAILURE, "%s", error->message);
      goto done;
    }
  if (a.size == NULL)
    width = photo->width, height = photo->height;
  if (!tsr_seamless_check (photo->width, photo->height, width, height, &error))
    {
      status = cli_error (CLI_EXIT_USAGE, "'%s': %s", input, error->message);
      goto done;
    }
  if ((status = choose_format (&a, info.depth, &format, &options)) != CLI_EXIT_OK)
    goto done;
  if (tsr_image_has_alpha (photo) && !image_format_has_alpha (format))
    {
      g_autofree char *extensions = image_format_alpha_extensions ();

      status = cli_error (CLI_EXIT_USAGE, "'%s' has transparency and %s has none: write %s",
                          input, image_format_name (format), extensions);
      goto done;
    }
  if (!image_format_size_fits (format, &options, width, height, &reason))
    {
      status = cli_error (CLI_EXIT_USAGE, "%s", reason);
      goto done;
    }
  if ((tile = tsr_seamless (photo, width, height, &settings, &error)) == NULL
      || !write_tile (a.output, format, &options, tile, info.linear, &error))
    {
      status = cli_error (CLI_EXIT_FAILURE, "%s", error->message);
      goto done;
    }
  status = CLI_EXIT_OK;
done:
  seamless_args_clear (&a);
  return status;
}
