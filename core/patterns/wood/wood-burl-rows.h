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
 * eyes' dots and halos, the pixel pores' hash units), and what is the
 * same at every sample (speck_k: wood_pixel_pores_of's amount over the
 * shown pixel). */
typedef struct
{
  const float  *fibre, *mottle, *cluster, *lump, *lump_on;
  const double *lines, *slope_x, *slope_y, *dark, *halo, *units;
  double        fibre_gain, contrast, floor2, mottle_k, cluster_k, eye_dark_k, halo_k;
  double        pale_k, crevice_k, light_k, relief, speck_k;
} WoodBurlRow;

/* The value into out[i] for the first samples of n that fill whole
 * vectors; returns how many that was. */
typedef gsize (*WoodBurlRowFn) (const WoodBurlRow *row, gsize n, float *out);

gsize wood_burl_row_base (const WoodBurlRow *row, gsize n, float *out);
gsize wood_burl_row_avx2 (const WoodBurlRow *row, gsize n, float *out);
gsize wood_burl_row_avx512 (const WoodBurlRow *row, gsize n, float *out);

/* An eye as the row's kernel reads it (wood-burl.c's Eye): its centre,
 * lift and the lift's slope factor, 1 / reach², 1 / halo² and 1 / the
 * dot's half-axes² along x and y, its depth, and the span along x it
 * reaches. */
typedef struct
{
  double x, y, lift, lift_k, inv_reach2, inv_halo2, inv_dot_x2, inv_dot_y2, depth, lo, hi;
} WoodRowEye;

/* A colour map's row of one y: the pixels' x, the swirl there (value and
 * gradient), the eyes that may reach the row in the order of their cells
 * (down, then along: the order the scalar code adds them); ψ, the
 * footprint, ψ's slope and the eyes' dots and halos out. */
typedef struct
{
  const double     *x;
  double            y;
  const float      *swirl, *swirl_x, *swirl_y;
  const WoodRowEye *eyes;
  int               n_eyes;
  double            rings_per_pixel, figure, shown_pixel;
  double           *psi, *foot, *slope_x, *slope_y, *dark, *halo;
} WoodEyesRow;

typedef gsize (*WoodEyesRowFn) (const WoodEyesRow *row, gsize n);

gsize wood_eyes_row_base (const WoodEyesRow *row, gsize n);
gsize wood_eyes_row_avx2 (const WoodEyesRow *row, gsize n);
gsize wood_eyes_row_avx512 (const WoodEyesRow *row, gsize n);

/* A slow field along rows from its grid's columns (wood-burl.c's
 * slow_rows): sample i's four columns in row r are v[r v_stride + col[i]]
 * and the three after, weighted by w[0 .. 3][i], summed in float in that
 * order into out[r out_stride + i]; v readable for 16 floats past the
 * last column. */
typedef struct
{
  const gint32 *col;
  const float  *w[4];
  const float  *v;
  gsize         v_stride, rows, out_stride;
} WoodSlowRow;

typedef gsize (*WoodSlowRowFn) (const WoodSlowRow *row, gsize n, float *out);

gsize wood_slow_row_base (const WoodSlowRow *row, gsize n, float *out);
gsize wood_slow_row_avx2 (const WoodSlowRow *row, gsize n, float *out);
gsize wood_slow_row_avx512 (const WoodSlowRow *row, gsize n, float *out);

#define WOOD_SLOW_ROW_NAME_(isa) wood_slow_row_##isa
#define WOOD_SLOW_ROW_NAME(isa)  WOOD_SLOW_ROW_NAME_ (isa)
#define WOOD_EYES_ROW_NAME_(isa) wood_eyes_row_##isa
#define WOOD_EYES_ROW_NAME(isa)  WOOD_EYES_ROW_NAME_ (isa)
#define WOOD_BURL_ROW_NAME_(isa) wood_burl_row_##isa
#define WOOD_BURL_ROW_NAME(isa)  WOOD_BURL_ROW_NAME_ (isa)

G_END_DECLS

#endif
