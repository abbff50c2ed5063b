/* Noise bases: reference values, pinned known answers, range, continuity,
 * periodicity, determinism, deterministic trig, names.
 *
 * Regenerate the pinned values (only after an intended change of the
 * noise, which also needs a new golden set elsewhere):
 *   TSR_NOISE_PRINT_KAT=1 build/tests/test-noise -p /core/noise/known-answers
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "math/hash.h"
#include "noise/noise.h"
#include "noise/noise-internal.h"
#include "math/trig.h"

/* ------------------------------------------------------------------ */
/* Configurations                                                       */

typedef struct
{
  TsrBasis     basis;
  TsrInterp    interp;
  gboolean     smooth;
  TsrCellsMode cells_mode;
  float        jitter;
  gint32       px, py;
  char         name[64];
  double       spread;     /* min <= -spread and max >= +spread expected */
  double       spread_hi;  /* (cells) max >= spread_hi, min <= -spread */
  double       lipschitz;  /* |f(p + e) - f(p)| <= K |e| */
} Config;

static GArray *configs;

static const char *interp_names[] = { "linear", "cosine", "cubic", "quintic" };
static const char *cells_names[] = { "F1", "F2", "F2-F1" };

static void
config_to_noise (const Config *c, guint32 seed, TsrNoise2D *n)
{
  tsr_noise2d_init (n, seed);
  n->interp = c->interp;
  n->smooth = c->smooth;
  n->cells_mode = c->cells_mode;
  n->jitter = c->jitter;
  n->period_x = c->px;
  n->period_y = c->py;
}

/* Empirical extremes over 2e5 samples stay above these (see
 * bench/bench-noise --stats for the percentiles), and the Lipschitz
 * constants are about 1.5x the steepest slope measured. */
static void
add_config (Config c)
{
  g_array_append_val (configs, c);
}

static void
build_configs (void)
{
  static const gint32 periods[][2] = { { 0, 0 }, { 37, 0 }, { 0, 5 },
                                       { 16, 16 } };

  configs = g_array_new (FALSE, TRUE, sizeof (Config));
  for (guint p = 0; p < G_N_ELEMENTS (periods); p++)
    {
      gint32 px = periods[p][0], py = periods[p][1];
      Config c = { 0 };

      c.interp = TSR_INTERP_QUINTIC;
      c.jitter = 1.0f;
      c.px = px;
      c.py = py;

      c.basis = TSR_BASIS_PERLIN;
      c.spread = 0.75;
      c.lipschitz = 4.0;
      g_snprintf (c.name, sizeof c.name, "perlin P=%d,%d", px, py);
      add_config (c);

      c.basis = TSR_BASIS_SIMPLEX;
      c.spread = 0.9;
      c.lipschitz = (px && py) ? 30.0 : (px || py) ? 20.0 : 15.0;
      g_snprintf (c.name, sizeof c.name, "simplex P=%d,%d", px, py);
      add_config (c);

      c.basis = TSR_BASIS_VALUE;
      for (int s = 0; s < 2; s++)
        for (int i = 0; i < TSR_INTERP_COUNT; i++)
          {
            static const double spread[2][4] = { { 0.85, 0.9, 0.6, 0.9 },
                                                  { 0.5, 0.5, 0.35, 0.5 } };
            static const double lip[2][4] = { { 3.0, 5.0, 3.0, 5.0 },
                                              { 2.0, 2.0, 1.5, 2.0 } };

            c.interp = (TsrInterp) i;
            c.smooth = s;
            c.spread = spread[s][i];
            c.lipschitz = lip[s][i];
            g_snprintf (c.name, sizeof c.name, "value %s%s P=%d,%d",
                        interp_names[i], s ? "+smooth" : "", px, py);
            add_config (c);
          }
      c.interp = TSR_INTERP_QUINTIC;
      c.smooth = FALSE;

      c.basis = TSR_BASIS_CELLS;
      for (int m = 0; m < TSR_CELLS_COUNT; m++)
        for (int j = 0; j < 3; j++)
          {
            /* spread (lower end) / spread_hi (upper end) per mode, jitter
             * 0, 0.5, 1 */
            static const double lo[3][3] = { { 0.99, 0.95, 0.95 },
                                             { 0.3, 0.6, 0.7 },
                                             { 0.99, 0.99, 0.99 } };
            static const double hi[3][3] = { { 0.95, 0.5, 0.3 },
                                             { 0.9, 0.6, 0.45 },
                                             { 0.9, 0.5, 0.2 } };

            c.cells_mode = (TsrCellsMode) m;
            c.jitter = j * 0.5f;
            c.spread = lo[m][j];
            c.spread_hi = hi[m][j];
            {
              /* distances are 1-Lipschitz, F2 - F1 2-Lipschitz; the
               * mapping multiplies by 2 / (length of the range) */
              double h = c.jitter / 2.0;
              double d1 = G_SQRT2 * (0.5 + h);
              double d2 = sqrt ((1 + h) * (1 + h) + h * h);
              double e2 = 0.5 - h;

              c.lipschitz = 1.02 * (m == TSR_CELLS_F1 ? 2 / d1
                                    : m == TSR_CELLS_F2 ? 2 / (d2 - e2)
                                    : 4 / d2);
            }
            g_snprintf (c.name, sizeof c.name, "cells %s j=%.1f P=%d,%d",
                        cells_names[m], c.jitter, px, py);
            add_config (c);
          }
    }
}

static float
eval1 (TsrBasis basis, const TsrNoise2D *n, double x, double y)
{
  float out;

  tsr_noise2_row (basis, n, &x, &y, 1, &out);
  return out;
}

static GRand *
new_rand (void)
{
  return g_rand_new_with_seed (20240611);
}

/* ------------------------------------------------------------------ */
/* Ken Perlin's reference                                               */

/* An independent transcription of Ken Perlin's 2002 reference
 * ImprovedNoise (public domain), to compare seed-0 3D Perlin against. */
static const int ref_perm[256] = {
  151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140,
  36, 103, 30, 69, 142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120,
  234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117, 35, 11, 32, 57, 177, 33,
  88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175, 74, 165, 71,
  134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133,
  230, 220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161,
  1, 216, 80, 73, 209, 76, 132, 187, 208, 89, 18, 169, 200, 196, 135, 130,
  116, 188, 159, 86, 164, 100, 109, 198, 173, 186, 3, 64, 52, 217, 226, 250,
  124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206, 59, 227,
  47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44,
  154, 163, 70, 221, 153, 101, 155, 167, 43, 172, 9, 129, 22, 39, 253, 19, 98,
  108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218, 246, 97, 228, 251, 34,
  242, 193, 238, 210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14,
  239, 107, 49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204, 176, 115, 121,
  50, 45, 127, 4, 150, 254, 138, 236, 205, 93, 222, 114, 67, 29, 24, 72, 243,
  141, 128, 195, 78, 66, 215, 61, 156, 180
};

static int
ref_p (int i)
{
  return ref_perm[i & 255];
}

static double
ref_fade (double t)
{
  return t * t * t * (t * (t * 6 - 15) + 10);
}

static double
ref_lerp (double t, double a, double b)
{
  return a + t * (b - a);
}

