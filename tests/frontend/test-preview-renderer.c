/* The preview's threaded renderer: its pixels are the plug-in's (same
 * texture, same 8-bit rounding), stale renders are dropped and cancelled,
 * and the benchmark figure (printed, never asserted). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tessera.h"
#include "preview-renderer.h"
#include "pixel-convert.h"

typedef struct
{
  GPtrArray *results;   /* Copies of what was delivered */
  int        wait_gen;  /* stop the loop at this generation's exact pass */
  TsrPreviewPass wait_pass;
  gboolean   done;
} Sink;

typedef struct
{
  int            generation;
  TsrPreviewPass pass;
  int            width, height, channels;
  guchar        *pixels;
  double         seconds, total_seconds;
  gboolean       error;
} Got;

static void
got_free (gpointer data)
{
  Got *g = data;
  g_free (g->pixels);
  g_free (g);
}

static void
on_ready (const TsrPreviewResult *r, gpointer data)
{
  Sink *sink = data;
  Got  *g = g_new0 (Got, 1);

  g->generation = r->generation;
  g->pass = r->pass;
  g->width = r->width;
  g->height = r->height;
  g->channels = r->channels;
  g->seconds = r->seconds;
  g->total_seconds = r->total_seconds;
  g->error = r->error != NULL;
  if (r->pixels != NULL)
    {
      g_assert_cmpuint (r->rowstride, ==, (gsize) r->width * r->channels);
      g->pixels = g_memdup2 (r->pixels, r->rowstride * r->height);
    }
  g_ptr_array_add (sink->results, g);
  if (r->generation == sink->wait_gen && r->pass == sink->wait_pass)
    sink->done = TRUE;
}

static gboolean
on_timeout (gpointer data)
{
  g_error ("no preview result within 30 s (waiting for generation %d)",
           ((Sink *) data)->wait_gen);
  return G_SOURCE_REMOVE;
}

static void
wait_for (Sink *sink, int generation, TsrPreviewPass pass)
{
  guint timeout = g_timeout_add_seconds (30, on_timeout, sink);

  sink->wait_gen = generation;
  sink->wait_pass = pass;
  sink->done = FALSE;
  while (!sink->done)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timeout);
}

static const Got *
last (Sink *sink)
{
  return g_ptr_array_index (sink->results, sink->results->len - 1);
}

static void
job_init (TsrPreviewJob *job, const char *pattern, int cw, int ch,
          int x, int y, int w, int h, int channels, ...)
{
  GError     *error = NULL;
  const char *kv;
  va_list     ap;

  memset (job, 0, sizeof *job);
  g_assert_true (tsr_settings_init (&job->settings, pattern, &error));
  va_start (ap, channels);
  while ((kv = va_arg (ap, const char *)) != NULL)
    {
      char **parts = g_strsplit (kv, "=", 2);
      if (!tsr_settings_parse (&job->settings, parts[0], parts[1], &error))
        g_error ("%s: %s", kv, error->message);
      g_strfreev (parts);
    }
  va_end (ap);
  job->canvas_w = cw;
  job->canvas_h = ch;
  job->x = x;
  job->y = y;
  job->width = w;
  job->height = h;
  job->channels = channels;
  job->coarse = 4;
}

/* What OK writes into an 8-bit layer: the core's float RGBA, rounded. */
static guchar *
expected (const TsrPreviewJob *job)
{
  GError     *error = NULL;
  TsrTexture *tex = tsr_texture_new_tile (&job->settings, job->canvas_w, job->canvas_h,
                                          job->use_ramp ? &job->ramp : NULL,
                                          job->tile.kind != TSR_TILES_NONE ? &job->tile : NULL,
                                          &error);
  float      *f = g_new (float, (gsize) job->width * job->height * 4);
  guchar     *b = g_new (guchar, (gsize) job->width * job->height * job->channels);

  g_assert_no_error (error);
  if (job->with_terrain)
    g_assert_true (tsr_texture_set_terrain (tex, &job->terrain, NULL));
  g_assert_true (tsr_render (tex, job->x, job->y, job->width, job->height, f,
                             (gsize) job->width * 4, 1, NULL, NULL, &error));
  tsr_quantize_rgb (f, b, job->width * job->height, job->channels);
  g_free (f);
  tsr_texture_free (tex);
  return b;
}

