/* The preview's renderer: see preview-renderer.h.
 *
 * Threads: the caller's (main) thread submits jobs and receives results;
 * one worker thread runs jobs one at a time; the exact pass goes through
 * the core's band scheduler, whose threads also convert their strips to
 * bytes, while the worker waits and checks the generation after each
 * strip.  The only state shared with the main thread is the pending job
 * (under lock), the generation counter and the statistics (atomics). */
#include <string.h>

#include "preview-renderer.h"
#include "texture/render.h"
#include "tiled-preview.h"

/* Rows per strip of the exact pass: small enough that a cancel lands
 * within about a millisecond, large enough to keep cores busy. */
#define STRIP_ROWS 16
/* Views smaller than this get no coarse pass: the exact one is as quick. */
#define COARSE_MIN_PIXELS (128 * 128)
/* Tiled view: evaluate whole rows of the period when it is at most this
 * many times wider than the cell showing it. */
#define TILED_ROW_FACTOR 8
/* Exact passes expected quicker than this get no quick pass: it would
 * only flash. */
#define COARSE_WORTH_SECONDS 0.030

struct _TsrPreviewRenderer
{
  gatomicrefcount  ref;
  GMainContext    *context;
  TsrPreviewReady  ready;            /* main thread */
  gpointer         user_data;
  gboolean         closed;           /* main thread */
  int              exact_delivered;  /* main thread: generation */

  int              n_threads;
  double           rate;             /* worker: pixels / s of the last exact pass */
  GThread         *thread;

  GMutex           lock;
  GCond            wake;
  TsrPreviewJob   *pending;          /* under lock */
  int              pending_gen;      /* under lock */
  gboolean         quit;             /* under lock */

  gint             latest;           /* atomic */
  gint             submitted, skipped, cancelled, finished;   /* atomic */
};

typedef struct
{
  TsrPreviewResult    pub;
  TsrPreviewJob      *job;           /* shared by a job's results */
  gatomicrefcount    *job_ref;
  TsrPreviewRenderer *r;
} Delivery;

/* The exact pass: what the band hooks write into. */
typedef struct
{
  TsrPreviewRenderer  *r;
  const TsrPreviewJob *job;
  int                  generation;
  const TsrTexture    *tex;
  guchar              *out;
  gsize                stride;
  TsrTiledLayout       layout;            /* tiled passes */
} ExactPass;

static TsrPreviewRenderer *
renderer_ref (TsrPreviewRenderer *r)
{
  g_atomic_ref_count_inc (&r->ref);
  return r;
}

static void
renderer_unref (TsrPreviewRenderer *r)
{
  if (!g_atomic_ref_count_dec (&r->ref))
    return;
  g_mutex_clear (&r->lock);
  g_cond_clear (&r->wake);
  g_main_context_unref (r->context);
  g_free (r);
}

static gboolean
is_current (TsrPreviewRenderer *r, int generation)
{
  return g_atomic_int_get (&r->latest) == generation;
}

/* ---- delivery to the main context ---------------------------------- */

static void
job_unref (TsrPreviewJob *job, gatomicrefcount *ref)
{
  if (g_atomic_ref_count_dec (ref))
    {
      g_free (job);
      g_free (ref);
    }
}

static void
delivery_free (gpointer data)
{
  Delivery *d = data;

  g_free (d->pub.pixels);
  g_clear_error (&d->pub.error);
  job_unref (d->job, d->job_ref);
  renderer_unref (d->r);
  g_free (d);
}

static gboolean
deliver (gpointer data)
{
  Delivery           *d = data;
  TsrPreviewRenderer *r = d->r;

  if (r->closed || !is_current (r, d->pub.generation))
    return G_SOURCE_REMOVE;
  if (d->pub.pass == TSR_PREVIEW_COARSE && r->exact_delivered == d->pub.generation)
    return G_SOURCE_REMOVE;
  if (d->pub.pass == TSR_PREVIEW_EXACT)
    r->exact_delivered = d->pub.generation;
  r->ready (&d->pub, r->user_data);
  return G_SOURCE_REMOVE;
}

