/* A plank's pore lines: the cut vessels of the fibre, thin dark streaks in
 * dense rows along the growth lines.
 *
 * The rows are the whole steps of q = ψ × rows a year, so they follow the
 * growth lines round the figure and the knots.  Row j is a soft streak at
 * its own height near the row's middle: across the row a tent, dark in the
 * middle and fading to its edges, of its own width; along x a gradient
 * noise of its own (three octaves, the finest a few pixels long) makes it
 * a long streak that swells and darkens where the noise is high, thins
 * where it is low and only now and then breaks (where the noise falls
 * under the row's cut): the board is covered with fine continuous grain
 * lines of varying tone, not dashes.  Wide streaks reach into the next
 * rows, so neighbours sometimes merge.  The tents are box-filtered over the
 * footprint, so a streak a pixel tall never aliases, and fade to their
 * mean where the rows crowd closer than the pixels; where the rows spread
 * (round a knot) the tents thin with them, so a streak stays a pixel or
 * two tall instead of swelling into a bar.  The rows repeat every `rows`
 * and the streaks every `cells` of their lengths, so the lines tile. */
#include <math.h>

#include "math/hash.h"
#include "noise/noise-kernels.h"
#include "patterns/wood/wood-internal.h"
#include "patterns/wood/wood-pore-rows.h"
#include "patterns/wood/wood-pore-shape.h"

#define MEAN_SAMPLES 64

typedef WoodPoreRow PoreRow;

static inline void
pore_row (const WoodState *st, gint32 j, PoreRow *row)
{
  const guint32 h = tsr_hash1 (st->pore_seed, tsr_wrap (j, st->pore_rows));
  const guint32 g = tsr_mix32 (h ^ WOOD_PORE_ROW_SALT);

  row->seed = g;
  WOOD_PORE_ROW_SHAPE ((double) j, (double) tsr_hash_unit (h), (double) (g & 0xff),
                       (double) ((g >> 8) & 0xff), (double) ((g >> 16) & 0xff),
                       (double) (g >> 24), MAX (st->dash_cells, 1), row->centre, row->strength,
                       row->width, row->phase, row->cut);
}

/* The lattice gradients an octave's noise reads about its cell. */
typedef struct
{
  gint32 *cell;
  double *g0, *g1;
} Lattice;

/* How far row `row`'s streak swells at x (0 .. 1), and its slope along x;
 * the octaves' lattice gradients kept in lat when it is not NULL (its
 * cells -1 .. refilled as they change). */
static inline double
swell (const WoodState *st, const PoreRow *row, double x, double *d_x, const Lattice *lat)
{
  const double t = x / st->dash_length + row->phase;
  double n = 0, slope = 0;

  for (int k = 0, f = 1; k < OCTAVES; k++, f *= 3)
    {
      const guint32 seed = row->seed + (guint32) k;
      const double at = f * t + octave_phase[k], cell = tsr_floor_d (at);
      const gint32 i = (gint32) cell;
      double ds, g0, g1;

      if (lat != NULL && lat->cell[k] == i)
        g0 = lat->g0[k], g1 = lat->g1[k];
      else
        {
          g0 = wood_noise_1d_gradient (seed, i, f * st->dash_cells);
          g1 = wood_noise_1d_gradient (seed, i + 1, f * st->dash_cells);
          if (lat != NULL)
            lat->cell[k] = i, lat->g0[k] = g0, lat->g1[k] = g1;
        }
      n += octave_weight[k] * wood_noise_1d_between (g0, g1, at - cell, &ds);
      slope += octave_weight[k] * f * ds;
    }
  const double e = WOOD_PORE_RAMP (n, row->cut);

  if (e <= 0.0 || e >= 1.0)
    {
      *d_x = 0.0;
      return e <= 0.0 ? 0.0 : 1.0;
    }
  *d_x = 6.0 * e * (1.0 - e) * 2.0 * slope / (STREAK_RAMP * st->dash_length);
  return e * e * (3.0 - 2.0 * e);
}

/* The integral of the unit tent max (0, 1 - |t|) from -∞ to t. */
static inline double
tent_integral (double t)
{
  if (t <= -1.0)
    return 0.0;
  if (t >= 1.0)
    return 1.0;
  return t < 0.0 ? 0.5 * (t + 1.0) * (t + 1.0) : 1.0 - 0.5 * (1.0 - t) * (1.0 - t);
}

