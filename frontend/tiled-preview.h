/* The preview's fitted views: one tile of the texture (its period) shown
 * whole, scaled to fit the view, or repeated 2 x 2 so a seam would show
 * where the copies meet.  Pure arithmetic and copying: no GTK, no GIMP. */
#ifndef TSR_TILED_PREVIEW_H
#define TSR_TILED_PREVIEW_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int view_w, view_h;       /* the whole view, in view pixels */
  int period_w, period_h;   /* one tile, in texture pixels */
  int cell_w, cell_h;       /* one tile as shown, in view pixels (>= 1) */
  int copies;               /* tiles per side: 1, else 2 */
  int x0, y0;               /* top-left of the copies x copies block: centred */
} TsrTiledLayout;

/* The largest copies x copies block of the period (copies 1 or 2) that
 * fits the view, keeping the tile's aspect ratio (scaled up or down). */
void tsr_tiled_layout_copies (int view_w, int view_h, int period_w, int period_h,
                              int copies, TsrTiledLayout *layout);

/* The 2 x 2 block: tsr_tiled_layout_copies (..., 2, layout). */
void tsr_tiled_layout (int view_w, int view_h, int period_w, int period_h,
                       TsrTiledLayout *layout);

/* The texture pixel shown by pixel i of a cell `cell` pixels wide showing a
 * period of `period` pixels: nearest neighbour at pixel centres,
 * floor ((i + 0.5) * period / cell), always in 0 .. period - 1. */
int  tsr_tiled_source (int i, int cell, int period);

/* Writes the view: the cell image (cell_w x cell_h pixels of bpp bytes,
 * rows cell_stride bytes apart) copied copies x copies from (x0, y0), every other
 * pixel set to background (bpp bytes). */
void tsr_tiled_compose (const TsrTiledLayout *layout,
                        const guchar *cell, gsize cell_stride, int bpp,
                        const guchar *background,
                        guchar *view, gsize view_stride);

G_END_DECLS

#endif
