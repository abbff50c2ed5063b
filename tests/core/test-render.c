/* The renderer: same bytes for any thread count and any rectangle split;
 * progress and cancel. */
#include <string.h>
#include "test-helpers.h"

#define W 173
#define H 61

static float *
render_rgba (const TsrTexture *tex, int threads)
{
  float *buf = g_new (float, (gsize) W * H * 4);
  GError *error = NULL;
  g_assert_true (tsr_render (tex, 0, 0, W, H, buf, W * 4, threads, NULL, NULL, &error));
  g_assert_no_error (error);
  return buf;
}

static void
test_threads_identical (void)
{
  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      TsrTexture *tex = test_texture (tsr_patterns[p]->name, W, H, "distortion=0.3", NULL);
      float *one = render_rgba (tex, 1);
      static const int counts[] = { 2, 3, 7, 0 };
      for (guint k = 0; k < G_N_ELEMENTS (counts); k++)
        {
          float *many = render_rgba (tex, counts[k]);
          g_assert_true (memcmp (one, many, sizeof (float) * W * H * 4) == 0);
          g_free (many);
        }
      g_free (one);
      tsr_texture_free (tex);
    }
}

/* Rendering in odd-shaped pieces gives exactly the whole. */
static void
test_split_identical (void)
{
  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      TsrTexture *tex = test_texture (tsr_patterns[p]->name, W, H, "seed=77", NULL);
      float *whole = render_rgba (tex, 2);
      float *pieces = g_new0 (float, (gsize) W * H * 4);
      static const int xs[] = { 0, 1, 37, 100, W }, ys[] = { 0, 13, 14, H };

      for (guint i = 0; i + 1 < G_N_ELEMENTS (xs); i++)
        for (guint j = 0; j + 1 < G_N_ELEMENTS (ys); j++)
          g_assert_true (tsr_render (tex, xs[i], ys[j], xs[i + 1] - xs[i], ys[j + 1] - ys[j],
                                     pieces + 4 * ((gsize) ys[j] * W + xs[i]), W * 4,
                                     1 + (int) (i + j) % 3, NULL, NULL, NULL));
      g_assert_true (memcmp (whole, pieces, sizeof (float) * W * H * 4) == 0);

      /* one pixel at a time, through the row API */
      for (int y = 0; y < H; y += 17)
        for (int x = 0; x < W; x += 23)
          {
            float px[4];
            tsr_texture_eval_rgba_row (tex, x, y, 1, px);
            g_assert_true (memcmp (px, whole + 4 * ((gsize) y * W + x), sizeof px) == 0);
          }
      g_free (whole);
      g_free (pieces);
      tsr_texture_free (tex);
    }
}

/* Veined marble at a size where its slow fields are taken on a grid
 * along x (marble-slow-fields.c: pink marble's finest cells span many
 * pixels at 2048²): a region in odd pieces, on any thread count, and
 * single points give the same bytes, for the values and for the slopes. */
static void
test_marble_grid_identical (void)
{
  static const char *const maps[] = { "map=color", "map=normal" };
  const int side = 2048, x0 = 301, y0 = 517, w = 203, h = 21;

  for (guint m = 0; m < G_N_ELEMENTS (maps); m++)
    {
      TsrTexture *tex = test_texture ("marble", side, side, "palette=rosa-portogallo",
                                      "veins=1.3", "vein-sharpness=4", "turbulence=0.45",
                                      "color-variation=0.15", maps[m], NULL);
      float *whole = g_new (float, (gsize) w * h * 4);
      float *pieces = g_new0 (float, (gsize) w * h * 4);
      static const int xs[] = { 0, 1, 70, 131, 203 }, ys[] = { 0, 5, 6, 21 };

      g_assert_true (tsr_render (tex, x0, y0, w, h, whole, w * 4, 2, NULL, NULL, NULL));
      for (guint i = 0; i + 1 < G_N_ELEMENTS (xs); i++)
        for (guint j = 0; j + 1 < G_N_ELEMENTS (ys); j++)
          g_assert_true (tsr_render (tex, x0 + xs[i], y0 + ys[j], xs[i + 1] - xs[i],
                                     ys[j + 1] - ys[j], pieces + 4 * ((gsize) ys[j] * w + xs[i]),
                                     w * 4, 1 + (int) (i + j) % 3, NULL, NULL, NULL));
      g_assert_true (memcmp (whole, pieces, sizeof (float) * w * h * 4) == 0);
      for (int y = 0; y < h; y += 4)
        for (int x = 0; x < w; x += 29)
          {
            float px[4];
            tsr_texture_eval_rgba_row (tex, x0 + x, y0 + y, 1, px);
            g_assert_true (memcmp (px, whole + 4 * ((gsize) y * w + x), sizeof px) == 0);
          }
      g_free (whole);
      g_free (pieces);
      tsr_texture_free (tex);
    }
}

