/* Fractal sums: octave frequencies and periods, amplitudes, ranges. */
#include <string.h>
#include "test-helpers.h"
#include "noise/fractal.h"

static TsrFractalSpec
spec_for (TsrFractalMode mode, TsrBasis basis, guint octaves, double persistence,
          double lacunarity, double scale, int period_w, int period_h)
{
  TsrFractalSpec s;
  memset (&s, 0, sizeof s);
  s.mode = mode;
  s.basis = basis;
  tsr_noise2d_init (&s.noise, 99);
  s.octaves = octaves;
  s.persistence = persistence;
  s.lacunarity = lacunarity;
  s.scale_x = s.scale_y = scale;
  s.period_w = period_w;
  s.period_h = period_h;
  return s;
}

/* Each octave fits a whole number of cells (at least 2) into the period,
 * the nearest to the requested feature size; amplitude persistence^i. */
static void
test_octave_periods_and_amplitudes (void)
{
  /* (the finest octave's cells stay above 2 pixels: no band-limit) */
  TsrFractalSpec s = spec_for (TSR_FRACTAL_FBM, TSR_BASIS_PERLIN, 7, 0.6, 2.3, 330.0, 1010, 470);
  TsrFractal f;
  double amp = 1.0, freq = 1.0;

  tsr_fractal_init (&f, &s);
  g_assert_cmpuint (f.n_octaves, ==, 7);
  for (guint i = 0; i < f.n_octaves; i++)
    {
      int want_x = MAX (2, (int) floor (1010 * freq / 330.0 + 0.5));
      int want_y = MAX (2, (int) floor (470 * freq / 330.0 + 0.5));
      g_assert_cmpint (f.oct[i].noise.period_x, ==, want_x);
      g_assert_cmpint (f.oct[i].noise.period_y, ==, want_y);
      g_assert_cmpfloat_with_epsilon (f.oct[i].fx * 1010, want_x, 1e-9);
      g_assert_cmpfloat_with_epsilon (f.oct[i].fy * 470, want_y, 1e-9);
      g_assert_cmpfloat_with_epsilon (f.oct[i].amp, amp, 1e-6);
      if (i > 0)
        g_assert_cmpuint (f.oct[i].noise.seed, !=, f.oct[i - 1].noise.seed);
      amp *= 0.6;
      freq *= 2.3;
    }

  /* without a period: the exact frequency, no wrap */
  s = spec_for (TSR_FRACTAL_FBM, TSR_BASIS_PERLIN, 3, 0.5, 2.0, 40.0, 0, 0);
  tsr_fractal_init (&f, &s);
  g_assert_cmpfloat (f.oct[2].fx, ==, 4.0 / 40.0);
  g_assert_cmpint (f.oct[2].noise.period_x, ==, 0);
}

/* Octaves whose cells a pixel cannot show are left out: full weight down
 * to 2-pixel cells, fading to nothing at 1 pixel (the first octave is
 * always kept, whatever its size). */
static void
test_band_limit (void)
{
  TsrFractalSpec s = spec_for (TSR_FRACTAL_FBM, TSR_BASIS_PERLIN, 8, 0.5, 2.5, 64.0, 0, 0);
  TsrFractal f;

  /* cells 64, 25.6, 10.24, 4.096, 1.6384 (weight 0.6384), 0.655 (gone) */
  tsr_fractal_init (&f, &s);
  g_assert_cmpuint (f.n_octaves, ==, 5);
  g_assert_cmpfloat_with_epsilon (f.oct[3].amp, 0.125, 1e-7);
  g_assert_cmpfloat_with_epsilon (f.oct[4].amp, 0.0625 * 0.6384, 1e-6);

  s = spec_for (TSR_FRACTAL_FBM, TSR_BASIS_PERLIN, 4, 0.5, 2.0, 0.5, 0, 0);
  tsr_fractal_init (&f, &s);
  g_assert_cmpuint (f.n_octaves, ==, 1);
  g_assert_cmpfloat (f.oct[0].amp, ==, 1.0f);

  /* a stretch narrows the cells along one axis: that one counts */
  s = spec_for (TSR_FRACTAL_FBM, TSR_BASIS_PERLIN, 8, 0.5, 2.0, 64.0, 0, 0);
  s.scale_y = 16.0;
  tsr_fractal_init (&f, &s);
  g_assert_cmpuint (f.n_octaves, ==, 4);   /* y cells 16, 8, 4, 2 */
}

static void
test_ranges (void)
{
  static const TsrFractalMode modes[] = { TSR_FRACTAL_FBM, TSR_FRACTAL_TURBULENCE, TSR_FRACTAL_RIDGED };
  double x[TSR_CHUNK], y[TSR_CHUNK];
  float out[TSR_CHUNK];

  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    for (int b = 0; b < TSR_BASIS_COUNT; b++)
      {
        TsrFractalSpec s = spec_for (modes[m], (TsrBasis) b, 8, 0.7, 2.0, 20.0, 200, 0);
        TsrFractal f;
        float lo = 2, hi = -2;
        tsr_fractal_init (&f, &s);
        for (int row = 0; row < 200; row++)
          {
            for (int i = 0; i < TSR_CHUNK; i++)
              x[i] = i * 1.37 + row, y[i] = row * 2.11;
            tsr_fractal_row (&f, x, y, TSR_CHUNK, out);
            for (int i = 0; i < TSR_CHUNK; i++)
              lo = MIN (lo, out[i]), hi = MAX (hi, out[i]);
          }
        if (modes[m] == TSR_FRACTAL_FBM)
          {
            g_assert_cmpfloat (lo, >, -1.0f);
            g_assert_cmpfloat (hi, <, 1.0f);
            g_assert_cmpfloat (hi - lo, >, 1.0f);   /* uses the range */
          }
        else
          {
            g_assert_cmpfloat (lo, >=, 0.0f);
            g_assert_cmpfloat (hi, <=, 1.0f);
            g_assert_cmpfloat (hi - lo, >, 0.4f);
          }
      }
}

/* With persistence 0 only the first octave counts. */
static void
test_persistence_zero (void)
{
  TsrFractalSpec s1 = spec_for (TSR_FRACTAL_FBM, TSR_BASIS_SIMPLEX, 1, 0.0, 2.0, 30.0, 0, 0);
  TsrFractalSpec s5 = spec_for (TSR_FRACTAL_FBM, TSR_BASIS_SIMPLEX, 5, 0.0, 2.0, 30.0, 0, 0);
  TsrFractal f1, f5;
  double x[64], y[64];
  float a[64], b[64];

  tsr_fractal_init (&f1, &s1);
  tsr_fractal_init (&f5, &s5);
  for (int i = 0; i < 64; i++)
    x[i] = i * 3.3, y[i] = 17.5;
  tsr_fractal_row (&f1, x, y, 64, a);
  tsr_fractal_row (&f5, x, y, 64, b);
  for (int i = 0; i < 64; i++)
    g_assert_cmpfloat (a[i], ==, b[i]);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/fractal/octaves", test_octave_periods_and_amplitudes);
  g_test_add_func ("/core/fractal/band-limit", test_band_limit);
  g_test_add_func ("/core/fractal/ranges", test_ranges);
  g_test_add_func ("/core/fractal/persistence-zero", test_persistence_zero);
  return g_test_run ();
}
