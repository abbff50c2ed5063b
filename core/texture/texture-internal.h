/* What a prepared texture holds; shared by texture.c, map-pixels.c and
 * the patterns. */
#ifndef TSR_TEXTURE_INTERNAL_H
#define TSR_TEXTURE_INTERNAL_H

#include "color/color-drift.h"
#include "noise/fractal.h"
#include "params/param-values.h"
#include "patterns/seed-salts.h"
#include "maps/shading.h"
#include "texture/texture.h"

#define TSR_RAMP_LUT 1024

struct _TsrTexture
{
  TsrSettings       s;
  const TsrPattern *pattern;
  int               width, height;      /* canvas */
  gboolean          tileable;
  int               period_w, period_h; /* resolved tile period, pixels */
  TsrCommonParams   common;             /* the parameters, by name */
  TsrNoiseParams    noise;
  double            time;               /* 0 .. 1, the animation loop */
  float             dither_step;        /* one output level, 0: no dither */
  double            rise_shift;         /* pixels the texture has moved up at this time */

  /* The pattern's own prepared state (pattern->state_size bytes), whose
   * layout only its file knows. */
  gpointer          state;
  /* Set by a pattern with eval_grad whose prepared recipe has edges
   * everywhere: its maps take the slope over each pixel instead. */
  gboolean          slopes_over_pixel;

  TsrTileId         tile;               /* the tile of a set it is, or none */

  gboolean          warp;
  double            warp_amount;        /* pixels */
  /* Set by a caller that evaluates the texture at its own scattered
   * points, never in blocks of rows (a face of pieces, each piece its own
   * offset): a pattern then keeps work shared across rows off. */
  gboolean          points_scattered;
  TsrFractal        warp_x, warp_y;

  /* The ramp, sampled; built before the pattern's prepare, which may
   * change it (bricks put the mortar's colour below the pieces'). */
  float             lut[TSR_RAMP_LUT + 1][4];
  gboolean          ramp_given;         /* a ramp overrides the palette */
  /* Terrain (tsr_texture_set_terrain): the second material's ramp */
  gboolean          terrain;
  float           (*terrain_lut)[4];

  TsrShading        shading;            /* what the map shows */
  TsrColorDrift     drift;              /* the colours' hue and saturation drift */

  /* A pattern with color_apart: whether this texture's values are the
   * ramp's positions (map=color) rather than heights, and the same
   * texture with the other kind of values (sharing state and ramp; owned
   * by the texture built, whose `other` it is too).  NULL for the rest. */
  gboolean          color_values;
  TsrTexture       *other;

  /* Texture pixels a row's pixel stands for along each axis: 1, or 2^L
   * for a view zoomed out to mipmap level L (texture-zoomed.h). */
  int               footprint;
};

/* tsr_texture_new, seen with the given footprint (a power of two). */
TsrTexture *tsr_texture_build (const TsrSettings *s, int width, int height,
                               const TsrRamp *ramp, int footprint, GError **error);

/* Smallest tile of a set, pixels a side. */
#define TSR_TILE_MIN 16
/* The pixels this close to a tile's edge are the same in every tile of
 * its set that shares the edge. */
#define TSR_TILE_EDGE_PIXELS 1.0

/* Whether tex, a tile of a set, can be one (texture-tiles.c). */
gboolean tsr_tile_set_check (const TsrTexture *tex, GError **error);

/* The texture as tile `tile` of a set (NULL: none), width x height. */
TsrTexture *tsr_texture_build_tile (const TsrSettings *s, int width, int height,
                                    const TsrRamp *ramp, int footprint,
                                    const TsrTileId *tile, GError **error);

/* The texture positions of the shown pixels (x0 .. x0+n-1, y) of a
 * texture whose footprint is more than 1: their blocks' centres, wrapped
 * into the tile. */
void tsr_texture_shown_positions (const TsrTexture *tex, int x0, int y, int n,
                                  double *xs, double *ys);

/* A fractal spec from the texture's noise parameters, tiling as the
 * texture does; patterns adjust mode, scales or octaves before init. */
void tsr_texture_fractal_spec (const TsrTexture *tex, TsrFractalMode mode,
                               guint32 seed_salt, TsrFractalSpec *spec);

/* The pattern's values at n <= TSR_CHUNK texture positions, clamped to
 * 0 .. 1; xs and ys are changed (the rise and the domain warp move them).
 * With gx and gy (not NULL; only for patterns with eval_grad) their
 * gradient per pixel (y down) too, analytic: the pattern's own, through
 * the domain warp by the chain rule. */
void tsr_texture_eval_positions (const TsrTexture *tex, double *xs, double *ys, int n,
                                 float *out, float *gx, float *gy);

/* tsr_texture_eval_positions (the same bits) of a warped texture's rows
 * rows of n <= TSR_CHUNK pixels at (xs[i], y[r]), the rise already in y,
 * row r into out (gx, gy) + r * stride: the warp's fields computed for
 * bands of rows together. */
void tsr_texture_eval_warped_rows (const TsrTexture *tex, const double *xs, const double *y,
                                   int rows, int n, float *out, float *gx, float *gy,
                                   gsize stride);

/* Values clamped to 0 .. 1 against rounding; with gx and gy (not NULL)
 * the gradient flat where a value is clamped. */
void tsr_texture_clamp_unit (float *v, float *gx, float *gy, int n);

/* The texture whose values are heights (the texture itself but for a
 * colour view, texture.c) and the one whose values are the ramp's
 * positions. */
const TsrTexture *tsr_texture_heights (const TsrTexture *tex);
const TsrTexture *tsr_texture_colors  (const TsrTexture *tex);

/* The rise and the domain warp of tsr_texture_eval_positions alone: the
 * positions whose values the pattern gives (the same bits). */
void tsr_texture_move_positions (const TsrTexture *tex, double *xs, double *ys, int n);

/* The values of n pixels of row y from x0, undithered. */
void tsr_texture_values_row (const TsrTexture *tex, int x0, int y, int n, float *out);

/* The values of rows x n pixels from (x0, y0), row r at v + r * stride,
 * and with gx and gy (not NULL, or both NULL) their slopes as the maps take
 * them (analytic, or over each pixel): the same bits as the pixels of the
 * single maps, whatever the rectangle. */
void tsr_texture_values_rows (const TsrTexture *tex, int x0, int y0, int n, int rows,
                              float *v, float *gx, float *gy, gsize stride);

/* RGBA of n pixels from (x0, y) as map (colour, height, normal or lit
 * relief) shows them, from their values and slopes (the normal map's),
 * the colours times light[i] when light is not NULL (the lit relief's
 * light, the colour's cavities: material-maps.c). */
void tsr_texture_map_rgba (const TsrTexture *tex, TsrMap map, int x0, int y, const float *v,
                           const float *gx, const float *gy, const float *light, int n,
                           float *rgba);

/* Whether map's colours are lit by the relief around each pixel (the lit
 * relief; the colours with cavity > 0), which material-maps.c makes
 * with the occlusion's heights. */
static inline gboolean
tsr_texture_map_lit (const TsrTexture *tex, TsrMap map)
{
  return map == TSR_MAP_SHADED
         || (map == TSR_MAP_COLOR && tex->s.value[TSR_P_CAVITY] > 0.0);
}

/* tsr_texture_eval_rgba_rows; with stream, for rows that nobody reads
 * soon, the pixels are stored past the caches where the map and the
 * buffer's alignment allow (rgba-rows.h). */
void tsr_texture_write_rgba_rows (const TsrTexture *tex, int x0, int y0, int n, int rows,
                                  float *rgba, gsize stride, gboolean stream);

#endif
