/* The plain bases (one octave) and the fractal patterns. */
#include "pattern-impl.h"

/* Both kinds keep one fractal: a single octave of a fixed basis, or the
 * octaves of the chosen basis. */
typedef struct
{
  TsrFractal fractal;
} NoiseState;

static void
prepare_basis (TsrTexture *tex)
{
  NoiseState *st = tex->state;
  TsrFractalSpec spec;

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 1, &spec);
  spec.basis = (TsrBasis) tex->pattern->basis;
  spec.octaves = 1;
  tsr_fractal_init (&st->fractal, &spec);
}

/* One octave, shown as it is: the basis already spans [-1, 1]. */
static void
eval_basis (const TsrTexture *tex, const double *x, const double *y,
            gsize n, float *out)
{
  const NoiseState *st = tex->state;
  const TsrOctave *o = &st->fractal.oct[0];
  double lx[TSR_CHUNK], ly[TSR_CHUNK];

  g_assert (n > 0 && n <= TSR_CHUNK);
  for (gsize i = 0; i < n; i++)
    {
      lx[i] = x[i] * o->fx + o->ox;
      ly[i] = y[i] * o->fy + o->oy;
    }
  tsr_fractal_octave_row (&st->fractal, 0, lx, ly, n, out);
  for (gsize i = 0; i < n; i++)
    out[i] = 0.5f + 0.5f * out[i];
}

static void
prepare_fractal (TsrTexture *tex, TsrFractalMode mode)
{
  NoiseState *st = tex->state;
  TsrFractalSpec spec;

  tsr_texture_fractal_spec (tex, mode, 1, &spec);
  tsr_fractal_init (&st->fractal, &spec);
}

static void prepare_clouds     (TsrTexture *tex) { prepare_fractal (tex, TSR_FRACTAL_FBM); }
static void prepare_turbulence (TsrTexture *tex) { prepare_fractal (tex, TSR_FRACTAL_TURBULENCE); }
static void prepare_ridged     (TsrTexture *tex) { prepare_fractal (tex, TSR_FRACTAL_RIDGED); }

static void
eval_fractal (const TsrTexture *tex, const double *x, const double *y,
              gsize n, float *out)
{
  const NoiseState *st = tex->state;

  tsr_fractal_row (&st->fractal, x, y, n, out);
  if (st->fractal.mode == TSR_FRACTAL_FBM)
    for (gsize i = 0; i < n; i++)
      out[i] = 0.5f + 0.5f * out[i];
}

#define BASIS_PATTERN(name_, label_, description_, basis_)                   \
  const TsrPattern tsr_pattern_##name_ = {                                   \
    #name_, label_, description_, basis_, -1, TSR_PALETTE_COLORS,            \
    sizeof (NoiseState), prepare_basis, eval_basis };
#define FRACTAL_PATTERN(name_, label_, description_)                         \
  const TsrPattern tsr_pattern_##name_ = {                                   \
    #name_, label_, description_, TSR_BASIS_CHOSEN, -1, TSR_PALETTE_COLORS,  \
    sizeof (NoiseState), prepare_##name_, eval_fractal };

BASIS_PATTERN (perlin, N_("Perlin noise"),
               N_("Smooth gradient noise: soft, evenly sized blobs"), TSR_BASIS_PERLIN)
BASIS_PATTERN (simplex, N_("Simplex noise"),
               N_("Gradient noise on a triangular grid: blobs without Perlin's square bias"),
               TSR_BASIS_SIMPLEX)
BASIS_PATTERN (value, N_("Value noise"),
               N_("Random values on a grid, blended: blocky to soft depending on interpolation"),
               TSR_BASIS_VALUE)
BASIS_PATTERN (cells, N_("Cells"),
               N_("Cellular (Worley) noise: distances to scattered points, like cells, stones or cracks"),
               TSR_BASIS_CELLS)
FRACTAL_PATTERN (clouds, N_("Clouds"),
                 N_("Fractal noise (fBm): octaves of noise summed into soft, billowing clouds"))
FRACTAL_PATTERN (turbulence, N_("Turbulence"),
                 N_("Sum of absolute noise (Perlin 1985): creased, fiery, smoke-like"))
FRACTAL_PATTERN (ridged, N_("Ridged"),
                 N_("Ridged multifractal: sharp crests like mountain ranges or lightning"))
