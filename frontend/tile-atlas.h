/* A tile set (core/texture/tile-set.h) as one atlas image: the tiles' textures
 * and where each sits.
 *
 * Variants: row-major, ceil (sqrt N) columns, the last row's empty places
 * black.  Corner tiles: the 16 in a 4 x 4 block laid out as a de Bruijn
 * torus of corner colours: every two neighbouring tiles of the block share
 * their corners, across its wrap too, so the atlas is itself a seamless,
 * repeating arrangement in which every tile shows once; an editor is told
 * each tile's corners (tiled-tsx.h) and needs no particular order. */
#ifndef TSR_TILE_ATLAS_H
#define TSR_TILE_ATLAS_H

#include <glib.h>

#include "tessera.h"

G_BEGIN_DECLS

typedef struct
{
  TsrTileKind  kind;
  int          n;                 /* tiles */
  int          columns, rows;     /* places in the atlas */
  int          tile_w, tile_h;
  TsrTileId    id[TSR_MAX_VARIANTS];   /* place k's tile */
  TsrTexture  *tex[TSR_MAX_VARIANTS];
} TileAtlas;

/* The places of a set of n tiles of `kind` (variants: 1 .. TSR_MAX_VARIANTS;
 * corner tiles: n is 16), textures not yet made. */
void     tile_atlas_layout (TileAtlas *atlas, TsrTileKind kind, int n, int tile_w, int tile_h);

/* Makes every place's texture from s (ramp, when not NULL, colours it);
 * terrain (not NULL): the second material of corner tiles.  levels:
 * tsr_texture_set_output_levels. */
gboolean tile_atlas_make (TileAtlas *atlas, const TsrSettings *s, const TsrRamp *ramp,
                          const TsrRamp *terrain, guint levels, GError **error);

/* The second material's ramp: palette `palette` with s's other colour
 * settings; FALSE with the core's error for an unknown palette. */
gboolean tile_atlas_terrain_ramp (const TsrSettings *s, const char *palette, TsrRamp *terrain,
                                  GError **error);
void     tile_atlas_clear (TileAtlas *atlas);

int      tile_atlas_width  (const TileAtlas *atlas);
int      tile_atlas_height (const TileAtlas *atlas);

/* Rows row0 .. row0 + rows - 1 of the atlas as RGBA (stride floats a row). */
void     tile_atlas_render_rows (const TileAtlas *atlas, int row0, int rows, float *rgba,
                                 gsize stride);

G_END_DECLS

#endif
