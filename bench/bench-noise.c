/* Noise basis benchmark and analysis tool (build/bench/bench-noise).
 *
 *   bench-noise            ns/sample of tsr_noise2_row for every basis,
 *                          plain and periodic, single thread: rows of
 *                          constant y (texture rows: the row-coherent
 *                          kernels) and, last column, rows whose y varies
 *                          (domain warp: the per-sample kernels)
 *   bench-noise --grad     the same rows, periodic, with the gradient
 *                          (tsr_noise2_row_grad) against the value
 *                          alone: ns/sample of each and their ratio
 *   bench-noise --stats    empirical std / percentiles / extremes per
 *                          basis and dimension
 *   bench-noise --bounds   sup |noise| of Perlin and simplex noise over all
 *                          gradient assignments (the scale factors come
 *                          from here)
 *   bench-noise --checksum [PER_SAMPLE ROW_COHERENT]
 *                          two 64-bit hashes of the bits of many rows and
 *                          samples of every basis and configuration, the
 *                          first of rows whose y varies and of raw
 *                          samples, the second of rows of constant y: must
 *                          print the same on every build (SSE2 / AVX2 /
 *                          AVX-512 kernels, -Dnoise-isa=native with
 *                          -mavx2, -O0, -O3 -march=native, GCC 12 and 14,
 *                          clang, other CPUs).  Given the expected values
 *                          (tests/meson.build has them), exits 1 unless
 *                          both match
 *
 * The instruction set is the widest the CPU has; TSR_NOISE_SIMD=sse2 or
 * =avx2 caps it, e.g. to time or checksum the narrower kernels on an
 * AVX-512 machine.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <glib.h>

#include "noise/noise.h"

/* ------------------------------------------------------------------ */
/* Timing                                                               */

#define ROW 4096

/* Process CPU time: the benchmark is single-threaded, and CPU time is
 * less disturbed than wall time on a shared machine. */
static double
now (void)
{
  return (double) clock () / CLOCKS_PER_SEC;
}

static volatile float sink;

/* ns per sample over rows of ROW samples, a 4096-pixel row spanning
 * `cells` lattice cells, as an fBm octave would. */
static double
time_rows (TsrBasis basis, const TsrNoise2D *cfg, double cells, int rows,
           gboolean vary_y, gboolean grad)
{
  static double x[ROW], y[ROW];
  static float out[ROW], gx[ROW], gy[ROW];
  double best = G_MAXDOUBLE;

  for (int i = 0; i < ROW; i++)
    x[i] = (i + 0.5) * cells / ROW;

  for (int rep = 0; rep < 5; rep++)
    {
      double t0 = now ();

      for (int r = 0; r < rows; r++)
        {
          double yy = (r + 0.5) * cells / ROW;

          for (int i = 0; i < ROW; i++)
            y[i] = vary_y ? yy + i * (0.5 / ROW) : yy;
          if (grad)
            tsr_noise2_row_grad (basis, cfg, x, y, ROW, out, gx, gy);
          else
            tsr_noise2_row (basis, cfg, x, y, ROW, out);
          sink += out[r % ROW];
        }
      best = MIN (best, (now () - t0) / ((double) rows * ROW) * 1e9);
    }
  return best;
}

