/* The height profile of built-up pieces (patterns `bricks` and `stones`):
 * mortar low, each piece rising over its bevel to its face, with grit,
 * wear, the piece's tone and tilt.  The row kernels
 * (pieces-profile-rows.c) are compiled once per instruction set like the
 * noise's (noise-kernels.h): every lane does the same float operations in
 * the same order (a point's offset from its piece's centre taken in
 * double first), so every set gives the same bits. */
#ifndef TSR_PIECES_PROFILE_H
#define TSR_PIECES_PROFILE_H

#include <glib.h>

#include "patterns/patterns.h"

G_BEGIN_DECLS

/* Values below this are the mortar's, above it the pieces'. */
#define TSR_MORTAR_TOP 0.15

/* The pieces under a row's points, as the kernels read them: one entry a
 * point, the centres in double, the rest in float (the kernels' type).  Arrays are TSR_CHUNK long, so the kernels read and write whole
 * vectors past n (TSR_CHUNK is a multiple of every set's lanes). */
typedef struct
{
  double cx[TSR_CHUNK], cy[TSR_CHUNK];        /* the piece's centre */
  /* boxes: the half sizes less half the gap and the corner radius, and
   * the corner radius */
  float inner_x[TSR_CHUNK], inner_y[TSR_CHUNK], radius[TSR_CHUNK];
  /* polygons (hexagons, stones): the depth and its gradient, given */
  float depth[TSR_CHUNK], ddx[TSR_CHUNK], ddy[TSR_CHUNK];
  /* the piece's tone (its colour) at the point's place along its length
   * (burnt ends), its lift (its height) and its tilt's slopes along x and y */
  float tone[TSR_CHUNK], lift[TSR_CHUNK], lean_x[TSR_CHUNK], lean_y[TSR_CHUNK];
  /* the colour's slopes across the piece (a firing drifts over it), and
   * 1 / the width of the darker band inside its edges */
  float hue_x[TSR_CHUNK], hue_y[TSR_CHUNK], rim_k[TSR_CHUNK];
  /* the tone's slopes at the point (its drift and burnt ends) */
  float tone_x[TSR_CHUNK], tone_y[TSR_CHUNK];
  /* boxes: how far the corners nearest the point are chipped off, on the
   * piece's top (y < cy) and bottom side, pixels (0: not chipped) */
  float chip_top[TSR_CHUNK], chip_bottom[TSR_CHUNK];
  /* boxes: how far the piece is turned askew, radians (small) */
  float skew[TSR_CHUNK];
  /* boxes: how weathered the piece is (its stains' and breaks' share, 0 to
   * about 1.6), its bevel's slope as a share of the layout's (some arrises
   * sharp, some worn round) and its dome's */
  float weather[TSR_CHUNK], bevel_k[TSR_CHUNK], dome_k[TSR_CHUNK];
  /* weathered boxes: a line across the piece (its unit normal and offset
   * from the centre, pixels) past which its colour is split_k higher */
  float split_nx[TSR_CHUNK], split_ny[TSR_CHUNK], split_c[TSR_CHUNK], split_k[TSR_CHUNK];
} TsrPieceRow;

/* What shapes the profile, from the parameters. */
typedef struct
{
  gboolean boxed;         /* depths from the boxes, else the given ones */
  gboolean color;         /* the ramp's positions, else heights */
  double   relief;        /* how much of the face shows in the height */
  double   grit;          /* the grit parameter */
  double   wear_pixels;   /* how deep the wear eats in at most */
  double   bulge;         /* how far a piece's outline wanders in and out, pixels */
  double   inv_bevel;     /* 1 / bevel; G_MAXDOUBLE for none (a step) */
  double   grain;         /* the pixel grain's deviation (pieces-grain.h) */
  double   inv_shadow;    /* 1 / the width of the shade in the joint, pixels */
  double   inv_pixel;     /* 1 / the pixels a shown pixel spans (the colour's
                             outline is anti-aliased over one) */
  double   gap;           /* the joint's width, pixels */
  double   cast;          /* how far into the joint a piece's overhang shades
                             it from the sky, pixels */
  double   dome;          /* how far a piece's middle rises over its edges
                             (cobbles), in the height's range */
  double   stain;         /* plain boxes: how strongly the brick-scale
                             weathering shows (stains, pale worn patches, soot,
                             hollows and broken arrises); 0 none */
  double   bite;          /* how far a broken arris eats into a piece at
                             most, pixels */
  double   arris;         /* colours of weathered boxes: how much lighter a
                             worn arris is where it turns to the sky, and
                             darker where it turns away (the cavities' map:
                             the relief's light as a photograph shows it);
                             0 none */
  gboolean crack;         /* boxes: the joint a dark crack between boards,
                             not mortar with a lit lip */
} TsrProfile;

