/* Fractal sums over any noise basis; see fractal.h for the maths. */
#include <math.h>
#include <string.h>

#include "noise/fractal.h"
#include "noise/fractal-rows.h"
#include "noise/noise-simplex.h"
#include "math/hash.h"
#include "math/vec.h"
#include "noise/noise-kernels.h"
#include "patterns/patterns.h"
#include "math/trig.h"

/* Multiply the RMS-normalised sum before the soft curve, in units of the
 * basis' own spread, so that fBm uses most of (-1, 1) while its extremes
 * stay rare, whatever the basis. */
#define FBM_GAIN        0.68
#define TURBULENCE_GAIN 0.62

/* Each basis' standard deviation (param-list.h), and the mean of each
 * cellular distance (measured over 512k samples).  Cellular distances are
 * not centred on 0, so octaves of them are centred before they are
 * summed. */
#define BASIS_STD(id, name, label, stem, std) [id] = std,
static const double basis_std[TSR_BASIS_COUNT] = { TSR_BASIS_LIST (BASIS_STD) };
#undef BASIS_STD
static const float cells_mean[TSR_CELLS_COUNT] = {
  [TSR_CELLS_F1] = -0.393f,
  [TSR_CELLS_F2] = -0.116f,
  [TSR_CELLS_F2_MINUS_F1] = -0.659f,
};

/* Mean of |n - mean| of each basis (measured over 512k samples; cells:
 * f1), what a turbulence octave adds on average. */
static const double basis_mean_abs[TSR_BASIS_COUNT] = {
  [TSR_BASIS_PERLIN]  = 0.254,
  [TSR_BASIS_SIMPLEX] = 0.468,
  [TSR_BASIS_VALUE]   = 0.375,
  [TSR_BASIS_CELLS]   = 0.219,
};

/* The amplitude an octave keeps in a zoomed-out view, with c lattice cells
 * to a shown pixel: roughly what averaging over the pixel leaves of a
 * wave of two cells (sinc), and nothing once a cell is a pixel or less,
 * fading from two.  Chosen for the smallest difference from the block
 * averages (tests/core/test-zoomed.c) among a few such curves. */
static double
zoomed_gain (double c)
{
  const double t = G_PI / (2.0 * c);

  return c <= 1.0 ? 0.0 : MIN (c - 1.0, 1.0) * sin (t) / t;
}

static int
octave_cells (int period, double freq)
{
  double cells = floor (period * freq + 0.5);
  return (int) CLAMP (cells, 2.0, (double) (1 << 28));
}

double
tsr_fractal_tile_support (const TsrFractalSpec *spec)
{
  switch (spec->basis)
    {
    case TSR_BASIS_PERLIN:
      return 1.0;
    case TSR_BASIS_VALUE:
      return (spec->noise.interp == TSR_INTERP_CUBIC ? 2.0 : 1.0)
             + (spec->noise.smooth ? 1.0 : 0.0);
    case TSR_BASIS_CELLS:
      /* a sample reads the points of the cells up to 2 from its own:
       * their centres lie within 2.5 cells of it */
      return 2.5;
    case TSR_BASIS_SIMPLEX:
      /* a vertex's kernel reaches sqrt 0.5 at most (noise-simplex.c) */
      return SIMPLEX_REACH;
    default:
      return 0.0;
    }
}

/* Octave o's map of the tile of a set, of a basis whose mean is `mean`.
 * Corner tiles' lattices wrap every two tiles (tile-map.h). */
