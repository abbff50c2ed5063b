/* The caustics' row kernels (water-caustics-rows.c), compiled per
 * instruction set like the noise's rows: every lane does the scalar
 * formula's operations in its order, without contraction, so every set
 * gives the same bits. */
#ifndef TSR_WATER_CAUSTICS_ROWS_H
#define TSR_WATER_CAUSTICS_ROWS_H

#include "noise/noise-kernels.h"
#include "patterns/patterns.h"
#include "patterns/water/water-styles.h"

/* Spread of the feature points' centres over a cell. */
#define TSR_CAUSTIC_JITTER 0.5
/* Junctions: a spot where three cells meet (F3 - F1 small), this bright
 * at its heart, of a line, and this many lines' widths across. */
#define TSR_CAUSTIC_JUNCTION 1.1f
#define TSR_CAUSTIC_JUNCTION_WIDTH 1.4f

typedef struct
{
  /* The floor's points pushed by the long waves,
   *   u = p + Σ amp k cos 2π (k · p + phase),
   * (ux[i], uy[i]) for n <= TSR_CHUNK points (x[i], y[i]); with sines not
   * NULL, wave j's sin 2π (k · p + phase) at point i into
   * sines[j * TSR_CHUNK + i] (for the push's Jacobian).  ux, uy and each
   * row of sines are TSR_CHUNK long: whole vectors are stored. */
  void (*push) (const TsrWaterPlaneWave *waves, int n_waves, const double *x,
                const double *y, gsize n, double *ux, double *uy, double *sines);
  /* One network's light at the n <= TSR_CHUNK pushed points, added to
   * light[i]; with gx not NULL its gradient at the pushed point added to
   * gx[i], gy[i].  The arrays are TSR_CHUNK long. */
  void (*light) (const TsrCausticLayer *l, const double *ux, const double *uy, gsize n,
                 float *light, float *gx, float *gy);
} TsrCausticsKernels;

TSR_DECLARE_ISA_KERNELS (TsrCausticsKernels, tsr_caustics_kernels);

#endif
