/* Noise bases: the table of bases, configuration and dispatch.  Each
 * basis is noise-BASIS.c (raw samples) and noise-BASIS-rows.c (row
 * kernels, one table per instruction set); see noise-kernels.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "params/i18n.h"
#include "noise/noise.h"
#include "noise/noise-kernels.h"
#include "texture/tile-set.h"

/* A basis: its public names, its row kernels per instruction set and its
 * raw sample. */
typedef struct
{
  const TsrRowKernels *rows[TSR_ISA_COUNT];
  double             (*sample) (guint32 seed, int dims, const double *p);
} Basis;

#if TSR_MULTI_ISA
#define ROWS(basis) { [TSR_ISA_BASE] = &tsr_##basis##_rows_base,     \
                      [TSR_ISA_AVX2] = &tsr_##basis##_rows_avx2,     \
                      [TSR_ISA_AVX512] = &tsr_##basis##_rows_avx512 }
#else
#define ROWS(basis) { [TSR_ISA_BASE] = &tsr_##basis##_rows_base }
#endif

/* The one place that names the bases. */
TSR_CHOICE_NAMES (tsr_basis_choices, TSR_BASIS_LIST, TSR_BASIS_COUNT)

#define BASIS_ROW(id, name, label, stem, std) [id] = { ROWS (stem), tsr_##stem##_sample },
static const Basis bases[TSR_BASIS_COUNT] = { TSR_BASIS_LIST (BASIS_ROW) };
#undef BASIS_ROW

TsrIsa
tsr_row_isa (void)
{
#if TSR_MULTI_ISA
  static gsize isa_plus_1 = 0;

  if (g_once_init_enter (&isa_plus_1))
    {
      const char *cap = g_getenv ("TSR_NOISE_SIMD");
      TsrIsa isa;

      __builtin_cpu_init ();
      isa = __builtin_cpu_supports ("avx512f") ? TSR_ISA_AVX512
            : __builtin_cpu_supports ("avx2") ? TSR_ISA_AVX2 : TSR_ISA_BASE;
      if (cap != NULL && g_ascii_strcasecmp (cap, "sse2") == 0)
        isa = TSR_ISA_BASE;
      else if (cap != NULL && g_ascii_strcasecmp (cap, "avx2") == 0)
        isa = MIN (isa, TSR_ISA_AVX2);
      g_once_init_leave (&isa_plus_1, (gsize) isa + 1);
    }
  return (TsrIsa) (isa_plus_1 - 1);
#else
  return TSR_ISA_BASE;
#endif
}

static const TsrRowKernels *
row_kernels (TsrBasis basis)
{
  return bases[basis].rows[tsr_row_isa ()];
}

const TsrBasisInfo *
tsr_basis_info (TsrBasis basis)
{
  if ((guint) basis >= TSR_BASIS_COUNT)
    return NULL;
  return &tsr_basis_choices[basis];
}

const char *
tsr_basis_name (TsrBasis basis)
{
  const TsrBasisInfo *info = tsr_basis_info (basis);

  return info != NULL ? info->name : NULL;
}

gboolean
tsr_basis_from_name (const char *name, TsrBasis *basis)
{
  if (name == NULL)
    return FALSE;

  for (guint i = 0; i < TSR_BASIS_COUNT; i++)
    if (strcmp (name, tsr_basis_choices[i].name) == 0)
      {
        if (basis != NULL)
          *basis = (TsrBasis) i;
        return TRUE;
      }
  return FALSE;
}

void
tsr_noise2d_init (TsrNoise2D *cfg, guint32 seed)
{
  g_return_if_fail (cfg != NULL);

  memset (cfg, 0, sizeof *cfg);
  cfg->seed = seed;
  cfg->turn_c = 1.0f;
  cfg->turn_s = 0.0f;
  cfg->period_x = 0;
  cfg->period_y = 0;
  cfg->interp = TSR_INTERP_QUINTIC;
  cfg->smooth = FALSE;
  cfg->cells_mode = TSR_CELLS_F1;
  cfg->jitter = 1.0f;
}

/* A coarse lattice of a tile of a set (tile-map.h: blend): the lattice
 * as mapped, cross-faded into the one whose every point is the tile's own
 * by the window of each sample's place; where the window is 0 (next to
 * the edges) the same bits as the lattice alone. */
static void
blend_configs (const TsrNoise2D *cfg, TsrNoise2D *mapped, TsrNoise2D *own)
{
  *mapped = *own = *cfg;
  mapped->tile.blend = own->tile.blend = FALSE;
  for (guint r = 0; r < G_N_ELEMENTS (own->tile.salt); r++)
    own->tile.salt[r] = cfg->tile.salt[4];
}

