/* A tile made of a photograph's patches, on the torus: the tile is cut
 * into a grid of cells; cell by cell, row after row, a patch of the
 * photograph (the cell plus an overlap strip on its left and top) is
 * chosen where it agrees best with what its neighbours already put in the
 * overlaps, and is joined to them along minimum-error boundary cuts
 * (boundary-cut.h).  The grid wraps: the last column's patches also meet
 * the first column's across the tile's right edge, the last row the first
 * row across the bottom, so the tile's wrap-around is one more cut
 * through pixels that agree, not an edge. */
#ifndef TSR_TORUS_QUILT_H
#define TSR_TORUS_QUILT_H

#include "photo/photo-image.h"

G_BEGIN_DECLS

typedef struct
{
  guint32 seed;
  int     patch;        /* the patch side in pixels, overlap included */
  int     overlap;      /* the overlap strip's width in pixels */
  int     candidates;   /* places tried in the photograph for each patch */
} TsrQuiltParams;

/* A width x height tile of photo's channels; NULL with an error for a
 * size the image limits refuse. */
TsrImage *tsr_torus_quilt (const TsrImage *photo, int width, int height,
                           const TsrQuiltParams *params, GError **error);

/* The grid of cells a tile is quilted in: n_cols x n_rows cells, cell
 * (i, j) from (col_start[i], row_start[j]) to (col_start[i + 1],
 * row_start[j + 1]), patches overlapping by `overlap`. */
typedef struct
{
  int  n_cols, n_rows;
  int *col_start, *row_start;
  int  overlap;
} TsrQuiltGrid;

/* The grid for a width x height tile, at least min_cells cells each way
 * (more than 2 for a tile set: a ring of fixed cells round the quilted
 * ones; its patches then fit in the photograph with an overlap on either
 * side);
 * FALSE when the tile is too small for that. */
gboolean tsr_quilt_grid_init  (TsrQuiltGrid *grid, const TsrImage *photo, int width,
                               int height, const TsrQuiltParams *params, int min_cells);
void     tsr_quilt_grid_clear (TsrQuiltGrid *grid);

/* What a cell of the grid is to tsr_quilt_cells. */
typedef enum
{
  TSR_QUILT_FIXED,   /* its pixels are the tile's already, and stay */
  TSR_QUILT_PLACE,   /* quilted, in raster order */
  TSR_QUILT_EMPTY    /* neither: what patches reach into it is theirs */
} TsrQuiltCell;

/* Quilts into tile the cells marked TSR_QUILT_PLACE (cells[j * n_cols +
 * i]), cut to what is already there: the fixed cells, and the cells
 * placed before.  A patch reaches an overlap into a fixed cell to its
 * right or below and is cut there too, so it meets fixed cells on every
 * side as the last column meets the first across the wrap; only the
 * overlap next to a quilted cell of a fixed cell changes.  written (NULL,
 * or width x height flags): set where a patch wrote. */
void     tsr_quilt_cells      (const TsrImage *photo, TsrImage *tile, const TsrQuiltGrid *grid,
                               const guint8 *cells, const TsrQuiltParams *params,
                               guint8 *written);

G_END_DECLS

#endif