static void
octave_tile_map (const TsrFractalSpec *spec, TsrOctave *o, double mean)
{
  const double support = tsr_fractal_tile_support (spec);
  const double centre = spec->basis == TSR_BASIS_CELLS ? 0.5 : 0.0;

  if (spec->tile.id == NULL || spec->tile.id->kind == TSR_TILES_NONE
      || support <= 0.0 || o->noise.period_x <= 0 || o->noise.period_y <= 0)
    return;
  if (spec->basis == TSR_BASIS_SIMPLEX)
    {
      /* Vertices are (doubled column, row) of the periodic lattice: k
       * indices a lattice unit. */
      gint32 cols, rows;
      double kx, ky;

      simplex_period_lattice (o->noise.period_x, o->noise.period_y, FALSE, &cols, &rows);
      kx = 2.0 * cols / o->noise.period_x;
      ky = (double) rows / o->noise.period_y;
      tsr_tile_map_init (&o->noise.tile, &spec->tile, 2 * cols, rows, o->fx * kx, o->fy * ky,
                         o->ox * kx, o->oy * ky, 0.0, support * kx, support * ky);
      tsr_tile_map_blend_init (&o->noise.tile, &spec->tile, kx, ky, 0.0, mean);
    }
  else
    {
      tsr_tile_map_init (&o->noise.tile, &spec->tile, o->noise.period_x,
                         o->noise.period_y, o->fx, o->fy, o->ox, o->oy, centre, support,
                         support);
      tsr_tile_map_blend_init (&o->noise.tile, &spec->tile, 1.0, 1.0, centre, mean);
    }
  if (o->noise.tile.doubled)
    {
      o->noise.period_x *= 2;
      o->noise.period_y *= 2;
    }
}

void
tsr_fractal_init (TsrFractal *f, const TsrFractalSpec *spec)
{
  const double footprint = MAX (spec->footprint, 1.0);
  double amp = 1.0, freq = 1.0, sum_amp = 0.0, sum_sq = 0.0, bias = 0.0;
  guint  octaves = CLAMP (spec->octaves, 1u, (guint) TSR_MAX_OCTAVES);

  f->mode = spec->mode;
  f->timed = FALSE;
  f->basis = spec->basis;
  f->n_octaves = 1;
  f->center = spec->basis == TSR_BASIS_CELLS
              ? cells_mean[CLAMP ((int) spec->noise.cells_mode, 0, TSR_CELLS_COUNT - 1)] : 0.0f;

  for (guint i = 0; i < octaves; i++)
    {
      TsrOctave *o = &f->oct[i];
      guint32 h = tsr_hash2 (spec->noise.seed, (gint32) i, 0x7e55);
      double fx = freq / spec->scale_x, fy = freq / spec->scale_y, keep, shown;

      o->noise = spec->noise;
      o->noise.seed = tsr_mix32 (h ^ 0x51ed270bu);
      o->noise.period_x = 0;
      o->noise.period_y = 0;
      if (spec->period_w > 0)
        {
          o->noise.period_x = octave_cells (spec->period_w, fx);
          fx = (double) o->noise.period_x / spec->period_w;
        }
      if (spec->period_h > 0)
        {
          o->noise.period_y = octave_cells (spec->period_h, fy);
          fy = (double) o->noise.period_y / spec->period_h;
        }
      o->fx = fx;
      o->fy = fy;
      /* Band-limit: an octave whose lattice cells shrink below 2 pixels
       * fades out, and one of a pixel or less is not summed (Perlin 1985
       * stops at the pixel frequency): a pixel cannot show it, only alias
       * it into grain.  The first octave is what was asked for: kept. */
      keep = i == 0 ? 1.0 : CLAMP (1.0 / MAX (fx, fy) - 1.0, 0.0, 1.0);
      if (keep <= 0.0)
        break;
      /* A zoomed-out pixel shows the average of the pixels it spans: the
       * octaves it cannot hold fade towards their mean (0 once centred;
       * turbulence's |n| keeps its mean as a bias), while the
       * normalisation stays the full-size one, so the view keeps the
       * full-size contrast. */
      shown = footprint > 1.0 ? zoomed_gain (1.0 / (MAX (fx, fy) * footprint)) : keep;
      if (shown > 0.0)
        f->n_octaves = i + 1;
      /* Any offset keeps the period; it only moves the grid's origin. */
      o->ox = 64.0 * tsr_hash_unit (tsr_hash1 (h, 1));
      o->oy = 64.0 * tsr_hash_unit (tsr_hash1 (h, 2));
      octave_tile_map (spec, o, f->center);
      o->amp = (float) (amp * shown);   /* keep at full size */
      {
        /* the fraction of turns first: at t = 1 the angle is exactly 0 */
        double turns = spec->time;
        turns -= floor (turns);
        o->noise_b = o->noise;
        o->noise_b.seed = tsr_mix32 (h ^ 0x3c6ef372u);
        if (spec->flow && spec->basis == TSR_BASIS_SIMPLEX)
          {
            /* flow noise: the one field's gradients turn a whole turn */
            o->noise.turn_c = (float) tsr_cos_turns (turns);
            o->noise.turn_s = (float) tsr_sin_turns (turns);
            o->tc = 1.0f;
            o->ts = 0.0f;
          }
        else
          {
            o->tc = (float) tsr_cos_turns (turns);
            o->ts = (float) tsr_sin_turns (turns);
          }
        f->timed |= o->ts != 0.0f || o->tc != 1.0f;
      }

      if (f->mode == TSR_FRACTAL_TURBULENCE)
        bias += amp * (keep - shown) * basis_mean_abs[f->basis];
      sum_amp += amp * keep;
      sum_sq += amp * keep * amp * keep;
      amp *= spec->persistence;
      freq *= spec->lacunarity;
    }

  /* Ridges are where the noise crosses its mean; each octave's weight is
   * the previous one's ridge signal, so a basis that spends much time near
   * ±1 (simplex: std 0.54) starves the finer octaves and leaves flat black
   * holes (20 % of a 512² ridged simplex).  Every basis is taken at
   * Perlin's spread, the one the ridged sum was tuned with. */
  f->ridge_spread = (float) (basis_std[TSR_BASIS_PERLIN] / basis_std[f->basis]);

  f->bias = (float) bias;
  switch (f->mode)
    {
    case TSR_FRACTAL_FBM:
      f->norm = (float) (FBM_GAIN / (basis_std[f->basis] * sqrt (sum_sq)));
      break;
    case TSR_FRACTAL_TURBULENCE:
      f->norm = (float) (TURBULENCE_GAIN / (basis_std[f->basis] * sqrt (sum_sq)));
      break;
    case TSR_FRACTAL_RIDGED:
    default:
      f->norm = (float) (1.0 / sum_amp);
      break;
    }
}