/* A row's inputs (TSR_CHUNK long each): the points, their pieces, the
 * fine noises and their gradients, the pixels' grain, and the face's values and gradients
 * (face NULL: a plain face of grit and the wear's mottle).  Gradients
 * are read only when the kernel is asked for them. */
typedef struct
{
  const double      *x, *y;
  const TsrPieceRow *pieces;
  const float       *grit, *grit_x, *grit_y;
  const float       *wear, *wear_x, *wear_y;
  const float       *stain, *stain_x, *stain_y;   /* read only with TsrProfile.stain */
  const float       *face, *face_x, *face_y;
  const float       *grain;   /* the pixels' grain (pieces-grain.h), for colours */
  const float       *streak;  /* scratches along the rows, for weathered colours */
} TsrProfileRow;

/* The profile's values at the row's n points into out, and with gx not
 * NULL their gradient into gx and gy (TSR_CHUNK long each). */
void tsr_pieces_profile_row (const TsrProfile *pf, const TsrProfileRow *row, gsize n,
                             float *out, float *gx, float *gy);

/* The depth of n points in their boxes (the rounded rectangles of the
 * row's pieces), and its gradient (TSR_CHUNK long each). */
void tsr_pieces_box_depth_row (const TsrPieceRow *pr, const double *x, const double *y,
                               gsize n, double *depth, double *ddx, double *ddy);

/* The stones' power diagram around a run of points in one cell
 * (pieces-layout.c): the 3 x 3 cells' points and weights (pixels), and
 * the bisectors between a nearest point and each other (the unit offset
 * to the nearest, 1 / (2 distance)), a row of them worked out when a
 * point first has that nearest (start with pair_ready all FALSE). */
typedef struct
{
  double   sx[9], sy[9], sw[9];
  gboolean pair_ready[9];
  double   ux[9][9], uy[9][9], inv_2len[9][9];
} TsrStoneCells;

/* Of n points (x[i], y[i]) in the cells' middle cell: the nearest point
 * by power distance (the distance squared less the weight; the first of
 * equals), and of the other points' bisectors with it the two nearest,
 * in order, their distances d0, d1 and gradients g0, g1 (a distance of
 * G_MAXDOUBLE and a zero gradient where none), into out's entries from
 * `at` on.  The kernels write whole vectors: the arrays have room for a
 * vector past TSR_CHUNK. */
#define TSR_STONE_EDGES (TSR_CHUNK + 8)

typedef struct
{
  gint32 nearest[TSR_STONE_EDGES];
  double d0[TSR_STONE_EDGES], d1[TSR_STONE_EDGES];
  double g0x[TSR_STONE_EDGES], g0y[TSR_STONE_EDGES], g1x[TSR_STONE_EDGES], g1y[TSR_STONE_EDGES];
} TsrStoneEdges;

void tsr_pieces_stone_row (TsrStoneCells *sc, const double *x, const double *y, gsize n,
                           TsrStoneEdges *out, gsize at);

/* The depth of the n <= TSR_CHUNK points whose edges e holds (from entry
 * 0), as the profile reads it (float): the nearest edge's distance, the
 * corners rounded over `radius` pixels by a polynomial smooth minimum of
 * the two nearest, less half the gap; and its gradient.  The same bits as
 * pieces-layout.c's scalar edges_depth rounded to float.  Whole vectors:
 * depth, ddx and ddy are TSR_CHUNK long. */
void tsr_pieces_stone_depth_row (const TsrStoneEdges *e, gsize n, double radius,
                                 double half_gap, float *depth, float *ddx, float *ddy);

/* One instruction set's kernels. */
typedef struct
{
  void (*stone)     (TsrStoneCells *sc, const double *x, const double *y, gsize n,
                     TsrStoneEdges *out, gsize at);
  void (*stone_depth) (const TsrStoneEdges *e, gsize n, double radius, double half_gap,
                       float *depth, float *ddx, float *ddy);
  void (*profile)   (const TsrProfile *pf, const TsrProfileRow *row, gsize n,
                     float *out, float *gx, float *gy);
  void (*box_depth) (const TsrPieceRow *pr, const double *x, const double *y, gsize n,
                     double *depth, double *ddx, double *ddy);
} TsrPiecesKernels;

extern const TsrPiecesKernels tsr_pieces_kernels_base;
extern const TsrPiecesKernels tsr_pieces_kernels_avx2;
extern const TsrPiecesKernels tsr_pieces_kernels_avx512;

G_END_DECLS

#endif
