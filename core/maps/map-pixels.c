/* A texture's pixels: pixel centres on the (wrapped) tile, slopes from
 * the analytic gradient or from pixel corners, the map the settings ask
 * for (colour, height, normal, lit) and the ordered dither. */
#include <string.h>

#include "noise/noise-internal.h"
#include "color/ramp-rows.h"
#include "color/rgba-rows.h"
#include "texture/texture-internal.h"

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

/* The ramp's colour of value v; on terrain (tsr_texture_set_terrain) the
 * second material's by its share there. */
static inline Rgba
ramp_color (const TsrTexture *tex, float v, float share)
{
  const Rgba a = tsr_lut_px ((const float (*)[4]) tex->lut, v);

  if (share <= 0.0f)
    return a;
  return a + (tsr_lut_px ((const float (*)[4]) tex->terrain_lut, v) - a) * share;
}

/* The colour row kernel of the instruction set the noise rows use. */
static TsrRampRow
ramp_row (void)
{
  return TSR_ISA_PICK (tsr_ramp_row_base, tsr_ramp_row_avx2, tsr_ramp_row_avx512);
}

/* The colour and height maps' pixels of n values (times light[i] when
 * light is not NULL); share: the second material's, per pixel, on terrain (NULL
 * without).  One loop a map: the height's then vectorises.  stream: as
 * lut_row. */
static void
values_rgba (const TsrTexture *tex, TsrMap map, const float *v, const float *light,
             const float *share, int n, float *rgba, gboolean stream)
{
  const float (*lut)[4] = (const float (*)[4]) tex->lut;

  if (map == TSR_MAP_HEIGHT)
    tsr_rgba_grey_row (v, n, rgba);
  else if (share == NULL)
    ramp_row () (lut, v, light, n, rgba, stream && tsr_stream_aligned (rgba));
  else
    for (int i = 0; i < n; i++)
      {
        Rgba px = ramp_color (tex, v[i], share[i]);

        /* alpha times 1: unchanged */
        if (light != NULL)
          px *= (Rgba) { light[i], light[i], light[i], 1.0f };
        tsr_store_px (rgba + 4 * (gsize) i, px);
      }
}

/* Terrain (corner tiles of two materials): the second material's share
 * at the n pixels from (x0, y) of values v.  Each corner's colour is the
 * material there; between them the colours blend by the quintic fade
 * (flat across every edge, so neighbours meet with the same slope), and a
 * pixel is the second material where its value is above the blend's
 * threshold: the texture's own features make the boundary wander, and
 * they are the same along an edge in every tile that has it. */
#define TERRAIN_EDGE   0.03f  /* half the value range the boundary blends over */
#define TERRAIN_MARGIN 0.05f  /* a corner's own material everywhere near it */

/* Where the corners blend, across a tile of `period` pixels: 0 at the
 * first pixel's centre, 1 at the last's.  So the edge pixels blend their
 * edge's two corners alone, the far ones weighing exactly 0 (a fade from
 * the tile's very edge still gives them 5e-6 half a pixel in, which the
 * threshold can turn into a level's difference between tiles that share
 * the edge). */
static inline double
blend_position (double pos, int period)
{
  return CLAMP ((pos - 0.5) / (period - 1), 0.0, 1.0);
}

static void
terrain_shares (const TsrTexture *tex, int x0, int y, const float *v, int n, float *share)
{
  const guint8 *c = tex->tile.corner;
  double xs[TSR_CHUNK], ys[TSR_CHUNK];

  chunk_positions (tex, x0, y, n, xs, ys);
  for (int i = 0; i < n; i++)
    {
      const double fx = tsr_fade (blend_position (xs[i], tex->period_w));
      const double fy = tsr_fade (blend_position (ys[i], tex->period_h));
      const double top = c[TSR_CORNER_TL] + fx * (c[TSR_CORNER_TR] - c[TSR_CORNER_TL]);
      const double bottom = c[TSR_CORNER_BL] + fx * (c[TSR_CORNER_BR] - c[TSR_CORNER_BL]);
      const double b = top + fy * (bottom - top);
      const float threshold = (float) ((1.0 - b) * (1.0 + 2.0 * TERRAIN_MARGIN) - TERRAIN_MARGIN);
      const float t = (v[i] - threshold) / (2.0f * TERRAIN_EDGE) + 0.5f;

      share[i] = CLAMP (t, 0.0f, 1.0f);
    }
}

/* The positions of rows rows of n pixels from (x0, y0) without a domain
 * warp, as chunk_positions and the rise give them: one y a row, y[r], and
 * the same xs for every row. */