/* max (t, 0), exactly (t + |t| is 2t or 0), without a comparison: GCC
 * will not vectorise a loop with a select whose arm is an FP operation
 * (-ftrapping-math).  0 may come out as +0 where MAX gave -0; the ridged
 * sum only squares it. */
static inline float
ridge (float t)
{
  return 0.5f * (t + fabsf (t));
}

/* The loops below run over n rounded up to a multiple of FRACTAL_STEP
 * (the arrays hold TSR_CHUNK, itself a multiple), padding included, so
 * that their trip count is a multiple of any vector length and GCC's -O2
 * vectoriser, which refuses loops needing a scalar epilogue, takes them.
 * Padding lanes compute on zeros and are never stored. */
#define FRACTAL_STEP 16

G_STATIC_ASSERT (TSR_CHUNK % FRACTAL_STEP == 0);

/* cos θ (a - mean) + sin θ (b - mean) + mean, and with ax (not NULL) the
 * same blend of the gradients (ax, ay) and (bx, by) */
static void
time_blend (const TsrFractal *f, const TsrOctave *oct, float *a, float *ax, float *ay,
            const float *b, const float *bx, const float *by, gsize n)
{
  const float c = f->center;

  for (gsize i = 0; i < n; i++)
    a[i] = c + oct->tc * (a[i] - c) + oct->ts * (b[i] - c);
  if (ax != NULL)
    for (gsize i = 0; i < n; i++)
      {
        ax[i] = oct->tc * ax[i] + oct->ts * bx[i];
        ay[i] = oct->tc * ay[i] + oct->ts * by[i];
      }
}

