/* Rock's power distances over a run of points (pattern-cracks.c), as row
 * kernels compiled once per instruction set like the noise rows
 * (core/meson.build): each point's power distance from the cells around
 * (tsr_rock_cells_around's sums) and the nearest, then the nearest of
 * some of its borders, VN / 2 points a step in double, the scalar
 * operations in the same order in each lane. */
#ifndef TSR_ROCK_POWER_ROWS_H
#define TSR_ROCK_POWER_ROWS_H

#include <glib.h>

#include "patterns/rock/rock-cells.h"

G_BEGIN_DECLS

/* the most points a kernel call's arrays are read or written past n */
#define TSR_ROCK_POWER_PAD 8

/* For the points (x[i], y[i]), i < n, and the around's cells (sx, sy,
 * weight sw): power[k * stride + i] = (x - sx)^2 + (y - sy)^2 - sw, and
 * nearest[i] the first k of the least.  Every array readable (x, y) or
 * writable up to n rounded up to TSR_ROCK_POWER_PAD. */
typedef void (*TsrRockPowerFn) (const TsrRockAround *ar, const double *x, const double *y,
                                gsize n, double *power, gsize stride, gint64 *nearest);

void tsr_rock_power_base (const TsrRockAround *ar, const double *x, const double *y, gsize n,
                          double *power, gsize stride, gint64 *nearest);
void tsr_rock_power_avx2 (const TsrRockAround *ar, const double *x, const double *y, gsize n,
                          double *power, gsize stride, gint64 *nearest);
void tsr_rock_power_avx512 (const TsrRockAround *ar, const double *x, const double *y, gsize n,
                            double *power, gsize stride, gint64 *nearest);

#define TSR_ROCK_POWER_NAME_(isa) tsr_rock_power_##isa
#define TSR_ROCK_POWER_NAME(isa)  TSR_ROCK_POWER_NAME_ (isa)

/* For the points i < n whose nearest is m, their power distances as
 * above: the least border distance (power[k] - power[m]) inv_2len[k]
 * over the cells k = ks[0 .. nk) (bis, m's bisectors with those around)
 * into depth[i], G_MAXDOUBLE where none, and the first k giving it's
 * bisector direction (ux[k], uy[k]) into nx[i], ny[i], 0 where none.  Arrays as
 * above. */
typedef void (*TsrRockBordersFn) (const TsrRockBisectors *bis, const double *power, gsize stride,
                                  int m, const guint8 *ks, int nk, gsize n, double *depth,
                                  double *nx, double *ny);

void tsr_rock_borders_base (const TsrRockBisectors *bis, const double *power, gsize stride, int m,
                            const guint8 *ks, int nk, gsize n, double *depth, double *nx,
                            double *ny);
void tsr_rock_borders_avx2 (const TsrRockBisectors *bis, const double *power, gsize stride, int m,
                            const guint8 *ks, int nk, gsize n, double *depth, double *nx,
                            double *ny);
void tsr_rock_borders_avx512 (const TsrRockBisectors *bis, const double *power, gsize stride, int m,
                              const guint8 *ks, int nk, gsize n, double *depth, double *nx,
                              double *ny);

#define TSR_ROCK_BORDERS_NAME_(isa) tsr_rock_borders_##isa
#define TSR_ROCK_BORDERS_NAME(isa)  TSR_ROCK_BORDERS_NAME_ (isa)

G_END_DECLS

#endif