static inline double
tent (double t)
{
  return MAX (0.0, 1.0 - fabs (t));
}

/* A streak's half-width from its swell s, before thinning. */
static inline double
streak_width (const PoreRow *row, double s)
{
  return row->width * (TAPER + (1.0 - TAPER) * s);
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
        {
          const double s = swell (st, &row, (k + 0.5) * st->dash_length * 0.25, &d_x, NULL);
          /* a tent's area is its half-width */
          sum += row.strength * s * streak_width (&row, s);
        }
    }
  return sum / (MEAN_SAMPLES * MEAN_SAMPLES);
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

/* Row j from the cache (filled on a miss), and its lattice's place. */
static inline const PoreRow *
cached_row (const WoodState *st, WoodPoreCache *cache, gint32 j, Lattice *lat)
{
  const guint slot = (guint32) j % WOOD_PORE_SLOTS;
  WoodPoreSlot *sl = &cache->slot[slot];

  if (!sl->filled || sl->j != j)
    {
      sl->filled = TRUE;
      sl->j = j;
      pore_row (st, j, &sl->row);
      for (int k = 0; k < OCTAVES; k++)
        sl->cell[k] = G_MININT32;
    }
  lat->cell = sl->cell, lat->g0 = sl->g0, lat->g1 = sl->g1;
  return &sl->row;
}

/* wood_pore_lines, inlined into its two cases: with d a constant NULL
 * the slopes' sums are left out (the same value, to the bit). */
static inline __attribute__ ((always_inline)) double
pore_lines (const WoodState *st, WoodPoreCache *cache, double x, double q, double wq,
            double d[3])
{
  const double w = MAX (wq, 0.05), lo = q - 0.5 * w, hi = q + 0.5 * w;
  const double fade = CLAMP ((FADE_TO - w) / (FADE_TO - FADE_FROM), 0.0, 1.0);
  /* where the rows spread, the tents thin with them */
  const double thin = wq < SPREAD ? MAX (wq, 0.0) / SPREAD : 1.0;
  const double reach = HALF_WIDTH * ROW_WIDE * thin + CENTRE_JITTER;
  double sum = 0, sum_x = 0, sum_q = 0, sum_w = 0, sum_thin = 0;

  if (fade > 0.0)
    for (gint32 j = (gint32) tsr_floor_d (lo - 0.5 - reach); j <= (gint32) tsr_floor_d (hi - 0.5 + reach); j++)
      {
        Lattice lat;
        const PoreRow *rp = cached_row (st, cache, j, &lat);
        const PoreRow row = *rp;
        double s_x;

        if (row.centre + row.width * thin <= lo || row.centre - row.width * thin >= hi)
          continue;
        const double s = swell (st, &row, x, &s_x, &lat);
        if (s <= 0.0)
          continue;
        const double hw = streak_width (&row, s) * thin;
        const double t_lo = (lo - row.centre) / hw, t_hi = (hi - row.centre) / hw;
        const double k_lo = tent (t_lo), k_hi = tent (t_hi);
        const double area = tent_integral (t_hi) - tent_integral (t_lo);
        /* ∂ (hw × area) / ∂hw, the cover's change with the tent's width */
        const double d_hw = area - (t_hi * k_hi - t_lo * k_lo);
        const double dark = row.strength * s;

        sum += dark * hw * area;
        sum_x += row.strength * s_x * (hw * area + s * d_hw * row.width * (1.0 - TAPER) * thin);
        sum_q += dark * (k_hi - k_lo);
        sum_w += dark * 0.5 * (k_hi + k_lo);
        sum_thin += dark * d_hw * hw;
      }
  const double lines = sum / w;
  if (d != NULL)
    {
      const double d_fade = w > FADE_FROM && w < FADE_TO ? -1.0 / (FADE_TO - FADE_FROM) : 0.0;
      /* through the box's width, and through the tents' thinning */
      const double d_w = wq > 0.05 ? (sum_w - lines) / w : 0.0;
      const double d_thin = wq < SPREAD && wq > 0.0 ? sum_thin / (wq * w) : 0.0;

      d[0] = fade * sum_x / w;
      d[1] = fade * sum_q / w;
      d[2] = fade * (d_w + d_thin) + (lines - st->pore_mean) * d_fade;
    }
  return st->pore_mean + (lines - st->pore_mean) * fade;
}

