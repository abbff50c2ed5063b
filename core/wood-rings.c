/* The growth rings every wood cut draws: a year's profile, box-filtered
 * over the pixel so edges never stair-step, the years' tones, and the
 * footprint that sizes the filter; each with its derivatives. */
#include <math.h>

#include "hash.h"
#include "wood-internal.h"

/* End grain: earlywood at EARLY until A, darkening linearly to LATE at B,
 * latewood to the year's end, then the sharp edge to the next year. */
#define RING_A 0.62
#define RING_B 0.82
#define RING_EARLY 0.90
#define RING_LATE 0.40

static double
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

static double
end_value (double t)
{
  if (t <= RING_A)
    return RING_EARLY;
  if (t <= RING_B)
    return RING_EARLY + (RING_LATE - RING_EARLY) * (t - RING_A) / (RING_B - RING_A);
  return RING_LATE;
}

static double
end_slope (double t)
{
  return t > RING_A && t <= RING_B ? (RING_LATE - RING_EARLY) / (RING_B - RING_A) : 0.0;
}

/* end_integral (1), the same operations folded by the compiler */
#define END_YEAR (RING_EARLY * RING_A + (RING_B - RING_A) * 0.5 * (RING_EARLY + RING_LATE) \
                  + RING_LATE * (1.0 - RING_B))

const WoodRingProfile wood_profile_end_grain = { end_integral, end_value, end_slope, END_YEAR };

/* Plank: pale earlywood that darkens slowly, then fast in the year's last
 * tenth (t⁸) into a thin dark latewood line, the sharp edge after it. */
#define LINE_EARLY 0.92
#define LINE_DRIFT 0.12
#define LINE_DEPTH 0.62

static double
plank_integral (double t)
{
  double t2 = t * t, t4 = t2 * t2, t9 = t4 * t4 * t;
  return LINE_EARLY * t - 0.5 * LINE_DRIFT * t2 - LINE_DEPTH * t9 / 9.0;
}

static double
plank_value (double t)
{
  double t2 = t * t, t4 = t2 * t2;
  return LINE_EARLY - LINE_DRIFT * t - LINE_DEPTH * t4 * t4;
}

static double
plank_slope (double t)
{
  double t2 = t * t, t4 = t2 * t2;
  return -LINE_DRIFT - 8.0 * LINE_DEPTH * t4 * t2 * t;
}

const WoodRingProfile wood_profile_plank = {
  plank_integral, plank_value, plank_slope,
  LINE_EARLY * 1.0 - 0.5 * LINE_DRIFT * 1.0 - LINE_DEPTH * 1.0 / 9.0
};

static inline double
ring_integral (const WoodRingProfile *prof, double phi)
{
  double whole = floor (phi);
  return whole * prof->year + prof->integral (phi - whole);
}

static inline double
profile_at (const WoodRingProfile *prof, double phi)
{
  return prof->value (phi - floor (phi));
}

/* Rings only a few pixels wide still alias under a box (neighbours half a
 * ring apart differ by the whole swing), so, as octaves finer than two
 * pixels fade, rings fade to their mean from 3.75 pixels wide (w = 0.4)
 * to 2 (w = 0.75). */
