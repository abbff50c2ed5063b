/* Veined marble's slow fields: the warp (the stone's flow), the clouds,
 * the fade and swell of the veins, soft stone's streaks, at each point or, where their
 * finest cells span many pixels, interpolated along x between columns of
 * a grid that divides the period (so the stone still tiles exactly). */
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

/* Grid columns per pixel for the slow fields (0: every point exact, as
 * in a tile of a set), from the finest cells (pixels) they show; a whole
 * number of columns a period when the texture tiles. */
double tsr_marble_slow_grid (const TsrTexture *tex, double finest_cell);

/* How many of the fractures' first orders the grid takes too (their
 * cells along x `cells[k]` pixels, n of them): those that a cubic through
 * its columns follows to a fiftieth of a pixel of their veins, up to
 * TSR_GRID_ORDERS (one fewer with soft stone's streaks). */
int tsr_marble_grid_orders (const TsrMarbleVeined *mv, const double *cells, int n);

/* The slow fields at n <= TSR_CHUNK points into out's first n. */
void tsr_marble_slow_fields (const TsrMarbleVeined *mv, const double *x, const double *y,
                             gsize n, gboolean grad, TsrMarbleSlow *out);

#endif
