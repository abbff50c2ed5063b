/* The colours' drift (`color-variation`, core/color/color-drift.h): hue and
 * saturation wander apart from lightness, and the pixels still repeat with
 * the tile to the last bit, whatever the region or thread count. */
#include <string.h>
#include "test-helpers.h"

enum { W = 40, H = 28 };

static float *
render (const TsrTexture *tex, int x, int y, int w, int h, int threads)
{
  float *px = g_new (float, (gsize) w * h * 4);

  g_assert_true (tsr_render (tex, x, y, w, h, px, (gsize) w * 4, threads, NULL, NULL, NULL));
  return px;
}

static float
luma (const float *px)
{
  return 0.299f * px[0] + 0.587f * px[1] + 0.114f * px[2];
}

/* One colour everywhere: the palette alone gives every pixel the same
 * colour; the drift turns and scales its chroma, pixel by pixel, and
 * leaves its luma. */
static void
test_hue_apart_from_lightness (void)
{
  TsrTexture *flat = test_texture ("clouds", W, H, "palette=colors", "color1=#a05a3c",
                                   "color2=#a05a3c", NULL);
  TsrTexture *drift = test_texture ("clouds", W, H, "palette=colors", "color1=#a05a3c",
                                    "color2=#a05a3c", "color-variation=1", NULL);
  float *a = render (flat, 0, 0, W, H, 1), *b = render (drift, 0, 0, W, H, 1);
  double lo = 1, hi = 0;

  for (int i = 0; i < W * H; i++)
    {
      const float *p = b + 4 * i;
      /* red over green, a hue's stand-in for an orange */
      const double ratio = (p[1] - p[2]) / MAX (1e-3, p[0] - p[2]);

      g_assert_cmpfloat (fabsf (a[4 * i] - a[0]), ==, 0.0f);
      g_assert_cmpfloat_with_epsilon (luma (p), luma (a), 2e-3);
      g_assert_cmpfloat (p[3], ==, 1.0f);
      lo = MIN (lo, ratio);
      hi = MAX (hi, ratio);
    }
  if (hi - lo < 0.2)
    g_error ("the hue hardly drifts: green's share of the chroma %.3f .. %.3f", lo, hi);
  g_free (a), g_free (b);
  tsr_texture_free (flat), tsr_texture_free (drift);
}

/* A grey palette is no longer grey: the warm field warms and cools it. */
static void
test_grey_warms_and_cools (void)
{
  TsrTexture *tex = test_texture ("marble", W, H, "palette=carrara", "color-variation=1", NULL);
  float *px = render (tex, 0, 0, W, H, 1);
  double warm = 0, cool = 0;

  g_assert_false (tsr_texture_is_opaque_grey (tex));
  for (int i = 0; i < W * H; i++)
    {
      warm = MAX (warm, px[4 * i] - px[4 * i + 2]);
      cool = MAX (cool, px[4 * i + 2] - px[4 * i]);
    }
  g_assert_cmpfloat (warm, >, 0.01);
  g_assert_cmpfloat (cool, >, 0.0);
  g_free (px);
  tsr_texture_free (tex);
}

/* The drift moves bricks apart from each other: with one colour and no
 * grit, wear or tone, bricks differ only by the drift (the fields and each
 * piece's own hue and saturation).  Their middles' chroma, as green's and
 * blue's shares of red, spread over the twelve bricks. */
static void
test_pieces_differ (void)
{
  TsrTexture *tex = test_texture ("bricks", 96, 64, "palette=colors", "color1=#a05a3c",
                                  "color2=#a05a3c", "grit=0", "wear=0", "piece-tone=0",
                                  "tilt=0", "columns=3", "rows=4", "offset=0",
                                  "color-variation=1", NULL);
  float *px = render (tex, 0, 0, 96, 64, 1);
  double lo_g = 1, hi_g = 0, lo_b = 1, hi_b = 0;

  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 3; c++)
      {
        const float *p = px + 4 * ((8 + 16 * r) * 96 + 16 + 32 * c);
        const double g = p[1] / MAX (1e-3, p[0]), b = p[2] / MAX (1e-3, p[0]);

        lo_g = MIN (lo_g, g), hi_g = MAX (hi_g, g);
        lo_b = MIN (lo_b, b), hi_b = MAX (hi_b, b);
      }
  if (hi_g - lo_g < 0.03 && hi_b - lo_b < 0.03)
    g_error ("bricks of one colour stay alike: green over red %.3f .. %.3f, blue %.3f .. %.3f",
             lo_g, hi_g, lo_b, hi_b);
  g_free (px);
  tsr_texture_free (tex);
}

/* Repeats, regions and threads: the same bits. */
static void
test_same_bits (void)
{
  static const char *const patterns[] = { "clouds", "marble", "bricks", "stones", "wood" };

  for (guint p = 0; p < G_N_ELEMENTS (patterns); p++)
    {
      TsrTexture *tex = test_texture (patterns[p], 400, 300, "period-w=40", "period-h=28",
                                      "scale=12", "distortion=1", "rise=1", "time=0.4",
                                      "color-variation=0.8", "columns=4", "rows=4", NULL);
      TsrTexture *lit = test_texture (patterns[p], 400, 300, "period-w=40", "period-h=28",
                                      "scale=12", "map=shaded", "color-variation=0.8",
                                      "columns=4", "rows=4", NULL);
      const TsrTexture *both[] = { tex, lit };

      for (guint t = 0; t < 2; t++)
        {
          float *a = render (both[t], 0, 0, W, H, 1);
          float *shifted = render (both[t], 3 * W, -2 * H, W, H, 3);
          float *part = g_new (float, (gsize) W * H * 4);

          if (memcmp (a, shifted, sizeof (float) * W * H * 4) != 0)
            g_error ("%s (map %u): the repeat differs", patterns[p], t);
          /* the rows from 11 on, alone */
          g_assert_true (tsr_render (both[t], 7, 11, W - 7, H - 11, part, (gsize) W * 4, 2,
                                     NULL, NULL, NULL));
          for (int y = 11; y < H; y++)
            if (memcmp (a + 4 * (y * W + 7), part + 4 * (gsize) (y - 11) * W,
                        sizeof (float) * 4 * (W - 7)) != 0)
              g_error ("%s (map %u): row %d differs rendered as part of a region", patterns[p],
                       t, y);
          g_free (a), g_free (shifted), g_free (part);
        }
      tsr_texture_free (tex), tsr_texture_free (lit);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/color-drift/hue-apart-from-lightness", test_hue_apart_from_lightness);
  g_test_add_func ("/core/color-drift/grey-warms-and-cools", test_grey_warms_and_cools);
  g_test_add_func ("/core/color-drift/pieces-differ", test_pieces_differ);
  g_test_add_func ("/core/color-drift/same-bits", test_same_bits);
  return g_test_run ();
}