static void
bench (void)
{
  static const char *interp_names[] = { "linear", "cosine", "cubic",
                                        "quintic" };
  static const char *cells_names[] = { "F1", "F2", "F2-F1" };
  TsrNoise2D cfg;
  const int rows = 256;
  const double cells = 64.0;

  printf ("ns/sample, rows of %d samples over %g cells, single thread, "
          "CPU time, best of 5\n", ROW, cells);
  printf ("%-28s %10s %10s %10s\n", "basis", "plain", "periodic",
          "y varies");

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    {
      double t[3];

      for (int p = 0; p < 3; p++)
        {
          tsr_noise2d_init (&cfg, 1234);
          cfg.period_x = cfg.period_y = p == 1 ? 64 : 0;
          t[p] = time_rows ((TsrBasis) b, &cfg, cells, rows, p == 2, FALSE);
        }
      printf ("%-28s %10.2f %10.2f %10.2f\n", tsr_basis_name ((TsrBasis) b),
              t[0], t[1], t[2]);
    }

  for (int s = 0; s < 2; s++)
    for (int i = 0; i < TSR_INTERP_COUNT; i++)
      {
        char name[64];
        double t[2];

        for (int p = 0; p < 2; p++)
          {
            tsr_noise2d_init (&cfg, 1234);
            cfg.interp = (TsrInterp) i;
            cfg.smooth = s;
            cfg.period_x = cfg.period_y = p ? 64 : 0;
            t[p] = time_rows (TSR_BASIS_VALUE, &cfg, cells, rows, FALSE, FALSE);
          }
        g_snprintf (name, sizeof name, "value %s%s", interp_names[i],
                    s ? " smooth" : "");
        printf ("%-28s %10.2f %10.2f\n", name, t[0], t[1]);
      }

  for (int m = 1; m < TSR_CELLS_COUNT; m++)
    {
      char name[64];
      double t[2];

      for (int p = 0; p < 2; p++)
        {
          tsr_noise2d_init (&cfg, 1234);
          cfg.cells_mode = (TsrCellsMode) m;
          cfg.period_x = cfg.period_y = p ? 64 : 0;
          t[p] = time_rows (TSR_BASIS_CELLS, &cfg, cells, rows, FALSE, FALSE);
        }
      g_snprintf (name, sizeof name, "cells %s", cells_names[m]);
      printf ("%-28s %10.2f %10.2f\n", name, t[0], t[1]);
    }

  {
    double t[2];

    for (int p = 0; p < 2; p++)
      {
        tsr_noise2d_init (&cfg, 1234);
        cfg.period_x = p ? 64 : 0;
        cfg.period_y = p ? 0 : 64;
        t[p] = time_rows (TSR_BASIS_SIMPLEX, &cfg, cells, rows, FALSE, FALSE);
      }
    printf ("%-28s %10.2f %10.2f\n", "simplex x-only / y-only", t[0], t[1]);
  }
}

/* The gradient's cost over the value's, periodic rows (a tiling
 * texture's octaves), of constant y and whose y varies. */
static void
bench_grad (void)
{
  static const struct
  {
    const char  *name;
    TsrBasis     basis;
    TsrInterp    interp;
    gboolean     smooth;
    TsrCellsMode mode;
  } cases[] = {
    { "perlin", TSR_BASIS_PERLIN, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1 },
    { "simplex", TSR_BASIS_SIMPLEX, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1 },
    { "value quintic", TSR_BASIS_VALUE, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1 },
    { "value linear", TSR_BASIS_VALUE, TSR_INTERP_LINEAR, FALSE, TSR_CELLS_F1 },
    { "value cosine", TSR_BASIS_VALUE, TSR_INTERP_COSINE, FALSE, TSR_CELLS_F1 },
    { "value cubic smooth", TSR_BASIS_VALUE, TSR_INTERP_CUBIC, TRUE, TSR_CELLS_F1 },
    { "cells F1", TSR_BASIS_CELLS, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1 },
    { "cells F2-F1", TSR_BASIS_CELLS, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F2_MINUS_F1 },
  };
  const int rows = 256;
  const double cells = 64.0;

  printf ("ns/sample, periodic rows of %d samples over %g cells, single thread, "
          "CPU time, best of 5: value, value and gradient, ratio\n", ROW, cells);
  printf ("%-22s %8s %8s %6s   %8s %8s %6s\n", "basis", "value", "+grad", "x",
          "y varies", "+grad", "x");
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      TsrNoise2D cfg;
      double t[2][2];

      tsr_noise2d_init (&cfg, 1234);
      cfg.interp = cases[c].interp;
      cfg.smooth = cases[c].smooth;
      cfg.cells_mode = cases[c].mode;
      cfg.period_x = cfg.period_y = 64;
      for (int vary = 0; vary < 2; vary++)
        for (int grad = 0; grad < 2; grad++)
          t[vary][grad] = time_rows (cases[c].basis, &cfg, cells, rows, vary, grad);
      printf ("%-22s %8.2f %8.2f %6.2f   %8.2f %8.2f %6.2f\n", cases[c].name,
              t[0][0], t[0][1], t[0][1] / t[0][0], t[1][0], t[1][1], t[1][1] / t[1][0]);
    }
}

/* ------------------------------------------------------------------ */
/* Statistics                                                           */

static guint64 rng_state = 0x9e3779b97f4a7c15ull;

