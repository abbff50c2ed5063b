/* Veined marble's slow fields: see marble-slow-fields.h.
 *
 * Five or six fields (two of warp, the clouds, fade, swell, streaks) cost most of the
 * stone outside its veins, yet their finest cells span ten pixels and
 * more at the sizes that cost time.  Catmull-Rom's cubic through four
 * grid columns a quarter of a cell apart misses a wave of that cell by at
 * most 0.12 of it (a straight line needs an eighth of a cell for 0.08):
 * the finest octave is a small part of a field, so at 2048² a render
 * moves by 3 of 255 at most.  Each value is a function of the point alone
 * (its row's y, the four columns round it), so any region, thread count or
 * chunk gives the same bits. */
#include <math.h>
#include <string.h>

#include "noise/noise-internal.h"   /* tsr_floor_d */
#include "noise/noise-kernels.h"    /* TSR_ISA_PICK */
#include "patterns/marble/marble-grid-rows.h"
#include "patterns/marble/marble-slow-fields.h"

/* a grid step at most this fraction of the finest cell */
#define CELL_STEPS 4.0
/* ... and at least this many pixels, or every point is exact: below it a
 * bricks face's short runs (a piece's part of a row) cost more in the
 * runs' extra columns than the grid saves */
#define LEAST_STEP 2.0
/* a fractures' order on the grid: its cells this many steps across (the
 * cubic then misses its noise by about 0.005 of it, a vein moved by a
 * thirtieth of a pixel at most) */
#define ORDER_STEPS 10.0
/* a node's fields cost about as much as this many of the fractures'
 * orders' octaves at a point */
#define NODE_ORDERS 30.0
/* nodes a batch: a chunk's points on rows need about a node a step and
 * four a run */
#define NODES (2 * TSR_CHUNK)
/* blocks of eight fields: the values (the streaks and the fractures'
 * first orders' noise in its last three lanes), and the slopes' two */
#define BLOCKS 3

double
tsr_marble_slow_grid (const TsrTexture *tex, double finest_cell, int period)
{
  const double step = finest_cell / CELL_STEPS;

  /* a tile of a set keeps its fields the plain tile's only at its edges'
   * points, not at the grid's columns a few pixels in */
  if (step < LEAST_STEP || tex->tile.kind != TSR_TILES_NONE)
    return 0.0;
  if (tex->tileable && period > 0)
    return floor (period / step + 0.5) / period;
  return 1.0 / step;
}

int
tsr_marble_grid_orders (const TsrMarbleVeined *mv, double grid, const double *cells, int n)
{
  /* the values' block's three spare lanes, one the streaks' */
  const int lanes = mv->streak_ink > 0.0f ? TSR_GRID_ORDERS - 1 : TSR_GRID_ORDERS;
  int k = 0;

  while (grid > 0.0 && k < MIN (n, lanes) && cells[k] * grid >= ORDER_STEPS)
    k++;
  return k;
}

double
tsr_marble_band_rows (const TsrTexture *tex, const TsrMarbleVeined *mv, const double *cells_y,
                      int *orders)
{
  double grid_y = mv->slow_grid_y;

  *orders = MIN (mv->grid_orders, tsr_marble_grid_orders (mv, grid_y, cells_y, mv->net.n));
  while (grid_y > 0.0 && *orders < mv->grid_orders)
    {
      /* rows for the next order (its cells ORDER_STEPS steps and a little
       * more, for the period's whole number of rows) */
      const double finer = tsr_marble_slow_grid (tex, 0.97 * CELL_STEPS * cells_y[*orders]
                                                      / ORDER_STEPS, tex->period_h);

      if (finer <= grid_y || mv->slow_grid * (finer - grid_y) * NODE_ORDERS > 1.0
          || tsr_marble_grid_orders (mv, finer, cells_y, mv->net.n) <= *orders)
        break;
      grid_y = finer;
      *orders = MIN (mv->grid_orders, tsr_marble_grid_orders (mv, grid_y, cells_y, mv->net.n));
    }
  return grid_y;
}

