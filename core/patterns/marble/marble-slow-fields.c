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
#include "patterns/marble/marble-slow-fields.h"

/* a grid step at most this fraction of the finest cell */
#define CELL_STEPS 4.0
/* ... and at least this many pixels, or every point is exact: below it a
 * bricks face's short runs (a piece's part of a row) cost more in the
 * runs' extra columns than the grid saves */
#define LEAST_STEP 2.0
/* a fractures' order on the grid: its cells this many steps across (the
 * cubic then misses its noise by about 0.003 of it, a vein moved by a
 * fiftieth of a pixel at most) */
#define ORDER_STEPS 12.0
/* nodes a batch: a chunk's points on rows need about a node a step and
 * four a run */
#define NODES (2 * TSR_CHUNK)
/* blocks of eight fields: the values (the streaks and the fractures'
 * first orders' noise in its last three lanes), and the slopes' two */
#define BLOCKS 3

double
tsr_marble_slow_grid (const TsrTexture *tex, double finest_cell)
{
  const double step = finest_cell / CELL_STEPS;

  /* a tile of a set keeps its fields the plain tile's only at its edges'
   * points, not at the grid's columns a few pixels in */
  if (step < LEAST_STEP || tex->tile.kind != TSR_TILES_NONE)
    return 0.0;
  if (tex->tileable && tex->period_w > 0)
    return floor (tex->period_w / step + 0.5) / tex->period_w;
  return 1.0 / step;
}

int
tsr_marble_grid_orders (const TsrMarbleVeined *mv, const double *cells, int n)
{
  /* the values' block's three spare lanes, one the streaks' */
  const int lanes = mv->streak_ink > 0.0f ? TSR_GRID_ORDERS - 1 : TSR_GRID_ORDERS;
  int k = 0;

  while (mv->slow_grid > 0.0 && k < MIN (n, lanes) && cells[k] * mv->slow_grid >= ORDER_STEPS)
    k++;
  return k;
}

/* The fields at n <= TSR_CHUNK points, into out from `at` on. */
static void
fields_at (const TsrMarbleVeined *mv, const double *x, const double *y, gsize n,
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
  for (int k = 0; k < mv->grid_orders; k++)
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

/* A point's eight sums: the cubic through its four nodes. */
static inline Node8
node_sums (const Node8 *v, F4 w)
{
  Node8 sum;

  for (int h = 0; h < 2; h++)
    sum.v[h] = w[0] * v[0].v[h] + w[1] * v[1].v[h] + w[2] * v[2].v[h] + w[3] * v[3].v[h];
  return sum;
}

/* Four points' sums of fields h * 4 .. h * 4 + 3, a field a vector (a 4 x 4
 * transpose), stored at the block's points' arrays from i on. */
static inline void
store_four (float *const point[8], const Node8 s[4], int h, gsize i)
{
  const F4 t0 = __builtin_shufflevector (s[0].v[h], s[1].v[h], 0, 4, 1, 5);
  const F4 t1 = __builtin_shufflevector (s[2].v[h], s[3].v[h], 0, 4, 1, 5);
  const F4 t2 = __builtin_shufflevector (s[0].v[h], s[1].v[h], 2, 6, 3, 7);
  const F4 t3 = __builtin_shufflevector (s[2].v[h], s[3].v[h], 2, 6, 3, 7);
  const F4 f[4] = {
    __builtin_shufflevector (t0, t1, 0, 1, 4, 5), __builtin_shufflevector (t0, t1, 2, 3, 6, 7),
    __builtin_shufflevector (t2, t3, 0, 1, 4, 5), __builtin_shufflevector (t2, t3, 2, 3, 6, 7),
  };

  for (int k = 0; k < 4; k++)
    memcpy (point[h * 4 + k] + i, &f[k], sizeof f[k]);
}

/* Points [from, to) of the fields of nv (`first[i]`: node k - 1 of
 * point i) into the block's points' arrays, four at a time. */
static void
interpolate (float *const point[8], const Node8 *nv, const gint32 *first, const F4 *weights,
             gsize from, gsize to)
{
  gsize i = from;

  for (; i + 4 <= to; i += 4)
    {
      Node8 s[4];

      for (int j = 0; j < 4; j++)
        s[j] = node_sums (nv + first[i + j], weights[i + j]);
      store_four (point, s, 0, i);
      store_four (point, s, 1, i);
    }
  for (; i < to; i++)
    {
      const Node8 sum = node_sums (nv + first[i], weights[i]);

      for (int f = 0; f < 8; f++)
        point[f][i] = sum.f[f];
    }
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
  const float *const none = nodes.wx;
  FieldBlocks fb = {
    .node = {
      { nodes.wx, nodes.wy, nodes.body, nodes.fade, nodes.swell },
      { nodes.wxx, nodes.wxy, nodes.wyx, nodes.wyy, nodes.bqx, nodes.bqy, nodes.fu, nodes.fv },
      { nodes.su, nodes.sv },
    },
    .point = {
      { out->wx, out->wy, out->body, out->fade, out->swell },
      { out->wxx, out->wxy, out->wyx, out->wyy, out->bqx, out->bqy, out->fu, out->fv },
      { out->su, out->sv },
    },
    .n = grad ? 3 : 1,
  };
  /* the values' block's last three lanes and the slopes' second block's
   * last six: the streaks, then the orders' noise */
  int value = 5, slope = 2;

  if (mv->streak_ink > 0.0f)
    {
      add_field (&fb, 0, value++, nodes.streaks, out->streaks);
      add_field (&fb, 2, slope++, nodes.tu, out->tu);
      add_field (&fb, 2, slope++, nodes.tv, out->tv);
    }
  for (int k = 0; k < mv->grid_orders; k++)
    {
      add_field (&fb, 0, value++, nodes.net[k], out->net[k]);
      add_field (&fb, 2, slope++, nodes.nu[k], out->nu[k]);
      add_field (&fb, 2, slope++, nodes.nv[k], out->nv[k]);
    }
  g_assert (value <= 8 && slope <= 8);
  for (; value < 8; value++)
    add_field (&fb, 0, value, none, unused);
  for (; slope < 8; slope++)
    add_field (&fb, 2, slope, none, unused);
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
            fields_at (mv, nx + at, ny + at, (gsize) MIN (TSR_CHUNK, count - at), grad, &nodes,
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

void
tsr_marble_slow_fields (const TsrMarbleVeined *mv, const double *x, const double *y, gsize n,
                        gboolean grad, TsrMarbleSlow *out)
{
  g_assert (n <= TSR_CHUNK);
  if (mv->slow_grid > 0.0)
    fields_by_grid (mv, x, y, n, grad, out);
  else
    fields_at (mv, x, y, n, grad, out, 0);
}
