/* A Tiled tileset (.tsx) for a corner tile atlas (tile-atlas.h): the
 * atlas image, and a corner Wang set naming each tile's corner colours,
 * so that Tiled's terrain brush paints with the set at once. */
#ifndef TSR_TILED_TSX_H
#define TSR_TILED_TSX_H

#include <glib.h>

#include "tile-atlas.h"

G_BEGIN_DECLS

/* "set.png" -> "set" + ext, e.g. "set.tsx" (the extension replaced, or
 * added): where a file that goes with the atlas is written. */
char    *tile_set_sidecar_path (const char *image_path, const char *ext);

/* The tileset's text: the atlas image at image_path (written relative to
 * the .tsx: its base name, the two sit side by side), colours named
 * names[0] (corner colour 0) and names[1]. */
char    *tiled_tsx_text (const TileAtlas *atlas, const char *image_path,
                         const char *const names[2]);

G_END_DECLS

#endif
