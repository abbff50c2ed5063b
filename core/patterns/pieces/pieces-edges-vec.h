/* A polygon's two nearest edges, VN / 2 points a vector in double, for
 * the row kernels of the stones and the hexagons: the same selects in
 * every set, so the same bits as the scalar search edge by edge. */
#ifndef TSR_PIECES_EDGES_VEC_H
#define TSR_PIECES_EDGES_VEC_H

#include "math/vec.h"

/* The two nearest so far (d0 <= d1, G_MAXDOUBLE where none) and their
 * distances' gradients. */
typedef struct
{
  VD d0, d1, g0x, g0y, g1x, g1y;
} EdgesLanes;

TSR_VINLINE EdgesLanes
edges_lanes_init (void)
{
  const VD far = v_splatd (G_MAXDOUBLE), zero = v_splatd (0.0);

  return (EdgesLanes) { far, far, zero, zero, zero, zero };
}

/* An edge at distance d, its gradient (gx, gy), in the lanes `take`: it
 * goes before the first where strictly nearer, else before the second. */
TSR_VINLINE void
edges_lanes_add (EdgesLanes *ne, VL take, VD d, VD gx, VD gy)
{
  const VL first = take & (d < ne->d0), second = take & ~first & (d < ne->d1);

  ne->d1 = v_seld (first, ne->d0, v_seld (second, d, ne->d1));
  ne->g1x = v_seld (first, ne->g0x, v_seld (second, gx, ne->g1x));
  ne->g1y = v_seld (first, ne->g0y, v_seld (second, gy, ne->g1y));
  ne->d0 = v_seld (first, d, ne->d0);
  ne->g0x = v_seld (first, gx, ne->g0x);
  ne->g0y = v_seld (first, gy, ne->g0y);
}

#endif