/* The fields at n <= TSR_CHUNK points, into out from `at` on. */
static void
fields_at (const TsrMarbleVeined *mv, int orders, const double *x, const double *y, gsize n,
           gboolean grad, TsrMarbleSlow *out, gsize at)
{
  float *wx = out->wx + at, *wy = out->wy + at;
  double u[TSR_CHUNK], v[TSR_CHUNK], qx[TSR_CHUNK], qy[TSR_CHUNK];

  if (grad)
    {
      tsr_fractal_row_grad (&mv->warp_x, x, y, n, wx, out->wxx + at, out->wxy + at);
      tsr_fractal_row_grad (&mv->warp_y, x, y, n, wy, out->wyx + at, out->wyy + at);
    }
  else
    {
      tsr_fractal_row (&mv->warp_x, x, y, n, wx);
      tsr_fractal_row (&mv->warp_y, x, y, n, wy);
    }
  for (gsize i = 0; i < n; i++)
    {
      qx[i] = x[i] + mv->warp_pixels * wx[i];
      qy[i] = y[i] + mv->warp_pixels * wy[i];
      u[i] = qx[i] + mv->shear_x * qy[i];
      v[i] = qy[i] + mv->shear_y * qx[i];
    }
  tsr_fractal_row_grad (&mv->body, qx, qy, n, out->body + at, grad ? out->bqx + at : NULL,
                        out->bqy + at);
  tsr_fractal_row_grad (&mv->fade, u, v, n, out->fade + at, grad ? out->fu + at : NULL,
                        out->fv + at);
  tsr_fractal_row_grad (&mv->swell, u, v, n, out->swell + at, grad ? out->su + at : NULL,
                        out->sv + at);
  if (mv->streak_ink > 0.0f)
    tsr_fractal_row_grad (&mv->streaks, u, v, n, out->streaks + at,
                          grad ? out->tu + at : NULL, out->tv + at);
  for (int k = 0; k < orders; k++)
    tsr_fractal_row_grad (&mv->net.net[k], u, v, n, out->net[k] + at,
                          grad ? out->nu[k] + at : NULL, grad ? out->nv[k] + at : NULL);
}

/* Catmull-Rom's weights of the nodes k - 1 .. k + 2 for a point t past
 * node k (0 <= t < 1): each a cubic in t, all four in one vector. */
typedef float F4 __attribute__ ((vector_size (16)));

static inline F4
cubic_weights (float t)
{
  const F4 a = { 0.0f, 2.0f, 0.0f, 0.0f }, b = { -1.0f, 0.0f, 1.0f, 0.0f };
  const F4 c = { 2.0f, -5.0f, 4.0f, -1.0f }, d = { -1.0f, 3.0f, -3.0f, 1.0f };

  return 0.5f * (((d * t + c) * t + b) * t + a);
}

/* Eight fields at a node, side by side: a point's sums are two vectors'
 * (lane by lane the scalar products and sums, so any target gives the
 * same bits). */
typedef union
{
  float f[8];
  F4    v[2];
} Node8;

/* The fields a grid takes, as blocks of eight: each block's node
 * arrays and its points' arrays (a block's unused: a scratch array). */
typedef struct
{
  const float *node[BLOCKS][8];
  float       *point[BLOCKS][8];
  int          n;
} FieldBlocks;

static void
add_field (FieldBlocks *fb, int b, int lane, const float *node, float *point)
{
  fb->node[b][lane] = node;
  fb->point[b][lane] = point;
}

/* The fields of block b at nodes [0, count) side by side into nv. */
static void
pack_nodes (const FieldBlocks *fb, int b, gint32 count, Node8 *nv)
{
  for (int f = 0; f < 8; f++)
    for (gint32 j = 0; j < count; j++)
      nv[j].f[f] = fb->node[b][f][j];
}

