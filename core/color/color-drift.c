/* The colour stage after the palette: see color-drift.h. */
#include "color/color-drift.h"
#include "color/color-drift-rows.h"
#include "noise/noise-kernels.h"
#include "math/hash.h"
#include "patterns/patterns.h"

void
tsr_color_drift_init (TsrColorDrift *d, double amount, const TsrFractalSpec *base)
{
  TsrFractalSpec spec = *base;

  d->amount = (float) amount;
  if (amount <= 0.0)
    return;
  spec.mode = TSR_FRACTAL_FBM;
  spec.basis = TSR_BASIS_PERLIN;   /* smooth, whatever the pattern's basis */
  spec.octaves = 3;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  spec.scale_x = 2.0 * base->scale_x;
  spec.scale_y = 2.0 * base->scale_y;
  tsr_fractal_init (&d->hue, &spec);
  spec.noise.seed = tsr_mix32 (base->noise.seed ^ 0x68756521u);   /* "hue!" */
  tsr_fractal_init (&d->sat, &spec);
  spec.noise.seed = tsr_mix32 (base->noise.seed ^ 0x7761726du);   /* "warm" */
  tsr_fractal_init (&d->warm, &spec);
}

void
tsr_color_drift_fields_rows (const TsrColorDrift *d, const double *x, const double *y,
                             int rows, int n, float *hue, float *sat, float *warm,
                             gsize stride)
{
  g_assert (rows > 0 && n > 0 && n <= TSR_CHUNK);
  tsr_fractal_rows (&d->hue, x, y, (gsize) rows, (gsize) n, hue, stride);
  tsr_fractal_rows (&d->sat, x, y, (gsize) rows, (gsize) n, sat, stride);
  tsr_fractal_rows (&d->warm, x, y, (gsize) rows, (gsize) n, warm, stride);
}

void
tsr_color_drift_apply_fields (const TsrColorDrift *d, const float *hue, const float *sat,
                              const float *warm, const float *piece_hue,
                              const float *piece_sat, int n, float *rgba)
{
  g_assert (n > 0 && n <= TSR_CHUNK);
  TSR_ISA_PICK (tsr_drift_row_base, tsr_drift_row_avx2, tsr_drift_row_avx512)
    (d->amount, hue, sat, warm, piece_hue, piece_sat, n, rgba);
}

void
tsr_color_drift_apply (const TsrColorDrift *d, const double *x, const double *y,
                       const float *piece_hue, const float *piece_sat, int n, float *rgba)
{
  float hue[TSR_CHUNK], sat[TSR_CHUNK], warm[TSR_CHUNK];

  g_assert (n > 0 && n <= TSR_CHUNK);
  tsr_fractal_row (&d->hue, x, y, (gsize) n, hue);
  tsr_fractal_row (&d->sat, x, y, (gsize) n, sat);
  tsr_fractal_row (&d->warm, x, y, (gsize) n, warm);
  tsr_color_drift_apply_fields (d, hue, sat, warm, piece_hue, piece_sat, n, rgba);
}
