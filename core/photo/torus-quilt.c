#include <string.h>

#include "photo/torus-quilt.h"
#include "photo/boundary-cut.h"
#include "math/hash.h"
#include "texture/texture.h"

/* The refinement around the best of the random candidates: every shift of
 * up to this many pixels each way. */
#define REFINE_RADIUS 3
/* The overlaps are compared at every PROBE_STEP-th pixel each way. */
#define PROBE_STEP 2

/* Cells along one side of the tile: cell i starts at start[i], the last
 * ends at start[n] = the side. */
typedef struct
{
  int  n;
  int *start;
} Cells;

static int
cells_widest (const Cells *cells)
{
  int widest = 0;

  for (int i = 0; i < cells->n; i++)
    widest = MAX (widest, cells->start[i + 1] - cells->start[i]);
  return widest;
}

/* The pixels of the overlaps a patch must agree with, sampled: where each
 * is in a patch of the photograph (offset from the patch's first sample,
 * in floats) and the tile's channels there. */
typedef struct
{
  int    n;
  gsize *offset;
  float *target;
  double variance;   /* of the targets */
} Probe;

typedef struct
{
  const TsrImage       *photo;
  const TsrQuiltParams *params;
  TsrImage             *tile;
  guint8               *filled;   /* tile pixel set yet */
  guint8               *written;  /* tile pixel set by a patch (or NULL) */
  const guint8         *cell;     /* each cell's TsrQuiltCell */
  Cells                 cols, rows;
  int                   overlap;
  /* Per patch, sized for the largest. */
  guint8               *have;     /* patch pixel over a filled tile pixel */
  float                *err;      /* squared difference there */
  double               *scratch;
  int                  *path[4];  /* left, right, top, bottom cuts */
  Probe                 probe;
} Quilt;

static inline int
wrap (int v, int n)
{
  v %= n;
  return v < 0 ? v + n : v;
}

/* How far a place in the photograph is from agreeing with the overlaps:
 * the mean squared difference over the samples, plus how much less the
 * place varies than the overlaps do.  The plain squared difference of
 * image quilting favours flat places: against a texture of variance v, an
 * unrelated place of variance k^2 v scores (1 + k^2) v, least when flat,
 * and tiles made by it lose the photograph's detail.  With the shortfall
 * (1 - k^2) v added for k < 1, every unrelated place of less contrast
 * scores 2v alike, one of more still scores worse, and a matching one
 * ((k - 1)^2 v) best, as before.  The sum only grows: a place is given up
 * as soon as its difference alone passes the best score. */
static inline double
probe_cost (const Probe *probe, const float *at, int channels, double limit)
{
  const double n = (double) probe->n * channels;
  double ssd = 0.0, sum = 0.0, squares = 0.0, var;

  for (int i = 0; i < probe->n; i++)
    {
      const float *s = at + probe->offset[i], *t = probe->target + (gsize) i * channels;

      for (int c = 0; c < channels; c++)
        {
          float d = s[c] - t[c];

          ssd += d * d;
          sum += s[c];
          squares += s[c] * s[c];
        }
      if ((i & 63) == 63 && ssd > limit * n)
        return G_MAXDOUBLE;
    }
  var = MAX (0.0, squares / n - (sum / n) * (sum / n));
  return ssd / n + MAX (0.0, probe->variance - var);
}

/* The variance of the overlaps' samples, all channels together. */
static double
probe_variance (const Probe *probe, int channels)
{
  double sum = 0.0, squares = 0.0, n = (double) probe->n * channels;

  for (gsize i = 0; i < (gsize) probe->n * channels; i++)
    {
      sum += probe->target[i];
      squares += probe->target[i] * probe->target[i];
    }
  return n > 0 ? MAX (0.0, squares / n - (sum / n) * (sum / n)) : 0.0;
}

/* The patch's footprint: which of its pixels are over filled tile pixels,
 * and the probe of those. */
