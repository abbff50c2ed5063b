/* The minimum-error boundary cut of image quilting (Efros & Freeman 2001):
 * through an overlap strip where a new patch meets what is already there,
 * the connected path, one pixel per line, along which the two differ
 * least; each side then keeps its own pixels, with no blend (no ghosts,
 * no loss of contrast). */
#ifndef TSR_BOUNDARY_CUT_H
#define TSR_BOUNDARY_CUT_H

#include <glib.h>

G_BEGIN_DECLS

/* err: the squared differences over the strip, `length` lines of `across`
 * pixels, pixel (line i, position k) at err[i * line_stride + k *
 * step].  Fills path[i] with the position the cut takes on line i; from
 * one line to the next it moves by at most one.  Ties go to the lower
 * position: the same path on every machine.  scratch: length * across
 * doubles. */
void tsr_boundary_cut (const float *err, gsize line_stride, gsize step, int length, int across,
                       double *scratch, int *path);

G_END_DECLS

#endif
