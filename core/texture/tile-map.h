/* One tile of a tile set (tile-set.h) as one noise lattice sees it.
 *
 * Tiles of a set fit each other because the lattice points near a tile's
 * edges hash the same in every tile that shares that edge, and only the
 * points inside differ (Lagae & Dutre's corner tiles; Kirillov, HPG 2018).
 * A point is "near" an edge when anything it influences reaches the edge:
 * the basis' support, the lattice's shear and any warp of the positions it
 * is read at are all folded into the band widths.  The noise kernels hash
 * a point as usual and pass the hash through v_tile_hash (noise-vec.h),
 * which keeps it (band of a plain variant, or a point near both edges of
 * an axis: the tiles sharing either must agree), or mixes in the salt of
 * the point's region: the corner's colour, the edge's two colours, or the
 * tile itself.
 *
 * Corner (Wang) tiles are not periodic: their left and right edges differ.
 * Their lattice wraps every two tiles (`doubled`), so a point's wrapped
 * index still says which edge it is near, and it is hashed at its index
 * modulo one tile, the same in the tile on the other side of the edge. */
#ifndef TSR_TILE_MAP_H
#define TSR_TILE_MAP_H

#include <glib.h>

G_BEGIN_DECLS

/* The regions of a tile: (left band, inside, right band) across, times
 * (top band, inside, bottom band) down, row-major. */
#define TSR_TILE_REGIONS 9
/* ... and the salt of a point near both edges of an axis, after them */
#define TSR_TILE_REGION_BOTH TSR_TILE_REGIONS

typedef struct
{
  gboolean on;
  gboolean doubled;          /* the lattice wraps every two tiles */
  gint32   cells_x, cells_y; /* lattice cells per tile */
  /* tile position, in tiles, of lattice point (i, j):
   * x = tx[0] i + tx[1] j + tx[2], y = ty[0] i + ty[1] j + ty[2] */
  double   tx[3], ty[3];
  double   band_x, band_y;   /* half-widths of the edge bands, in tiles */
  /* each lattice point shows twice in a tile, also half a tile across
   * and down (a lattice turned 45°, value noise's): near an edge if
   * either is; variants only */
  gboolean twin;
  /* 0: the hash as it is; a point near both edges keeps it, but in the
   * cross-fade's lattice whose every point is the tile's own */
  guint32  salt[TSR_TILE_REGIONS + 1];
  /* A coarse lattice (bands wider than an eighth of the tile, so with few
   * or no points of the tile's own) cross-fades from itself near the
   * edges to the lattice with every point the tile's own inside, by a
   * window of the sample's place in the tile (tsr_tile_window): 0, and
   * flat, within `fade_from` of an edge, 1 from `fade_to` on. */
  gboolean blend;
  /* sample (X, Y) is at lattice index (k[0] X - c, k[1] Y - c) */
  double   sample_k[2], sample_c;
  float    fade_from[2], fade_to[2];   /* across, down; in tiles */
  /* the field's mean: the fade keeps the contrast around it */
  float    mean;
} TsrTileMap;

G_END_DECLS

#endif
