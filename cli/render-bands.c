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

int
cli_useful_threads (int threads, int height, int band_rows)
{
  /* threads beyond the processors only wait, each with its bands */
  const int cores = tsr_render_default_threads ();
  const int n = threads > 0 ? MIN (threads, cores) : cores;
  const int bands = band_rows > 0 ? (height + band_rows - 1) / band_rows : 1;

  return CLAMP (bands, 1, n);
}

/* Renders tex into the output.  Returns the exit status. */
static int
render_bands (const TsrTexture *tex, const Region *r, int threads, Progress *progress)
{
  const int width = r->width, height = r->height;
  const int band_rows = image_output_band_rows (progress->out);
  const int n_threads = cli_useful_threads (threads, height, band_rows);
  const TsrRenderJob job = {
    .x = r->x, .y = r->y, .width = width, .height = height, .n_threads = n_threads,
    .band_rows = band_rows,
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
            g_prefix_error (&error, "render failed: ");
          status = cli_set_failed (progress->files, error);
        }
      else
        g_error_free (error);
    }
  for (int i = 0; i < job.max_bands; i++)
    image_band_free (progress->bands[i]);
  g_clear_pointer (&progress->bands, g_free);
  return status;
}

/* Renders tex's region, or the whole atlas (tex NULL), into output, a
 * file of the set files (its name planned), which takes it complete.
 * The exit status: on failure the error said, on a signal nothing said
 * (the caller says what became of the set). */
int
cli_write_texture (const TsrTexture *tex, const TileAtlas *atlas, const char *output,
                   ImageFormat format, const ImageOptions *options, const Region *region,
                   const ImageContent *content, int threads, FileSet *files)
{
  ImageOutput *out;
  AtomicFile *file;
  Progress progress = { 0 };
  GError *error = NULL;
  int status;

  out = image_output_new (output, format, options, region->width, region->height,
                          content, &error);
  if (out == NULL)
    return cli_set_failed (files, error);

  progress.atlas = atlas;
  progress.files = files;
  progress.out = out;
  progress.output = output;
  progress.tty = isatty (STDERR_FILENO);
  progress.shown = -1;

  status = render_bands (tex, region, threads, &progress);
  cli_progress_clear (&progress);
  if (status != CLI_EXIT_OK || *cli_interrupted ())
    {
      image_output_abort (out);
      return status == CLI_EXIT_OK ? CLI_EXIT_FAILURE : status;
    }
  /* A signal during the finish: WebP's long encoding gives up. */
  file = image_output_finish_file (out, &error);
  if (file == NULL)
    {
      if (*cli_interrupted ())
        {
          g_error_free (error);
          return CLI_EXIT_FAILURE;
        }
      return cli_set_failed (files, error);
    }
  if (!file_set_add (files, file, &error))
    return cli_set_failed (files, error);
  return CLI_EXIT_OK;
}