static void
band_positions (const TsrTexture *tex, int x0, int y0, int n, int rows, double *xs, double *y)
{
  double ys[TSR_CHUNK];

  for (int r = 0; r < rows; r++)
    {
      chunk_positions (tex, x0, y0 + r, 1, xs, ys);
      if (tex->rise_shift != 0.0)
        ys[0] += tex->rise_shift;
      y[r] = ys[0];
    }
  chunk_positions (tex, x0, y0, n, xs, ys);
}

/* A row's three drift fields, computed ahead for a band of rows. */
typedef struct
{
  const float *hue, *sat, *warm;
} DriftRow;

/* The colours' drift (color-drift.h) on the n RGBA pixels from (x0, y),
 * whose colour values are c: at the positions the pattern drew them, so
 * the drift moves with a rising or warped texture.  fields: the row's
 * fields when a band computed them (drift_band), else NULL. */
static void
drift_colors (const TsrTexture *tex, int x0, int y, const float *c, int n, float *rgba,
              const DriftRow *fields)
{
  const TsrPatternPieceTint tint = tex->pattern->piece_tint;
  double xs[TSR_CHUNK], ys[TSR_CHUNK];
  float hue[TSR_CHUNK], sat[TSR_CHUNK];

  chunk_positions (tex, x0, y, n, xs, ys);
  tsr_texture_move_positions (tex, xs, ys, n);
  if (tint != NULL)
    tint (tsr_texture_colors (tex), xs, ys, (gsize) n, c, hue, sat);
  if (fields != NULL)
    tsr_color_drift_apply_fields (&tex->drift, fields->hue, fields->sat, fields->warm,
                                  tint != NULL ? hue : NULL, tint != NULL ? sat : NULL, n,
                                  rgba);
  else
    tsr_color_drift_apply (&tex->drift, xs, ys, tint != NULL ? hue : NULL,
                           tint != NULL ? sat : NULL, n, rgba);
}

/* Whether map's rows take the drift, and their positions have one y a row
 * (no domain warp), so a band of rows computes its fields together. */
static gboolean
drift_banded (const TsrTexture *tex, TsrMap map)
{
  return map != TSR_MAP_HEIGHT && map != TSR_MAP_NORMAL && tex->drift.amount > 0.0f
         && !tex->warp;
}

/* Rows a band of drift fields holds. */
#define DRIFT_ROWS 16

/* The drift fields of rows <= DRIFT_ROWS rows of n <= TSR_CHUNK pixels
 * from (x0, y0), at the positions drift_colors moves them to. */
static void
drift_band (const TsrTexture *tex, int x0, int y0, int n, int rows,
            float hue[][TSR_CHUNK], float sat[][TSR_CHUNK], float warm[][TSR_CHUNK])
{
  double xs[TSR_CHUNK], y[DRIFT_ROWS];

  band_positions (tex, x0, y0, n, rows, xs, y);
  tsr_color_drift_fields_rows (&tex->drift, xs, y, rows, n, hue[0], sat[0], warm[0],
                               TSR_CHUNK);
}

/* tsr_texture_map_rgba; stream: as lut_row */
static void
map_rgba (const TsrTexture *tex, TsrMap map, int x0, int y, const float *v, const float *gx,
          const float *gy, const float *light, int n, float *rgba, gboolean stream,
          const DriftRow *drift)
{
  const TsrShading *sf = &tex->shading;
  float share[TSR_CHUNK], colors[TSR_CHUNK];

  if (map == TSR_MAP_NORMAL)
    {
      tsr_shading_normal_rgba (sf, gx, gy, n, rgba);
      return;
    }
  /* the drift reads the pixels back */
  stream = stream && tex->drift.amount <= 0.0f;
  for (int done = 0; done < n; done += TSR_CHUNK)
    {
      const int m = MIN (TSR_CHUNK, n - done);
      const float *c = v + done;
      /* a height map has no terrain: its values are the heights */
      const gboolean shares = map != TSR_MAP_HEIGHT && tex->terrain;

      if (map != TSR_MAP_HEIGHT && tsr_texture_colors (tex) != tex)
        {
          /* heights in v: the ramp's positions from the colour view */
          tsr_texture_values_row (tsr_texture_colors (tex), x0 + done, y, m, colors);
          c = colors;
        }
      if (shares)
        terrain_shares (tex, x0 + done, y, c, m, share);
      values_rgba (tex, map, c, light != NULL ? light + done : NULL, shares ? share : NULL, m,
                   rgba + 4 * (gsize) done, stream);
      if (map != TSR_MAP_HEIGHT && tex->drift.amount > 0.0f)
        drift_colors (tex, x0 + done, y, c, m, rgba + 4 * (gsize) done,
                      n <= TSR_CHUNK ? drift : NULL);
    }
}