/* Eight sums: the cubic through four nodes `apart` apart (the band grid's
 * along y; along x, marble-grid-rows.c). */
static inline Node8
node_sums_apart (const Node8 *v, gsize apart, F4 w)
{
  Node8 sum;

  for (int h = 0; h < 2; h++)
    sum.v[h] = w[0] * v[0].v[h] + w[1] * v[apart].v[h] + w[2] * v[2 * apart].v[h]
               + w[3] * v[3 * apart].v[h];
  return sum;
}

/* Points [from, to) of the fields of nv (`first[i]`: node k - 1 of
 * point i) into the block's points' arrays. */
static void
interpolate (float *const point[8], const Node8 *nv, const gint32 *first, const F4 *weights,
             gsize from, gsize to)
{
  const TsrGridSumsFn sums = TSR_ISA_PICK (tsr_grid_sums_base, tsr_grid_sums_avx2,
                                           tsr_grid_sums_avx512);

  sums (point, nv[0].f, first, (const float *) weights, from, to);
}

/* The fields the grid takes with `orders` of the fractures' orders, as
 * blocks: nodes' arrays in `nodes`, points' in `out` from `at` on; a
 * block's unused lanes read the warp's nodes and write to `unused`. */
static void
field_blocks (const TsrMarbleVeined *mv, int orders, gboolean grad, TsrMarbleSlow *nodes,
              TsrMarbleSlow *out, gsize at, float *unused, FieldBlocks *fb)
{
  const float *const none = nodes->wx;
  /* the values' block's last three lanes and the slopes' second block's
   * last six: the streaks, then the orders' noise */
  int value = 5, slope = 2;

  *fb = (FieldBlocks) {
    .node = {
      { nodes->wx, nodes->wy, nodes->body, nodes->fade, nodes->swell },
      { nodes->wxx, nodes->wxy, nodes->wyx, nodes->wyy, nodes->bqx, nodes->bqy, nodes->fu,
        nodes->fv },
      { nodes->su, nodes->sv },
    },
    .point = {
      { out->wx + at, out->wy + at, out->body + at, out->fade + at, out->swell + at },
      { out->wxx + at, out->wxy + at, out->wyx + at, out->wyy + at, out->bqx + at, out->bqy + at,
        out->fu + at, out->fv + at },
      { out->su + at, out->sv + at },
    },
    .n = grad ? 3 : 1,
  };
  if (mv->streak_ink > 0.0f)
    {
      add_field (fb, 0, value++, nodes->streaks, out->streaks + at);
      add_field (fb, 2, slope++, nodes->tu, out->tu + at);
      add_field (fb, 2, slope++, nodes->tv, out->tv + at);
    }
  for (int k = 0; k < orders; k++)
    {
      add_field (fb, 0, value++, nodes->net[k], out->net[k] + at);
      add_field (fb, 2, slope++, nodes->nu[k], out->nu[k] + at);
      add_field (fb, 2, slope++, nodes->nv[k], out->nv[k] + at);
    }
  g_assert (value <= 8 && slope <= 8);
  for (; value < 8; value++)
    add_field (fb, 0, value, none, unused);
  for (; slope < 8; slope++)
    add_field (fb, 2, slope, none, unused);
}

/* The fields at the points by the grid: each point by the cubic through
 * the nodes (k - 1 .. k + 2, y) of its row, a run of points along one
 * row sharing them. */
