/* Numbered files (frames, tiles) and the frames of a loop, each frame a
 * file of its own rendered at its own time. */
#include "config.h"

#include <string.h>

#include "cli.h"
#include "cli-render.h"

/* Output with a numbered suffix before the extension, which chooses the
 * format: frame k, "sky.png" -> "sky-0007.png" (digits 4, prefix ""); tile
 * k, "set.png" -> "set-tile07.png" (2, "tile"). */
char *
cli_numbered_path (const char *output, const char *prefix, int digits, int k)
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
  return cli_numbered_path (output, "", 4, k);
}

/* The frames of the loop, each at its own time, each a file of its own;
 * one frame: the texture as the settings say, in output.  All of them
 * replace their files at the end, or none. */
int
cli_write_frames (const TsrSettings *settings, int width, int height, const char *output,
                  int frames, ImageFormat format, const ImageOptions *options,
                  const Region *region, const ImageContent *content, int threads,
                  FileSet *files)
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
          return cli_set_abort (files, output, status);
        }
      tsr_texture_set_output_levels (tex, image_format_is_float (format)
                                          ? 0 : (1u << format.depth) - 1);
      status = cli_write_texture (tex, NULL, path, format, options, region, content, threads,
                                  files);
      tsr_texture_free (tex);
      g_free (path);
      if (status != CLI_EXIT_OK || *cli_interrupted ())
        return cli_set_abort (files, output, status);
    }
  return cli_set_commit (files, output);
}
