/* The looks of the water pattern (its `water-style`), each prepared from the
 * texture into its own state and evaluated a row at a time, from the row's
 * noises computed beforehand (TsrWaterNoise): values in 0 .. 1 and, with
 * gx and gy not NULL, their analytic gradient. */
#ifndef TSR_WATER_STYLES_H
#define TSR_WATER_STYLES_H

#include "texture/texture-internal.h"

#define TSR_WATER_MAX_SOURCES 64
#define TSR_WATER_WIND_WAVES  24
#define TSR_WATER_WARP_WAVES  6
/* The floats of the caustics' work along x for a row (their push's). */
#define TSR_WATER_PUSH_COLUMNS (2 * TSR_WATER_WARP_WAVES * TSR_CHUNK)

/* A plane wave: cycles per pixel along x and y, its phase in turns at the
 * texture's time, and its amplitude. */
typedef struct
{
  double kx, ky;
  double phase;
  float  amp;
} TsrWaterPlaneWave;

/* Rings: waves spreading from scattered sources (water-rings.c). */
typedef struct
{
  double x, y;            /* the source, pixels inside the tile */
  double inv_wavelength;  /* per pixel */
  double phase;           /* turns: the source's own at time 0, less the travel */
  float  amp;
} TsrWaterSource;

typedef struct
{
  int            n_sources;
  TsrWaterSource sources[TSR_WATER_MAX_SOURCES];
  double         period_w, period_h;   /* when tiling, else 0 */
  double         reach, inv_reach2;
  float          crest_power;          /* 1 .. 4 */
  float          profile_mean;         /* the crest profile's mean over a cycle */
  float          norm;
  float          ripple_amount;
  TsrFractal     ripples;
} TsrWaterRings;

/* Ripples: many short waves blown by the wind (water-ripples.c). */
typedef struct
{
  int               n_waves;
  TsrWaterPlaneWave waves[TSR_WATER_WIND_WAVES];
  float             crest_power;
  float             profile_mean;
  float             norm;
  float             ripple_amount;
  TsrFractal        ripples;
} TsrWaterRipples;

/* Caustics: light focused by the surface into a network on the floor
 * (water-caustics.c). */
typedef struct
{
  double  cell_w, cell_h;   /* pixels */
  int     cells_x, cells_y; /* lattice cells a tile; 0: no wrapping */
  guint32 seed;
  float   width;            /* of a line, in units of F2 - F1 (pixels) */
  float   weight;           /* its brightness, less when widened to a pixel */
  float   orbit[2][16][2];  /* the feature points' offsets at this time,
                               cells, by turning direction and phase */
} TsrCausticLayer;

typedef struct
{
  TsrCausticLayer   layers[2];
  /* long waves pushing the floor's point by amp (kx, ky) cos θ pixels */
  TsrWaterPlaneWave warp[TSR_WATER_WARP_WAVES];
  float             ripple_amount;
  TsrFractal        ripples;
  TsrFractal        breaks;   /* where the lines break into dashes */
} TsrWaterCaustics;

/* A row's fractal noises: every style's fine ripples, and the caustics'
 * breaks; with gradients, their gradients too.  Computed apart from the
 * style's formula so that a band of rows of one y each can compute them
 * together (pattern-water.c), the lattice work along x shared. */
typedef struct
{
  float fine[TSR_CHUNK], fx[TSR_CHUNK], fy[TSR_CHUNK];
  float brk[TSR_CHUNK], bx[TSR_CHUNK], by[TSR_CHUNK];
} TsrWaterNoise;

void tsr_water_rings_prepare    (const TsrTexture *tex, const TsrWaterParams *p,
                                 TsrWaterRings *st);
void tsr_water_rings_row        (const TsrWaterRings *st, const double *x, const double *y,
                                 gsize n, const TsrWaterNoise *noise, float *out, float *gx,
                                 float *gy);
void tsr_water_ripples_prepare  (const TsrTexture *tex, const TsrWaterParams *p,
                                 TsrWaterRipples *st);
void tsr_water_ripples_row      (const TsrWaterRipples *st, const double *x, const double *y,
                                 gsize n, const TsrWaterNoise *noise, float *out, float *gx,
                                 float *gy);
void tsr_water_caustics_prepare (const TsrTexture *tex, const TsrWaterParams *p,
                                 TsrWaterCaustics *st);
/* What the caustics' row works out of x alone (n <= TSR_CHUNK points),
 * into cols (TSR_WATER_PUSH_COLUMNS floats), for rows of one y each. */
void tsr_water_caustics_columns (const TsrWaterCaustics *st, const double *x, gsize n,
                                 float *cols);
/* cols: tsr_water_caustics_columns of x for a row of one y, y[0] (the
 * same bits), or NULL. */
void tsr_water_caustics_row     (const TsrWaterCaustics *st, const double *x,
                                 const double *y, gsize n, const float *cols,
                                 const TsrWaterNoise *noise, float *out, float *gx,
                                 float *gy);

#endif
