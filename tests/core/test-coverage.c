/* Cloud cover: clear sky between clouds, the clouds themselves unchanged
 * in shape (the fBm's own values, shifted and stretched). */
#include <string.h>

#include "tessera.h"
#include "test-helpers.h"

#define N 128

static void
test_coverage_maps_values (void)
{
  static const double covers[] = { 0.0, 0.3, 0.6 };
  TsrTexture *full = test_texture ("clouds", N, N, "seed=4", NULL);
  float *v = test_render_scalar (full, 0, 0, N, N, 1);

  for (guint c = 0; c < G_N_ELEMENTS (covers); c++)
    {
      char kv[32];
      TsrTexture *tex;
      float *w, t = (float) (1.0 - covers[c]);
      int clear = 0, expected_clear = 0;

      g_snprintf (kv, sizeof kv, "coverage=%g", covers[c]);
      tex = test_texture ("clouds", N, N, "seed=4", kv, NULL);
      w = test_render_scalar (tex, 0, 0, N, N, 1);
      for (int i = 0; i < N * N; i++)
        {
          float want = t < 1.0f ? MAX (0.0f, v[i] - t) / (1.0f - t) : 0.0f;
          g_assert_cmpfloat_with_epsilon (w[i], want, 1e-6);
          g_assert_true (w[i] >= 0.0f && w[i] <= 1.0f);
          clear += w[i] == 0.0f;
          expected_clear += v[i] <= t;
        }
      g_assert_cmpint (clear, ==, expected_clear);
      /* less cover, more clear sky; none of it at full cover */
      g_assert_cmpint (clear, >, covers[c] == 0.0 ? N * N - 1 : N * N / 20);
      g_free (w);
      tsr_texture_free (tex);
    }
  g_free (v);
  tsr_texture_free (full);
}

/* Coverage 1 (the default) is the fBm as it was, bit for bit. */
static void
test_full_coverage_is_plain_fbm (void)
{
  TsrTexture *a = test_texture ("clouds", N, N, "seed=9", NULL);
  TsrTexture *b = test_texture ("clouds", N, N, "seed=9", "coverage=1", NULL);
  TsrTexture *almost = test_texture ("clouds", N, N, "seed=9", "coverage=0.999", NULL);
  float *pa = test_render_scalar (a, 0, 0, N, N, 1);
  float *pb = test_render_scalar (b, 0, 0, N, N, 1);
  float *pc = test_render_scalar (almost, 0, 0, N, N, 1);

  g_assert_cmpmem (pa, sizeof (float) * N * N, pb, sizeof (float) * N * N);
  g_assert_true (memcmp (pa, pc, sizeof (float) * N * N) != 0);
  g_free (pa); g_free (pb); g_free (pc);
  tsr_texture_free (a); tsr_texture_free (b); tsr_texture_free (almost);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/clouds/coverage", test_coverage_maps_values);
  g_test_add_func ("/core/clouds/full-coverage", test_full_coverage_is_plain_fbm);
  return g_test_run ();
}
