/* The growth rings every wood cut draws: a year's profile, box-filtered
 * over the pixel so edges never stair-step, the years' tones, and the
 * footprint that sizes the filter; each with its derivatives.  Inline, so
 * that each cut's profile is folded into its loop. */
#ifndef TSR_WOOD_RINGS_H
#define TSR_WOOD_RINGS_H

#include <math.h>

#include "math/hash.h"
#include "patterns/wood/wood-internal.h"

/* A year's profile across the fraction t of the ring coordinate: its
 * integral from 0 to t, its value and its slope (t in [0, 1]), and the
 * integral over the whole year, integral (1) (its mean). */
typedef struct
{
  double (*integral) (double t);
  double (*value) (double t);
  double (*slope) (double t);
  double year;
} WoodRingProfile;

/* End grain: earlywood at EARLY until A, darkening linearly to LATE at B,
 * latewood to the year's end, then the sharp edge to the next year. */
#define RING_A 0.62
#define RING_B 0.82
#define RING_EARLY 0.90
#define RING_LATE 0.40

static inline double
end_integral (double t)
{
  if (t <= RING_A)
    return RING_EARLY * t;
  double acc = RING_EARLY * RING_A;
  if (t <= RING_B)
    {
      double u = (t - RING_A) / (RING_B - RING_A);
      return acc + (t - RING_A) * (RING_EARLY + 0.5 * (RING_LATE - RING_EARLY) * u);
    }
  acc += (RING_B - RING_A) * 0.5 * (RING_EARLY + RING_LATE);
  return acc + RING_LATE * (t - RING_B);
}

static inline double
end_value (double t)
{
  if (t <= RING_A)
    return RING_EARLY;
  if (t <= RING_B)
    return RING_EARLY + (RING_LATE - RING_EARLY) * (t - RING_A) / (RING_B - RING_A);
  return RING_LATE;
}

static inline double
end_slope (double t)
{
  return t > RING_A && t <= RING_B ? (RING_LATE - RING_EARLY) / (RING_B - RING_A) : 0.0;
}

/* end_integral (1), the same operations folded by the compiler */
#define END_YEAR (RING_EARLY * RING_A + (RING_B - RING_A) * 0.5 * (RING_EARLY + RING_LATE) \
                  + RING_LATE * (1.0 - RING_B))

static const WoodRingProfile wood_profile_end_grain = { end_integral, end_value, end_slope, END_YEAR };

/* Plank: pale earlywood that darkens slowly, then fast in the year's last
 * tenth (t⁸) into a thin dark latewood line, the sharp edge after it. */
#define LINE_EARLY 0.92
#define LINE_DRIFT 0.12
#define LINE_DEPTH 0.62

/* The plank profile's integral and value as functions of T: double here,
 * a vector of doubles in the growth lines' row kernel
 * (wood-growth-rows.c): one body, the same bits. */
#define WOOD_DEFINE_PLANK_PROFILE(integral, value, T)                        \
  static inline T integral (T t)                                            \
  {                                                                         \
    T t2 = t * t, t4 = t2 * t2, t9 = t4 * t4 * t;                           \
    return LINE_EARLY * t - 0.5 * LINE_DRIFT * t2 - LINE_DEPTH * t9 / 9.0;  \
  }                                                                         \
  static inline T value (T t)                                               \
  {                                                                         \
    T t2 = t * t, t4 = t2 * t2;                                             \
    return LINE_EARLY - LINE_DRIFT * t - LINE_DEPTH * t4 * t4;              \
  }

WOOD_DEFINE_PLANK_PROFILE (plank_integral, plank_value, double)

static inline double
plank_slope (double t)
{
  double t2 = t * t, t4 = t2 * t2;
  return -LINE_DRIFT - 8.0 * LINE_DEPTH * t4 * t2 * t;
}

static const WoodRingProfile wood_profile_plank = {
  plank_integral, plank_value, plank_slope,
  LINE_EARLY * 1.0 - 0.5 * LINE_DRIFT * 1.0 - LINE_DEPTH * 1.0 / 9.0
};

/* Log: earlywood fading from EARLY by DRIFT across the year, darkened by
 * up to LATE in its last part (t⁶), the sharp edge after it. */
#define LOG_EARLY 0.92
#define LOG_DRIFT 0.3
#define LOG_LATE 0.7

static inline double
log_integral (double t)
{
  double t2 = t * t, t7 = t2 * t2 * t2 * t;
  return LOG_EARLY * t - 0.5 * LOG_DRIFT * t2 - LOG_EARLY * LOG_LATE * t7 / 7.0
         + LOG_DRIFT * LOG_LATE * t7 * t / 8.0;
}

static inline double
log_value (double t)
{
  double t2 = t * t;
  return (LOG_EARLY - LOG_DRIFT * t) * (1.0 - LOG_LATE * t2 * t2 * t2);
}

static inline double
log_slope (double t)
{
  double t2 = t * t, t5 = t2 * t2 * t;
  return -LOG_DRIFT * (1.0 - LOG_LATE * t5 * t) - (LOG_EARLY - LOG_DRIFT * t) * 6.0 * LOG_LATE * t5;
}

