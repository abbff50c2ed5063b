/* The plank's growth lines for a colour map, VN samples a step (two
 * vectors of doubles): wood_growth_lines' operations without its slopes,
 * in double in each lane, so the same bits as the scalar function at any
 * width (the profile and the years' blend are its own definitions,
 * wood-rings.h).  The years' tones are hashed in every lane, where the
 * scalar function keeps the last year's, but for a vector of the last
 * one's years (the same numbers). */
#include <string.h>

#include "noise/noise-vec.h"
#include "patterns/wood/wood-growth-rows.h"
#include "patterns/wood/wood-rings.h"

WOOD_DEFINE_PLANK_PROFILE (v_plank_integral, v_plank_value, VD)

/* ring_integral */
TSR_VINLINE VD
v_ring_integral (VD phi)
{
  const VD whole = v_floor_d (phi);

  return whole * wood_profile_plank.year + v_plank_integral (phi - whole);
}

/* wood_ring_filtered, the plank's profile, without slopes: MIN and CLAMP
 * as the selects they are (v_mind, v_maxd) */
TSR_VINLINE VD
v_ring_filtered (VD phi, VD w)
{
  const double mean = wood_profile_plank.year;
  const VD wm = v_mind (w, v_splatd (64.0));
  const VD v = (v_ring_integral (phi + 0.5 * wm) - v_ring_integral (phi - 0.5 * wm)) / wm;
  const VD fade = v_mind (v_splatd (1.0), v_maxd (v_splatd (0.0), (0.75 - wm) / 0.35));
  const VD box = mean + (v - mean) * fade;
  const VL sharp = (VL) (w < 1e-3);

  /* the profile itself only where a lane's footprint is next to none */
  if (!v_any ((VI) sharp))
    return box;
  return v_seld (sharp, v_plank_value (phi - v_floor_d (phi)), box);
}

/* The years' units a run's last vector read (zeroed: none): along a
 * row the years seldom change from one vector to the next, and then they
 * are not hashed again (the same numbers). */
typedef struct
{
  gboolean have;
  VI       at;
  VD       u[2], un[2];
} YearsKept;

/* wood_year_tone without its slope, of two halves' φ */
TSR_VINLINE void
v_year_tone (guint32 seed, int period, VD phi[2], YearsKept *kept, VD tone[2])
{
  const double inv_period = period > 0 ? 1.0 / period : 0.0;
  VD t[2], at[2], next[2], u[2], un[2];

  for (int k = 0; k < 2; k++)
    {
      const VD whole = v_floor_d (phi[k]);

      t[k] = phi[k] - whole;
      at[k] = v_wrap_whole_d (whole, period, inv_period);
      /* the next year wrapped: one past at, or 0 at the period */
      next[k] = period > 0 ? v_seld ((VL) (at[k] + 1.0 >= period), v_splatd (0.0), at[k] + 1.0)
                           : whole + 1.0;
    }
  const VI year = v_cati (v_dtoi (at[0]), v_dtoi (at[1]));

  if (kept->have && !v_any ((VI) (year != kept->at)))
    for (int k = 0; k < 2; k++)
      u[k] = kept->u[k], un[k] = kept->un[k];
  else
    {
      v_hash_unit_d (v_hash1 (seed, year), &u[0], &u[1]);
      v_hash_unit_d (v_hash1 (seed, v_cati (v_dtoi (next[0]), v_dtoi (next[1]))), &un[0],
                     &un[1]);
      kept->have = TRUE, kept->at = year;
      for (int k = 0; k < 2; k++)
        kept->u[k] = u[k], kept->un[k] = un[k];
    }
  for (int k = 0; k < 2; k++)
    tone[k] = WOOD_YEAR_BLEND (u[k], un[k], t[k]);
}

gsize
WOOD_GROWTH_ROW_NAME (TSR_ISA) (const WoodGrowthRow *row, const double *psi, const double *w,
                                gsize n, double *out)
{
  const double mean = wood_profile_plank.year, k = WOOD_FINE_LINES;
  const gsize whole = n - n % VN;
  YearsKept tones = { 0 }, depths = { 0 };

  for (gsize i = 0; i < whole; i += VN)
    {
      VD phi[2], at[2], tone[2], depth[2];

      for (int h = 0; h < 2; h++)
        {
          phi[h] = v_loadd (psi + i + h * VN / 2);
          at[h] = k * phi[h] + 0.5;
        }
      v_year_tone (row->tone_seed, row->year_period, phi, &tones, tone);
      if (row->fine > 0)
        v_year_tone (row->fine_seed, WOOD_FINE_LINES * row->year_period, at, &depths, depth);
      for (int h = 0; h < 2; h++)
        {
          const VD wh = v_loadd (w + i + h * VN / 2);
          VD v = v_ring_filtered (phi[h], wh) * tone[h];

          if (row->fine > 0)
            {
              const VD f = v_ring_filtered (at[h], k * wh);

              v *= 1.0 + row->fine * (5.0 * (depth[h] - 0.9)) * (f - mean) / mean;
            }
          memcpy (out + i + h * VN / 2, &v, sizeof v);
        }
    }
  return whole;
}
