/* Rock's cells: jittered points on a grid that wraps with the tile, each
 * point weighed (a power diagram: heavier points take larger cells from
 * their neighbours, the borders still straight), and a point's distances
 * to the bisectors around its cell (Quilez's border distance), whose
 * gradients are the bisectors' normals: exact, so the patterns built on
 * them keep analytic slopes. */
#include <math.h>
#include <string.h>

#include "math/hash.h"
#include "patterns/rock/rock-cells.h"

/* TSR_ROCK_REACH, the cells around a point's own whose points count: the
 * 3 x 3 around it hold every neighbour that matters while points stray
 * under half a cell and weigh under a third of a cell squared (as the
 * stones' layout finds). */
#define REACH TSR_ROCK_REACH

double
tsr_rock_size (const TsrTexture *tex)
{
  const double shorter = MIN (tex->period_w, tex->period_h);

  if (tex->noise.scale > 0)
    return tex->noise.scale;
  return MIN (128.0, MAX (4.0, 0.25 * shorter));
}

int
tsr_rock_count (double period, double size)
{
  return MAX (1, (int) floor (period / size + 0.5));
}

void
tsr_rock_cells_init (TsrRockCells *c, const TsrTexture *tex, int nx, int ny, double jitter,
                     double weight, guint32 seed)
{
  c->nx = nx;
  c->ny = ny;
  c->cw = (double) tex->period_w / nx;
  c->ch = (double) tex->period_h / ny;
  c->wraps = tex->tileable;
  c->jitter = jitter;
  c->weight = weight;
  c->seed = seed;
}

static inline gint32
wrap (const TsrRockCells *c, long v, int period)
{
  const long r = v % period;

  if (!c->wraps)
    return (gint32) v;
  return (gint32) (r < 0 ? r + period : r);
}

guint32
tsr_rock_cell_point (const TsrRockCells *c, long i, long j, double *px, double *py, double *pw)
{
  const guint32 h = tsr_hash3 (c->seed, wrap (c, i, c->nx), wrap (c, j, c->ny), 7);

  *px = (i + 0.5 + c->jitter * (tsr_rock_unit (h, 1) - 0.5)) * c->cw;
  *py = (j + 0.5 + c->jitter * (tsr_rock_unit (h, 2) - 0.5)) * c->ch;
  *pw = c->weight * c->cw * c->ch * tsr_rock_unit (h, 3);
  return h;
}

void
tsr_rock_memo_init (TsrRockMemo *m)
{
  for (int s = 0; s < TSR_ROCK_MEMO; s++)
    m->i[s] = m->j[s] = G_MINLONG;
}

int
tsr_rock_memo_point (const TsrRockCells *c, TsrRockMemo *m, long i, long j)
{
  const int s = tsr_rock_memo_slot (i, j);

  if (m->i[s] != i || m->j[s] != j)
    {
      m->id[s] = tsr_rock_cell_point (c, i, j, &m->sx[s], &m->sy[s], &m->sw[s]);
      m->i[s] = i;
      m->j[s] = j;
    }
  return s;
}

guint32
tsr_rock_cells_nearest (const TsrRockCells *c, TsrRockMemo *m, double x, double y)
{
  const long i0 = (long) floor (x / c->cw), j0 = (long) floor (y / c->ch);
  double best = G_MAXDOUBLE;
  guint32 id = 0;

  /* tsr_rock_cells_around's order and sums, so the same cell wins */
  for (long j = j0 - REACH; j <= j0 + REACH; j++)
    for (long i = i0 - REACH; i <= i0 + REACH; i++)
      {
        const int s = tsr_rock_memo_point (c, m, i, j);
        const double d = (x - m->sx[s]) * (x - m->sx[s]) + (y - m->sy[s]) * (y - m->sy[s])
                         - m->sw[s];

        if (d < best)
          best = d, id = m->id[s];
      }
  return id;
}

void
tsr_rock_around_init (TsrRockAround *ar)
{
  tsr_rock_memo_init (&ar->memo);
  ar->valid = FALSE;
}

/* Cell (i, j)'s point into the around's place k. */
static inline void
around_cell (const TsrRockCells *c, TsrRockAround *ar, long i, long j, int k)
{
  const int s = tsr_rock_memo_point (c, &ar->memo, i, j);

  ar->id[k] = ar->memo.id[s];
  ar->sx[k] = ar->memo.sx[s];
  ar->sy[k] = ar->memo.sy[s];
  ar->sw[k] = ar->memo.sw[s];
}

