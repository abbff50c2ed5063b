/* What simplex noise's raw samples (noise-simplex.c, double) and row
 * kernels (noise-simplex-rows.c, float vectors) share. */
#ifndef TSR_NOISE_SIMPLEX_H
#define TSR_NOISE_SIMPLEX_H

#include <math.h>
#include <glib.h>

#define SIMPLEX2_SCALE 99.4159     /* < 1 / 0.010058746 */
#define SIMPLEX3_SCALE 76.8807     /* < 1 / 0.013007157 */
#define SIMPLEX4_SCALE 62.7777     /* < 1 / 0.015929221 */

/* The periodic lattice (noise-simplex.c): equilateral triangles of side
 * sqrt (2/3), as the skewed lattice's, in rows sqrt (1/2) apart. */
#define SIMPLEX_SIDE 0.81649658092772603273
#define SIMPLEX_ROW  0.70710678118654752440
/* The farthest a vertex's kernel reaches, sqrt 0.5 (noise-simplex.c). */
#define SIMPLEX_REACH 0.70710678118654752440

/* Columns and rows a period of the periodic lattice, for periods of
 * period_x x period_y lattice units (0: that axis does not wrap): the
 * period's length to a whole number of columns and an even number of rows
 * (so the half-column shift of odd rows comes round again).  A lattice
 * that wraps every two tiles of a set (`doubled`, tile-map.h) has twice a
 * tile's, so a vertex one tile on lies on a row of the same parity. */
static inline void
simplex_period_lattice (gint32 period_x, gint32 period_y, gboolean doubled, gint32 *cols,
                        gint32 *rows)
{
  const int tiles = doubled ? 2 : 1;

  /* capped where a period is longer than the clamped coordinates reach
   * anyway */
  *cols = period_x <= 0 ? 0
          : tiles * (gint32) CLAMP (floor ((double) period_x / tiles / SIMPLEX_SIDE + 0.5), 1,
                                    1 << 29);
  *rows = period_y <= 0 ? 0
          : tiles * 2 * (gint32) CLAMP (floor ((double) period_y / tiles / (2 * SIMPLEX_ROW)
                                               + 0.5), 1, 1 << 29);
}

#define F2 0.36602540378443864676  /* (sqrt 3 - 1) / 2 */
#define G2 0.21132486540518711775  /* (3 - sqrt 3) / 6 */
#define F3 0.33333333333333333333  /* 1 / 3 */
#define G3 0.16666666666666666667  /* 1 / 6 */
#define F4 0.30901699437494742410  /* (sqrt 5 - 1) / 4 */
#define G4 0.13819660112501051518  /* (5 - sqrt 5) / 20 */

/* Defines  static T name (T t) = max (t, 0)^4, a vertex's falloff, for T
 * double or a vector of floats, abs_fn its absolute value, and
 * name_cube (t, &c), the same with c = max (t, 0)^3 (a quarter of the
 * falloff's derivative).  (t + |t|) / 2 is max (t, 0) exactly, without a
 * select: GCC would sink the multiplications into the t > 0 arm of a
 * select, and (with -ftrapping-math) then refuse to vectorise the loop. */
#define SIMPLEX_DEFINE_KERNEL4(name, T, abs_fn)                    \
  static inline __attribute__ ((always_inline, unused)) T          \
  name##_cube (T t, T *cube)                                       \
  {                                                                \
    T s = (t + abs_fn (t)) * 0.5f;                                 \
    T s2 = s * s;                                                  \
                                                                   \
    *cube = s2 * s;                                                \
    return s2 * s2;                                                \
  }                                                                \
  static inline __attribute__ ((always_inline, unused)) T          \
  name (T t)                                                       \
  {                                                                \
    T cube;                                                        \
                                                                   \
    return name##_cube (t, &cube);                                 \
  }

#endif
