/* The plank's growth lines along a run of samples for a colour map
 * (wood_growth_lines without a gradient), as a row kernel compiled once per
 * instruction set like the noise rows (core/meson.build); wood-shared.c
 * picks the build and takes the samples a whole vector does not. */
#ifndef TSR_WOOD_GROWTH_ROWS_H
#define TSR_WOOD_GROWTH_ROWS_H

#include <glib.h>

G_BEGIN_DECLS

/* What the lines read of the wood's state (WoodState's fields). */
typedef struct
{
  guint32 tone_seed, fine_seed;
  int     year_period;
  double  fine;
} WoodGrowthRow;

/* The lines at psi[i] over the footprints w[i] into out[i], for the first
 * samples of n that fill whole vectors; returns how many that was. */
typedef gsize (*WoodGrowthRowFn) (const WoodGrowthRow *row, const double *psi, const double *w,
                                  gsize n, double *out);

gsize wood_growth_row_base (const WoodGrowthRow *row, const double *psi, const double *w,
                            gsize n, double *out);
gsize wood_growth_row_avx2 (const WoodGrowthRow *row, const double *psi, const double *w,
                            gsize n, double *out);
gsize wood_growth_row_avx512 (const WoodGrowthRow *row, const double *psi, const double *w,
                              gsize n, double *out);

#define WOOD_GROWTH_ROW_NAME_(isa) wood_growth_row_##isa
#define WOOD_GROWTH_ROW_NAME(isa)  WOOD_GROWTH_ROW_NAME_ (isa)

G_END_DECLS

#endif
