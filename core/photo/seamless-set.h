/* Tile sets from a photograph (the kinds of texture/tile-set.h), quilted:
 * variants whose edges are all the same, and the 16 corner tiles of a
 * corner Wang set.  A tile's grid of cells (torus-quilt.h) is a ring of
 * cells along its edges round the cells inside.  Variants keep the plain
 * tile's ring and quilt the inside anew, a seed each, cut to the ring.
 * Corner tiles: two plain tiles, one a corner colour, give the blocks of
 * cells round each corner; an edge between corners of two colours is
 * quilted between their blocks (the cells on either side of it, cut to
 * both ends); a tile is its four corners' blocks, its four edges' cells
 * and an inside quilted to them.  Where two tiles meet, the cells on
 * either side of the edge were quilted together, so every tile fits every
 * neighbour its corners allow; each edge's band, an overlap short of its
 * cells' depth, is the same in every tile that has that edge. */
#ifndef TSR_SEAMLESS_SET_H
#define TSR_SEAMLESS_SET_H

#include "photo/seamless.h"
#include "texture/tile-set.h"

G_BEGIN_DECLS

/* The n tiles ids[] (all variants or all corner tiles), width x height
 * each, as an array of n images (free each, then the array); NULL with
 * an error naming the problem (a tile too small for a ring of cells). */
TsrImage **tsr_seamless_tile_set (const TsrImage *photo, int width, int height,
                                  const TsrSeamlessSettings *s, const TsrTileId *ids, int n,
                                  GError **error);

/* The depth in pixels of the band along each edge that every tile with
 * that edge has the same, for these sizes and settings (0 on error). */
int        tsr_seamless_set_edge (const TsrImage *photo, int width, int height,
                                  const TsrSeamlessSettings *s);

G_END_DECLS

#endif
