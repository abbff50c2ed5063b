/* tessera render ... --material DIR/NAME [--naming PRESET|TEMPLATE]: every
 * map of one texture in one pass over the pixels.
 *
 * Each band of rows is evaluated once for all maps (tsr_texture_emit_maps:
 * values and slopes once, the heights around the band for the occlusion
 * once) on a render thread, which also encodes each map's rows for its
 * file a file band at a time, as they come; the calling thread writes the
 * files' bands in row order.  A band is several of the files' own bands
 * high (tsr_maps_band_rows): tall enough that the heights evaluated around
 * it for the occlusion cost little, few enough pixels that a wide set's
 * bands stay within a bound.  Every name is checked
 * before anything is rendered (render-args.c); every file of every frame
 * is one set (file-set.h), replaced at the end or not at all. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "render-args.h"

typedef struct
{
  Progress          progress;     /* first: cli_render_progress reads it */
  const TsrTexture *tex;
  MaterialSet      *set;
  ImageOutput      *outs[TSR_MAP_COUNT];      /* by file */
  guint32           maps;                      /* bits of the maps in the set */
  int               file_rows;                 /* rows of a file's band */
  int               per_band;                  /* file bands a render band */
  int               n_slots;                   /* render bands in flight */
  ImageBand       **bands;                     /* slot x file x per_band */
  /* what a render thread computes a band in (the maps' rows too), taken
   * and given back, so bands reuse their memory: one a thread */
  GAsyncQueue      *scratches;
} SetJob;

static ImageBand *
band_of (const SetJob *job, int slot, int file, int part)
{
  return job->bands[((gsize) slot * job->set->n_files + file) * job->per_band + part];
}

/* Rows of the render band's file bands: each file_rows but the image's
 * last. */
static int
part_rows (const SetJob *job, const TsrBand *band, int part)
{
  return CLAMP (band->rows - part * job->file_rows, 0, job->file_rows);
}

/* A chunk of one map's rows, as tsr_texture_emit_maps hands them over. */
typedef struct
{
  const SetJob  *job;
  const TsrBand *band;
} BandChunks;

/* Encodes a chunk (one file band: chunks are file_rows high) into the
 * file bands of every file of its map. */
static gboolean
encode_chunk (TsrMap map, int first_row, int n_rows, const float *rgba, gsize stride,
              gpointer user_data, GError **error)
{
  const BandChunks *c = user_data;
  const SetJob *job = c->job;
  const int part = first_row / job->file_rows;

  for (int f = 0; f < job->set->n_files; f++)
    if (job->set->files[f].map == map
        && !image_output_encode (job->outs[f], band_of (job, c->band->index % job->n_slots, f, part),
                                 rgba, stride, c->band->row + first_row, n_rows, error))
      return FALSE;
  return TRUE;
}

/* On a render thread: every map of the band, encoded for its file a file
 * band at a time, while its rows are in the cache. */
static gboolean
eval_and_encode (TsrBand *band, gpointer user_data, GError **error)
{
  SetJob *job = user_data;
  BandChunks chunks = { job, band };
  TsrMapsScratch *scratch = g_async_queue_pop (job->scratches);
  const gboolean ok = tsr_texture_emit_maps (job->tex, job->maps, band->x, band->y, band->width,
                                             band->rows, job->file_rows, encode_chunk, &chunks,
                                             scratch, error);

  g_async_queue_push (job->scratches, scratch);
  return ok;
}

/* On the calling thread, bands in row order. */
static gboolean
write_band (TsrBand *band, gpointer user_data, GError **error)
{
  SetJob *job = user_data;

  for (int f = 0; f < job->set->n_files; f++)
    for (int part = 0; part_rows (job, band, part) > 0; part++)
      if (!image_output_write_band (job->outs[f],
                                    band_of (job, band->index % job->n_slots, f, part),
                                    part_rows (job, band, part), error))
        return FALSE;
  return TRUE;
}

/* Opens every file of the set (temporary files until the finish). */
static gboolean
open_outputs (SetJob *job, const TsrSettings *s, const Region *r, int level, int frame,
              int frames, GError **error)
{
  for (int f = 0; f < job->set->n_files; f++)
    {
      const MaterialFile *file = &job->set->files[f];
      TsrSettings one = *s;
      ImageOptions options = { level, -1, cli_interrupted () };
      ImageContent content;
      ImageFormat format;
      char *path = frames > 1 ? cli_frame_path (file->path, frame) : g_strdup (file->path);
      char *message = NULL;

      one.value[TSR_P_MAP] = file->map;
      content = tsr_settings_content (&one, NULL);
      if (!image_format_choose (path, file->depth, &format, &message))
        g_error ("%s", message);   /* material-naming.c names only PNGs */
      job->outs[f] = image_output_new (path, format, &options, r->width, r->height, &content,
                                       error);
      g_free (path);
      if (job->outs[f] == NULL)
        return FALSE;
    }
  return TRUE;
}