static int
gather (Quilt *q, int ox, int oy, int pw, int ph)
{
  const int W = q->tile->width, H = q->tile->height, C = q->tile->channels;
  const int sw = q->photo->width;
  int n_have = 0;

  q->probe.n = 0;
  for (int ly = 0; ly < ph; ly++)
    for (int lx = 0; lx < pw; lx++)
      {
        gsize t = (gsize) wrap (oy + ly, H) * W + wrap (ox + lx, W);
        gboolean f = q->filled[t];

        q->have[ly * pw + lx] = f;
        n_have += f;
        if (f && ly % PROBE_STEP == 0 && lx % PROBE_STEP == 0)
          {
            q->probe.offset[q->probe.n] = ((gsize) ly * sw + lx) * C;
            memcpy (q->probe.target + (gsize) q->probe.n * C, q->tile->pixels + t * C,
                    sizeof (float) * C);
            q->probe.n++;
          }
      }
  q->probe.variance = probe_variance (&q->probe, C);
  return n_have;
}

/* Where in the photograph the patch comes from: the best of the random
 * candidates, then the best shift of that within REFINE_RADIUS. */
static void
choose_source (Quilt *q, guint32 patch_index, int pw, int ph, gboolean constrained,
               int candidates, int *best_x, int *best_y)
{
  const TsrImage *photo = q->photo;
  const int C = photo->channels, span_x = photo->width - pw + 1, span_y = photo->height - ph + 1;
  const guint32 h_patch = tsr_hash1 (q->params->seed, (gint32) patch_index);
  double best = G_MAXDOUBLE;
  int bx = 0, by = 0;

  for (int k = 0; k < (constrained ? candidates : 1); k++)
    {
      guint32 h = tsr_hash2_from1 (h_patch, k);
      int sx = (int) (h % (guint32) span_x);
      int sy = (int) (tsr_mix32 (h ^ 0x5bd1e995u) % (guint32) span_y);
      double cost = constrained
        ? probe_cost (&q->probe, photo->pixels + ((gsize) sy * photo->width + sx) * C, C, best)
        : 0.0;

      if (cost < best)
        best = cost, bx = sx, by = sy;
    }
  if (constrained)
    {
      int cx = bx, cy = by;

      for (int dy = -REFINE_RADIUS; dy <= REFINE_RADIUS; dy++)
        for (int dx = -REFINE_RADIUS; dx <= REFINE_RADIUS; dx++)
          {
            int sx = cx + dx, sy = cy + dy;
            double cost;

            if (sx < 0 || sy < 0 || sx >= span_x || sy >= span_y || (dx == 0 && dy == 0))
              continue;
            cost = probe_cost (&q->probe, photo->pixels + ((gsize) sy * photo->width + sx) * C,
                               C, best);
            if (cost < best)
              best = cost, bx = sx, by = sy;
          }
    }
  *best_x = bx;
  *best_y = by;
}

/* The right (line_stride pw, step 1, along pw) or bottom (line_stride 1,
 * step pw, along 1) cut, whose last position across, edge, is next to
 * the wrap's line: barred from it for the cut, then restored. */
static void
cut_off_line (float *edge, gsize along, int length, gsize line_stride, gsize step, int across,
              double *scratch, int *path)
{
  float *start = edge - (gsize) (across - 1) * step;
  float *saved;

  if (across < 2)
    {
      tsr_boundary_cut (start, line_stride, step, length, across, scratch, path);
      return;
    }
  saved = g_new (float, length);
  for (int i = 0; i < length; i++)
    {
      saved[i] = edge[i * along];
      edge[i * along] = G_MAXFLOAT;
    }
  tsr_boundary_cut (start, line_stride, step, length, across, scratch, path);
  for (int i = 0; i < length; i++)
    edge[i * along] = saved[i];
  g_free (saved);
}

static gboolean
strip_full (const Quilt *q, int pw, int x0, int y0, int w, int h)
{
  for (int y = y0; y < y0 + h; y++)
    for (int x = x0; x < x0 + w; x++)
      if (!q->have[y * pw + x])
        return FALSE;
  return TRUE;
}

static TsrQuiltCell
cell_kind (const Quilt *q, int i, int j)
{
  return (TsrQuiltCell) q->cell[(j % q->rows.n) * q->cols.n + i % q->cols.n];
}

