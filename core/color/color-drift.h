/* The colour stage after the palette (the `color-variation` parameter).
 *
 * A palette gives each value one colour, so hue and saturation follow
 * lightness alone; in a photograph they wander on their own (a brick wall's
 * tan, red and grey-purple bricks, marble's warm and cool clouds).  Here
 * three slow tiling fields (and, for built-up patterns, each piece's own
 * two random numbers) turn the hue, scale the saturation and warm or cool
 * the colour of every pixel, leaving its luma as the palette made it.
 *
 * Every step is linear in RGB for a given pixel, so it commutes with the
 * lit map's light (a grey factor); the fields tile as the texture does and
 * use only deterministic arithmetic (the turns' polynomial, no libm), so
 * the pixels are the same bits for any ISA, thread split or region. */
#ifndef TSR_COLOR_DRIFT_H
#define TSR_COLOR_DRIFT_H

#include <glib.h>

#include "noise/fractal.h"

G_BEGIN_DECLS

typedef struct
{
  float      amount;            /* the parameter, 0 .. 1; 0: the stage is off */
  TsrFractal hue, sat, warm;    /* slow fBm fields in (-1, 1) */
} TsrColorDrift;

/* The stage for `amount`, its fields from `base` (the texture's fractal
 * spec: seed, tiling, time, tile set), made smooth and slow: Perlin, three
 * octaves, features twice base's scale. */
void tsr_color_drift_init  (TsrColorDrift *d, double amount, const TsrFractalSpec *base);

/* The n <= TSR_CHUNK RGBA pixels rgba + 4 i (non-linear sRGB, alpha left
 * alone) at texture positions (x[i], y[i]), moved in hue and saturation by
 * the fields there and, when piece_hue is not NULL, by each pixel's
 * piece's own numbers piece_hue[i], piece_sat[i] in [-1, 1] (0 off the
 * pieces); channels clamped to [0, 1]. */
void tsr_color_drift_apply (const TsrColorDrift *d, const double *x, const double *y,
                            const float *piece_hue, const float *piece_sat, int n,
                            float *rgba);

/* The three fields of `rows` rows of constant y, row k at (x[i], y[k])
 * into hue, sat and warm + k * stride: the same bits as
 * tsr_color_drift_apply's, the rows sharing their lattice work. */
void tsr_color_drift_fields_rows (const TsrColorDrift *d, const double *x, const double *y,
                                  int rows, int n, float *hue, float *sat, float *warm,
                                  gsize stride);

/* tsr_color_drift_apply with the fields at the pixels computed already. */
void tsr_color_drift_apply_fields (const TsrColorDrift *d, const float *hue, const float *sat,
                                   const float *warm, const float *piece_hue,
                                   const float *piece_sat, int n, float *rgba);

G_END_DECLS

#endif
