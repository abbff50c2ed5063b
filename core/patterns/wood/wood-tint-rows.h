/* The wood's tint numbers (wood-tint.c) along a run of pixels of one row,
 * in two kernels compiled once per instruction set like the noise rows
 * (core/meson.build): the row's lattice numbers hashed into a table, and
 * the numbers from it; wood-tint.c takes the samples a whole vector does
 * not. */
#ifndef TSR_WOOD_TINT_ROWS_H
#define TSR_WOOD_TINT_ROWS_H

#include <glib.h>

G_BEGIN_DECLS

/* A burl's dark wood (its eyes and the clusters they darken) greyer and a
 * little violet, as the dormant buds' bark and pith are, where a palette
 * would only darken its brown: below value BURL_GREY_FROM, growing to
 * full at BURL_GREY_FULL, the saturation and hue numbers moved by these. */
#define BURL_GREY_FROM 0.38
#define BURL_GREY_FULL 0.18
#define BURL_GREY_SAT (-5.0)
#define BURL_GREY_HUE (-3.0)

/* The pixels' x and values; the lattice numbers of the cells c0, c0 + 1
 * ... along the row, per channel (hue, saturation) above and below the
 * row (corner[k][0], corner[k][1]); the cells a pixel, their offset and
 * the smooth step down them; each channel's gain times the fade; and
 * whether the dark wood greys (the burl). */
typedef struct
{
  const double *x;
  const float  *v;
  const double *corner[2][2];
  gint32        c0;
  double        per_w, offset, sy, gain[2];
  gboolean      grey;
} WoodTintRow;

/* The numbers into hue[i] and sat[i] for the first samples of n that
 * fill whole vectors; returns how many that was. */
typedef gsize (*WoodTintRowFn) (const WoodTintRow *row, gsize n, float *hue, float *sat);

/* The lattice numbers 2 u - 1 (u the hash unit of tsr_hash2 (seed, c
 * wrapped to cols, j)) of cells c0 .. c0 + n - 1 and more up to a whole
 * number of vectors (the tables have room for 16 more), at rows j0 into
 * top and j1 into bottom. */
typedef void (*WoodTintTableFn) (guint32 seed, gint32 cols, gint32 c0, gsize n, gint32 j0,
                                 gint32 j1, double *top, double *bottom);

void wood_tint_table_base (guint32 seed, gint32 cols, gint32 c0, gsize n, gint32 j0, gint32 j1,
                           double *top, double *bottom);
void wood_tint_table_avx2 (guint32 seed, gint32 cols, gint32 c0, gsize n, gint32 j0, gint32 j1,
                           double *top, double *bottom);
void wood_tint_table_avx512 (guint32 seed, gint32 cols, gint32 c0, gsize n, gint32 j0, gint32 j1,
                             double *top, double *bottom);
gsize wood_tint_row_base (const WoodTintRow *row, gsize n, float *hue, float *sat);
gsize wood_tint_row_avx2 (const WoodTintRow *row, gsize n, float *hue, float *sat);
gsize wood_tint_row_avx512 (const WoodTintRow *row, gsize n, float *hue, float *sat);

#define WOOD_TINT_TABLE_NAME_(isa) wood_tint_table_##isa
#define WOOD_TINT_TABLE_NAME(isa)  WOOD_TINT_TABLE_NAME_ (isa)
#define WOOD_TINT_ROW_NAME_(isa) wood_tint_row_##isa
#define WOOD_TINT_ROW_NAME(isa)  WOOD_TINT_ROW_NAME_ (isa)

G_END_DECLS

#endif
