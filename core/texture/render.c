/* The band scheduler: see render.h.
 *
 * Each band is a pure function of the texture and its rows, so whichever
 * thread takes it, the bytes are the same.  Workers take bands in row
 * order; band k goes into buffer slot k % max_bands, which is free once
 * band k - max_bands has been consumed, so a worker waits for its slot
 * rather than letting memory grow when the consumer is slower than the
 * renderers.  The calling thread only waits, consumes bands in order,
 * reports progress and passes on a cancel, so a GUI's callbacks run on
 * its own thread and need no locking. */
#include "texture/render.h"
#include "texture/texture-internal.h"

#define MAX_THREADS 256
/* The default bound on bands in flight is two per thread, so a worker
 * always finds a free buffer while the consumer keeps up; but no more than
 * this many bytes of band buffers, however many threads are asked for. */
#define DEFAULT_BAND_BYTES (32u << 20)
/* A caller's buffer of more bytes than this (a large last-level cache)
 * is written past the caches, unless a band hook reads the bands as they
 * come: its lines would leave the caches before the caller reads them,
 * and a cached store reads each line from memory before writing it. */
#define STREAM_BYTES (32u << 20)

typedef struct
{
  const TsrTexture   *tex;
  const TsrRenderJob *job;
  int                 channels;
  int                 band_rows;
  int                 first_row;    /* band k starts at first_row + k * band_rows */
  int                 n_bands;
  int                 max_bands;
  float              *slots;        /* max_bands band buffers, or NULL */
  gsize               slot_floats;
  guchar             *extras;       /* max_bands extra buffers, or NULL */
  gsize               extra_bytes;

  GMutex              lock;
  GCond               band_ready;   /* to the calling thread */
  GCond               slot_free;    /* to the workers */
  int                 next_band;    /* under lock, from here down */
  int                 consumed;
  int                *slot_band;    /* the finished band each slot holds, or -1 */
  gboolean            stop;
  GError             *error;        /* why it stopped */
  int                 running;
  gboolean            stream;       /* tsr_texture_write_rgba_rows' */
} Run;

int
tsr_render_default_threads (void)
{
  return (int) MAX (1u, g_get_num_processors ());
}

static void
band_at (const Run *run, int k, TsrBand *band)
{
  const TsrRenderJob *job = run->job;
  const int           top = MAX (job->y, run->first_row + k * run->band_rows);
  const int           end = MIN (job->y + job->height, run->first_row + (k + 1) * run->band_rows);
  const int           slot = k % run->max_bands;

  band->index = k;
  band->n_bands = run->n_bands;
  band->x = job->x;
  band->y = top;
  band->row = top - job->y;
  band->width = job->width;
  band->rows = end - top;
  band->pixels = NULL;
  band->stride = 0;
  if (job->out != NULL)
    {
      band->pixels = job->out + (gsize) band->row * job->stride;
      band->stride = job->stride;
    }
  else if (run->slots != NULL)
    {
      band->pixels = run->slots + slot * run->slot_floats;
      band->stride = (gsize) job->width * run->channels;
    }
  band->extra = run->extras != NULL ? run->extras + slot * run->extra_bytes : NULL;
}

static void
render_band (const Run *run, const TsrBand *band)
{
  if (run->tex == NULL)
    return;
  if (run->channels == 4)
    tsr_texture_write_rgba_rows (run->tex, band->x, band->y, band->width, band->rows,
                                 band->pixels, band->stride, run->stream);
  else
    for (int r = 0; r < band->rows; r++)
      tsr_texture_eval_scalar_row (run->tex, band->x, band->y + r, band->width,
                                   band->pixels + (gsize) r * band->stride);
}

/* Under lock: stops the render for error (taken), unless it has stopped
 * already. */
static void
stop_locked (Run *run, GError *error)
{
  if (!run->stop)
    {
      run->stop = TRUE;
      run->error = error;
      g_cond_broadcast (&run->slot_free);
    }
  else if (error != NULL)
    g_error_free (error);
}

