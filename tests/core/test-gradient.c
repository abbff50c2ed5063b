/* Analytic noise gradients (tsr_noise2_row_grad, Perlin's DNoise): the
 * values are tsr_noise2_row's bit for bit, the gradients match high-order
 * finite differences of the noise itself, repeat with the period, do not
 * depend on how a row is split, and hash to the same golden bits on every
 * instruction set (meson runs this under sse2, avx2 and the widest).
 *
 * Regenerate the golden hashes (only after an intended change):
 *   TSR_GRADIENT_PRINT=1 build/tests/test-gradient -p /core/gradient/golden
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "math/hash.h"
#include "noise/noise.h"

#define N_ROW 300   /* more than one 256-sample segment of the row tables */

typedef struct
{
  const char  *name;
  TsrBasis     basis;
  TsrInterp    interp;
  gboolean     smooth;
  TsrCellsMode cells_mode;
  float        jitter;
  gint32       px, py;
  float        turn;       /* simplex flow: gradients turned by this many turns */
  gboolean     kinks;      /* not differentiable everywhere */
} GradConfig;

static const GradConfig configs[] = {
  { "perlin",               TSR_BASIS_PERLIN,  TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 0, 0, 0, FALSE },
  { "perlin-periodic",      TSR_BASIS_PERLIN,  TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 5, 7, 0, FALSE },
  { "simplex",              TSR_BASIS_SIMPLEX, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 0, 0, 0, FALSE },
  { "simplex-periodic",     TSR_BASIS_SIMPLEX, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 6, 8, 0, FALSE },
  { "simplex-flow",         TSR_BASIS_SIMPLEX, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 6, 8, 0.3f, FALSE },
  { "value-linear",         TSR_BASIS_VALUE,   TSR_INTERP_LINEAR,  FALSE, TSR_CELLS_F1, 1, 0, 0, 0, TRUE },
  { "value-cosine",         TSR_BASIS_VALUE,   TSR_INTERP_COSINE,  FALSE, TSR_CELLS_F1, 1, 0, 0, 0, FALSE },
  { "value-cubic",          TSR_BASIS_VALUE,   TSR_INTERP_CUBIC,   FALSE, TSR_CELLS_F1, 1, 0, 0, 0, FALSE },
  { "value-quintic",        TSR_BASIS_VALUE,   TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 0, 0, 0, FALSE },
  { "value-quintic-smooth", TSR_BASIS_VALUE,   TSR_INTERP_QUINTIC, TRUE,  TSR_CELLS_F1, 1, 9, 4, 0, FALSE },
  { "value-cubic-smooth",   TSR_BASIS_VALUE,   TSR_INTERP_CUBIC,   TRUE,  TSR_CELLS_F1, 1, 0, 0, 0, FALSE },
  { "value-linear-periodic",TSR_BASIS_VALUE,   TSR_INTERP_LINEAR,  FALSE, TSR_CELLS_F1, 1, 6, 5, 0, TRUE },
  { "cells-f1",             TSR_BASIS_CELLS,   TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 0, 0, 0, TRUE },
  { "cells-f2",             TSR_BASIS_CELLS,   TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F2, 1, 0, 0, 0, TRUE },
  { "cells-f2-f1",          TSR_BASIS_CELLS,   TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F2_MINUS_F1, 1, 0, 0, 0, TRUE },
  { "cells-f1-periodic",    TSR_BASIS_CELLS,   TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 0.5f, 6, 7, 0, TRUE },
  { "cells-f2-f1-periodic", TSR_BASIS_CELLS,   TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F2_MINUS_F1, 0.7f, 5, 5, 0, TRUE },
  { "simplex-flow-plain",   TSR_BASIS_SIMPLEX, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 0, 0, 0.7f, FALSE },
  { "simplex-x-period",     TSR_BASIS_SIMPLEX, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 7, 0, 0, FALSE },
  { "simplex-small-period", TSR_BASIS_SIMPLEX, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 3, 2, 0, FALSE },
  { "perlin-y-period",      TSR_BASIS_PERLIN,  TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 0, 3, 0, FALSE },
};