static double
ref_grad (int hash, double x, double y, double z)
{
  int h = hash & 15;
  double u = h < 8 ? x : y;
  double v = h < 4 ? y : h == 12 || h == 14 ? x : z;

  return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

static double
ref_noise (double x, double y, double z)
{
  int X = (int) floor (x) & 255, Y = (int) floor (y) & 255,
      Z = (int) floor (z) & 255;
  double u, v, w;
  int A, AA, AB, B, BA, BB;

  x -= floor (x);
  y -= floor (y);
  z -= floor (z);
  u = ref_fade (x);
  v = ref_fade (y);
  w = ref_fade (z);
  A = ref_p (X) + Y;
  AA = ref_p (A) + Z;
  AB = ref_p (A + 1) + Z;
  B = ref_p (X + 1) + Y;
  BA = ref_p (B) + Z;
  BB = ref_p (B + 1) + Z;

  return ref_lerp (w,
           ref_lerp (v, ref_lerp (u, ref_grad (ref_p (AA), x, y, z),
                                  ref_grad (ref_p (BA), x - 1, y, z)),
                     ref_lerp (u, ref_grad (ref_p (AB), x, y - 1, z),
                               ref_grad (ref_p (BB), x - 1, y - 1, z))),
           ref_lerp (v, ref_lerp (u, ref_grad (ref_p (AA + 1), x, y, z - 1),
                                  ref_grad (ref_p (BA + 1), x - 1, y, z - 1)),
                     ref_lerp (u, ref_grad (ref_p (AB + 1), x, y - 1, z - 1),
                               ref_grad (ref_p (BB + 1), x - 1, y - 1,
                                         z - 1))));
}

static void
test_perlin_reference (void)
{
  const double p[3] = { 3.14, 42, 7 };
  double v = tsr_noise_sample (TSR_BASIS_PERLIN, 0, 3, p);
  GRand *rand = new_rand ();

  g_test_message ("perlin (0, 3, {3.14, 42, 7}) = %.17g", v);
  g_assert_cmpfloat_with_epsilon (v, 0.13691995878400012, 1e-15);

  /* The whole seed-0 3D function, bit for bit, including negative
   * coordinates and the 256-cell wrap of the table. */
  for (int i = 0; i < 20000; i++)
    {
      double q[3];

      for (int c = 0; c < 3; c++)
        q[c] = g_rand_double_range (rand, -600.0, 600.0);
      if (i % 4 == 0)
        q[i % 3] = floor (q[i % 3]);   /* lattice planes */
      g_assert_cmpfloat (tsr_noise_sample (TSR_BASIS_PERLIN, 0, 3, q), ==,
                         ref_noise (q[0], q[1], q[2]));
    }
  g_rand_free (rand);
}

/* ------------------------------------------------------------------ */
/* Known answers                                                        */

static const double kat_points[][4] = {
  { 0.25, 0.5, 0.75, 0.125 },
  { 3.14159, -2.71828, 1.41421, -1.73205 },
  { -17.3, 255.9, -0.001, 9.5 },
  { 1234.5678, -8765.4321, 42.42, -0.5 },
  { 100000.37, 3.0, -250000.61, 77.7 },
  { 7.0, 11.0, 13.0, 17.0 },
};

#define N_KAT_ROW_CONFIGS 14
#define N_KAT_POINTS      6

typedef struct
{
  TsrBasis     basis;
  TsrInterp    interp;
  gboolean     smooth;
  TsrCellsMode mode;
  float        jitter;
  gint32       px, py;
} KatConfig;

static const KatConfig kat_configs[N_KAT_ROW_CONFIGS] = {
  { TSR_BASIS_PERLIN, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 0, 0 },
  { TSR_BASIS_PERLIN, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 7, 3 },
  { TSR_BASIS_SIMPLEX, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 0, 0 },
  { TSR_BASIS_SIMPLEX, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 9, 0 },
  { TSR_BASIS_SIMPLEX, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 0, 4 },
  { TSR_BASIS_SIMPLEX, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 11, 6 },
  { TSR_BASIS_VALUE, TSR_INTERP_LINEAR, FALSE, TSR_CELLS_F1, 1, 0, 0 },
  { TSR_BASIS_VALUE, TSR_INTERP_COSINE, TRUE, TSR_CELLS_F1, 1, 5, 5 },
  { TSR_BASIS_VALUE, TSR_INTERP_CUBIC, FALSE, TSR_CELLS_F1, 1, 0, 2 },
  { TSR_BASIS_VALUE, TSR_INTERP_QUINTIC, TRUE, TSR_CELLS_F1, 1, 0, 0 },
  { TSR_BASIS_CELLS, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 1, 0, 0 },
  { TSR_BASIS_CELLS, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F2, 0.5f, 3, 0 },
  { TSR_BASIS_CELLS, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F2_MINUS_F1, 0.8f,
    0, 0 },
  { TSR_BASIS_CELLS, TSR_INTERP_QUINTIC, FALSE, TSR_CELLS_F1, 0.0f, 2, 1 },
};

/* Pinned outputs; generated by this test with TSR_NOISE_PRINT_KAT=1. */
static const float kat_row[N_KAT_ROW_CONFIGS][N_KAT_POINTS] = {
  { 4.04481441e-01f, 2.96598803e-02f, 8.64072368e-02f, -2.32381687e-01f, 8.70258510e-02f, 0.00000000e+00f },
  { -2.47974709e-01f, -1.88577935e-01f, 3.38399202e-01f, -6.75918385e-02f, -2.05819942e-02f, 0.00000000e+00f },
  { -6.97218716e-01f, 6.75265551e-01f, 6.18545972e-02f, -7.71095008e-02f, 7.10865200e-01f, 3.54729563e-01f },
  { 7.91120768e-01f, -6.51234508e-01f, 5.00876367e-01f, -2.08874747e-01f, 5.48433900e-01f, 1.70757219e-01f },
  { -1.76411882e-01f, 4.17041987e-01f, 6.30394220e-01f, 5.75584710e-01f, 4.91521209e-01f, -3.42027873e-01f },
  { -7.41580009e-01f, 6.59258485e-01f, 6.17891550e-01f, 7.14019239e-02f, 5.09865522e-01f, 1.33492738e-01f },
  { -1.44748047e-01f, 6.63852453e-01f, -8.93657863e-01f, 1.83775611e-02f, -9.04492438e-02f, -7.16554999e-01f },
  { 1.13452464e-01f, 2.94731379e-01f, 3.65071833e-01f, 6.67432398e-02f, -2.62440033e-02f, 3.10924530e-01f },
  { 1.17723331e-01f, 3.93005371e-01f, -1.66500047e-01f, 2.64111996e-01f, 1.62509874e-01f, -2.53588557e-01f },
  { 2.09051102e-01f, 1.52834058e-01f, 3.06643695e-01f, 3.09944838e-01f, 1.19872525e-01f, 7.53769577e-02f },
  { -4.05682445e-01f, -3.29947174e-01f, -3.04103911e-01f, -4.79188800e-01f, -2.30901361e-01f, 5.32361269e-02f },
  { -4.07747746e-01f, -6.10081732e-01f, -4.17962790e-01f, 1.37048721e-01f, -1.62027001e-01f, -3.24057579e-01f },
  { -7.89652526e-01f, -5.79639673e-02f, -6.10365689e-01f, -3.72257471e-01f, -7.87512064e-01f, -9.87375915e-01f },
  { -2.92893231e-01f, 1.86941862e-01f, 2.64910936e-01f, -7.28599906e-01f, 4.61232424e-01f, 9.99999881e-01f },
};

static const double kat_sample[TSR_BASIS_COUNT][3][N_KAT_POINTS] = {
  {
    { 3.3503796656698531e-01, -5.5132595859651738e-02, 4.5548588977774807e-01, -7.2505321635350994e-01, -3.7149025212021991e-01, 0.0000000000000000e+00 },
    { 1.1339998245239258e-01, -4.0408409829296776e-01, -2.3655594336475128e-02, -7.4864532392043159e-02, -2.4886043538481056e-01, 0.0000000000000000e+00 },
    { -1.5483165029198373e-01, 1.2482965667343120e-01, -1.7688246235615418e-01, -2.6520653700985086e-01, -9.7248154008418644e-04, 0.0000000000000000e+00 },
  },
  {
    { -7.1314704527579587e-01, 4.4231876480697124e-01, -8.0477131581849404e-01, -2.1875667560015796e-01, 6.9735688106375926e-01, -6.6251863914316744e-01 },
    { -3.9103546142578127e-01, 4.3280909373777765e-01, -3.8886603454792934e-01, 7.5756325842411509e-01, 6.0073399964287100e-01, -7.3286804108796588e-01 },
    { -9.5355539731389084e-03, -1.4024307848351604e-02, 2.7416824422389241e-02, 6.3717969265963559e-01, -5.4551820903639608e-02, 2.4429629588525251e-01 },
  },
  {
    { 2.8438423539046198e-01, -8.3451544307081216e-01, 7.3061675503650436e-01, 7.7248424669155741e-02, -4.3944418005026059e-01, 1.8328595161437988e-01 },
    { 2.7617773378005950e-01, -4.8910678536419078e-01, 4.1526964094653601e-01, -5.9378701006331802e-01, 7.1011056304668063e-01, -8.5859918594360352e-01 },
    { -7.1912753261232337e-02, 6.6949581489883481e-01, -4.1871617525846194e-01, 1.2690489519154247e-02, 1.6481929796289746e-01, 2.2587776184082031e-03 },
  },
  {
    { -7.1992642686996744e-01, -4.0160653388572509e-01, 5.5655675161313312e-02, -6.2285281140391691e-01, -4.8832976559196550e-01, -3.5337615545146273e-01 },
    { -2.0093316292637486e-01, -1.9235623627055709e-01, -1.9988011608512712e-02, -3.1019411393439222e-01, -2.4720630176883762e-01, -2.2953576584678981e-01 },
    { -4.0062647726192036e-01, -4.8128993487163751e-01, -2.9575373437782060e-01, -2.2520872738788111e-01, -2.1371029343484516e-01, -4.1830765927353508e-01 },
  },
};

static void
kat_compute (float row[N_KAT_ROW_CONFIGS][N_KAT_POINTS],
             double sample[TSR_BASIS_COUNT][3][N_KAT_POINTS])
{
  for (int c = 0; c < N_KAT_ROW_CONFIGS; c++)
    {
      const KatConfig *k = &kat_configs[c];
      TsrNoise2D n;
      double x[N_KAT_POINTS], y[N_KAT_POINTS];

      tsr_noise2d_init (&n, 1000 + c);
      n.interp = k->interp;
      n.smooth = k->smooth;
      n.cells_mode = k->mode;
      n.jitter = k->jitter;
      n.period_x = k->px;
      n.period_y = k->py;
      for (int i = 0; i < N_KAT_POINTS; i++)
        {
          x[i] = kat_points[i][0];
          y[i] = kat_points[i][1];
        }
      tsr_noise2_row (k->basis, &n, x, y, N_KAT_POINTS, row[c]);
    }
  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int d = 2; d <= 4; d++)
      for (int i = 0; i < N_KAT_POINTS; i++)
        sample[b][d - 2][i] = tsr_noise_sample ((TsrBasis) b, 99 + b, d,
                                                kat_points[i]);
}

