/* What the water's row kernels share (water-caustics-rows.c,
 * water-waves-rows.c): loads of doubles into part-filled vectors. */
#ifndef TSR_WATER_VEC_H
#define TSR_WATER_VEC_H

#include <string.h>

#include "noise/noise-vec.h"

/* Loads the first m of VN / 2 doubles, the other lanes 0. */
TSR_VINLINE VD
load_part_d (const double *p, gsize m)
{
  double buf[VN / 2] = { 0 };

  if (m >= VN / 2)
    return v_loadd (p);
  memcpy (buf, p, m * sizeof *p);
  return v_loadd (buf);
}

#endif