static void
fields_by_grid (const TsrMarbleVeined *mv, const double *x, const double *y, gsize n,
                gboolean grad, TsrMarbleSlow *out)
{
  TsrMarbleSlow nodes;
  Node8 nv[NODES];
  /* a block's unused fields: read from the warp's, written here */
  float unused[TSR_CHUNK];
  FieldBlocks fb;

  field_blocks (mv, mv->grid_orders, grad, &nodes, out, 0, unused, &fb);
  double nx[NODES], ny[NODES];
  gint32 column[TSR_CHUNK], first[TSR_CHUNK], count = 0, run_first = 0, run_k = 0, run_last = -1;
  F4 weights[TSR_CHUNK];
  gsize from = 0;
  const double step = 1.0 / mv->slow_grid;

  for (gsize i = 0; i < n; i++)
    {
      const double pos = x[i] * mv->slow_grid, kd = tsr_floor_d (pos);

      column[i] = (gint32) kd;
      weights[i] = cubic_weights ((float) (pos - kd));
    }
  for (gsize i = 0; i <= n; i++)
    {
      const gint32 k = i < n ? column[i] : 0;

      /* most points share their predecessor's column and row, so its
       * nodes, already in this batch */
      if (i > from && i < n && k == column[i - 1] && y[i] == y[i - 1])
        {
          first[i] = first[i - 1];
          continue;
        }
      /* the nodes so far, and their points, when the buffer could not
       * take a new run's (the nodes are the same whichever batch) */
      if (i == n || count + 4 > NODES)
        {
          for (gint32 at = 0; at < count; at += TSR_CHUNK)
            fields_at (mv, mv->grid_orders, nx + at, ny + at, (gsize) MIN (TSR_CHUNK, count - at), grad, &nodes,
                       (gsize) at);
          for (int b = 0; b < fb.n; b++)
            {
              pack_nodes (&fb, b, count, nv);
              interpolate (fb.point[b], nv, first, weights, from, i);
            }
          from = i;
          count = 0;
          if (i == n)
            break;
        }
      if (count == 0 || ny[count - 1] != y[i] || k - 1 < run_k || k - 1 > run_last + 1)
        {
          /* a new run: this row's columns from k - 1 */
          run_k = k - 1;
          run_last = k - 2;
          run_first = count;
        }
      /* the run's nodes up to column k + 2 (at most four more a point) */
      while (run_last < k + 2)
        {
          run_last++;
          nx[count] = run_last * step;
          ny[count] = y[i];
          count++;
        }
      first[i] = run_first + (k - 1 - run_k);
    }
}

/* The band grid: nodes at grid columns and grid rows, a point's fields the
 * cubic along y through its column's four nodes round its row, then the
 * cubic along x through those four columns.  A band of rows shares its
 * nodes; a row's point takes the same sums whichever band or run it is
 * in, so eval and eval_rows give the same bits. */

/* nodes a band's table holds at most, a block */
#define BAND_NODES 8192
/* columns a band takes at most: four a point */
#define BAND_COLUMNS (4 * TSR_CHUNK)

struct _TsrMarbleBand
{
  const TsrMarbleVeined *mv;
  gboolean grad;
  gsize    n;
  /* the grid columns the points need, in runs (point i's k - 1 at first[i]),
   * and the points' weights along x */
  gint32   columns, column[BAND_COLUMNS], first[TSR_CHUNK];
  F4       wx[TSR_CHUNK];
  /* the grid rows the band's rows need, in runs (row r's at row_first[r]),
   * and the rows' weights along y */
  gint32   node_rows, node_row[4 * TSR_MARBLE_BAND_ROWS], row_first[TSR_MARBLE_BAND_ROWS];
  F4       wy[TSR_MARBLE_BAND_ROWS];
  double   y[TSR_MARBLE_BAND_ROWS];
  /* the orders the rows do not take (band_orders .. grid_orders - 1): at
   * each row's columns, from its warp there, along x only */
  float    order[3][BAND_COLUMNS];
  /* those orders at the columns of rows [cached_r0, cached_r1), row by
   * row, `columns` apart */
  gint32   rows, cached_r0, cached_r1;
  float    cached[TSR_GRID_ORDERS][3][TSR_CHUNK];
  /* the table: node rows [from, to) by columns, per block (`block` apart) */
  gint32   from, to;
  gsize    block;
  Node8   *table;
  Node8    along[BAND_COLUMNS];   /* a row's columns, summed along y */
  TsrMarbleSlow nodes;            /* the fields at up to TSR_CHUNK nodes */
  float    unused[TSR_CHUNK];
};

