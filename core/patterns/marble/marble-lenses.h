/* Crisp white marble's web of veins round lens-shaped pieces: the edges
 * of cells drawn out along the stone's drift, in two sizes. */
#ifndef TSR_MARBLE_LENSES_H
#define TSR_MARBLE_LENSES_H

#include "noise/fractal.h"
#include "patterns/marble/marble-slope.h"

#define TSR_LENS_SIZES 2

typedef struct
{
  TsrFractal web[TSR_LENS_SIZES];   /* cells' F2 - F1: 0 on a piece's edge */
  int        n;                     /* sizes drawn; 0 none */
  float      least[TSR_LENS_SIZES]; /* the field's value on an edge */
  float      width[TSR_LENS_SIZES]; /* a vein's half-width, pixels */
  float      ink[TSR_LENS_SIZES];
  float      show[TSR_LENS_SIZES];  /* the fade field's offset where it shows */
  float      fp;                    /* a vein's softest edge, pixels */
  float      px[2][2];              /* (u, v) per pixel along x and y */
} TsrMarbleLenses;

/* From the fractures' spec (sampled at the sheared, warped (u, v), its
 * tile fit set): pieces `size` pixels across, the finer ones
 * `step` times smaller; `px` as the fractures'; `fp` a pixel's softness;
 * `ink` 0 leaves the web out. */
void tsr_marble_lenses_prepare (TsrMarbleLenses *ml, const TsrFractalSpec *spec, double size,
                                double step, const double px[2][2], float fp, float width,
                                float ink);

/* Multiplies keep[i] (the stone the veins leave) by what the web leaves
 * at (u[i], v[i]), the swell field widening its veins, the fade field
 * hiding some. */
void tsr_marble_lenses_row (const TsrMarbleLenses *ml, const double *u, const double *v,
                            gsize n, const TsrSlope *swell, const TsrSlope *fade,
                            gboolean grad, TsrSlope *keep);

#endif
