/* Private to relief.c and its row kernel (neighbourhood-ao-rows.c, compiled
 * once per instruction set as the noise rows are: noise-kernels.h). */
#ifndef TSR_NEIGHBOURHOOD_ROWS_H
#define TSR_NEIGHBOURHOOD_ROWS_H

#include "noise/noise-kernels.h"
#include "maps/neighbourhood.h"

G_BEGIN_DECLS

/* Where the occlusion samples of one pixel are, direction by direction:
 * rows down and columns right of it, and the factor making a rise a
 * slope. */
typedef struct
{
  int    n_steps[TSR_AO_DIRECTIONS];
  int    rows[TSR_AO_DIRECTIONS * TSR_AO_MAX_STEPS];
  int    columns[TSR_AO_DIRECTIONS * TSR_AO_MAX_STEPS];
  float  scale[TSR_AO_DIRECTIONS * TSR_AO_MAX_STEPS];
} TsrAoSamples;

/* The occlusion of n pixels of one row from their heights (the pixel i
 * at centre[i], its sample k at there[k][i]), into out. */
typedef void (*TsrAoRow) (const float *centre, const float *const *there, int n,
                          const TsrAoSamples *sm, float strength, float *out);

#define TSR_AO_ROW_NAME_(isa) tsr_ao_row_##isa
#define TSR_AO_ROW_NAME(isa)  TSR_AO_ROW_NAME_ (isa)
void tsr_ao_row_base (const float *centre, const float *const *there, int n,
                      const TsrAoSamples *sm, float strength, float *out);
void tsr_ao_row_avx2 (const float *centre, const float *const *there, int n,
                      const TsrAoSamples *sm, float strength, float *out);
void tsr_ao_row_avx512 (const float *centre, const float *const *there, int n,
                        const TsrAoSamples *sm, float strength, float *out);

G_END_DECLS

#endif
