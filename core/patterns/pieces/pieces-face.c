/* Faces of pieces from wood or marble, and the mortar's colours. */
#include <string.h>

#include "math/hash.h"
#include "patterns/pieces/pieces-face.h"

/* The face pattern's settings: the texture's, on that pattern (so its
 * own group's, which the bricks borrow: rings, knots, veins, style ...),
 * still and unwarped (the pieces are already placed where the warp moved
 * them); with the texture's own palette, oak boards, and marble's own for
 * its style. */
static TsrSettings
face_settings (const TsrTexture *tex, int face)
{
  TsrSettings s = tex->s;
  const gboolean marble = face == TSR_FACE_MARBLE;

  s.pattern = (guint) tsr_pattern_index (marble ? "marble" : "wood");
  s.value[TSR_P_DISTORTION] = 0;
  s.value[TSR_P_RISE] = 0;
  s.value[TSR_P_MAP] = TSR_MAP_COLOR;
  s.value[TSR_P_TILEABLE] = 1;
  s.value[TSR_P_PERIOD_W] = 0;
  s.value[TSR_P_PERIOD_H] = 0;
  if (s.value[TSR_P_PALETTE] == TSR_PALETTE_AUTO && !marble)
    s.value[TSR_P_PALETTE] = TSR_PALETTE_OAK;
  return s;
}

void
tsr_pieces_face_prepare (TsrPiecesFace *f, const TsrTexture *tex, int face)
{
  TsrSettings s;
  TsrTexture *built;

  f->face = face;
  if (face == TSR_FACE_PLAIN)
    return;
  s = face_settings (tex, face);
  /* a whole period: a board as long as the tile (a running bond of one
   * column) shows no repeat of its own grain along it */
  f->w = MAX (8, tex->period_w);
  f->h = MAX (8, tex->period_h);
  built = tsr_texture_build (&s, (int) f->w, (int) f->h, NULL, tex->footprint, NULL);
  /* the settings are the texture's own, already valid; the face patterns'
   * states are known to fit (a programming error otherwise) */
  if (built == NULL || built->pattern->state_size > sizeof f->state)
    g_error ("bricks: the %s face cannot be prepared", built ? built->pattern->name : "");
  /* a prepared texture holds no pointer into itself: it moves as bytes */
  f->tex = *built;
  /* a warped texture's points reach the face scattered; else the face is
   * fed rows and bands of rows (its values and slopes alike, so a point's
   * bits do not depend on which) */
  f->tex.points_scattered = tex->warp;
  memcpy (f->state.bytes, built->state, built->pattern->state_size);
  f->tex.state = f->state.bytes;
  tsr_texture_free (built);
}

/* Where a piece takes its part of the face: its own offset into the face
 * texture, and whether its frame is turned a quarter. */
typedef struct
{
  double   ox, oy;
  gboolean turned;
} FaceFrame;

static void
face_frame (const TsrPiecesFace *f, const TsrPiece *pc, FaceFrame *fr)
{
  const guint32 h = tsr_mix32 (pc->id ^ 0x66616365u);

  fr->ox = tsr_hash_unit (h) * f->w;
  fr->oy = tsr_hash_unit (tsr_mix32 (h + 1)) * f->h;
  /* marble tiles are laid turned a quarter at random, as cut */
  fr->turned = pc->turned != (f->face == TSR_FACE_MARBLE && (h & 1u));
}

/* The end of the run of points from start on the same piece (its sizes
 * too: the runs a TsrPiecesFaceRowFound is told). */
static gsize
run_end (const TsrPiece *pieces, gsize start, gsize n)
{
  const TsrPiece *pc = &pieces[start];
  gsize end = start + 1;

  while (end < n && pieces[end].id == pc->id && pieces[end].cx == pc->cx
         && pieces[end].cy == pc->cy && pieces[end].hx == pc->hx && pieces[end].hy == pc->hy)
    end++;
  return end;
}

/* The face at the run's points [start, end) of one row, the points
 * (x[i], y[i]); along a piece laid lengthwise the face's row has one y,
 * which the noise takes its faster path for (the same bits). */
