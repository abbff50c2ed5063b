/* Noise bases: configuration, dispatch and names.  The bases themselves
 * live in noise-perlin.c, noise-simplex.c, noise-value.c and
 * noise-cellular.c; shared inline helpers in noise-internal.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "noise.h"
#include "noise-internal.h"

void
tsr_noise2d_init (TsrNoise2D *cfg, guint32 seed)
{
  g_return_if_fail (cfg != NULL);

  memset (cfg, 0, sizeof *cfg);
  cfg->seed = seed;
  cfg->period_x = 0;
  cfg->period_y = 0;
  cfg->interp = TSR_INTERP_QUINTIC;
  cfg->smooth = FALSE;
  cfg->cells_mode = TSR_CELLS_F1;
  cfg->jitter = 1.0f;
}

int
tsr_simd_level (void)
{
#if TSR_MULTI_ISA
  static gint level = -1;
  gint l = g_atomic_int_get (&level);

  if (G_UNLIKELY (l < 0))
    {
      const char *cap = g_getenv ("TSR_NOISE_SIMD");

      __builtin_cpu_init ();
      l = __builtin_cpu_supports ("avx512f") ? 2
          : __builtin_cpu_supports ("avx2") ? 1 : 0;
      if (cap != NULL && g_ascii_strcasecmp (cap, "sse2") == 0)
        l = 0;
      else if (cap != NULL && g_ascii_strcasecmp (cap, "avx2") == 0)
        l = MIN (l, 1);
      g_atomic_int_set (&level, l);
    }
  return l;
#else
  return 0;
#endif
}

void
tsr_noise2_row (TsrBasis basis, const TsrNoise2D *cfg,
                const double *x, const double *y, gsize n, float *out)
{
  g_return_if_fail (cfg != NULL);
  g_return_if_fail (n == 0 || (x != NULL && y != NULL && out != NULL));

  switch (basis)
    {
    case TSR_BASIS_PERLIN:
      tsr_perlin2_row (cfg, x, y, n, out);
      break;
    case TSR_BASIS_SIMPLEX:
      tsr_simplex2_row (cfg, x, y, n, out);
      break;
    case TSR_BASIS_VALUE:
      tsr_value2_row (cfg, x, y, n, out);
      break;
    case TSR_BASIS_CELLS:
      tsr_cells2_row (cfg, x, y, n, out);
      break;
    case TSR_BASIS_COUNT:
    default:
      g_critical ("tsr_noise2_row: invalid basis %d", (int) basis);
      if (out != NULL)
        memset (out, 0, n * sizeof (float));
      break;
    }
}

void
tsr_noise2_row_affine (TsrBasis basis, const TsrNoise2D *cfg,
                       const double *x, double sx, double ox, double y,
                       gsize n, const TsrSink *sink, float *out)
{
  double lx[256], ly[256];
  float v[256];

  if (basis == TSR_BASIS_PERLIN)
    {
      tsr_perlin2_row_affine (cfg, x, sx, ox, y, n, sink, out);
      return;
    }
  for (gsize i = 0; i < n; i += G_N_ELEMENTS (lx))
    {
      gsize m = MIN (G_N_ELEMENTS (lx), n - i);

      for (gsize k = 0; k < m; k++)
        {
          lx[k] = x[i + k] * sx + ox;
          ly[k] = y;
        }
      if (sink == NULL || sink->mode == TSR_SINK_STORE)
        {
          tsr_noise2_row (basis, cfg, lx, ly, m, out + i);
          continue;
        }
      tsr_noise2_row (basis, cfg, lx, ly, m, v);
      if (sink->mode == TSR_SINK_FBM)
        for (gsize k = 0; k < m; k++)
          out[i + k] += sink->a * (v[k] - sink->center);
      else
        for (gsize k = 0; k < m; k++)
          out[i + k] += sink->a * fabsf (v[k] - sink->center);
    }
}

double
tsr_noise_sample (TsrBasis basis, guint32 seed, int dims, const double *p)
{
  g_return_val_if_fail (p != NULL, 0.0);
  g_return_val_if_fail (dims >= 2 && dims <= 4, 0.0);

  switch (basis)
    {
    case TSR_BASIS_PERLIN:
      return tsr_perlin_sample (seed, dims, p);
    case TSR_BASIS_SIMPLEX:
      return tsr_simplex_sample (seed, dims, p);
    case TSR_BASIS_VALUE:
      return tsr_value_sample (seed, dims, p);
    case TSR_BASIS_CELLS:
      return tsr_cells_sample (seed, dims, p);
    case TSR_BASIS_COUNT:
    default:
      g_return_val_if_reached (0.0);
    }
}

static const char *const basis_names[TSR_BASIS_COUNT] = {
  [TSR_BASIS_PERLIN] = "perlin",
  [TSR_BASIS_SIMPLEX] = "simplex",
  [TSR_BASIS_VALUE] = "value",
  [TSR_BASIS_CELLS] = "cells",
};

const char *
tsr_basis_name (TsrBasis basis)
{
  if ((guint) basis >= TSR_BASIS_COUNT)
    return NULL;
  return basis_names[basis];
}

gboolean
tsr_basis_from_name (const char *name, TsrBasis *basis)
{
  if (name == NULL)
    return FALSE;

  for (guint i = 0; i < TSR_BASIS_COUNT; i++)
    if (strcmp (name, basis_names[i]) == 0)
      {
        if (basis != NULL)
          *basis = (TsrBasis) i;
        return TRUE;
      }
  return FALSE;
}
