/* The plank's colour bands, pixel streaks and pixel pores along a run of
 * samples (colour_bands, wood_pixel_streaks and wood_pixel_pores'
 * numbers), as a row kernel compiled once per instruction set like the
 * noise rows (core/meson.build); wood-plank.c picks the build and takes
 * the samples a whole vector does not. */
#ifndef TSR_WOOD_MARKS_ROWS_H
#define TSR_WOOD_MARKS_ROWS_H

#include <glib.h>

G_BEGIN_DECLS

/* What the marks read of the wood's state (WoodState's fields). */
typedef struct
{
  guint32 band_seed, streak_seed, pixel_seed;
  int     band_cells, streak_cells;
  double  band_height, streak_length;
  double  period_w, period_h, shown_pixel;
} WoodMarksRow;

/* At the samples (x[i], y[i]), yg[i] along the growth lines: the bands
 * (colour_bands' value), the streaks' number (wood_pixel_streaks) and the
 * pores' u (wood_pixel_pores' hash unit), for the first samples of n that
 * fill whole vectors; returns how many that was. */
typedef gsize (*WoodMarksRowFn) (const WoodMarksRow *row, const double *x, const double *y,
                                 const double *yg, gsize n, double *bands, double *streaks,
                                 double *pores);

gsize wood_marks_row_base (const WoodMarksRow *row, const double *x, const double *y,
                           const double *yg, gsize n, double *bands, double *streaks,
                           double *pores);
gsize wood_marks_row_avx2 (const WoodMarksRow *row, const double *x, const double *y,
                           const double *yg, gsize n, double *bands, double *streaks,
                           double *pores);
gsize wood_marks_row_avx512 (const WoodMarksRow *row, const double *x, const double *y,
                             const double *yg, gsize n, double *bands, double *streaks,
                             double *pores);

#define WOOD_MARKS_ROW_NAME_(isa) wood_marks_row_##isa
#define WOOD_MARKS_ROW_NAME(isa)  WOOD_MARKS_ROW_NAME_ (isa)

/* The pores' u alone at the samples (x[i], y[i]) (the burl's pixel
 * pores; row's pixel_seed and periods), likewise. */
typedef gsize (*WoodPixelUnitsFn) (const WoodMarksRow *row, const double *x, const double *y,
                                   gsize n, double *pores);

gsize wood_pixel_units_base (const WoodMarksRow *row, const double *x, const double *y, gsize n,
                             double *pores);
gsize wood_pixel_units_avx2 (const WoodMarksRow *row, const double *x, const double *y, gsize n,
                             double *pores);
gsize wood_pixel_units_avx512 (const WoodMarksRow *row, const double *x, const double *y,
                               gsize n, double *pores);

#define WOOD_PIXEL_UNITS_NAME_(isa) wood_pixel_units_##isa
#define WOOD_PIXEL_UNITS_NAME(isa)  WOOD_PIXEL_UNITS_NAME_ (isa)

G_END_DECLS

#endif