static const WoodRingProfile wood_profile_log = {
  log_integral, log_value, log_slope,
  LOG_EARLY - 0.5 * LOG_DRIFT - LOG_EARLY * LOG_LATE / 7.0 + LOG_DRIFT * LOG_LATE / 8.0
};

static inline double
ring_integral (const WoodRingProfile *prof, double phi)
{
  double whole = tsr_floor_d (phi);
  return whole * prof->year + prof->integral (phi - whole);
}

static inline double
profile_at (const WoodRingProfile *prof, double phi)
{
  return prof->value (phi - tsr_floor_d (phi));
}

/* Rings only a few pixels wide still alias under a box (neighbours half a
 * ring apart differ by the whole swing), so, as octaves finer than two
 * pixels fade, rings fade to their mean from 3.75 pixels wide (w = 0.4)
 * to 2 (w = 0.75). */
/* The profile at φ averaged over a footprint w of φ (the box filter), and
 * with d_phi not NULL its derivatives along φ and w. */
static inline double
wood_ring_filtered (const WoodRingProfile *prof, double phi, double w, double *d_phi,
                    double *d_w)
{
  const double mean = prof->year;
  double v, fade;

  if (w < 1e-3)
    {
      if (d_phi != NULL)
        *d_phi = prof->slope (phi - tsr_floor_d (phi)), *d_w = 0.0;
      return profile_at (prof, phi);
    }
  w = MIN (w, 64.0);
  v = (ring_integral (prof, phi + 0.5 * w) - ring_integral (prof, phi - 0.5 * w)) / w;
  fade = CLAMP ((0.75 - w) / 0.35, 0.0, 1.0);
  if (d_phi != NULL)
    {
      /* d/dφ and d/dw of the box's mean (I (φ + w/2) - I (φ - w/2)) / w */
      const double ahead = profile_at (prof, phi + 0.5 * w);
      const double behind = profile_at (prof, phi - 0.5 * w);
      const double d_fade = w > 0.4 && w < 0.75 ? -1.0 / 0.35 : 0.0;

      *d_phi = fade * (ahead - behind) / w;
      *d_w = fade * (0.5 * (ahead + behind) - v) / w + (v - mean) * d_fade;
    }
  return mean + (v - mean) * fade;
}

/* The footprint of φ on a shown pixel, `shown` texture pixels a side (1
 * at full size, 2^L at zoom level L): 1.5 × shown × the length of φ's
 * slope; with `grad`, the footprint's own gradient into dw. */
static inline double
wood_footprint_of_slope (const WoodSlope *sl, gboolean grad, double shown, double dw[2])
{
  const double dx = sl->s[0], dy = sl->s[1];
  const double slope = sqrt (dx * dx + dy * dy);

  if (grad)
    for (int a = 0; a < 2; a++)
      dw[a] = slope > 0 ? 1.5 * shown * (dx * sl->d[a][0] + dy * sl->d[a][1]) / slope : 0.0;
  /* A box one and a half pixels wide: a one-pixel box still lets an edge
   * that falls between two pixels jump the whole way. */
  return 1.5 * shown * slope;
}

/* ... with φ's slope from its values at (x, y) and half a texture pixel
 * on along x and y (phi[0], phi[1], phi[2]); with g not NULL (φ's
 * gradients at the three places, g[k] = {d/dx, d/dy}) the footprint's own
 * gradient into dw. */
static inline double
wood_footprint (const double phi[3], double g[3][2], double shown, double dw[2])
{
  WoodSlope sl;

  wood_psi_slope (phi, g, &sl);
  return wood_footprint_of_slope (&sl, g != NULL, shown, dw);
}

/* Thin lines between the years' own (false rings, bands of latewood
 * pores): this many a year, each a different depth, some gone. */
#define WOOD_FINE_LINES 3

/* A year's tone at the fraction t of it: tone blended smoothly into the
 * next year's (for doubles and vectors of doubles alike). */
#define WOOD_YEAR_BLEND(tone, next, t) \
  (0.9 + 0.2 * ((tone) + ((next) - (tone)) * (t) * (t) * (3 - 2 * (t))))

/* Each year a little lighter or darker, blended smoothly into the next;
 * years repeat every `period` (0: never); with d_phi its slope along φ.
 * The tones come through cache when it is not NULL (one seed and period
 * a cache). */
static inline double
wood_year_tone (guint32 seed, double phi, int period, double *d_phi, WoodToneCache *cache)
{
  double whole = tsr_floor_d (phi), t = phi - whole, tone, tone_next;
  gint32 year = (gint32) whole;

  if (cache != NULL && cache->filled && cache->year == year)
    tone = cache->tone, tone_next = cache->next;
  else
    {
      gint32 at = year, next = year + 1;

      if (period > 0)
        at = tsr_wrap (at, period), next = tsr_wrap (next, period);
      tone = tsr_hash_unit (tsr_hash1 (seed, at));
      tone_next = tsr_hash_unit (tsr_hash1 (seed, next));
      if (cache != NULL)
        *cache = (WoodToneCache) { TRUE, year, tone, tone_next };
    }
  if (d_phi != NULL)
    *d_phi = 0.2 * (tone_next - tone) * 6.0 * t * (1.0 - t);
  return WOOD_YEAR_BLEND (tone, tone_next, t);
}

#endif