/* gx NULL: no gradient. */
static void
blended_row (const TsrRowKernels *k, const TsrNoise2D *cfg, const double *x, const double *y,
             gsize n, float *out, float *gx, float *gy)
{
  TsrNoise2D mapped, own;
  float b[256], bx[256], by[256];

  blend_configs (cfg, &mapped, &own);
  for (gsize i = 0; i < n; i += G_N_ELEMENTS (b))
    {
      const gsize m = MIN (G_N_ELEMENTS (b), n - i);

      if (gx == NULL)
        {
          k->row (&mapped, x + i, y + i, m, out + i);
          k->row (&own, x + i, y + i, m, b);
          tsr_tile_blend_row (&cfg->tile, x + i, y + i, m, out + i, b, NULL, NULL, NULL, NULL);
        }
      else
        {
          k->row_grad (&mapped, x + i, y + i, m, out + i, gx + i, gy + i);
          k->row_grad (&own, x + i, y + i, m, b, bx, by);
          tsr_tile_blend_row (&cfg->tile, x + i, y + i, m, out + i, b, gx + i, gy + i, bx,
                              by);
        }
    }
}

static inline gboolean
blends (const TsrNoise2D *cfg)
{
  return cfg->tile.on && cfg->tile.blend;
}

/* m samples v into out as sink says (noise-kernels.h); with gx (not NULL)
 * their gradient (vx, vy) into gx and gy too. */
static void
sink_samples (const TsrSink *sink, gsize m, const float *v, const float *vx, const float *vy,
              float *out, float *gx, float *gy)
{
  const TsrSinkMode mode = sink != NULL ? sink->mode : TSR_SINK_STORE;

  for (gsize j = 0; j < m; j++)
    {
      const float d = v[j] - (mode == TSR_SINK_STORE ? 0.0f : sink->center);

      if (mode == TSR_SINK_STORE)
        out[j] = v[j];
      else if (mode == TSR_SINK_FBM)
        out[j] += sink->a * d;
      else
        out[j] += sink->a * fabsf (d);
      if (gx == NULL)
        continue;
      if (mode == TSR_SINK_STORE)
        gx[j] = vx[j], gy[j] = vy[j];
      else if (mode == TSR_SINK_FBM)
        gx[j] += sink->ax * vx[j], gy[j] += sink->ay * vy[j];
      else
        {
          gx[j] += copysignf (sink->ax, d) * vx[j];
          gy[j] += copysignf (sink->ay, d) * vy[j];
        }
    }
}

/* blended_row on a row of constant y, x affine, into a sink: both
 * lattices by the basis' own affine rows (its table paths), when it has
 * them. */
/* The m points (x[j] * sx + ox, y) of a row's affine map, for kernels
 * without an affine entry. */
static inline void
affine_points (const double *x, double sx, double ox, double y, gsize m, double *lx,
               double *ly)
{
  for (gsize j = 0; j < m; j++)
    {
      lx[j] = x[j] * sx + ox;
      ly[j] = y;
    }
}

static void
blended_row_affine (const TsrRowKernels *k, const TsrNoise2D *cfg, const double *x, double sx,
                    double ox, double y, gsize n, const TsrSink *sink, float *out)
{
  TsrNoise2D mapped, own;
  double lx[256], ly[256];
  float v[256], b[256];

  blend_configs (cfg, &mapped, &own);
  if (k->row_affine != NULL && tsr_tile_window_row_off (&cfg->tile, y))
    {
      /* a row next to an edge: the lattice as mapped, alone */
      k->row_affine (&mapped, x, sx, ox, y, n, sink, out);
      return;
    }
  for (gsize i = 0; i < n; i += G_N_ELEMENTS (lx))
    {
      gsize m = MIN (G_N_ELEMENTS (lx), n - i);

      affine_points (x + i, sx, ox, y, m, lx, ly);
      if (k->row_affine != NULL)
        {
          k->row_affine (&mapped, x + i, sx, ox, y, m, NULL, v);
          k->row_affine (&own, x + i, sx, ox, y, m, NULL, b);
        }
      else
        {
          k->row (&mapped, lx, ly, m, v);
          k->row (&own, lx, ly, m, b);
        }
      tsr_tile_blend_row (&cfg->tile, lx, ly, m, v, b, NULL, NULL, NULL, NULL);
      sink_samples (sink, m, v, NULL, NULL, out + i, NULL, NULL);
    }
}

void
tsr_noise2_row (TsrBasis basis, const TsrNoise2D *cfg,
                const double *x, const double *y, gsize n, float *out)
{
  g_return_if_fail (cfg != NULL);
  g_return_if_fail (n == 0 || (x != NULL && y != NULL && out != NULL));

  if ((guint) basis >= TSR_BASIS_COUNT)
    {
      g_critical ("tsr_noise2_row: invalid basis %d", (int) basis);
      if (out != NULL)
        memset (out, 0, n * sizeof (float));
      return;
    }
  if (blends (cfg))
    blended_row (row_kernels (basis), cfg, x, y, n, out, NULL, NULL);
  else
    row_kernels (basis)->row (cfg, x, y, n, out);
}

