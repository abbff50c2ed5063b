/* Slate's slab depths over a run of points (pattern-slate.c), as a row
 * kernel compiled once per instruction set like the noise rows
 * (core/meson.build): how deep each point lies in one slab, the side it
 * is nearest, and the point in the slab's frame, VN / 2 points a step in
 * double, the scalar operations in the same order in each lane. */
#ifndef TSR_SLATE_DEPTHS_ROWS_H
#define TSR_SLATE_DEPTHS_ROWS_H

#include <glib.h>

G_BEGIN_DECLS

#define TSR_SLAB_SIDES 6
/* the most points a kernel call's arrays are read or written past n */
#define TSR_SLAB_PAD 8

/* A slab as the kernel reads it: its centre, direction, the farthest it
 * reaches squared, the x from lo to hi where it may shape a point, and
 * sides in its own frame (normal nx, ny; offset off). */
typedef struct
{
  double cx, cy, c, s, reach2, lo, hi;
  double nx[TSR_SLAB_SIDES], ny[TSR_SLAB_SIDES], off[TSR_SLAB_SIDES];
} TsrSlabSides;

/* For the points (x[i], y[i]), i < n: u = c dx + s dy, v = -s dx + c dy
 * (dx, dy from the centre), the depth min over the sides of
 * off - (nx u + ny v), and the first side giving it (-1 where x is out
 * of lo .. hi or the point out of reach: dx dx + dy dy > reach2).  Every array
 * readable (x, y) or writable up to n rounded up to TSR_SLAB_PAD. */
typedef void (*TsrSlabDepthsFn) (const TsrSlabSides *sl, const double *x, const double *y,
                                 gsize n, double *depth, gint64 *side, double *u, double *v);

void tsr_slab_depths_base (const TsrSlabSides *sl, const double *x, const double *y, gsize n,
                           double *depth, gint64 *side, double *u, double *v);
void tsr_slab_depths_avx2 (const TsrSlabSides *sl, const double *x, const double *y, gsize n,
                           double *depth, gint64 *side, double *u, double *v);
void tsr_slab_depths_avx512 (const TsrSlabSides *sl, const double *x, const double *y, gsize n,
                             double *depth, gint64 *side, double *u, double *v);

#define TSR_SLAB_DEPTHS_NAME_(isa) tsr_slab_depths_##isa
#define TSR_SLAB_DEPTHS_NAME(isa)  TSR_SLAB_DEPTHS_NAME_ (isa)

G_END_DECLS

#endif