static void
face_run (const TsrPiecesFace *f, const FaceFrame *fr, const TsrPiece *pc, const double *x,
          const double *y, gsize start, gsize end, float *out, float *gx, float *gy)
{
  double fx[TSR_CHUNK], fy[TSR_CHUNK];
  float  ggx[TSR_CHUNK], ggy[TSR_CHUNK];

  for (gsize i = start; i < end; i++)
    {
      const double lx = x[i] - pc->cx, ly = y[i] - pc->cy;

      fx[i] = fr->ox + (fr->turned ? ly : lx);
      fy[i] = fr->oy + (fr->turned ? -lx : ly);
    }
  tsr_texture_eval_positions (&f->tex, fx + start, fy + start, (int) (end - start),
                              out + start, gx ? ggx + start : NULL, gx ? ggy + start : NULL);
  if (gx != NULL)
    for (gsize i = start; i < end; i++)
      {
        gx[i] = fr->turned ? -ggy[i] : ggx[i];
        gy[i] = fr->turned ? ggx[i] : ggy[i];
      }
}

/* Face rows a call of face_columns_band takes at once. */
#define FACE_BAND_COLUMNS 64

/* Whether the face can take a band of face rows through its pattern's
 * eval_rows (its values and slopes: a pattern that takes its slopes row
 * by row gives the same bits). */
static gboolean
face_has_rows (const TsrPiecesFace *f)
{
  return f->tex.pattern->eval_rows != NULL && !f->tex.warp && f->tex.rise_shift == 0.0;
}

/* face_run_columns through eval_rows: the run's texture columns are face
 * rows on one x list (the texture rows' y), FACE_BAND_COLUMNS at a time,
 * transposed into out (the same positions, so the same bits), and with
 * gx not NULL their slopes turned back into the texture's frame. */
static void
face_columns_band (const TsrPiecesFace *f, const FaceFrame *fr, const TsrPiece *pc,
                   const double *x, const double *y, gsize rows, gsize start, gsize end,
                   float *out, float *gx, float *gy, gsize stride)
{
  const TsrTexture *tex = &f->tex;
  double fx[TSR_CHUNK], fy[FACE_BAND_COLUMNS];
  /* face row k at t + k * rows */
  float *t = g_malloc_n (3 * FACE_BAND_COLUMNS * rows, sizeof *t);
  float *tgx = t + FACE_BAND_COLUMNS * rows, *tgy = tgx + FACE_BAND_COLUMNS * rows;

  g_assert (rows <= TSR_CHUNK);
  for (gsize r = 0; r < rows; r++)
    fx[r] = fr->ox + (y[r] - pc->cy);
  for (gsize i0 = start; i0 < end; i0 += FACE_BAND_COLUMNS)
    {
      const gsize m = MIN ((gsize) FACE_BAND_COLUMNS, end - i0);

      for (gsize k = 0; k < m; k++)
        fy[k] = fr->oy + -(x[i0 + k] - pc->cx);
      tex->pattern->eval_rows (tex, fx, fy, m, rows, t, gx ? tgx : NULL, gx ? tgy : NULL, rows);
      for (gsize k = 0; k < m; k++)
        {
          tsr_texture_clamp_unit (t + k * rows, gx ? tgx + k * rows : NULL,
                                  gx ? tgy + k * rows : NULL, (int) rows);
          for (gsize r = 0; r < rows; r++)
            {
              out[r * stride + i0 + k] = t[k * rows + r];
              if (gx != NULL)
                {
                  gx[r * stride + i0 + k] = -tgy[k * rows + r];
                  gy[r * stride + i0 + k] = tgx[k * rows + r];
                }
            }
        }
    }
  g_free (t);
}

/* The face of a turned piece's run [start, end) on `rows` rows of
 * constant y, by columns: a texture column across a turned piece is a row
 * of the face texture, of one y, and the columns' face rows share one x
 * list, so a call of as many of them as fill a chunk shares the face's
 * work along x (the marble's grid columns) and its set-up; or a band of
 * them through the face's eval_rows.  The same positions, so the same
 * bits as face_run. */
static void
face_run_columns (const TsrPiecesFace *f, const FaceFrame *fr, const TsrPiece *pc,
                  const double *x, const double *y, gsize rows, gsize start, gsize end,
                  float *out, float *gx, float *gy, gsize stride)
{
  double fx[TSR_CHUNK], fy[TSR_CHUNK];
  float  v[TSR_CHUNK], ggx[TSR_CHUNK], ggy[TSR_CHUNK];

  if (face_has_rows (f))
    {
      face_columns_band (f, fr, pc, x, y, rows, start, end, out, gx, gy, stride);
      return;
    }
  for (gsize i0 = start, m; i0 < end; i0 += m)
    {
      m = MIN (end - i0, MAX (1, TSR_CHUNK / rows));
      for (gsize k = 0; k < m; k++)
        for (gsize r = 0; r < rows; r++)
          {
            fx[k * rows + r] = fr->ox + (y[r] - pc->cy);
            fy[k * rows + r] = fr->oy + -(x[i0 + k] - pc->cx);
          }
      tsr_texture_eval_positions (&f->tex, fx, fy, (int) (m * rows), v, gx ? ggx : NULL,
                                  gx ? ggy : NULL);
      for (gsize k = 0; k < m; k++)
        for (gsize r = 0; r < rows; r++)
          {
            out[r * stride + i0 + k] = v[k * rows + r];
            if (gx != NULL)
              {
                gx[r * stride + i0 + k] = -ggy[k * rows + r];
                gy[r * stride + i0 + k] = ggx[k * rows + r];
              }
          }
    }
}

