/* Veined marble's slow fields: see marble-slow-fields.h.
 *
 * Five or six fields (two of warp, the clouds, fade, swell, streaks) cost most of the
 * stone outside its veins, yet their finest cells span tens of pixels at
 * the sizes that cost time.  Between two grid columns a few pixels apart
 * a straight line misses such a field by about (2 pi step / cell)^2 / 8
 * of its finest octave: with a step of an eighth of a cell, under a tenth
 * of it, a vein moved by a hundredth of a pixel.  Each value is a function
 * of the point alone (its row's y, the two columns either side), so any
 * region, thread count or chunk gives the same bits. */
#include <math.h>

#include "noise/noise-internal.h"   /* tsr_floor_d */
#include "patterns/marble/marble-slow-fields.h"

/* a grid step at most this fraction of the finest cell */
#define CELL_STEPS 8.0
/* ... and at least this many pixels, or every point is exact */
#define LEAST_STEP 2.0

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
}

/* f at each point: between its nodes left[i] and left[i] + 1, t[i] on */
static void
lerp_nodes (const float *f, const gint32 *left, const float *t, gsize n, float *out)
{
  for (gsize i = 0; i < n; i++)
    {
      const float a = f[left[i]], b = f[left[i] + 1];

      out[i] = a + t[i] * (b - a);
    }
}

/* The fields at the points by the grid: each point between the nodes
 * (k, y) and (k + 1, y) of its row, a run of points along one row
 * sharing them. */
static void
fields_by_grid (const TsrMarbleVeined *mv, const double *x, const double *y, gsize n,
                gboolean grad, TsrMarbleSlow *out)
{
  TsrMarbleSlow nodes;
  double nx[2 * TSR_CHUNK], ny[2 * TSR_CHUNK];
  gint32 left[TSR_CHUNK], count = 0, run_first = 0, run_k = 0, run_last = -1;
  float t[TSR_CHUNK];
  const double step = 1.0 / mv->slow_grid;

  for (gsize i = 0; i < n; i++)
    {
      const double pos = x[i] * mv->slow_grid, kd = tsr_floor_d (pos);
      const gint32 k = (gint32) kd;

      t[i] = (float) (pos - kd);
      if (count == 0 || ny[count - 1] != y[i] || k < run_k || k > run_last + 1)
        {
          /* a new run: this row's columns from k */
          run_k = k;
          run_last = k - 1;
          run_first = count;
        }
      /* the run's nodes up to column k + 1 (at most two more a point) */
      while (run_last <= k)
        {
          run_last++;
          nx[count] = run_last * step;
          ny[count] = y[i];
          count++;
        }
      left[i] = run_first + (k - run_k);
    }
  for (gint32 at = 0; at < count; at += TSR_CHUNK)
    fields_at (mv, nx + at, ny + at, (gsize) MIN (TSR_CHUNK, count - at), grad, &nodes,
               (gsize) at);
  lerp_nodes (nodes.wx, left, t, n, out->wx);
  lerp_nodes (nodes.wy, left, t, n, out->wy);
  lerp_nodes (nodes.body, left, t, n, out->body);
  lerp_nodes (nodes.fade, left, t, n, out->fade);
  lerp_nodes (nodes.swell, left, t, n, out->swell);
  if (mv->streak_ink > 0.0f)
    lerp_nodes (nodes.streaks, left, t, n, out->streaks);
  if (grad && mv->streak_ink > 0.0f)
    {
      lerp_nodes (nodes.tu, left, t, n, out->tu);
      lerp_nodes (nodes.tv, left, t, n, out->tv);
    }
  if (grad)
    {
      lerp_nodes (nodes.wxx, left, t, n, out->wxx);
      lerp_nodes (nodes.wxy, left, t, n, out->wxy);
      lerp_nodes (nodes.wyx, left, t, n, out->wyx);
      lerp_nodes (nodes.wyy, left, t, n, out->wyy);
      lerp_nodes (nodes.bqx, left, t, n, out->bqx);
      lerp_nodes (nodes.bqy, left, t, n, out->bqy);
      lerp_nodes (nodes.fu, left, t, n, out->fu);
      lerp_nodes (nodes.fv, left, t, n, out->fv);
      lerp_nodes (nodes.su, left, t, n, out->su);
      lerp_nodes (nodes.sv, left, t, n, out->sv);
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