static void
test_known_answers (void)
{
  static float row[N_KAT_ROW_CONFIGS][N_KAT_POINTS];
  static double sample[TSR_BASIS_COUNT][3][N_KAT_POINTS];

  kat_compute (row, sample);

  if (g_getenv ("TSR_NOISE_PRINT_KAT") != NULL)
    {
      printf ("/* kat_row */\n");
      for (int c = 0; c < N_KAT_ROW_CONFIGS; c++)
        {
          printf ("  {");
          for (int i = 0; i < N_KAT_POINTS; i++)
            printf (" %.8ef%s", row[c][i], i + 1 < N_KAT_POINTS ? "," : "");
          printf (" },\n");
        }
      printf ("/* kat_sample */\n");
      for (int b = 0; b < TSR_BASIS_COUNT; b++)
        {
          printf ("  {\n");
          for (int d = 0; d < 3; d++)
            {
              printf ("    {");
              for (int i = 0; i < N_KAT_POINTS; i++)
                printf (" %.16e%s", sample[b][d][i],
                        i + 1 < N_KAT_POINTS ? "," : "");
              printf (" },\n");
            }
          printf ("  },\n");
        }
      return;
    }

  /* Exact: the noise is a pure function of integer hashing and IEEE
   * +, -, *, /, sqrt, so every platform gives these bits. */
  for (int c = 0; c < N_KAT_ROW_CONFIGS; c++)
    for (int i = 0; i < N_KAT_POINTS; i++)
      if (row[c][i] != kat_row[c][i])
        g_error ("row config %d point %d: %.9g, pinned %.9g", c, i,
                 row[c][i], kat_row[c][i]);
  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int d = 0; d < 3; d++)
      for (int i = 0; i < N_KAT_POINTS; i++)
        if (sample[b][d][i] != kat_sample[b][d][i])
          g_error ("sample %s %dD point %d: %.17g, pinned %.17g",
                   tsr_basis_name ((TsrBasis) b), d + 2, i, sample[b][d][i],
                   kat_sample[b][d][i]);
}

/* ------------------------------------------------------------------ */
/* Range and spread                                                     */

#define RANGE_N 200000

static void
test_range_rows (void)
{
  GRand *rand = new_rand ();
  double *x = g_new (double, 4096), *y = g_new (double, 4096);
  float *out = g_new (float, 4096);
  gsize total = 0;

  for (guint ci = 0; ci < configs->len; ci++)
    {
      const Config *c = &g_array_index (configs, Config, ci);
      double lo = 1.0, hi = -1.0;
      TsrNoise2D n;

      for (int done = 0; done < RANGE_N; done += 4096)
        {
          config_to_noise (c, g_rand_int (rand), &n);
          for (int i = 0; i < 4096; i++)
            {
              x[i] = g_rand_double_range (rand, -3000.0, 3000.0);
              y[i] = g_rand_double_range (rand, -3000.0, 3000.0);
            }
          if (done == 0)
            {
              x[0] = 1e8 + 0.3;  /* far out, and large periods wraps */
              y[1] = -2e8 - 0.7;
            }
          tsr_noise2_row (c->basis, &n, x, y, 4096, out);
          for (int i = 0; i < 4096; i++)
            {
              if (!(out[i] >= -1.0f && out[i] <= 1.0f))
                g_error ("%s: %.9g at (%.17g, %.17g)", c->name, out[i], x[i],
                         y[i]);
              lo = MIN (lo, out[i]);
              hi = MAX (hi, out[i]);
            }
          total += 4096;
        }
      g_test_message ("%-32s min %+.4f max %+.4f", c->name, lo, hi);
      if (c->basis == TSR_BASIS_CELLS)
        {
          g_assert_cmpfloat (lo, <=, -c->spread);
          g_assert_cmpfloat (hi, >=, c->spread_hi);
        }
      else
        {
          g_assert_cmpfloat (lo, <=, -c->spread);
          g_assert_cmpfloat (hi, >=, c->spread);
        }
    }
  g_test_message ("%" G_GSIZE_FORMAT " row samples", total);
  g_assert_cmpuint (total, >=, 10000000);
  g_free (x);
  g_free (y);
  g_free (out);
  g_rand_free (rand);
}

