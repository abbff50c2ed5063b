/* Settings, validation, and evaluation of a prepared texture. */
#include <math.h>
#include <string.h>

#include "hash.h"
#include "param-text.h"
#include "texture-internal.h"

G_DEFINE_QUARK (tsr-error-quark, tsr_error)

/* ---- settings ---------------------------------------------------------- */

gboolean
tsr_settings_init (TsrSettings *s, const char *pattern, GError **error)
{
  int index = tsr_pattern_index (pattern ? pattern : "clouds");

  memset (s, 0, sizeof *s);
  if (index < 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_PATTERN,
                   "unknown pattern '%s'", pattern);
      return FALSE;
    }
  s->pattern = (guint) index;
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      s->value[i] = tsr_params[i].def;
      if (tsr_params[i].type == TSR_TYPE_COLOR)
        s->color[i] = tsr_params[i].def_color;
    }
  return TRUE;
}

gboolean
tsr_settings_set (TsrSettings *s, TsrParamId id, double value, GError **error)
{
  const TsrParamSpec *spec;

  g_return_val_if_fail ((guint) id < TSR_P_COUNT, FALSE);
  spec = &tsr_params[id];
  if (spec->type == TSR_TYPE_COLOR || !tsr_param_value_ok (spec, value))
    {
      char shown[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (shown, sizeof shown, "%.17g", value);
      tsr_param_set_range_error (spec, shown, error);
      return FALSE;
    }
  s->value[id] = value;
  return TRUE;
}

gboolean
tsr_settings_validate (const TsrSettings *s, GError **error)
{
  if (s->pattern >= tsr_n_patterns)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_PATTERN,
                   "pattern: index %u is not a pattern", s->pattern);
      return FALSE;
    }
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      const TsrParamSpec *spec = &tsr_params[i];
      if (spec->type == TSR_TYPE_COLOR)
        {
          const TsrColor *c = &s->color[i];
          const float ch[4] = { c->r, c->g, c->b, c->a };
          for (guint k = 0; k < 4; k++)
            if (!isfinite (ch[k]) || ch[k] < 0.0f || ch[k] > 1.0f)
              {
                g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                             "%s: color channels must be in 0 .. 1", spec->name);
                return FALSE;
              }
        }
      else if (!tsr_param_value_ok (spec, s->value[i]))
        {
          char *shown = tsr_settings_format (s, (TsrParamId) i);
          tsr_param_set_range_error (spec, shown, error);
          g_free (shown);
          return FALSE;
        }
    }
  if (s->value[TSR_P_RISE] != 0 && !s->value[TSR_P_TILEABLE])
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: moving the texture needs tiling (%s=true), so that it is back "
                   "where it started after one loop", tsr_params[TSR_P_RISE].name,
                   tsr_params[TSR_P_TILEABLE].name);
      return FALSE;
    }
  return TRUE;
}

/* ---- textures ---------------------------------------------------------- */

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

TsrSettings
tsr_settings_frame (const TsrSettings *s, int frame, int n_frames)
{
  TsrSettings f = *s;
  double      t = s->value[TSR_P_TIME] + (double) frame / n_frames;

  f.value[TSR_P_TIME] = t - floor (t);
  return f;
}

void
tsr_settings_ramp (const TsrSettings *s, const TsrRamp *override, TsrRamp *ramp)
{
  TsrColorParams c;

  tsr_color_params (s, &c);
  if (override != NULL)
    *ramp = *override;
  else
    {
      TsrPalette p = tsr_pattern_palette (tsr_patterns[s->pattern], (TsrPalette) c.palette);
      if (p == TSR_PALETTE_COLORS || p == TSR_PALETTE_AUTO)
        tsr_ramp_two_colors (ramp, &c.color1, &c.color2);
      else
        tsr_ramp_palette (ramp, p);
    }
  if (c.reverse)
    tsr_ramp_reverse (ramp);
}