static void
around_cells (const TsrRockCells *c, long i0, long j0, TsrRockAround *ar)
{
  const int side = 2 * REACH + 1;
  int k = 0;

  if (ar->valid && ar->i0 == i0 && ar->j0 == j0)
    return;
  if (ar->valid && ar->j0 == j0 && ar->i0 + 1 == i0)
    /* one cell on along a row: the columns move over, one is new */
    for (int r = 0; r < side; r++)
      {
        const int at = r * side;

        memmove (&ar->id[at], &ar->id[at + 1], (side - 1) * sizeof ar->id[0]);
        memmove (&ar->sx[at], &ar->sx[at + 1], (side - 1) * sizeof ar->sx[0]);
        memmove (&ar->sy[at], &ar->sy[at + 1], (side - 1) * sizeof ar->sy[0]);
        memmove (&ar->sw[at], &ar->sw[at + 1], (side - 1) * sizeof ar->sw[0]);
        around_cell (c, ar, i0 + REACH, j0 - REACH + r, at + side - 1);
      }
  else
    for (long j = j0 - REACH; j <= j0 + REACH; j++)
      for (long i = i0 - REACH; i <= i0 + REACH; i++, k++)
        around_cell (c, ar, i, j, k);
  ar->valid = TRUE;
  ar->i0 = i0;
  ar->j0 = j0;
  ar->nearest = -1;
}

static inline void
bisector (const TsrRockAround *ar, int nearest, int k, TsrRockBisectors *bis)
{
  const double ex = ar->sx[nearest] - ar->sx[k], ey = ar->sy[nearest] - ar->sy[k];
  const double len = sqrt (ex * ex + ey * ey);

  bis->ux[k] = ex / len;
  bis->uy[k] = ey / len;
  bis->inv_2len[k] = 0.5 / len;
}

void
tsr_rock_around_nearest (TsrRockAround *ar, int nearest)
{
  if (ar->nearest == nearest)
    return;
  for (int k = 0; k < TSR_ROCK_AROUND; k++)
    if (k != nearest)
      bisector (ar, nearest, k, &ar->bis);
  ar->nearest = nearest;
}

void
tsr_rock_bisectors (const TsrRockAround *ar, int nearest, const guint8 *ks, int nk,
                    TsrRockBisectors *bis)
{
  for (int c = 0; c < nk; c++)
    bisector (ar, nearest, ks[c], bis);
}

void
tsr_rock_cells_around (const TsrRockCells *c, double x, double y, TsrRockAround *ar)
{
  double *d = ar->power, best = G_MAXDOUBLE;
  int nearest = 0;

  around_cells (c, (long) floor (x / c->cw), (long) floor (y / c->ch), ar);
  for (int k = 0; k < TSR_ROCK_AROUND; k++)
    {
      /* the power distance: the distance squared less the point's weight */
      d[k] = (x - ar->sx[k]) * (x - ar->sx[k]) + (y - ar->sy[k]) * (y - ar->sy[k]) - ar->sw[k];
      if (d[k] < best)
        best = d[k], nearest = k;
    }
  tsr_rock_around_nearest (ar, nearest);
}

void
tsr_rock_around_cells (const TsrRockCells *c, double x, double y, TsrRockAround *ar)
{
  around_cells (c, (long) floor (x / c->cw), (long) floor (y / c->ch), ar);
}

void
tsr_rock_noise_init (const TsrTexture *tex, guint32 salt, double size_x, double size_y,
                     guint octaves, gboolean tile, TsrFractal *f)
{
  TsrFractalSpec spec;

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, salt, &spec);
  spec.scale_x = size_x;
  spec.scale_y = size_y;
  spec.octaves = octaves;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  if (!tile)
    {
      spec.period_w = spec.period_h = 0;
      spec.tile.id = NULL;
    }
  tsr_fractal_init (f, &spec);
}

double
tsr_rock_line_cover (double d, double w, double fp, double *dd, double *dw)
{
  const double soft = 1.3 * MAX (fp, 1.0);
  const double edge = MAX (w, soft);
  const double t = CLAMP (d / edge, 0.0, 1.0);
  const double step = 1.0 - t * t * (3.0 - 2.0 * t);
  const double dstep = d < edge ? -6.0 * t * (1.0 - t) : 0.0;   /* d step / dt */

  if (w >= soft)
    {
      *dd = dstep / w;
      *dw = dstep * -t / w;
      return step;
    }
  /* thinner than the pixel: the pixel's step, inked in proportion */
  *dd = dstep / soft * (w / soft);
  *dw = step / soft;
  return step * w / soft;
}
