/* Rock's cells (patterns `cracks` and `slate`): a scatter of points, one
 * a cell of an nx x ny grid that repeats with the tile, and the hashes
 * and helpers both patterns share. */
#ifndef TSR_ROCK_CELLS_H
#define TSR_ROCK_CELLS_H

#include <glib.h>

#include "math/hash.h"
#include "noise/fractal.h"
#include "texture/texture-internal.h"

typedef struct
{
  int     nx, ny;     /* cells per tile period */
  double  cw, ch;     /* a cell's size, pixels */
  double  jitter;     /* how far a point strays from its cell's middle, in cells */
  double  weight;     /* the power diagram's spread of sizes, in cells squared */
  gboolean wraps;     /* the grid repeats every nx x ny cells (tiling on) */
  guint32 seed;
} TsrRockCells;

/* The feature size the texture asks for (its scale, or automatic), and
 * a count of them across `period` pixels (whole, so the cells tile). */
double  tsr_rock_size   (const TsrTexture *tex);
int     tsr_rock_count  (double period, double size);

/* Cells of pw / nx x ph / ny pixels, repeating with the tile when the
 * texture tiles. */
void    tsr_rock_cells_init (TsrRockCells *c, const TsrTexture *tex, int nx, int ny,
                             double jitter, double weight, guint32 seed);

/* Cell (i, j)'s hash and point (any i, j), and its power diagram's weight. */
guint32 tsr_rock_cell_point (const TsrRockCells *c, long i, long j, double *px, double *py,
                             double *pw);

/* Cells' points kept for a run of lookups (a call's rows), by cell: a
 * row's cells around its points overlap cell to cell, and each costs
 * four hashes.  Direct-mapped on the cell's low bits; a clash computes
 * the point again (the same bits).  tsr_rock_memo_init before use. */
#define TSR_ROCK_MEMO_BITS 4
#define TSR_ROCK_MEMO (1 << (2 * TSR_ROCK_MEMO_BITS))
typedef struct
{
  long    i[TSR_ROCK_MEMO], j[TSR_ROCK_MEMO];
  double  sx[TSR_ROCK_MEMO], sy[TSR_ROCK_MEMO], sw[TSR_ROCK_MEMO];
  guint32 id[TSR_ROCK_MEMO];
} TsrRockMemo;

void    tsr_rock_memo_init  (TsrRockMemo *m);

/* Cell (i, j)'s slot in a memo of TSR_ROCK_MEMO (any table kept so). */
static inline int
tsr_rock_memo_slot (long i, long j)
{
  const gulong mask = (1u << TSR_ROCK_MEMO_BITS) - 1;

  return (int) ((((gulong) j & mask) << TSR_ROCK_MEMO_BITS) | ((gulong) i & mask));
}

/* tsr_rock_cell_point through the memo: its slot, whose point it fills
 * if another cell's (or none) was there. */
int     tsr_rock_memo_point (const TsrRockCells *c, TsrRockMemo *m, long i, long j);

/* The hash of the cell whose power-diagram region holds (x, y): the
 * nearest tsr_rock_cells_around finds. */
guint32 tsr_rock_cells_nearest (const TsrRockCells *c, TsrRockMemo *m, double x, double y);

/* The points of the cells around a point's own, kept while a row's
 * points stay in one cell; start with tsr_rock_around_init. */
#define TSR_ROCK_REACH 1
#define TSR_ROCK_AROUND ((2 * TSR_ROCK_REACH + 1) * (2 * TSR_ROCK_REACH + 1))

/* The bisectors of a nearest cell with those around it, by k: the unit
 * normal (ux, uy) towards the nearest and 0.5 / their distance. */
typedef struct
{
  double ux[TSR_ROCK_AROUND], uy[TSR_ROCK_AROUND], inv_2len[TSR_ROCK_AROUND];
} TsrRockBisectors;

typedef struct
{
  TsrRockMemo memo;
  gboolean valid;
  long     i0, j0;
  double   sx[TSR_ROCK_AROUND], sy[TSR_ROCK_AROUND], sw[TSR_ROCK_AROUND];
  guint32  id[TSR_ROCK_AROUND];
  int      nearest;   /* whose bisectors bis holds; -1: none */
  TsrRockBisectors bis;
  /* each point's power distance from the point last asked (the
   * distance squared less its weight), for callers that weigh more
   * borders than the nearest */
  double   power[TSR_ROCK_AROUND];
} TsrRockAround;

void    tsr_rock_around_init (TsrRockAround *around);

/* The cells around the point (x, y): each one's power distance from it
 * (around->power), the nearest (around->nearest, the cell of the power
 * diagram the point is in) and its bisectors with the others: a border's
 * distance from the point is (power[k] - power[nearest]) bis.inv_2len[k],
 * its gradient (bis.ux[k], bis.uy[k]) (Quilez's border distance: exact, so the
 * slopes built on it stay analytic). */
void    tsr_rock_cells_around (const TsrRockCells *c, double x, double y, TsrRockAround *around);

/* tsr_rock_cells_around in two steps, for a row kernel's power distances
 * between them (rock-power-rows.h): the cells around (x, y)'s own, then,
 * the point's power distances put in around->power, its nearest's
 * bisectors (each kept while it stays). */
void    tsr_rock_around_cells   (const TsrRockCells *c, double x, double y, TsrRockAround *around);
void    tsr_rock_around_nearest (TsrRockAround *around, int nearest);

/* Only the bisectors of the nearest with the cells ks[0 .. nk) around,
 * into *bis, as tsr_rock_around_nearest's: for a caller that keeps them. */
void    tsr_rock_bisectors (const TsrRockAround *around, int nearest, const guint8 *ks, int nk,
                            TsrRockBisectors *bis);

/* A unit value 0 .. 1 of a cell's hash, one for each `which`. */
static inline double
tsr_rock_unit (guint32 id, guint32 which)
{
  return tsr_hash_unit (tsr_mix32 (id + which * 0x9e3779b9u));
}

/* A fine fBm of the texture's noise, `size` pixels, `octaves` octaves,
 * tiling with it (tile == TRUE) or not tiling (a piece's own frame). */
void    tsr_rock_noise_init (const TsrTexture *tex, guint32 salt, double size_x,
                             double size_y, guint octaves, gboolean tile, TsrFractal *f);

/* How much of a pixel spanning fp pixels a line of half-width w covers at
 * distance d from its middle: 1 on it, 0 away, a smooth step over at least
 * 1.3 pixels (a photograph's edges are soft); a line thinner than that keeps its share of ink
 * (fainter, not broken).  Its slopes by d and by w into *dd and *dw. */
double  tsr_rock_line_cover (double d, double w, double fp, double *dd, double *dw);

#endif
