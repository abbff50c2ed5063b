/* The plank's pore lines along a run of samples for a colour map
 * (wood_pore_lines without slopes), as a row kernel compiled once per
 * instruction set like the noise rows (core/meson.build);
 * wood-pore-lines.c picks the build and takes the samples a whole vector
 * does not. */
#ifndef TSR_WOOD_PORE_ROWS_H
#define TSR_WOOD_PORE_ROWS_H

#include <glib.h>

G_BEGIN_DECLS

/* What the lines read of the wood's state (WoodState's fields). */
typedef struct
{
  guint32 pore_seed;
  int     pore_rows, dash_cells;
  double  dash_length, pore_mean;
} WoodPoreLinesRow;

/* The lines at (x[i], q[i]) over the footprints wq[i] into out[i], for
 * the first samples of n that fill whole vectors; returns how many that
 * was. */
typedef gsize (*WoodPoreRowFn) (const WoodPoreLinesRow *row, const double *x, const double *q,
                                const double *wq, gsize n, double *out);

gsize wood_pore_row_base (const WoodPoreLinesRow *row, const double *x, const double *q,
                          const double *wq, gsize n, double *out);
gsize wood_pore_row_avx2 (const WoodPoreLinesRow *row, const double *x, const double *q,
                          const double *wq, gsize n, double *out);
gsize wood_pore_row_avx512 (const WoodPoreLinesRow *row, const double *x, const double *q,
                            const double *wq, gsize n, double *out);

#define WOOD_PORE_ROW_NAME_(isa) wood_pore_row_##isa
#define WOOD_PORE_ROW_NAME(isa)  WOOD_PORE_ROW_NAME_ (isa)

G_END_DECLS

#endif
