/* The grid's sums, eight points a step: see marble-grid-rows.h.  A point's
 * eight fields are one vector (two halves where vectors are four floats
 * wide), and eight points' vectors are transposed to a field's eight
 * points. */
#include "patterns/marble/marble-grid-rows.h"

typedef float F8 __attribute__ ((vector_size (32)));
/* ... at any float's address (a node's fields, a point's array) */
typedef float F8u __attribute__ ((vector_size (32), aligned (4), may_alias));

/* A point's sums: the weights' products with its four nodes, summed in
 * order (the scalar tail's order). */
static inline void
point_sums (const float *nodes, gint32 first, const float *weights, F8 *sum)
{
  const F8u *v = (const F8u *) (nodes + 8 * (gsize) first);

  *sum = weights[0] * v[0] + weights[1] * v[1] + weights[2] * v[2] + weights[3] * v[3];
}

/* Eight points' vectors s to eight fields' vectors f. */
static inline void
transpose8 (const F8 s[8], F8 f[8])
{
  F8 a[8], b[8];

  for (int k = 0; k < 8; k += 2)
    {
      a[k] = __builtin_shufflevector (s[k], s[k + 1], 0, 8, 1, 9, 4, 12, 5, 13);
      a[k + 1] = __builtin_shufflevector (s[k], s[k + 1], 2, 10, 3, 11, 6, 14, 7, 15);
    }
  for (int k = 0; k < 8; k += 4)
    {
      b[k] = __builtin_shufflevector (a[k], a[k + 2], 0, 1, 8, 9, 4, 5, 12, 13);
      b[k + 1] = __builtin_shufflevector (a[k], a[k + 2], 2, 3, 10, 11, 6, 7, 14, 15);
      b[k + 2] = __builtin_shufflevector (a[k + 1], a[k + 3], 0, 1, 8, 9, 4, 5, 12, 13);
      b[k + 3] = __builtin_shufflevector (a[k + 1], a[k + 3], 2, 3, 10, 11, 6, 7, 14, 15);
    }
  /* b[k]: fields k and k + 4 of points 0 .. 3, b[k + 4] of points 4 .. 7 */
  for (int k = 0; k < 4; k++)
    {
      f[k] = __builtin_shufflevector (b[k], b[k + 4], 0, 1, 2, 3, 8, 9, 10, 11);
      f[k + 4] = __builtin_shufflevector (b[k], b[k + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    }
}

void
TSR_GRID_SUMS_NAME (TSR_ISA) (float *const point[8], const float *nodes, const gint32 *first,
                              const float *weights, gsize from, gsize to)
{
  gsize i = from;

  for (; i + 8 <= to; i += 8)
    {
      F8 s[8], f[8];

#pragma GCC unroll 8
      for (int j = 0; j < 8; j++)
        point_sums (nodes, first[i + j], weights + 4 * (i + j), &s[j]);
      transpose8 (s, f);
      for (int k = 0; k < 8; k++)
        *(F8u *) (point[k] + i) = f[k];
    }
  for (; i < to; i++)
    {
      const float *v = nodes + 8 * (gsize) first[i], *w = weights + 4 * i;

      for (int k = 0; k < 8; k++)
        point[k][i] = w[0] * v[k] + w[1] * v[8 + k] + w[2] * v[16 + k] + w[3] * v[24 + k];
    }
}
