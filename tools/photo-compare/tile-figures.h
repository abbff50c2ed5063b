/* The figures docs/compare/README.md quotes for a tile (8-bit sRGB RGB):
 * its mean colour, the standard deviation of its luminance (0.2126 R +
 * 0.7152 G + 0.0722 B, 0-255), the mean absolute luminance difference
 * between neighbours along x and along y (the fine detail), and the SD
 * of the luminance after an 8 x 8 box blur, wrapped (the large scale). */
#ifndef TSR_TILE_FIGURES_H
#define TSR_TILE_FIGURES_H

#include <glib.h>

typedef struct
{
  double mean[3];
  double sd, step_x, step_y, blur_sd;
} TsrTileFigures;

void tsr_tile_figures (const guint8 *rgb, int w, int h, TsrTileFigures *f);

/* One line: "#rrggbb  SD s  step x a  y b  8x8 SD c". */
void tsr_tile_figures_print (const char *label, const TsrTileFigures *f);

#endif
