/* Water after Perlin 1985: the sum of waves spreading from scattered
 * sources, each with its own wavelength and an amplitude proportional to
 * it (1/f), a crest sharper than a sine's, moving outwards with time, and
 * ruffled by fine fBm ripples.  Water is defined by its surface, so its
 * height, normal and lit maps (`map`) are the point.
 *
 * Each wave fades out smoothly, (1 - (r / R)²)³, to nothing at a reach R of
 * half the tile: with tiling on, a point then feels a source only through
 * the source's nearest repeat, and the sum is exactly periodic — round
 * rings everywhere, no seam.  Time: wave j moves
 * out by m_j whole wavelengths over the loop, so time 1 is time 0. */
#include <math.h>

#include "hash.h"
#include "pattern-impl.h"
#include "trig.h"

#define MAX_WAVES 64

/* Longest wavelength over shortest: the waves' frequencies spread over a
 * band this wide. */
#define WAVELENGTH_RANGE 4.0

/* The sum's spread (after division by its RMS) is multiplied by this
 * before the soft curve, so that most of the range is used. */
#define WATER_GAIN 1.0

typedef struct
{
  double x, y;            /* the source, pixels inside the tile */
  double inv_wavelength;  /* per pixel */
  double phase;           /* turns: the source's own at time 0, less the travel */
  float  amp;
} Wave;

typedef struct
{
  TsrWaterParams p;
  int            n_waves;
  Wave           waves[MAX_WAVES];
  double         period_w, period_h;   /* when tiling, else 0 */
  double         reach, inv_reach2;
  float          crest_power;          /* 1 .. 4 */
  float          profile_mean;         /* the crest profile's mean over a cycle */
  float          norm;
  TsrFractal     ripples;
} WaterState;

/* ((1 + cos 2π t) / 2)^k: 1 on the crest, 0 in the trough, sharper crests
 * and flatter troughs as k grows; whole powers blended for a fractional k
 * (no libm pow, whose last bits vary between C libraries).  With slope not
 * NULL, also its derivative d / dt. */
static inline float
crest_profile_slope (double t, float k, float *slope)
{
  float c = 0.5f + 0.5f * (float) tsr_cos_turns (t), p = 1.0f, dp = 0.0f;
  const int whole = (int) k;
  const float part = k - (float) whole;

  for (int i = 0; i < whole; i++)
    {
      dp = dp * c + p;   /* d (c^(i+1)) / dc */
      p *= c;
    }
  if (slope != NULL)
    {
      /* p (1 + (c - 1) part), d / dc, times dc / dt = -π sin 2π t */
      const float dc = -(float) G_PI * (float) tsr_sin_turns (t);

      *slope = (dp * (1.0f + (c - 1.0f) * part) + p * part) * dc;
    }
  return p + (p * c - p) * part;
}

static inline float
crest_profile (double t, float k)
{
  return crest_profile_slope (t, k, NULL);
}

static void
prepare_water (TsrTexture *tex)
{
  WaterState *st = tex->state;
  TsrFractalSpec spec;
  const double pw = tex->period_w, ph = tex->period_h;
  const double longest = 0.5 * tex->noise.scale;   /* a crest and a trough a feature */
  const guint32 seed = tsr_hash1 ((guint32) tex->common.seed, TSR_SALT_WATER_SOURCES);
  double sum_sq = 0.0, mean = 0.0, var = 0.0;

  tsr_water_params (&tex->s, &st->p);
  st->n_waves = CLAMP (st->p.waves, 1, MAX_WAVES);
  st->period_w = tex->tileable ? pw : 0;
  st->period_h = tex->tileable ? ph : 0;
  st->reach = 0.5 * MIN (pw, ph);
  st->inv_reach2 = 1.0 / (st->reach * st->reach);
  st->crest_power = 1.0f + 3.0f * (float) st->p.crest;

  for (int j = 0; j < st->n_waves; j++)
    {
      Wave *w = &st->waves[j];
      const double uf = tsr_hash_unit (tsr_hash2 (seed, j, 3));
      const guint32 um = tsr_hash2 (seed, j, 5);
      /* log-uniform wavelengths between longest / RANGE and longest */
      const double wavelength = longest * exp (-log (WAVELENGTH_RANGE) * uf);
      double travel = (1 + (um >> 30)) * tex->time;   /* 1 .. 4 wavelengths a loop */

      travel -= floor (travel);                        /* 0 at time 0 and at time 1 */
      w->x = tsr_hash_unit (tsr_hash2 (seed, j, 1)) * pw;
      w->y = tsr_hash_unit (tsr_hash2 (seed, j, 2)) * ph;
      w->inv_wavelength = 1.0 / wavelength;
      w->phase = tsr_hash_unit (tsr_hash2 (seed, j, 4)) - travel;
      w->amp = (float) (wavelength / longest);
      sum_sq += (double) w->amp * w->amp;
    }

  for (int i = 0; i < 256; i++)
    {
      const double c = crest_profile ((i + 0.5) / 256.0, st->crest_power);
      mean += c / 256.0;
      var += c * c / 256.0;
    }
  var -= mean * mean;
  st->profile_mean = (float) mean;
  /* The fade's mean square over the tile: π R² / 7 of its area. */
  st->norm = (float) (WATER_GAIN / sqrt (sum_sq * var * G_PI * st->reach * st->reach
                                         / (7.0 * pw * ph)));

  /* Ripples: fine noise, a tenth of the longest wave. */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_WATER_RIPPLES, &spec);
  spec.scale_x = spec.scale_y = MAX (1.0, longest / 10.0);
  tsr_fractal_init (&st->ripples, &spec);
}