static void
test_range_samples (void)
{
  /* Expected spread per basis and dimension: (lower, upper) reached.
   * Cellular F1 is mapped by its exact supremum sqrt (dims), which
   * random samples approach only in 2D. */
  static const double spread[TSR_BASIS_COUNT][3][2] = {
    { { 0.75, 0.75 }, { 0.65, 0.65 }, { 0.45, 0.45 } },
    { { 0.9, 0.9 }, { 0.9, 0.9 }, { 0.8, 0.8 } },
    { { 0.9, 0.9 }, { 0.9, 0.9 }, { 0.85, 0.85 } },
    { { 0.95, 0.3 }, { 0.9, 0.1 }, { 0.8, -0.1 } },
  };
  GRand *rand = new_rand ();

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int d = 2; d <= 4; d++)
      {
        int n = (b == TSR_BASIS_CELLS && d == 4) ? RANGE_N / 10 : RANGE_N;
        double lo = 1.0, hi = -1.0;

        for (int i = 0; i < n; i++)
          {
            double p[4], v;

            for (int c = 0; c < d; c++)
              p[c] = g_rand_double_range (rand, -3000.0, 3000.0);
            v = tsr_noise_sample ((TsrBasis) b, (guint32) i % 97, d, p);
            if (!(v >= -1.0 && v <= 1.0))
              g_error ("%s %dD: %.17g", tsr_basis_name ((TsrBasis) b), d, v);
            lo = MIN (lo, v);
            hi = MAX (hi, v);
          }
        g_test_message ("sample %-8s %dD min %+.4f max %+.4f",
                        tsr_basis_name ((TsrBasis) b), d, lo, hi);
        g_assert_cmpfloat (lo, <=, -spread[b][d - 2][0]);
        g_assert_cmpfloat (hi, >=, spread[b][d - 2][1]);
      }
  g_rand_free (rand);
}

/* ------------------------------------------------------------------ */
/* Continuity                                                           */

static void
check_lipschitz (const Config *c, TsrNoise2D *n, double x, double y,
                 double eps, double *worst)
{
  float f = eval1 (c->basis, n, x, y);
  float fx = eval1 (c->basis, n, x + eps, y);
  float fy = eval1 (c->basis, n, x, y + eps);
  double slope = MAX (fabs (fx - f), fabs (fy - f)) / eps;

  /* float rounding of fractions and sums: a few 1e-7 absolute */
  if (MAX (fabs (fx - f), fabs (fy - f)) > c->lipschitz * eps + 3e-6)
    g_error ("%s: jump %.3g over %.3g at (%.17g, %.17g)", c->name,
             MAX (fabs (fx - f), fabs (fy - f)), eps, x, y);
  *worst = MAX (*worst, slope);
}

static void
test_continuity (void)
{
  GRand *rand = new_rand ();

  for (guint ci = 0; ci < configs->len; ci++)
    {
      const Config *c = &g_array_index (configs, Config, ci);
      double worst = 0.0;
      TsrNoise2D n;

      config_to_noise (c, 4321 + ci, &n);
      for (int i = 0; i < 6000; i++)
        {
          double x = g_rand_double_range (rand, -500.0, 500.0);
          double y = g_rand_double_range (rand, -500.0, 500.0);

          /* also straddle lattice lines and period boundaries */
          if (i % 3 == 1)
            x = floor (x) - 5e-4;
          if (i % 3 == 2 && c->px > 0)
            x = c->px * floor (x / c->px) - 5e-4;
          if (i % 5 == 4 && c->py > 0)
            y = c->py * floor (y / c->py) - 5e-4;
          check_lipschitz (c, &n, x, y, 1e-3, &worst);
          check_lipschitz (c, &n, x, y, 1e-5, &worst);
        }
      g_test_message ("%-32s steepest %.3f (K %.1f)", c->name, worst,
                      c->lipschitz);
    }
  g_rand_free (rand);
}

static void
test_continuity_samples (void)
{
  static const double K[TSR_BASIS_COUNT] = { 4.0, 12.0, 5.0, 3.0 };
  GRand *rand = new_rand ();

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int d = 2; d <= 4; d++)
      {
        int n = b == TSR_BASIS_CELLS && d == 4 ? 500 : 5000;

        for (int i = 0; i < n; i++)
          {
            double p[4], q[4];
            int axis = i % d;
            double f, g;

            for (int c = 0; c < d; c++)
              p[c] = q[c] = g_rand_double_range (rand, -300.0, 300.0);
            if (i % 2)
              p[axis] = q[axis] = floor (p[axis]) - 5e-7;
            q[axis] += 1e-6;
            f = tsr_noise_sample ((TsrBasis) b, 5, d, p);
            g = tsr_noise_sample ((TsrBasis) b, 5, d, q);
            if (fabs (f - g) > K[b] * 1e-6 + 1e-12)
              g_error ("%s %dD: jump %.3g", tsr_basis_name ((TsrBasis) b), d,
                       fabs (f - g));
          }
      }
  g_rand_free (rand);
}

/* ------------------------------------------------------------------ */
/* Periodicity                                                          */

/* A coordinate on a 1/1024 grid: x + k P is exact, so both sides see the
 * same fraction. */
static double
grid_coord (GRand *rand, double range)
{
  return g_rand_int_range (rand, (gint32) (-range * 1024),
                           (gint32) (range * 1024)) / 1024.0;
}

static void
test_periodic (void)
{
  static const gint32 period_list[] = { 1, 2, 3, 4, 5, 7, 13, 37, 64, 100,
                                        255, 1000, 4096, 65535 };
  GRand *rand = new_rand ();
  double scaled_worst = 0.0;

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int variant = 0; variant < 6; variant++)
      for (int trial = 0; trial < 40; trial++)
        {
          TsrNoise2D n;
          gint32 px, py;
          gboolean scaled = b == TSR_BASIS_SIMPLEX;   /* lattice stretched to fit */

          tsr_noise2d_init (&n, g_rand_int (rand));
          n.interp = (TsrInterp) (variant % TSR_INTERP_COUNT);
          n.smooth = variant >= 4;
          n.cells_mode = (TsrCellsMode) (variant % TSR_CELLS_COUNT);
          n.jitter = (float) g_rand_double (rand);
          px = trial % 4 == 1 ? 0
               : trial < 14 ? period_list[trial]
               : g_rand_int_range (rand, 1, 3000);
          py = trial % 4 == 2 ? 0
               : trial < 14 ? period_list[13 - trial]
               : g_rand_int_range (rand, 1, 3000);
          n.period_x = px;
          n.period_y = py;

          for (int i = 0; i < 60; i++)
            {
              double x = grid_coord (rand, 5000.0), y = grid_coord (rand, 5000.0);
              float f = eval1 ((TsrBasis) b, &n, x, y);

              for (int k = -2; k <= 2; k++)
                for (int m = -2; m <= 2; m++)
                  {
                    float g;

                    if ((k == 0 && m == 0) || (px == 0 && k) || (py == 0 && m))
                      continue;
                    g = eval1 ((TsrBasis) b, &n, x + (double) k * px,
                               y + (double) m * py);
                    if (scaled)
                      {
                        scaled_worst = MAX (scaled_worst, fabs (g - f));
                        if (fabs (g - f) > 2e-6)
                          g_error ("simplex P=%d,%d: f(%.17g + %d P, %.17g + "
                                   "%d P) = %.9g, f = %.9g", px, py, x, k, y,
                                   m, g, f);
                      }
                    else if (g != f)
                      g_error ("%s v%d P=%d,%d: f(%.17g + %d P, %.17g + %d P)"
                               " = %.9g, f = %.9g",
                               tsr_basis_name ((TsrBasis) b), variant, px, py,
                               x, k, y, m, g, f);
                  }
            }
        }
  g_test_message ("simplex: largest periodic mismatch %.3g", scaled_worst);
  g_rand_free (rand);
}

