/* Fractal sums over any noise basis; see fractal.h for the maths. */
#include <math.h>
#include <string.h>

#include "fractal.h"
#include "hash.h"
#include "noise-kernels.h"
#include "patterns.h"
#include "trig.h"

/* Multiply the RMS-normalised sum before the soft curve, in units of the
 * basis' own spread, so that fBm uses most of (-1, 1) while its extremes
 * stay rare, whatever the basis. */
#define FBM_GAIN        0.68
#define TURBULENCE_GAIN 0.62

/* Mean and standard deviation of each basis' output (measured over 512k
 * samples).  Cellular distances are not centred on 0, so octaves of them are
 * centred before they are summed. */
static const double basis_std[TSR_BASIS_COUNT] = {
  [TSR_BASIS_PERLIN]  = 0.31,
  [TSR_BASIS_SIMPLEX] = 0.54,
  [TSR_BASIS_VALUE]   = 0.43,
  [TSR_BASIS_CELLS]   = 0.25,
};
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
 * averages (tests/test-zoomed.c) among a few such curves. */
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

/* x / sqrt (1 + x^2): smooth, monotone, every real into (-1, 1). */
static inline float
soft_bound (float x)
{
  return x / sqrtf (1.0f + x * x);
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

/* cos θ (a - mean) + sin θ (b - mean) + mean */
static void
time_blend (const TsrFractal *f, const TsrOctave *oct, float *a, const float *b, gsize n)
{
  const float c = f->center;

  for (gsize i = 0; i < n; i++)
    a[i] = c + oct->tc * (a[i] - c) + oct->ts * (b[i] - c);
}

void
tsr_fractal_octave_row (const TsrFractal *f, guint o, const double *lx,
                        const double *ly, gsize n, float *out)
{
  const TsrOctave *oct = &f->oct[o];
  float b[TSR_CHUNK];

  tsr_noise2_row (f->basis, &oct->noise, lx, ly, n, out);
  if (!f->timed)
    return;
  tsr_noise2_row (f->basis, &oct->noise_b, lx, ly, n, b);
  time_blend (f, oct, out, b, n);
}

/* The sum's final curve, in place over nn values. */
static void
fractal_finish (const TsrFractal *f, float *sum, gsize nn)
{
  switch (f->mode)
    {
    case TSR_FRACTAL_FBM:
    case TSR_FRACTAL_TURBULENCE:
      if (f->bias != 0.0f)
        for (gsize i = 0; i < nn; i++)
          sum[i] += f->bias;
      for (gsize i = 0; i < nn; i++)
        sum[i] = soft_bound (sum[i] * f->norm);
      break;
    case TSR_FRACTAL_RIDGED:
      for (gsize i = 0; i < nn; i++)
        sum[i] = sum[i] * f->norm;
      break;
    }
}

/* Whether the noise of rows of constant y can add itself to the sum (the
 * sinks of fBm and turbulence), as the loops of tsr_fractal_row would. */
static gboolean
fractal_sinks (const TsrFractal *f)
{
  return f->mode != TSR_FRACTAL_RIDGED && !f->timed;
}

/* Rows a block of tsr_fractal_rows sums together: their sums stay in L1. */
#define FRACTAL_ROWS 16

void
tsr_fractal_rows (const TsrFractal *f, const double *x, const double *y,
                  gsize rows, gsize n, float *out, gsize stride)
{
  gsize nn = (n + FRACTAL_STEP - 1) & ~(gsize) (FRACTAL_STEP - 1);

  g_assert (n > 0 && n <= TSR_CHUNK);
  if (!fractal_sinks (f))
    {
      double ys[TSR_CHUNK];

      for (gsize r = 0; r < rows; r++)
        {
          for (gsize i = 0; i < n; i++)
            ys[i] = y[r];
          tsr_fractal_row (f, x, ys, n, out + r * stride);
        }
      return;
    }

  for (gsize r0 = 0; r0 < rows; r0 += FRACTAL_ROWS)
    {
      const gsize m = MIN ((gsize) FRACTAL_ROWS, rows - r0);
      float sum[FRACTAL_ROWS][TSR_CHUNK];
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
          double ly[FRACTAL_ROWS];

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
tsr_fractal_row (const TsrFractal *f, const double *x, const double *y,
                 gsize n, float *out)
{
  double lx[TSR_CHUNK], ly[TSR_CHUNK];
  float noise[TSR_CHUNK], sum[TSR_CHUNK], weight[TSR_CHUNK];
  gsize nn = (n + FRACTAL_STEP - 1) & ~(gsize) (FRACTAL_STEP - 1);
  gboolean same_y = TRUE;

  g_assert (n > 0 && n <= TSR_CHUNK);
  /* A row of constant y (no domain warp): the noise takes the octave's
   * coordinates as x * fx + ox and one y, computed exactly as below. */
  for (gsize i = 1; i < n; i++)
    same_y &= y[i] == y[0];
  if (same_y && fractal_sinks (f))
    {
      tsr_fractal_rows (f, x, y, 1, n, out, n);
      return;
    }
  for (gsize i = 0; i < nn; i++)
    sum[i] = 0.0f, weight[i] = 1.0f;

  for (guint o = 0; o < f->n_octaves; o++)
    {
      const TsrOctave *oct = &f->oct[o];
      const float a = oct->amp, center = f->center;

      if (same_y && !f->timed)
        tsr_noise2_row_affine (f->basis, &oct->noise, x, oct->fx, oct->ox,
                               y[0] * oct->fy + oct->oy, n, NULL, noise);
      else if (same_y)
        {
          float b[TSR_CHUNK];
          tsr_noise2_row_affine (f->basis, &oct->noise, x, oct->fx, oct->ox,
                                 y[0] * oct->fy + oct->oy, n, NULL, noise);
          tsr_noise2_row_affine (f->basis, &oct->noise_b, x, oct->fx, oct->ox,
                                 y[0] * oct->fy + oct->oy, n, NULL, b);
          time_blend (f, oct, noise, b, n);
        }
      else
        {
          for (gsize i = 0; i < n; i++)
            {
              lx[i] = x[i] * oct->fx + oct->ox;
              ly[i] = y[i] * oct->fy + oct->oy;
            }
          tsr_fractal_octave_row (f, o, lx, ly, n, noise);
        }
      for (gsize i = n; i < nn; i++)
        noise[i] = 0.0f;

      switch (f->mode)
        {
        case TSR_FRACTAL_FBM:
          for (gsize i = 0; i < nn; i++)
            sum[i] += a * (noise[i] - center);
          break;
        case TSR_FRACTAL_TURBULENCE:
          for (gsize i = 0; i < nn; i++)
            sum[i] += a * fabsf (noise[i] - center);
          break;
        case TSR_FRACTAL_RIDGED:
          for (gsize i = 0; i < nn; i++)
            {
              const float t = 1.0f - f->ridge_spread * fabsf (noise[i] - center);
              float r = ridge (t);
              float signal = r * r * weight[i];
              sum[i] += a * signal;
              weight[i] = signal;
            }
          break;
        }
    }

  fractal_finish (f, sum, nn);
  memcpy (out, sum, n * sizeof (float));
}

/* time_blend of values a and b and of their gradients (ax, ay), (bx, by) */
static void
time_blend_grad (const TsrFractal *f, const TsrOctave *oct, float *a, float *ax, float *ay,
                 const float *b, const float *bx, const float *by, gsize n)
{
  time_blend (f, oct, a, b, n);
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

  tsr_noise2_row_grad (f->basis, &oct->noise, lx, ly, n, out, gx, gy);
  if (!f->timed)
    return;
  tsr_noise2_row_grad (f->basis, &oct->noise_b, lx, ly, n, b, bx, by);
  time_blend_grad (f, oct, out, gx, gy, b, bx, by, n);
}

/* d/dx of x / sqrt (1 + x^2) */
static inline float
soft_bound_slope (float x)
{
  const float q = 1.0f / sqrtf (1.0f + x * x);

  return q * q * q;
}

/* A fractal sum and its gradient, per pixel, while octaves are added:
 * nn (a multiple of FRACTAL_STEP) samples. */
typedef struct
{
  float sum[TSR_CHUNK], sx[TSR_CHUNK], sy[TSR_CHUNK];
  float weight[TSR_CHUNK], wx[TSR_CHUNK], wy[TSR_CHUNK];   /* ridged */
} GradSum;

static void
grad_sum_init (GradSum *g, gsize nn)
{
  for (gsize i = 0; i < nn; i++)
    {
      g->sum[i] = g->sx[i] = g->sy[i] = 0.0f;
      g->weight[i] = 1.0f;
      g->wx[i] = g->wy[i] = 0.0f;
    }
}

/* Adds octave oct's noise and its gradient in lattice units (n samples,
 * padded here to nn with zeros), as tsr_fractal_row adds the values. */
static void
grad_sum_add (const TsrFractal *f, const TsrOctave *oct, GradSum *g, float *noise,
              float *nx, float *ny, gsize n, gsize nn)
{
  const float a = oct->amp, center = f->center;
  /* lattice units to pixels, and the octave's amplitude */
  const float ax = a * (float) oct->fx, ay = a * (float) oct->fy;

  for (gsize i = n; i < nn; i++)
    noise[i] = nx[i] = ny[i] = 0.0f;
  switch (f->mode)
    {
    case TSR_FRACTAL_FBM:
      for (gsize i = 0; i < nn; i++)
        {
          g->sum[i] += a * (noise[i] - center);
          g->sx[i] += ax * nx[i];
          g->sy[i] += ay * ny[i];
        }
      break;
    case TSR_FRACTAL_TURBULENCE:
      for (gsize i = 0; i < nn; i++)
        {
          /* copysignf, not a select of -ax and ax: GCC keeps a select of
           * an FP negation as a (mispredicted) branch */
          const float d = noise[i] - center;

          g->sum[i] += a * fabsf (d);
          g->sx[i] += copysignf (ax, d) * nx[i];
          g->sy[i] += copysignf (ay, d) * ny[i];
        }
      break;
    case TSR_FRACTAL_RIDGED:
      for (gsize i = 0; i < nn; i++)
        {
          const float d = noise[i] - center;
          const float t = 1.0f - f->ridge_spread * fabsf (d);
          float r = ridge (t);
          float signal = r * r * g->weight[i];
          /* d r / d noise: d r / d t (1, or 0 where r is clipped at 0)
           * times d t / d noise */
          const float dr = (0.5f + copysignf (0.5f, t)) * copysignf (f->ridge_spread, -d);
          /* d signal = 2 r dr w + r^2 dw, per pixel */
          const float k = 2.0f * r * dr * g->weight[i], r2 = r * r;
          const float gxs = k * (float) oct->fx * nx[i] + r2 * g->wx[i];
          const float gys = k * (float) oct->fy * ny[i] + r2 * g->wy[i];

          g->sum[i] += a * signal;
          g->weight[i] = signal;
          g->sx[i] += a * gxs;
          g->sy[i] += a * gys;
          g->wx[i] = gxs;
          g->wy[i] = gys;
        }
      break;
    }
}

/* The final curve, and its slope on the gradient: the first n samples
 * into out, gx, gy. */
static void
grad_sum_finish (const TsrFractal *f, GradSum *g, gsize n, gsize nn, float *out, float *gx,
                 float *gy)
{
  switch (f->mode)
    {
    case TSR_FRACTAL_FBM:
    case TSR_FRACTAL_TURBULENCE:
      if (f->bias != 0.0f)
        for (gsize i = 0; i < nn; i++)
          g->sum[i] += f->bias;
      for (gsize i = 0; i < nn; i++)
        {
          const float v = g->sum[i] * f->norm, k = f->norm * soft_bound_slope (v);

          g->sum[i] = soft_bound (v);
          g->sx[i] *= k;
          g->sy[i] *= k;
        }
      break;
    case TSR_FRACTAL_RIDGED:
      for (gsize i = 0; i < nn; i++)
        {
          g->sum[i] = g->sum[i] * f->norm;
          g->sx[i] *= f->norm;
          g->sy[i] *= f->norm;
        }
      break;
    }
  memcpy (out, g->sum, n * sizeof (float));
  memcpy (gx, g->sx, n * sizeof (float));
  memcpy (gy, g->sy, n * sizeof (float));
}

/* Rows a block of tsr_fractal_rows_grad sums together. */
#define GRAD_ROWS 8

void
tsr_fractal_rows_grad (const TsrFractal *f, const double *x, const double *y,
                       gsize rows, gsize n, float *out, float *gx, float *gy,
                       gsize stride)
{
  const gsize nn = (n + FRACTAL_STEP - 1) & ~(gsize) (FRACTAL_STEP - 1);
  GradSum *acc = g_new (GradSum, MIN (rows, (gsize) GRAD_ROWS));

  g_assert (n > 0 && n <= TSR_CHUNK);
  for (gsize r0 = 0; r0 < rows; r0 += GRAD_ROWS)
    {
      const gsize m = MIN ((gsize) GRAD_ROWS, rows - r0);
      float noise[GRAD_ROWS][TSR_CHUNK], nx[GRAD_ROWS][TSR_CHUNK], ny[GRAD_ROWS][TSR_CHUNK];

      for (gsize r = 0; r < m; r++)
        grad_sum_init (&acc[r], nn);
      for (guint o = 0; o < f->n_octaves; o++)
        {
          const TsrOctave *oct = &f->oct[o];
          double ly[GRAD_ROWS];

          /* the coordinates tsr_fractal_row's affine rows compute */
          for (gsize r = 0; r < m; r++)
            ly[r] = y[r0 + r] * oct->fy + oct->oy;
          tsr_noise2_rows_affine_grad (f->basis, &oct->noise, x, oct->fx, oct->ox, ly, m, n,
                                       noise[0], nx[0], ny[0], TSR_CHUNK);
          if (f->timed)
            {
              float b[GRAD_ROWS][TSR_CHUNK], bx[GRAD_ROWS][TSR_CHUNK], by[GRAD_ROWS][TSR_CHUNK];

              tsr_noise2_rows_affine_grad (f->basis, &oct->noise_b, x, oct->fx, oct->ox, ly,
                                           m, n, b[0], bx[0], by[0], TSR_CHUNK);
              for (gsize r = 0; r < m; r++)
                time_blend_grad (f, oct, noise[r], nx[r], ny[r], b[r], bx[r], by[r], n);
            }
          for (gsize r = 0; r < m; r++)
            grad_sum_add (f, oct, &acc[r], noise[r], nx[r], ny[r], n, nn);
        }
      for (gsize r = 0; r < m; r++)
        {
          const gsize at = (r0 + r) * stride;

          grad_sum_finish (f, &acc[r], n, nn, out + at, gx + at, gy + at);
        }
    }
  g_free (acc);
}

void
tsr_fractal_row_grad (const TsrFractal *f, const double *x, const double *y,
                      gsize n, float *out, float *gx, float *gy)
{
  double lx[TSR_CHUNK], ly[TSR_CHUNK];
  float noise[TSR_CHUNK], nx[TSR_CHUNK], ny[TSR_CHUNK];
  gsize nn = (n + FRACTAL_STEP - 1) & ~(gsize) (FRACTAL_STEP - 1);
  gboolean same_y = TRUE;
  GradSum acc;

  g_assert (n > 0 && n <= TSR_CHUNK);
  for (gsize i = 1; i < n; i++)
    same_y &= y[i] == y[0];
  if (same_y)
    {
      tsr_fractal_rows_grad (f, x, y, 1, n, out, gx, gy, n);
      return;
    }
  grad_sum_init (&acc, nn);
  for (guint o = 0; o < f->n_octaves; o++)
    {
      const TsrOctave *oct = &f->oct[o];

      for (gsize i = 0; i < n; i++)
        {
          lx[i] = x[i] * oct->fx + oct->ox;
          ly[i] = y[i] * oct->fy + oct->oy;
        }
      tsr_fractal_octave_row_grad (f, o, lx, ly, n, noise, nx, ny);
      grad_sum_add (f, oct, &acc, noise, nx, ny, n, nn);
    }
  grad_sum_finish (f, &acc, n, nn, out, gx, gy);
}