/* Offset to the nearest repeat of a source along one axis, for a point
 * and a source both inside the tile; without tiling, the plain offset. */
static inline double
nearest_offset (double d, double period)
{
  if (period > 0)
    {
      if (d > 0.5 * period)
        d -= period;
      else if (d < -0.5 * period)
        d += period;
    }
  return d;
}

/* The waves of one source (its nearest repeat, when tiling) at the point
 * (x, y) inside the tile; with g not NULL, their gradient added to g. */
static inline float
source_waves (const WaterState *st, const Wave *w, double x, double y, float amp,
              float *g)
{
  const double dx = nearest_offset (x - w->x, st->period_w);
  const double dy = nearest_offset (y - w->y, st->period_h);
  const double q = (dx * dx + dy * dy) * st->inv_reach2;
  float fade, profile, slope;
  double r, t;

  if (q >= 1.0)
    return 0.0f;
  fade = (float) ((1.0 - q) * (1.0 - q) * (1.0 - q));
  r = sqrt (dx * dx + dy * dy);
  t = r * w->inv_wavelength + w->phase;
  profile = crest_profile_slope (t, st->crest_power, g != NULL ? &slope : NULL) - st->profile_mean;
  if (g != NULL)
    {
      /* d fade / d offset = -6 (1 - q)^2 offset / R^2; d t / d offset =
       * offset / (r wavelength), nothing at the source itself (a cone's tip) */
      const double dfade = -6.0 * (1.0 - q) * (1.0 - q) * st->inv_reach2;
      const double dt = r > 0.0 ? slope * w->inv_wavelength / r : 0.0;
      const double k = amp * (dfade * profile + fade * dt);

      g[0] += (float) (k * dx);
      g[1] += (float) (k * dy);
    }
  return fade * profile;
}

/* The water's surface in 0 .. 1; with gx and gy (not NULL) its gradient. */
static void
water_row (const TsrTexture *tex, const double *x, const double *y, gsize n,
           float *out, float *gx, float *gy)
{
  const WaterState *st = tex->state;
  float ripples[TSR_CHUNK], rx[TSR_CHUNK], ry[TSR_CHUNK];
  const float ripple_amount = (float) st->p.ripples;

  if (ripple_amount > 0.0f && gx != NULL)
    tsr_fractal_row_grad (&st->ripples, x, y, n, ripples, rx, ry);
  else if (ripple_amount > 0.0f)
    tsr_fractal_row (&st->ripples, x, y, n, ripples);
  for (gsize i = 0; i < n; i++)
    {
      /* inside the tile (a warped point may have left it) */
      double px = x[i], py = y[i];
      float  sum = 0.0f, g[2] = { 0.0f, 0.0f };

      if (st->period_w > 0)
        px -= st->period_w * floor (px / st->period_w);
      if (st->period_h > 0)
        py -= st->period_h * floor (py / st->period_h);
      for (int j = 0; j < st->n_waves; j++)
        sum += st->waves[j].amp * source_waves (st, &st->waves[j], px, py, st->waves[j].amp,
                                                gx != NULL ? g : NULL);
      sum *= st->norm;
      if (ripple_amount > 0.0f)
        sum += ripple_amount * ripples[i];
      out[i] = 0.5f + 0.5f * sum / sqrtf (1.0f + sum * sum);
      if (gx != NULL)
        {
          /* d out / d sum = 0.5 / (1 + sum^2)^(3/2) */
          const float q = 1.0f / sqrtf (1.0f + sum * sum), k = 0.5f * q * q * q;

          gx[i] = k * (st->norm * g[0] + (ripple_amount > 0.0f ? ripple_amount * rx[i] : 0.0f));
          gy[i] = k * (st->norm * g[1] + (ripple_amount > 0.0f ? ripple_amount * ry[i] : 0.0f));
        }
    }
}

TSR_PATTERN_EVALS (eval_water, eval_water_grad, water_row)

const TsrPattern tsr_pattern_water = {
  "water", N_("Water"),
  N_("Waves spreading from scattered sources, with sharp crests and fine ripples (Perlin 1985)"),
  TSR_BASIS_CHOSEN, TSR_GROUP_WATER, TSR_PALETTE_WATER,
  sizeof (WaterState), prepare_water, eval_water, eval_water_grad, NULL
};