/* The face of a straight piece's run [start, end) on `rows` rows of
 * constant y: face rows of one x list, which a pattern with eval_rows
 * takes as a band (its fields shared by the rows; the same bits as
 * face_run).  FALSE, nothing done, where the face has no such path (or a
 * gradient is asked for, which its rows take row by row anyway). */
static gboolean
face_run_band (const TsrPiecesFace *f, const FaceFrame *fr, const TsrPiece *pc, const double *x,
               const double *y, gsize rows, gsize start, gsize end, float *out, float *gx,
               float *gy, gsize stride)
{
  const TsrTexture *tex = &f->tex;
  double fx[TSR_CHUNK], fy[TSR_CHUNK];

  if (fr->turned || !face_has_rows (f))
    return FALSE;
  for (gsize i = start; i < end; i++)
    fx[i] = fr->ox + (x[i] - pc->cx);
  for (gsize r = 0; r < rows; r++)
    fy[r] = fr->oy + (y[r] - pc->cy);
  tex->pattern->eval_rows (tex, fx + start, fy, rows, end - start, out + start,
                           gx ? gx + start : NULL, gx ? gy + start : NULL, stride);
  for (gsize r = 0; r < rows; r++)
    tsr_texture_clamp_unit (out + r * stride + start, gx ? gx + r * stride + start : NULL,
                            gx ? gy + r * stride + start : NULL, (int) (end - start));
  return TRUE;
}

/* A piece's run of lanes, the same on the rows from r0 on. */
typedef struct
{
  gsize     start, end, r0, rows;
  TsrPiece  piece;
  FaceFrame fr;
} KeptRun;

/* The face of run t's rows: a turned piece's a column at a time where
 * they are enough to pay, a straight piece's as a band where the face
 * takes one, else a row at a time (the same bits). */
static void
kept_run_face (const TsrPiecesFace *f, const KeptRun *t, const double *x, const double *y,
               float *out, float *gx, float *gy, gsize stride)
{
  double ys[TSR_CHUNK];

  if (t->fr.turned && (t->rows >= TSR_FACE_COLUMN_ROWS || face_has_rows (f)))
    {
      face_run_columns (f, &t->fr, &t->piece, x, y + t->r0, t->rows, t->start, t->end,
                        out + t->r0 * stride, gx ? gx + t->r0 * stride : NULL,
                        gx ? gy + t->r0 * stride : NULL, stride);
      return;
    }
  if (face_run_band (f, &t->fr, &t->piece, x, y + t->r0, t->rows, t->start, t->end,
                     out + t->r0 * stride, gx ? gx + t->r0 * stride : NULL,
                     gx ? gy + t->r0 * stride : NULL, stride))
    return;
  for (gsize r = t->r0; r < t->r0 + t->rows; r++)
    {
      for (gsize i = t->start; i < t->end; i++)
        ys[i] = y[r];
      face_run (f, &t->fr, &t->piece, x, ys, t->start, t->end, out + r * stride,
                gx ? gx + r * stride : NULL, gx ? gy + r * stride : NULL);
    }
}