static void
build_lut (TsrTexture *tex, const TsrRamp *override)
{
  TsrRamp *ramp = g_new (TsrRamp, 1);

  tsr_settings_ramp (&tex->s, override, ramp);
  for (guint i = 0; i <= TSR_RAMP_LUT; i++)
    tsr_ramp_eval (ramp, (float) i / TSR_RAMP_LUT, tex->lut[i]);
  g_free (ramp);
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
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 0, &spec);
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
      tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 0xd157, &spec);
      spec.basis = TSR_BASIS_PERLIN;   /* a smooth field, whatever the pattern's basis */
      spec.octaves = 3;
      spec.persistence = 0.5;
      spec.lacunarity = 2.0;
      /* The warp stays still in time: it moves points by up to a feature
       * size, so even its slow change would sweep the pattern across
       * pixels from frame to frame. */
      spec.time = 0.0;
      tsr_fractal_init (&tex->warp_x, &spec);
      spec.noise.seed = tsr_mix32 (spec.noise.seed ^ 0x2545f491u);
      tsr_fractal_init (&tex->warp_y, &spec);
    }

  {
    TsrSurfaceParams sp;
    tsr_surface_params (s, &sp);
    tsr_surface_init (&tex->surface, &sp);
  }

  tex->state = g_malloc0 (MAX (tex->pattern->state_size, 1));
  tex->pattern->prepare (tex);
  build_lut (tex, ramp);
  return tex;
}