double
wood_pore_lines (const WoodState *st, WoodPoreCache *cache, double x, double q, double wq,
                 double d[3])
{
  if (d == NULL)
    return pore_lines (st, cache, x, q, wq, NULL);
  return pore_lines (st, cache, x, q, wq, d);
}

/* The most rows a run's table holds; a run that reads more (a knot's
 * rows crowded along it) takes pore_lines a sample at a time. */
#define TABLE_ROWS 512
/* The most pairs a run lists: a sample's footprint is at most 1.5 rows
 * where its lines show (FADE_TO), its rows' reach at most 1.05 more each
 * side, so at most five rows may cover it. */
#define RUN_PAIRS (6 * TSR_CHUNK)
#define PADDED (TSR_CHUNK + WOOD_PORE_PAD)

/* The per-instruction-set kernels of a run. */
typedef struct
{
  WoodPoreSpansFn  spans;
  WoodPoreTableFn  table;
  WoodPoreListFn   list;
  WoodPoreRecallFn recall;
  WoodPoreSwellFn  swell;
  WoodPoreTermsFn  terms;
} PoreKernels;

void
wood_pore_memo_clear (WoodPoreMemo *memo)
{
  for (int k = 0; k < WOOD_PORE_MEMO; k++)
    for (int i = 0; i < TSR_CHUNK; i++)
      memo->j[k][i] = G_MININT32, memo->s[k][i] = 0.0;
}

/* The swells of the np pairs into s: the memo's where it has them (the
 * run's samples from `start` in its rows), the kernel's for the others,
 * which the memo then keeps. */
static void
pairs_swell (const PoreKernels *k, const WoodPoreLinesRow *row, const WoodPorePairs *pairs,
             gsize np, gint32 j0, WoodPoreMemo *memo, gsize start, double *s)
{
  gint32 miss_sample[RUN_PAIRS + WOOD_PORE_PAD], miss_row[RUN_PAIRS + WOOD_PORE_PAD];
  gint32 miss_at[RUN_PAIRS + WOOD_PORE_PAD];
  double miss_s[RUN_PAIRS + WOOD_PORE_PAD];
  const WoodPorePairs misses = { miss_sample, miss_row, pairs->x, pairs->lo, pairs->hi,
                                 pairs->thin, pairs->table };
  gsize nm, padded;

  if (memo == NULL)
    {
      k->swell (row, pairs, (np + WOOD_PORE_PAD - 1) / WOOD_PORE_PAD * WOOD_PORE_PAD, s);
      return;
    }
  nm = k->recall (pairs, np, j0, memo, start, s, miss_at);
  if (nm == 0)
    return;
  for (gsize m = 0; m < nm; m++)
    miss_sample[m] = pairs->sample[miss_at[m]], miss_row[m] = pairs->row[miss_at[m]];
  /* whole vectors of misses: copies of the first */
  for (padded = nm; padded % WOOD_PORE_PAD != 0; padded++)
    miss_sample[padded] = miss_sample[0], miss_row[padded] = miss_row[0];
  k->swell (row, &misses, padded, miss_s);
  for (gsize m = 0; m < nm; m++)
    {
      const gsize i = start + (gsize) miss_sample[m];
      const gint32 j = j0 + miss_row[m], slot = j & (WOOD_PORE_MEMO - 1);

      s[miss_at[m]] = miss_s[m];
      memo->j[slot][i] = j, memo->s[slot][i] = miss_s[m];
    }
}

/* The pore lines of a run of at most TSR_CHUNK samples through the
 * kernels: each sample's span of rows, the rows' numbers as a table, the
 * (sample, row) pairs that may cover (pore_lines' tests), their swells
 * (the memo's, samples from `start` in its rows, or new), their terms
 * summed per sample in the order pore_lines adds them.  FALSE (nothing
 * done) when the run reads more than TABLE_ROWS rows. */
