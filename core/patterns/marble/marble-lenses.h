/* Crisp cracked marble's web of veins round lens-shaped pieces: the
 * edges of cells drawn out along the stone's drift, in one or two sizes. */
#ifndef TSR_MARBLE_LENSES_H
#define TSR_MARBLE_LENSES_H

#include "noise/fractal.h"
#include "patterns/marble/marble-slope.h"

#define TSR_LENS_SIZES 2

typedef struct
{
  TsrFractal web[TSR_LENS_SIZES];   /* cells' F2 - F1: 0 on a piece's edge */
  TsrFractal fray;                  /* a fine noise: the veins' ragged edges */
  int        n;                     /* sizes drawn; 0 none */
  float      least[TSR_LENS_SIZES]; /* the field's value on an edge */
  float      mean_inv[TSR_LENS_SIZES]; /* 1 / its RMS slope per pixel */
  gboolean   mean_distance;         /* a vein's distance over that (a halo's) */
  float      width[TSR_LENS_SIZES]; /* a vein's half-width, pixels */
  float      ink[TSR_LENS_SIZES];
  float      show[TSR_LENS_SIZES];  /* the fade field's offset where it shows */
  float      fp;                    /* a vein's softest edge, pixels */
  float      halo, halo_ink;        /* the stain round a vein: its reach, pixels */
  float      fray_px;               /* pixels the fray moves an edge, at most about */
  float      pale;                  /* a vein's ink 1 - pale .. 1 of it along it */
  float      bend;                  /* units the slow fields move the web by */
  float      swell_low, swell_top;  /* a vein's width, low^2 .. top^2 of it */
  float      px[2][2];              /* (u, v) per pixel along x and y */
} TsrMarbleLenses;

/* How a web looks: pieces `size` pixels across (before the shear draws
 * them out), `sizes` of them (at most TSR_LENS_SIZES) each `step` times
 * smaller; veins `width` pixels half-wide (times swell_low^2 to
 * swell_top^2 along them), of `ink` (0: no web), paler
 * along their length by up to `pale` of it, edges no
 * sharper than `fp` pixels, frayed by `fray` pixels; `halo` pixels round a
 * vein stained by `halo_ink` (its distances then over the web's mean
 * slope: exact slopes far from the edge); `hide` 0 shows nearly every edge, more
 * hides more; `bend` units the slow fields bend its edges by. */
typedef struct
{
  double size, step;
  int    sizes;
  float  width, swell_low, swell_top, ink, pale, fp, fray, halo, halo_ink, hide, bend;
} TsrLensLook;

/* From the fractures' spec (sampled at the sheared, warped (u, v), its
 * tile fit set); `px` as the fractures'. */
void tsr_marble_lenses_prepare (TsrMarbleLenses *ml, const TsrFractalSpec *spec,
                                const TsrLensLook *look, const double px[2][2]);

/* Multiplies keep[i] (the stone the veins leave) by what the web leaves
 * at (u[i], v[i]), the swell field widening its veins, the fade field
 * hiding some. */
void tsr_marble_lenses_row (const TsrMarbleLenses *ml, const double *u, const double *v,
                            gsize n, const TsrSlope *swell, const TsrSlope *fade,
                            gboolean grad, TsrSlope *keep);

#endif
