/* Noise bases: value, Perlin, simplex and cellular noise.
 *
 * All functions are pure: the result depends only on the arguments, so they
 * are thread-safe and give the same value whatever order samples are taken in,
 * however a row is split, and on every platform with IEEE-754 arithmetic
 * (integer hashing, +, -, *, /, sqrt and the deterministic trig.h only; the
 * project compiles with -ffp-contract=off, which this relies on).
 * Coordinates are in lattice units (one unit = one lattice cell).
 *
 * Tiling lives in the lattice: a TsrNoise2D with period_x = P wraps its
 * lattice every P cells, so noise(x + P, y) == noise(x, y), for every
 * basis: bit for bit for Perlin, value and cellular noise, which hash
 * wrapped cell coordinates (whenever x + P is computed exactly, which holds
 * unless x carries more fraction bits than a double of the magnitude of
 * x + P can keep), and up to float rounding (< 1e-6) for simplex noise,
 * whose periodic lattice is stretched to fit the period (see
 * noise-simplex.c).  Periodic noise is continuous across the wrap.
 *
 * Non-finite coordinates never reach the noise in practice (the texture
 * layer validates them), but are harmless: every coordinate is clamped to
 * +-2^28 cells first, NaN and -inf to -2^28, +inf to +2^28, so the result is
 * the (finite, in-range) noise at that point.
 */
#ifndef TSR_NOISE_H
#define TSR_NOISE_H

#include <glib.h>

#include "params/choice.h"
#include "params/param-list.h"
#include "texture/tile-map.h"

G_BEGIN_DECLS

TSR_CHOICE_ENUM (TsrBasis, TSR_BASIS_LIST, TSR_BASIS_COUNT)
TSR_CHOICE_ENUM (TsrInterp, TSR_INTERP_LIST, TSR_INTERP_COUNT)
TSR_CHOICE_ENUM (TsrCellsMode, TSR_CELLS_LIST, TSR_CELLS_COUNT)

typedef struct
{
  guint32      seed;
  gint32       period_x;   /* lattice cells per period; 0 = no wrap */
  gint32       period_y;
  TsrInterp    interp;     /* value noise */
  gboolean     smooth;     /* value noise: Elias' neighbour smoothing */
  TsrCellsMode cells_mode; /* cellular noise */
  float        jitter;     /* cellular noise: feature point spread, 0..1 */
  float        turn_c;     /* simplex noise: every gradient turned by the angle of */
  float        turn_s;     /* this cosine and sine (flow noise); 1, 0: not turned */
  TsrTileMap   tile;       /* one tile of a set (off: the plain lattice) */
} TsrNoise2D;

/* Sets defaults: no period, quintic, no smoothing, F1, jitter 1.
 * Periods <= 0 mean no wrap; jitter is clamped to [0, 1] (NaN: 1). */
void   tsr_noise2d_init (TsrNoise2D *cfg, guint32 seed);

/* Evaluate n samples out[i] = noise (x[i], y[i]).  Every basis returns
 * values in [-1, 1] (never outside), scaled so its whole range is reachable;
 * the header of each basis' source file says by which factor, and what the
 * typical spread is (std: Perlin 0.31, simplex 0.54, value 0.45 quintic,
 * cells F1 0.27).  This is the hot path: the kernels are written with GCC
 * vector extensions and compiled for AVX-512, AVX2 and SSE2; the widest the
 * CPU has is picked at the first call (TSR_NOISE_SIMD=sse2|avx2 forces a
 * narrower one), and all give the same bits.  About 1-3 ns per sample with
 * AVX-512 (bench/bench-noise.c).  x, y and out may be NULL when n is 0. */
void   tsr_noise2_row   (TsrBasis basis, const TsrNoise2D *cfg,
                         const double *x, const double *y,
                         gsize n, float *out);

/* tsr_noise2_row with the noise's gradient (Perlin's DNoise), computed
 * analytically in the same pass: gx[i] = d noise / dx and gy[i] =
 * d noise / dy at (x[i], y[i]), in lattice units.  out[i] is bit for bit
 * tsr_noise2_row's value, and the gradients too are the same bits on
 * every instruction set and however a row is split.  Where the noise has a
 * kink (linear value interpolation across a lattice line, a cellular
 * distance where the nearest point changes) the gradient is that of the
 * side the sample's own cell or nearest point is on; where the value is
 * held at -1 or 1 by the range guard, 0. */
void   tsr_noise2_row_grad (TsrBasis basis, const TsrNoise2D *cfg,
                            const double *x, const double *y, gsize n,
                            float *out, float *gx, float *gy);

/* One raw sample, in double precision, in 2, 3 or 4 dimensions, no period
 * (tessera sample, tests).  Value-noise samples use quintic interpolation,
 * cellular ones F1 with jitter 1.  With seed 0, Perlin 3D uses Ken Perlin's
 * reference permutation and gradients, so tsr_noise_sample (PERLIN, 0, 3,
 * {3.14, 42, 7}) equals his reference noise (0.13691995878400012), bit
 * for bit, wherever the reference lies in [-1, 1].  Results are in
 * [-1, 1]; Perlin 3D is not rescaled, to stay equal to the reference,
 * whose supremum is 1.036: about 1 sample in 10^7 exceeds 1 and is
 * clamped.  In 2D the result equals tsr_noise2_row's default
 * configuration up to float rounding (< 1e-5). */
double tsr_noise_sample (TsrBasis basis, guint32 seed, int dims,
                         const double *p);

typedef TsrChoice TsrBasisInfo;

/* The bases' names, in the order of TsrBasis (also the `basis`
 * parameter's choices). */
extern const TsrChoice tsr_basis_choices[TSR_BASIS_COUNT];

/* The names of a basis; NULL for a value out of range. */
const TsrBasisInfo *tsr_basis_info (TsrBasis basis);
const char         *tsr_basis_name (TsrBasis basis);  /* info's name */
gboolean            tsr_basis_from_name (const char *name, TsrBasis *basis);

G_END_DECLS

#endif
