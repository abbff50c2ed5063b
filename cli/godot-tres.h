/* A Godot 4 TileSet resource (.tres) for a corner tile atlas
 * (tile-atlas.h): the atlas as one atlas source, and a terrain set in
 * "Match Corners" mode whose two terrains are the corner colours, each
 * tile's corner peering bits set, so that Godot's terrain painting uses
 * the set at once. */
#ifndef TSR_GODOT_TRES_H
#define TSR_GODOT_TRES_H

#include <glib.h>

#include "tile-atlas.h"

G_BEGIN_DECLS

/* The resource's text: the atlas image at image_path (referred to by its
 * base name: the two sit side by side), terrains named names[0] (corner
 * colour 0) and names[1]. */
char *godot_tres_text (const TileAtlas *atlas, const char *image_path,
                       const char *const names[2]);

G_END_DECLS

#endif
