/* A plank's pore lines: the cut vessels of the fibre, thin dark dashes in
 * dense rows along the growth lines.
 *
 * The rows are the whole steps of q = ψ × rows a year, so they follow the
 * growth lines round the figure and the knots.  Row j is a dark band a
 * fraction of a row tall at its own height in the row, and a gradient
 * noise along x of its own, cut at a threshold, breaks it into dashes of
 * its own strength.  The bands are box-filtered over the footprint, so a
 * row a pixel tall never aliases, and fade to their mean where the rows
 * crowd closer than the pixels.  The rows repeat every `rows` and the
 * dashes every `cells` of their lengths, so the lines tile. */
#include <math.h>

#include "hash.h"
#include "wood-internal.h"

/* A band's height, of a row's, and how far its centre strays from the
 * row's middle: together at most half a row, so that a band stays in its
 * own row. */
#define BAND 0.45
#define BAND_JITTER 0.25
/* Where the noise along a row (about -1 .. 1) starts a dash, and how
 * much higher it is at the dash's full strength. */
#define DASH_CUT -0.35
#define DASH_RAMP 0.8
/* The footprint, in rows, where the rows start to fade to their mean,
 * and where they are gone. */
#define FADE_FROM 0.8
#define FADE_TO 1.5
#define MEAN_SAMPLES 64
/* The noise along a row: three octaves, each three times finer, of these
 * weights, so that a dash is ragged down to the pixel. */
#define FINER 3
static const double octave_weight[3] = { 1.0, 0.8, 0.8 };

/* A row: its hash and its band's centre, in rows. */
typedef struct
{
  guint32 h;
  double  centre;
} PoreRow;

static inline void
pore_row (const WoodState *st, gint32 j, PoreRow *row)
{
  row->h = tsr_hash1 (st->pore_seed, tsr_wrap (j, st->pore_rows));
  row->centre = j + 0.5 + BAND_JITTER * (2.0 * tsr_hash_unit (row->h) - 1.0);
}

/* How dark row `row` is at x (0 .. 1), and its slope along x. */
static inline double
dash (const WoodState *st, const PoreRow *row, double x, double *d_x)
{
  /* its strength and where its noise starts, from one more hash */
  const guint32 g = tsr_mix32 (row->h ^ 0x85ebca6bu);
  const double strength = 0.35 + 0.65 * (g & 0xffff) * (1.0 / 65536.0);
  const double t = x / st->dash_length + (g >> 16) * (1.0 / 65536.0) * MAX (st->dash_cells, 1);
  double n = 0, slope = 0;

  for (int k = 0, f = 1; k < 3; k++, f *= FINER)
    {
      double ds;

      n += octave_weight[k] * wood_noise_1d (g + k, f * t, f * st->dash_cells, &ds);
      slope += octave_weight[k] * f * ds;
    }
  double e = (2.0 * n - DASH_CUT) / DASH_RAMP;

  if (e <= 0.0 || e >= 1.0)
    {
      *d_x = 0.0;
      return e <= 0.0 ? 0.0 : strength;
    }
  *d_x = strength * 6.0 * e * (1.0 - e) * 2.0 * slope / (DASH_RAMP * st->dash_length);
  return strength * e * e * (3.0 - 2.0 * e);
}

static double
mean_darkness (const WoodState *st)
{
  double sum = 0;

  for (int j = 0; j < MEAN_SAMPLES; j++)
    {
      PoreRow row;
      double d_x;

      pore_row (st, j, &row);
      for (int k = 0; k < MEAN_SAMPLES; k++)
        sum += dash (st, &row, (k + 0.5) * st->dash_length * 0.25, &d_x);
    }
  return BAND * sum / (MEAN_SAMPLES * MEAN_SAMPLES);
}

void
wood_pore_lines_prepare (const TsrTexture *tex, WoodState *st, double spacing, double length)
{
  st->pore_seed = tsr_hash1 (st->year_seed, 2);
  if (tex->tileable)
    {
      st->pore_rows = MAX (1, (int) floor (tex->period_h / spacing + 0.5));
      st->rows_per_year = st->pore_rows / (double) st->n_rings;
      st->dash_cells = MAX (1, (int) floor (tex->period_w / length + 0.5));
      st->dash_length = tex->period_w / (double) st->dash_cells;
    }
  else
    {
      st->pore_rows = 0;
      st->rows_per_year = 1.0 / (spacing * st->rings_per_pixel);
      st->dash_cells = 0;
      st->dash_length = length;
    }
  st->pore_mean = mean_darkness (st);
}

double
wood_pore_lines (const WoodState *st, double x, double q, double wq, double d[3])
{
  const double w = MAX (wq, 0.05), lo = q - 0.5 * w, hi = q + 0.5 * w;
  const double fade = CLAMP ((FADE_TO - w) / (FADE_TO - FADE_FROM), 0.0, 1.0);
  double sum = 0, sum_x = 0, sum_q = 0, sum_w = 0;

  if (fade > 0.0)
    for (gint32 j = (gint32) floor (lo); j <= (gint32) floor (hi); j++)
      {
        PoreRow row;
        double d_x;

        pore_row (st, j, &row);
        const double b0 = row.centre - 0.5 * BAND, b1 = row.centre + 0.5 * BAND;
        const double cover = MIN (hi, b1) - MAX (lo, b0);
        if (cover <= 0.0)
          continue;
        const double dark = dash (st, &row, x, &d_x);
        /* the box's ends inside the band move the cover */
        const double top = hi < b1 ? 1.0 : 0.0, bottom = lo > b0 ? 1.0 : 0.0;

        sum += dark * cover;
        sum_x += d_x * cover;
        sum_q += dark * (top - bottom);
        sum_w += dark * 0.5 * (top + bottom);
      }
  const double lines = sum / w;
  if (d != NULL)
    {
      const double d_fade = w > FADE_FROM && w < FADE_TO ? -1.0 / (FADE_TO - FADE_FROM) : 0.0;

      d[0] = fade * sum_x / w;
      d[1] = fade * sum_q / w;
      d[2] = wq > 0.05 ? fade * (sum_w - lines) / w + (lines - st->pore_mean) * d_fade : 0.0;
    }
  return st->pore_mean + (lines - st->pore_mean) * fade;
}
