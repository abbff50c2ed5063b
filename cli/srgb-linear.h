/* The sRGB transfer function, non-linear to linear light (IEC 61966-2-1),
 * as float outputs need it:
 *
 *   v / 12.92 up to 0.04045, else ((v + 0.055) / 1.055)^2.4,
 *
 * in double precision, rounded to float.  srgb_linear () gives exactly the
 * float srgb_linear_exact () gives, several times faster: a cubic
 * interpolated from a table stands in for pow () wherever its known error
 * cannot change the rounding to float, and pow () decides the rest. */
#ifndef TSR_SRGB_LINEAR_H
#define TSR_SRGB_LINEAR_H

#include <glib.h>

G_BEGIN_DECLS

#define SRGB_LINEAR_STEPS 1024

/* Per step of 1 / SRGB_LINEAR_STEPS in v: the cubic in the step's
 * fraction t, c[0] + t (c[1] + t (c[2] + t c[3])).  Filled once by
 * srgb_linear_init (), then only read (by any thread). */
typedef struct
{
  double c[SRGB_LINEAR_STEPS][4];
} SrgbLinear;

void  srgb_linear_init  (SrgbLinear *table);
float srgb_linear_exact (float v);

/* The cubic's error is below 1e-13 over [0.04045, 1] (the fourth
 * derivative is largest there, ~30, times h^4 / 384); this window is
 * about ten times that. */
#define SRGB_LINEAR_WINDOW 0x1p-40

static inline float
srgb_linear (const SrgbLinear *table, float v)
{
  double d = v, s, r;
  int i;
  float lo, hi;

  if (d <= 0.04045)
    return (float) (d / 12.92);
  if (!(d < 1.0))
    return srgb_linear_exact (v);          /* 1, out of range or NaN */
  s = d * SRGB_LINEAR_STEPS;
  i = (int) s;
  s -= i;
  r = table->c[i][0] + s * (table->c[i][1] + s * (table->c[i][2] + s * table->c[i][3]));
  /* Every value within the window rounds to the same float: so does the
   * exact power. */
  lo = (float) (r - SRGB_LINEAR_WINDOW);
  hi = (float) (r + SRGB_LINEAR_WINDOW);
  return lo == hi ? lo : srgb_linear_exact (v);
}

G_END_DECLS

#endif
