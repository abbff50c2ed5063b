/* The 2 x 2 tile view: layout, nearest-neighbour sources and the composed
 * pixels, checked exactly. */
#include <math.h>
#include <string.h>

#include "tiled-preview.h"

static void
test_layout_fits (void)
{
  static const int cases[][4] = {
    /* view w, h, period w, h */
    { 256, 256, 64, 64 }, { 256, 256, 400, 300 }, { 300, 200, 1000, 1000 },
    { 301, 199, 7, 3 }, { 2, 2, 1, 1 }, { 512, 128, 128, 512 }, { 97, 389, 5000, 11 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TsrTiledLayout l;
      double         ax, ay;

      tsr_tiled_layout (cases[i][0], cases[i][1], cases[i][2], cases[i][3], &l);
      g_assert_cmpint (l.cell_w, >=, 1);
      g_assert_cmpint (l.cell_h, >=, 1);
      g_assert_cmpint (l.x0, >=, 0);
      g_assert_cmpint (l.y0, >=, 0);
      g_assert_cmpint (l.x0 + 2 * l.cell_w, <=, l.view_w);
      g_assert_cmpint (l.y0 + 2 * l.cell_h, <=, l.view_h);
      /* Centred, to the pixel. */
      g_assert_cmpint (l.view_w - 2 * l.cell_w - 2 * l.x0, <=, 1);
      g_assert_cmpint (l.view_h - 2 * l.cell_h - 2 * l.y0, <=, 1);
      /* One side fills the view; the aspect ratio is kept to a pixel. */
      g_assert_true (l.cell_w == l.view_w / 2 || l.cell_h == l.view_h / 2);
      ax = (double) l.cell_w / l.period_w;
      ay = (double) l.cell_h / l.period_h;
      g_assert_true (l.cell_w == 1 || l.cell_h == 1
                     || fabs (ax - ay) <= MAX (1.0 / l.period_w, 1.0 / l.period_h) + 1e-9);
    }
}

static void
test_layout_exact (void)
{
  TsrTiledLayout l;

  tsr_tiled_layout (256, 256, 64, 64, &l);   /* scaled up 2x */
  g_assert_cmpint (l.cell_w, ==, 128);
  g_assert_cmpint (l.cell_h, ==, 128);
  g_assert_cmpint (l.x0, ==, 0);
  g_assert_cmpint (l.y0, ==, 0);

  tsr_tiled_layout (300, 200, 400, 200, &l); /* width binds: 150 x 75 */
  g_assert_cmpint (l.cell_w, ==, 150);
  g_assert_cmpint (l.cell_h, ==, 75);
  g_assert_cmpint (l.x0, ==, 0);
  g_assert_cmpint (l.y0, ==, 25);

  /* The whole tile, once: a 1024 x 512 layer in a 300 x 300 view. */
  tsr_tiled_layout_copies (300, 300, 1024, 512, 1, &l);
  g_assert_cmpint (l.copies, ==, 1);
  g_assert_cmpint (l.cell_w, ==, 300);
  g_assert_cmpint (l.cell_h, ==, 150);
  g_assert_cmpint (l.x0, ==, 0);
  g_assert_cmpint (l.y0, ==, 75);
}

static void
test_source (void)
{
  /* Same size: the identity. */
  for (int i = 0; i < 50; i++)
    g_assert_cmpint (tsr_tiled_source (i, 50, 50), ==, i);
  /* Halving: pixel centres 0.5, 2.5, ... -> 1, 3, 5. */
  g_assert_cmpint (tsr_tiled_source (0, 50, 100), ==, 1);
  g_assert_cmpint (tsr_tiled_source (1, 50, 100), ==, 3);
  g_assert_cmpint (tsr_tiled_source (49, 50, 100), ==, 99);
  /* Doubling: each source pixel twice. */
  for (int i = 0; i < 20; i++)
    g_assert_cmpint (tsr_tiled_source (i, 20, 10), ==, i / 2);
  /* Huge periods stay in range and never overflow. */
  g_assert_cmpint (tsr_tiled_source (127, 128, 524288), ==, 524288 - 2048);
  for (int i = 0; i < 7; i++)
    {
      int s = tsr_tiled_source (i, 7, 3);
      g_assert_cmpint (s, >=, 0);
      g_assert_cmpint (s, <, 3);
    }
}

static void
test_compose_pixels (void)
{
  /* A 3 x 2 cell of distinct RGB pixels in a 9 x 7 view. */
  TsrTiledLayout l = { .view_w = 9, .view_h = 7, .period_w = 3, .period_h = 2,
                      .cell_w = 3, .cell_h = 2, .copies = 2, .x0 = 1, .y0 = 1 };
  const guchar   bg[3] = { 7, 8, 9 };
  guchar         cell[2 * 3 * 3];
  guchar         view[7 * 9 * 3 + 5];
  const gsize    stride = 9 * 3;

  for (int i = 0; i < 2 * 3 * 3; i++)
    cell[i] = (guchar) (100 + i);
  memset (view, 0xee, sizeof view);
  tsr_tiled_compose (&l, cell, 3 * 3, 3, bg, view, stride);

  for (int y = 0; y < 7; y++)
    for (int x = 0; x < 9; x++)
      {
        const guchar *px = view + y * stride + x * 3;
        int           cx = x - 1, cy = y - 1;

        if (cx >= 0 && cx < 6 && cy >= 0 && cy < 4)
          {
            const guchar *want = cell + (cy % 2) * 9 + (cx % 3) * 3;
            g_assert_cmpmem (px, 3, want, 3);
          }
        else
          g_assert_cmpmem (px, 3, bg, 3);
      }
  /* Nothing written past the view. */
  for (gsize i = 7 * 9 * 3; i < sizeof view; i++)
    g_assert_cmpuint (view[i], ==, 0xee);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/tiled/layout-fits", test_layout_fits);
  g_test_add_func ("/ui/tiled/layout-exact", test_layout_exact);
  g_test_add_func ("/ui/tiled/source", test_source);
  g_test_add_func ("/ui/tiled/compose-pixels", test_compose_pixels);
  return g_test_run ();
}