static gpointer
worker (gpointer data)
{
  Run                *run = data;
  const TsrRenderJob *job = run->job;

  g_mutex_lock (&run->lock);
  while (!run->stop && run->next_band < run->n_bands)
    {
      const int k = run->next_band++;
      GError   *error = NULL;
      TsrBand   band;
      gboolean  ok;

      while (!run->stop && k >= run->consumed + run->max_bands)
        g_cond_wait (&run->slot_free, &run->lock);
      if (run->stop)
        break;
      g_mutex_unlock (&run->lock);

      band_at (run, k, &band);
      render_band (run, &band);
      ok = job->band_done == NULL || job->band_done (&band, job->user_data, &error);

      g_mutex_lock (&run->lock);
      if (ok)
        run->slot_band[k % run->max_bands] = k;
      else
        stop_locked (run, error);
      g_cond_signal (&run->band_ready);
    }
  run->running--;
  g_cond_signal (&run->band_ready);
  g_mutex_unlock (&run->lock);
  return NULL;
}

static gboolean
check_job (const TsrTexture *tex, const TsrRenderJob *job, int channels, GError **error)
{
  if (job->width < 1 || job->height < 1 || job->width > TSR_MAX_SIZE
      || job->height > TSR_MAX_SIZE
      || (job->out != NULL && job->stride < (gsize) job->width * channels))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "render: a %d x %d rectangle with a row stride of %" G_GSIZE_FORMAT
                   " floats cannot be rendered", job->width, job->height, job->stride);
      return FALSE;
    }
  if ((tex == NULL && job->band_done == NULL) || job->band_rows < 0 || job->max_bands < 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "render: no texture, or a negative band count");
      return FALSE;
    }
  return TRUE;
}

/* Bands of at most 64k pixels, and at least four per thread where the
 * rectangle allows: smooth progress and load balance, while waking the
 * calling thread stays rare.  A job without hooks or progress, whose
 * calling thread only waits, takes bands of up to 256k pixels: a quarter
 * of the wake-ups and band set-ups (a 4096² render took 5 % less CPU time
 * on one thread of a 2-core machine).
 * Band boundaries never change the pixels. */
static int
default_band_rows (const TsrRenderJob *job, int n_threads)
{
  const gboolean quiet = job->band_done == NULL && job->consume == NULL
                         && job->progress == NULL;
  int rows = CLAMP ((quiet ? 262144 : 65536) / job->width, 1, 256);

  return MIN (rows, MAX (1, job->height / (4 * n_threads)));
}

static int
default_max_bands (const Run *run, int n_threads)
{
  gsize band_bytes = run->extra_bytes;

  if (run->job->out == NULL && run->tex != NULL)
    band_bytes += run->slot_floats * sizeof (float);
  if (band_bytes == 0)
    return 2 * n_threads;
  return (int) CLAMP (DEFAULT_BAND_BYTES / band_bytes, 2, 2 * (gsize) n_threads);
}

/* The layout and buffers of run; FALSE when they do not fit in memory. */
static gboolean
run_init (Run *run, const TsrTexture *tex, const TsrRenderJob *job, int channels,
          int n_threads, GError **error)
{
  const int br = job->band_rows > 0 ? job->band_rows
                 : default_band_rows (job, n_threads);
  const int offset = job->align_bands ? ((job->y % br) + br) % br : 0;

  run->tex = tex;
  run->job = job;
  run->channels = channels;
  run->band_rows = br;
  run->first_row = job->y - offset;
  run->n_bands = (job->height + offset + br - 1) / br;
  n_threads = MIN (n_threads, MIN (run->n_bands, MAX_THREADS));
  run->slot_floats = (gsize) MIN (br, job->height) * job->width * channels;
  run->extra_bytes = (gsize) MIN (br, job->height) * job->extra_row_bytes;
  run->max_bands = job->max_bands > 0 ? job->max_bands
                   : default_max_bands (run, n_threads);
  run->max_bands = MIN (run->n_bands, run->max_bands);
  run->stream = job->out != NULL && job->band_done == NULL && job->consume == NULL
                && (gsize) job->height * job->stride * sizeof (float) > STREAM_BYTES;
  if (job->out == NULL && tex != NULL)
    run->slots = g_try_malloc_n (run->max_bands, run->slot_floats * sizeof (float));
  if (run->extra_bytes > 0)
    run->extras = g_try_malloc_n (run->max_bands, run->extra_bytes);
  if ((job->out == NULL && tex != NULL && run->slots == NULL)
      || (run->extra_bytes > 0 && run->extras == NULL))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "render: out of memory for %d bands of %d x %d pixels",
                   run->max_bands, job->width, br);
      g_free (run->slots);
      g_free (run->extras);
      return FALSE;
    }
  run->slot_band = g_new (int, run->max_bands);
  for (int i = 0; i < run->max_bands; i++)
    run->slot_band[i] = -1;
  run->running = n_threads;
  g_mutex_init (&run->lock);
  g_cond_init (&run->band_ready);
  g_cond_init (&run->slot_free);
  return TRUE;
}

