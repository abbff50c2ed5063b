/* Private to linear-light.c and its row kernel (linear-light-rows.c,
 * compiled once per instruction set as the noise rows are:
 * noise-kernels.h). */
#ifndef TSR_LINEAR_LIGHT_ROWS_H
#define TSR_LINEAR_LIGHT_ROWS_H

#include "color/linear-light.h"
#include "noise/noise-kernels.h"

G_BEGIN_DECLS

typedef void (*TsrLinearLightRow) (const float *src, gsize n, gboolean rgba, float *dst);

void tsr_linear_light_row_base (const float *src, gsize n, gboolean rgba, float *dst);
void tsr_linear_light_row_avx2 (const float *src, gsize n, gboolean rgba, float *dst);
void tsr_linear_light_row_avx512 (const float *src, gsize n, gboolean rgba, float *dst);

#define TSR_LINEAR_LIGHT_ROW_NAME_(isa) tsr_linear_light_row_##isa
#define TSR_LINEAR_LIGHT_ROW_NAME(isa)  TSR_LINEAR_LIGHT_ROW_NAME_ (isa)

G_END_DECLS

#endif
