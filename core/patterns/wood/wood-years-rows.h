/* The plank's years along a run of samples for a colour map: φ from the
 * figure and the knots near the run (plank_phi), ψ from φ through the
 * years' noise, and what the row takes from ψ's gradient (the footprint,
 * how level the lines run, the fibre's fade), as a row kernel compiled
 * once per instruction set like the noise rows (core/meson.build);
 * wood-plank.c takes the samples a whole vector does not. */
#ifndef TSR_WOOD_YEARS_ROWS_H
#define TSR_WOOD_YEARS_ROWS_H

#include <glib.h>

#include "patterns/wood/wood-internal.h"

G_BEGIN_DECLS

/* The samples (x, y) and the figure noise there (its value and
 * gradient), the knots that may reach them, in; φ's knot cores' tone and
 * cover, ψ (and ψ in pixels down the tile), the footprint, how level the
 * lines run and the fibre's fade out; and what is the same at every
 * sample. */
typedef struct
{
  const double   *x, *y;
  const float    *fig, *fig_x, *fig_y;
  const WoodKnot *knots;
  int             n_knots;
  double         *knot_tone, *knot_cover;
  double         *psi, *yg, *foot, *level, *fibre_fade;
  guint32         jitter_seed;
  int             year_period;
  double          rings_per_pixel, figure, period_w, period_h;
  double          shown_pixel, fibre_per_footprint;
} WoodYearsRow;

/* The first samples of n that fill whole vectors; returns how many that
 * was. */
typedef gsize (*WoodYearsRowFn) (const WoodYearsRow *row, gsize n);

gsize wood_years_row_base (const WoodYearsRow *row, gsize n);
gsize wood_years_row_avx2 (const WoodYearsRow *row, gsize n);
gsize wood_years_row_avx512 (const WoodYearsRow *row, gsize n);

#define WOOD_YEARS_ROW_NAME_(isa) wood_years_row_##isa
#define WOOD_YEARS_ROW_NAME(isa)  WOOD_YEARS_ROW_NAME_ (isa)

G_END_DECLS

#endif
