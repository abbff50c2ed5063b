/* Private to map-pixels.c and its colour row kernel (ramp-rows.c,
 * compiled once per instruction set as the noise rows are:
 * noise-kernels.h). */
#ifndef TSR_RAMP_ROWS_H
#define TSR_RAMP_ROWS_H

#include <string.h>

#include "noise/noise-kernels.h"
#include "color/rgba-rows.h"
#include "texture/texture-internal.h"

G_BEGIN_DECLS

/* The colour of value v in [0, 1] in a sampled ramp. */
static inline TsrPx4
tsr_lut_px (const float (*lut)[4], float v)
{
  const float t = v * TSR_RAMP_LUT;
  const int k = MIN ((int) t, TSR_RAMP_LUT - 1);
  const float f = t - (float) k;
  TsrPx4 a, b;

  memcpy (&a, lut[k], sizeof a);
  memcpy (&b, lut[k + 1], sizeof b);
  return a + (b - a) * f;
}

/* The colours of n values v[i] in [0, 1] in the sampled ramp lut
 * (TSR_RAMP_LUT + 1 entries; tsr_lut_px's operations, the same bits),
 * times (shade[i], shade[i], shade[i], 1) unless shade is NULL, into
 * rgba + 4 i; with stream, stored past the caches (rgba 16-byte aligned;
 * the caller calls tsr_stream_done). */
typedef void (*TsrRampRow) (const float (*lut)[4], const float *v, const float *shade, int n,
                            float *rgba, gboolean stream);

void tsr_ramp_row_base (const float (*lut)[4], const float *v, const float *shade, int n,
                        float *rgba, gboolean stream);
void tsr_ramp_row_avx2 (const float (*lut)[4], const float *v, const float *shade, int n,
                        float *rgba, gboolean stream);
void tsr_ramp_row_avx512 (const float (*lut)[4], const float *v, const float *shade, int n,
                          float *rgba, gboolean stream);

#define TSR_RAMP_ROW_NAME_(isa) tsr_ramp_row_##isa
#define TSR_RAMP_ROW_NAME(isa)  TSR_RAMP_ROW_NAME_ (isa)

G_END_DECLS

#endif