static double
rnd (void)
{
  /* splitmix64 */
  guint64 z = (rng_state += 0x9e3779b97f4a7c15ull);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return (double) (z >> 11) * (1.0 / 9007199254740992.0);
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
report (const char *name, double *v, gsize n)
{
  double s = 0, s2 = 0;

  for (gsize i = 0; i < n; i++)
    {
      s += v[i];
      s2 += v[i] * v[i];
    }
  qsort (v, n, sizeof *v, cmp_double);
  printf ("%-26s std %.4f mean %+.4f  p0.1 %+.3f p1 %+.3f p99 %+.3f "
          "p99.9 %+.3f  min %+.4f max %+.4f\n", name,
          sqrt (s2 / n - (s / n) * (s / n)), s / n, v[n / 1000], v[n / 100],
          v[n - 1 - n / 100], v[n - 1 - n / 1000], v[0], v[n - 1]);
}

static void
stats (gsize n)
{
  double *v = g_new (double, n);
  TsrNoise2D cfg;
  static const char *interp_names[] = { "linear", "cosine", "cubic",
                                        "quintic" };
  static const char *cells_names[] = { "F1", "F2", "F2-F1" };

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int d = 2; d <= 4; d++)
      {
        char name[64];
        gsize m = (b == TSR_BASIS_CELLS && d == 4) ? n / 10 : n;

        for (gsize i = 0; i < m; i++)
          {
            double p[4];

            for (int c = 0; c < d; c++)
              p[c] = rnd () * 2000.0 - 1000.0;
            v[i] = tsr_noise_sample ((TsrBasis) b, (guint32) (i % 64), d, p);
          }
        g_snprintf (name, sizeof name, "sample %s %dD",
                    tsr_basis_name ((TsrBasis) b), d);
        report (name, v, m);
      }

  /* Rows: every configuration, plain and periodic (P = 37). */
  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int variant = 0; variant < 8; variant++)
      for (int per = 0; per < 3; per++)
        {
          char name[64];
          const char *vname = "";

          tsr_noise2d_init (&cfg, 1);
          if (b == TSR_BASIS_VALUE)
            {
              cfg.interp = (TsrInterp) (variant % 4);
              cfg.smooth = variant / 4;
              vname = interp_names[variant % 4];
            }
          else if (b == TSR_BASIS_CELLS && variant < 3)
            {
              cfg.cells_mode = (TsrCellsMode) variant;
              vname = cells_names[variant];
            }
          else if (variant > 0)
            continue;
          cfg.period_x = per >= 1 ? 37 : 0;
          cfg.period_y = per == 2 ? 37 : 0;

          for (gsize i = 0; i < n; i += ROW)
            {
              double x[ROW], y[ROW];
              float out[ROW];
              gsize k = MIN ((gsize) ROW, n - i);

              cfg.seed = (guint32) (i / ROW);
              for (gsize j = 0; j < k; j++)
                {
                  x[j] = rnd () * 2000.0 - 1000.0;
                  y[j] = rnd () * 2000.0 - 1000.0;
                }
              tsr_noise2_row ((TsrBasis) b, &cfg, x, y, k, out);
              for (gsize j = 0; j < k; j++)
                v[i + j] = out[j];
            }
          g_snprintf (name, sizeof name, "row %s %s%s%s",
                      tsr_basis_name ((TsrBasis) b), vname,
                      cfg.smooth ? "+smooth" : "",
                      per == 0 ? "" : per == 1 ? " Px" : " Px,Py");
          report (name, v, n);
        }
  g_free (v);
}

/* ------------------------------------------------------------------ */
/* Bounds: sup over gradient assignments (each lattice vertex's gradient
 * is free, so the sup at a point is the sum over vertices of weight times
 * the best dot product).                                               */

static int NG, DIM;
static double G[64][4];

static void
grads_2d16 (void)
{
  NG = 16;
  DIM = 2;
  for (int k = 0; k < 16; k++)
    {
      double a = (k * 22.5 + 11.25) * G_PI / 180;
      G[k][0] = cos (a);
      G[k][1] = sin (a);
    }
}

static void
grads_3d12 (void)
{
  int k = 0;

  NG = 12;
  DIM = 3;
  for (int a = 0; a < 3; a++)
    for (int s1 = -1; s1 <= 1; s1 += 2)
      for (int s2 = -1; s2 <= 1; s2 += 2)
        {
          G[k][a] = 0;
          G[k][(a + 1) % 3] = s1;
          G[k][(a + 2) % 3] = s2;
          k++;
        }
}

static void
grads_4d32 (void)
{
  int k = 0;

  NG = 32;
  DIM = 4;
  for (int z = 0; z < 4; z++)
    for (int s = 0; s < 8; s++)
      {
        int bit = 0;

        for (int c = 0; c < 4; c++)
          G[k][c] = c == z ? 0 : ((s >> bit++) & 1) ? -1 : 1;
        k++;
      }
}