static void
test_runs_identical (void)
{
  TsrTexture *a = test_texture ("wood", W, H, NULL);
  TsrTexture *b = test_texture ("wood", W, H, NULL);
  float *pa = render_rgba (a, 0), *pb = render_rgba (b, 0);
  g_assert_true (memcmp (pa, pb, sizeof (float) * W * H * 4) == 0);
  g_free (pa), g_free (pb);
  tsr_texture_free (a), tsr_texture_free (b);
}

/* A render too large for the caches stores its pixels past them
 * (render.c): the same bytes as the row API's, on 16-byte aligned rows,
 * on rows a float off (which cannot take those stores) and on a stride
 * that aligns every other row. */
static void
test_large_identical (void)
{
  static const char *const maps[] = { "map=color", "map=shaded" };
  const int w = 4096, h = 600;   /* 39 MB of RGBA */

  for (guint m = 0; m < G_N_ELEMENTS (maps); m++)
    for (int layout = 0; layout < 3; layout++)
      {
        TsrTexture *tex = test_texture ("clouds", w, h, "octaves=3", maps[m], NULL);
        const gsize stride = 4 * (gsize) w + (layout == 2 ? 4 : 0) + (layout == 2);
        float *buf = g_new (float, stride * h + 4), *want = g_new (float, (gsize) w * 4);
        float *out = buf + (layout == 1 ? 1 : 0);

        g_assert_true (tsr_render (tex, 0, 0, w, h, out, stride, 2, NULL, NULL, NULL));
        for (int y = 0; y < h; y += 7)
          {
            tsr_texture_eval_rgba_row (tex, 0, y, w, want);
            g_assert_true (memcmp (want, out + y * stride, sizeof (float) * 4 * w) == 0);
          }
        g_free (want);
        g_free (buf);
        tsr_texture_free (tex);
      }
}

typedef struct { int calls; double first, last; int cancel_after; } Progress;

static gboolean
on_progress (double fraction, gpointer data)
{
  Progress *p = data;
  if (p->calls == 0)
    p->first = fraction;
  g_assert_cmpfloat (fraction, >=, p->last);
  g_assert_cmpfloat (fraction, <=, 1.0);
  p->last = fraction;
  p->calls++;
  return p->cancel_after < 0 || p->calls < p->cancel_after;
}

/* Only what the contract promises, which holds however the threads are
 * scheduled: 0 first, one call per band, 1.0 last; a cancel is obeyed at
 * whichever call asks for it. */
