/* Textures: validated settings prepared once, and the pure function of
 * position they are. */
#include <math.h>
#include <string.h>

#include "math/hash.h"
#include "texture/texture-internal.h"
#include "math/vec.h"

void
tsr_texture_fractal_spec (const TsrTexture *tex, TsrFractalMode mode,
                          guint32 seed_salt, TsrFractalSpec *spec)
{
  const TsrNoiseParams *p = &tex->noise;

  memset (spec, 0, sizeof *spec);
  spec->mode = mode;
  spec->basis = (TsrBasis) p->basis;
  tsr_noise2d_init (&spec->noise,
                    tsr_hash1 ((guint32) tex->common.seed, (gint32) seed_salt));
  spec->noise.interp = (TsrInterp) p->interpolation;
  spec->noise.smooth = p->smoothing != 0;
  spec->noise.cells_mode = (TsrCellsMode) p->cells_mode;
  spec->noise.jitter = (float) p->jitter;
  spec->octaves = (guint) p->octaves;
  spec->persistence = p->persistence;
  spec->lacunarity = p->lacunarity;
  /* stretch = width / height of a feature, its area kept */
  spec->scale_x = p->scale * sqrt (p->stretch);
  spec->scale_y = p->scale / sqrt (p->stretch);
  spec->period_w = tex->tileable ? tex->period_w : 0;
  spec->period_h = tex->tileable ? tex->period_h : 0;
  spec->time = tex->time;
  spec->flow = tex->s.value[TSR_P_FLOW] != 0;
  spec->footprint = tex->footprint;
  if (tex->tile.kind != TSR_TILES_NONE)
    {
      spec->tile.id = &tex->tile;
      spec->tile.m[0] = spec->tile.m[3] = 1.0;
      /* the pixels next to an edge, where the domain warp moved them,
       * read only points kept the same in every tile */
      spec->tile.reach = TSR_TILE_EDGE_PIXELS + tex->warp_amount;
      spec->tile.tile_w = tex->period_w;
      spec->tile.tile_h = tex->period_h;
    }
}

static gboolean
check_size (const char *what, int v, GError **error)
{
  if (v < 1 || v > TSR_MAX_SIZE)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "%s: %d is out of range (1 .. %d)", what, v, TSR_MAX_SIZE);
      return FALSE;
    }
  return TRUE;
}

static void
sample_ramp (const TsrRamp *ramp, float (*lut)[4])
{
  for (guint i = 0; i <= TSR_RAMP_LUT; i++)
    tsr_ramp_eval (ramp, (float) i / TSR_RAMP_LUT, lut[i]);
}

static void
build_lut (TsrTexture *tex, const TsrRamp *override)
{
  TsrRamp *ramp = g_new (TsrRamp, 1);

  tsr_settings_ramp (&tex->s, override, ramp);
  sample_ramp (ramp, tex->lut);
  g_free (ramp);
}

gboolean
tsr_texture_set_terrain (TsrTexture *tex, const TsrRamp *second, GError **error)
{
  if (tex->tile.kind != TSR_TILES_CORNERS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "terrain: needs corner tiles (each corner one of the two materials)");
      return FALSE;
    }
  if (tex->shading.map != TSR_MAP_COLOR && tex->shading.map != TSR_MAP_SHADED)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "terrain: two materials are colours: map=color or map=shaded");
      return FALSE;
    }
  if (!tsr_ramp_validate (second, error))
    return FALSE;
  tex->terrain_lut = g_malloc ((TSR_RAMP_LUT + 1) * sizeof *tex->terrain_lut);
  sample_ramp (second, tex->terrain_lut);
  tex->terrain = TRUE;
  if (tex->other != NULL)
    {
      /* the view reads the same ramps (its owner frees them) */
      tex->other->terrain = TRUE;
      tex->other->terrain_lut = tex->terrain_lut;
    }
  return TRUE;
}

/* scale 0: 128 pixels, or a quarter of the tile's shorter side on smaller
 * layers, so a small layer's first look holds several features (with
 * 128 a 256² layer got two lattice cells: a 2 x 2 grid of blobs). */
static double
resolved_scale (double scale, int period_w, int period_h)
{
  if (scale > 0)
    return scale;
  return MAX (1.0, MIN (TSR_AUTO_SCALE, 0.25 * MIN (period_w, period_h)));
}

