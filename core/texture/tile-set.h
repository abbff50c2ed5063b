/* Tile sets: tiles of one texture that fit each other (tile-map.h says
 * how the lattices do it).
 *
 * Variants: any number of tiles whose edges are all the same (values and
 * slopes), so that they fit in any arrangement; variant 0 is the plain
 * tile.  Corner tiles (a corner Wang set): each corner of a tile has one
 * of two colours, and two tiles fit along an edge when the corners they
 * share have the same colours; the 16 tiles of all corner colourings fit
 * in every arrangement a map editor allows. */
#ifndef TSR_TILE_SET_H
#define TSR_TILE_SET_H

#include <glib.h>

#include "texture/tile-map.h"

G_BEGIN_DECLS

typedef enum
{
  TSR_TILES_NONE,
  TSR_TILES_VARIANTS,
  TSR_TILES_CORNERS
} TsrTileKind;

/* Corners in the order top left, top right, bottom left, bottom right. */
enum { TSR_CORNER_TL, TSR_CORNER_TR, TSR_CORNER_BL, TSR_CORNER_BR };

#define TSR_MAX_VARIANTS 64
#define TSR_CORNER_TILES 16

typedef struct
{
  TsrTileKind kind;
  guint       variant;    /* which variant (corner tiles: 0) */
  guint8      corner[4];  /* corner tiles: each corner's colour, 0 or 1 */
} TsrTileId;

/* The corner tile of a Wang index: bit 0 the top left corner's colour,
 * bit 1 top right, bit 2 bottom left, bit 3 bottom right. */
TsrTileId tsr_tile_corner (guint index);
TsrTileId tsr_tile_variant (guint variant);

/* What a lattice of the tile's texture needs to know to fit the set. */
typedef struct
{
  const TsrTileId *id;
  double  m[4];        /* the lattice's field position (x, y), in pixels, to
                          the tile's: (m[0] x + m[1] y, m[2] x + m[3] y) */
  double  reach;       /* pixels a warp may move the points it is read at */
  int     tile_w, tile_h;
  gboolean twin;       /* tile-map.h */
} TsrTileFit;

/* The map of one lattice (tile-map.h): cells_x x cells_y cells a tile,
 * fx, fy cells a field pixel, lattice point (i, j) at field position
 * ((i + centre - ox) / fx, (j + centre - oy) / fy), and anything it
 * influences within support_x cells of it across and support_y down. */
void tsr_tile_map_init (TsrTileMap *map, const TsrTileFit *fit, gint32 cells_x,
                        gint32 cells_y, double fx, double fy, double ox, double oy,
                        double centre, double support_x, double support_y);

/* The cross-fade of a coarse lattice (tile-map.h) whose sample (X, Y)
 * is at lattice index (k_x X - centre, k_y Y - centre), of a field whose
 * mean is `mean`; after tsr_tile_map_init.  Not for twin maps, nor the
 * plain tile. */
void   tsr_tile_map_blend_init (TsrTileMap *map, const TsrTileFit *fit, double k_x, double k_y,
                                double centre, double mean);

/* The cross-fade at n <= 256 samples (x[j], y[j]): out (the mapped
 * lattice's values) towards own (the tile's own lattice's), keeping the
 * field's contrast; with gx not NULL their gradients (gx, gy) towards
 * (own_x, own_y) too.  Where the window is 0 and flat, out is kept. */
void   tsr_tile_blend_row (const TsrTileMap *map, const double *x, const double *y, gsize n,
                           float *out, const float *own, float *gx, float *gy,
                           const float *own_x, const float *own_y);

/* The window at sample (x, y) and its slopes d/dX, d/dY. */
double tsr_tile_window (const TsrTileMap *map, double x, double y, double *wx, double *wy);

/* Whether the window is 0 and flat on the whole row of samples at y:
 * a lattice not turned (the down axis reads y alone) whose row lies next
 * to an edge. */
gboolean tsr_tile_window_row_off (const TsrTileMap *map, double y);

/* tsr_tile_window at n samples (x[j], y[j]), into w, wx, wy. */
void     tsr_tile_window_row (const TsrTileMap *map, const double *x, const double *y, gsize n,
                              double *w, double *wx, double *wy);

/* What a tile of the set mixes into what is its own, away from every
 * edge (0: nothing, the plain tile's). */
guint32 tsr_tile_inside_salt (const TsrTileId *id);

/* Lattice points of one tile that differ between tiles: inside all bands
 * (an estimate; 0 when the bands cover the tile). */
double tsr_tile_map_inside (const TsrTileMap *map);

G_END_DECLS

#endif
