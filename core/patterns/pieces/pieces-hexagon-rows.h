/* The hexagons' search along a row of points (pieces-layout.c's
 * locate_hexagon), VN / 2 points a vector in double, compiled once per
 * instruction set like the noise's kernels (noise-kernels.h): every lane
 * does the scalar search's operations in its order, so every set gives
 * the same bits as it. */
#ifndef TSR_PIECES_HEXAGON_ROWS_H
#define TSR_PIECES_HEXAGON_ROWS_H

#include <glib.h>

#include "noise/noise-kernels.h"
#include "patterns/patterns.h"

G_BEGIN_DECLS

/* The stretched hexagons as the search takes them: the pixels a unit
 * along x and y (and their reciprocals), the three edges' normals in
 * pixels (unit, and the reciprocals of their lengths before), the
 * corners' rounding and half the gap, pixels. */
typedef struct
{
  double unit_x, unit_y, per_x, per_y;
  double ux[3], uy[3], per_len[3];
  double corner, half_gap;
} TsrHexagonShape;

/* Each point's hexagon: its column and row in the layout (whole numbers),
 * its centre, and the point's depth in it and the depth's gradient. */
typedef struct
{
  double i[TSR_CHUNK], j[TSR_CHUNK];
  double cx[TSR_CHUNK], cy[TSR_CHUNK];
  double depth[TSR_CHUNK], dx[TSR_CHUNK], dy[TSR_CHUNK];
} TsrHexagonRow;

/* n points (x[i], y[i]) whose positions over the unit sizes are within
 * 2^30 (the vector floor's range). */
typedef struct
{
  void (*row) (const TsrHexagonShape *hs, const double *x, const double *y, gsize n,
               TsrHexagonRow *out);
} TsrHexagonKernels;

TSR_DECLARE_ISA_KERNELS (TsrHexagonKernels, tsr_hexagon_kernels);

G_END_DECLS

#endif