/* Periods beyond every clamped coordinate wrap nothing at x, y >= 0: the
 * noise equals the unwrapped one there (exercises the wrap helpers near
 * G_MAXINT32), and stays in range and continuous elsewhere. */
static void
test_huge_periods (void)
{
  static const gint32 huge[] = { (1 << 29) + 7, (1 << 30) + 3, G_MAXINT32 - 1,
                                 G_MAXINT32 };
  GRand *rand = new_rand ();

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (guint h = 0; h < G_N_ELEMENTS (huge); h++)
      {
        TsrNoise2D n, flat;

        tsr_noise2d_init (&n, 4);
        tsr_noise2d_init (&flat, 4);
        n.period_x = huge[h];
        n.period_y = huge[G_N_ELEMENTS (huge) - 1 - h];
        for (int i = 0; i < 3000; i++)
          {
            double x = g_rand_double_range (rand, 0.0, 2.6e8);
            double y = g_rand_double_range (rand, 0.0, 2.6e8);
            double nx = -g_rand_double_range (rand, 0.0, 2.6e8);
            float f = eval1 ((TsrBasis) b, &n, nx, y);

            if (b != TSR_BASIS_SIMPLEX)
              g_assert_cmpfloat (eval1 ((TsrBasis) b, &n, x, y), ==,
                                 eval1 ((TsrBasis) b, &flat, x, y));
            g_assert_true (f >= -1.0f && f <= 1.0f);
            g_assert_cmpfloat (fabs (eval1 ((TsrBasis) b, &n, nx + 1e-4, y)
                                     - f), <, 30 * 1e-4);
          }
      }
  g_rand_free (rand);
}

/* Without a period, shifting by the would-be period changes the value;
 * with a period, shifting by anything else does too. */
static void
test_not_periodic (void)
{
  GRand *rand = new_rand ();

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int with_period = 0; with_period < 2; with_period++)
      {
        TsrNoise2D n;
        int same = 0, total = 0;

        tsr_noise2d_init (&n, 77);
        n.period_x = with_period ? 16 : 0;
        n.period_y = with_period ? 16 : 0;
        for (int i = 0; i < 4000; i++)
          {
            double x = grid_coord (rand, 1000.0), y = grid_coord (rand, 1000.0);
            double shift = with_period ? 16 + g_rand_int_range (rand, 1, 15)
                                       : 16 * g_rand_int_range (rand, 1, 9);
            float f = eval1 ((TsrBasis) b, &n, x, y);

            same += f == eval1 ((TsrBasis) b, &n, x + shift, y);
            same += f == eval1 ((TsrBasis) b, &n, x, y + shift);
            total += 2;
          }
        g_test_message ("%s %s: %d of %d equal", tsr_basis_name ((TsrBasis) b),
                        with_period ? "P=16, other shifts" : "no period", same,
                        total);
        /* cellular noise is flat-topped only at -1 (on a feature point):
         * equal values are rare for every basis */
        g_assert_cmpint (same, <, total / 100);
      }
  g_rand_free (rand);
}

/* ------------------------------------------------------------------ */
/* Determinism                                                          */

static void
test_split_invariance (void)
{
  GRand *rand = new_rand ();
  const int N = 777;
  double *x = g_new (double, N), *y = g_new (double, N);
  float *whole = g_new (float, N), *parts = g_new (float, N);

  for (guint ci = 0; ci < configs->len; ci += 1)
    {
      const Config *c = &g_array_index (configs, Config, ci);
      TsrNoise2D n;

      config_to_noise (c, 99, &n);
      for (int i = 0; i < N; i++)
        {
          x[i] = g_rand_double_range (rand, -100.0, 100.0);
          y[i] = i % 2 ? y[i - 1] : g_rand_double_range (rand, -100.0, 100.0);
        }
      tsr_noise2_row (c->basis, &n, x, y, N, whole);

      /* one by one */
      for (int i = 0; i < N; i++)
        parts[i] = eval1 (c->basis, &n, x[i], y[i]);
      g_assert_cmpmem (whole, N * sizeof (float), parts, N * sizeof (float));

      /* random splits, from odd offsets */
      memset (parts, 0, N * sizeof (float));
      for (int i = 0; i < N;)
        {
          int len = g_rand_int_range (rand, 1, 80);

          len = MIN (len, N - i);  /* (MIN evaluates its arguments twice) */

          tsr_noise2_row (c->basis, &n, x + i, y + i, len, parts + i);
          i += len;
        }
      g_assert_cmpmem (whole, N * sizeof (float), parts, N * sizeof (float));
    }
  g_free (x);
  g_free (y);
  g_free (whole);
  g_free (parts);
  g_rand_free (rand);
}

static double
correlation (const float *a, const float *b, int n)
{
  double ma = 0, mb = 0, sab = 0, saa = 0, sbb = 0;

  for (int i = 0; i < n; i++)
    {
      ma += a[i];
      mb += b[i];
    }
  ma /= n;
  mb /= n;
  for (int i = 0; i < n; i++)
    {
      sab += (a[i] - ma) * (b[i] - mb);
      saa += (a[i] - ma) * (a[i] - ma);
      sbb += (b[i] - mb) * (b[i] - mb);
    }
  return sab / sqrt (saa * sbb);
}

