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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/render/threads-identical", test_threads_identical);
  g_test_add_func ("/core/render/split-identical", test_split_identical);
  g_test_add_func ("/core/render/runs-identical", test_runs_identical);
  g_test_add_func ("/core/render/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/core/render/values-in-range", test_values_in_range);
  return g_test_run ();
}
