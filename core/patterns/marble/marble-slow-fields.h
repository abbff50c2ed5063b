/* Veined marble's slow fields: the warp (the stone's flow), the clouds,
 * the fade and swell of the veins, soft stone's streaks, at each point or, where their
 * finest cells span many pixels, interpolated between nodes of a grid
 * that divides the period (so the stone still tiles exactly): along x
 * between columns on each point's row, or (the band grid) along y and x
 * between nodes at grid rows and columns, which a band of rows shares. */
#ifndef TSR_MARBLE_SLOW_FIELDS_H
#define TSR_MARBLE_SLOW_FIELDS_H

#include "patterns/marble/marble-veined.h"

/* the fractures' orders the grid can take */
#define TSR_GRID_ORDERS 3

/* The fields at up to 2 TSR_CHUNK points (a chunk's grid nodes); the
 * slopes only for gradients: the warp's per pixel (x, y), the clouds' in
 * the warped (x, y), the fade's, swell's and streaks' in (u, v). */
typedef struct
{
  float wx[2 * TSR_CHUNK], wy[2 * TSR_CHUNK];
  float wxx[2 * TSR_CHUNK], wxy[2 * TSR_CHUNK], wyx[2 * TSR_CHUNK], wyy[2 * TSR_CHUNK];
  float body[2 * TSR_CHUNK], bqx[2 * TSR_CHUNK], bqy[2 * TSR_CHUNK];
  float fade[2 * TSR_CHUNK], fu[2 * TSR_CHUNK], fv[2 * TSR_CHUNK];
  float swell[2 * TSR_CHUNK], su[2 * TSR_CHUNK], sv[2 * TSR_CHUNK];
  float streaks[2 * TSR_CHUNK], tu[2 * TSR_CHUNK], tv[2 * TSR_CHUNK];   /* streak_ink > 0 */
  /* the fractures' first grid_orders orders' noise, its slopes in (u, v) */
  float net[TSR_GRID_ORDERS][2 * TSR_CHUNK], nu[TSR_GRID_ORDERS][2 * TSR_CHUNK],
        nv[TSR_GRID_ORDERS][2 * TSR_CHUNK];
} TsrMarbleSlow;

/* Grid columns (rows) per pixel for the slow fields (0: every point
 * exact, as in a tile of a set), from the finest cells (pixels) they show
 * along x (y); a whole number a period (`period` pixels) when the texture
 * tiles. */
double tsr_marble_slow_grid (const TsrTexture *tex, double finest_cell, int period);

/* How many of the fractures' first orders a grid of `grid` nodes a pixel
 * takes too (their cells along its axis `cells[k]` pixels, n of them):
 * those that a cubic through its nodes follows to a fiftieth of a pixel of
 * their veins, up to TSR_GRID_ORDERS (one fewer with soft stone's streaks). */
int tsr_marble_grid_orders (const TsrMarbleVeined *mv, double grid, const double *cells, int n);

/* The band grid's rows per pixel, from mv's (slow_grid_y from the slow
 * fields' finest cells, grid_orders), made finer where a fractures' order
 * the columns take (its cells along y `cells_y[k]` pixels) then fits on
 * it for fewer instructions than at every point; the orders it takes into
 * *orders. */
double tsr_marble_band_rows (const TsrTexture *tex, const TsrMarbleVeined *mv,
                             const double *cells_y, int *orders);

/* The slow fields at n <= TSR_CHUNK points into out's first n: with
 * `bands` by the band grid (where mv has one), else along rows. */
void tsr_marble_slow_fields (const TsrMarbleVeined *mv, gboolean bands, const double *x,
                             const double *y, gsize n, gboolean grad, TsrMarbleSlow *out);

/* Rows a band takes at most. */
#define TSR_MARBLE_BAND_ROWS 64

/* The band grid's nodes for `rows` rows (row r at (x[i], y[r]), n <=
 * TSR_CHUNK points), computed as its rows need them: mv->slow_grid_y > 0. */
typedef struct _TsrMarbleBand TsrMarbleBand;

TsrMarbleBand *tsr_marble_band_new (const TsrMarbleVeined *mv, const double *x, gsize n,
                                    const double *y, int rows, gboolean grad);
/* Row r's slow fields into out from `at` on (at + n <= TSR_CHUNK): the
 * same bits as tsr_marble_slow_fields with bands at the same points. */
void tsr_marble_band_fields (TsrMarbleBand *b, int r, TsrMarbleSlow *out, gsize at);
void tsr_marble_band_free (TsrMarbleBand *b);

#endif
