/* Caustics: the network of light that moving water focuses onto a pool's
 * floor.  The surface's waves act as lenses; between the spots where they
 * gather light the floor stays dim, and the light lies in thin bright
 * lines that meet in a web of rounded cells.
 *
 * Built as that web: lines where a point is about as near to the second
 * nearest feature point of a cellular lattice as to the nearest (F2 - F1
 * small), through a profile 1 / (1 + (d / w)²)³, a smooth ridge with
 * short tails (the light stays in the line).  Two such
 * networks of different cell sizes lie over each other (the doubled,
 * crossing filaments of real caustics), both seen through a push along
 * the slopes of a few long waves, which bends the straight cell walls into
 * wavering curves the way the refracting surface does.  Where three cells
 * meet (F3 - F1 small too) the light gathers into a brighter spot, and a
 * slow noise breaks the lines into dashes, as a real surface's uneven
 * lenses focus some stretches of a line and spread others; where the
 * fine noise of the small ripples peaks, a small bright speck lies inside
 * a cell.
 *
 * Band limit: a line is never narrower than MIN_WIDTH; a thinner one is
 * drawn that wide and fainter, keeping its light.  Tiling: whole cells and
 * whole wave cycles across the tile, the lattice's indices wrapped.  Time:
 * every feature point circles once a loop around its place, the waves move
 * on by whole cycles, so time 1 is time 0.  The gradient is the chain rule
 * through the profile, F2 - F1 and the push (its Jacobian, exact). */
#include <math.h>

#include "math/hash.h"
#include "patterns/seed-salts.h"
#include "noise/noise-internal.h"
#include "math/trig.h"
#include "noise/noise-kernels.h"
#include "patterns/water/water-common.h"
#include "patterns/water/water-caustics-rows.h"
#include "patterns/water/water-styles.h"

#define ORBIT  0.22        /* radius of their circles, cells: within the cell */
#define SECOND_SIZE   0.71 /* the second network's cells, of the first's */
#define SECOND_WEIGHT 0.4
#define PUSH   0.14        /* each long wave's push, of a cell */
#define FIRST_SIZE 1.3     /* the first network's cells, of the scale */
#define MIN_CELL  2.0      /* pixels: finer cells are noise (and their indices overflow) */
#define MIN_WIDTH 3.0      /* F2 - F1 grows about 2 pixels a pixel: a soft line over 1 px */

#define BREAK_SIZE 0.3     /* the breaks' noise, of a cell */
#define SPECK_FULL 0.15f   /* the ripples' amount (its default) from which they are full */

static void
prepare_layer (const TsrTexture *tex, double size, double crest, guint32 seed,
               TsrCausticLayer *l)
{
  const double sw = size * sqrt (tex->noise.stretch), sh = size / sqrt (tex->noise.stretch);
  double width;

  if (tex->tileable)
    {
      l->cells_x = MAX (1, (int) round (tex->period_w / sw));
      l->cells_y = MAX (1, (int) round (tex->period_h / sh));
      l->cell_w = (double) tex->period_w / l->cells_x;
      l->cell_h = (double) tex->period_h / l->cells_y;
    }
  else
    {
      l->cells_x = l->cells_y = 0;
      l->cell_w = sw;
      l->cell_h = sh;
    }
  l->seed = seed;
  width = MIN (l->cell_w, l->cell_h) * (0.16 - 0.12 * crest);
  l->weight = (float) MIN (1.0, width / MIN_WIDTH);
  l->width = (float) MAX (width, MIN_WIDTH);
  for (int dir = 0; dir < 2; dir++)
    for (int ph = 0; ph < 16; ph++)
      {
        const double turn = (dir ? -tex->time : tex->time) + ph / 16.0;

        l->orbit[dir][ph][0] = (float) (ORBIT * tsr_cos_turns (turn));
        l->orbit[dir][ph][1] = (float) (ORBIT * tsr_sin_turns (turn));
      }
}

