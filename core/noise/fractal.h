/* Fractal sums of a noise basis: fBm, turbulence and ridged.
 *
 * Octave i has frequency lacunarity^i / scale and amplitude persistence^i
 * (Elias' definition of persistence).
 *
 * Tiling: with a period of W x H pixels, octave i gets
 *   Px_i = max (2, round (W * lacunarity^i / scale_x)) lattice cells across W
 * (and Py_i likewise across H), and its lattice wraps every Px_i x Py_i cells.
 * (at least 2, so that a wrapped lattice still has distinct points).
 * A feature is therefore at most half a cell per period away from its
 * requested size, and cells may be very slightly non-square (by less than
 * 1 / (2 P) relative) so that each octave fits the period exactly.
 *
 * Normalisation, so the full output range is used and nothing clips:
 *  - fBm: the sum Σ a_i n_i is divided by its RMS amplitude sqrt (Σ a_i²) —
 *    so the spread does not depend on octaves or persistence — and by the
 *    basis' standard deviation, multiplied by a gain, and passed through x / sqrt (1 + x²), a smooth monotone curve
 *    that maps every real into (-1, 1).  Output in (-1, 1).
 *  - turbulence (Perlin 1985, Σ a_i |n_i|): the same curve on the positive
 *    sum.  Output in [0, 1).
 *  - ridged: Σ a_i w_i (1 - |n_i|)², each octave weighted by the previous
 *    octave's signal w_i (so ridges carry detail and valleys stay smooth),
 *    divided by Σ a_i, its exact bound.  Output in [0, 1].
 *
 * Looping time: at time t octave i is cos θ · A_i + sin θ · B_i (around
 * the basis' mean), θ = 2π t, where A_i is the octave's noise and B_i the
 * same noise with another seed: the noise sampled on a circle in a plane of
 * two independent fields.  A and B are uncorrelated, so the spread stays
 * the same all through the loop (a linear cross-fade, Zucker's, loses
 * contrast half-way); every octave turns at the same rate, so a loop of a
 * dozen frames changes each by the same small step (finer octaves turning
 * faster flicker at such frame counts); t = 1 is exactly t = 0, and t = 0
 * is the noise without time.  With `flow` and simplex noise, time instead
 * turns every gradient of the one field by θ (Gustavson & McEwan's flow
 * noise): the features swirl in place rather than fade into others.
 */
#ifndef TSR_FRACTAL_H
#define TSR_FRACTAL_H

#include <glib.h>
#include "noise/noise.h"
#include "texture/tile-set.h"

G_BEGIN_DECLS

#define TSR_MAX_OCTAVES 12

typedef enum
{
  TSR_FRACTAL_FBM,
  TSR_FRACTAL_TURBULENCE,
  TSR_FRACTAL_RIDGED
} TsrFractalMode;

typedef struct
{
  double     fx, fy;      /* lattice cells per pixel */
  double     ox, oy;      /* lattice offset, decorrelates octaves' grids */
  float      amp;
  TsrNoise2D noise;       /* seed and periods of this octave */
  TsrNoise2D noise_b;     /* ... and of its second field, for time */
  float      tc, ts;      /* cos θ and sin θ of the octave's time angle */
} TsrOctave;

typedef struct
{
  TsrFractalMode mode;
  TsrBasis       basis;
  guint          n_octaves;
  float          norm;    /* multiplier applied to the sum before the curve */
  float          center;  /* subtracted from every sample (the basis' mean) */
  float          bias;    /* added to the sum: the mean of the octaves a
                             zoomed-out view fades (turbulence) */
  float          ridge_spread;  /* ridged: |noise| scaled to Perlin's spread */
  gboolean       timed;   /* some octave's time angle is not 0 */
  TsrOctave      oct[TSR_MAX_OCTAVES];
} TsrFractal;

typedef struct
{
  TsrFractalMode mode;
  TsrBasis       basis;
  TsrNoise2D     noise;        /* seed, interpolation, cells settings */
  guint          octaves;      /* 1 .. TSR_MAX_OCTAVES */
  double         persistence;
  double         lacunarity;
  double         scale_x;      /* feature size of octave 0, pixels */
  double         scale_y;
  int            period_w;     /* pixels; 0 = does not tile */
  int            period_h;
  double         time;         /* 0 .. 1, the animation loop */
  gboolean       flow;         /* simplex: time turns the gradients (flow noise) */
  double         footprint;    /* pixels a shown pixel spans along each axis (a
                                  zoomed-out view); 0 or 1: full size */
  TsrTileFit     tile;         /* a tile of a set (id NULL: none); needs both
                                  periods */
} TsrFractalSpec;

/* Lattice cells around a point that the noise of a point reads: what a
 * tile of a set keeps the same near its edges (tile-set.h).  0 for a
 * basis tile sets do not take. */
double tsr_fractal_tile_support (const TsrFractalSpec *spec);

void tsr_fractal_init (TsrFractal *f, const TsrFractalSpec *spec);

/* Octave o's noise (its time blend included) at lattice coordinates
 * (lx[i], ly[i]), n <= TSR_CHUNK; with gx and gy (not NULL) the gradient
 * of that noise too, in lattice units (tsr_noise2_row_grad). */
void tsr_fractal_octave_row_grad (const TsrFractal *f, guint o, const double *lx,
                                  const double *ly, gsize n, float *out,
                                  float *gx, float *gy);

/* out[i] for pixel coordinates (x[i], y[i]), n <= TSR_CHUNK (patterns.h):
 * fBm in (-1, 1); turbulence and ridged in [0, 1].  With gx not NULL the
 * sum's gradient too, into gx and gy (the values the same bits; with gx
 * NULL, gy is neither read nor written), per pixel:
 * gx[i] = d out / dx, gy[i] = d out / dy.  Each octave's analytic noise
 * gradient is carried through the sum by the chain rule: the octave's
 * frequency, its time blend, turbulence's |n| (the sign of n), the ridged
 * sum's squares and weights, and the soft curve. */
void tsr_fractal_row_grad (const TsrFractal *f, const double *x, const double *y,
                           gsize n, float *out, float *gx, float *gy);

/* tsr_fractal_row_grad (the same bits) of `rows` rows of constant y, row k
 * at (x[i], y[k]) into out (gx, gy) + k * stride: the rows share the work
 * that depends on x alone. */
void tsr_fractal_rows_grad (const TsrFractal *f, const double *x, const double *y,
                            gsize rows, gsize n, float *out, float *gx, float *gy,
                            gsize stride);

/* The values alone. */
static inline void
tsr_fractal_octave_row (const TsrFractal *f, guint o, const double *lx,
                        const double *ly, gsize n, float *out)
{
  tsr_fractal_octave_row_grad (f, o, lx, ly, n, out, NULL, NULL);
}

static inline void
tsr_fractal_row (const TsrFractal *f, const double *x, const double *y,
                 gsize n, float *out)
{
  tsr_fractal_row_grad (f, x, y, n, out, NULL, NULL);
}

static inline void
tsr_fractal_rows (const TsrFractal *f, const double *x, const double *y,
                  gsize rows, gsize n, float *out, gsize stride)
{
  tsr_fractal_rows_grad (f, x, y, rows, n, out, NULL, NULL, stride);
}

G_END_DECLS

#endif
