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

G_END_DECLS

#endif