void
tsr_water_caustics_prepare (const TsrTexture *tex, const TsrWaterParams *p,
                            TsrWaterCaustics *st)
{
  TsrFractalSpec spec;
  const guint32 seed = tsr_hash1 ((guint32) tex->common.seed, TSR_SALT_CAUSTICS_CELLS);
  const double size = MAX (tex->noise.scale, MIN_CELL);

  prepare_layer (tex, FIRST_SIZE * size, p->crest, tsr_hash1 (seed, 1), &st->layers[0]);
  prepare_layer (tex, SECOND_SIZE * size, p->crest, tsr_hash1 (seed, 2), &st->layers[1]);
  st->layers[1].weight *= SECOND_WEIGHT;

  for (int j = 0; j < TSR_WATER_WARP_WAVES; j++)
    {
      TsrWaterPlaneWave *w = &st->warp[j];
      const double dir = tsr_hash_unit (tsr_hash2 (seed, j, 3));
      const double wavelength = size * (1.0 + 1.5 * tsr_hash_unit (tsr_hash2 (seed, j, 4)));
      const int cycles = 1 + (int) (tsr_hash2 (seed, j, 5) >> 31);
      double kx = tsr_cos_turns (dir) / wavelength, ky = tsr_sin_turns (dir) / wavelength;
      double travel = cycles * tex->time;

      if (tex->tileable)
        {
          kx = round (kx * tex->period_w) / tex->period_w;
          ky = round (ky * tex->period_h) / tex->period_h;
          if (kx == 0.0 && ky == 0.0)
            kx = 1.0 / tex->period_w;
        }
      travel -= floor (travel);
      w->kx = kx;
      w->ky = ky;
      w->phase = tsr_hash_unit (tsr_hash2 (seed, j, 6)) - travel;
      /* the push along k is amp k cos θ: PUSH cells whatever the length */
      w->amp = (float) (PUSH * size / sqrt (kx * kx + ky * ky));
    }

  st->ripple_amount = (float) p->ripples;
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_CAUSTICS_RIPPLES, &spec);
  spec.scale_x = spec.scale_y = MAX (1.0, 0.35 * size);
  tsr_fractal_init (&st->ripples, &spec);
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_CAUSTICS_BREAKS, &spec);
  spec.scale_x = spec.scale_y = MAX (1.0, BREAK_SIZE * size);
  spec.octaves = 2;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  tsr_fractal_init (&st->breaks, &spec);
}

/* smoothstep from a to b, and its slope */
static inline float
smooth01 (float a, float b, float x, float *slope)
{
  const float t = CLAMP ((x - a) / (b - a), 0.0f, 1.0f);

  *slope = 6.0f * t * (1.0f - t) / (b - a);
  return t * t * (3.0f - 2.0f * t);
}

/* How bright the specks are at full: less for faint ripples. */
static float
speck_amount (float ripple_amount)
{
  return SPECK * MIN (1.0f, ripple_amount / SPECK_FULL);
}

/* What a pixel's slope needs of pixel_value's working (the values alone
 * take the row kernel's, the same operations). */
typedef struct
{
  float b, b_slope, speck_amount, speck_slope, light, m, s;
} PixelTerms;

/* A pixel's value from the networks' light, the breaks' noise and the
 * fine noise; with terms not NULL, the parts its slope is made of. */
static inline float
pixel_value (float lit, float brk, float fine, float ripple_amount, PixelTerms *terms)
{
  float b_slope, speck_slope;
  /* the lines break into dashes where the breaks' noise is low */
  const float b = BREAK_FLOOR
                  + (1.0f - BREAK_FLOOR) * smooth01 (BREAK_LO, BREAK_HI, brk, &b_slope);
  const float specks = speck_amount (ripple_amount);
  const float light = lit * b + specks * smooth01 (SPECK_LO, SPECK_HI, fine, &speck_slope);
  /* the fine noise mottles the floor and lets the lines fade in and out */
  const float m = 1.0f + FADE * ripple_amount * fine;
  const float t = GAIN * light * m + ripple_amount * fine;
  const float s = 1.0f / sqrtf (1.0f + t * t);

  if (terms != NULL)
    *terms = (PixelTerms) { b, b_slope, specks, speck_slope, light, m, s };
  return FLOOR + SPAN * t * s;
}