void
tsr_fractal_octave_row_grad (const TsrFractal *f, guint o, const double *lx,
                             const double *ly, gsize n, float *out, float *gx,
                             float *gy)
{
  const TsrOctave *oct = &f->oct[o];
  float b[TSR_CHUNK], bx[TSR_CHUNK], by[TSR_CHUNK];

  if (gx == NULL)
    tsr_noise2_row (f->basis, &oct->noise, lx, ly, n, out);
  else
    tsr_noise2_row_grad (f->basis, &oct->noise, lx, ly, n, out, gx, gy);
  if (!f->timed)
    return;
  if (gx == NULL)
    tsr_noise2_row (f->basis, &oct->noise_b, lx, ly, n, b);
  else
    tsr_noise2_row_grad (f->basis, &oct->noise_b, lx, ly, n, b, bx, by);
  time_blend (f, oct, out, gx, gy, b, bx, by, n);
}

/* d/dx of x / sqrt (1 + x^2) */
static inline float
soft_bound_slope (float x)
{
  const float q = 1.0f / sqrtf (1.0f + x * x);

  return q * q * q;
}

/* A fractal sum while octaves are added, nn (a multiple of FRACTAL_STEP)
 * samples; its gradient per pixel only when one is asked for. */
typedef struct
{
  float sum[TSR_CHUNK], weight[TSR_CHUNK];                 /* weight: ridged */
  float sx[TSR_CHUNK], sy[TSR_CHUNK], wx[TSR_CHUNK], wy[TSR_CHUNK];
} Sum;

static void
sum_init (Sum *s, gboolean grad, gsize nn)
{
  for (gsize i = 0; i < nn; i++)
    s->sum[i] = 0.0f, s->weight[i] = 1.0f;
  if (grad)
    for (gsize i = 0; i < nn; i++)
      s->sx[i] = s->sy[i] = s->wx[i] = s->wy[i] = 0.0f;
}

/* Adds octave oct's noise (n samples, padded here to nn with zeros) and,
 * with nx (not NULL), its gradient in lattice units. */
static void
sum_add (const TsrFractal *f, const TsrOctave *oct, Sum *s, float *noise,
         float *nx, float *ny, gsize n, gsize nn)
{
  const float a = oct->amp, center = f->center;
  /* lattice units to pixels, and the octave's amplitude */
  const float ax = a * (float) oct->fx, ay = a * (float) oct->fy;

  for (gsize i = n; i < nn; i++)
    noise[i] = 0.0f;
  if (nx == NULL)
    switch (f->mode)
      {
      case TSR_FRACTAL_FBM:
        for (gsize i = 0; i < nn; i++)
          s->sum[i] += a * (noise[i] - center);
        return;
      case TSR_FRACTAL_TURBULENCE:
        for (gsize i = 0; i < nn; i++)
          s->sum[i] += a * fabsf (noise[i] - center);
        return;
      case TSR_FRACTAL_RIDGED:
        TSR_ISA_PICK (tsr_ridged_add_row_base, tsr_ridged_add_row_avx2,
                      tsr_ridged_add_row_avx512) (s->sum, s->weight, noise, nn, a, center,
                                                  f->ridge_spread);
        return;
      }

  /* The same values, and by the chain rule their gradient. */
  for (gsize i = n; i < nn; i++)
    nx[i] = ny[i] = 0.0f;
  switch (f->mode)
    {
    case TSR_FRACTAL_FBM:
      for (gsize i = 0; i < nn; i++)
        {
          s->sum[i] += a * (noise[i] - center);
          s->sx[i] += ax * nx[i];
          s->sy[i] += ay * ny[i];
        }
      break;
    case TSR_FRACTAL_TURBULENCE:
      for (gsize i = 0; i < nn; i++)
        {
          /* copysignf, not a select of -ax and ax: GCC keeps a select of
           * an FP negation as a (mispredicted) branch */
          const float d = noise[i] - center;

          s->sum[i] += a * fabsf (d);
          s->sx[i] += copysignf (ax, d) * nx[i];
          s->sy[i] += copysignf (ay, d) * ny[i];
        }
      break;
    case TSR_FRACTAL_RIDGED:
      for (gsize i = 0; i < nn; i++)
        {
          const float d = noise[i] - center;
          const float t = 1.0f - f->ridge_spread * fabsf (d);
          float r = ridge (t);
          float signal = r * r * s->weight[i];
          /* d r / d noise: d r / d t (1, or 0 where r is clipped at 0)
           * times d t / d noise */
          const float dr = (0.5f + copysignf (0.5f, t)) * copysignf (f->ridge_spread, -d);
          /* d signal = 2 r dr w + r^2 dw, per pixel */
          const float k = 2.0f * r * dr * s->weight[i], r2 = r * r;
          const float gxs = k * (float) oct->fx * nx[i] + r2 * s->wx[i];
          const float gys = k * (float) oct->fy * ny[i] + r2 * s->wy[i];

          s->sum[i] += a * signal;
          s->weight[i] = signal;
          s->sx[i] += a * gxs;
          s->sy[i] += a * gys;
          s->wx[i] = gxs;
          s->wy[i] = gys;
        }
      break;
    }
}

