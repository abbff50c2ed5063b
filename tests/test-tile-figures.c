/* The figures tools/photo-compare prints for a tile: known tiles give
 * their figures exactly (within rounding), neighbours wrapping across the
 * tile's edges. */
#include <glib.h>

#include "tile-figures.h"

/* Columns alternately black and white: the mean is mid grey, every step
 * along x is the whole range (the last column's neighbour is the first),
 * none along y, and an 8 x 8 window always holds four of each. */
static void
test_stripes (void)
{
  const int w = 16, h = 9;
  guint8 *rgb = g_new (guint8, w * h * 3);
  TsrTileFigures f;

  for (int i = 0; i < w * h; i++)
    for (int c = 0; c < 3; c++)
      rgb[i * 3 + c] = (i % w) % 2 ? 255 : 0;
  tsr_tile_figures (rgb, w, h, &f);
  for (int c = 0; c < 3; c++)
    g_assert_cmpfloat_with_epsilon (f.mean[c], 127.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (f.sd, 127.5, 1e-6);
  g_assert_cmpfloat_with_epsilon (f.step_x, 255.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (f.step_y, 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (f.blur_sd, 0.0, 1e-4);
  g_free (rgb);
}

/* Luminance weighs green most: pure green rows over black rows, eight
 * rows each, give a luminance of 0.7152 x 255 on half the tile and an
 * 8 x 8 blur that still varies down it. */
static void
test_green_bands (void)
{
  const int w = 8, h = 16;
  guint8 *rgb = g_new0 (guint8, w * h * 3);
  TsrTileFigures f;
  const double g = 0.7152 * 255.0;

  for (int y = 0; y < 8; y++)
    for (int x = 0; x < w; x++)
      rgb[(y * w + x) * 3 + 1] = 255;
  tsr_tile_figures (rgb, w, h, &f);
  g_assert_cmpfloat_with_epsilon (f.mean[0], 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (f.mean[1], 127.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (f.sd, 0.5 * g, 1e-6);
  g_assert_cmpfloat_with_epsilon (f.step_x, 0.0, 1e-9);
  /* two edges down the tile, across every column */
  g_assert_cmpfloat_with_epsilon (f.step_y, 2.0 * g / h, 1e-6);
  g_assert_cmpfloat (f.blur_sd, >, 0.2 * g);
  g_assert_cmpfloat (f.blur_sd, <, f.sd);
  g_free (rgb);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tools/tile-figures/stripes", test_stripes);
  g_test_add_func ("/tools/tile-figures/green-bands", test_green_bands);
  return g_test_run ();
}
