/* The 8-bit dither: off by default and then without effect; on, it
 * removes banding (8 x 8 block means follow the float values far closer
 * than plain rounding does) and is a function of the wrapped pixel
 * position, so periodic repeats and any region agree bit for bit. */
#include <string.h>

#include "color/quantize.h"
#include "tessera.h"
#include "test-helpers.h"

static float *
render_rgba (const TsrTexture *tex, int x, int y, int w, int h)
{
  float *rgba = g_new (float, (gsize) w * h * 4);

  g_assert_true (tsr_render (tex, x, y, w, h, rgba, (gsize) w * 4, 2, NULL, NULL, NULL));
  return rgba;
}

static void
test_off_by_default (void)
{
  TsrTexture *a = test_texture ("clouds", 64, 64, NULL);
  TsrTexture *b = test_texture ("clouds", 64, 64, NULL);
  float *pa, *pb;

  tsr_texture_set_output_levels (b, 255);
  pa = render_rgba (a, 0, 0, 64, 64);
  pb = render_rgba (b, 0, 0, 64, 64);
  g_assert_cmpmem (pa, 64 * 64 * 16, pb, 64 * 64 * 16);
  g_free (pa);
  g_free (pb);
  tsr_texture_free (a);
  tsr_texture_free (b);
}

/* A slow gradient (perlin at a large scale): averaged over 8 x 8 blocks,
 * dithered bytes stay near the float values; plain rounding makes steps. */
static void
test_removes_banding (void)
{
  const int n = 256;
  TsrTexture *plain = test_texture ("perlin", n, n, "scale=16384", "tileable=false", NULL);
  TsrTexture *dithered = test_texture ("perlin", n, n, "scale=16384", "tileable=false",
                                       "dither=true", NULL);
  float *exact, *d;
  double err_plain = 0, err_dither = 0;
  int blocks = 0;

  tsr_texture_set_output_levels (dithered, 255);
  exact = render_rgba (plain, 0, 0, n, n);
  d = render_rgba (dithered, 0, 0, n, n);
  for (int by = 0; by < n; by += 8)
    for (int bx = 0; bx < n; bx += 8, blocks++)
      {
        double sum_exact = 0, sum_plain = 0, sum_dither = 0;
        for (int y = by; y < by + 8; y++)
          for (int x = bx; x < bx + 8; x++)
            {
              gsize i = ((gsize) y * n + x) * 4;
              sum_exact += exact[i] * 255.0;
              sum_plain += tsr_quantize_unit (exact[i], 255);
              sum_dither += tsr_quantize_unit (d[i], 255);
              g_assert_cmpfloat (fabs (d[i] - exact[i]), <, 0.5 / 255);
              g_assert_cmpfloat (d[i + 3], ==, exact[i + 3]);   /* alpha untouched */
            }
        err_plain += fabs (sum_plain - sum_exact) / 64;
        err_dither += fabs (sum_dither - sum_exact) / 64;
      }
  err_plain /= blocks;
  err_dither /= blocks;
  g_test_message ("block means off by %.4f levels dithered, %.4f plain", err_dither, err_plain);
  if (!(err_dither < 0.25 * err_plain))
    g_error ("block means off by %.3f levels dithered, %.3f plain", err_dither, err_plain);
  g_free (exact);
  g_free (d);
  tsr_texture_free (plain);
  tsr_texture_free (dithered);
}

/* With a period that is not a multiple of 8, the repeats still agree, and
 * a region is the same crop of the whole. */
static void
test_tiles_and_regions (void)
{
  const int p = 37, n = 2 * p;
  TsrTexture *tex = test_texture ("clouds", n, n, "period-w=37", "period-h=37",
                                  "dither=true", NULL);
  float *all, *part;

  tsr_texture_set_output_levels (tex, 255);
  all = render_rgba (tex, 0, 0, n, n);
  for (int y = 0; y < p; y++)
    {
      g_assert_cmpmem (all + (gsize) y * n * 4, p * 16, all + ((gsize) y * n + p) * 4, p * 16);
      g_assert_cmpmem (all + (gsize) y * n * 4, n * 16, all + (gsize) (y + p) * n * 4, n * 16);
    }
  part = render_rgba (tex, 5, 9, 20, 11);
  for (int y = 0; y < 11; y++)
    g_assert_cmpmem (part + (gsize) y * 20 * 4, 20 * 16, all + ((gsize) (y + 9) * n + 5) * 4,
                     20 * 16);
  g_free (all);
  g_free (part);
  tsr_texture_free (tex);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/dither/off-by-default", test_off_by_default);
  g_test_add_func ("/core/dither/removes-banding", test_removes_banding);
  g_test_add_func ("/core/dither/tiles-and-regions", test_tiles_and_regions);
  return g_test_run ();
}
