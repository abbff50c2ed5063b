/* The faces of built-up pieces made of another pattern (a board of wood,
 * a cut of marble): that pattern prepared once, sampled per piece in the
 * piece's own frame, and the colours of the face and of the mortar folded
 * into one ramp. */
#ifndef TSR_PIECES_FACE_H
#define TSR_PIECES_FACE_H

#include "patterns/pieces/pieces-layout.h"
#include "patterns/pieces/pieces-profile.h"
#include "texture/texture-internal.h"

/* Bytes a face pattern's prepared state may take. */
#define TSR_FACE_STATE_BYTES (112 * 1024)

typedef struct
{
  int        face;     /* TsrPieceFace */
  double     w, h;     /* the face texture's tile, pixels */
  TsrTexture tex;      /* the face pattern, its state in `state` */
  union
  {
    double   align;
    guint8   bytes[TSR_FACE_STATE_BYTES];
  } state;
} TsrPiecesFace;

/* Prepares the face the settings of tex choose (nothing for plain), with
 * a tile of half tex's period, tiling, without warp or rise. */
void tsr_pieces_face_prepare (TsrPiecesFace *f, const TsrTexture *tex, int face);

/* The face's values at the n points' frames in their pieces, each piece
 * its own part of the face texture (fibre along its length); with gx not
 * NULL their gradient per texture pixel too. */
void tsr_pieces_face_row (const TsrPiecesFace *f, const TsrPiece *pieces, const double *x,
                          const double *y, gsize n, float *out, float *gx, float *gy);

/* Rows a turned piece's face needs for a column at a time to pay
 * (tsr_pieces_face_rows). */
#define TSR_FACE_COLUMN_ROWS 32

/* tsr_pieces_face_row (the same bits) of `rows` rows of constant y on the
 * same pieces, row k at (x[i], y[k]) into out (gx, gy) + k * stride. */
void tsr_pieces_face_rows (const TsrPiecesFace *f, const TsrPiece *pieces, const double *x,
                           const double *y, gsize rows, gsize n, float *out, float *gx,
                           float *gy, gsize stride);

/* The pieces at a row's n points (x[i], y[i]), as the pattern finds them. */
typedef void (*TsrPiecesFaceLocate) (gconstpointer data, const double *x, const double *y,
                                     gsize n, TsrPiece *pieces);

/* Told each row's pieces as tsr_pieces_face_block finds them: row r's
 * pieces, one a point, in `runs` runs of one piece (the same id, centre
 * and sizes), run k up to ends[k]. */
typedef void (*TsrPiecesFaceRowFound) (gpointer data, gsize r, const TsrPiece *pieces,
                                       const gsize *ends, gsize runs);

/* The face (the same bits as tsr_pieces_face_row) of `rows` rows of
 * constant y whose pieces differ row to row (herringbone, basket), row k
 * at (x[i], y[k]) into out (gx, gy) + k * stride, the pieces found by
 * locate (and passed on to found, unless NULL): a turned piece's run of
 * lanes that stays over rows a column of them at a time (TSR_FACE_COLUMN_ROWS
 * or more), a face row of one y. */
void tsr_pieces_face_block (const TsrPiecesFace *f, TsrPiecesFaceLocate locate,
                            gconstpointer data, TsrPiecesFaceRowFound found, gpointer found_data,
                            const double *x, const double *y, gsize rows, gsize n, float *out,
                            float *gx, float *gy, gsize stride);

/* Folds the mortar's colour (values below TSR_MORTAR_TOP, darker deeper)
 * and the pieces' colours (the rest: the palette, or the face pattern's
 * own palette when the palette is the pattern's own) into tex->lut. */
void tsr_pieces_fold_colors (TsrTexture *tex, const TsrPiecesFace *f, const TsrColor *mortar);

#endif
