/* One image rendered in bands of rows by the core's scheduler, each band
 * encoded on its render thread and written while later ones render, so
 * memory is bounded by a few bands, not by the image. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli-render.h"

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
      if (!(*cli_interrupted () && g_error_matches (error, TSR_ERROR, TSR_ERROR_CANCELLED)))
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
int
cli_write_texture (const TsrTexture *tex, const TileAtlas *atlas, const char *output,
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
  if (status != CLI_EXIT_OK || *cli_interrupted ())
    {
      image_output_abort (out);
      return status == CLI_EXIT_OK ? cli_stop_interrupted (&progress, output, FALSE) : status;
    }

  cli_progress_clear (&progress);
  /* A signal during the finish: WebP's long encoding gives up, and the
   * file is not written; the other formats end quickly, complete. */
  if (!image_output_finish (out, &error))
    {
      if (*cli_interrupted ())
        status = cli_stop_interrupted (&progress, output, FALSE);
      else
        status = cli_error (CLI_EXIT_FAILURE, "%s", error->message);
      g_error_free (error);
      return status;
    }
  return *cli_interrupted () ? cli_stop_interrupted (&progress, output, TRUE) : CLI_EXIT_OK;
}