/* Takes pixels (or error). */
static void
post (TsrPreviewRenderer *r, TsrPreviewJob *job, gatomicrefcount *job_ref,
      int generation, TsrPreviewPass pass, guchar *pixels, gsize stride,
      gint64 start, gint64 pass_start, GError *error)
{
  Delivery *d = g_new0 (Delivery, 1);
  GSource  *source;

  d->pub.generation = generation;
  d->pub.pass = pass;
  d->pub.job = job;
  d->pub.width = job->width;
  d->pub.height = job->height;
  d->pub.channels = job->channels;
  d->pub.rowstride = stride;
  d->pub.pixels = pixels;
  d->pub.seconds = (g_get_monotonic_time () - pass_start) / 1e6;
  d->pub.total_seconds = (g_get_monotonic_time () - start) / 1e6;
  d->pub.error = error;
  d->job = job;
  d->job_ref = job_ref;
  g_atomic_ref_count_inc (job_ref);
  d->r = renderer_ref (r);

  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, deliver, d, delivery_free);
  g_source_set_static_name (source, "tessera-preview-result");
  g_source_attach (source, r->context);
  g_source_unref (source);
}

/* ---- passes ----------------------------------------------------------- */

static void
convert (const TsrPreviewJob *job, const float *rgba, guchar *out, int n)
{
  if (job->convert != NULL)
    job->convert (rgba, out, n, job->convert_data);
  else
    tsr_quantize_rgb (rgba, out, n, job->channels);
}

static gboolean
still_current (double fraction G_GNUC_UNUSED, gpointer data)
{
  ExactPass *pass = data;

  return is_current (pass->r, pass->generation);
}

/* Band hook of the exact pass: the rendered rows to bytes. */
static gboolean
convert_band (TsrBand *band, gpointer data, GError **error G_GNUC_UNUSED)
{
  ExactPass *pass = data;

  for (int i = 0; i < band->rows; i++)
    convert (pass->job, band->pixels + (gsize) i * band->stride,
             pass->out + (gsize) (band->row + i) * pass->stride, band->width);
  return TRUE;
}

/* Band hook of the tiled pass, which renders nothing itself: rows of one
 * cell of the 2 x 2 view, each pixel the texture pixel it stands for
 * (nearest neighbour over the period).  When the period is not much wider
 * than the cell, whole rows of it are evaluated (the core's quick path)
 * and picked from; else pixel by pixel. */
static gboolean
tiled_band (TsrBand *band, gpointer data, GError **error G_GNUC_UNUSED)
{
  ExactPass            *pass = data;
  const TsrTiledLayout *l = &pass->layout;
  const gboolean        whole_rows = l->period_w <= TILED_ROW_FACTOR * l->cell_w;
  float                *picked = g_new (float, ((gsize) l->cell_w + l->period_w) * 4);
  float                *source = picked + (gsize) l->cell_w * 4;

  for (int j = band->row; j < band->row + band->rows; j++)
    {
      int y = tsr_tiled_source (j, l->cell_h, l->period_h);

      if (whole_rows)
        {
          tsr_texture_eval_rgba_row (pass->tex, 0, y, l->period_w, source);
          for (int i = 0; i < l->cell_w; i++)
            memcpy (picked + (gsize) i * 4,
                    source + (gsize) tsr_tiled_source (i, l->cell_w, l->period_w) * 4,
                    4 * sizeof (float));
        }
      else
        for (int i = 0; i < l->cell_w; i++)
          tsr_texture_eval_rgba_row (pass->tex, tsr_tiled_source (i, l->cell_w, l->period_w),
                                     y, 1, picked + (gsize) i * 4);
      convert (pass->job, picked, pass->out + (gsize) j * pass->stride, l->cell_w);
    }
  g_free (picked);
  return TRUE;
}

/* The exact pass's bytes (the tiled view's single cell), or NULL when a
 * newer job made it stale. */
static guchar *
render_exact (TsrPreviewRenderer *r, ExactPass *pass)
{
  const TsrPreviewJob *job = pass->job;
  TsrRenderJob         bands = {
    .n_threads = r->n_threads, .band_rows = STRIP_ROWS,
    .progress = still_current, .user_data = pass,
  };
  const TsrTexture    *tex = NULL;

  if (job->tiled)
    {
      bands.width = pass->layout.cell_w;
      bands.height = pass->layout.cell_h;
      bands.band_done = tiled_band;
    }
  else
    {
      bands.x = job->x;
      bands.y = job->y;
      bands.width = job->width;
      bands.height = job->height;
      bands.band_done = convert_band;
      tex = pass->tex;
    }
  pass->stride = (gsize) bands.width * job->channels;
  pass->out = g_malloc ((gsize) bands.height * pass->stride);
  if (!tsr_render_bands (tex, &bands, NULL))
    g_clear_pointer (&pass->out, g_free);
  return pass->out;
}