/* The sum's final curve, in place over nn values. */
static void
fractal_finish (const TsrFractal *f, float *sum, gsize nn)
{
  switch (f->mode)
    {
    case TSR_FRACTAL_FBM:
    case TSR_FRACTAL_TURBULENCE:
      TSR_ISA_PICK (tsr_soft_bound_row_base, tsr_soft_bound_row_avx2,
                    tsr_soft_bound_row_avx512) (sum, nn, f->bias, f->norm);
      break;
    case TSR_FRACTAL_RIDGED:
      for (gsize i = 0; i < nn; i++)
        sum[i] = sum[i] * f->norm;
      break;
    }
}

/* The sum's final curve (and with gx, its slope on the gradient): the
 * first n samples into out (gx, gy). */
static void
sum_finish (const TsrFractal *f, Sum *s, gsize n, gsize nn, float *out, float *gx,
            float *gy)
{
  if (gx != NULL)
    {
      const gboolean curve = f->mode != TSR_FRACTAL_RIDGED;

      for (gsize i = 0; i < nn; i++)
        {
          /* the curve's slope at the sum (and fractal_finish's bias) */
          const float v = (f->bias != 0.0f ? s->sum[i] + f->bias : s->sum[i]) * f->norm;
          const float k = curve ? f->norm * soft_bound_slope (v) : f->norm;

          s->sx[i] *= k;
          s->sy[i] *= k;
        }
      memcpy (gx, s->sx, n * sizeof (float));
      memcpy (gy, s->sy, n * sizeof (float));
    }
  fractal_finish (f, s->sum, nn);
  memcpy (out, s->sum, n * sizeof (float));
}

/* Whether the noise of rows of constant y can add itself to the sum (the
 * sinks of fBm and turbulence), as the loops of tsr_fractal_row would. */
static gboolean
fractal_sinks (const TsrFractal *f)
{
  return f->mode != TSR_FRACTAL_RIDGED && !f->timed;
}

/* Rows a block of tsr_fractal_rows_grad sums together: their sums stay in L1
 * (a row of values is a sixth of a Sum). */
#define SINK_ROWS 16
#define SUM_ROWS  8

