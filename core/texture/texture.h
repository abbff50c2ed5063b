/* Settings (a value you can copy and compare) and validated textures.
 *
 * TsrSettings is plain data: the chosen pattern and one value per
 * parameter.  tsr_texture_new () validates it — every bad value is refused
 * with a GError naming the parameter and its allowed range — and prepares an
 * immutable TsrTexture, a pure function of (settings, x, y) that any number
 * of threads may evaluate at once. */
#ifndef TSR_TEXTURE_H
#define TSR_TEXTURE_H

#include <glib.h>
#include "params/params.h"
#include "maps/map-kinds.h"
#include "patterns/patterns.h"
#include "color/ramp.h"
#include "texture/tile-set.h"

G_BEGIN_DECLS

#define TSR_ERROR (tsr_error_quark ())
GQuark tsr_error_quark (void);

typedef enum
{
  TSR_ERROR_UNKNOWN_PATTERN,
  TSR_ERROR_UNKNOWN_PARAMETER,
  TSR_ERROR_INVALID_VALUE,     /* out of range, not a number, not finite */
  TSR_ERROR_INVALID_SIZE,
  TSR_ERROR_CANCELLED
} TsrErrorCode;

/* Largest texture canvas and tile period, in pixels per side. */
#define TSR_MAX_SIZE 524288

typedef struct
{
  guint    pattern;               /* index into tsr_patterns[] */
  double   value[TSR_P_COUNT];    /* numbers, ints, bools (0/1), choice indices */
  TsrColor color[TSR_P_COUNT];    /* TSR_TYPE_COLOR parameters only */
} TsrSettings;

/* Defaults of every parameter, for the named pattern (NULL: "clouds"). */
gboolean tsr_settings_init  (TsrSettings *s, const char *pattern, GError **error);

/* Set one parameter from text, as on the command line: numbers, ints,
 * true/false/1/0/yes/no, choice names, colours as #rrggbb[aa] or names
 * "black"/"white".  Refuses unknown keys and out-of-range values. */
gboolean tsr_settings_parse (TsrSettings *s, const char *key, const char *text,
                             GError **error);

/* Set a parameter by id; refuses non-finite and out-of-range values. */
gboolean tsr_settings_set   (TsrSettings *s, TsrParamId id, double value,
                             GError **error);

/* Check every parameter against its spec. */
gboolean tsr_settings_validate (const TsrSettings *s, GError **error);

/* Frame `frame` (0 .. n_frames - 1) of the animation loop that starts at
 * s's time: s at time + frame / n_frames, wrapped into [0, 1). */
TsrSettings tsr_settings_frame (const TsrSettings *s, int frame, int n_frames);

/* What the settings' map may rely on (map-kinds.h): from its row, alpha
 * (data such as the HDRP mask's smoothness, or colours not all opaque),
 * grey (grey maps; colours from a ramp of grey stops, which interpolates
 * to grey), data.  Colours from ramp when not NULL (a GIMP gradient), else
 * from the settings' palette or colours.  Conservative: both colours must
 * be opaque whatever the palette, and the ramp in use too. */
TsrMapContent tsr_settings_content (const TsrSettings *s, const TsrRamp *ramp);

/* Text form of a value ("0.5", "true", "quintic", "#ffffffff"). */
char    *tsr_settings_format (const TsrSettings *s, TsrParamId id);

/* The ramp the settings colour with: their palette (auto: the pattern's
 * own) or two colours, or override when not NULL; reversed if asked. */
void     tsr_settings_ramp (const TsrSettings *s, const TsrRamp *override,
                            TsrRamp *ramp);

typedef struct _TsrTexture TsrTexture;

/* A texture on a width x height canvas (the layer or output image).  With
 * tileable on, it repeats every period-w x period-h pixels (0 = the canvas
 * size).  ramp overrides the palette / colour parameters when not NULL. */
TsrTexture *tsr_texture_new  (const TsrSettings *s, int width, int height,
                              const TsrRamp *ramp, GError **error);
void        tsr_texture_free (TsrTexture *tex);