/* Quick pass: one sample per block, at the block's centre pixel, the
 * block filled with it.  A row holds every block centre of a block row, so
 * the core evaluates whole rows (far quicker per sample than one call per
 * pixel): 1 / k of the exact pass's work. */
static guchar *
render_coarse (TsrPreviewRenderer *r, const TsrPreviewJob *job, int generation,
               const TsrTexture *tex, gsize stride)
{
  const int k = job->coarse;
  const int bpp = job->channels;
  guchar   *out = g_malloc ((gsize) job->height * stride);
  float    *row = g_new (float, (gsize) job->width * 4);

  for (int by = 0; by < job->height; by += k)
    {
      int bh = MIN (k, job->height - by);

      if (!is_current (r, generation))
        {
          g_free (row);
          g_free (out);
          return NULL;
        }
      tsr_texture_eval_rgba_row (tex, job->x, job->y + by + bh / 2, job->width, row);
      for (int bx = 0; bx < job->width; bx += k)
        {
          int    bw = MIN (k, job->width - bx);
          guchar px[4];

          convert (job, row + (gsize) (bx + bw / 2) * 4, px, 1);
          for (int y = by; y < by + bh; y++)
            for (int x = bx; x < bx + bw; x++)
              memcpy (out + (gsize) y * stride + (gsize) x * bpp, px, bpp);
        }
    }
  g_free (row);
  return out;
}

/* Whether the quick pass is worth its cost: when the exact pass is
 * expected to take long enough to be seen (judged from the last one; the
 * first job always gets one). */
static gboolean
want_coarse (TsrPreviewRenderer *r, const TsrPreviewJob *job)
{
  double pixels = (double) job->width * job->height;

  if (job->tiled || job->coarse < 2 || pixels < COARSE_MIN_PIXELS)
    return FALSE;
  return r->rate <= 0 || pixels / r->rate > COARSE_WORTH_SECONDS;
}

static int
period (const TsrPreviewJob *job, TsrParamId id, int canvas)
{
  int p = (int) job->settings.value[id];

  return p > 0 ? p : canvas;
}

static void
run_job (TsrPreviewRenderer *r, TsrPreviewJob *job, int generation)
{
  gatomicrefcount *job_ref = g_new (gatomicrefcount, 1);
  const gint64     start = g_get_monotonic_time ();
  const gsize      stride = (gsize) job->width * job->channels;
  GError          *error = NULL;
  TsrTexture      *tex;
  ExactPass        pass = { 0 };
  guchar          *pixels;
  gint64           exact_start;

  g_atomic_ref_count_init (job_ref);
  tex = tsr_texture_new_tile (&job->settings, job->canvas_w, job->canvas_h,
                              job->use_ramp ? &job->ramp : NULL,
                              job->tile.kind != TSR_TILES_NONE ? &job->tile : NULL, &error);
  if (tex != NULL && job->with_terrain && !tsr_texture_set_terrain (tex, &job->terrain, &error))
    g_clear_pointer (&tex, tsr_texture_free);
  if (tex == NULL)
    {
      post (r, job, job_ref, generation, TSR_PREVIEW_EXACT, NULL, stride, start, start, error);
      job_unref (job, job_ref);
      return;
    }
  tsr_texture_set_output_levels (tex, 255);   /* the preview's bytes */

  if (want_coarse (r, job))
    {
      pixels = render_coarse (r, job, generation, tex, stride);
      if (pixels != NULL)
        post (r, job, job_ref, generation, TSR_PREVIEW_COARSE, pixels, stride,
              start, start, NULL);
    }

  pass.r = r;
  pass.job = job;
  pass.generation = generation;
  pass.tex = tex;
  if (job->tiled)
    tsr_tiled_layout_copies (job->width, job->height,
                             period (job, TSR_P_PERIOD_W, job->canvas_w),
                             period (job, TSR_P_PERIOD_H, job->canvas_h), job->copies,
                             &pass.layout);

  exact_start = g_get_monotonic_time ();
  if (render_exact (r, &pass) != NULL)
    {
      if (job->tiled)
        {
          pixels = g_malloc ((gsize) job->height * stride);
          tsr_tiled_compose (&pass.layout, pass.out, pass.stride, job->channels,
                             job->background, pixels, stride);
          g_free (pass.out);
        }
      else
        {
          pixels = pass.out;
          r->rate = (double) job->width * job->height
                    / MAX (1e-6, (g_get_monotonic_time () - exact_start) / 1e6);
        }
      g_atomic_int_inc (&r->finished);
      post (r, job, job_ref, generation, TSR_PREVIEW_EXACT, pixels, stride,
            start, exact_start, NULL);
    }
  else
    g_atomic_int_inc (&r->cancelled);
  tsr_texture_free (tex);
  job_unref (job, job_ref);
}