static void
noise_of (const GradConfig *c, guint32 seed, TsrNoise2D *n)
{
  tsr_noise2d_init (n, seed);
  n->interp = c->interp;
  n->smooth = c->smooth;
  n->cells_mode = c->cells_mode;
  n->jitter = c->jitter;
  n->period_x = c->px;
  n->period_y = c->py;
  n->turn_c = (float) cos (2.0 * G_PI * c->turn);
  n->turn_s = (float) sin (2.0 * G_PI * c->turn);
}

/* The kinds of row a kernel meets: constant y with small steps (the row
 * tables), constant y with steps over a cell a sample (the tables' per-
 * sample fallback), and y varying (domain warp: the per-sample path). */
typedef enum { ROW_TABLE, ROW_SPARSE, ROW_WARPED, ROW_KINDS } RowKind;

static void
make_row (RowKind kind, guint32 seed, double *x, double *y)
{
  const double x0 = -7.0 + 14.0 * tsr_hash_unit (tsr_hash1 (seed, 1));
  const double y0 = -7.0 + 14.0 * tsr_hash_unit (tsr_hash1 (seed, 2));

  for (int i = 0; i < N_ROW; i++)
    {
      const double u = tsr_hash_unit (tsr_hash2 (seed, i, 3));
      const double v = tsr_hash_unit (tsr_hash2 (seed, i, 4));

      switch (kind)
        {
        case ROW_TABLE:
          x[i] = x0 + 0.037 * i;
          y[i] = y0;
          break;
        case ROW_SPARSE:
          x[i] = x0 + 1.71 * i;
          y[i] = y0;
          break;
        case ROW_WARPED:
        default:
          x[i] = x0 + 0.05 * i + 0.6 * u;
          y[i] = y0 + 0.6 * v;
          break;
        }
      /* a few fraction bits, so x + k P is exact (noise.h) */
      x[i] = round (x[i] * 1048576.0) / 1048576.0;
      y[i] = round (y[i] * 1048576.0) / 1048576.0;
    }
}

/* Values first: the gradient pass gives tsr_noise2_row's bits. */
static void
test_values_unchanged (void)
{
  for (guint c = 0; c < G_N_ELEMENTS (configs); c++)
    for (int kind = 0; kind < ROW_KINDS; kind++)
      for (guint32 seed = 1; seed <= 4; seed++)
        {
          double x[N_ROW], y[N_ROW];
          float v[N_ROW], w[N_ROW], gx[N_ROW], gy[N_ROW];
          TsrNoise2D n;

          noise_of (&configs[c], seed * 7919u, &n);
          make_row ((RowKind) kind, seed + 100 * c, x, y);
          tsr_noise2_row (configs[c].basis, &n, x, y, N_ROW, v);
          tsr_noise2_row_grad (configs[c].basis, &n, x, y, N_ROW, w, gx, gy);
          if (memcmp (v, w, sizeof v) != 0)
            g_error ("%s, row kind %d, seed %u: the gradient pass changed a value",
                     configs[c].name, kind, seed);
        }
}

/* One coordinate moved by d, the rest of the row as it is: values of the
 * noise at (x + dx, y + dy). */
static void
shifted (const GradConfig *c, const TsrNoise2D *n, const double *x, const double *y,
         double dx, double dy, float *out)
{
  double xs[N_ROW], ys[N_ROW];

  for (int i = 0; i < N_ROW; i++)
    {
      xs[i] = x[i] + dx;
      ys[i] = y[i] + dy;
    }
  tsr_noise2_row (c->basis, n, xs, ys, N_ROW, out);
}

/* Differences of the noise along one axis, step h: the fourth-order
 * central one, and the second-order one-sided ones forward and backward
 * (from the value v itself), which disagree where a kink lies within 2h. */
