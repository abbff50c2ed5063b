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

/* value = FLOOR + SPAN t / √(1 + t²), t = GAIN · light + fine noise */
#define FLOOR 0.55f
#define SPAN  0.43f
#define GAIN  1.15f
#define FADE  3.0f   /* how much the fine noise dims and brightens the lines */
/* Dashes: the lines keep BREAK_FLOOR of their light where the breaks'
 * noise is under BREAK_LO, all of it over BREAK_HI. */
#define BREAK_LO (-0.3f)
#define BREAK_HI 0.1f
#define BREAK_FLOOR 0.7f
/* Specks: small bright spots inside the cells, where the fine noise
 * peaks (light focused by the surface's small ripples), from SPECK_LO to
 * full at SPECK_HI, this bright of a line. */
#define SPECK_LO 0.55f
#define SPECK_HI 0.9f
#define SPECK 0.4f
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
  /* What push works out of x alone, for n <= TSR_CHUNK points, into cols
   * (TSR_WATER_PUSH_COLUMNS floats), for push_row_columns. */
  void (*push_columns) (const TsrWaterPlaneWave *waves, int n_waves, const double *x,
                        gsize n, float *cols);
  /* push (the same bits) of the points (x[i], y), cols from x. */
  void (*push_row_columns) (const TsrWaterPlaneWave *waves, int n_waves, const float *cols,
                            const double *x, double y, gsize n, double *ux, double *uy,
                            double *sines);
  /* One network's light at the n <= TSR_CHUNK pushed points, added to
   * light[i]; with gx not NULL its gradient at the pushed point added to
   * gx[i], gy[i].  The arrays are TSR_CHUNK long. */
  void (*light) (const TsrCausticLayer *l, const double *ux, const double *uy, gsize n,
                 float *light, float *gx, float *gy);
  /* The values of n <= TSR_CHUNK pixels from their networks' light, the
   * breaks' noise and the fine noise (arrays TSR_CHUNK long), specks the
   * specks' brightness at full: FLOOR + SPAN t / √(1 + t²) (water-caustics.c
   * has the formula, and its gradient). */
  void (*values) (const float *lights, const float *brk, const float *fine,
                  float ripple_amount, float specks, gsize n, float *out);
} TsrCausticsKernels;

TSR_DECLARE_ISA_KERNELS (TsrCausticsKernels, tsr_caustics_kernels);

#endif