/* The texture as one tile of a set (tile-set.h), width x height, which
 * is the tile: it needs tiling on and no other period.  Refused, with an
 * error naming the problem, for a pattern or noise the sets do not take,
 * a tile under TSR_TILE_MIN pixels a side, and a texture whose tiles
 * could not differ (every lattice point near an edge). */
TsrTexture *tsr_texture_new_tile (const TsrSettings *s, int width, int height,
                                  const TsrRamp *ramp, const TsrTileId *tile,
                                  GError **error);

/* Terrain: tex, a corner tile, shows two materials, its own colours at
 * the corners of colour 0 and `second`'s at those of colour 1; between
 * them the boundary wanders along the texture's own features, and meets
 * across every edge of the set.  Colour and lit maps only.  Call before
 * rendering. */
gboolean    tsr_texture_set_terrain (TsrTexture *tex, const TsrRamp *second,
                                     GError **error);

/* How many tiles of the texture's set can differ from each other: 1 when
 * none can; G_MAXUINT for "as many as asked". */
guint       tsr_texture_tile_capacity (const TsrTexture *tex);

/* The output will be rounded to `levels` + 1 values a channel (255 for 8
 * bits, 65535 for 16; 0 for float).  With the `dither` setting on, the
 * texture's colours then carry an ordered dither of less than one level,
 * a function of the (wrapped) pixel position, so tiles, regions and
 * thread splits still agree.  Call before rendering. */
void        tsr_texture_set_output_levels (TsrTexture *tex, guint levels);

/* The feature size `scale = 0` stands for on layers large enough. */
#define TSR_AUTO_SCALE 128.0

/* When tiling, a feature is at most half the tile (the lattice needs two
 * cells a period).  TRUE if the texture's scale asks for more on either
 * axis; then *max_w / *max_h (either may be NULL) say what the features'
 * size is, so the front-ends can tell the user. */
gboolean    tsr_texture_feature_limit (const TsrTexture *tex, double *max_w,
                                       double *max_h);

/* Bricks and stones: the columns and rows the pieces are laid in, the
 * settings' rounded up to whole repeats of the layout (pieces-layout.h),
 * so every layout renders with the other values at their defaults.  TRUE
 * when either was rounded, so the front-ends can say so. */
gboolean    tsr_texture_piece_counts (const TsrTexture *tex, int *columns, int *rows);

const TsrSettings *tsr_texture_get_settings (const TsrTexture *tex);
const TsrPattern  *tsr_texture_get_pattern  (const TsrTexture *tex);

/* Scalar values in [0, 1] (before colouring) of the n pixels (x0 .. x0+n-1, y),
 * sampled at pixel centres. */
void tsr_texture_eval_scalar_row (const TsrTexture *tex, int x0, int y, int n,
                                  float *out);

/* The scalar at any texture position, the pure function the pixels sample:
 * pixel (i, j) is the value at (i + 0.5, j + 0.5) of its (wrapped) place
 * in the tile.  With tiling on the function is periodic. */
float tsr_texture_value_at (const TsrTexture *tex, double x, double y);

/* The scalar at (x, y) and its slopes there, per pixel, y down: *gx =
 * d value / dx, *gy = d value / dy.  Analytic (TRUE returned) for every
 * pattern but marble: the noise bases' own gradients (DNoise) carried
 * through the fractal sums, the domain warp and the pattern's shaping
 * (wood's rings through their box filter and its footprint).  Marble's
 * recipe has edges everywhere: for it (FALSE) the slope of the value over
 * a pixel centred there, from its four corners. */
gboolean tsr_texture_gradient_at (const TsrTexture *tex, double x, double y,
                                  float *value, float *gx, float *gy);

/* RGBA (non-linear sRGB, 0..1, 4 floats per pixel) of the same pixels, as
 * the settings' `map` asks: the colours; the height (grey); the normal map
 * (n * 0.5 + 0.5 of the unit normal of the slopes tsr_texture_gradient_at
 * gives at the pixel centre); or the colours lit as a relief. */
void tsr_texture_eval_rgba_row   (const TsrTexture *tex, int x0, int y, int n,
                                  float *rgba);