static void
test_quantize (void)
{
  g_assert_cmpuint (tsr_quantize (0.0f), ==, 0);
  g_assert_cmpuint (tsr_quantize (1.0f), ==, 255);
  g_assert_cmpuint (tsr_quantize (-3.0f), ==, 0);
  g_assert_cmpuint (tsr_quantize (7.0f), ==, 255);
  g_assert_cmpuint (tsr_quantize (NAN), ==, 0);
  g_assert_cmpuint (tsr_quantize (0.5f), ==, 128);           /* 127.5 rounds up */
  g_assert_cmpuint (tsr_quantize (127.49f / 255), ==, 127);
  g_assert_cmpuint (tsr_quantize (127.51f / 255), ==, 128);
  for (int k = 0; k < 256; k++)
    g_assert_cmpuint (tsr_quantize (k / 255.0f), ==, k);
}

/* The exact pass equals the plug-in's pixels, at any position (past the
 * canvas too), RGB and RGBA, for every pattern. */
static void
test_exact_pixels (void)
{
  Sink                sink = { g_ptr_array_new_with_free_func (got_free), 0, 0, FALSE };
  TsrPreviewRenderer *r = tsr_preview_renderer_new (3, on_ready, &sink);

  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      TsrPreviewJob job;
      guchar       *want;
      int           gen;
      const int     channels = p % 2 ? 4 : 3;

      job_init (&job, tsr_patterns[p]->name, 300, 200, 37 + (int) p * 50, 11, 173, 150,
                channels, "distortion=0.2", "color1=#10203080", NULL);
      gen = tsr_preview_renderer_submit (r, &job);
      wait_for (&sink, gen, TSR_PREVIEW_EXACT);
      g_assert_false (last (&sink)->error);
      want = expected (&job);
      g_assert_cmpint (last (&sink)->channels, ==, channels);
      g_assert_cmpmem (last (&sink)->pixels, 173 * 150 * channels, want, 173 * 150 * channels);
      g_free (want);
    }
  tsr_preview_renderer_free (r);
  g_ptr_array_unref (sink.results);
}

/* A tile of a set is shown as OK makes it: the corner tile with all
 * corners of colour 0 (what the layer gets with the set as layers), and
 * with terrain the one whose corners are all the second material; not
 * the plain texture. */
static void
test_set_tile (void)
{
  Sink                sink = { g_ptr_array_new_with_free_func (got_free), 0, 0, FALSE };
  TsrPreviewRenderer *r = tsr_preview_renderer_new (2, on_ready, &sink);
  guchar             *plain = NULL;

  for (int k = 0; k < 3; k++)
    {
      TsrPreviewJob job;
      guchar       *want;
      int           gen;

      job_init (&job, "clouds", 96, 96, 0, 0, 96, 96, 3, "palette=grass", "scale=40", NULL);
      job.coarse = 0;
      if (k > 0)
        job.tile = tsr_tile_corner (k == 1 ? 0 : 15);
      if (k == 2)
        {
          job.with_terrain = TRUE;
          tsr_ramp_palette (&job.terrain, TSR_PALETTE_SAND);
        }
      gen = tsr_preview_renderer_submit (r, &job);
      wait_for (&sink, gen, TSR_PREVIEW_EXACT);
      g_assert_false (last (&sink)->error);
      want = expected (&job);
      g_assert_cmpmem (last (&sink)->pixels, 96 * 96 * 3, want, 96 * 96 * 3);
      if (k == 0)
        plain = want;
      else
        {
          g_assert_true (memcmp (want, plain, 96 * 96 * 3) != 0);
          g_free (want);
        }
    }
  g_free (plain);
  tsr_preview_renderer_free (r);
  g_ptr_array_unref (sink.results);
}

/* The quick pass shows, in each 4 x 4 block, the exact pixel at its
 * centre; it comes first. */
static void
test_coarse_pass (void)
{
  Sink                sink = { g_ptr_array_new_with_free_func (got_free), 0, 0, FALSE };
  TsrPreviewRenderer *r = tsr_preview_renderer_new (0, on_ready, &sink);
  TsrPreviewJob       job;
  const Got          *coarse = NULL, *exact;
  int                 gen;

  job_init (&job, "marble", 640, 480, 5, 7, 258, 203, 3, NULL);
  gen = tsr_preview_renderer_submit (r, &job);
  wait_for (&sink, gen, TSR_PREVIEW_EXACT);
  exact = last (&sink);
  for (guint i = 0; i < sink.results->len; i++)
    {
      const Got *g = g_ptr_array_index (sink.results, i);
      if (g->generation == gen && g->pass == TSR_PREVIEW_COARSE)
        coarse = g;
    }
  g_assert_nonnull (coarse);
  g_assert_true (coarse == g_ptr_array_index (sink.results, 0));

  for (int y = 0; y < 203; y++)
    for (int x = 0; x < 258; x++)
      {
        int bx = x / 4 * 4, by = y / 4 * 4;
        int cx = bx + MIN (4, 258 - bx) / 2, cy = by + MIN (4, 203 - by) / 2;
        g_assert_cmpmem (coarse->pixels + (y * 258 + x) * 3, 3,
                         exact->pixels + (cy * 258 + cx) * 3, 3);
      }
  tsr_preview_renderer_free (r);
  g_ptr_array_unref (sink.results);
}