static gboolean
pore_lines_pairs (const WoodState *st, const PoreKernels *k, const double *x, const double *q,
                  const double *wq, gsize n, WoodPoreMemo *memo, gsize start, double *out)
{
  const WoodPoreLinesRow row = { st->pore_seed, st->pore_rows, st->dash_cells, st->dash_length };
  const gsize whole = (n + WOOD_PORE_PAD - 1) / WOOD_PORE_PAD * WOOD_PORE_PAD;
  double qp[PADDED], wqp[PADDED], lo[PADDED], hi[PADDED], thin[PADDED], fade[PADDED];
  double w[PADDED], sum[TSR_CHUNK];
  gint32 first[PADDED], count[PADDED];
  const WoodPoreSpans spans = { qp, wqp, lo, hi, thin, fade, w, first, count };
  gint32 jmin = G_MAXINT32, jmax = G_MININT32;

  memcpy (qp, q, n * sizeof *q);
  memcpy (wqp, wq, n * sizeof *wq);
  /* past the run: a footprint where the lines are faded out, no rows */
  for (gsize i = n; i < whole; i++)
    qp[i] = 0.0, wqp[i] = 2.0 * FADE_TO;
  if (!k->spans (&spans, whole, &jmin, &jmax))
    return FALSE;
  for (gsize i = 0; i < n; i++)
    sum[i] = 0.0;
  if (jmax >= jmin && (gint64) jmax - jmin >= TABLE_ROWS)
    return FALSE;

  guint32 seed[TABLE_ROWS + WOOD_PORE_PAD];
  double centre[TABLE_ROWS + WOOD_PORE_PAD], width[TABLE_ROWS + WOOD_PORE_PAD];
  double strength[TABLE_ROWS + WOOD_PORE_PAD], phase[TABLE_ROWS + WOOD_PORE_PAD];
  double cut[TABLE_ROWS + WOOD_PORE_PAD], term[RUN_PAIRS + WOOD_PORE_PAD];
  double s[RUN_PAIRS + WOOD_PORE_PAD];
  gint32 pair_sample[RUN_PAIRS + WOOD_PORE_PAD], pair_row[RUN_PAIRS + WOOD_PORE_PAD];
  const WoodPoreTable table = { seed, centre, width, strength, phase, cut };
  const WoodPorePairs pairs = { pair_sample, pair_row, x, lo, hi, thin, &table };

  if (jmax >= jmin)
    {
      gsize np, padded;

      k->table (&row, jmin, (gsize) (jmax - jmin + 1), &table);
      np = k->list (&spans, whole, jmin, &table, pair_sample, pair_row);
      /* whole vectors of pairs: copies of the first */
      for (padded = np; padded % WOOD_PORE_PAD != 0; padded++)
        pair_sample[padded] = pair_sample[0], pair_row[padded] = pair_row[0];
      if (np > 0)
        {
          pairs_swell (k, &row, &pairs, np, jmin, memo, start, s);
          for (gsize p = np; p < padded; p++)
            s[p] = s[0];
          k->terms (&pairs, s, padded, term);
        }
      for (gsize p = 0; p < np; p++)
        sum[pair_sample[p]] += term[p];
    }
  for (gsize i = 0; i < n; i++)
    {
      const double lines = sum[i] / w[i];

      out[i] = st->pore_mean + (lines - st->pore_mean) * fade[i];
    }
  return TRUE;
}

void
wood_pore_lines_row (const WoodState *st, const double *x, const double *q, const double *wq,
                     gsize n, WoodPoreMemo *memo, double *out)
{
  /* not on the base set: SSE2 has no 32-bit multiply for the hashes in
   * every lane, where the scalar loop keeps its rows' */
  const PoreKernels kernels = {
    TSR_ISA_PICK (NULL, wood_pore_spans_avx2, wood_pore_spans_avx512),
    TSR_ISA_PICK (NULL, wood_pore_table_avx2, wood_pore_table_avx512),
    TSR_ISA_PICK (NULL, wood_pore_list_avx2, wood_pore_list_avx512),
    TSR_ISA_PICK (NULL, wood_pore_recall_avx2, wood_pore_recall_avx512),
    TSR_ISA_PICK (NULL, wood_pore_swell_avx2, wood_pore_swell_avx512),
    TSR_ISA_PICK (NULL, wood_pore_terms_avx2, wood_pore_terms_avx512)
  };
  WoodPoreCache cache = { 0 };

  for (gsize start = 0; start < n; start += TSR_CHUNK)
    {
      const gsize m = MIN ((gsize) TSR_CHUNK, n - start);

      if (kernels.spans != NULL
          && pore_lines_pairs (st, &kernels, x + start, q + start, wq + start, m,
                               n <= TSR_CHUNK ? memo : NULL, start, out + start))
        continue;
      for (gsize i = start; i < start + m; i++)
        out[i] = pore_lines (st, &cache, x[i], q[i], wq[i], NULL);
    }
}