/* Grid indices (pos[i] grid) of n positions into runs of index: position
 * i's k - 1 at first[i], its weights w[i]; returns how many. */
static gint32
grid_runs (const double *pos, gsize n, double grid, gint32 *index, gint32 *first, F4 *w)
{
  gint32 count = 0, run_first = 0, run_k = 0, run_last = -1;

  for (gsize i = 0; i < n; i++)
    {
      const double p = pos[i] * grid, kd = tsr_floor_d (p);
      const gint32 k = (gint32) kd;

      w[i] = cubic_weights ((float) (p - kd));
      if (count == 0 || k - 1 < run_k || k - 1 > run_last + 1)
        {
          run_k = k - 1;
          run_last = k - 2;
          run_first = count;
        }
      while (run_last < k + 2)
        index[count++] = ++run_last;
      first[i] = run_first + (k - 1 - run_k);
    }
  return count;
}

/* The n positions' grid indices as one run from the least k - 1 to the
 * greatest k + 2, where that is fewer than count (grid_runs' runs): a
 * turned tile's face rows come with y falling, which grid_runs takes as a
 * new run at every step down.  The same nodes and weights, so the same
 * bits. */
static gint32
grid_span (const double *pos, gsize n, double grid, gint32 count, gint32 *index, gint32 *first)
{
  gint32 lo = G_MAXINT32, hi = G_MININT32;
  gint32 k[TSR_CHUNK];

  for (gsize i = 0; i < n; i++)
    {
      k[i] = (gint32) tsr_floor_d (pos[i] * grid);
      lo = MIN (lo, k[i]);
      hi = MAX (hi, k[i]);
    }
  if (hi - lo + 4 >= count)
    return count;
  for (gint32 j = 0; j < hi - lo + 4; j++)
    index[j] = lo - 1 + j;
  for (gsize i = 0; i < n; i++)
    first[i] = k[i] - lo;
  return hi - lo + 4;
}

TsrMarbleBand *
tsr_marble_band_new (const TsrMarbleVeined *mv, const double *x, gsize n, const double *y,
                     int rows, gboolean grad)
{
  TsrMarbleBand *b = g_new (TsrMarbleBand, 1);

  g_assert (mv->slow_grid_y > 0.0 && n > 0 && n <= TSR_CHUNK && rows > 0
            && rows <= TSR_MARBLE_BAND_ROWS);
  b->mv = mv;
  b->grad = grad;
  b->n = n;
  b->columns = grid_runs (x, n, mv->slow_grid, b->column, b->first, b->wx);
  b->node_rows = grid_runs (y, (gsize) rows, mv->slow_grid_y, b->node_row, b->row_first, b->wy);
  if (b->columns * (4 + rows) <= BAND_NODES)
    b->node_rows = grid_span (y, (gsize) rows, mv->slow_grid_y, b->node_rows, b->node_row,
                              b->row_first);
  memcpy (b->y, y, (gsize) rows * sizeof *y);
  b->rows = rows;
  b->cached_r0 = b->cached_r1 = 0;
  b->block = (gsize) (MIN (b->node_rows, BAND_NODES / b->columns) * b->columns);
  b->table = g_new (Node8, (grad ? 3 : 1) * b->block);
  b->from = b->to = 0;
  return b;
}

void
tsr_marble_band_free (TsrMarbleBand *b)
{
  g_free (b->table);
  g_free (b);
}