/* The tiled view shows the period: each pixel is the texture pixel
 * tsr_preview_tiled_source names, the rest is background. */
static void
tiled_pixels (int copies)
{
  Sink                sink = { g_ptr_array_new_with_free_func (got_free), 0, 0, FALSE };
  TsrPreviewRenderer *r = tsr_preview_renderer_new (2, on_ready, &sink);
  TsrPreviewJob       job;
  GError             *error = NULL;
  TsrTexture         *tex;
  const Got          *g;
  int                 gen, n_bg = 0;

  job_init (&job, "wood", 1000, 700, 0, 0, 240, 200, 3, "period-w=300", NULL);
  job.tiled = TRUE;
  job.copies = copies;
  job.background[0] = 1, job.background[1] = 2, job.background[2] = 3;
  gen = tsr_preview_renderer_submit (r, &job);
  wait_for (&sink, gen, TSR_PREVIEW_EXACT);
  g = last (&sink);
  g_assert_cmpint (g->width, ==, 240);
  g_assert_cmpint (g->height, ==, 200);

  tex = tsr_texture_new (&job.settings, 1000, 700, NULL, &error);
  g_assert_no_error (error);
  for (int vy = 0; vy < 200; vy++)
    for (int vx = 0; vx < 240; vx++)
      {
        const guchar *px = g->pixels + (vy * 240 + vx) * 3;
        int           x, y;

        if (tsr_preview_tiled_source (&job, vx, vy, &x, &y))
          {
            float  rgba[4];
            guchar want[3];

            g_assert_cmpint (x, <, 300);
            g_assert_cmpint (y, <, 700);
            tsr_texture_eval_rgba_row (tex, x, y, 1, rgba);
            tsr_quantize_rgb (rgba, want, 1, 3);
            g_assert_cmpmem (px, 3, want, 3);
          }
        else
          {
            g_assert_cmpmem (px, 3, job.background, 3);
            n_bg++;
          }
      }
  /* Period 300 x 700 in 240 x 200: 2 x 2 cells of 42 x 100, or one cell
   * of 85 x 200, centred. */
  g_assert_cmpint (n_bg, ==, copies == 1 ? 240 * 200 - 85 * 200 : 240 * 200 - 84 * 200);
  tsr_texture_free (tex);
  tsr_preview_renderer_free (r);
  g_ptr_array_unref (sink.results);
}

static void
test_tiled_pixels (void)
{
  tiled_pixels (2);
}

/* The whole tile, scaled to fit: the same pixels, one copy. */
static void
test_whole_tile_pixels (void)
{
  tiled_pixels (1);
}

/* A gate in a job's pixel conversion: the exact pass's rows (n == width)
 * wait there once armed, so a test knows a render is under way, and how far
 * it got, without depending on how threads are scheduled. */
typedef struct
{
  GMutex   lock;
  GCond    changed;
  int      width;      /* rows of this width are gated */
  gboolean armed;
  gboolean blocked;    /* a row is waiting */
  gboolean released;
  int      rows;       /* gated rows converted */
} Gate;

static void
gated_convert (const float *rgba, guchar *out, int n, gpointer data)
{
  Gate *g = data;

  g_mutex_lock (&g->lock);
  if (g->armed && n == g->width)
    {
      g->blocked = TRUE;
      g_cond_broadcast (&g->changed);
      while (!g->released)
        g_cond_wait (&g->changed, &g->lock);
      g->rows++;
    }
  g_mutex_unlock (&g->lock);
  tsr_convert_rgb (rgba, out, n, NULL);
}

static void
gate_wait_blocked (Gate *g)
{
  g_mutex_lock (&g->lock);
  while (!g->blocked)
    g_cond_wait (&g->changed, &g->lock);
  g_mutex_unlock (&g->lock);
}

static void
gate_release (Gate *g)
{
  g_mutex_lock (&g->lock);
  g->released = TRUE;
  g_cond_broadcast (&g->changed);
  g_mutex_unlock (&g->lock);
}