double
wood_ring_filtered (const WoodRingProfile *prof, double phi, double w, double *d_phi,
                    double *d_w)
{
  const double mean = prof->year;
  double v, fade;

  if (w < 1e-3)
    {
      if (d_phi != NULL)
        *d_phi = prof->slope (phi - floor (phi)), *d_w = 0.0;
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

double
wood_footprint (const double phi[3], double g[3][2], double dw[2])
{
  const double h = WOOD_FOOTPRINT_STEP;
  const double dx = (phi[1] - phi[0]) / h, dy = (phi[2] - phi[0]) / h;
  const double slope = sqrt (dx * dx + dy * dy);

  if (g != NULL)
    for (int a = 0; a < 2; a++)
      dw[a] = slope > 0 ? 1.5 * (dx * (g[1][a] - g[0][a]) + dy * (g[2][a] - g[0][a]))
                          / (h * slope)
                        : 0.0;
  /* A box one and a half pixels wide: a one-pixel box still lets an edge
   * that falls between two pixels jump the whole way. */
  return 1.5 * slope;
}

double
wood_year_tone (guint32 seed, double phi, int period, double *d_phi)
{
  double whole = floor (phi), t = phi - whole;
  gint32 year = (gint32) whole, next = year + 1;

  if (period > 0)
    year = tsr_wrap (year, period), next = tsr_wrap (next, period);
  double tone = tsr_hash_unit (tsr_hash1 (seed, year));
  double tone_next = tsr_hash_unit (tsr_hash1 (seed, next));
  if (d_phi != NULL)
    *d_phi = 0.2 * (tone_next - tone) * 6.0 * t * (1.0 - t);
  return 0.9 + 0.2 * (tone + (tone_next - tone) * t * t * (3 - 2 * t));
}

/* Thin lines between the years' own (false rings, bands of latewood
 * pores): this many a year, each a different depth, some gone. */
#define FINE_LINES 3

double
wood_growth_lines (const WoodState *st, double psi[3], double g[3][2], double fine,
                   double grad[2], double *w, double dw[2])
{
  double d_psi = 0, d_w = 0, d_tone = 0;
  double line, tone, v;

  *w = wood_footprint (psi, g, dw);
  line = wood_ring_filtered (&wood_profile_plank, psi[0], *w, g ? &d_psi : NULL, &d_w);
  tone = wood_year_tone (st->tone_seed, psi[0], st->year_period,
                         g ? &d_tone : NULL);
  v = line * tone;
  if (g != NULL)
    for (int a = 0; a < 2; a++)
      grad[a] = (d_psi * g[0][a] + d_w * dw[a]) * tone + line * d_tone * g[0][a];
  if (fine > 0)
    {
      /* depth 0 .. 1 from a year tone of the fine lines' own years */
      const double mean = wood_profile_plank.year, k = FINE_LINES;
      const double at = k * psi[0] + 0.5;
      double d_fpsi = 0, d_fw = 0, d_depth = 0;
      double f = wood_ring_filtered (&wood_profile_plank, at, k * *w, g ? &d_fpsi : NULL, &d_fw);
      double depth = 5.0 * (wood_year_tone (st->fine_seed, at,
                                            FINE_LINES * st->year_period, g ? &d_depth : NULL)
                            - 0.9);
      double m = 1.0 + fine * depth * (f - mean) / mean;

      if (g != NULL)
        for (int a = 0; a < 2; a++)
          {
            const double d_f = d_fpsi * k * g[0][a] + d_fw * k * dw[a];
            const double d_m = fine * (5.0 * d_depth * k * g[0][a] * (f - mean) + depth * d_f)
                               / mean;
            grad[a] = grad[a] * m + v * d_m;
          }
      v *= m;
    }
  return v;
}

double
wood_fibre (double f, double strength, double *d_f, double *d_strength)
{
  const double c = 0.5 + 0.5 * f, dark = c * c;
  const double bright = 1.0 + 0.25 * strength, q = 1.0 / (1.0 + 2.0 * strength * dark);

  if (d_f != NULL)
    {
      *d_f = -bright * 2.0 * strength * c * q * q;
      *d_strength = 0.25 * q - bright * 2.0 * dark * q * q;
    }
  return bright * q;
}

void
wood_fractal_init (TsrTexture *tex, guint32 salt, double size_x, double size_y, guint octaves,
                   double persistence, TsrFractal *f)
{
  TsrFractalSpec spec;

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, salt, &spec);
  spec.scale_x = size_x;
  spec.scale_y = size_y;
  spec.octaves = octaves;
  spec.persistence = persistence;
  spec.lacunarity = 2.0;
  tsr_fractal_init (f, &spec);
}

void
wood_prepare_years (const TsrTexture *tex, WoodState *st)
{
  st->tone_seed = tsr_hash1 (st->year_seed, 0);
  st->fine_seed = tsr_hash1 (st->year_seed, 1);
  st->n_rings = MAX (1, (int) floor (st->p.rings + 0.5));
  st->year_period = tex->tileable ? st->n_rings : 0;
  st->rings_per_pixel = tex->tileable ? st->n_rings / (double) tex->period_h
                                      : st->p.rings / (double) tex->period_h;
}

/* The pure function at sub-pixel offsets, never neighbouring pixels, so
 * tiles and thread splits give the same bits. */
void
wood_fractal_steps (const TsrFractal *f, const double *x, const double *y, gsize n,
                    float v[3][TSR_CHUNK], float gx[3][TSR_CHUNK], float gy[3][TSR_CHUNK])
{
  double xs[TSR_CHUNK], ys[TSR_CHUNK];

  for (int k = 0; k < 3; k++)
    {
      for (gsize i = 0; i < n; i++)
        xs[i] = x[i] + (k == 1 ? WOOD_FOOTPRINT_STEP : 0.0),
        ys[i] = y[i] + (k == 2 ? WOOD_FOOTPRINT_STEP : 0.0);
      if (gx != NULL)
        tsr_fractal_row_grad (f, xs, ys, n, v[k], gx[k], gy[k]);
      else
        tsr_fractal_row (f, xs, ys, n, v[k]);
    }
}

void
wood_fractal_row (const TsrFractal *f, const double *x, const double *y, gsize n, float *v,
                  float *gx, float *gy)
{
  if (gx != NULL)
    tsr_fractal_row_grad (f, x, y, n, v, gx, gy);
  else
    tsr_fractal_row (f, x, y, n, v);
}
