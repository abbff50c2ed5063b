/* The sRGB transfer function, non-linear to linear light (IEC 61966-2-1),
 * as the float files of the front-ends need it:
 *
 *   v / 12.92 up to 0.04045, else ((v + 0.055) / 1.055)^2.4,
 *
 * computed in double precision and rounded to float
 * (tsr_linear_light_exact).  tsr_linear_light_row gives exactly those
 * floats, a vector of values at a time and without pow () but for rare
 * values (linear-light-rows.c). */
#ifndef TSR_LINEAR_LIGHT_H
#define TSR_LINEAR_LIGHT_H

#include <glib.h>

G_BEGIN_DECLS

float tsr_linear_light_exact (float v);

/* The n floats of src through the curve into dst (which may be src); with
 * rgba, src holds RGBA pixels (n a multiple of 4) and each fourth value,
 * the alpha, is copied as it is.  The same bits as tsr_linear_light_exact
 * on every instruction set. */
void tsr_linear_light_row (const float *src, gsize n, gboolean rgba, float *dst);

G_END_DECLS

#endif