static void
difference (const GradConfig *c, const TsrNoise2D *n, const double *x, const double *y,
            const float *v, gboolean along_x, double h, double *d, double *ahead,
            double *behind)
{
  float p1[N_ROW], p2[N_ROW], m1[N_ROW], m2[N_ROW];
  const double ax = along_x ? h : 0.0, ay = along_x ? 0.0 : h;

  shifted (c, n, x, y, ax, ay, p1);
  shifted (c, n, x, y, 2 * ax, 2 * ay, p2);
  shifted (c, n, x, y, -ax, -ay, m1);
  shifted (c, n, x, y, -2 * ax, -2 * ay, m2);
  for (int i = 0; i < N_ROW; i++)
    {
      d[i] = (-(double) p2[i] + 8.0 * p1[i] - 8.0 * m1[i] + m2[i]) / (12.0 * h);
      ahead[i] = (-3.0 * v[i] + 4.0 * p1[i] - p2[i]) / (2.0 * h);
      behind[i] = (3.0 * v[i] - 4.0 * m1[i] + m2[i]) / (2.0 * h);
    }
}

/* Whether gradient g agrees, within tol, with the central difference d,
 * or (a basis with kinks) with one of the one-sided differences: where a
 * kink lies within 2h, the central difference averages the slopes of its
 * two sides, but the one-sided difference that stays on the sample's own
 * side does not reach it.  Returns 0: central; 1: one-sided; -1: neither. */
static int
agrees (double g, double d, double ahead, double behind, double tol, gboolean kinks)
{
  if (fabs (g - d) <= tol)
    return 0;
  if (kinks && (fabs (g - ahead) <= tol || fabs (g - behind) <= tol))
    return 1;
  return -1;
}

/* The gradient is the derivative: within float rounding of a difference
 * quotient with steps of 1/512 cell, everywhere for smooth bases; for
 * bases with kinks, of the difference on the sample's side where one is
 * near (such samples are counted and must stay rare). */
static void
test_matches_differences (void)
{
  const double h = 1.0 / 512.0;

  for (guint c = 0; c < G_N_ELEMENTS (configs); c++)
    {
      const GradConfig *cfg = &configs[c];
      int checked = 0, kinked = 0;

      for (int kind = 0; kind < ROW_KINDS; kind++)
        for (guint32 seed = 1; seed <= 6; seed++)
          {
            /* [0]: step h; [1]: step h / 8, for the steep curvature next
             * to a cellular feature point (the tip of a distance cone) */
            double x[N_ROW], y[N_ROW], dx[2][N_ROW], dy[2][N_ROW];
            double fx[2][N_ROW], bx[2][N_ROW], fy[2][N_ROW], by[2][N_ROW];
            float v[N_ROW], gx[N_ROW], gy[N_ROW];
            TsrNoise2D n;

            noise_of (cfg, seed * 104729u, &n);
            make_row ((RowKind) kind, seed * 31 + c, x, y);
            tsr_noise2_row_grad (cfg->basis, &n, x, y, N_ROW, v, gx, gy);
            for (int s = 0; s < 2; s++)
              {
                difference (cfg, &n, x, y, v, TRUE, s ? h / 8 : h, dx[s], fx[s], bx[s]);
                difference (cfg, &n, x, y, v, FALSE, s ? h / 8 : h, dy[s], fy[s], by[s]);
              }
            for (int i = 0; i < N_ROW; i++)
              {
                const double tol = 2e-3 * (1.0 + fabs (gx[i]) + fabs (gy[i]));
                int ax = -1, ay = -1;

                for (int s = 0; s < 2 && (ax < 0 || ay < 0); s++)
                  {
                    ax = agrees (gx[i], dx[s][i], fx[s][i], bx[s][i], tol, cfg->kinks);
                    ay = agrees (gy[i], dy[s][i], fy[s][i], by[s][i], tol, cfg->kinks);
                  }

                g_assert_true (isfinite (gx[i]) && isfinite (gy[i]));
                if (ax < 0 || ay < 0)
                  g_error ("%s, row kind %d, seed %u, sample %d at (%.9g, %.9g): "
                           "gradient (%.6g, %.6g), differences (%.6g, %.6g), "
                           "ahead (%.6g, %.6g), behind (%.6g, %.6g)",
                           cfg->name, kind, seed, i, x[i], y[i], gx[i], gy[i], dx[0][i],
                           dy[0][i], fx[0][i], fy[0][i], bx[0][i], by[0][i]);
                if (ax > 0 || ay > 0)
                  kinked++;
                else
                  checked++;
              }
          }
      g_test_message ("%s: %d samples agree with central differences, %d only on "
                      "their side of a kink", cfg->name, checked, kinked);
      /* kinks are lines (or cell edges): differences 4h wide meet few */
      g_assert_cmpint (kinked * 20, <, checked);
    }
}

