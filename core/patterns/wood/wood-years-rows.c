/* The plank's years for a colour map, VN samples a step (two vectors of
 * doubles): plank_years' ψ and gradient, wood_footprint_of_slope,
 * lines_level and the fibre's fade, without their own gradients, in
 * double in each lane, so the same bits as wood_plank_row's scalar loop
 * at any width.  The years' noise is hashed in every lane, where the
 * scalar loop keeps the last cell's (the same numbers). */
#include <string.h>

#include "patterns/wood/wood-plank-shape.h"
#include "patterns/wood/wood-vec.h"
#include "patterns/wood/wood-years-rows.h"

static inline void
v_stored (double *p, VD v)
{
  memcpy (p, &v, sizeof v);
}

gsize
WOOD_YEARS_ROW_NAME (TSR_ISA) (const WoodYearsRow *p, gsize n)
{
  const gsize whole = n - n % VN;

  for (gsize i = 0; i < whole; i += VN)
    {
      VD phi[2], t[2], j[2], slope[2];

      for (int h = 0; h < 2; h++)
        {
          phi[h] = v_loadd (p->phi + i + h * VN / 2);
          /* J's lattice points mid-year */
          t[h] = phi[h] + 0.5;
        }
      v_wood_noise_1d_slope ((VU) { 0 } + p->jitter_seed, p->year_period, t, j, slope);
      for (int h = 0; h < 2; h++)
        {
          const gsize at = i + h * VN / 2;
          const VD psi = phi[h] + YEAR_JITTER * j[h];
          const VD sx = v_loadd (p->phi_x + at) * (1.0 + YEAR_JITTER * slope[h]);
          const VD sy = v_loadd (p->phi_y + at) * (1.0 + YEAR_JITTER * slope[h]);
          const VD w = 1.5 * p->shown_pixel * v_sqrtd (sx * sx + sy * sy);
          const VD s2 = sx * sx + sy * sy;
          const VD a = v_seld ((VL) (s2 > 0.0), sy * sy / s2, v_splatd (1.0));
          const VD crowd = w * p->fibre_per_footprint, crowd4 = crowd * crowd * crowd * crowd;

          v_stored (p->psi + at, psi);
          v_stored (p->yg + at, psi / p->rings_per_pixel);
          v_stored (p->foot + at, w);
          v_stored (p->level + at, a * a);
          v_stored (p->fibre_fade + at, 1.0 / (1.0 + crowd4));
        }
    }
  return whole;
}
