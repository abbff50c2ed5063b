/* What the plank and the burl share (their growth lines and fibre) and
 * the fractals every wood cut samples. */
#include <math.h>

#include "math/hash.h"
#include "noise/noise-kernels.h"
#include "patterns/wood/wood-growth-rows.h"
#include "patterns/wood/wood-internal.h"
#include "patterns/wood/wood-rings.h"

double
wood_growth_lines (const WoodState *st, WoodLinesCache *cache, double psi, const double g[2],
                   double w, const double dw[2], double fine, double grad[2])
{
  double d_psi = 0, d_w = 0, d_tone = 0;
  double line, tone, v;

  line = wood_ring_filtered (&wood_profile_plank, psi, w, g ? &d_psi : NULL, &d_w);
  tone = wood_year_tone (st->tone_seed, psi, st->year_period, g ? &d_tone : NULL,
                         &cache->years);
  v = line * tone;
  if (g != NULL)
    for (int a = 0; a < 2; a++)
      grad[a] = (d_psi * g[a] + d_w * dw[a]) * tone + line * d_tone * g[a];
  if (fine > 0)
    {
      /* depth 0 .. 1 from a year tone of the fine lines' own years */
      const double mean = wood_profile_plank.year, k = WOOD_FINE_LINES;
      const double at = k * psi + 0.5;
      double d_fpsi = 0, d_fw = 0, d_depth = 0;
      double f = wood_ring_filtered (&wood_profile_plank, at, k * w, g ? &d_fpsi : NULL, &d_fw);
      double depth = 5.0 * (wood_year_tone (st->fine_seed, at, WOOD_FINE_LINES * st->year_period,
                                            g ? &d_depth : NULL, &cache->fine)
                            - 0.9);
      double m = 1.0 + fine * depth * (f - mean) / mean;

      if (g != NULL)
        for (int a = 0; a < 2; a++)
          {
            const double d_f = d_fpsi * k * g[a] + d_fw * k * dw[a];
            const double d_m = fine * (5.0 * d_depth * k * g[a] * (f - mean) + depth * d_f)
                               / mean;
            grad[a] = grad[a] * m + v * d_m;
          }
      v *= m;
    }
  return v;
}

void
wood_growth_lines_row (const WoodState *st, const double *psi, const double *w, gsize n,
                       double fine, double *out)
{
  const WoodGrowthRow row = { st->tone_seed, st->fine_seed, st->year_period, fine };
  const WoodGrowthRowFn kernel = TSR_ISA_PICK (wood_growth_row_base, wood_growth_row_avx2,
                                               wood_growth_row_avx512);
  WoodLinesCache cache = { 0 };

  for (gsize i = kernel (&row, psi, w, n, out); i < n; i++)
    out[i] = wood_growth_lines (st, &cache, psi[i], NULL, w[i], NULL, fine, NULL);
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

static void
wood_fractal_spec (TsrTexture *tex, guint32 salt, double size_x, double size_y, guint octaves,
                   double persistence, TsrFractalSpec *spec)
{
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, salt, spec);
  spec->scale_x = size_x;
  spec->scale_y = size_y;
  spec->octaves = octaves;
  spec->persistence = persistence;
  spec->lacunarity = 2.0;
}

void
wood_fractal_init (TsrTexture *tex, guint32 salt, double size_x, double size_y, guint octaves,
                   double persistence, TsrFractal *f)
{
  TsrFractalSpec spec;

  wood_fractal_spec (tex, salt, size_x, size_y, octaves, persistence, &spec);
  tsr_fractal_init (f, &spec);
}

/* The mean of wood_fibre (f, strength) over a grid of the tile. */
static double
mean_fibre (const TsrTexture *tex, const TsrFractal *f, double strength)
{
  enum { GRID = 64 };
  double x[GRID], y[GRID], sum = 0.0;
  float  v[GRID];

  for (int r = 0; r < GRID; r++)
    {
      for (int i = 0; i < GRID; i++)
        {
          x[i] = (i + 0.37) * tex->period_w / GRID;
          y[i] = (r + 0.61) * tex->period_h / GRID;
        }
      tsr_fractal_row (f, x, y, GRID, v);
      for (int i = 0; i < GRID; i++)
        sum += wood_fibre (v[i], strength, NULL, NULL);
    }
  return sum / (GRID * GRID);
}

void
wood_fractal_init_reaching (TsrTexture *tex, guint32 salt, double size_x, double size_y,
                            guint octaves, double persistence, double reach, TsrFractal *f)
{
  TsrFractalSpec spec;

  wood_fractal_spec (tex, salt, size_x, size_y, octaves, persistence, &spec);
  spec.tile.reach += reach;
  tsr_fractal_init (f, &spec);
}

double
wood_fibre_init (TsrTexture *tex, double size_x, double size_y, double persistence,
                 double strength, gboolean along_lines, TsrFractal *f)
{
  TsrFractalSpec spec;
  TsrFractal    *full;
  double         gain;

  wood_fractal_spec (tex, TSR_SALT_WOOD_GRAIN, size_x, size_y, 2, persistence, &spec);
  if (along_lines)
    spec.tile.id = NULL;
  tsr_fractal_init (f, &spec);
  if (tex->footprint <= 1)
    return 1.0;
  full = g_new (TsrFractal, 1);
  spec.footprint = 1.0;
  tsr_fractal_init (full, &spec);
  gain = mean_fibre (tex, full, strength) / mean_fibre (tex, f, strength);
  g_free (full);
  return gain;
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
wood_fractal_steps (const TsrFractal *f, const double *x, const double *y, gsize n, int count,
                    double step, float v[3][TSR_CHUNK], float gx[3][TSR_CHUNK],
                    float gy[3][TSR_CHUNK])
{
  double xs[TSR_CHUNK], ys[TSR_CHUNK];

  for (int k = 0; k < count; k++)
    {
      for (gsize i = 0; i < n; i++)
        xs[i] = x[i] + (k == 1 ? step : 0.0), ys[i] = y[i] + (k == 2 ? step : 0.0);
      if (gx != NULL)
        tsr_fractal_row_grad (f, xs, ys, n, v[k], gx[k], gy[k]);
      else
        tsr_fractal_row (f, xs, ys, n, v[k]);
    }
}