static void
place_patch (Quilt *q, int i, int j)
{
  const TsrImage *photo = q->photo;
  TsrImage *tile = q->tile;
  const int W = tile->width, H = tile->height, C = tile->channels, O = q->overlap;
  /* A fixed cell to the right or below is met as the wrap is: the patch
   * reaches an overlap into it and is cut there. */
  const int reach_x = cell_kind (q, i + 1, j) == TSR_QUILT_FIXED ? O : 0;
  const int reach_y = cell_kind (q, i, j + 1) == TSR_QUILT_FIXED ? O : 0;
  const int ox = q->cols.start[i] - O, oy = q->rows.start[j] - O;
  const int pw = q->cols.start[i + 1] - q->cols.start[i] + O + reach_x;
  const int ph = q->rows.start[j + 1] - q->rows.start[j] + O + reach_y;
  gboolean cut[4];
  int sx, sy;

  gather (q, ox, oy, pw, ph);
  /* The last column and row close the wrap: met on three or four sides,
   * they are the hardest to match, and the wrap is where a seam would be
   * looked for; they are given more places to try, as are the cells
   * closing on fixed ones. */
  choose_source (q, (guint32) (j * q->cols.n + i), pw, ph, q->probe.n > 0,
                 q->params->candidates * (i == q->cols.n - 1 || j == q->rows.n - 1
                                          || reach_x > 0 || reach_y > 0 ? 4 : 1),
                 &sx, &sy);

  for (int ly = 0; ly < ph; ly++)
    for (int lx = 0; lx < pw; lx++)
      {
        float e = 0.0f;

        if (q->have[ly * pw + lx])
          {
            const float *s = photo->pixels + ((gsize) (sy + ly) * photo->width + sx + lx) * C;
            const float *t = tile->pixels + ((gsize) wrap (oy + ly, H) * W + wrap (ox + lx, W)) * C;

            for (int c = 0; c < C; c++)
              e += (s[c] - t[c]) * (s[c] - t[c]);
          }
        q->err[ly * pw + lx] = e;
      }

  /* A cut through each overlap strip the tile has already filled: left
   * and top from the cells before, right and bottom across the wrap. */
  cut[0] = strip_full (q, pw, 0, 0, O, ph);
  cut[1] = strip_full (q, pw, pw - O, 0, O, ph);
  cut[2] = strip_full (q, pw, 0, 0, pw, O);
  cut[3] = strip_full (q, pw, 0, ph - O, pw, O);
  if (cut[0])
    tsr_boundary_cut (q->err, pw, 1, ph, O, q->scratch, q->path[0]);
  if (cut[2])
    tsr_boundary_cut (q->err, 1, pw, pw, O, q->scratch, q->path[2]);
  /* The cuts across the wrap keep off its line: there the tile's edge
   * runs between one patch's own neighbouring pixels, and the cut, a
   * step like any cut inside, lies a pixel or more within. */
  if (cut[1])
    cut_off_line (q->err + pw - 1, pw, ph, pw, 1, O, q->scratch, q->path[1]);
  if (cut[3])
    cut_off_line (q->err + (gsize) (ph - 1) * pw, 1, pw, 1, pw, O, q->scratch, q->path[3]);

  for (int ly = 0; ly < ph; ly++)
    for (int lx = 0; lx < pw; lx++)
      {
        gsize t = (gsize) wrap (oy + ly, H) * W + wrap (ox + lx, W);

        if (q->have[ly * pw + lx]
            && ((cut[0] && lx < q->path[0][ly])
                || (cut[1] && lx > pw - O + q->path[1][ly])
                || (cut[2] && ly < q->path[2][lx])
                || (cut[3] && ly > ph - O + q->path[3][lx])))
          continue;   /* the neighbour's side of a cut */
        memcpy (tile->pixels + t * C,
                photo->pixels + ((gsize) (sy + ly) * photo->width + sx + lx) * C,
                sizeof (float) * C);
        q->filled[t] = 1;
        if (q->written != NULL)
          q->written[t] = 1;
      }
}