/* The same for `rows` rows from y0, `stride` floats apart: the same
 * values, cheaper for the maps with slopes (corners shared by rows). */
void tsr_texture_eval_rgba_rows  (const TsrTexture *tex, int x0, int y0, int n, int rows,
                                  float *rgba, gsize stride);
/* Whether every pixel tsr_texture_eval_rgba_rows gives is an opaque grey
 * (R = G = B, alpha 1), so that one channel holds all of it: the height
 * map, and the colour and lit maps of a ramp of opaque greys (on terrain
 * both ramps).  FALSE for the other maps, whatever their pixels. */
gboolean tsr_texture_is_opaque_grey (const TsrTexture *tex);

/* Whether a map is material data made from a pixel's neighbourhood or
 * its roughness (material-maps.c): its row of map-kinds.c says. */
static inline gboolean
tsr_map_is_material (TsrMap map)
{
  return tsr_map_kinds[map].material;
}

/* Memory tsr_texture_eval_maps works in, kept from call to call (one
 * call at a time), so that a band after band does not ask the system for
 * fresh pages each time. */
typedef struct _TsrMapsScratch TsrMapsScratch;
TsrMapsScratch *tsr_maps_scratch_new  (void);
void            tsr_maps_scratch_free (TsrMapsScratch *scratch);

/* Several maps of the same rows x n pixels at once, the evaluation shared
 * (values and slopes once, the heights around the pixels once): for each
 * map m whose bit 1 << m is in `maps`, its RGBA rows into rgba[m], row r at
 * rgba[m] + r * stride, exactly the pixels a texture of these settings
 * with map=m gives before dither (the normal map in the settings'
 * normal-format).  Any map but `shaded`.  scratch may be NULL. */
void tsr_texture_eval_maps (const TsrTexture *tex, guint32 maps, int x0, int y0, int n,
                            int rows, float *const *rgba, gsize stride,
                            TsrMapsScratch *scratch);

/* Receives n_rows rows of `map` from row first_row (counted from the
 * call's y0) as RGBA, row r at rgba + r * stride; the memory is the
 * scratch's, reused after the call.  FALSE with error set stops. */
typedef gboolean (*TsrMapRowsFunc) (TsrMap map, int first_row, int n_rows, const float *rgba,
                                    gsize stride, gpointer user_data, GError **error);

/* tsr_texture_eval_maps's pixels handed over a chunk of chunk_rows rows
 * at a time (the last may be shorter; 0: a size of its own), each chunk's
 * maps in the order of TsrMap, while they are still in the cache: for a
 * caller that encodes or copies them anyway, a set's maps never make whole
 * bands of RGBA floats.  FALSE with the callback's error when it stopped. */
gboolean tsr_texture_emit_maps (const TsrTexture *tex, guint32 maps, int x0, int y0, int n,
                                int rows, int chunk_rows, TsrMapRowsFunc emit,
                                gpointer user_data, TsrMapsScratch *scratch, GError **error);

/* How many rows a band of a material's maps n pixels wide should be, in
 * whole units of unit rows (the caller's file or tile bands): the heights
 * a band evaluates around itself for the occlusion cost less the taller
 * it is (at eight occlusion radii high, a quarter more), but a band of
 * every map is held while it is written, so a wide one is kept under
 * TSR_MAPS_BAND_PIXELS pixels and the memory of a set does not grow with
 * its width beyond a few rows of planes.  At least one unit. */
#define TSR_MAPS_BAND_PIXELS (1 << 20)
int tsr_maps_band_rows (const TsrTexture *tex, int n, int unit);

/* Adds to RGBA rows from (x0, y0) the dither a texture of these settings
 * whose output levels are `levels` (tsr_texture_set_output_levels) gives
 * them; nothing without the dither setting or for float (0).  With
 * tsr_texture_eval_maps: each map exactly as rendered alone. */
void tsr_texture_dither_rgba_rows (const TsrTexture *tex, guint levels, int x0, int y0, int n,
                                   int rows, float *rgba, gsize stride);

G_END_DECLS

#endif
