/* Private to fractal.c and its row kernel (fractal-rows.c, compiled once
 * per instruction set as the noise rows are: noise-kernels.h). */
#ifndef TSR_FRACTAL_ROWS_H
#define TSR_FRACTAL_ROWS_H

#include "noise/noise-kernels.h"

G_BEGIN_DECLS

/* fBm's and turbulence's final curve over n (a multiple of 16) sums, in
 * place: plus bias unless it is 0, times norm, then x / sqrt (1 + x^2)
 * (smooth, monotone, every real into (-1, 1)). */
typedef void (*TsrSoftBoundRow) (float *sum, gsize n, float bias, float norm);

void tsr_soft_bound_row_base (float *sum, gsize n, float bias, float norm);
void tsr_soft_bound_row_avx2 (float *sum, gsize n, float bias, float norm);
void tsr_soft_bound_row_avx512 (float *sum, gsize n, float bias, float norm);

#define TSR_SOFT_BOUND_ROW_NAME_(isa) tsr_soft_bound_row_##isa
#define TSR_SOFT_BOUND_ROW_NAME(isa)  TSR_SOFT_BOUND_ROW_NAME_ (isa)

G_END_DECLS

#endif
