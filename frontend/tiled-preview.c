/* The fitted tile views: see tiled-preview.h. */
#include <string.h>

#include "tiled-preview.h"

void
tsr_tiled_layout_copies (int view_w, int view_h, int period_w, int period_h,
                         int copies, TsrTiledLayout *l)
{
  double sx, sy, scale;
  const int n = copies == 1 ? 1 : 2;

  view_w = MAX (view_w, n);
  view_h = MAX (view_h, n);
  period_w = MAX (period_w, 1);
  period_h = MAX (period_h, 1);

  sx = (double) view_w / ((double) n * period_w);
  sy = (double) view_h / ((double) n * period_h);
  scale = MIN (sx, sy);

  l->view_w = view_w;
  l->view_h = view_h;
  l->period_w = period_w;
  l->period_h = period_h;
  l->copies = n;
  /* The binding side fills the view exactly; the other is rounded down. */
  l->cell_w = sx <= sy ? view_w / n : (int) (period_w * scale);
  l->cell_h = sy <= sx ? view_h / n : (int) (period_h * scale);
  l->cell_w = CLAMP (l->cell_w, 1, view_w / n);
  l->cell_h = CLAMP (l->cell_h, 1, view_h / n);
  l->x0 = (view_w - n * l->cell_w) / 2;
  l->y0 = (view_h - n * l->cell_h) / 2;
}

void
tsr_tiled_layout (int view_w, int view_h, int period_w, int period_h, TsrTiledLayout *l)
{
  tsr_tiled_layout_copies (view_w, view_h, period_w, period_h, 2, l);
}

int
tsr_tiled_source (int i, int cell, int period)
{
  gint64 s = ((gint64) 2 * i + 1) * period / ((gint64) 2 * cell);

  return (int) CLAMP (s, 0, period - 1);
}

void
tsr_tiled_compose (const TsrTiledLayout *l,
                   const guchar *cell, gsize cell_stride, int bpp,
                   const guchar *background,
                   guchar *view, gsize view_stride)
{
  const gsize row_bytes = (gsize) l->cell_w * bpp;
  const int   copies = l->copies == 1 ? 1 : 2;

  for (int y = 0; y < l->view_h; y++)
    {
      guchar *out = view + (gsize) y * view_stride;
      int     cy = y - l->y0;

      for (int x = 0; x < l->view_w; x++)
        memcpy (out + (gsize) x * bpp, background, bpp);
      if (cy < 0 || cy >= copies * l->cell_h)
        continue;

      for (int copy = 0; copy < copies; copy++)
        memcpy (out + (gsize) (l->x0 + copy * l->cell_w) * bpp,
                cell + (gsize) (cy % l->cell_h) * cell_stride, row_bytes);
    }
}
