/* The figures issue 39 judges a seamless tile by, against the photograph
 * it came from, on the luminance (0.2126 R + 0.7152 G + 0.0722 B of the
 * sRGB values, 0 .. 255):
 *
 *   step:      the mean |difference| of horizontal (x) and vertical (y)
 *              neighbours inside the image, and across the wrap (the
 *              last column against the first, the last row against the
 *              first);
 *   columns:   each column pair's (row pair's) mean step; their 95th
 *              percentile and largest (a seam moved inside is a column
 *              that steps far more than the photograph's any);
 *   contrast:  the luminance SD of each block of block x block pixels;
 *              the lowest;
 *   detail:    the SD of the 4-neighbour Laplacian in each block; the mean
 *              of the lowest tenth of the blocks (the blurriest);
 *   mirror:    the largest correlation of the image with a mirror image of
 *              itself about any vertical or horizontal axis (wrapped). */
#ifndef TSR_SEAM_FIGURES_H
#define TSR_SEAM_FIGURES_H

#include "photo/photo-image.h"

typedef struct
{
  double step[2];          /* inside, x and y */
  double wrap[2];          /* across the wrap, x and y */
  double p95[2], most[2];  /* of the column (x) and row (y) steps inside */
  double lowest_sd;
  double blurriest;
  double mirror;
} SeamFigures;

void seam_figures (const TsrImage *image, int block, SeamFigures *f);

#endif