gboolean
tsr_texture_feature_limit (const TsrTexture *tex, double *max_w, double *max_h)
{
  TsrFractalSpec spec;
  gboolean wide, tall;

  if (!tex->tileable || tex->s.value[TSR_P_SCALE] == 0)
    return FALSE;   /* the automatic scale always fits */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_SIZE_CHECK, &spec);
  /* the fractal rounds cells per tile, at least 2 (fractal.c) */
  wide = tex->period_w / spec.scale_x < 1.5;
  tall = tex->period_h / spec.scale_y < 1.5;
  if (max_w != NULL)
    *max_w = wide ? 0.5 * tex->period_w : spec.scale_x;
  if (max_h != NULL)
    *max_h = tall ? 0.5 * tex->period_h : spec.scale_y;
  return wide || tall;
}

TsrTexture *
tsr_texture_new (const TsrSettings *s, int width, int height,
                 const TsrRamp *ramp, GError **error)
{
  return tsr_texture_build (s, width, height, ramp, 1, error);
}

TsrTexture *
tsr_texture_build (const TsrSettings *s, int width, int height,
                   const TsrRamp *ramp, int footprint, GError **error)
{
  return tsr_texture_build_tile (s, width, height, ramp, footprint, NULL, error);
}

TsrTexture *
tsr_texture_new_tile (const TsrSettings *s, int width, int height,
                      const TsrRamp *ramp, const TsrTileId *tile, GError **error)
{
  return tsr_texture_build_tile (s, width, height, ramp, 1, tile, error);
}

TsrTexture *
tsr_texture_build_tile (const TsrSettings *s, int width, int height,
                        const TsrRamp *ramp, int footprint, const TsrTileId *tile,
                        GError **error)
{
  TsrTexture *tex;

  if (!check_size ("width", width, error) || !check_size ("height", height, error)
      || !tsr_settings_validate (s, error)
      || (ramp != NULL && !tsr_ramp_validate (ramp, error)))
    return NULL;

  tex = g_new0 (TsrTexture, 1);
  tex->s = *s;
  tex->pattern = tsr_patterns[s->pattern];
  tex->width = width;
  tex->height = height;
  tex->footprint = footprint;
  if (tile != NULL)
    tex->tile = *tile;
  tsr_common_params (s, &tex->common);
  tsr_noise_params (s, &tex->noise);
  {
    TsrAnimationParams ap;
    tsr_animation_params (s, &ap);
    tex->time = ap.time;
    tex->rise_shift = ap.rise * ap.time;   /* tiles, made pixels below */
  }
  tex->tileable = tex->common.tileable;
  tex->period_w = tex->common.period_w > 0 ? tex->common.period_w : width;
  tex->period_h = tex->common.period_h > 0 ? tex->common.period_h : height;
  /* whole tiles a loop, the fraction first: time 1 is time 0 exactly */
  tex->rise_shift = (tex->rise_shift - floor (tex->rise_shift)) * tex->period_h;

  tex->noise.scale = resolved_scale (tex->noise.scale, tex->period_w, tex->period_h);
  tex->warp_amount = tex->common.distortion * tex->noise.scale;
  tex->warp = tex->warp_amount > 0.0;
  if (tex->warp)
    {
      TsrFractalSpec spec;
      tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_DOMAIN_WARP, &spec);
      spec.basis = TSR_BASIS_PERLIN;   /* a smooth field, whatever the pattern's basis */
      spec.octaves = 3;
      spec.persistence = 0.5;
      spec.lacunarity = 2.0;
      /* The warp stays still in time: it moves points by up to a feature
       * size, so even its slow change would sweep the pattern across
       * pixels from frame to frame. */
      spec.time = 0.0;
      spec.tile.reach = TSR_TILE_EDGE_PIXELS;
      tsr_fractal_init (&tex->warp_x, &spec);
      spec.noise.seed = tsr_mix32 (spec.noise.seed ^ 0x2545f491u);
      tsr_fractal_init (&tex->warp_y, &spec);
    }

  {
    TsrSurfaceParams sp;
    tsr_surface_params (s, &sp);
    tsr_shading_init (&tex->shading, &sp);
  }
  {
    TsrColorParams cp;
    TsrFractalSpec spec;

    tsr_color_params (s, &cp);
    tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_COLOR_DRIFT, &spec);
    tsr_color_drift_init (&tex->drift, cp.color_variation, &spec);
  }

  if (tex->pattern->check != NULL && !tex->pattern->check (tex, error))
    {
      g_free (tex);
      return NULL;
    }
  /* the ramp first: a pattern may fold its own colours into it */
  build_lut (tex, ramp);
  tex->ramp_given = ramp != NULL;
  tex->state = g_malloc0 (MAX (tex->pattern->state_size_for != NULL
                               ? tex->pattern->state_size_for (tex)
                               : tex->pattern->state_size, 1));
  tex->pattern->prepare (tex);
  if (tex->tile.kind != TSR_TILES_NONE && !tsr_tile_set_check (tex, error))
    {
      tsr_texture_free (tex);
      return NULL;
    }
  if (tex->pattern->color_apart)
    {
      /* a colour map reads the ramp's positions alone; the other maps
       * (and the material's) read heights, and colours from the view */
      tex->other = g_memdup2 (tex, sizeof *tex);
      tex->color_values = tex->shading.map == TSR_MAP_COLOR;
      tex->other->color_values = !tex->color_values;
      tex->other->other = tex;
    }
  return tex;
}

