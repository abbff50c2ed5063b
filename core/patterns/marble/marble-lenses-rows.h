/* The lenses' web for a colour map (tsr_marble_lenses_row's values), as a
 * row kernel compiled once per instruction set like the noise rows
 * (core/meson.build): the scalar steps in the same order in each lane,
 * so the same bits at any width. */
#ifndef TSR_MARBLE_LENSES_ROWS_H
#define TSR_MARBLE_LENSES_ROWS_H

#include "patterns/marble/marble-lenses.h"

G_BEGIN_DECLS

/* of the fractures' swell: a vein's width times q^2 along it */
#define SWELL_DEPTH 0.9f

/* One size's inputs at each sample: the web's field and its slopes in
 * (u, v), the fray's noise (NULL without), the swell's and fade's values. */
typedef struct
{
  const float *val, *gu, *gv, *fray, *swell, *fade;
} TsrLensesRowIn;

/* keep[i] times what size k of the web leaves at sample i. */
typedef void (*TsrLensesRowFn) (const TsrMarbleLenses *ml, int k, const TsrLensesRowIn *in,
                                gsize n, float *keep);

void tsr_lenses_row_base (const TsrMarbleLenses *ml, int k, const TsrLensesRowIn *in, gsize n,
                          float *keep);
void tsr_lenses_row_avx2 (const TsrMarbleLenses *ml, int k, const TsrLensesRowIn *in, gsize n,
                          float *keep);
void tsr_lenses_row_avx512 (const TsrMarbleLenses *ml, int k, const TsrLensesRowIn *in, gsize n,
                            float *keep);

#define TSR_LENSES_ROW_NAME_(isa) tsr_lenses_row_##isa
#define TSR_LENSES_ROW_NAME(isa)  TSR_LENSES_ROW_NAME_ (isa)

G_END_DECLS

#endif
