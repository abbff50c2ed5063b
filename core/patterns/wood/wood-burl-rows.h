/* The burl's value of a colour map from its parts along a run of samples
 * (wood-burl.c's product of the growth lines, sheen, fibre, patches, eyes,
 * crevices, pixel pores and pale flashes), as a row kernel compiled once
 * per instruction set like the noise rows (core/meson.build); wood-burl.c
 * takes the samples a whole vector does not. */
#ifndef TSR_WOOD_BURL_ROWS_H
#define TSR_WOOD_BURL_ROWS_H

#include <glib.h>

G_BEGIN_DECLS

/* The parts at each sample: the fractals' values (fibre, mottle,
 * clusters, the lumps at the sample and half a pixel on), the numbers
 * wood-burl.c works out (the growth lines, ψ's slope along x and y, the
 * eyes' dots and halos, the pixel pores), and what is the same at every
 * sample. */
typedef struct
{
  const float  *fibre, *mottle, *cluster, *lump, *lump_on;
  const double *lines, *slope_x, *slope_y, *dark, *halo, *speck;
  double        fibre_gain, contrast, floor2, mottle_k, cluster_k, eye_dark_k, halo_k;
  double        pale_k, crevice_k, light_k, relief;
} WoodBurlRow;

/* The value into out[i] for the first samples of n that fill whole
 * vectors; returns how many that was. */
typedef gsize (*WoodBurlRowFn) (const WoodBurlRow *row, gsize n, float *out);

gsize wood_burl_row_base (const WoodBurlRow *row, gsize n, float *out);
gsize wood_burl_row_avx2 (const WoodBurlRow *row, gsize n, float *out);
gsize wood_burl_row_avx512 (const WoodBurlRow *row, gsize n, float *out);

#define WOOD_BURL_ROW_NAME_(isa) wood_burl_row_##isa
#define WOOD_BURL_ROW_NAME(isa)  WOOD_BURL_ROW_NAME_ (isa)

G_END_DECLS

#endif