void
tsr_texture_free (TsrTexture *tex)
{
  if (tex == NULL)
    return;
  g_free (tex->state);
  g_free (tex->terrain_lut);
  g_free (tex->other);
  g_free (tex);
}

const TsrTexture *
tsr_texture_heights (const TsrTexture *tex)
{
  return tex->color_values ? tex->other : tex;
}

const TsrTexture *
tsr_texture_colors (const TsrTexture *tex)
{
  return tex->other != NULL && !tex->color_values ? tex->other : tex;
}

const TsrSettings *
tsr_texture_get_settings (const TsrTexture *tex)
{
  return &tex->s;
}

const TsrPattern *
tsr_texture_get_pattern (const TsrTexture *tex)
{
  return tex->pattern;
}

void
tsr_texture_clamp_unit (float *v, float *gx, float *gy, int n)
{
  if (gx != NULL)
    for (int i = 0; i < n; i++)
      {
        /* a mask of the bits rather than a select: GCC vectorises it (a
         * select it turns into branches and conditional stores) */
        const guint32 keep = -(guint32) ((v[i] > 0.0f) & (v[i] < 1.0f));
        guint32 bx, by;

        memcpy (&bx, gx + i, sizeof bx);
        memcpy (&by, gy + i, sizeof by);
        bx &= keep;
        by &= keep;
        memcpy (gx + i, &bx, sizeof bx);
        memcpy (gy + i, &by, sizeof by);
      }
  /* max (v, 0) then min (_, 1), as MAXPS and MINPS order them: NaN goes
   * to 0 like the scalar tail (GCC keeps that loop scalar) */
  int i = 0;

  for (; i + VN <= n; i += VN)
    v_storef (v + i, v_minf (v_maxf (v_loadf (v + i), v_splatf (0.0f)), v_splatf (1.0f)));
  for (; i < n; i++)
    v[i] = v[i] > 0.0f ? (v[i] < 1.0f ? v[i] : 1.0f) : 0.0f;
}

void
tsr_texture_move_positions (const TsrTexture *tex, double *xs, double *ys, int n)
{
  float wx[TSR_CHUNK], wy[TSR_CHUNK];

  g_assert (n > 0 && n <= TSR_CHUNK);
  if (tex->rise_shift != 0.0)
    for (int i = 0; i < n; i++)
      ys[i] += tex->rise_shift;
  if (tex->warp)
    {
      tsr_fractal_row (&tex->warp_x, xs, ys, n, wx);
      tsr_fractal_row (&tex->warp_y, xs, ys, n, wy);
      for (int i = 0; i < n; i++)
        {
          xs[i] += tex->warp_amount * wx[i];
          ys[i] += tex->warp_amount * wy[i];
        }
    }
}

/* A row's domain warp: its two fields, and with a gradient their slopes
 * along x and y (xx = d wx / dx, yx = d wy / dx, ...). */
typedef struct
{
  const float *x, *xx, *xy, *y, *yx, *yy;
} WarpRow;

/* The pattern's values (and with gx its gradient) at the n positions xs,
 * ys, moved by the warp w (NULL: no warp); xs and ys are changed. */