/* The table from node row `from` on, as many as it holds. */
static void
band_table (TsrMarbleBand *b, gint32 from)
{
  const TsrMarbleVeined *mv = b->mv;
  const double step_x = 1.0 / mv->slow_grid, step_y = 1.0 / mv->slow_grid_y;
  const gint32 fit = (gint32) (b->block / (gsize) b->columns);
  FieldBlocks fb;
  gsize count;

  b->from = from;
  b->to = MIN (b->node_rows, from + fit);
  count = (gsize) ((b->to - from) * b->columns);
  field_blocks (mv, mv->band_orders, b->grad, &b->nodes, &b->nodes, 0, b->unused, &fb);
  for (gsize at = 0; at < count; at += TSR_CHUNK)
    {
      const gsize m = MIN (TSR_CHUNK, count - at);
      double nx[TSR_CHUNK], ny[TSR_CHUNK];

      for (gsize j = 0; j < m; j++)
        {
          const gsize node = at + j;

          nx[j] = b->column[node % (gsize) b->columns] * step_x;
          ny[j] = b->node_row[from + (gint32) (node / (gsize) b->columns)] * step_y;
        }
      fields_at (mv, mv->band_orders, nx, ny, m, b->grad, &b->nodes, 0);
      for (int k = 0; k < fb.n; k++)
        {
          Node8 *t = b->table + k * b->block + at;

          for (int f = 0; f < 8; f++)
            for (gsize j = 0; j < m; j++)
              t[j].f[f] = fb.node[k][f][j];
        }
    }
}

/* The orders the rows do not take, at the columns of rows r on, as many
 * rows a call as fill a chunk (a band of short rows, a turned tile's face
 * in a thin region, would pay a call's set-up a row); FALSE where the
 * table does not hold every row or a row's columns fill half a chunk.  The
 * same sums and positions as row_order's, so the same bits. */
static gboolean
cache_orders (TsrMarbleBand *b, gint32 r)
{
  const TsrMarbleVeined *mv = b->mv;
  const double step_x = 1.0 / mv->slow_grid;
  const gint32 per = TSR_CHUNK / b->columns;
  double u[TSR_CHUNK], v[TSR_CHUNK];
  gint32 q;

  if (per < 2 || b->from != 0 || b->to < b->node_rows)
    return FALSE;
  q = MIN (per, b->rows - r);
  for (gint32 j = 0; j < q; j++)
    {
      const Node8 *t = b->table + (gsize) (b->row_first[r + j] * b->columns);

      for (gint32 c = 0; c < b->columns; c++)
        {
          const Node8 a = node_sums_apart (t + c, (gsize) b->columns, b->wy[r + j]);
          const double qx = b->column[c] * step_x + mv->warp_pixels * a.f[0];
          const double qy = b->y[r + j] + mv->warp_pixels * a.f[1];

          u[j * b->columns + c] = qx + mv->shear_x * qy;
          v[j * b->columns + c] = qy + mv->shear_y * qx;
        }
    }
  for (int k = mv->band_orders; k < mv->grid_orders; k++)
    tsr_fractal_row_grad (&mv->net.net[k], u, v, (gsize) (q * b->columns), b->cached[k][0],
                          b->grad ? b->cached[k][1] : NULL, b->grad ? b->cached[k][2] : NULL);
  b->cached_r0 = r;
  b->cached_r1 = r + q;
  return TRUE;
}

/* Order k's noise (and with grad its slopes in (u, v)) at row r's
 * columns, read where their warp (along's first two lanes) moves them. */