static double
best_dot (const double *d)
{
  double m = -1e300;

  for (int k = 0; k < NG; k++)
    {
      double s = 0;

      for (int c = 0; c < DIM; c++)
        s += G[k][c] * d[c];
      m = MAX (m, s);
    }
  return m;
}

static double
fade (double t)
{
  return t * t * t * (t * (t * 6 - 15) + 10);
}

static double
perlin_sup_at (const double *p)
{
  double tot = 0;

  for (int corner = 0; corner < (1 << DIM); corner++)
    {
      double w = 1, d[4];

      for (int c = 0; c < DIM; c++)
        {
          int b = (corner >> c) & 1;
          double u = fade (p[c]);

          w *= b ? u : 1 - u;
          d[c] = p[c] - b;
        }
      tot += w * best_dot (d);
    }
  return tot;
}

static double
simplex_sup_at (const double *p)
{
  int n = DIM, cnt = 1, base[4];
  double F = (sqrt (n + 1.0) - 1) / n, Gs = (1 - 1 / sqrt (n + 1.0)) / n;
  double s = 0, tot = 0;

  for (int c = 0; c < n; c++)
    s += p[c];
  s *= F;
  for (int c = 0; c < n; c++)
    {
      base[c] = (int) floor (p[c] + s);
      cnt *= 4;
    }
  /* every vertex within reach, not only the simplex's own */
  for (int id = 0; id < cnt; id++)
    {
      int v[4], t = id;
      double vs = 0, d[4], dd = 0, k;

      for (int c = 0; c < n; c++, t /= 4)
        {
          v[c] = base[c] + t % 4 - 1;
          vs += v[c];
        }
      for (int c = 0; c < n; c++)
        {
          d[c] = p[c] - (v[c] - vs * Gs);
          dd += d[c] * d[c];
        }
      k = 0.5 - dd;
      if (k <= 0)
        continue;
      k *= k;
      tot += k * k * best_dot (d);
    }
  return tot;
}

static double
refine (double (*f) (const double *), double *p, double step)
{
  double best = f (p);

  while (step > 1e-13)
    {
      gboolean improved = FALSE;

      for (int c = 0; c < DIM; c++)
        for (int sgn = -1; sgn <= 1; sgn += 2)
          {
            double q[4];
            double v;

            memcpy (q, p, sizeof q);
            q[c] += sgn * step;
            v = f (q);
            if (v > best)
              {
                best = v;
                memcpy (p, q, sizeof q);
                improved = TRUE;
              }
          }
      if (!improved)
        step *= 0.5;
    }
  return best;
}

/* Grid search over [0,1]^DIM, then refine the best grid points and
 * 2000 random starts. */
static void
sup_search (const char *name, double (*f) (const double *), int N)
{
  enum { KEEP = 32 };
  double cand[KEEP][5];
  int nc = 0;
  long total = 1;
  double best = -1, bp[4] = { 0 };

  for (int c = 0; c < DIM; c++)
    total *= N;
  for (long id = 0; id < total; id++)
    {
      double p[4] = { 0 }, v;
      long t = id;
      int lo = 0;

      for (int c = 0; c < DIM; c++, t /= N)
        p[c] = ((t % N) + 0.5) / N;
      v = f (p);
      if (nc < KEEP)
        {
          memcpy (cand[nc], p, sizeof p);
          cand[nc++][4] = v;
          continue;
        }
      for (int k = 1; k < KEEP; k++)
        if (cand[k][4] < cand[lo][4])
          lo = k;
      if (v > cand[lo][4])
        {
          memcpy (cand[lo], p, sizeof p);
          cand[lo][4] = v;
        }
    }
  for (int k = 0; k < nc + 2000; k++)
    {
      double p[4] = { 0 }, v;

      if (k < nc)
        memcpy (p, cand[k], sizeof p);
      else
        for (int c = 0; c < DIM; c++)
          p[c] = rnd ();
      v = refine (f, p, k < nc ? 1.0 / N : 0.05);
      if (v > best)
        {
          best = v;
          memcpy (bp, p, sizeof p);
        }
    }
  printf ("%-22s sup %.10f at (%.4f %.4f %.4f %.4f)  1/sup %.7f\n", name,
          best, bp[0], bp[1], bp[2], bp[3], 1 / best);
}

static void
bounds (void)
{
  grads_2d16 ();
  sup_search ("perlin 2D (16 dirs)", perlin_sup_at, 1000);
  grads_3d12 ();
  sup_search ("perlin 3D (Ken's 12)", perlin_sup_at, 100);
  grads_4d32 ();
  sup_search ("perlin 4D (32)", perlin_sup_at, 32);
  grads_2d16 ();
  sup_search ("simplex 2D (16 dirs)", simplex_sup_at, 1000);
  grads_3d12 ();
  sup_search ("simplex 3D (Ken's 12)", simplex_sup_at, 100);
  grads_4d32 ();
  sup_search ("simplex 4D (32)", simplex_sup_at, 32);
}