/* Rows of values whose noise sinks into the sums (fractal_sinks). */
static void
sink_rows (const TsrFractal *f, const double *x, const double *y, gsize rows, gsize n,
           float *out, gsize stride)
{
  const gsize nn = (n + FRACTAL_STEP - 1) & ~(gsize) (FRACTAL_STEP - 1);

  for (gsize r0 = 0; r0 < rows; r0 += SINK_ROWS)
    {
      const gsize m = MIN ((gsize) SINK_ROWS, rows - r0);
      float sum[SINK_ROWS][TSR_CHUNK];
      TsrSink sink;

      sink.mode = f->mode == TSR_FRACTAL_FBM ? TSR_SINK_FBM
                                             : TSR_SINK_TURBULENCE;
      sink.center = f->center;
      for (gsize r = 0; r < m; r++)
        for (gsize i = 0; i < nn; i++)
          sum[r][i] = 0.0f;
      for (guint o = 0; o < f->n_octaves; o++)
        {
          const TsrOctave *oct = &f->oct[o];
          double ly[SINK_ROWS];

          /* the coordinates tsr_fractal_row's other paths compute */
          for (gsize r = 0; r < m; r++)
            ly[r] = y[r0 + r] * oct->fy + oct->oy;
          sink.a = oct->amp;
          tsr_noise2_rows_affine (f->basis, &oct->noise, x, oct->fx, oct->ox,
                                  ly, m, n, &sink, sum[0], TSR_CHUNK);
        }
      for (gsize r = 0; r < m; r++)
        {
          fractal_finish (f, sum[r], nn);
          memcpy (out + (r0 + r) * stride, sum[r], n * sizeof (float));
        }
    }
}

void
tsr_fractal_rows_grad (const TsrFractal *f, const double *x, const double *y,
                       gsize rows, gsize n, float *out, float *gx, float *gy,
                       gsize stride)
{
  const gsize nn = (n + FRACTAL_STEP - 1) & ~(gsize) (FRACTAL_STEP - 1);
  Sum *acc;

  g_assert (n > 0 && n <= TSR_CHUNK);
  if (gx == NULL && fractal_sinks (f))
    {
      sink_rows (f, x, y, rows, n, out, stride);
      return;
    }
  if (gx == NULL)
    {
      /* ridged or timed values: row by row */
      double ys[TSR_CHUNK];

      for (gsize r = 0; r < rows; r++)
        {
          for (gsize i = 0; i < n; i++)
            ys[i] = y[r];
          tsr_fractal_row_grad (f, x, ys, n, out + r * stride, NULL, NULL);
        }
      return;
    }

  acc = g_new (Sum, MIN (rows, (gsize) SUM_ROWS));
  for (gsize r0 = 0; r0 < rows; r0 += SUM_ROWS)
    {
      const gsize m = MIN ((gsize) SUM_ROWS, rows - r0);
      float noise[SUM_ROWS][TSR_CHUNK], nx[SUM_ROWS][TSR_CHUNK], ny[SUM_ROWS][TSR_CHUNK];

      for (gsize r = 0; r < m; r++)
        sum_init (&acc[r], TRUE, nn);
      for (guint o = 0; o < f->n_octaves; o++)
        {
          const TsrOctave *oct = &f->oct[o];
          double ly[SUM_ROWS];

          /* the coordinates tsr_fractal_row's affine rows compute */
          for (gsize r = 0; r < m; r++)
            ly[r] = y[r0 + r] * oct->fy + oct->oy;
          if (fractal_sinks (f))
            {
              /* sum_add's operations, in the kernel: no noise stored */
              const TsrSink sink = {
                .mode = f->mode == TSR_FRACTAL_FBM ? TSR_SINK_FBM : TSR_SINK_TURBULENCE,
                .a = oct->amp, .center = f->center,
                .ax = oct->amp * (float) oct->fx, .ay = oct->amp * (float) oct->fy,
              };

              tsr_noise2_rows_affine_grad (f->basis, &oct->noise, x, oct->fx, oct->ox, ly,
                                           m, n, &sink, acc[0].sum, acc[0].sx, acc[0].sy,
                                           sizeof (Sum) / sizeof (float));
              continue;
            }
          tsr_noise2_rows_affine_grad (f->basis, &oct->noise, x, oct->fx, oct->ox, ly, m, n,
                                       NULL, noise[0], nx[0], ny[0], TSR_CHUNK);
          if (f->timed)
            {
              float b[SUM_ROWS][TSR_CHUNK], bx[SUM_ROWS][TSR_CHUNK], by[SUM_ROWS][TSR_CHUNK];

              tsr_noise2_rows_affine_grad (f->basis, &oct->noise_b, x, oct->fx, oct->ox, ly,
                                           m, n, NULL, b[0], bx[0], by[0], TSR_CHUNK);
              for (gsize r = 0; r < m; r++)
                time_blend (f, oct, noise[r], nx[r], ny[r], b[r], bx[r], by[r], n);
            }
          for (gsize r = 0; r < m; r++)
            sum_add (f, oct, &acc[r], noise[r], nx[r], ny[r], n, nn);
        }
      for (gsize r = 0; r < m; r++)
        {
          const gsize at = (r0 + r) * stride;

          sum_finish (f, &acc[r], n, nn, out + at, gx + at, gy + at);
        }
    }
  g_free (acc);
}

