/* The plank's value of a colour map from its parts, VN samples a step (two
 * vectors of doubles): wood_plank_row's product without its gradient,
 * in double in each lane (the float fractals widened exactly, the
 * selects and the clamp as the scalar code's), so the same bits as the
 * scalar loop at any width. */
#include "math/vec.h"
#include "patterns/wood/wood-plank-shape.h"
#include "patterns/wood/wood-tone-rows.h"
#include "patterns/wood/wood-vec.h"

gsize
WOOD_TONE_ROW_NAME (TSR_ISA) (const WoodToneRow *p, gsize n, float *out)
{
  const gsize whole = n - n % VN;
  const double streaks_k = STREAKS * p->grain, pores_k = PORES * p->grain;

  for (gsize i = 0; i < whole; i += VN)
    {
      const VF fibre = v_loadf (p->fibre + i), drift = v_loadf (p->drift + i);
      const VF pores = v_loadf (p->pores + i);
      VFH half[2];

      for (int h = 0; h < 2; h++)
        {
          const gsize at = i + h * VN / 2;
          const VD f = v_ftod (h == 0 ? v_lof (fibre) : v_hif (fibre));
          const VD d = v_ftod (h == 0 ? v_lof (drift) : v_hif (drift));
          const VD pv = v_ftod (h == 0 ? v_lof (pores) : v_hif (pores));
          const VD level = v_loadd (p->level + at), u = v_loadd (p->streaks + at);
          const VD pixel_u = v_loadd (p->pixel + at);
          const VD streaks = p->fibre_gain * v_fibre (f, p->contrast * v_loadd (p->fibre_fade + at));
          const VD colour = 1.0 + DRIFT * ((1.0 - BANDS) * d + BANDS * v_loadd (p->bands + at));
          const VD streak_n = streaks_k * v_seld ((VL) (u > 0.0), u, STREAK_PALE * u);
          const VD patchy = 1.0 + STREAK_PATCHES * d;
          const VD pixel = 1.0 - p->pixel_amount * (pixel_u * pixel_u * pixel_u * 4.0 - 1.0);
          const VD pore = (1.0 - pores_k * pv) * (pixel * (1.0 - streak_n * level * patchy));
          const VD fray = 1.0 + FRAY * pv;
          const VD growth = GROWTH_MEAN + (v_loadd (p->rings + at) - GROWTH_MEAN) * GROWTH_LINES * fray;
          const VD k = p->lines_depth * level * v_loadd (p->dark + at);
          const VD lines = 1.0 / (1.0 + k + 0.5 * k * k);
          const VD v = TONE * growth * streaks * colour * pore * lines;
          const VD knot = 1.0 - (1.0 - v_loadd (p->knot_tone + at)) * v_loadd (p->knot_cover + at);

          half[h] = v_dtof (v_mind (v_splatd (1.0), v_maxd (v_splatd (0.0), v * knot)));
        }
      v_storef (out + i, v_catf (half[0], half[1]));
    }
  return whole;
}