/* ------------------------------------------------------------------ */
/* Checksums (FNV-1a over the output bits)                              */

/* One word into the hash: a float's 32 bits, a double's 64. */
static guint64
fnv1a (guint64 h, guint64 word)
{
  return (h ^ word) * 1099511628211ull;
}

#define FNV1A_START 1469598103934665603ull

/* Rows of every basis and configuration: y varying along the row (the
 * per-sample kernels) or, with const_y, one y per row (the row-coherent
 * kernels, whose rows span up to 14 or 1400 cells: the table path and its
 * fallback).  Samples of every basis and dimension follow the varying-y
 * rows. */
static guint64
checksum_rows (gboolean const_y)
{
  enum { N = 1000 };
  static const gint32 periods[][2] = { { 0, 0 }, { 5, 0 }, { 0, 3 }, { 7, 9 },
                                       { 1, 1 }, { 2, 3 }, { 64, 64 } };
  static double x[N], y[N];
  static float out[N];
  guint64 h = FNV1A_START;
  TsrNoise2D cfg;

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int v = 0; v < 8; v++)
      for (guint p = 0; p < G_N_ELEMENTS (periods); p++)
        {
          tsr_noise2d_init (&cfg, 77 + v);
          cfg.period_x = periods[p][0];
          cfg.period_y = periods[p][1];
          cfg.interp = (TsrInterp) (v % 4);
          cfg.smooth = v / 4;
          cfg.cells_mode = (TsrCellsMode) (v % 3);
          cfg.jitter = (v % 5) / 4.0f;
          for (int r = 0; r < 20; r++)
            {
              double step = const_y && r % 2 ? 1.371 : 0.01371;

              for (int i = 0; i < N; i++)
                {
                  x[i] = (i - 500) * step + r * 0.77;
                  y[i] = r * 1.3 - 7 + (const_y ? 0.0 : i * 0.0031);
                }
              tsr_noise2_row ((TsrBasis) b, &cfg, x, y, N, out);
              for (int i = 0; i < N; i++)
                {
                  guint32 u;

                  memcpy (&u, &out[i], sizeof u);
                  h = fnv1a (h, u);
                }
            }
        }
  if (const_y)
    return h;
  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int d = 2; d <= 4; d++)
      for (int i = 0; i < 3000; i++)
        {
          double p[4] = { i * 0.37 - 500, i * 0.011 + 3, -i * 0.19, i * 0.05 };
          double r = tsr_noise_sample ((TsrBasis) b, (guint32) i, d, p);
          guint64 u;

          memcpy (&u, &r, sizeof u);
          h = fnv1a (h, u);
        }
  return h;
}

/* Prints both checksums; given the expected ones, returns 1 unless
 * they match. */
static int
checksum (int n_expected, char **expected)
{
  char sums[2][17];
  int status = 0;

  g_snprintf (sums[0], sizeof sums[0], "%016llx",
              (unsigned long long) checksum_rows (FALSE));
  g_snprintf (sums[1], sizeof sums[1], "%016llx",
              (unsigned long long) checksum_rows (TRUE));
  printf ("per-sample   %s\nrow-coherent %s\n", sums[0], sums[1]);
  if (n_expected == 0)
    return 0;
  if (n_expected != 2)
    {
      fprintf (stderr, "bench-noise: --checksum takes none or 2 values\n");
      return 2;
    }
  for (int k = 0; k < 2; k++)
    if (g_ascii_strcasecmp (sums[k], expected[k]) != 0)
      {
        fprintf (stderr, "bench-noise: checksum %d is %s, expected %s\n", k + 1,
                 sums[k], expected[k]);
        status = 1;
      }
  return status;
}

int
main (int argc, char **argv)
{
  if (argc > 1 && strcmp (argv[1], "--grad") == 0)
    bench_grad ();
  else if (argc > 1 && strcmp (argv[1], "--stats") == 0)
    stats (argc > 2 ? (gsize) atol (argv[2]) : 2000000);
  else if (argc > 1 && strcmp (argv[1], "--bounds") == 0)
    bounds ();
  else if (argc > 1 && strcmp (argv[1], "--checksum") == 0)
    return checksum (argc - 2, argv + 2);
  else
    bench ();
  return 0;
}
