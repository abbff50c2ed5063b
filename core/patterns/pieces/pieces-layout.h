/* Where the pieces of a built-up surface lie (patterns `bricks` and
 * `stones`): which piece a point is on, how deep inside it, and the piece's
 * identity for its random colour, height and tilt.
 *
 * Every layout has whole numbers of pieces per tile period (its columns
 * and rows), and a piece's identity is a hash of its index modulo those
 * counts, so the pieces, and everything drawn from them, repeat with the
 * tile at any W x H.  Distances are in pixels; the gap is half on each
 * side of a piece's cell. */
#ifndef TSR_PIECES_LAYOUT_H
#define TSR_PIECES_LAYOUT_H

#include <glib.h>

#include "params/param-values.h"

/* The stones' layout: cells around scattered points (not a bricks
 * layout, which are TsrBrickLayout). */
#define TSR_LAYOUT_STONES TSR_BRICK_LAYOUT_COUNT

typedef struct
{
  int     layout;          /* a TsrBrickLayout, or TSR_LAYOUT_STONES */
  int     columns, rows;   /* counts per tile period */
  int     ratio;           /* herringbone, basket: length / width */
  double  cw, rh;          /* a column's and a row's size, pixels */
  double  offset;          /* running: every other row's shift, in pieces */
  double  row_shift;       /* running: random shift of each row, in pieces */
  double  half_gap;        /* pixels */
  double  roundness;       /* corner radius over the piece's half width */
  double  corner;          /* hexagons, stones: corners rounded over, pixels */
  double  irregular;       /* the irregularity parameter */
  guint32 seed;
} TsrPiecesLayout;

typedef struct
{
  guint32  id;         /* a hash of the piece's index modulo the counts */
  double   cx, cy;     /* its centre, pixels (unwrapped, near the point) */
  double   hx, hy;     /* its half sizes, pixels (stones: half the cell) */
  gboolean turned;     /* its length runs down y (herringbone, basket) */
  double   depth;      /* distance in from its edge, pixels; < 0 in the gap */
  double   dx, dy;     /* the depth's gradient (boxes: see tsr_pieces_locate_row) */
} TsrPiece;

/* The layout of the settings' pieces for a tile period of pw x ph
 * pixels (bricks: the layout the settings choose; stones: cells).  The
 * settings' columns and rows are rounded up to whole repeats of the
 * layout (herringbone and basket weave: 2 x piece-ratio piece widths each
 * way; English, Flemish, hexagons and offset running bond: two rows). */
void     tsr_pieces_layout_init  (TsrPiecesLayout *lay, const TsrSettings *s,
                                  gboolean stones, int pw, int ph);

/* The narrowest piece's width, pixels (stones: the least a stone can be). */
double   tsr_pieces_narrowest    (const TsrPiecesLayout *lay);

/* FALSE with an error naming the problem when the layout's pieces are
 * under 2 pixels, or its gap is as wide as its narrowest piece. */
gboolean tsr_pieces_layout_check (const TsrPiecesLayout *lay, GError **error);

/* Whether the layout's pieces are rounded boxes (every layout but
 * hexagons and stones), whose depth the profile's kernels find
 * (pieces-profile.h), rather than polygons whose depth locating gives. */
gboolean tsr_pieces_boxed        (const TsrPiecesLayout *lay);

/* For the layouts whose pieces along a row depend only on the row's band
 * (running, stack and English bond): TRUE, and the band of y, so rows in
 * one band share their pieces; FALSE for the others. */
gboolean tsr_pieces_band         (const TsrPiecesLayout *lay, double y, gint64 *band);

/* A boxed piece's shape, as the kernels take it: its half sizes less
 * half the gap and the corner radius, and the corner radius, pixels. */
void     tsr_pieces_box_shape    (const TsrPiecesLayout *lay, const TsrPiece *pc,
                                  double *inner_x, double *inner_y, double *radius);

/* The piece at (x, y), any position (the layout repeats), its depth
 * included. */
void     tsr_pieces_locate       (const TsrPiecesLayout *lay, double x, double y,
                                  TsrPiece *piece);

/* The pieces at n points, cheaper along a row: the same bits, but a
 * boxed layout's depths are left to the kernels. */
void     tsr_pieces_locate_row   (const TsrPiecesLayout *lay, const double *x,
                                  const double *y, gsize n, TsrPiece *pieces);

/* The pieces of n points as runs, the same pieces as
 * tsr_pieces_locate_row's (depths aside): run k's piece in pieces[k], its
 * points from ends[k - 1] (0 for the first) to ends[k]; returns the
 * count of runs.  pieces and ends have room for n. */
gsize    tsr_pieces_locate_runs  (const TsrPiecesLayout *lay, const double *x,
                                  const double *y, gsize n, TsrPiece *pieces, gsize *ends);

/* What a caller's rows may share in locating (the stones' cells and
 * their borders), and tsr_pieces_locate_row keeping it between calls:
 * the same pieces. */
typedef struct TsrPiecesMemo TsrPiecesMemo;

TsrPiecesMemo *tsr_pieces_memo_new   (void);
void           tsr_pieces_memo_free  (TsrPiecesMemo *memo);
void           tsr_pieces_locate_row_memo (const TsrPiecesLayout *lay, TsrPiecesMemo *memo,
                                           const double *x, const double *y, gsize n,
                                           TsrPiece *pieces);

/* The stones' pieces of n <= TSR_CHUNK points as runs, as
 * tsr_pieces_locate_runs gives them (their depths aside), and each
 * point's depth and its gradient as the profile reads them (float, the
 * same values rounded), padded with the last point's to TSR_CHUNK;
 * returns the count of runs.  one_y: every y[i] is y[0] (a block's row,
 * whose cells' columns the memo keeps). */
gsize          tsr_pieces_locate_stone_runs (const TsrPiecesLayout *lay, TsrPiecesMemo *memo,
                                             const double *x, const double *y, gboolean one_y,
                                             gsize n,
                                             TsrPiece *pieces, gsize *ends, float *depth,
                                             float *ddx, float *ddy);

#endif
