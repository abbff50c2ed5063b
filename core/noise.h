/* Noise bases: value, Perlin, simplex and cellular noise.
 *
 * All functions are pure: the result depends only on the arguments, so they
 * are thread-safe and give the same value whatever order samples are taken in.
 * Coordinates are in lattice units (one unit = one lattice cell).
 *
 * Tiling lives in the lattice: a TsrNoise2D with period_x = P wraps its
 * lattice every P cells, so noise(x + P, y) == noise(x, y) exactly, for every
 * basis.  Perlin, value and cellular noise hash wrapped cell coordinates;
 * simplex noise, whose skewed lattice cannot wrap at arbitrary periods, is
 * evaluated on a flat torus embedded in 4D when a period is set.
 */
#ifndef TSR_NOISE_H
#define TSR_NOISE_H

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  TSR_BASIS_PERLIN,
  TSR_BASIS_SIMPLEX,
  TSR_BASIS_VALUE,
  TSR_BASIS_CELLS,
  TSR_BASIS_COUNT
} TsrBasis;

/* Interpolation between lattice values of value noise (Elias). */
typedef enum
{
  TSR_INTERP_LINEAR,
  TSR_INTERP_COSINE,
  TSR_INTERP_CUBIC,     /* Catmull-Rom through 4 neighbours, as in Elias */
  TSR_INTERP_QUINTIC,   /* 6t^5 - 15t^4 + 10t^3 */
  TSR_INTERP_COUNT
} TsrInterp;

/* Which distance of cellular (Worley) noise is returned. */
typedef enum
{
  TSR_CELLS_F1,
  TSR_CELLS_F2,
  TSR_CELLS_F2_MINUS_F1,
  TSR_CELLS_COUNT
} TsrCellsMode;

typedef struct
{
  guint32      seed;
  gint32       period_x;   /* lattice cells per period; 0 = no wrap */
  gint32       period_y;
  TsrInterp    interp;     /* value noise */
  gboolean     smooth;     /* value noise: Elias' neighbour smoothing */
  TsrCellsMode cells_mode; /* cellular noise */
  float        jitter;     /* cellular noise: feature point spread, 0..1 */
} TsrNoise2D;

/* Sets defaults: no period, quintic, no smoothing, F1, jitter 1. */
void   tsr_noise2d_init (TsrNoise2D *cfg, guint32 seed);

/* Evaluate n samples out[i] = noise (x[i], y[i]).  Every basis returns
 * values in [-1, 1] (never outside), scaled so its whole range is reachable;
 * the header of each basis' source file says by which factor.  This is the
 * hot path: implementations keep the per-sample loop free of branches. */
void   tsr_noise2_row   (TsrBasis basis, const TsrNoise2D *cfg,
                         const double *x, const double *y,
                         gsize n, float *out);

/* One raw sample, in double precision, in 2, 3 or 4 dimensions, no period
 * (tessera sample, tests).  Value-noise samples use quintic interpolation,
 * cellular ones F1.  With seed 0, Perlin 3D uses Ken Perlin's reference
 * permutation and gradients, so tsr_noise_sample (PERLIN, 0, 3, {3.14, 42, 7})
 * equals his reference noise (0.13691995878400012). */
double tsr_noise_sample (TsrBasis basis, guint32 seed, int dims,
                         const double *p);

const char *tsr_basis_name (TsrBasis basis);           /* "perlin", ... */
gboolean    tsr_basis_from_name (const char *name, TsrBasis *basis);

G_END_DECLS

#endif
