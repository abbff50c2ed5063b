/* The sRGB transfer function, non-linear to linear light (IEC 61966-2-1),
 * as the float files of the front-ends need it:
 *
 *   v / 12.92 up to 0.04045, else ((v + 0.055) / 1.055)^2.4.
 *
 * tsr_linear_light_exact computes it in double precision and rounds to
 * float.  tsr_linear_light_row is the fast one, a vector of values at a
 * time (linear-light-rows.c): exactly that below 0.04045 and above 1,
 * within 3 ulps of it in between, the same bits on every instruction
 * set. */
#ifndef TSR_LINEAR_LIGHT_H
#define TSR_LINEAR_LIGHT_H

#include <glib.h>

G_BEGIN_DECLS

float tsr_linear_light_exact (float v);

/* The n floats of src through the curve into dst (which may be src); with
 * rgba, src holds RGBA pixels (n a multiple of 4) and each fourth value,
 * the alpha, is copied as it is. */
void tsr_linear_light_row (const float *src, gsize n, gboolean rgba, float *dst);

G_END_DECLS

#endif