void
tsr_texture_map_rgba (const TsrTexture *tex, TsrMap map, int x0, int y, const float *v,
                      const float *gx, const float *gy, const float *light, int n, float *rgba)
{
  map_rgba (tex, map, x0, y, v, gx, gy, light, n, rgba, FALSE, NULL);
}

/* Whether the maps' slopes come from the pattern's own gradient, or over
 * each pixel from its corners. */
static gboolean
analytic_slopes (const TsrTexture *tex)
{
  return tex->pattern->eval_grad != NULL && !tex->slopes_over_pixel;
}

/* Rows a block of eval_values_block evaluates together. */
#define BLOCK_ROWS 64

/* Whether a block's rows are taken together: rows of constant y (no
 * domain warp) whose pattern can share work across them (its values, and
 * for the maps with slopes their analytic gradient). */
static gboolean
rows_together (const TsrTexture *tex, gboolean slopes)
{
  return tex->pattern->eval_rows != NULL && !tex->warp && (!slopes || analytic_slopes (tex));
}

/* The values of n pixels of row y (with want_values) and with slopes their
 * slopes as the maps take them; corners carries the chunk's corners from
 * the row above. */
static void
eval_values_chunk (const TsrTexture *tex, int x0, int y, int n, gboolean slopes,
                   gboolean want_values, float *v, float *gx, float *gy, Corners *corners)
{
  double xs[TSR_CHUNK], ys[TSR_CHUNK];

  chunk_positions (tex, x0, y, n, xs, ys);
  if (slopes && !analytic_slopes (tex))
    {
      if (!corners->have_bottom)
        corners_layout (corners, xs, n);
      eval_slopes (tex, corners, ys[0], n, gx, gy);
      if (want_values)
        tsr_texture_eval_positions (tex, xs, ys, n, v, NULL, NULL);
    }
  else
    tsr_texture_eval_positions (tex, xs, ys, n, v, slopes ? gx : NULL, slopes ? gy : NULL);
}

/* The values (and with slopes their slopes) of rows <= BLOCK_ROWS rows
 * of n <= TSR_CHUNK pixels from (x0, y0), row r at v[r]: eval_rows for a
 * rows_together texture, a warped one's fields a band of rows at a time,
 * else row by row, corners passed down. */
static void
eval_values_block (const TsrTexture *tex, int x0, int y0, int n, int rows, gboolean slopes,
                   gboolean want_values, float v[][TSR_CHUNK], float gx[][TSR_CHUNK],
                   float gy[][TSR_CHUNK], Corners *corners)
{
  double xs[TSR_CHUNK], y[BLOCK_ROWS];

  g_assert (rows > 0 && rows <= BLOCK_ROWS);
  if (tex->warp && (!slopes || analytic_slopes (tex)))
    {
      /* warped rows have no one y, but their warp's fields do */
      band_positions (tex, x0, y0, n, rows, xs, y);
      tsr_texture_eval_warped_rows (tex, xs, y, rows, n, v[0], slopes ? gx[0] : NULL,
                                    slopes ? gy[0] : NULL, TSR_CHUNK);
      return;
    }
  if (!rows_together (tex, slopes))
    {
      for (int r = 0; r < rows; r++)
        eval_values_chunk (tex, x0, y0 + r, n, slopes, want_values, v[r], gx[r], gy[r],
                           corners);
      return;
    }
  band_positions (tex, x0, y0, n, rows, xs, y);
  tex->pattern->eval_rows (tex, xs, y, rows, n, v[0], slopes ? gx[0] : NULL,
                           slopes ? gy[0] : NULL, TSR_CHUNK);
  for (int r = 0; r < rows; r++)
    tsr_texture_clamp_unit (v[r], slopes ? gx[r] : NULL, slopes ? gy[r] : NULL, n);
}

/* Calls done (tex, x, y, n, rows, v, gx, gy, data) for each block of a
 * rows x n rectangle from (x0, y0), its values and (with slopes) slopes
 * evaluated: column by column of chunks, so each passes its corners down
 * the rows.  With slopes from corners, a chunk of pixels has one corner
 * more than pixels: one pixel less keeps each row of corners in one
 * evaluation. */
typedef void (*BlockDone) (const TsrTexture *tex, int x, int y, int n, int rows,
                           float v[][TSR_CHUNK], float gx[][TSR_CHUNK],
                           float gy[][TSR_CHUNK], gpointer data);