static void
run_clear (Run *run)
{
  g_mutex_clear (&run->lock);
  g_cond_clear (&run->band_ready);
  g_cond_clear (&run->slot_free);
  g_free (run->slot_band);
  g_free (run->slots);
  g_free (run->extras);
}

static GError *
cancelled_error (void)
{
  return g_error_new_literal (TSR_ERROR, TSR_ERROR_CANCELLED, "render cancelled");
}

/* The calling thread's part: each band in row order, once a worker has
 * finished it, is consumed, reported, and its slot handed back. */
static void
consume_bands (Run *run)
{
  const TsrRenderJob *job = run->job;

  g_mutex_lock (&run->lock);
  for (int k = 0; k < run->n_bands && !run->stop; k++)
    {
      GError  *error = NULL;
      TsrBand  band;
      gboolean ok;

      while (!run->stop && run->slot_band[k % run->max_bands] != k)
        g_cond_wait (&run->band_ready, &run->lock);
      if (run->stop)
        break;
      g_mutex_unlock (&run->lock);

      band_at (run, k, &band);
      ok = job->consume == NULL || job->consume (&band, job->user_data, &error);
      if (ok && job->progress != NULL
          && !job->progress ((double) (k + 1) / run->n_bands, job->user_data))
        {
          ok = FALSE;
          error = cancelled_error ();
        }

      g_mutex_lock (&run->lock);
      run->consumed = k + 1;
      g_cond_broadcast (&run->slot_free);
      if (!ok)
        stop_locked (run, error);
    }
  run->stop = TRUE;
  g_cond_broadcast (&run->slot_free);
  while (run->running > 0)
    g_cond_wait (&run->band_ready, &run->lock);
  g_mutex_unlock (&run->lock);
}

gboolean
tsr_render_bands (const TsrTexture *tex, const TsrRenderJob *job, GError **error)
{
  const int channels = job->scalar ? 1 : 4;
  GThread  *threads[MAX_THREADS];
  Run       run = { 0 };
  int       n_threads = job->n_threads > 0 ? job->n_threads : tsr_render_default_threads ();
  int       n_started;
  gboolean  ok;

  if (!check_job (tex, job, channels, error)
      || !run_init (&run, tex, job, channels, n_threads, error))
    return FALSE;

  if (job->progress != NULL && !job->progress (0.0, job->user_data))
    {
      run_clear (&run);
      g_propagate_error (error, cancelled_error ());
      return FALSE;
    }

  n_started = run.running;
  for (int i = 0; i < n_started; i++)
    threads[i] = g_thread_new ("tessera-render", worker, &run);
  consume_bands (&run);
  for (int i = 0; i < n_started; i++)
    g_thread_join (threads[i]);

  ok = run.error == NULL;
  if (!ok)
    g_propagate_error (error, run.error);
  run_clear (&run);
  return ok;
}

static gboolean
render_rect (const TsrTexture *tex, int x, int y, int width, int height,
             float *out, gsize stride, gboolean scalar, int n_threads,
             TsrProgressFunc progress, gpointer user_data, GError **error)
{
  const TsrRenderJob job = {
    .x = x, .y = y, .width = width, .height = height, .scalar = scalar,
    .n_threads = n_threads, .out = out, .stride = stride,
    .progress = progress, .user_data = user_data,
  };

  if (out == NULL || tex == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE, "render: no texture or buffer");
      return FALSE;
    }
  return tsr_render_bands (tex, &job, error);
}

gboolean
tsr_render (const TsrTexture *tex, int x, int y, int width, int height,
            float *rgba, gsize stride, int n_threads,
            TsrProgressFunc progress, gpointer user_data, GError **error)
{
  return render_rect (tex, x, y, width, height, rgba, stride, FALSE, n_threads,
                      progress, user_data, error);
}

gboolean
tsr_render_scalar (const TsrTexture *tex, int x, int y, int width, int height,
                   float *out, gsize stride, int n_threads,
                   TsrProgressFunc progress, gpointer user_data, GError **error)
{
  return render_rect (tex, x, y, width, height, out, stride, TRUE, n_threads,
                      progress, user_data, error);
}