gboolean
tsr_quilt_grid_init (TsrQuiltGrid *grid, const TsrImage *photo, int width, int height,
                     const TsrQuiltParams *params, int min_cells)
{
  const int patch = MIN (params->patch, MIN (photo->width, photo->height));
  const int overlap = CLAMP (params->overlap, 1, MAX (1, patch / 2));
  /* a patch is its cell, the overlap before it and, next to a fixed
   * cell, the overlap after it: all in the photograph */
  const int overlaps = min_cells > 2 ? 2 : 1;
  /* Cells of about patch - overlap, at least min_cells each way (a
   * single cell would overlap itself across the wrap); a patch must fit
   * in the photograph, and a cell hold twice the overlap. */
  const int step = MAX (1, patch - overlap);
  int nx = MAX (min_cells, (width + step / 2) / step);
  int ny = MAX (min_cells, (height + step / 2) / step);
  int o;

  for (;;)
    {
      if (width / nx < 2 || height / ny < 2)
        return FALSE;
      o = MAX (1, MIN (overlap, MIN (width / nx, height / ny) / 2));
      if ((width + nx - 1) / nx + overlaps * o > photo->width)
        nx++;
      else if ((height + ny - 1) / ny + overlaps * o > photo->height)
        ny++;
      else
        break;
    }
  grid->n_cols = nx;
  grid->n_rows = ny;
  grid->overlap = o;
  grid->col_start = g_new (int, nx + 1);
  grid->row_start = g_new (int, ny + 1);
  for (int i = 0; i <= nx; i++)
    grid->col_start[i] = (int) ((gint64) i * width / nx);
  for (int j = 0; j <= ny; j++)
    grid->row_start[j] = (int) ((gint64) j * height / ny);
  return TRUE;
}

void
tsr_quilt_grid_clear (TsrQuiltGrid *grid)
{
  g_clear_pointer (&grid->col_start, g_free);
  g_clear_pointer (&grid->row_start, g_free);
}

void
tsr_quilt_cells (const TsrImage *photo, TsrImage *tile, const TsrQuiltGrid *grid,
                 const guint8 *cells, const TsrQuiltParams *params, guint8 *written)
{
  Quilt q = { photo, params, tile, NULL, written, cells, { 0, NULL }, { 0, NULL }, 0, NULL,
              NULL, NULL, { NULL, NULL, NULL, NULL }, { 0, NULL, NULL, 0.0 } };
  const int width = tile->width, height = tile->height, overlap = grid->overlap;
  int pw, ph, most;

  q.cols = (Cells) { grid->n_cols, grid->col_start };
  q.rows = (Cells) { grid->n_rows, grid->row_start };
  q.overlap = overlap;
  pw = cells_widest (&q.cols) + 2 * overlap;
  ph = cells_widest (&q.rows) + 2 * overlap;
  most = pw * ph;
  q.filled = g_new0 (guint8, (gsize) width * height);
  for (int j = 0; j < q.rows.n; j++)
    for (int i = 0; i < q.cols.n; i++)
      if (cells[j * q.cols.n + i] == TSR_QUILT_FIXED)
        for (int y = q.rows.start[j]; y < q.rows.start[j + 1]; y++)
          memset (q.filled + (gsize) y * width + q.cols.start[i], 1,
                  q.cols.start[i + 1] - q.cols.start[i]);
  q.have = g_new (guint8, most);
  q.err = g_new (float, most);
  q.scratch = g_new (double, (gsize) MAX (pw, ph) * overlap);
  for (int k = 0; k < 4; k++)
    q.path[k] = g_new (int, MAX (pw, ph));
  q.probe.offset = g_new (gsize, most);
  q.probe.target = g_new (float, (gsize) most * photo->channels);

  for (int j = 0; j < q.rows.n; j++)
    for (int i = 0; i < q.cols.n; i++)
      if (cells[j * q.cols.n + i] == TSR_QUILT_PLACE)
        place_patch (&q, i, j);

  g_free (q.filled);
  g_free (q.have);
  g_free (q.err);
  g_free (q.scratch);
  for (int k = 0; k < 4; k++)
    g_free (q.path[k]);
  g_free (q.probe.offset);
  g_free (q.probe.target);
}

TsrImage *
tsr_torus_quilt (const TsrImage *photo, int width, int height, const TsrQuiltParams *params,
                 GError **error)
{
  TsrQuiltGrid grid;
  TsrImage *tile;
  guint8 *cells;

  if ((tile = tsr_image_new (width, height, photo->channels, error)) == NULL)
    return NULL;
  if (!tsr_quilt_grid_init (&grid, photo, width, height, params, 2))
    g_assert_not_reached ();   /* two cells of two pixels fit in TSR_PHOTO_MIN_SIDE */
  cells = g_malloc ((gsize) grid.n_cols * grid.n_rows);
  memset (cells, TSR_QUILT_PLACE, (gsize) grid.n_cols * grid.n_rows);
  tsr_quilt_cells (photo, tile, &grid, cells, params, NULL);
  g_free (cells);
  tsr_quilt_grid_clear (&grid);
  return tile;
}