static void
test_seeds (void)
{
  GRand *rand = new_rand ();
  const int N = 20000;
  double *x = g_new (double, N), *y = g_new (double, N);
  float *a = g_new (float, N), *b = g_new (float, N);

  for (int i = 0; i < N; i++)
    {
      x[i] = g_rand_double_range (rand, -2000.0, 2000.0);
      y[i] = g_rand_double_range (rand, -2000.0, 2000.0);
    }
  for (guint ci = 0; ci < configs->len; ci++)
    {
      const Config *c = &g_array_index (configs, Config, ci);
      TsrNoise2D n;
      int same = 0;
      double r;

      config_to_noise (c, 1, &n);
      tsr_noise2_row (c->basis, &n, x, y, N, a);
      config_to_noise (c, 2, &n);
      tsr_noise2_row (c->basis, &n, x, y, N, b);
      for (int i = 0; i < N; i++)
        same += a[i] == b[i];
      r = correlation (a, b, N);
      if (c->basis == TSR_BASIS_CELLS && c->jitter == 0.0f)
        {
          /* jitter 0: a regular grid, the same for every seed */
          g_assert_cmpint (same, ==, N);
          continue;
        }
      /* Simplex noise near a lattice vertex is that vertex's kernel
       * alone, so two seeds that picked the same gradient there agree
       * exactly: about 1 % of samples with 12 (3D) gradients. */
      if (same >= (c->basis == TSR_BASIS_SIMPLEX ? N / 30 : N / 100))
        g_error ("%s: seeds 1 and 2 agree at %d of %d points", c->name, same,
                 N);
      /* cellular noise with jitter < 1 keeps a grid that every seed
       * shares, so only fully jittered cells are uncorrelated */
      if (c->basis == TSR_BASIS_CELLS && c->jitter < 1.0f)
        continue;
      /* a 16 x 16 torus holds too few independent lattice values for a
       * correlation estimate of +-0.05 */
      if (c->px > 0 && c->py > 0)
        continue;
      if (fabs (r) > 0.05)
        g_error ("%s: seeds 1 and 2 correlate, r = %.3f", c->name, r);
    }

  /* raw samples */
  for (int bs = 0; bs < TSR_BASIS_COUNT; bs++)
    for (int d = 2; d <= 4; d++)
      {
        int n = bs == TSR_BASIS_CELLS && d == 4 ? 2000 : N;
        int same = 0;

        for (int i = 0; i < n; i++)
          {
            double p[4] = { x[i], y[i], x[N - 1 - i], y[N - 1 - i] };

            a[i] = (float) tsr_noise_sample ((TsrBasis) bs, 0, d, p);
            b[i] = (float) tsr_noise_sample ((TsrBasis) bs, 1, d, p);
            same += a[i] == b[i];
          }
        g_assert_cmpint (same, <, bs == TSR_BASIS_SIMPLEX ? n / 30 : n / 100);
        g_assert_cmpfloat (fabs (correlation (a, b, n)), <, 0.07);
      }
  g_free (x);
  g_free (y);
  g_free (a);
  g_free (b);
  g_rand_free (rand);
}

/* The double sample path and the float row path are two implementations
 * of the same functions (period 0, quintic value noise, cells F1 jitter 1). */
static void
test_row_vs_sample (void)
{
  GRand *rand = new_rand ();

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    {
      TsrNoise2D n;
      double worst = 0.0;

      tsr_noise2d_init (&n, 31337);
      for (int i = 0; i < 50000; i++)
        {
          double p[2] = { g_rand_double_range (rand, -5000.0, 5000.0),
                          g_rand_double_range (rand, -5000.0, 5000.0) };
          double s = tsr_noise_sample ((TsrBasis) b, 31337, 2, p);
          float r = eval1 ((TsrBasis) b, &n, p[0], p[1]);

          worst = MAX (worst, fabs (s - r));
        }
      g_test_message ("%s: row vs sample %.3g", tsr_basis_name ((TsrBasis) b),
                      worst);
      g_assert_cmpfloat (worst, <, 2e-5);
    }
  g_rand_free (rand);
}

/* ------------------------------------------------------------------ */
/* Basis details                                                        */

/* Value noise passes through its lattice values; smoothing is Elias'
 * corners / 16 + sides / 8 + centre / 4. */
static void
test_value_lattice (void)
{
  for (int s = 0; s < 2; s++)
    for (int i = 0; i < TSR_INTERP_COUNT; i++)
      for (int p = 0; p < 2; p++)
        {
          TsrNoise2D n;

          tsr_noise2d_init (&n, 5);
          n.interp = (TsrInterp) i;
          n.smooth = s;
          n.period_x = n.period_y = p ? 6 : 0;
          for (int y = -8; y <= 8; y++)
            for (int x = -8; x <= 8; x++)
              {
                double want = 0.0;
                float got = eval1 (TSR_BASIS_VALUE, &n, x, y);

                for (int dy = -1; dy <= 1; dy++)
                  for (int dx = -1; dx <= 1; dx++)
                    {
                      double w = s ? (dx ? 0.5 : 1.0) * (dy ? 0.5 : 1.0) / 4.0
                                   : (dx || dy) ? 0.0 : 1.0;
                      guint32 h = tsr_hash2 (5, tsr_wrap (x + dx, n.period_x),
                                             tsr_wrap (y + dy, n.period_y));

                      want += w * tsr_lattice_value (h);
                    }
                if (i == TSR_INTERP_CUBIC)
                  want *= 0.64;
                g_assert_cmpfloat_with_epsilon (got, want, 2e-7);
              }
        }
}

/* Perlin noise vanishes on the lattice. */
static void
test_perlin_lattice_zero (void)
{
  TsrNoise2D n;

  tsr_noise2d_init (&n, 8);
  for (int y = -5; y <= 5; y++)
    for (int x = -5; x <= 5; x++)
      {
        double p[4] = { x, y, x - y, 2 * x };

        g_assert_cmpfloat (eval1 (TSR_BASIS_PERLIN, &n, x, y), ==, 0.0f);
        for (int d = 2; d <= 4; d++)
          g_assert_cmpfloat (fabs (tsr_noise_sample (TSR_BASIS_PERLIN, 8, d,
                                                     p)), ==, 0.0);
      }
}

/* Cellular noise against a brute-force search of the 9x9 cells around the
 * sample: the 21-cell search and the ring skip must never miss F1 / F2. */
static void
test_cells_brute_force (void)
{
  static const float jitters[] = { 0.0f, 0.25f, 0.5f, 0.8f, 1.0f };
  static const gint32 periods[] = { 0, 1, 2, 3, 7 };
  GRand *rand = new_rand ();

  for (guint ji = 0; ji < G_N_ELEMENTS (jitters); ji++)
    for (guint pi = 0; pi < G_N_ELEMENTS (periods); pi++)
      for (int m = 0; m < TSR_CELLS_COUNT; m++)
        {
          const float j = jitters[ji];
          const gint32 P = periods[pi];
          double d1max = G_SQRT2 * (1.0 + j) / 2.0;
          double d2max = sqrt ((1 + j / 2.0) * (1 + j / 2.0)
                               + (j / 2.0) * (j / 2.0));
          double e2 = (1 - j) / 2.0;
          TsrNoise2D n;

          tsr_noise2d_init (&n, 606 + m);
          n.jitter = j;
          n.cells_mode = (TsrCellsMode) m;
          n.period_x = P;
          n.period_y = P ? P + 1 : 0;
          for (int i = 0; i < 3000; i++)
            {
              double x = g_rand_double_range (rand, -200.0, 200.0);
              double y = g_rand_double_range (rand, -200.0, 200.0);
              double f1 = G_MAXDOUBLE, f2 = G_MAXDOUBLE, want;
              gint32 cx = (gint32) floor (x), cy = (gint32) floor (y);

              /* near corners and edges, where far cells matter most */
              if (i % 4 == 1)
                x = cx + g_rand_double_range (rand, 0.0, 0.02);
              if (i % 4 == 2)
                y = cy + 1 - g_rand_double_range (rand, 0.0, 0.02);
              for (int dy = -4; dy <= 4; dy++)
                for (int dx = -4; dx <= 4; dx++)
                  {
                    guint32 h = tsr_hash2 (n.seed, tsr_wrap (cx + dx, n.period_x),
                                           tsr_wrap (cy + dy, n.period_y));
                    double fx = cx + dx + 0.5 + j * ((h >> 16) / 65536.0 - 0.5);
                    double fy = cy + dy + 0.5
                                + j * ((h & 0xffff) / 65536.0 - 0.5);
                    double d = hypot (fx - x, fy - y);

                    if (d < f1)
                      {
                        f2 = f1;
                        f1 = d;
                      }
                    else if (d < f2)
                      f2 = d;
                  }
              want = m == TSR_CELLS_F1 ? 2 * f1 / d1max - 1
                     : m == TSR_CELLS_F2 ? 2 * (f2 - e2) / (d2max - e2) - 1
                     : 2 * (f2 - f1) / d2max - 1;
              if (fabs (eval1 (TSR_BASIS_CELLS, &n, x, y) - want) > 2e-5)
                g_error ("cells %s jitter %g P=%d at (%.17g, %.17g): %.9g, "
                         "brute force %.9g", cells_names[m], j, P, x, y,
                         eval1 (TSR_BASIS_CELLS, &n, x, y), want);
            }
        }
  g_rand_free (rand);
}

