/* The plank's years for a colour map, VN samples a step (two vectors of
 * doubles): plank_phi's φ, its gradient and its knot cores' tone and
 * cover, then plank_years' ψ and gradient, wood_footprint_of_slope,
 * lines_level and the fibre's fade, without their own gradients, in
 * double in each lane, so the same bits as wood_plank_row's scalar loop
 * at any width.  A knot out of a lane's reach adds nothing there (a
 * select, not a sum of zero); the years' noise is hashed in every lane,
 * where the scalar loop keeps the last cell's, but for a vector of the
 * last one's cells (the same numbers). */
#include <string.h>

#include "patterns/wood/wood-plank-shape.h"
#include "patterns/wood/wood-vec.h"
#include "patterns/wood/wood-years-rows.h"

static inline void
v_stored (double *p, VD v)
{
  memcpy (p, &v, sizeof v);
}

/* wood_wrapped */
TSR_VINLINE VD
v_wrapped (VD d, double period)
{
  return period > 0 ? d - period * v_floor_d (d / period + 0.5) : d;
}

/* plank_phi at a half's samples: φ and its gradient (gx, gy), the knot
 * core's tone and cover */
TSR_VINLINE void
v_plank_phi (const WoodYearsRow *p, VD x, VD y, VD fig, VD fx, VD fy, VD *phi, VD *gx, VD *gy,
             VD *tone, VD *cover)
{
  *phi = p->rings_per_pixel * y + p->figure * fig;
  *gx = p->figure * fx, *gy = p->rings_per_pixel + p->figure * fy;
  *tone = v_splatd (0.0), *cover = v_splatd (0.0);
  for (int k = 0; k < p->n_knots; k++)
    {
      const WoodKnot *kn = &p->knots[k];
      const VD u = v_wrapped (x - kn->x, p->period_w) * kn->inv_sx;
      const VD v = v_wrapped (y - kn->y, p->period_h) * kn->inv_sy;
      const VD d2 = u * u + v * v;
      const VL near = (VL) (d2 <= 16.0);

      if (!v_any ((VI) near))
        continue;
      const VD bump = kn->lift * v_wood_exp_neg (d2);
      *phi = v_seld (near, *phi + bump, *phi);
      *gx = v_seld (near, *gx - 2.0 * bump * u * kn->inv_sx, *gx);
      *gy = v_seld (near, *gy - 2.0 * bump * v * kn->inv_sy, *gy);
      const VD r = v_sqrtd (d2) / kn->core, e = (r - 1.0) * 2.0;
      const VD c = 1.0 - v_seld ((VL) (e > 1.0), v_splatd (1.0),
                                 v_seld ((VL) (e < 0.0), v_splatd (0.0), e));
      const VL deeper = near & (VL) (c > *cover);

      if (!v_any ((VI) deeper))
        continue;
      VD sn, cs;

      v_sincos_turns (1.2 * r, &sn, &cs);
      *cover = v_seld (deeper, c, *cover);
      *tone = v_seld (deeper, KNOT_DARK + KNOT_RINGS * cs, *tone);
    }
}

gsize
WOOD_YEARS_ROW_NAME (TSR_ISA) (const WoodYearsRow *p, gsize n)
{
  const gsize whole = n - n % VN;
  WoodLatticeKept jitter = { 0 };

  for (gsize i = 0; i < whole; i += VN)
    {
      VD phi[2], phi_x[2], phi_y[2], t[2], j[2], slope[2];

      for (int h = 0; h < 2; h++)
        {
          const gsize at = i + h * VN / 2;
          VD tone, cover;

          v_plank_phi (p, v_loadd (p->x + at), v_loadd (p->y + at), v_half (p->fig + i, h),
                       v_half (p->fig_x + i, h), v_half (p->fig_y + i, h), &phi[h], &phi_x[h],
                       &phi_y[h], &tone, &cover);
          v_stored (p->knot_tone + at, tone);
          v_stored (p->knot_cover + at, cover);
          /* J's lattice points mid-year */
          t[h] = phi[h] + 0.5;
        }
      v_wood_noise_1d_slope ((VU) { 0 } + p->jitter_seed, p->year_period, t, j, slope,
                             &jitter);
      for (int h = 0; h < 2; h++)
        {
          const gsize at = i + h * VN / 2;
          const VD psi = phi[h] + YEAR_JITTER * j[h];
          const VD sx = phi_x[h] * (1.0 + YEAR_JITTER * slope[h]);
          const VD sy = phi_y[h] * (1.0 + YEAR_JITTER * slope[h]);
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
