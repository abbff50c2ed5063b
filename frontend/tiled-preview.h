/* The "Tiled 2x2" view: one tile of the texture (its period) shown
 * repeated 2 x 2, scaled to fit the view, so a seam would show where the
 * copies meet.  Pure arithmetic and copying: no GTK, no GIMP. */
#ifndef TSR_TILED_PREVIEW_H
#define TSR_TILED_PREVIEW_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int view_w, view_h;       /* the whole view, in view pixels */
  int period_w, period_h;   /* one tile, in texture pixels */
  int cell_w, cell_h;       /* one tile as shown, in view pixels (>= 1) */
  int x0, y0;               /* top-left of the 2 x 2 block: centred */
} TsrTiledLayout;

/* The largest 2 x 2 block of the period that fits the view, keeping the
 * tile's aspect ratio (scaled up or down). */
void tsr_tiled_layout (int view_w, int view_h, int period_w, int period_h,
                       TsrTiledLayout *layout);

/* The texture pixel shown by pixel i of a cell `cell` pixels wide showing a
 * period of `period` pixels: nearest neighbour at pixel centres,
 * floor ((i + 0.5) * period / cell), always in 0 .. period - 1. */
int  tsr_tiled_source (int i, int cell, int period);

/* Writes the view: the cell image (cell_w x cell_h pixels of bpp bytes,
 * rows cell_stride bytes apart) copied 2 x 2 from (x0, y0), every other
 * pixel set to background (bpp bytes). */
void tsr_tiled_compose (const TsrTiledLayout *layout,
                        const guchar *cell, gsize cell_stride, int bpp,
                        const guchar *background,
                        guchar *view, gsize view_stride);

G_END_DECLS

#endif
