/* Rectangles rendered by bands of rows, spread over worker threads.
 *
 * Each band is a pure function of the texture and its rows, so whichever
 * thread takes it, the bytes are the same.  Workers take bands from an
 * atomic counter; the calling thread only waits, reports progress and
 * passes on a cancel, so a GUI's progress callback runs on its own thread. */
#include "render.h"

typedef struct
{
  const TsrTexture *tex;
  int               x, y, width, height;
  float            *out;
  gsize             stride;
  gboolean          rgba;
  int               band_rows;
  int               n_bands;

  gint              next_band;   /* atomic */
  gint              cancelled;   /* atomic */

  GMutex            lock;
  GCond             changed;
  int               bands_done;  /* under lock */
  int               workers_running;
} RenderJob;

static void
render_band (RenderJob *job, int band)
{
  int first = band * job->band_rows;
  int last = MIN (first + job->band_rows, job->height);

  for (int r = first; r < last; r++)
    {
      float *row = job->out + (gsize) r * job->stride;
      if (job->rgba)
        tsr_texture_eval_rgba_row (job->tex, job->x, job->y + r, job->width, row);
      else
        tsr_texture_eval_scalar_row (job->tex, job->x, job->y + r, job->width, row);
    }
}

static gpointer
worker (gpointer data)
{
  RenderJob *job = data;

  for (;;)
    {
      int band;
      if (g_atomic_int_get (&job->cancelled))
        break;
      band = g_atomic_int_add (&job->next_band, 1);
      if (band >= job->n_bands)
        break;
      render_band (job, band);
      g_mutex_lock (&job->lock);
      job->bands_done++;
      g_cond_signal (&job->changed);
      g_mutex_unlock (&job->lock);
    }
  g_mutex_lock (&job->lock);
  job->workers_running--;
  g_cond_signal (&job->changed);
  g_mutex_unlock (&job->lock);
  return NULL;
}

int
tsr_render_default_threads (void)
{
  return (int) MAX (1u, g_get_num_processors ());
}

static gboolean
render (const TsrTexture *tex, int x, int y, int width, int height,
        float *out, gsize stride, gboolean rgba, int n_threads,
        TsrProgressFunc progress, gpointer user_data, GError **error)
{
  RenderJob job = { 0 };
  GThread *threads[256];
  int reported = 0;
  gboolean cancelled;

  if (width < 1 || height < 1 || width > TSR_MAX_SIZE || height > TSR_MAX_SIZE
      || stride < (gsize) width * (rgba ? 4 : 1))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "render: a %d x %d rectangle with a row stride of %" G_GSIZE_FORMAT
                   " floats cannot be rendered", width, height, stride);
      return FALSE;
    }
  if (out == NULL || tex == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE, "render: no texture or buffer");
      return FALSE;
    }

  job.tex = tex;
  job.x = x, job.y = y, job.width = width, job.height = height;
  job.out = out, job.stride = stride, job.rgba = rgba;
  if (n_threads <= 0)
    n_threads = tsr_render_default_threads ();
  /* Bands of at most 64k pixels, and at least four per thread where the
   * rectangle allows: smooth progress and load balance, while waking the
   * caller stays rare.  Band boundaries never change the pixels. */
  job.band_rows = CLAMP (65536 / width, 1, 256);
  job.band_rows = MIN (job.band_rows, MAX (1, height / (4 * n_threads)));
  job.n_bands = (height + job.band_rows - 1) / job.band_rows;
  g_mutex_init (&job.lock);
  g_cond_init (&job.changed);

  n_threads = MIN (n_threads, MIN (job.n_bands, (int) G_N_ELEMENTS (threads)));

  /* Progress: 0 before any band starts, then one call per finished band
   * (k / n_bands for k = 1 .. n_bands, in order, whichever thread finished
   * it), so the calls depend only on the rectangle and the thread count,
   * never on how the threads were scheduled. */
  if (progress && !progress (0.0, user_data))
    {
      g_mutex_clear (&job.lock);
      g_cond_clear (&job.changed);
      g_set_error (error, TSR_ERROR, TSR_ERROR_CANCELLED, "render cancelled");
      return FALSE;
    }

  job.workers_running = n_threads;
  for (int i = 0; i < n_threads; i++)
    threads[i] = g_thread_new ("tessera-render", worker, &job);

  g_mutex_lock (&job.lock);
  while (!g_atomic_int_get (&job.cancelled) && reported < job.n_bands)
    {
      if (reported < job.bands_done)
        {
          reported++;
          if (progress)
            {
              g_mutex_unlock (&job.lock);
              if (!progress ((double) reported / job.n_bands, user_data))
                g_atomic_int_set (&job.cancelled, 1);
              g_mutex_lock (&job.lock);
            }
          continue;
        }
      g_cond_wait (&job.changed, &job.lock);
    }
  while (job.workers_running > 0)
    g_cond_wait (&job.changed, &job.lock);
  g_mutex_unlock (&job.lock);

  for (int i = 0; i < n_threads; i++)
    g_thread_join (threads[i]);
  g_mutex_clear (&job.lock);
  g_cond_clear (&job.changed);

  cancelled = g_atomic_int_get (&job.cancelled);
  if (cancelled)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_CANCELLED, "render cancelled");
      return FALSE;
    }
  return TRUE;
}

gboolean
tsr_render (const TsrTexture *tex, int x, int y, int width, int height,
            float *rgba, gsize stride, int n_threads,
            TsrProgressFunc progress, gpointer user_data, GError **error)
{
  return render (tex, x, y, width, height, rgba, stride, TRUE, n_threads,
                 progress, user_data, error);
}

gboolean
tsr_render_scalar (const TsrTexture *tex, int x, int y, int width, int height,
                   float *out, gsize stride, int n_threads,
                   TsrProgressFunc progress, gpointer user_data, GError **error)
{
  return render (tex, x, y, width, height, out, stride, FALSE, n_threads,
                 progress, user_data, error);
}