static void
for_each_block (const TsrTexture *tex, int x0, int y0, int n, int rows, gboolean slopes,
                gboolean want_values, BlockDone done, gpointer data)
{
  const int chunk = slopes && !analytic_slopes (tex) ? TSR_CHUNK - 1 : TSR_CHUNK;
  Corners *corners = g_new (Corners, 1);
  float (*v)[TSR_CHUNK] = (float (*)[TSR_CHUNK]) g_new (float, 3 * BLOCK_ROWS * TSR_CHUNK);
  float (*gx)[TSR_CHUNK] = v + BLOCK_ROWS, (*gy)[TSR_CHUNK] = v + 2 * BLOCK_ROWS;

  for (int done_x = 0; done_x < n; done_x += chunk)
    {
      const int m = MIN (chunk, n - done_x);

      corners->have_bottom = FALSE;
      for (int r = 0; r < rows; r += BLOCK_ROWS)
        {
          const int k = MIN (BLOCK_ROWS, rows - r);

          eval_values_block (tex, x0 + done_x, y0 + r, m, k, slopes, want_values, v, gx, gy,
                             corners);
          done (tex, x0 + done_x, y0 + r, m, k, v, gx, gy, data);
        }
    }
  g_free (v);
  g_free (corners);
}

typedef struct
{
  int      x0, y0;
  float   *out, *gx, *gy;
  gsize    stride;
  int      channels;   /* 4: the map as RGBA into out; 1: values (and slopes) */
  gboolean stream;     /* RGBA: as lut_row */
} BlockSink;

/* A block's rows as the sink's map, the drift's fields a band at a time. */
static void
block_rgba (const TsrTexture *tex, const BlockSink *sink, int x, int y, int n, int rows,
            float v[][TSR_CHUNK], float gx[][TSR_CHUNK], float gy[][TSR_CHUNK])
{
  const TsrMap map = tex->shading.map;
  const gboolean banded = drift_banded (tex, map);

  for (int r0 = 0; r0 < rows; r0 += DRIFT_ROWS)
    {
      const int k = MIN (DRIFT_ROWS, rows - r0);
      float hue[DRIFT_ROWS][TSR_CHUNK], sat[DRIFT_ROWS][TSR_CHUNK], warm[DRIFT_ROWS][TSR_CHUNK];

      if (banded)
        drift_band (tex, x, y + r0, n, k, hue, sat, warm);
      for (int r = r0; r < r0 + k; r++)
        {
          const gsize at = (gsize) (y + r - sink->y0) * sink->stride
                           + (gsize) (x - sink->x0) * 4;
          const DriftRow fields = { hue[r - r0], sat[r - r0], warm[r - r0] };

          map_rgba (tex, map, x, y + r, v[r], gx[r], gy[r], NULL, n, sink->out + at,
                    sink->stream, banded ? &fields : NULL);
        }
    }
}

static void
block_to_sink (const TsrTexture *tex, int x, int y, int n, int rows, float v[][TSR_CHUNK],
               float gx[][TSR_CHUNK], float gy[][TSR_CHUNK], gpointer data)
{
  const BlockSink *sink = data;

  if (sink->channels == 4)
    {
      block_rgba (tex, sink, x, y, n, rows, v, gx, gy);
      return;
    }
  for (int r = 0; r < rows; r++)
    {
      const gsize at = (gsize) (y + r - sink->y0) * sink->stride
                       + (gsize) (x - sink->x0) * (gsize) sink->channels;

      memcpy (sink->out + at, v[r], sizeof (float) * n);
      if (sink->gx != NULL)
        {
          memcpy (sink->gx + at, gx[r], sizeof (float) * n);
          memcpy (sink->gy + at, gy[r], sizeof (float) * n);
        }
    }
}

void
tsr_texture_values_rows (const TsrTexture *tex, int x0, int y0, int n, int rows,
                         float *v, float *gx, float *gy, gsize stride)
{
  BlockSink sink = { x0, y0, v, gx, gy, stride, 1, FALSE };

  for_each_block (tex, x0, y0, n, rows, gx != NULL, TRUE, block_to_sink, &sink);
}

void
tsr_texture_values_row (const TsrTexture *tex, int x0, int y, int n, float *out)
{
  for (int done = 0; done < n; done += TSR_CHUNK)
    {
      const int m = MIN (TSR_CHUNK, n - done);
      double xs[TSR_CHUNK], ys[TSR_CHUNK];

      chunk_positions (tex, x0 + done, y, m, xs, ys);
      tsr_texture_eval_positions (tex, xs, ys, m, out + done, NULL, NULL);
    }
}

