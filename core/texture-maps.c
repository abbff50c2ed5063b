/* A texture's pixels: pixel centres on the (wrapped) tile, slopes from
 * the analytic gradient or from pixel corners, the map the settings ask
 * for (colour, height, normal, lit) and the ordered dither. */
#include <string.h>

#include "texture-internal.h"

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
      tsr_texture_eval_positions (tex, px, py, m, h + done, NULL, NULL);
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

/* Whether the maps' slopes come from the pattern's own gradient, or over
 * each pixel from its corners. */
static gboolean
analytic_slopes (const TsrTexture *tex)
{
  return tex->pattern->eval_grad != NULL && !tex->slopes_over_pixel;
}

/* Whether the map's slopes come from the heights at the pixels' corners. */
static gboolean
corner_slopes_needed (const TsrTexture *tex)
{
  return tsr_surface_needs_slopes (&tex->surface) && !analytic_slopes (tex);
}

/* One chunk of the map the settings ask for, as RGBA; corners (for the
 * maps with slopes from corners) carries the chunk's corners from the row
 * above. */
static void
eval_rgba_chunk (const TsrTexture *tex, int x0, int y, int n, float *rgba, Corners *corners)
{
  const gboolean slopes = tsr_surface_needs_slopes (&tex->surface);
  double xs[TSR_CHUNK], ys[TSR_CHUNK];
  float v[TSR_CHUNK], gx[TSR_CHUNK], gy[TSR_CHUNK];

  chunk_positions (tex, x0, y, n, xs, ys);
  if (corner_slopes_needed (tex))
    {
      if (!corners->have_bottom)
        corners_layout (corners, xs, n);
      eval_slopes (tex, corners, ys[0], n, gx, gy);
      if (tex->surface.map == TSR_MAP_SHADED)   /* a normal map shows no values */
        tsr_texture_eval_positions (tex, xs, ys, n, v, NULL, NULL);
    }
  else
    tsr_texture_eval_positions (tex, xs, ys, n, v, slopes ? gx : NULL, slopes ? gy : NULL);
  map_rgba (tex, v, gx, gy, n, rgba);
}

/* Rows a block of eval_rgba_block evaluates together. */
#define RGBA_ROWS 16

/* Whether a map takes its rows a block at a time: rows of constant y (no
 * domain warp) whose pattern can share work across them (its values, and
 * for the normal and lit maps their analytic gradient). */
static gboolean
rgba_by_blocks (const TsrTexture *tex)
{
  return tex->pattern->eval_rows != NULL && !tex->warp && !corner_slopes_needed (tex);
}

/* eval_rgba_chunk (the same bits) of rows <= RGBA_ROWS rows from y0, for
 * rgba_by_blocks textures. */
static void
eval_rgba_block (const TsrTexture *tex, int x0, int y0, int n, int rows, float *rgba,
                 gsize stride)
{
  const gboolean slopes = tsr_surface_needs_slopes (&tex->surface);
  double xs[TSR_CHUNK], ys[TSR_CHUNK], y[RGBA_ROWS];
  float v[RGBA_ROWS][TSR_CHUNK], gx[RGBA_ROWS][TSR_CHUNK], gy[RGBA_ROWS][TSR_CHUNK];

  g_assert (rows > 0 && rows <= RGBA_ROWS);
  for (int r = 0; r < rows; r++)
    {
      /* the positions eval_rgba_chunk gives, one y a row */
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
      tsr_texture_clamp_unit (v[r], slopes ? gx[r] : NULL, slopes ? gy[r] : NULL, n);
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

gboolean
tsr_texture_gradient_at (const TsrTexture *tex, double x, double y, float *value,
                         float *gx, float *gy)
{
  if (analytic_slopes (tex))
    {
      tsr_texture_eval_positions (tex, &x, &y, 1, value, gx, gy);
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
    {
      const int m = MIN (TSR_CHUNK, n - done);
      double xs[TSR_CHUNK], ys[TSR_CHUNK];

      chunk_positions (tex, x0 + done, y, m, xs, ys);
      tsr_texture_eval_positions (tex, xs, ys, m, out + done, NULL, NULL);
    }
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
  const int chunk = corner_slopes_needed (tex) ? TSR_CHUNK - 1 : TSR_CHUNK;
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