static void
eval_warped (const TsrTexture *tex, double *xs, double *ys, int n, const WarpRow *w,
             float *out, float *gx, float *gy)
{
  const gboolean grad = gx != NULL;

  if (w != NULL)
    for (int i = 0; i < n; i++)
      {
        xs[i] += tex->warp_amount * w->x[i];
        ys[i] += tex->warp_amount * w->y[i];
      }
  if (grad)
    tex->pattern->eval_grad (tex, xs, ys, n, out, gx, gy);
  else
    tex->pattern->eval (tex, xs, ys, n, out);
  tsr_texture_clamp_unit (out, gx, gy, n);
  if (grad && w != NULL)
    {
      /* the chain rule through p -> p + A w (p): the gradient times the
       * warp's Jacobian I + A dw/dp */
      const float a = (float) tex->warp_amount;

      for (int i = 0; i < n; i++)
        {
          const float px = gx[i], py = gy[i];

          gx[i] = px * (1.0f + a * w->xx[i]) + py * (a * w->yx[i]);
          gy[i] = px * (a * w->xy[i]) + py * (1.0f + a * w->yy[i]);
        }
    }
}

void
tsr_texture_eval_positions (const TsrTexture *tex, double *xs, double *ys, int n,
                            float *out, float *gx, float *gy)
{
  float wx[TSR_CHUNK], wxx[TSR_CHUNK], wxy[TSR_CHUNK];
  float wy[TSR_CHUNK], wyx[TSR_CHUNK], wyy[TSR_CHUNK];
  const gboolean grad = gx != NULL;
  const WarpRow w = { wx, wxx, wxy, wy, wyx, wyy };

  g_assert (n > 0 && n <= TSR_CHUNK);
  if (tex->rise_shift != 0.0)
    for (int i = 0; i < n; i++)
      ys[i] += tex->rise_shift;
  if (tex->warp)
    {
      tsr_fractal_row_grad (&tex->warp_x, xs, ys, n, wx, grad ? wxx : NULL, grad ? wxy : NULL);
      tsr_fractal_row_grad (&tex->warp_y, xs, ys, n, wy, grad ? wyx : NULL, grad ? wyy : NULL);
    }
  eval_warped (tex, xs, ys, n, tex->warp ? &w : NULL, out, gx, gy);
}

/* Rows of warp fields tsr_texture_eval_warped_rows computes together: the
 * fields' lattice work along x is shared by the band. */
#define WARP_ROWS 16

void
tsr_texture_eval_warped_rows (const TsrTexture *tex, const double *xs, const double *y,
                              int rows, int n, float *out, float *gx, float *gy,
                              gsize stride)
{
  const gboolean grad = gx != NULL;
  /* the fields x, xx, xy, y, yx, yy of a band of rows */
  float (*f)[WARP_ROWS][TSR_CHUNK] = g_malloc (6 * sizeof *f);

  g_assert (n > 0 && n <= TSR_CHUNK && tex->warp);
  for (int r0 = 0; r0 < rows; r0 += WARP_ROWS)
    {
      const int m = MIN (WARP_ROWS, rows - r0);

      /* the same bits as tsr_fractal_row_grad's row of constant y */
      tsr_fractal_rows_grad (&tex->warp_x, xs, y + r0, m, n, f[0][0], grad ? f[1][0] : NULL,
                             grad ? f[2][0] : NULL, TSR_CHUNK);
      tsr_fractal_rows_grad (&tex->warp_y, xs, y + r0, m, n, f[3][0], grad ? f[4][0] : NULL,
                             grad ? f[5][0] : NULL, TSR_CHUNK);
      for (int r = 0; r < m; r++)
        {
          const WarpRow w = { f[0][r], f[1][r], f[2][r], f[3][r], f[4][r], f[5][r] };
          const gsize at = (gsize) (r0 + r) * stride;
          double px[TSR_CHUNK], py[TSR_CHUNK];

          memcpy (px, xs, n * sizeof *px);
          for (int i = 0; i < n; i++)
            py[i] = y[r0 + r];
          eval_warped (tex, px, py, n, &w, out + at, grad ? gx + at : NULL,
                       grad ? gy + at : NULL);
        }
    }
  g_free (f);
}

float
tsr_texture_value_at (const TsrTexture *tex, double x, double y)
{
  float v;

  tsr_texture_eval_positions (tex, &x, &y, 1, &v, NULL, NULL);
  return v;
}