void
tsr_noise2_row_grad (TsrBasis basis, const TsrNoise2D *cfg,
                     const double *x, const double *y, gsize n, float *out,
                     float *gx, float *gy)
{
  g_return_if_fail (cfg != NULL);
  g_return_if_fail (n == 0 || (x != NULL && y != NULL && out != NULL
                               && gx != NULL && gy != NULL));

  if ((guint) basis >= TSR_BASIS_COUNT)
    {
      g_critical ("tsr_noise2_row_grad: invalid basis %d", (int) basis);
      if (out != NULL)
        {
          memset (out, 0, n * sizeof (float));
          memset (gx, 0, n * sizeof (float));
          memset (gy, 0, n * sizeof (float));
        }
      return;
    }
  if (blends (cfg))
    blended_row (row_kernels (basis), cfg, x, y, n, out, gx, gy);
  else
    row_kernels (basis)->row_grad (cfg, x, y, n, out, gx, gy);
}

void
tsr_noise2_row_maps (TsrBasis basis, const TsrNoise2D *cfg, const double *x, double sx,
                     double ox, const double *y, double sy, double oy, gsize n, float *out,
                     float *gx, float *gy)
{
  double lx[256], ly[256];

  if ((guint) basis < TSR_BASIS_COUNT && !blends (cfg) && row_kernels (basis)->row_maps != NULL)
    {
      row_kernels (basis)->row_maps (cfg, x, sx, ox, y, sy, oy, n, out, gx, gy);
      return;
    }
  for (gsize i = 0; i < n; i += G_N_ELEMENTS (lx))
    {
      const gsize m = MIN (G_N_ELEMENTS (lx), n - i);

      for (gsize j = 0; j < m; j++)
        {
          lx[j] = x[i + j] * sx + ox;
          ly[j] = y[i + j] * sy + oy;
        }
      if (gx == NULL)
        tsr_noise2_row (basis, cfg, lx, ly, m, out + i);
      else
        tsr_noise2_row_grad (basis, cfg, lx, ly, m, out + i, gx + i, gy + i);
    }
}

void
tsr_noise2_row_affine (TsrBasis basis, const TsrNoise2D *cfg,
                       const double *x, double sx, double ox, double y,
                       gsize n, const TsrSink *sink, float *out)
{
  const TsrRowKernels *k = row_kernels (basis);
  double lx[256], ly[256];
  float v[256];

  if (blends (cfg))
    {
      blended_row_affine (k, cfg, x, sx, ox, y, n, sink, out);
      return;
    }
  if (k->row_affine != NULL)
    {
      k->row_affine (cfg, x, sx, ox, y, n, sink, out);
      return;
    }
  for (gsize i = 0; i < n; i += G_N_ELEMENTS (lx))
    {
      gsize m = MIN (G_N_ELEMENTS (lx), n - i);

      affine_points (x + i, sx, ox, y, m, lx, ly);
      if (sink == NULL || sink->mode == TSR_SINK_STORE)
        {
          k->row (cfg, lx, ly, m, out + i);
          continue;
        }
      k->row (cfg, lx, ly, m, v);
      sink_samples (sink, m, v, NULL, NULL, out + i, NULL, NULL);
    }
}

void
tsr_noise2_rows_affine (TsrBasis basis, const TsrNoise2D *cfg,
                        const double *x, double sx, double ox,
                        const double *y, gsize rows, gsize n,
                        const TsrSink *sink, float *out, gsize stride)
{
  const TsrRowKernels *k = row_kernels (basis);

  if (k->rows_affine != NULL && !blends (cfg))
    {
      k->rows_affine (cfg, x, sx, ox, y, rows, n, sink, out, stride);
      return;
    }
  for (gsize r = 0; r < rows; r++)
    tsr_noise2_row_affine (basis, cfg, x, sx, ox, y[r], n, sink,
                           out + r * stride);
}

void
tsr_noise2_rows_affine_grad (TsrBasis basis, const TsrNoise2D *cfg,
                             const double *x, double sx, double ox,
                             const double *y, gsize rows, gsize n,
                             const TsrSink *sink, float *out, float *gx, float *gy,
                             gsize stride)
{
  const TsrRowKernels *k = row_kernels (basis);
  double lx[256], ly[256];
  float v[256], vx[256], vy[256];

  if (k->rows_affine_grad != NULL && !blends (cfg))
    {
      k->rows_affine_grad (cfg, x, sx, ox, y, rows, n, sink, out, gx, gy, stride);
      return;
    }
  for (gsize r = 0; r < rows; r++)
    for (gsize i = 0; i < n; i += G_N_ELEMENTS (lx))
      {
        const gsize m = MIN (G_N_ELEMENTS (lx), n - i);
        const gsize at = r * stride + i;

        for (gsize j = 0; j < m; j++)
          {
            lx[j] = x[i + j] * sx + ox;
            ly[j] = y[r];
          }
        if (blends (cfg))
          blended_row (k, cfg, lx, ly, m, v, vx, vy);
        else
          k->row_grad (cfg, lx, ly, m, v, vx, vy);
        sink_samples (sink, m, v, vx, vy, out + at, gx + at, gy + at);
      }
}

double
tsr_noise_sample (TsrBasis basis, guint32 seed, int dims, const double *p)
{
  g_return_val_if_fail (p != NULL, 0.0);
  g_return_val_if_fail (dims >= 2 && dims <= 4, 0.0);
  g_return_val_if_fail ((guint) basis < TSR_BASIS_COUNT, 0.0);

  return bases[basis].sample (seed, dims, p);
}