static gpointer
worker (gpointer data)
{
  TsrPreviewRenderer *r = data;

  for (;;)
    {
      TsrPreviewJob *job;
      int            generation;

      g_mutex_lock (&r->lock);
      while (r->pending == NULL && !r->quit)
        g_cond_wait (&r->wake, &r->lock);
      if (r->quit)
        {
          g_mutex_unlock (&r->lock);
          break;
        }
      job = r->pending;
      generation = r->pending_gen;
      r->pending = NULL;
      g_mutex_unlock (&r->lock);

      run_job (r, job, generation);
    }
  return NULL;
}

/* ---- public ----------------------------------------------------------- */

TsrPreviewRenderer *
tsr_preview_renderer_new (int n_threads, TsrPreviewReady ready, gpointer user_data)
{
  TsrPreviewRenderer *r = g_new0 (TsrPreviewRenderer, 1);

  g_atomic_ref_count_init (&r->ref);
  r->context = g_main_context_ref_thread_default ();
  r->ready = ready;
  r->user_data = user_data;
  r->n_threads = n_threads > 0 ? n_threads : tsr_render_default_threads ();
  g_mutex_init (&r->lock);
  g_cond_init (&r->wake);
  r->thread = g_thread_new ("tessera-preview", worker, r);
  return r;
}

int
tsr_preview_renderer_submit (TsrPreviewRenderer *r, const TsrPreviewJob *job)
{
  TsrPreviewJob *copy = g_memdup2 (job, sizeof *job);
  int            generation;

  copy->channels = CLAMP (copy->channels, 1, 4);
  copy->width = MAX (copy->width, 1);
  copy->height = MAX (copy->height, 1);

  g_mutex_lock (&r->lock);
  generation = g_atomic_int_add (&r->latest, 1) + 1;
  if (r->pending != NULL)
    {
      g_free (r->pending);
      g_atomic_int_inc (&r->skipped);
    }
  r->pending = copy;
  r->pending_gen = generation;
  g_cond_signal (&r->wake);
  g_mutex_unlock (&r->lock);
  g_atomic_int_inc (&r->submitted);
  return generation;
}

int
tsr_preview_renderer_latest (TsrPreviewRenderer *r)
{
  return g_atomic_int_get (&r->latest);
}

void
tsr_preview_renderer_free (TsrPreviewRenderer *r)
{
  if (r == NULL)
    return;
  r->closed = TRUE;
  g_atomic_int_inc (&r->latest);   /* whatever runs is now stale */

  g_mutex_lock (&r->lock);
  r->quit = TRUE;
  g_clear_pointer (&r->pending, g_free);
  g_cond_signal (&r->wake);
  g_mutex_unlock (&r->lock);

  g_thread_join (r->thread);
  renderer_unref (r);
}

void
tsr_preview_renderer_get_stats (TsrPreviewRenderer *r, TsrPreviewStats *stats)
{
  stats->submitted = g_atomic_int_get (&r->submitted);
  stats->skipped = g_atomic_int_get (&r->skipped);
  stats->cancelled = g_atomic_int_get (&r->cancelled);
  stats->finished = g_atomic_int_get (&r->finished);
}

gboolean
tsr_preview_tiled_source (const TsrPreviewJob *job, int vx, int vy, int *x, int *y)
{
  TsrTiledLayout l;
  int            cx, cy;

  tsr_tiled_layout_copies (job->width, job->height,
                           period (job, TSR_P_PERIOD_W, job->canvas_w),
                           period (job, TSR_P_PERIOD_H, job->canvas_h), job->copies, &l);
  cx = vx - l.x0;
  cy = vy - l.y0;
  if (cx < 0 || cy < 0 || cx >= l.copies * l.cell_w || cy >= l.copies * l.cell_h)
    return FALSE;
  *x = tsr_tiled_source (cx % l.cell_w, l.cell_w, l.period_w);
  *y = tsr_tiled_source (cy % l.cell_h, l.cell_h, l.period_h);
  return TRUE;
}