/* The gradient is not zero: every basis has slopes of about its spread
 * per cell (a kernel returning zeros would pass the difference test only
 * where the noise is flat; smoothed cubic value noise, the flattest,
 * has an RMS slope of 0.16). */
static void
test_gradients_have_size (void)
{
  for (guint c = 0; c < G_N_ELEMENTS (configs); c++)
    {
      double x[N_ROW], y[N_ROW], sum = 0.0;
      float v[N_ROW], gx[N_ROW], gy[N_ROW];
      TsrNoise2D n;

      noise_of (&configs[c], 99, &n);
      make_row (ROW_WARPED, 5, x, y);
      tsr_noise2_row_grad (configs[c].basis, &n, x, y, N_ROW, v, gx, gy);
      for (int i = 0; i < N_ROW; i++)
        sum += (double) gx[i] * gx[i] + (double) gy[i] * gy[i];
      g_assert_cmpfloat (sqrt (sum / N_ROW), >, 0.1);
    }
}

/* A period on, the same gradient (bit for bit where the values are, see
 * noise.h; simplex within float rounding). */
static void
test_periodic (void)
{
  for (guint c = 0; c < G_N_ELEMENTS (configs); c++)
    {
      const GradConfig *cfg = &configs[c];
      double x[N_ROW], y[N_ROW], xs[N_ROW], ys[N_ROW];
      float v[N_ROW], gx[N_ROW], gy[N_ROW], w[N_ROW], hx[N_ROW], hy[N_ROW];
      TsrNoise2D n;

      if (cfg->px == 0 && cfg->py == 0)
        continue;
      noise_of (cfg, 4242, &n);
      for (int kind = 0; kind < ROW_KINDS; kind++)
        {
          make_row ((RowKind) kind, 77 + kind, x, y);
          for (int i = 0; i < N_ROW; i++)
            {
              xs[i] = x[i] + 3.0 * cfg->px;   /* no period: the same place */
              ys[i] = y[i] - 2.0 * cfg->py;
            }
          tsr_noise2_row_grad (cfg->basis, &n, x, y, N_ROW, v, gx, gy);
          tsr_noise2_row_grad (cfg->basis, &n, xs, ys, N_ROW, w, hx, hy);
          for (int i = 0; i < N_ROW; i++)
            {
              const float tol = cfg->basis == TSR_BASIS_SIMPLEX ? 1e-3f : 0.0f;

              if (fabsf (gx[i] - hx[i]) > tol || fabsf (gy[i] - hy[i]) > tol)
                g_error ("%s, row kind %d, sample %d: gradient (%.9g, %.9g), "
                         "a period on (%.9g, %.9g)",
                         cfg->name, kind, i, gx[i], gy[i], hx[i], hy[i]);
            }
        }
    }
}

/* Any split of a row gives the same bits as the whole row. */
static void
test_split_invariant (void)
{
  static const int cuts[] = { 1, 3, 17, 100, 257, 299 };

  for (guint c = 0; c < G_N_ELEMENTS (configs); c++)
    for (int kind = 0; kind < ROW_KINDS; kind++)
      {
        double x[N_ROW], y[N_ROW];
        float v[N_ROW], gx[N_ROW], gy[N_ROW], w[N_ROW], hx[N_ROW], hy[N_ROW];
        TsrNoise2D n;

        noise_of (&configs[c], 31337, &n);
        make_row ((RowKind) kind, 11 * c + kind, x, y);
        tsr_noise2_row_grad (configs[c].basis, &n, x, y, N_ROW, v, gx, gy);
        for (guint k = 0; k < G_N_ELEMENTS (cuts); k++)
          {
            const int cut = cuts[k];

            tsr_noise2_row_grad (configs[c].basis, &n, x, y, cut, w, hx, hy);
            tsr_noise2_row_grad (configs[c].basis, &n, x + cut, y + cut, N_ROW - cut,
                                 w + cut, hx + cut, hy + cut);
            if (memcmp (v, w, sizeof v) != 0 || memcmp (gx, hx, sizeof gx) != 0
                || memcmp (gy, hy, sizeof gy) != 0)
              g_error ("%s, row kind %d: a row cut at %d gives other bits",
                       configs[c].name, kind, cut);
          }
      }
}

