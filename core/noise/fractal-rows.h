/* Private to fractal.c and its row kernels (fractal-rows.c, compiled once
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

/* The ridged sum's octave over n (a multiple of 16) samples, as
 * fractal.c's scalar loop: t = 1 - spread |noise - center|, r = max (t,
 * 0), signal = r² weight; sum += a signal, weight = signal. */
void tsr_ridged_add_row_base (float *sum, float *weight, const float *noise, gsize n,
                              float a, float center, float spread);
void tsr_ridged_add_row_avx2 (float *sum, float *weight, const float *noise, gsize n,
                              float a, float center, float spread);
void tsr_ridged_add_row_avx512 (float *sum, float *weight, const float *noise, gsize n,
                                float a, float center, float spread);

#define TSR_RIDGED_ADD_ROW_NAME_(isa) tsr_ridged_add_row_##isa
#define TSR_RIDGED_ADD_ROW_NAME(isa)  TSR_RIDGED_ADD_ROW_NAME_ (isa)

#define TSR_SOFT_BOUND_ROW_NAME_(isa) tsr_soft_bound_row_##isa
#define TSR_SOFT_BOUND_ROW_NAME(isa)  TSR_SOFT_BOUND_ROW_NAME_ (isa)

G_END_DECLS

#endif