/* Internal helpers the row loops rely on. */
static void
test_helpers (void)
{
  GRand *rand = new_rand ();

  for (int i = 0; i < 200000; i++)
    {
      guint32 s = g_rand_int (rand);
      gint32 x = (gint32) g_rand_int (rand), y = (gint32) g_rand_int (rand);
      gint32 z = (gint32) g_rand_int (rand), w = (gint32) g_rand_int (rand);
      gint32 p = i % 3 ? g_rand_int_range (rand, 1, 40)
                       : g_rand_int_range (rand, 1, G_MAXINT32);
      gint32 v = g_rand_int_range (rand, -(1 << 29), 1 << 29);
      double c = g_rand_double_range (rand, -TSR_COORD_LIMIT, TSR_COORD_LIMIT);
      float frac;
      gint32 cell;

      g_assert_cmpuint (tsr_hash2_from1 (tsr_hash1 (s, x), y), ==,
                        tsr_hash2 (s, x, y));
      g_assert_cmpuint (tsr_hash3_from2 (tsr_hash2 (s, x, y), z), ==,
                        tsr_hash3 (s, x, y, z));
      g_assert_cmpuint (tsr_hash4_from3 (tsr_hash3 (s, x, y, z), w), ==,
                        tsr_hash4 (s, x, y, z, w));
      g_assert_cmpint (tsr_wrap_v (v, p, 1.0 / p), ==, tsr_wrap (v, p));
      g_assert_cmpint (tsr_wrap_v (v, 0, 0.0), ==, v);
      for (gint32 d = -3; d <= 3; d++)
        g_assert_cmpint (tsr_wrap_add (tsr_wrap (v, p), d, p), ==,
                         tsr_wrap (v + d, p));

      if (i % 4 == 0)
        c = floor (c) + (i % 8 ? 0.0 : -1e-12);
      cell = tsr_split (c, &frac);
      g_assert_cmpfloat (frac, >=, 0.0f);
      g_assert_cmpfloat (frac, <=, 1.0f);
      g_assert_cmpfloat (fabs (cell + (double) frac - c), <=,
                         1e-7 * MAX (1.0, fabs (c) * 1e-9) + 1.2e-7);
      g_assert_cmpfloat (tsr_floor_d (c), ==, floor (c));
    }

  /* tsr_wrap_block, on its fast path (a short run of a row) and off it */
  for (int i = 0; i < 20000; i++)
    {
      gint32 cells[TSR_BLOCK], w[TSR_BLOCK];
      gint32 p = i % 2 ? g_rand_int_range (rand, 1, 9)
                       : g_rand_int_range (rand, 1, G_MAXINT32);
      gint32 start = g_rand_int_range (rand, -(1 << 28), 1 << 28);

      for (int k = 0; k < TSR_BLOCK; k++)
        cells[k] = i % 3 == 0 ? g_rand_int_range (rand, -(1 << 28), 1 << 28)
                   : start + k * (i % 3);
      tsr_wrap_block (cells, p, 1.0 / p, w);
      for (int k = 0; k < TSR_BLOCK; k++)
        g_assert_cmpint (w[k], ==, tsr_wrap (cells[k], p));
    }
  g_rand_free (rand);
}

/* ------------------------------------------------------------------ */
/* Non-finite input                                                     */

static void
test_non_finite (void)
{
  const double bad[] = { NAN, INFINITY, -INFINITY, 1e300, -1e300,
                         TSR_COORD_LIMIT, -TSR_COORD_LIMIT, 0.0 };
  const int nb = G_N_ELEMENTS (bad);
  double x[G_N_ELEMENTS (bad) * G_N_ELEMENTS (bad)];
  double y[G_N_ELEMENTS (bad) * G_N_ELEMENTS (bad)];
  float out[G_N_ELEMENTS (bad) * G_N_ELEMENTS (bad)];

  for (int i = 0; i < nb; i++)
    for (int j = 0; j < nb; j++)
      {
        x[i * nb + j] = bad[i];
        y[i * nb + j] = bad[j];
      }

  for (guint ci = 0; ci < configs->len; ci++)
    {
      const Config *c = &g_array_index (configs, Config, ci);
      TsrNoise2D n;

      config_to_noise (c, 3, &n);
      tsr_noise2_row (c->basis, &n, x, y, nb * nb, out);
      for (int k = 0; k < nb * nb; k++)
        {
          g_assert_true (out[k] >= -1.0f && out[k] <= 1.0f);
          /* documented: NaN and -inf act as -2^28, +inf as +2^28 */
          if (isnan (x[k]) || isinf (x[k]) || isnan (y[k]) || isinf (y[k]))
            {
              double cx = isnan (x[k]) || x[k] < 0 ? -TSR_COORD_LIMIT
                          : isinf (x[k]) ? TSR_COORD_LIMIT : x[k];
              double cy = isnan (y[k]) || y[k] < 0 ? -TSR_COORD_LIMIT
                          : isinf (y[k]) ? TSR_COORD_LIMIT : y[k];

              if (fabs (cx) < TSR_COORD_LIMIT)
                cx = x[k];
              if (fabs (cy) < TSR_COORD_LIMIT)
                cy = y[k];
              g_assert_cmpfloat (out[k], ==, eval1 (c->basis, &n, cx, cy));
            }
        }
    }

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    for (int d = 2; d <= 4; d++)
      for (int i = 0; i < nb; i++)
        {
          double p[4] = { bad[i], 0.5, bad[nb - 1 - i], bad[i] };
          double v = tsr_noise_sample ((TsrBasis) b, 1, d, p);

          g_assert_true (v >= -1.0 && v <= 1.0);
        }

  /* trig: NaN for non-finite, exact for huge (integral) turns */
  g_assert_true (isnan (tsr_sin_turns (NAN)));
  g_assert_true (isnan (tsr_cos_turns (INFINITY)));
  g_assert_true (isnan (tsr_sin_turns (-INFINITY)));
  g_assert_cmpfloat (tsr_sin_turns (1e300), ==, 0.0);
  g_assert_cmpfloat (tsr_cos_turns (-1e20), ==, 1.0);
}

/* ------------------------------------------------------------------ */
/* Trig                                                                 */

