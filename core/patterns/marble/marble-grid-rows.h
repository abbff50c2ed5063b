/* The slow fields' grid sums (marble-slow-fields.c): each point's eight
 * fields, the cubic through its four nodes, as a row kernel compiled
 * once per instruction set like the noise rows (core/meson.build): the
 * same products and sums in the same order in each lane, so the same bits
 * at any width. */
#ifndef TSR_MARBLE_GRID_ROWS_H
#define TSR_MARBLE_GRID_ROWS_H

#include <glib.h>

G_BEGIN_DECLS

/* Points [from, to): point i's fields f = 0 .. 7 into point[f][i], the
 * sum over j = 0 .. 3 of weights[4 i + j] times field f of node first[i]
 * + j (nodes: eight fields a node, side by side). */
typedef void (*TsrGridSumsFn) (float *const point[8], const float *nodes, const gint32 *first,
                               const float *weights, gsize from, gsize to);

void tsr_grid_sums_base (float *const point[8], const float *nodes, const gint32 *first,
                         const float *weights, gsize from, gsize to);
void tsr_grid_sums_avx2 (float *const point[8], const float *nodes, const gint32 *first,
                         const float *weights, gsize from, gsize to);
void tsr_grid_sums_avx512 (float *const point[8], const float *nodes, const gint32 *first,
                           const float *weights, gsize from, gsize to);

#define TSR_GRID_SUMS_NAME_(isa) tsr_grid_sums_##isa
#define TSR_GRID_SUMS_NAME(isa)  TSR_GRID_SUMS_NAME_ (isa)

G_END_DECLS

#endif