static void
row_order (TsrMarbleBand *b, int k, int r)
{
  const TsrMarbleVeined *mv = b->mv;
  const double step_x = 1.0 / mv->slow_grid;

  if ((r >= b->cached_r0 && r < b->cached_r1) || cache_orders (b, r))
    {
      const gsize at = (gsize) ((r - b->cached_r0) * b->columns);

      for (int f = 0; f < (b->grad ? 3 : 1); f++)
        memcpy (b->order[f], b->cached[k][f] + at, (gsize) b->columns * sizeof (float));
      return;
    }
  for (gint32 c0 = 0; c0 < b->columns; c0 += TSR_CHUNK)
    {
      const gsize m = (gsize) MIN (TSR_CHUNK, b->columns - c0);
      double u[TSR_CHUNK], v[TSR_CHUNK];

      for (gsize j = 0; j < m; j++)
        {
          const Node8 *a = &b->along[c0 + (gint32) j];
          const double qx = b->column[c0 + (gint32) j] * step_x + mv->warp_pixels * a->f[0];
          const double qy = b->y[r] + mv->warp_pixels * a->f[1];

          u[j] = qx + mv->shear_x * qy;
          v[j] = qy + mv->shear_y * qx;
        }
      tsr_fractal_row_grad (&mv->net.net[k], u, v, m, b->order[0] + c0,
                            b->grad ? b->order[1] + c0 : NULL, b->grad ? b->order[2] + c0 : NULL);
    }
}

void
tsr_marble_band_fields (TsrMarbleBand *b, int r, TsrMarbleSlow *out, gsize at)
{
  const TsrMarbleVeined *mv = b->mv;
  const gint32 e = b->row_first[r];
  /* the first order's lanes past the band's orders, in the values' and
   * the slopes' blocks */
  const int streak = mv->streak_ink > 0.0f ? 1 : 0;
  FieldBlocks fb;

  g_assert (at + b->n <= TSR_CHUNK);
  if (e < b->from || e + 4 > b->to)
    band_table (b, (gsize) b->node_rows * (gsize) b->columns <= BAND_NODES ? 0 : e);
  field_blocks (mv, mv->grid_orders, b->grad, &b->nodes, out, at, b->unused, &fb);
  for (int k = 0; k < fb.n; k++)
    {
      const Node8 *t = b->table + k * b->block + (gsize) ((e - b->from) * b->columns);

      for (gint32 c = 0; c < b->columns; c++)
        b->along[c] = node_sums_apart (t + c, (gsize) b->columns, b->wy[r]);
      /* the table's lanes for these orders hold the warp's x: replaced */
      for (int o = mv->band_orders; o < mv->grid_orders && k != 1; o++)
        {
          if (k == 0)
            row_order (b, o, r);
          for (gint32 c = 0; c < b->columns; c++)
            if (k == 0)
              b->along[c].f[5 + streak + o] = b->order[0][c];
            else
              {
                b->along[c].f[2 + 2 * streak + 2 * o] = b->order[1][c];
                b->along[c].f[3 + 2 * streak + 2 * o] = b->order[2][c];
              }
        }
      interpolate (fb.point[k], b->along, b->first, b->wx, 0, b->n);
    }
}

/* The fields by the band grid at points of any y: each run of one y a
 * band of one row. */
static void
fields_by_bands (const TsrMarbleVeined *mv, const double *x, const double *y, gsize n,
                 gboolean grad, TsrMarbleSlow *out)
{
  for (gsize start = 0, end; start < n; start = end)
    {
      TsrMarbleBand *b;

      for (end = start + 1; end < n && y[end] == y[start]; end++)
        ;
      b = tsr_marble_band_new (mv, x + start, end - start, y + start, 1, grad);
      tsr_marble_band_fields (b, 0, out, start);
      tsr_marble_band_free (b);
    }
}

void
tsr_marble_slow_fields (const TsrMarbleVeined *mv, gboolean bands, const double *x,
                        const double *y, gsize n, gboolean grad, TsrMarbleSlow *out)
{
  g_assert (n <= TSR_CHUNK);
  if (bands && mv->slow_grid_y > 0.0)
    fields_by_bands (mv, x, y, n, grad, out);
  else if (mv->slow_grid > 0.0)
    fields_by_grid (mv, x, y, n, grad, out);
  else
    fields_at (mv, mv->grid_orders, x, y, n, grad, out, 0);
}