static void
abort_outputs (SetJob *job)
{
  for (int f = 0; f < job->set->n_files; f++)
    g_clear_pointer (&job->outs[f], image_output_abort);
}

/* Every file complete, into the set (renamed into place with it). */
static gboolean
finish_outputs (SetJob *job, FileSet *files, GError **error)
{
  for (int f = 0; f < job->set->n_files; f++)
    {
      AtomicFile *file = image_output_finish_file (g_steal_pointer (&job->outs[f]), error);

      if (file == NULL || !file_set_add (files, file, error))
        return FALSE;
    }
  return TRUE;
}

/* Renders one frame's set; the exit status. */
static int
render_set (SetJob *job, const Region *r, int threads)
{
  TsrRenderJob rj = {
    .x = r->x, .y = r->y, .width = r->width, .height = r->height,
    .band_done = eval_and_encode, .consume = write_band,
    .progress = cli_render_progress, .user_data = job,
  };
  gsize n_bands;
  int n_threads;
  GError *error = NULL;
  int status = CLI_EXIT_OK;

  /* render bands of whole file bands */
  job->file_rows = image_output_band_rows (job->outs[0]);
  rj.band_rows = tsr_maps_band_rows (job->tex, r->width, job->file_rows);
  job->per_band = rj.band_rows / job->file_rows;
  n_threads = cli_useful_threads (threads, r->height, rj.band_rows);
  rj.n_threads = n_threads;
  rj.max_bands = 2 * n_threads;
  job->n_slots = rj.max_bands;
  n_bands = (gsize) job->n_slots * job->set->n_files * job->per_band;
  job->bands = g_new0 (ImageBand *, n_bands);
  for (gsize i = 0; i < n_bands; i++)
    job->bands[i] = image_band_new (job->outs[i / job->per_band % job->set->n_files]);
  job->scratches = g_async_queue_new_full ((GDestroyNotify) tsr_maps_scratch_free);
  for (int i = 0; i < n_threads; i++)
    g_async_queue_push (job->scratches, tsr_maps_scratch_new ());

  if (!tsr_render_bands (NULL, &rj, &error))
    {
      if (!(*cli_interrupted () && g_error_matches (error, TSR_ERROR, TSR_ERROR_CANCELLED)))
        {
          cli_progress_clear (&job->progress);
          status = cli_set_failed (job->progress.files, g_steal_pointer (&error));
        }
      g_clear_error (&error);
    }
  for (gsize i = 0; i < n_bands; i++)
    image_band_free (job->bands[i]);
  g_clear_pointer (&job->bands, g_free);
  g_clear_pointer (&job->scratches, g_async_queue_unref);
  return status;
}

/* Renders frame k of the set into files: the exit status. */
static int
render_frame (const RenderPlan *plan, MaterialSet *set, const char *target, int k,
              FileSet *files)
{
  TsrSettings s = plan->frames > 1 ? tsr_settings_frame (&plan->settings, k, plan->frames)
                                   : plan->settings;
  SetJob job = { .set = set };
  GError *error = NULL;
  TsrTexture *tex;
  int status = CLI_EXIT_OK;

  if (set->normal_format >= 0)
    s.value[TSR_P_NORMAL_FORMAT] = set->normal_format;
  tex = tsr_texture_new (&s, plan->width, plan->height, NULL, &error);
  g_assert_no_error (error);   /* the settings were checked */
  job.tex = tex;
  for (int f = 0; f < set->n_files; f++)
    job.maps |= 1u << set->files[f].map;
  job.progress = (Progress) { .output = target, .tty = isatty (STDERR_FILENO), .shown = -1,
                              .files = files };
  if (!open_outputs (&job, &s, &plan->region, plan->options.level, k, plan->frames, &error))
    status = cli_set_failed (files, g_steal_pointer (&error));
  else if ((status = render_set (&job, &plan->region, plan->threads)) == CLI_EXIT_OK
           && !*cli_interrupted ())
    {
      cli_progress_clear (&job.progress);
      if (!finish_outputs (&job, files, &error))
        status = cli_set_failed (files, g_steal_pointer (&error));
    }
  cli_progress_clear (&job.progress);
  abort_outputs (&job);
  tsr_texture_free (tex);
  return status;
}

int
cli_render_material (const RenderArgs *a, const RenderPlan *plan, FileSet *files)
{
  MaterialSet *set = (MaterialSet *) &plan->material;
  int status = CLI_EXIT_OK;

  cli_catch_signals ();
  for (int k = 0; k < plan->frames && status == CLI_EXIT_OK && !*cli_interrupted (); k++)
    status = render_frame (plan, set, a->material, k, files);
  if (status != CLI_EXIT_OK || *cli_interrupted ())
    return cli_set_abort (files, a->material, status);
  return cli_set_commit (files, a->material);
}