/* The dither's amplitude for output of `levels` + 1 values a channel: 0
 * without the dither setting or for float. */
static float
dither_step (const TsrTexture *tex, guint levels)
{
  TsrColorParams c;

  tsr_color_params (&tex->s, &c);
  return c.dither && levels > 0 ? 1.0f / (float) levels : 0.0f;
}

void
tsr_texture_set_output_levels (TsrTexture *tex, guint levels)
{
  tex->dither_step = dither_step (tex, levels);
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

/* Adds the dither of amplitude step to n pixels of `channels` floats from
 * (x0, y); alpha, the 4th channel, is left alone. */
static void
dither_chunk (const TsrTexture *tex, float step, int x0, int y, int n, float *px, int channels)
{
  const int colour = MIN (channels, 3);

  if (tex->tileable)
    y = wrap (y, tex->period_h);
  for (int i = 0; i < n; i++)
    {
      int x = tex->tileable ? wrap (x0 + i, tex->period_w) : x0 + i;
      float d = ((float) bayer8[y & 7][x & 7] + 0.5f) * (1.0f / 64.0f) - 0.5f;
      for (int c = 0; c < colour; c++)
        px[(gsize) i * channels + c] += d * step;
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
  tsr_texture_values_row (tex, x0, y, n, out);
  if (tex->dither_step > 0.0f)
    dither_chunk (tex, tex->dither_step, x0, y, n, out, 1);
}

void
tsr_texture_write_rgba_rows (const TsrTexture *tex, int x0, int y0, int n, int rows,
                             float *rgba, gsize stride, gboolean stream)
{
  const TsrMap map = tex->shading.map;

  /* the dither reads the pixels back at once */
  stream = stream && tex->dither_step <= 0.0f;

  if (tsr_map_is_material (map) || tsr_texture_map_lit (tex, map))
    {
      float *out[TSR_MAP_COUNT] = { NULL };

      out[map] = rgba;
      tsr_texture_eval_maps (tex, 1u << map, x0, y0, n, rows, out, stride, NULL);
    }
  else
    {
      BlockSink sink = { x0, y0, rgba, NULL, NULL, stride, 4, stream };

      for_each_block (tex, x0, y0, n, rows, map == TSR_MAP_NORMAL, map != TSR_MAP_NORMAL,
                      block_to_sink, &sink);
    }
  if (stream)
    tsr_stream_done ();
  if (tex->dither_step > 0.0f)
    for (int r = 0; r < rows; r++)
      dither_chunk (tex, tex->dither_step, x0, y0 + r, n, rgba + (gsize) r * stride, 4);
}

static gboolean
lut_is_opaque_grey (const float (*lut)[4])
{
  for (int k = 0; k <= TSR_RAMP_LUT; k++)
    if (lut[k][1] != lut[k][0] || lut[k][2] != lut[k][0] || lut[k][3] != 1.0f)
      return FALSE;
  return TRUE;
}

/* A grey ramp stays grey through everything after it: the same operations
 * on equal channels (interpolation, terrain's blend, the lit map's shade,
 * the dither's offset) give equal results, and alpha is only copied. */
gboolean
tsr_texture_is_opaque_grey (const TsrTexture *tex)
{
  switch (tex->shading.map)
    {
    case TSR_MAP_HEIGHT:
      return TRUE;
    case TSR_MAP_COLOR:
    case TSR_MAP_SHADED:
      /* the drift colours grey too (warm and cool) */
      return tex->drift.amount <= 0.0f
             && lut_is_opaque_grey ((const float (*)[4]) tex->lut)
             && (!tex->terrain || lut_is_opaque_grey ((const float (*)[4]) tex->terrain_lut));
    default:
      return FALSE;
    }
}

void
tsr_texture_eval_rgba_rows (const TsrTexture *tex, int x0, int y0, int n, int rows,
                            float *rgba, gsize stride)
{
  tsr_texture_write_rgba_rows (tex, x0, y0, n, rows, rgba, stride, FALSE);
}

void
tsr_texture_eval_rgba_row (const TsrTexture *tex, int x0, int y, int n,
                           float *rgba)
{
  tsr_texture_eval_rgba_rows (tex, x0, y, n, 1, rgba, 4 * (gsize) n);
}

void
tsr_texture_dither_rgba_rows (const TsrTexture *tex, guint levels, int x0, int y0, int n,
                              int rows, float *rgba, gsize stride)
{
  const float step = dither_step (tex, levels);

  if (step > 0.0f)
    for (int r = 0; r < rows; r++)
      dither_chunk (tex, step, x0, y0 + r, n, rgba + (gsize) r * stride, 4);
}
