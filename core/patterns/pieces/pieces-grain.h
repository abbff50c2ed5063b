/* The grain of built-up pieces' colour (patterns `bricks` and `stones`):
 * every pixel its own grain of sand, drawn from a table of random values
 * by a hash of the pixel, not a noise lattice (finer than the grit's
 * noise, which would cost an octave of lattice rows changing every row or
 * so).  The pixel is wrapped to the tile period, so that the grain tiles.
 * A pixel's entry is its column plus its row's hash: a row of pixels side
 * by side is a run of the table, copied. */
#ifndef TSR_PIECES_GRAIN_H
#define TSR_PIECES_GRAIN_H

#include <glib.h>

#include "patterns/patterns.h"

#define TSR_GRAIN_TABLE 4096   /* a power of 2 */
/* Scratches along the rows (tsr_grain_streaks): the grain of dashes this
 * many pixels long, each row's dashes shifted by its hash. */
#define TSR_STREAK_PIXELS 5u

typedef struct
{
  guint32 seed;
  int     period_w, period_h;   /* 0: not wrapped */
  float   amount;               /* the grain's deviation: 1 / the footprint */
  /* in [-amount, amount), its first TSR_CHUNK entries again at its end */
  float   table[TSR_GRAIN_TABLE + TSR_CHUNK];
  /* the table's values each TSR_STREAK_PIXELS times over, for scratches */
  float   streaks[TSR_GRAIN_TABLE + TSR_CHUNK];
} TsrGrain;

/* The grain of the seed, as much as a shown pixel spanning footprint x
 * footprint pixels holds (their mean: the deviation over the footprint). */
void tsr_grain_init (TsrGrain *g, guint32 seed, int period_w, int period_h, int footprint);

/* The pixel columns (wrapped) holding each of n <= TSR_CHUNK
 * coordinates; TRUE when they are side by side, left to right. */
gboolean tsr_grain_columns (const TsrGrain *g, const double *x, gsize n, guint32 *hx);

/* The hash of the pixel row holding y. */
guint32 tsr_grain_hash_row (const TsrGrain *g, double y);

/* The grain, in [-amount, amount), of n pixels: columns hx (side by side:
 * whether they are), row hash hy. */
void tsr_grain_row (const TsrGrain *g, const guint32 *hx, gboolean side_by_side, guint32 hy,
                    gsize n, float *out);

/* The same at n points of their own rows (hy[i] each). */
/* The scratches of n pixels of columns hx (tsr_grain_columns:
 * side_by_side whether they are) and rows of hashes hy[i] (one hash for
 * them all with hy NULL: row_hy); a dash is cut short at the tile's edge,
 * so that they tile. */
void tsr_grain_streaks (const TsrGrain *g, const guint32 *hx, gboolean side_by_side,
                        const guint32 *hy, guint32 row_hy, gsize n, float *out);

void tsr_grain_points (const TsrGrain *g, const guint32 *hx, const guint32 *hy, gsize n,
                       float *out);

#endif