void
tsr_pieces_face_block (const TsrPiecesFace *f, TsrPiecesFaceLocate locate, gconstpointer data,
                       TsrPiecesFaceRowFound found, gpointer found_data, const double *x,
                       const double *y, gsize rows, gsize n, float *out, float *gx, float *gy,
                       gsize stride)
{
  TsrPiece *pc = g_new (TsrPiece, TSR_CHUNK);
  /* the runs still open, by their first lane */
  KeptRun *open = g_new (KeptRun, TSR_CHUNK);
  gboolean live[TSR_CHUNK] = { FALSE };
  double ys[TSR_CHUNK];
  gsize ends[TSR_CHUNK];

  g_assert (rows > 0 && n > 0 && n <= TSR_CHUNK);
  for (gsize r = 0; r < rows; r++)
    {
      for (gsize i = 0; i < n; i++)
        ys[i] = y[r];
      gsize runs = 0;

      locate (data, x, ys, n, pc);
      for (gsize start = 0, end; start < n; start = end)
        {
          const TsrPiece *p = &pc[start];
          KeptRun *t = &open[start];
          FaceFrame fr;

          end = ends[runs++] = run_end (pc, start, n);
          if (live[start] && t->end == end && t->r0 + t->rows == r && t->piece.id == p->id
              && t->piece.cx == p->cx && t->piece.cy == p->cy && t->piece.hx == p->hx
              && t->piece.hy == p->hy && t->piece.turned == p->turned)
            {
              t->rows++;
              continue;
            }
          if (live[start])
            kept_run_face (f, t, x, y, out, gx, gy, stride);
          face_frame (f, p, &fr);
          *t = (KeptRun) { start, end, r, 1, *p, fr };
          live[start] = TRUE;
        }
      if (found != NULL)
        found (found_data, r, pc, ends, runs);
      /* the runs this row did not go on with */
      for (gsize i = 0; i < n; i++)
        if (live[i] && open[i].r0 + open[i].rows <= r)
          {
            kept_run_face (f, &open[i], x, y, out, gx, gy, stride);
            live[i] = FALSE;
          }
    }
  for (gsize i = 0; i < n; i++)
    if (live[i])
      kept_run_face (f, &open[i], x, y, out, gx, gy, stride);
  g_free (open);
  g_free (pc);
}

void
tsr_pieces_face_row (const TsrPiecesFace *f, const TsrPiece *pieces, const double *x,
                     const double *y, gsize n, float *out, float *gx, float *gy)
{
  for (gsize start = 0, end; start < n; start = end)
    {
      FaceFrame fr;

      end = run_end (pieces, start, n);
      face_frame (f, &pieces[start], &fr);
      face_run (f, &fr, &pieces[start], x, y, start, end, out, gx, gy);
    }
}

void
tsr_pieces_face_rows (const TsrPiecesFace *f, const TsrPiece *pieces, const double *x,
                      const double *y, gsize rows, gsize n, float *out, float *gx, float *gy,
                      gsize stride)
{
  double ys[TSR_CHUNK];

  g_assert (rows > 0 && rows <= TSR_CHUNK);
  for (gsize start = 0, end; start < n; start = end)
    {
      FaceFrame fr;

      end = run_end (pieces, start, n);
      face_frame (f, &pieces[start], &fr);
      if (fr.turned && (rows >= TSR_FACE_COLUMN_ROWS || face_has_rows (f)))
        {
          face_run_columns (f, &fr, &pieces[start], x, y, rows, start, end, out, gx, gy,
                            stride);
          continue;
        }
      if (face_run_band (f, &fr, &pieces[start], x, y, rows, start, end, out, gx, gy, stride))
        continue;
      for (gsize r = 0; r < rows; r++)
        {
          for (gsize i = start; i < end; i++)
            ys[i] = y[r];
          face_run (f, &fr, &pieces[start], x, ys, start, end, out + r * stride,
                    gx ? gx + r * stride : NULL, gx ? gy + r * stride : NULL);
        }
    }
}

void
tsr_pieces_fold_colors (TsrTexture *tex, const TsrPiecesFace *f, const TsrColor *mortar)
{
  const gboolean own = f->face != TSR_FACE_PLAIN && !tex->ramp_given
                       && tex->s.value[TSR_P_PALETTE] == TSR_PALETTE_AUTO;
  float (*from)[4] = g_memdup2 (own ? f->tex.lut : tex->lut, sizeof tex->lut);

  for (int i = 0; i <= TSR_RAMP_LUT; i++)
    {
      const double t = (double) i / TSR_RAMP_LUT;

      if (t < TSR_MORTAR_TOP)
        {
          /* from the black of a deep joint's shadow to sunlit sand, the
           * mortar's colour at about 0.9 */
          const float shade = (float) (0.08 + 0.97 * t / TSR_MORTAR_TOP);

          tex->lut[i][0] = MIN (mortar->r * shade, 1.0f);
          tex->lut[i][1] = MIN (mortar->g * shade, 1.0f);
          tex->lut[i][2] = MIN (mortar->b * shade, 1.0f);
          tex->lut[i][3] = mortar->a;
        }
      else
        {
          const double pos = (t - TSR_MORTAR_TOP) / (1.0 - TSR_MORTAR_TOP) * TSR_RAMP_LUT;
          const int k = MIN ((int) pos, TSR_RAMP_LUT - 1);
          const float w = (float) (pos - k);

          for (int c = 0; c < 4; c++)
            tex->lut[i][c] = from[k][c] + (from[k + 1][c] - from[k][c]) * w;
        }
    }
  g_free (from);
}