void
tsr_texture_free (TsrTexture *tex)
{
  if (tex == NULL)
    return;
  g_free (tex->state);
  g_free (tex);
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

/* v mod period, in [0, period). */
static inline int
wrap (int v, int period)
{
  int r = v % period;
  return r < 0 ? r + period : r;
}

/* Texture coordinates of the pixel centres (x0 .. x0+n-1, y). */
static void
chunk_positions (const TsrTexture *tex, int x0, int y, int n, double *xs, double *ys)
{
  int x = x0;

  if (tex->footprint > 1)
    {
      tsr_texture_shown_positions (tex, x0, y, n, xs, ys);
      return;
    }
  /* With tiling on, a pixel and its repeats one period on are the same
   * pixel: the wrap is done on the integer position, so every later step
   * sees the same numbers and repeats match to the last bit. */
  if (tex->tileable)
    {
      y = wrap (y, tex->period_h);
      x = wrap (x0, tex->period_w);
    }
  /* Runs of consecutive pixels up to each wrap: no division a pixel. */
  for (int i = 0; i < n; x = 0)
    {
      int run = tex->tileable ? MIN (n - i, tex->period_w - x) : n - i;
      for (int k = 0; k < run; k++)
        {
          xs[i + k] = x + k + 0.5;
          ys[i + k] = y + 0.5;
        }
      i += run;
    }
}

/* Guards values against rounding past the ends of 0 .. 1. */
static void
clamp_unit (float *v, int n)
{
  for (int i = 0; i < n; i++)
    v[i] = v[i] > 0.0f ? (v[i] < 1.0f ? v[i] : 1.0f) : 0.0f;
}

/* clamp_unit, and the gradient flat where a value is clamped. */
static void
clamp_unit_grad (float *v, float *gx, float *gy, int n)
{
  for (int i = 0; i < n; i++)
    {
      const gboolean inside = v[i] > 0.0f && v[i] < 1.0f;

      gx[i] = inside ? gx[i] : 0.0f;
      gy[i] = inside ? gy[i] : 0.0f;
    }
  clamp_unit (v, n);
}

/* The pattern's values at n texture positions; xs and ys are changed (the
 * domain warp moves them). */
static void
eval_positions (const TsrTexture *tex, double *xs, double *ys, int n, float *out)
{
  g_assert (n > 0 && n <= TSR_CHUNK);
  if (tex->rise_shift != 0.0)
    for (int i = 0; i < n; i++)
      ys[i] += tex->rise_shift;
  if (tex->warp)
    {
      float dx[TSR_CHUNK], dy[TSR_CHUNK];
      tsr_fractal_row (&tex->warp_x, xs, ys, n, dx);
      tsr_fractal_row (&tex->warp_y, xs, ys, n, dy);
      for (int i = 0; i < n; i++)
        {
          xs[i] += tex->warp_amount * dx[i];
          ys[i] += tex->warp_amount * dy[i];
        }
    }
  tex->pattern->eval (tex, xs, ys, n, out);
  clamp_unit (out, n);
}

/* Whether the maps' slopes come from the pattern's own gradient, or over
 * each pixel from its corners. */
static gboolean
analytic_slopes (const TsrTexture *tex)
{
  return tex->pattern->eval_grad != NULL && !tex->slopes_over_pixel;
}

/* eval_positions (the same bits) with the gradient of the values, per
 * pixel (y down), analytic: the pattern's own, through the domain warp by
 * the chain rule, p -> p + A w (p): the gradient times the warp's Jacobian
 * I + A dw/dp.  Only where analytic_slopes. */
static void
eval_positions_grad (const TsrTexture *tex, double *xs, double *ys, int n, float *out,
                     float *gx, float *gy)
{
  float wx[TSR_CHUNK], wxx[TSR_CHUNK], wxy[TSR_CHUNK];
  float wy[TSR_CHUNK], wyx[TSR_CHUNK], wyy[TSR_CHUNK];

  g_assert (n > 0 && n <= TSR_CHUNK);
  if (tex->rise_shift != 0.0)
    for (int i = 0; i < n; i++)
      ys[i] += tex->rise_shift;
  if (tex->warp)
    {
      tsr_fractal_row_grad (&tex->warp_x, xs, ys, n, wx, wxx, wxy);
      tsr_fractal_row_grad (&tex->warp_y, xs, ys, n, wy, wyx, wyy);
      for (int i = 0; i < n; i++)
        {
          xs[i] += tex->warp_amount * wx[i];
          ys[i] += tex->warp_amount * wy[i];
        }
    }
  tex->pattern->eval_grad (tex, xs, ys, n, out, gx, gy);
  clamp_unit_grad (out, gx, gy, n);
  if (tex->warp)
    {
      const float a = (float) tex->warp_amount;

      for (int i = 0; i < n; i++)
        {
          const float px = gx[i], py = gy[i];

          gx[i] = px * (1.0f + a * wxx[i]) + py * (a * wyx[i]);
          gy[i] = px * (a * wxy[i]) + py * (1.0f + a * wyy[i]);
        }
    }
}

static void
eval_chunk (const TsrTexture *tex, int x0, int y, int n, float *out)
{
  double xs[TSR_CHUNK], ys[TSR_CHUNK];

  chunk_positions (tex, x0, y, n, xs, ys);
  eval_positions (tex, xs, ys, n, out);
}

/* For patterns without an analytic gradient (marble, wood, whose edges
 * are everywhere): dh/dx and dh/dy (y down the image) of the pixels, per
 * pixel, from the heights at the pixel's four corners: the mean of the differences along
 * its top and bottom edges, and along its left and right edges — the
 * slope over one pixel, what a pixel can show.  A corner is shared by the
 * pixels on either side of it and by the rows above and below it, so a
 * chunk of rows costs one row of corners a row (plus one).  The pattern
 * is a pure function of the position and a pixel's corners are its own
 * position ± 1/2, so the slopes are the same whatever the tile, region or
 * thread split, and continue across the wrap. */
/* The slopes over a pixel from the heights at its top-left, top-right,
 * bottom-left and bottom-right corners. */
static inline void
corner_slopes (float tl, float tr, float bl, float br, float *gx, float *gy)
{
  *gx = 0.5f * ((tr + br) - (tl + bl));
  *gy = 0.5f * ((bl + br) - (tl + tr));
}

typedef struct
{
  double cx[2 * TSR_CHUNK + 1];    /* corner x positions, in order */
  int    left[TSR_CHUNK];          /* pixel i's left corner; its right is next */
  int    n_corners;
  gboolean have_bottom;            /* the row above left its bottom corners */
  double bottom_y;                 /* ... at this y */
  float  bottom[2 * TSR_CHUNK + 1];
} Corners;

static void
corners_layout (Corners *c, const double *xs, int n)
{
  c->n_corners = 0;
  c->have_bottom = FALSE;
  for (int i = 0; i < n; i++)
    {
      /* a new left corner where the run of pixels wraps */
      if (c->n_corners == 0 || c->cx[c->n_corners - 1] != xs[i] - 0.5)
        c->cx[c->n_corners++] = xs[i] - 0.5;
      c->left[i] = c->n_corners - 1;
      c->cx[c->n_corners++] = xs[i] + 0.5;
    }
}

static void
corner_heights (const TsrTexture *tex, const Corners *c, double y, float *h)
{
  for (int done = 0; done < c->n_corners; done += TSR_CHUNK)
    {
      double px[TSR_CHUNK], py[TSR_CHUNK];
      int    m = MIN (TSR_CHUNK, c->n_corners - done);

      for (int k = 0; k < m; k++)
        {
          px[k] = c->cx[done + k];
          py[k] = y;
        }
      eval_positions (tex, px, py, m, h + done);
    }
}

/* The slopes of the n pixels at row position y (a pixel centre), whose
 * corners c lays out; the row's bottom corners stay in c for the row
 * below, used when it is the next position (not across a wrap, where the
 * same corner has another, periodic, position). */
static void
eval_slopes (const TsrTexture *tex, Corners *c, double y, int n, float *gx, float *gy)
{
  float top[2 * TSR_CHUNK + 1];

  if (c->have_bottom && c->bottom_y == y - 0.5)
    memcpy (top, c->bottom, sizeof (float) * c->n_corners);
  else
    corner_heights (tex, c, y - 0.5, top);
  corner_heights (tex, c, y + 0.5, c->bottom);
  c->have_bottom = TRUE;
  c->bottom_y = y + 0.5;
  for (int i = 0; i < n; i++)
    {
      const int l = c->left[i], r = l + 1;
      const float *bottom = c->bottom;

      corner_slopes (top[l], top[r], bottom[l], bottom[r], &gx[i], &gy[i]);
    }
}

/* An RGBA pixel as one vector: the four channels' operations at once
 * (the same IEEE operations, lane by lane), where GCC leaves the per-channel
 * code scalar. */
typedef float Rgba __attribute__ ((vector_size (16)));

/* The ramp's colour of value v. */
static inline Rgba
ramp_color (const TsrTexture *tex, float v)
{
  float t = v * TSR_RAMP_LUT;
  int k = MIN ((int) t, TSR_RAMP_LUT - 1);
  float f = t - (float) k;
  Rgba a, b;

  memcpy (&a, tex->lut[k], sizeof a);
  memcpy (&b, tex->lut[k + 1], sizeof b);
  return a + (b - a) * f;
}

/* The colour and height maps' pixels of n values (shaded: times
 * shade[i]). */
static void
values_rgba (const TsrTexture *tex, const float *v, const float *shade, int n, float *rgba)
{
  for (int i = 0; i < n; i++)
    {
      Rgba px;

      switch (tex->surface.map)
        {
        case TSR_MAP_HEIGHT:
          px = (Rgba) { v[i], v[i], v[i], 1.0f };
          break;
        case TSR_MAP_SHADED:
          /* alpha times 1: unchanged */
          px = ramp_color (tex, v[i]) * (Rgba) { shade[i], shade[i], shade[i], 1.0f };
          break;
        case TSR_MAP_COLOR:
        default:
          px = ramp_color (tex, v[i]);
          break;
        }
      memcpy (rgba + 4 * (gsize) i, &px, sizeof px);
    }
}

/* The pixels of the map the settings ask for, from n values and (normal
 * and lit maps) their slopes, which it may overwrite. */
static void
map_rgba (const TsrTexture *tex, const float *v, float *gx, float *gy, int n, float *rgba)
{
  const TsrSurface *sf = &tex->surface;

  if (sf->map == TSR_MAP_NORMAL)
    {
      tsr_surface_normal_rgba (sf, gx, gy, n, rgba);
      return;
    }
  if (sf->map == TSR_MAP_SHADED)
    tsr_surface_shade_row (sf, gx, gy, n, gx);   /* the slopes are done with */
  values_rgba (tex, v, gx, n, rgba);
}

/* One chunk of the map the settings ask for, as RGBA; corners (for the
 * maps with slopes) carries the chunk's corners from the row above. */
static void
eval_rgba_chunk (const TsrTexture *tex, int x0, int y, int n, float *rgba, Corners *corners)
{
  const TsrSurface *sf = &tex->surface;
  float v[TSR_CHUNK], gx[TSR_CHUNK], gy[TSR_CHUNK];

  if ((sf->map == TSR_MAP_NORMAL || sf->map == TSR_MAP_SHADED) && analytic_slopes (tex))
    {
      double xs[TSR_CHUNK], ys[TSR_CHUNK];

      chunk_positions (tex, x0, y, n, xs, ys);
      eval_positions_grad (tex, xs, ys, n, v, gx, gy);
    }
  else if (sf->map == TSR_MAP_NORMAL || sf->map == TSR_MAP_SHADED)
    {
      double xs[TSR_CHUNK], ys[TSR_CHUNK];

      chunk_positions (tex, x0, y, n, xs, ys);
      if (sf->map == TSR_MAP_SHADED)
        {
          double px[TSR_CHUNK], py[TSR_CHUNK];
          memcpy (px, xs, sizeof (double) * n);
          memcpy (py, ys, sizeof (double) * n);
          eval_positions (tex, px, py, n, v);
        }
      if (!corners->have_bottom)
        corners_layout (corners, xs, n);
      eval_slopes (tex, corners, ys[0], n, gx, gy);
    }
  else
    eval_chunk (tex, x0, y, n, v);
  map_rgba (tex, v, gx, gy, n, rgba);
}

/* Rows a block of eval_rgba_block evaluates together. */
#define RGBA_ROWS 16

/* Whether a map takes its rows a block at a time: rows of constant y (no
 * domain warp) whose pattern can share work across them (its values, and
 * for the normal and lit maps their gradient). */
static gboolean
rgba_by_blocks (const TsrTexture *tex)
{
  return tex->pattern->eval_rows != NULL && !tex->warp;
}

/* eval_rgba_chunk (the same bits) of rows <= RGBA_ROWS rows from y0, for
 * rgba_by_blocks textures. */
static void
eval_rgba_block (const TsrTexture *tex, int x0, int y0, int n, int rows, float *rgba,
                 gsize stride)
{
  const TsrSurface *sf = &tex->surface;
  const gboolean slopes = sf->map == TSR_MAP_NORMAL || sf->map == TSR_MAP_SHADED;
  double xs[TSR_CHUNK], ys[TSR_CHUNK], y[RGBA_ROWS];
  float v[RGBA_ROWS][TSR_CHUNK], gx[RGBA_ROWS][TSR_CHUNK], gy[RGBA_ROWS][TSR_CHUNK];

  g_assert (rows > 0 && rows <= RGBA_ROWS);
  for (int r = 0; r < rows; r++)
    {
      /* the positions eval_chunk and eval_positions give, one y a row */
      chunk_positions (tex, x0, y0 + r, 1, xs, ys);
      if (tex->rise_shift != 0.0)
        ys[0] += tex->rise_shift;
      y[r] = ys[0];
    }
  chunk_positions (tex, x0, y0, n, xs, ys);
  tex->pattern->eval_rows (tex, xs, y, rows, n, v[0], slopes ? gx[0] : NULL,
                           slopes ? gy[0] : NULL, TSR_CHUNK);
  for (int r = 0; r < rows; r++)
    {
      if (slopes)
        clamp_unit_grad (v[r], gx[r], gy[r], n);
      else
        clamp_unit (v[r], n);
      map_rgba (tex, v[r], gx[r], gy[r], n, rgba + (gsize) r * stride);
    }
}

void
tsr_texture_set_output_levels (TsrTexture *tex, guint levels)
{
  TsrColorParams c;

  tsr_color_params (&tex->s, &c);
  tex->dither_step = c.dither && levels > 0 ? 1.0f / (float) levels : 0.0f;
}

/* Bayer's 8 x 8 ordered-dither matrix: thresholds spread so that every
 * 2 x 2, 4 x 4 and 8 x 8 block holds an even mix (no visible noise, only a
 * fine regular texture below one level). */
static const guint8 bayer8[8][8] = {
  {  0, 32,  8, 40,  2, 34, 10, 42 }, { 48, 16, 56, 24, 50, 18, 58, 26 },
  { 12, 44,  4, 36, 14, 46,  6, 38 }, { 60, 28, 52, 20, 62, 30, 54, 22 },
  {  3, 35, 11, 43,  1, 33,  9, 41 }, { 51, 19, 59, 27, 49, 17, 57, 25 },
  { 15, 47,  7, 39, 13, 45,  5, 37 }, { 63, 31, 55, 23, 61, 29, 53, 21 },
};

/* Adds the dither to n pixels of `channels` floats from (x0, y); alpha,
 * the 4th channel, is left alone. */
static void
dither_chunk (const TsrTexture *tex, int x0, int y, int n, float *px, int channels)
{
  const int colour = MIN (channels, 3);

  if (tex->tileable)
    y = wrap (y, tex->period_h);
  for (int i = 0; i < n; i++)
    {
      int x = tex->tileable ? wrap (x0 + i, tex->period_w) : x0 + i;
      float d = ((float) bayer8[y & 7][x & 7] + 0.5f) * (1.0f / 64.0f) - 0.5f;
      for (int c = 0; c < colour; c++)
        px[(gsize) i * channels + c] += d * tex->dither_step;
    }
}

float
tsr_texture_value_at (const TsrTexture *tex, double x, double y)
{
  float v;

  eval_positions (tex, &x, &y, 1, &v);
  return v;
}

gboolean
tsr_texture_gradient_at (const TsrTexture *tex, double x, double y, float *value,
                         float *gx, float *gy)
{
  if (analytic_slopes (tex))
    {
      eval_positions_grad (tex, &x, &y, 1, value, gx, gy);
      return TRUE;
    }
  corner_slopes (tsr_texture_value_at (tex, x - 0.5, y - 0.5),
                 tsr_texture_value_at (tex, x + 0.5, y - 0.5),
                 tsr_texture_value_at (tex, x - 0.5, y + 0.5),
                 tsr_texture_value_at (tex, x + 0.5, y + 0.5), gx, gy);
  *value = tsr_texture_value_at (tex, x, y);
  return FALSE;
}

void
tsr_texture_eval_scalar_row (const TsrTexture *tex, int x0, int y, int n,
                             float *out)
{
  for (int done = 0; done < n; done += TSR_CHUNK)
    eval_chunk (tex, x0 + done, y, MIN (TSR_CHUNK, n - done), out + done);
  if (tex->dither_step > 0.0f)
    dither_chunk (tex, x0, y, n, out, 1);
}

void
tsr_texture_eval_rgba_rows (const TsrTexture *tex, int x0, int y0, int n, int rows,
                            float *rgba, gsize stride)
{
  /* With slopes, a chunk of pixels has one corner more than pixels: one
   * pixel less keeps each row of corners in one evaluation.  Column by
   * column of chunks, so each passes its corners down the rows. */
  const int chunk = (tex->surface.map == TSR_MAP_NORMAL || tex->surface.map == TSR_MAP_SHADED)
                    && !analytic_slopes (tex) ? TSR_CHUNK - 1 : TSR_CHUNK;
  Corners *corners = g_new (Corners, 1);

  for (int done = 0; done < n; done += chunk)
    {
      corners->have_bottom = FALSE;
      if (rgba_by_blocks (tex))
        for (int r = 0; r < rows; r += RGBA_ROWS)
          eval_rgba_block (tex, x0 + done, y0 + r, MIN (chunk, n - done),
                           MIN (RGBA_ROWS, rows - r),
                           rgba + (gsize) r * stride + 4 * (gsize) done, stride);
      else
        for (int r = 0; r < rows; r++)
          eval_rgba_chunk (tex, x0 + done, y0 + r, MIN (chunk, n - done),
                           rgba + (gsize) r * stride + 4 * (gsize) done, corners);
    }
  if (tex->dither_step > 0.0f)
    for (int r = 0; r < rows; r++)
      dither_chunk (tex, x0, y0 + r, n, rgba + (gsize) r * stride, 4);
  g_free (corners);
}

void
tsr_texture_eval_rgba_row (const TsrTexture *tex, int x0, int y, int n,
                           float *rgba)
{
  tsr_texture_eval_rgba_rows (tex, x0, y, n, 1, rgba, 4 * (gsize) n);
}
