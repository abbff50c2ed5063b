/* The wave sums of the ripples and rings (water-waves-rows.c), compiled
 * per instruction set like the noise's rows: every lane does the scalar
 * formula's operations in its order, without contraction, so every set
 * gives the same bits as the scalar code in water-common.h. */
#ifndef TSR_WATER_WAVES_ROWS_H
#define TSR_WATER_WAVES_ROWS_H

#include "noise/noise-kernels.h"
#include "patterns/patterns.h"
#include "patterns/water/water-styles.h"

typedef struct
{
  /* The ripples' waves at n <= TSR_CHUNK points (x[i], y[i]): each
   * point's sum over the waves of amp (profile - mean) into sum[i], and
   * with g0 not NULL the sum of amp slope (kx, ky) into g0[i], g1[i].
   * The outputs are TSR_CHUNK long: whole vectors are stored. */
  void (*ripples) (const TsrWaterRipples *st, const double *x, const double *y, gsize n,
                   float *sum, float *g0, float *g1);
  /* The rings' sources at n <= TSR_CHUNK points inside the tile: each
   * point's sum over the sources of amp fade (profile - mean) into
   * sum[i], with g0 not NULL its gradient into g0[i], g1[i]. */
  void (*rings) (const TsrWaterRings *st, const double *x, const double *y, gsize n,
                 float *sum, float *g0, float *g1);
} TsrWaterWaveKernels;

TSR_DECLARE_ISA_KERNELS (TsrWaterWaveKernels, tsr_water_wave_kernels);

/* The build the CPU runs. */
static inline const TsrWaterWaveKernels *
tsr_water_wave_kernels (void)
{
  return TSR_ISA_PICK (&tsr_water_wave_kernels_base, &tsr_water_wave_kernels_avx2,
                       &tsr_water_wave_kernels_avx512);
}

#endif