/* A newer job makes the render under way stop: its exact pass is never
 * delivered, and it stops long before its last row. */
static void
test_cancel_stale (void)
{
  Sink                sink = { g_ptr_array_new_with_free_func (got_free), 0, 0, FALSE };
  TsrPreviewRenderer *r = tsr_preview_renderer_new (0, on_ready, &sink);
  Gate                gate = { .width = 1536, .armed = TRUE };
  TsrPreviewJob       big, small;
  TsrPreviewStats     stats;
  int                 gen_big, gen_small;

  g_mutex_init (&gate.lock);
  g_cond_init (&gate.changed);
  job_init (&big, "clouds", 1536, 1536, 0, 0, 1536, 1536, 3, "octaves=10", NULL);
  big.convert = gated_convert;
  big.convert_data = &gate;
  gen_big = tsr_preview_renderer_submit (r, &big);
  gate_wait_blocked (&gate);            /* the big exact pass is under way */

  job_init (&small, "clouds", 1536, 1536, 0, 0, 64, 64, 3, NULL);
  gen_small = tsr_preview_renderer_submit (r, &small);
  gate_release (&gate);
  wait_for (&sink, gen_small, TSR_PREVIEW_EXACT);

  for (guint i = 0; i < sink.results->len; i++)
    {
      const Got *g = g_ptr_array_index (sink.results, i);
      g_assert_false (g->generation == gen_big && g->pass == TSR_PREVIEW_EXACT);
    }
  tsr_preview_renderer_get_stats (r, &stats);
  tsr_preview_renderer_free (r);
  g_test_message ("big job stopped after %d of 1536 rows; stats: %d submitted, %d skipped, "
                  "%d cancelled, %d finished", gate.rows, stats.submitted, stats.skipped,
                  stats.cancelled, stats.finished);
  g_assert_cmpint (stats.submitted, ==, 2);
  g_assert_cmpint (stats.cancelled, ==, 1);
  g_assert_cmpint (stats.finished, ==, 1);
  /* Order, not speed: the cancel did not wait for the old render to end. */
  g_assert_cmpint (gate.rows, <, 1536);
  g_mutex_clear (&gate.lock);
  g_cond_clear (&gate.changed);
  g_ptr_array_unref (sink.results);
}

/* Jobs submitted while one renders: only the newest is delivered, the one
 * under way is cancelled and every one in between is skipped. */
static void
test_burst (void)
{
  Sink                sink = { g_ptr_array_new_with_free_func (got_free), 0, 0, FALSE };
  TsrPreviewRenderer *r = tsr_preview_renderer_new (0, on_ready, &sink);
  Gate                gate = { .width = 256, .armed = TRUE };
  TsrPreviewStats     stats;
  TsrPreviewJob       job;
  int                 gen = 0;
  guchar             *want;

  g_mutex_init (&gate.lock);
  g_cond_init (&gate.changed);
  job_init (&job, "turbulence", 512, 512, 0, 0, 256, 256, 3, NULL);
  job.convert = gated_convert;
  job.convert_data = &gate;
  for (int i = 0; i < 50; i++)
    {
      job.settings.value[TSR_P_SEED] = i;
      gen = tsr_preview_renderer_submit (r, &job);
      if (i == 0)
        gate_wait_blocked (&gate);      /* the first is under way */
    }
  gate_release (&gate);
  g_assert_cmpint (tsr_preview_renderer_latest (r), ==, gen);
  wait_for (&sink, gen, TSR_PREVIEW_EXACT);
  for (guint i = 0; i < sink.results->len; i++)
    g_assert_cmpint (((Got *) g_ptr_array_index (sink.results, i))->generation, ==, gen);
  want = expected (&job);
  g_assert_cmpmem (last (&sink)->pixels, 256 * 256 * 3, want, 256 * 256 * 3);
  g_free (want);

  tsr_preview_renderer_get_stats (r, &stats);
  tsr_preview_renderer_free (r);
  g_assert_cmpint (stats.submitted, ==, 50);
  g_assert_cmpint (stats.skipped + stats.cancelled + stats.finished, ==, 50);
  g_assert_cmpint (stats.skipped, >=, 40);
  g_assert_cmpint (stats.skipped, ==, 48);
  g_assert_cmpint (stats.cancelled, ==, 1);
  g_assert_cmpint (stats.finished, ==, 1);
  g_mutex_clear (&gate.lock);
  g_cond_clear (&gate.changed);
  g_ptr_array_unref (sink.results);
}

