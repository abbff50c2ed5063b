/* Prepare and evaluate functions of the patterns in patterns.c's table. */
#ifndef TSR_PATTERN_IMPL_H
#define TSR_PATTERN_IMPL_H

#include "texture-internal.h"

void tsr_prepare_perlin     (TsrTexture *tex);
void tsr_prepare_simplex    (TsrTexture *tex);
void tsr_prepare_value      (TsrTexture *tex);
void tsr_prepare_cells      (TsrTexture *tex);
void tsr_eval_basis         (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out);

void tsr_prepare_clouds     (TsrTexture *tex);
void tsr_prepare_turbulence (TsrTexture *tex);
void tsr_prepare_ridged     (TsrTexture *tex);
void tsr_eval_fractal       (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out);

void tsr_prepare_marble     (TsrTexture *tex);
void tsr_eval_marble        (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out);

void tsr_prepare_wood       (TsrTexture *tex);
void tsr_eval_wood          (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out);

#endif