static void
test_trig (void)
{
  GRand *rand = new_rand ();
  double worst = 0.0;
  static const double ranges[] = { 0.5, 4.0, 1000.0, 1e6, 1e9 };

  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    for (int i = 0; i < 400000; i++)
      {
        double t = g_rand_double_range (rand, -ranges[r], ranges[r]);
        /* exact reduction first, so that libm's error at 2 pi t does not
         * count against ours */
        double red = t - nearbyint (t);
        double es = fabs (tsr_sin_turns (t) - sin (2 * G_PI * red));
        double ec = fabs (tsr_cos_turns (t) - cos (2 * G_PI * red));

        worst = MAX (worst, MAX (es, ec));
        if (fabs (t) < TSR_COORD_LIMIT)
          {
            g_assert_cmpfloat (tsr_sin_turns (t), ==, tsr_sin_turns_i (t));
            g_assert_cmpfloat (tsr_cos_turns (t), ==, tsr_cos_turns_i (t));
          }
      }
  g_test_message ("trig: largest error against libm %.3g", worst);
  g_assert_cmpfloat (worst, <, 1e-9);

  /* exact at quarter turns, odd/even, bounded */
  for (int q = -40; q <= 40; q++)
    {
      static const double s[4] = { 0, 1, 0, -1 };
      double t = q / 4.0;
      int m = ((q % 4) + 4) % 4;

      g_assert_cmpfloat (tsr_sin_turns (t), ==, s[m]);
      g_assert_cmpfloat (tsr_cos_turns (t), ==, s[(m + 1) % 4]);
    }
  for (int i = 0; i < 100000; i++)
    {
      double t = g_rand_double_range (rand, -10.0, 10.0);

      g_assert_cmpfloat (fabs (tsr_sin_turns (t)), <=, 1.0);
      g_assert_cmpfloat (fabs (tsr_cos_turns (t)), <=, 1.0);
      g_assert_cmpfloat (fabs (tsr_sin_turns (-t) + tsr_sin_turns (t)), <,
                         1e-15);
      g_assert_cmpfloat (fabs (tsr_sin_turns (t + 0.25) - tsr_cos_turns (t)),
                         <, 1e-14);
    }
  g_rand_free (rand);
}

/* ------------------------------------------------------------------ */
/* Names and API edges                                                  */

static void
test_names (void)
{
  static const char *names[] = { "perlin", "simplex", "value", "cells" };

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    {
      TsrBasis back = TSR_BASIS_COUNT;

      g_assert_cmpstr (tsr_basis_name ((TsrBasis) b), ==, names[b]);
      g_assert_true (tsr_basis_from_name (names[b], &back));
      g_assert_cmpint (back, ==, b);
    }
  g_assert_null (tsr_basis_name (TSR_BASIS_COUNT));
  g_assert_false (tsr_basis_from_name ("Perlin", NULL));
  g_assert_false (tsr_basis_from_name ("worley", NULL));
  g_assert_false (tsr_basis_from_name ("", NULL));
  g_assert_false (tsr_basis_from_name (NULL, NULL));
}

static void
test_defaults (void)
{
  TsrNoise2D n;
  float out = 42.0f;

  memset (&n, 0xff, sizeof n);
  tsr_noise2d_init (&n, 7);
  g_assert_cmpuint (n.seed, ==, 7);
  g_assert_cmpint (n.period_x, ==, 0);
  g_assert_cmpint (n.period_y, ==, 0);
  g_assert_cmpint (n.interp, ==, TSR_INTERP_QUINTIC);
  g_assert_false (n.smooth);
  g_assert_cmpint (n.cells_mode, ==, TSR_CELLS_F1);
  g_assert_cmpfloat (n.jitter, ==, 1.0f);

  /* n = 0 touches nothing; negative periods mean none; jitter is clamped */
  tsr_noise2_row (TSR_BASIS_PERLIN, &n, NULL, NULL, 0, NULL);
  tsr_noise2_row (TSR_BASIS_CELLS, &n, NULL, NULL, 0, &out);
  g_assert_cmpfloat (out, ==, 42.0f);
  {
    TsrNoise2D a, b;

    tsr_noise2d_init (&a, 7);
    tsr_noise2d_init (&b, 7);
    b.period_x = -5;
    b.period_y = -1;
    for (int basis = 0; basis < TSR_BASIS_COUNT; basis++)
      g_assert_cmpfloat (eval1 ((TsrBasis) basis, &a, -3.3, 7.7), ==,
                         eval1 ((TsrBasis) basis, &b, -3.3, 7.7));
    b = a;
    b.jitter = 7.0f;
    g_assert_cmpfloat (eval1 (TSR_BASIS_CELLS, &a, 1.3, 2.7), ==,
                       eval1 (TSR_BASIS_CELLS, &b, 1.3, 2.7));
    b.jitter = NAN;
    g_assert_cmpfloat (eval1 (TSR_BASIS_CELLS, &a, 1.3, 2.7), ==,
                       eval1 (TSR_BASIS_CELLS, &b, 1.3, 2.7));
  }
}

/* Every basis in every dimension is defined for every finite input, the
 * largest included (near them the lattice indices once overflowed). */
static void
test_extreme_coordinates (void)
{
  static const double values[] = { 2.5e8, -2.5e8, 268435456.0, 268435456.5, -2147483648.0,
                                   2147483648.0, 1e15, -1e300, 1e300, 0.0 };
  for (guint b = 0; b < TSR_BASIS_COUNT; b++)
    for (int dims = 2; dims <= 4; dims++)
      for (guint a = 0; a < G_N_ELEMENTS (values); a++)
        for (guint c = 0; c < G_N_ELEMENTS (values); c++)
          {
            const double p[4] = { values[a], values[c], values[a], values[a] };
            double v = tsr_noise_sample ((TsrBasis) b, 7, dims, p);
            if (!(v >= -1.0 && v <= 1.0))
              g_error ("%s %dD at (%g, %g, ...): %g", tsr_basis_name ((TsrBasis) b), dims,
                       p[0], p[1], v);
          }
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  build_configs ();

  g_test_add_func ("/core/noise/perlin-reference", test_perlin_reference);
  g_test_add_func ("/core/noise/extreme-coordinates", test_extreme_coordinates);
  g_test_add_func ("/core/noise/known-answers", test_known_answers);
  g_test_add_func ("/core/noise/range-rows", test_range_rows);
  g_test_add_func ("/core/noise/range-samples", test_range_samples);
  g_test_add_func ("/core/noise/continuity", test_continuity);
  g_test_add_func ("/core/noise/continuity-samples", test_continuity_samples);
  g_test_add_func ("/core/noise/periodic", test_periodic);
  g_test_add_func ("/core/noise/huge-periods", test_huge_periods);
  g_test_add_func ("/core/noise/not-periodic", test_not_periodic);
  g_test_add_func ("/core/noise/split-invariance", test_split_invariance);
  g_test_add_func ("/core/noise/seeds", test_seeds);
  g_test_add_func ("/core/noise/row-vs-sample", test_row_vs_sample);
  g_test_add_func ("/core/noise/value-lattice", test_value_lattice);
  g_test_add_func ("/core/noise/perlin-lattice-zero", test_perlin_lattice_zero);
  g_test_add_func ("/core/noise/cells-brute-force", test_cells_brute_force);
  g_test_add_func ("/core/noise/helpers", test_helpers);
  g_test_add_func ("/core/noise/non-finite", test_non_finite);
  g_test_add_func ("/core/noise/trig", test_trig);
  g_test_add_func ("/core/noise/names", test_names);
  g_test_add_func ("/core/noise/defaults", test_defaults);

  ret = g_test_run ();
  g_array_unref (configs);
  return ret;
}