/* Whether y[1 .. n) all equal y[0] (==: a NaN is not), as vectors:
 * a warped row differs within its first block, and a row of constant y
 * (scanned whole) costs a few instructions a block. */
static gboolean
row_y_constant (const double *y, gsize n)
{
  const VD y0 = v_splatd (y[0]);
  gsize i = 1;

  for (; i + 2 * VN <= n; i += 2 * VN)
    {
      const VL d = (v_loadd (y + i) != y0) | (v_loadd (y + i + VN / 2) != y0)
                   | (v_loadd (y + i + VN) != y0) | (v_loadd (y + i + 3 * VN / 2) != y0);

      if (v_any ((VI) d))
        return FALSE;
    }
  for (; i < n; i++)
    if (!(y[i] == y[0]))
      return FALSE;
  return TRUE;
}

void
tsr_fractal_row_grad (const TsrFractal *f, const double *x, const double *y,
                      gsize n, float *out, float *gx, float *gy)
{
  const gsize nn = (n + FRACTAL_STEP - 1) & ~(gsize) (FRACTAL_STEP - 1);
  double lx[TSR_CHUNK], ly[TSR_CHUNK];
  float noise[TSR_CHUNK], nx[TSR_CHUNK], ny[TSR_CHUNK];
  float *const ngx = gx != NULL ? nx : NULL, *const ngy = gx != NULL ? ny : NULL;
  const gboolean same_y = row_y_constant (y, n);
  Sum acc;

  g_assert (n > 0 && n <= TSR_CHUNK);
  /* A row of constant y (no domain warp): the noise takes the octave's
   * coordinates as x * fx + ox and one y, computed exactly as below. */
  if (same_y && (gx != NULL || fractal_sinks (f)))
    {
      tsr_fractal_rows_grad (f, x, y, 1, n, out, gx, gy, n);
      return;
    }
  sum_init (&acc, gx != NULL, nn);
  for (guint o = 0; o < f->n_octaves; o++)
    {
      const TsrOctave *oct = &f->oct[o];

      if (same_y)
        {
          /* values only here (the gradient's rows took the block path) */
          const double oy = y[0] * oct->fy + oct->oy;

          tsr_noise2_row_affine (f->basis, &oct->noise, x, oct->fx, oct->ox, oy, n, NULL,
                                 noise);
          if (f->timed)
            {
              float b[TSR_CHUNK];

              tsr_noise2_row_affine (f->basis, &oct->noise_b, x, oct->fx, oct->ox, oy, n,
                                     NULL, b);
              time_blend (f, oct, noise, NULL, NULL, b, NULL, NULL, n);
            }
        }
      else if (!f->timed)
        tsr_noise2_row_maps (f->basis, &oct->noise, x, oct->fx, oct->ox, y, oct->fy, oct->oy,
                             n, noise, ngx, ngy);
      else
        {
          for (gsize i = 0; i < n; i++)
            {
              lx[i] = x[i] * oct->fx + oct->ox;
              ly[i] = y[i] * oct->fy + oct->oy;
            }
          tsr_fractal_octave_row_grad (f, o, lx, ly, n, noise, ngx, ngy);
        }
      sum_add (f, oct, &acc, noise, ngx, ngy, n, nn);
    }
  sum_finish (f, &acc, n, nn, out, gx, gy);
}