/* Golden hashes of every configuration's gradients over all row kinds:
 * the same bits on every instruction set (meson runs this test under each). */
static const char *const golden[G_N_ELEMENTS (configs)] = {
  [0] = "da5210063f3c3a6c",   /* perlin */
  [1] = "bdca880fda6227eb",   /* perlin-periodic */
  [2] = "8b0fd34500e412fb",   /* simplex */
  [3] = "d43f28a27baadca8",   /* simplex-periodic */
  [4] = "feea997109f5bc8c",   /* simplex-flow */
  [5] = "c2b3006afd06fee2",   /* value-linear */
  [6] = "0ac4e729bea62708",   /* value-cosine */
  [7] = "896bd627ea7436cd",   /* value-cubic */
  [8] = "8007e5466caa6778",   /* value-quintic */
  [9] = "5326f0e49ba6d8e7",   /* value-quintic-smooth */
  [10] = "7eef4efebdfdb9f1",   /* value-cubic-smooth */
  [11] = "376ec68fbb17b501",   /* value-linear-periodic */
  [12] = "c4a86534fddd6447",   /* cells-f1 */
  [13] = "a95d60f8a61fbdce",   /* cells-f2 */
  [14] = "8b76a25ef87267ef",   /* cells-f2-f1 */
  [15] = "ae75c5d107a92e66",   /* cells-f1-periodic */
  [16] = "9d652de5dffc1729",   /* cells-f2-f1-periodic */
  [17] = "18bb5466e5866338",   /* simplex-flow-plain */
  [18] = "359dbf11d3dff8dd",   /* simplex-x-period */
  [19] = "307a153643d7bca6",   /* simplex-small-period */
  [20] = "b847a4f31a3e620f",   /* perlin-y-period */
};

static guint64
hash_floats (guint64 h, const float *v, gsize n)
{
  for (gsize i = 0; i < n; i++)
    {
      guint32 u;

      memcpy (&u, &v[i], sizeof u);
      h = (h ^ u) * 0x100000001b3ull;
    }
  return h;
}

static void
test_golden (void)
{
  const gboolean print = g_getenv ("TSR_GRADIENT_PRINT") != NULL;

  for (guint c = 0; c < G_N_ELEMENTS (configs); c++)
    {
      guint64 h = 0xcbf29ce484222325ull;
      char hex[17];

      for (int kind = 0; kind < ROW_KINDS; kind++)
        {
          double x[N_ROW], y[N_ROW];
          float v[N_ROW], gx[N_ROW], gy[N_ROW];
          TsrNoise2D n;

          noise_of (&configs[c], 2024 + kind, &n);
          make_row ((RowKind) kind, 500 + kind, x, y);
          tsr_noise2_row_grad (configs[c].basis, &n, x, y, N_ROW, v, gx, gy);
          h = hash_floats (h, gx, N_ROW);
          h = hash_floats (h, gy, N_ROW);
        }
      g_snprintf (hex, sizeof hex, "%016" G_GINT64_MODIFIER "x", h);
      if (print)
        printf ("  [%u] = \"%s\",   /* %s */\n", c, hex, configs[c].name);
      else
        g_assert_cmpstr (hex, ==, golden[c]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/gradient/values-unchanged", test_values_unchanged);
  g_test_add_func ("/core/gradient/matches-differences", test_matches_differences);
  g_test_add_func ("/core/gradient/has-size", test_gradients_have_size);
  g_test_add_func ("/core/gradient/periodic", test_periodic);
  g_test_add_func ("/core/gradient/split-invariant", test_split_invariant);
  g_test_add_func ("/core/gradient/golden", test_golden);
  return g_test_run ();
}