static const TsrCausticsKernels *
kernels (void)
{
  return TSR_ISA_PICK (&tsr_caustics_kernels_base, &tsr_caustics_kernels_avx2,
                       &tsr_caustics_kernels_avx512);
}

void
tsr_water_caustics_columns (const TsrWaterCaustics *st, const double *x, gsize n, float *cols)
{
  kernels ()->push_columns (st->warp, TSR_WATER_WARP_WAVES, x, n, cols);
}

void
tsr_water_caustics_row (const TsrWaterCaustics *st, const double *x, const double *y,
                        gsize n, const float *cols, const TsrWaterNoise *noise, float *out,
                        float *gx, float *gy)
{
  const TsrCausticsKernels *kern = kernels ();
  const float *fine = noise->fine, *fx = noise->fx, *fy = noise->fy;
  const float *brk = noise->brk, *bx = noise->bx, *by = noise->by;
  const float ripple_amount = st->ripple_amount;
  double ux[TSR_CHUNK], uy[TSR_CHUNK];
  double (*sines)[TSR_CHUNK] = NULL;
  float lights[TSR_CHUNK] = { 0 }, lgx[TSR_CHUNK], lgy[TSR_CHUNK];

  if (gx != NULL)
    {
      sines = g_alloca (TSR_WATER_WARP_WAVES * sizeof *sines);
      memset (lgx, 0, sizeof lgx);
      memset (lgy, 0, sizeof lgy);
    }
  if (cols != NULL)
    kern->push_row_columns (st->warp, TSR_WATER_WARP_WAVES, cols, x, y[0], n, ux, uy,
                            sines != NULL ? sines[0] : NULL);
  else
    kern->push (st->warp, TSR_WATER_WARP_WAVES, x, y, n, ux, uy,
                sines != NULL ? sines[0] : NULL);
  for (int l = 0; l < 2; l++)
    kern->light (&st->layers[l], ux, uy, n, lights, gx != NULL ? lgx : NULL, lgy);
  if (gx == NULL)
    {
      kern->values (lights, brk, fine, ripple_amount, speck_amount (ripple_amount), n, out);
      return;
    }
  for (gsize i = 0; i < n; i++)
    {
      /* the push's Jacobian, symmetric: a sum of -2π amp sin θ k kᵀ */
      float jxx = 1.0f, jxy = 0.0f, jyy = 1.0f;
      const float g[2] = { lgx[i], lgy[i] };
      PixelTerms p;

      for (int j = 0; j < TSR_WATER_WARP_WAVES; j++)
        {
          const TsrWaterPlaneWave *w = &st->warp[j];
          const float kw = (float) (-2.0 * G_PI * w->amp * sines[j][i]);

          jxx += kw * (float) (w->kx * w->kx);
          jxy += kw * (float) (w->kx * w->ky);
          jyy += kw * (float) (w->ky * w->ky);
        }
      out[i] = pixel_value (lights[i], brk[i], fine[i], ripple_amount, &p);

      const float k = SPAN * p.s * p.s * p.s;
      const float kf = ripple_amount * (GAIN * FADE * p.light + 1.0f);
      const float kb = GAIN * p.m * lights[i] * (1.0f - BREAK_FLOOR) * p.b_slope;
      const float ks = kf + GAIN * p.m * p.speck_amount * p.speck_slope;

      gx[i] = k * (GAIN * p.m * p.b * (jxx * g[0] + jxy * g[1]) + ks * fx[i] + kb * bx[i]);
      gy[i] = k * (GAIN * p.m * p.b * (jxy * g[0] + jyy * g[1]) + ks * fy[i] + kb * by[i]);
    }
}