/* Bad settings come back as an error, not pixels. */
static void
test_error (void)
{
  Sink                sink = { g_ptr_array_new_with_free_func (got_free), 0, 0, FALSE };
  TsrPreviewRenderer *r = tsr_preview_renderer_new (1, on_ready, &sink);
  TsrPreviewJob       job;
  int                 gen;

  job_init (&job, "clouds", 64, 64, 0, 0, 64, 64, 3, NULL);
  job.settings.value[TSR_P_SCALE] = -1;
  gen = tsr_preview_renderer_submit (r, &job);
  wait_for (&sink, gen, TSR_PREVIEW_EXACT);
  g_assert_true (last (&sink)->error);
  g_assert_null (last (&sink)->pixels);
  tsr_preview_renderer_free (r);
  g_ptr_array_unref (sink.results);
}

/* Freeing with work under way and results queued: no callback after. */
static void
test_free_busy (void)
{
  Sink                sink = { g_ptr_array_new_with_free_func (got_free), 0, 0, FALSE };
  TsrPreviewRenderer *r = tsr_preview_renderer_new (0, on_ready, &sink);
  TsrPreviewJob       job;

  job_init (&job, "clouds", 2048, 2048, 0, 0, 2048, 2048, 3, "octaves=12", NULL);
  tsr_preview_renderer_submit (r, &job);
  g_usleep (20000);
  tsr_preview_renderer_free (r);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (sink.results->len, ==, 0);
  g_ptr_array_unref (sink.results);
}

/* The figure: a 256 x 256 preview of 8-octave tileable clouds,
 * target <= 20 ms.  Printed, never asserted. */
static void
test_bench (void)
{
  Sink                sink = { g_ptr_array_new_with_free_func (got_free), 0, 0, FALSE };
  TsrPreviewRenderer *r = tsr_preview_renderer_new (0, on_ready, &sink);
  TsrPreviewJob       job;
  double              best = G_MAXDOUBLE, sum = 0, total = 0, coarse = 0;
  int                 n_coarse = 0;
  const int           runs = 10;

  job_init (&job, "clouds", 1024, 1024, 100, 100, 256, 256, 3,
            "octaves=8", "tileable=true", NULL);
  for (int i = 0; i <= runs; i++)
    {
      int        gen;
      const Got *g;

      job.settings.value[TSR_P_SEED] = i;
      gen = tsr_preview_renderer_submit (r, &job);
      wait_for (&sink, gen, TSR_PREVIEW_EXACT);
      g = last (&sink);
      if (i == 0)
        continue;   /* warm-up: threads, caches */
      best = MIN (best, g->seconds);
      sum += g->seconds;
      total += g->total_seconds;
      for (guint k = 0; k < sink.results->len; k++)
        {
          const Got *c = g_ptr_array_index (sink.results, k);
          if (c->generation == gen && c->pass == TSR_PREVIEW_COARSE)
            coarse += c->seconds, n_coarse++;
        }
    }
  /* Printed with printf too: g_test_message is hidden unless verbose. */
  printf ("# BENCH preview 256x256 clouds octaves=8 tileable, %d threads: exact pass "
          "%.1f ms best, %.1f ms mean; job to exact result %.1f ms mean; quick pass "
          "in %d of %d runs (%.1f ms mean) (target <= 20 ms)\n",
          tsr_render_default_threads (), best * 1e3, sum / runs * 1e3,
          total / runs * 1e3, n_coarse, runs, n_coarse ? coarse / n_coarse * 1e3 : 0.0);
  tsr_preview_renderer_free (r);
  g_ptr_array_unref (sink.results);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/preview/quantize", test_quantize);
  g_test_add_func ("/ui/preview/exact-pixels", test_exact_pixels);
  g_test_add_func ("/ui/preview/coarse-pass", test_coarse_pass);
  g_test_add_func ("/ui/preview/set-tile", test_set_tile);
  g_test_add_func ("/ui/preview/tiled-pixels", test_tiled_pixels);
  g_test_add_func ("/ui/preview/whole-tile-pixels", test_whole_tile_pixels);
  g_test_add_func ("/ui/preview/cancel-stale", test_cancel_stale);
  g_test_add_func ("/ui/preview/burst", test_burst);
  g_test_add_func ("/ui/preview/error", test_error);
  g_test_add_func ("/ui/preview/free-busy", test_free_busy);
  g_test_add_func ("/ui/preview/bench", test_bench);
  return g_test_run ();
}