static void
test_progress_and_cancel (void)
{
  TsrTexture *tex = test_texture ("clouds", 300, 2000, NULL);
  float *buf = g_new (float, (gsize) 300 * 2000 * 4);
  Progress p = { 0, -1.0, 0.0, -1 };
  GError *error = NULL;
  int full_calls;

  for (int run = 0; run < 2; run++)
    {
      int calls = p.calls;
      p = (Progress) { 0, -1.0, 0.0, -1 };
      g_assert_true (tsr_render (tex, 0, 0, 300, 2000, buf, 300 * 4, 2, on_progress, &p, &error));
      g_assert_no_error (error);
      g_assert_cmpint (p.calls, >=, 3);
      g_assert_cmpfloat (p.first, ==, 0.0);
      g_assert_cmpfloat (p.last, ==, 1.0);
      if (run > 0)
        g_assert_cmpint (p.calls, ==, calls);   /* the same count every time */
    }
  full_calls = p.calls;

  p = (Progress) { 0, -1.0, 0.0, 2 };
  g_assert_false (tsr_render (tex, 0, 0, 300, 2000, buf, 300 * 4, 2, on_progress, &p, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_cmpint (p.calls, ==, 2);
  g_assert_cmpfloat (p.last, <, 1.0);

  /* Cancelled at the very last call: still a cancel. */
  p = (Progress) { 0, -1.0, 0.0, full_calls };
  g_assert_false (tsr_render (tex, 0, 0, 300, 2000, buf, 300 * 4, 2, on_progress, &p, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_cmpint (p.calls, ==, full_calls);

  /* Cancelled at the first call: no pixel is touched. */
  for (gsize i = 0; i < (gsize) 300 * 2000 * 4; i++)
    buf[i] = -7.0f;
  p = (Progress) { 0, -1.0, 0.0, 1 };
  g_assert_false (tsr_render (tex, 0, 0, 300, 2000, buf, 300 * 4, 2, on_progress, &p, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_cmpint (p.calls, ==, 1);
  for (gsize i = 0; i < (gsize) 300 * 2000 * 4; i++)
    g_assert_cmpfloat (buf[i], ==, -7.0f);

  g_assert_false (tsr_render (tex, 0, 0, 0, 10, buf, 300 * 4, 2, NULL, NULL, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE);
  g_clear_error (&error);
  g_assert_false (tsr_render (tex, 0, 0, 300, 10, buf, 10, 2, NULL, NULL, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE);
  g_clear_error (&error);

  g_free (buf);
  tsr_texture_free (tex);
}

/* Every value in range and finite, for every pattern and basis, with extreme
 * but valid parameters too. */
static void
test_values_in_range (void)
{
  static const char *const extremes[][4] = {
    { NULL },
    { "octaves=12", "persistence=1", "lacunarity=4", NULL },
    { "octaves=1", "persistence=0", "scale=1", NULL },
    { "scale=16384", "distortion=4", NULL },
    { "tileable=false", "lacunarity=1", NULL },
  };
  for (guint p = 0; p < tsr_n_patterns; p++)
    for (guint b = 0; b < TSR_BASIS_COUNT; b++)
      for (guint e = 0; e < G_N_ELEMENTS (extremes); e++)
        {
          char *basis = g_strdup_printf ("basis=%s", tsr_basis_name ((TsrBasis) b));
          TsrSettings s;
          TsrTexture *tex;
          float *v;

          tsr_settings_init (&s, tsr_patterns[p]->name, NULL);
          g_assert_true (tsr_settings_parse (&s, "basis", basis + 6, NULL));
          for (guint k = 0; extremes[e][k]; k++)
            {
              char **kv = g_strsplit (extremes[e][k], "=", 2);
              g_assert_true (tsr_settings_parse (&s, kv[0], kv[1], NULL));
              g_strfreev (kv);
            }
          tex = tsr_texture_new (&s, 41, 29, NULL, NULL);
          g_assert_nonnull (tex);
          v = test_render_scalar (tex, -5, -5, 51, 39, 1);
          for (int i = 0; i < 51 * 39; i++)
            if (!(v[i] >= 0.0f && v[i] <= 1.0f))
              g_error ("%s %s extreme %u: value %g", tsr_patterns[p]->name, basis, e, v[i]);
          g_free (v);
          g_free (basis);
          tsr_texture_free (tex);
        }
}

/* ---- tsr_render_bands: hooks, order, bounds, errors --------------------- */

#define BW 97
#define BH 211

typedef struct
{
  float   *image;        /* the bands, put together by the consumer */
  gint     hooked;       /* atomic: band hooks run */
  int      consumed;     /* calling thread */
  int      max_bands;
  int      fail_at;      /* consumer fails at this band; -1 never */
  int      hook_fail_at; /* band hook fails at this band; -1 never */
  int      cancel_at;    /* progress returns FALSE at this call; -1 never */
  int      progress_calls;
  GPtrArray *buffers;    /* distinct band buffers seen */
} Bands;

static void
bands_init (Bands *b, int max_bands)
{
  *b = (Bands) { g_new0 (float, (gsize) BW * BH * 4), 0, 0, max_bands, -1, -1, -1, 0,
                 g_ptr_array_new () };
}

static void
bands_clear (Bands *b)
{
  g_free (b->image);
  g_ptr_array_unref (b->buffers);
}

/* Worker thread: checks the band, then scales its pixels in place, which
 * the consumer undoes: proof the hook ran before the consumer saw it. */
static gboolean
bands_hook (TsrBand *band, gpointer data, GError **error)
{
  Bands *b = data;

  g_assert_cmpint (band->rows, >=, 1);
  g_assert_cmpint (band->x, ==, -3);
  g_assert_cmpint (band->y, ==, 5 + band->row);
  for (int r = 0; r < band->rows; r++)
    for (int i = 0; i < band->width * 4; i++)
      band->pixels[(gsize) r * band->stride + i] *= 2.0f;
  g_atomic_int_inc (&b->hooked);
  if (band->index == b->hook_fail_at)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "hook refused band %d", band->index);
      return FALSE;
    }
  return TRUE;
}

/* Calling thread: bands come in row order, each once; no more than
 * max_bands of them have been rendered and not consumed. */
static gboolean
bands_consume (TsrBand *band, gpointer data, GError **error)
{
  Bands *b = data;

  g_assert_cmpint (band->index, ==, b->consumed);
  g_assert_cmpint (g_atomic_int_get (&b->hooked), <=, b->consumed + b->max_bands);
  if (!g_ptr_array_find (b->buffers, band->pixels, NULL))
    g_ptr_array_add (b->buffers, band->pixels);
  for (int r = 0; r < band->rows; r++)
    for (int i = 0; i < band->width * 4; i++)
      b->image[(gsize) (band->row + r) * BW * 4 + i] = band->pixels[(gsize) r * band->stride + i] / 2.0f;
  b->consumed++;
  if (band->index == b->fail_at)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOSPC, "disk full at band %d", band->index);
      return FALSE;
    }
  return TRUE;
}

static gboolean
bands_progress (double fraction, gpointer data)
{
  Bands *b = data;

  /* One call before any band, then one after each consumed band. */
  g_assert_cmpint (b->progress_calls, ==, b->consumed);
  g_assert_cmpfloat (fraction, >=, 0.0);
  return b->progress_calls++ != b->cancel_at;
}

static TsrRenderJob
bands_job (Bands *b, int threads, int band_rows)
{
  return (TsrRenderJob) {
    .x = -3, .y = 5, .width = BW, .height = BH, .n_threads = threads,
    .band_rows = band_rows, .max_bands = b->max_bands,
    .band_done = bands_hook, .consume = bands_consume, .progress = bands_progress,
    .user_data = b,
  };
}

/* Same bytes as tsr_render for any thread count, band size, bound and
 * alignment; bands in order, bounded, the progress count fixed. */
static void
test_bands_identical (void)
{
  static const int threads[] = { 1, 2, 3, 7 };
  static const int rows[] = { 0, 1, 5, 64, BH, 1000 };
  TsrTexture *tex = test_texture ("marble", 200, 200, "distortion=0.4", NULL);
  float *want = g_new (float, (gsize) BW * BH * 4);

  g_assert_true (tsr_render (tex, -3, 5, BW, BH, want, BW * 4, 1, NULL, NULL, NULL));
  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
      for (int variant = 0; variant < 3; variant++)
        {
          Bands b;
          TsrRenderJob job;
          GError *error = NULL;
          int n_bands;

          bands_init (&b, variant == 2 ? 1 : 1 + (int) (t + r) % 4);
          job = bands_job (&b, threads[t], rows[r]);
          job.align_bands = variant == 1;
          g_assert_true (tsr_render_bands (tex, &job, &error));
          g_assert_no_error (error);
          g_assert_cmpmem (b.image, sizeof (float) * BW * BH * 4, want, sizeof (float) * BW * BH * 4);
          g_assert_cmpint (g_atomic_int_get (&b.hooked), ==, b.consumed);
          g_assert_cmpint (b.progress_calls, ==, b.consumed + 1);
          g_assert_cmpuint (b.buffers->len, <=, (guint) b.max_bands);
          if (rows[r] > 0)
            {
              n_bands = variant == 1 ? (5 % rows[r] + BH + rows[r] - 1) / rows[r]
                                     : (BH + rows[r] - 1) / rows[r];
              g_assert_cmpint (b.consumed, ==, n_bands);
            }
          bands_clear (&b);
        }
  g_free (want);
  tsr_texture_free (tex);
}

/* Renders with b's failure set up; returns the error it must end with. */
static GError *
bands_fail (Bands *b, int threads, int band_rows)
{
  TsrTexture *tex = test_texture ("clouds", 200, 200, NULL);
  TsrRenderJob job = bands_job (b, threads, band_rows);
  GError *error = NULL;

  g_assert_false (tsr_render_bands (tex, &job, &error));
  g_assert_nonnull (error);
  tsr_texture_free (tex);
  return error;
}

/* A consumer's error stops the render and comes back as it was. */
static void
test_bands_consumer_error (void)
{
  for (int threads = 1; threads <= 3; threads++)
    {
      Bands b;
      GError *error;

      bands_init (&b, 2);
      b.fail_at = 3;
      error = bands_fail (&b, threads, 7);
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOSPC);
      g_assert_cmpstr (error->message, ==, "disk full at band 3");
      g_error_free (error);
      g_assert_cmpint (b.consumed, ==, 4);
      g_assert_cmpint (b.progress_calls, ==, 4);   /* 0, then bands 0 .. 2 */
      g_assert_cmpint (g_atomic_int_get (&b.hooked), <=, 4 + 2);
      bands_clear (&b);
    }
}

/* A band hook's error too; no band after it is consumed. */
static void
test_bands_hook_error (void)
{
  for (int threads = 1; threads <= 3; threads++)
    {
      Bands b;
      GError *error;

      bands_init (&b, 3);
      b.hook_fail_at = 5;
      error = bands_fail (&b, threads, 4);
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
      g_assert_cmpstr (error->message, ==, "hook refused band 5");
      g_error_free (error);
      g_assert_cmpint (b.consumed, <=, 5);
      bands_clear (&b);
    }
}

/* Cancelled from progress part way: exactly the bands before it were
 * consumed, and the hooks stopped within the bound. */
static void
test_bands_cancel (void)
{
  for (int threads = 1; threads <= 7; threads += 3)
    for (int cancel_at = 0; cancel_at < 6; cancel_at += 2)
      {
        Bands b;
        GError *error;

        bands_init (&b, 2);
        b.cancel_at = cancel_at;
        error = bands_fail (&b, threads, 3);
        g_assert_error (error, TSR_ERROR, TSR_ERROR_CANCELLED);
        g_error_free (error);
        g_assert_cmpint (b.progress_calls, ==, cancel_at + 1);
        g_assert_cmpint (b.consumed, ==, cancel_at);
        g_assert_cmpint (g_atomic_int_get (&b.hooked), <=, cancel_at + 2);
        bands_clear (&b);
      }
}

/* No texture: the band hook computes each band; scalar renders too. */
static gboolean
index_hook (TsrBand *band, gpointer data, GError **error)
{
  float *out = data;

  (void) error;
  g_assert_null (band->pixels);
  for (int r = 0; r < band->rows; r++)
    out[band->row + r] = (float) (band->y + r);
  return TRUE;
}

static void
test_bands_no_texture (void)
{
  float rows[BH];
  TsrRenderJob job = { .y = 10, .width = 1, .height = BH, .n_threads = 3,
                       .band_rows = 2, .band_done = index_hook, .user_data = rows };
  TsrTexture *tex = test_texture ("wood", 50, 50, NULL);
  float *scalar = test_render_scalar (tex, 0, 0, 50, 50, 1);
  float *banded = g_new (float, 50 * 50);
  TsrRenderJob sjob = { .width = 50, .height = 50, .scalar = TRUE, .n_threads = 2,
                        .band_rows = 3, .out = banded, .stride = 50 };
  GError *error = NULL;

  g_assert_true (tsr_render_bands (NULL, &job, &error));
  g_assert_no_error (error);
  for (int r = 0; r < BH; r++)
    g_assert_cmpfloat (rows[r], ==, 10 + r);

  g_assert_true (tsr_render_bands (tex, &sjob, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (banded, sizeof (float) * 50 * 50, scalar, sizeof (float) * 50 * 50);

  job.band_done = NULL;
  g_assert_false (tsr_render_bands (NULL, &job, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE);
  g_clear_error (&error);
  g_free (scalar);
  g_free (banded);
  tsr_texture_free (tex);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/render/threads-identical", test_threads_identical);
  g_test_add_func ("/core/render/split-identical", test_split_identical);
  g_test_add_func ("/core/render/runs-identical", test_runs_identical);
  g_test_add_func ("/core/render/marble-grid-identical", test_marble_grid_identical);
  g_test_add_func ("/core/render/large-identical", test_large_identical);
  g_test_add_func ("/core/render/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/core/render/values-in-range", test_values_in_range);
  g_test_add_func ("/core/render/bands/identical", test_bands_identical);
  g_test_add_func ("/core/render/bands/consumer-error", test_bands_consumer_error);
  g_test_add_func ("/core/render/bands/hook-error", test_bands_hook_error);
  g_test_add_func ("/core/render/bands/cancel", test_bands_cancel);
  g_test_add_func ("/core/render/bands/no-texture", test_bands_no_texture);
  return g_test_run ();
}
