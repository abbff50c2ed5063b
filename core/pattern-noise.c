/* The plain bases (one octave) and the fractal patterns. */
#include "pattern-impl.h"

static void
prepare_basis (TsrTexture *tex, TsrBasis basis)
{
  TsrFractalSpec spec;
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 1, &spec);
  spec.basis = basis;
  spec.octaves = 1;
  tsr_fractal_init (&tex->fractal, &spec);
}

void tsr_prepare_perlin  (TsrTexture *tex) { prepare_basis (tex, TSR_BASIS_PERLIN); }
void tsr_prepare_simplex (TsrTexture *tex) { prepare_basis (tex, TSR_BASIS_SIMPLEX); }
void tsr_prepare_value   (TsrTexture *tex) { prepare_basis (tex, TSR_BASIS_VALUE); }
void tsr_prepare_cells   (TsrTexture *tex) { prepare_basis (tex, TSR_BASIS_CELLS); }

/* One octave, shown as it is: the basis already spans [-1, 1]. */
void
tsr_eval_basis (const TsrTexture *tex, const double *x, const double *y,
                gsize n, float *out)
{
  const TsrOctave *o = &tex->fractal.oct[0];
  double lx[TSR_CHUNK], ly[TSR_CHUNK];

  g_assert (n > 0 && n <= TSR_CHUNK);
  for (gsize i = 0; i < n; i++)
    {
      lx[i] = x[i] * o->fx + o->ox;
      ly[i] = y[i] * o->fy + o->oy;
    }
  tsr_noise2_row (tex->fractal.basis, &o->noise, lx, ly, n, out);
  for (gsize i = 0; i < n; i++)
    out[i] = 0.5f + 0.5f * out[i];
}

static void
prepare_fractal (TsrTexture *tex, TsrFractalMode mode)
{
  TsrFractalSpec spec;
  tsr_texture_fractal_spec (tex, mode, 1, &spec);
  tsr_fractal_init (&tex->fractal, &spec);
}

void tsr_prepare_clouds     (TsrTexture *tex) { prepare_fractal (tex, TSR_FRACTAL_FBM); }
void tsr_prepare_turbulence (TsrTexture *tex) { prepare_fractal (tex, TSR_FRACTAL_TURBULENCE); }
void tsr_prepare_ridged     (TsrTexture *tex) { prepare_fractal (tex, TSR_FRACTAL_RIDGED); }

void
tsr_eval_fractal (const TsrTexture *tex, const double *x, const double *y,
                  gsize n, float *out)
{
  tsr_fractal_row (&tex->fractal, x, y, n, out);
  if (tex->fractal.mode == TSR_FRACTAL_FBM)
    for (gsize i = 0; i < n; i++)
      out[i] = 0.5f + 0.5f * out[i];
}
