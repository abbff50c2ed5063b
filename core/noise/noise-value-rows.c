/* Value noise rows (noise-value.c has the maths), compiled once per
 * instruction set (noise-kernels.h).
 *
 * Weights per axis for a vector of samples, then the taps x taps lattice
 * values; rows of constant y take those values from
 * per-row tables of the columns they touch instead of hashing each.  Cost
 * per sample along a row of constant y (GCC 12 -O2, AVX-512 pass):
 * linear / quintic 1.1 ns, cubic 1.7, cosine 2.9, with smoothing 1.7 -
 * 4.1, periodic the same (AVX2: about 1.2 - 1.4x); 2.8 ns for quintic
 * when y varies.  The gradient (row_grad) costs 1.2 - 1.4x the value.
 */
#include "config.h"

#include "noise/noise-perlin.h"   /* TSR_DFADE */
#include "noise/noise-vec.h"

#define CUBIC_SCALE 0.64f

/* w = w0 convolved with (1/4, 1/2, 1/4) (Elias' smoothing) or, without
 * smoothing, w0 itself; taps counts w0. */
TSR_ALWAYS_INLINE void
axis_smooth_v (int taps, gboolean smooth, const VF *w0, VF *w)
{
  if (!smooth)
    {
      TSR_UNROLL (6)
      for (int j = 0; j < taps; j++)
        w[j] = w0[j];
      return;
    }

  /* w[j] = sum over i of c (j - i) w0[i]. */
  TSR_UNROLL (6)
  for (int j = 0; j < taps + 2; j++)
    {
      int lo = MAX (j - 2, 0), hi = MIN (j, taps - 1);

      w[j] = v_splatf (0.0f);
      TSR_UNROLL (6)
      for (int i = lo; i <= hi; i++)
        w[j] += (j - i == 1 ? 0.5f : 0.25f) * w0[i];
    }
}

/* Interpolation weights for one axis.  taps = 2 (or 4 for cubic), plus 2
 * with smoothing; w[j] multiplies the lattice value at offset first + j,
 * first = 0 (or -1 for cubic), minus 1 with smoothing.  With want_grad,
 * dw their derivatives in t (smoothing is linear: convolved alike). */
TSR_ALWAYS_INLINE void
axis_weights_v (TsrInterp interp, gboolean smooth, VF t, VF *w,
                gboolean want_grad, VF *dw)
{
  VF w0[4], dw0[4];
  int taps = interp == TSR_INTERP_CUBIC ? 4 : 2;
  VF df = v_splatf (1.0f);   /* d f / dt of the two-tap interpolations */

  switch (interp)
    {
    case TSR_INTERP_LINEAR:
      w0[0] = 1.0f - t;
      w0[1] = t;
      break;
    case TSR_INTERP_COSINE:
      {
        /* (float) (0.5 - 0.5 * tsr_cos_turns_i (0.5 * (double) t)) */
        VD slo, shi, lo, hi;
        VFH flo, fhi;
        VF f;

        v_sincos_turns (0.5 * v_ftod (v_lof (t)), &slo, &lo);
        v_sincos_turns (0.5 * v_ftod (v_hif (t)), &shi, &hi);
        flo = v_dtof (0.5 - 0.5 * lo);
        fhi = v_dtof (0.5 - 0.5 * hi);
        f = v_catf (flo, fhi);
        w0[0] = 1.0f - f;
        w0[1] = f;
        /* pi/2 sin (pi t) */
        df = v_catf (v_dtof (G_PI_2 * slo), v_dtof (G_PI_2 * shi));
      }
      break;
    case TSR_INTERP_CUBIC:
      {
        VF a = t, a2 = a * a, a3 = a2 * a;

        w0[0] = 0.5f * (-a3 + 2.0f * a2 - a);
        w0[1] = 0.5f * (3.0f * a3 - 5.0f * a2 + 2.0f);
        w0[2] = 0.5f * (-3.0f * a3 + 4.0f * a2 + a);
        w0[3] = 0.5f * (a3 - a2);
        dw0[0] = 0.5f * (-3.0f * a2 + 4.0f * a - 1.0f);
        dw0[1] = 0.5f * (9.0f * a2 - 10.0f * a);
        dw0[2] = 0.5f * (-9.0f * a2 + 8.0f * a + 1.0f);
        dw0[3] = 0.5f * (3.0f * a2 - 2.0f * a);
      }
      break;
    case TSR_INTERP_QUINTIC:
    default:
      {
        VF f = v_fadef (t);

        w0[0] = 1.0f - f;
        w0[1] = f;
        df = TSR_DFADE (t);
      }
      break;
    }

  axis_smooth_v (taps, smooth, w0, w);
  if (want_grad)
    {
      if (interp != TSR_INTERP_CUBIC)
        {
          dw0[0] = -df;
          dw0[1] = df;
        }
      axis_smooth_v (taps, smooth, dw0, dw);
    }
}

/* The gradient's two sums, scaled as the value is, into gx and gy: the
 * first m lanes. */
TSR_ALWAYS_INLINE void
value2_store_grad (TsrInterp interp, VF dx, VF dy, gsize m, float *gx,
                   float *gy)
{
  if (interp == TSR_INTERP_CUBIC)
    {
      dx *= CUBIC_SCALE;
      dy *= CUBIC_SCALE;
    }
  v_store_part (gx, m, dx);
  v_store_part (gy, m, dy);
}

/* The gradient of  value = sum_b wy[b] sum_a wx[a] l[a][b]  (l the lattice
 * values, a along x, b along y):
 *   d/dy = sum_b dwy[b] (sum_a wx[a] l[a][b])   (the value's inner sums)
 *   d/dx = sum_a dwx[a] colsum[a],  colsum[a] = sum_b wy[b] l[a][b]
 * colsum depends on the column only on rows of constant y, where it is a
 * table; both paths sum in the same order, so give the same bits. */
TSR_ALWAYS_INLINE void
value2_rows_v (const LatticeRow *r, TsrInterp interp, gboolean smooth,
               gboolean periodic, const double *x, const double *y, gsize n,
               float *out, gboolean want_grad, float *gxo, float *gyo)
{
  const int taps = (interp == TSR_INTERP_CUBIC ? 4 : 2) + (smooth ? 2 : 0);
  const int first = (interp == TSR_INTERP_CUBIC ? -1 : 0) - (smooth ? 1 : 0);
  const gint32 px = r->px, py = r->py;

  guint32 bx = 0, by = 0;   /* v_wrap bases */

  for (gsize i = 0; i < n; i += VN)
    {
      gsize m = MIN ((gsize) VN, n - i);
      VI cx, cy, col, row;
      VF tx, ty, wx[6], wy[6], acc;
      VF dwx[6], dwy[6], colsum[6], accy = v_splatf (0.0f);
      VU hx[6];
      VI cols[6], ry[6];

      tx = v_load_split (x + i, m, &cx);
      ty = v_load_split (y + i, m, &cy);
      if (periodic && px > 0)
        cx = v_wrap (cx, px, r->ipx, &bx);
      if (periodic && py > 0)
        cy = v_wrap (cy, py, r->ipy, &by);

      axis_weights_v (interp, smooth, tx, wx, want_grad, dwx);
      axis_weights_v (interp, smooth, ty, wy, want_grad, dwy);

      /* Lattice columns and rows first + 0 .. first + taps - 1, wrapped. */
      col = cx;
      row = cy;
      TSR_UNROLL (6)
      for (int d = 0; d > first; d--)
        {
          col = periodic ? v_wrap_dec (col, px) : col - 1;
          row = periodic ? v_wrap_dec (row, py) : row - 1;
        }
      hx[0] = v_hash1 (r->seed, col);
      cols[0] = col;
      ry[0] = row;
      TSR_UNROLL (6)
      for (int a = 1; a < taps; a++)
        {
          col = col + 1;
          row = row + 1;
          if (periodic)
            {
              col -= (col >= px) & px;
              row -= (row >= py) & py;
            }
          hx[a] = v_hash1 (r->seed, col);
          cols[a] = col;
          ry[a] = row;
        }

      acc = v_splatf (0.0f);
      TSR_UNROLL (6)
      for (int a = 0; a < taps; a++)
        colsum[a] = v_splatf (0.0f);
      TSR_UNROLL (6)
      for (int b = 0; b < taps; b++)
        {
          VF sum = v_splatf (0.0f);

          TSR_UNROLL (6)
          for (int a = 0; a < taps; a++)
            {
              VF l = v_lattice_value (v_point_hash (r, hx[a], cols[a], ry[b]));

              sum += wx[a] * l;
              if (want_grad)
                colsum[a] += wy[b] * l;
            }
          acc += wy[b] * sum;
          if (want_grad)
            accy += dwy[b] * sum;
        }

      v_store_part (out + i, m,
                    v_guardf (interp == TSR_INTERP_CUBIC ? acc * CUBIC_SCALE
                                                         : acc));
      if (want_grad)
        {
          VF accx = v_splatf (0.0f);

          TSR_UNROLL (6)
          for (int a = 0; a < taps; a++)
            accx += dwx[a] * colsum[a];
          value2_store_grad (interp, accx, accy, m, gxo + i, gyo + i);
        }
    }
}

/* Calls CALL (I, S, G) with the interpolation, smoothing and want_grad
 * as constants: one specialised loop each. */
#define VALUE_DISPATCH_SG(I, smooth, want_grad, CALL)                     \
  do                                                                      \
    {                                                                     \
      if (smooth && want_grad)                                            \
        CALL (I, TRUE, TRUE);                                             \
      else if (smooth)                                                    \
        CALL (I, TRUE, FALSE);                                            \
      else if (want_grad)                                                 \
        CALL (I, FALSE, TRUE);                                            \
      else                                                                \
        CALL (I, FALSE, FALSE);                                           \
    }                                                                     \
  while (0)

#define VALUE_DISPATCH(interp, smooth, want_grad, CALL)                   \
  switch (interp)                                                         \
    {                                                                     \
    case TSR_INTERP_LINEAR:                                               \
      VALUE_DISPATCH_SG (TSR_INTERP_LINEAR, smooth, want_grad, CALL);     \
      break;                                                              \
    case TSR_INTERP_COSINE:                                               \
      VALUE_DISPATCH_SG (TSR_INTERP_COSINE, smooth, want_grad, CALL);     \
      break;                                                              \
    case TSR_INTERP_CUBIC:                                                \
      VALUE_DISPATCH_SG (TSR_INTERP_CUBIC, smooth, want_grad, CALL);      \
      break;                                                              \
    case TSR_INTERP_QUINTIC:                                              \
    default:                                                              \
      VALUE_DISPATCH_SG (TSR_INTERP_QUINTIC, smooth, want_grad, CALL);    \
      break;                                                              \
    }

/* The per-sample path (gx, gy: NULL, or the gradient's outputs). */
static void
value2_any_v (const LatticeRow *r, TsrInterp interp, gboolean smooth,
              const double *x, const double *y, gsize n, float *out,
              float *gx, float *gy)
{
  gboolean periodic = r->px > 0 || r->py > 0;

#define VALUE_ANY(I, S, G) \
  value2_rows_v (r, I, S, periodic, x, y, n, out, G, gx, gy)
  VALUE_DISPATCH (interp, smooth, gx != NULL, VALUE_ANY)
#undef VALUE_ANY
}

/* Rows of constant y: per segment of VALUE_SEG samples, the lattice
 * values of the columns it touches at the taps lattice rows go into
 * tables (integer work and exact conversions, once per column), and each
 * sample looks up its taps x taps values; the arithmetic is the same.
 * Segments spanning more columns than samples take the per-sample path. */
#define VALUE_SEG  256
#define VALUE_COLS (VALUE_SEG + 8 + 2 * VN)

TSR_ALWAYS_INLINE void
value2_rows_y_v (const LatticeRow *r, TsrInterp interp, gboolean smooth,
                 const double *x, double y, gsize n, float *out,
                 gboolean want_grad, float *gxo, float *gyo)
{
  /* periodic is a run-time value here: it only steers per-row and
   * per-column work (one specialisation less to compile). */
  const gboolean periodic = r->px > 0 || r->py > 0;
  const int taps = (interp == TSR_INTERP_CUBIC ? 4 : 2) + (smooth ? 2 : 0);
  const int first = (interp == TSR_INTERP_CUBIC ? -1 : 0) - (smooth ? 1 : 0);
  const gint32 px = r->px, py = r->py;
  gint32 rows[6], row;
  float ty;
  VF wy[6], dwy[6];
  guint32 bx = 0;   /* v_wrap base */

  /* The lattice rows, as value2_rows_v finds them. */
  row = tsr_split (tsr_clamp_coord (y), &ty);
  if (periodic && py > 0)
    row = tsr_wrap (row, py);
  for (int d = 0; d > first; d--)
    row = periodic ? tsr_wrap_add (row, -1, py) : row - 1;
  rows[0] = row;
  for (int b = 1; b < taps; b++)
    {
      row = row + 1;
      if (periodic)
        row -= row >= py ? py : 0;
      rows[b] = row;
    }
  axis_weights_v (interp, smooth, v_splatf (ty), wy, want_grad, dwy);

  for (gsize s = 0; s < n; s += VALUE_SEG)
    {
      const gsize ns = MIN ((gsize) VALUE_SEG, n - s);
      gint32 cell[VALUE_SEG];
      float frac[VALUE_SEG];
      float lv[6][VALUE_COLS], colsum[VALUE_COLS];
      gint32 cmin, cmax, cols;

      v_split_segment (x + s, ns, FALSE, 1.0, 0.0, cell, frac, &cmin, &cmax);
      cols = cmax - cmin + taps;   /* cmin + first .. cmax + first + taps - 1 */

      if (cols > (gint32) ns + taps)
        {
          double ys[VALUE_SEG];

          for (gsize i = 0; i < ns; i++)
            ys[i] = y;
          value2_any_v (r, interp, smooth, x + s, ys, ns, out + s,
                        want_grad ? gxo + s : NULL,
                        want_grad ? gyo + s : NULL);
          continue;
        }

      for (gint32 k = 0; k < cols; k += VN)
        {
          VI col = cmin + first + k + v_iota ();
          VU hx;
          VF csum;

          if (periodic && px > 0)
            col = v_wrap (col, px, r->ipx, &bx);
          hx = v_hash1 (r->seed, col);
          csum = v_splatf (0.0f);
          TSR_UNROLL (6)
          for (int b = 0; b < taps; b++)
            {
              VF l = v_lattice_value (v_point_hash (r, hx, col,
                                                    v_splati (rows[b])));

              v_storef (lv[b] + k, l);
              if (want_grad)
                csum += wy[b] * l;
            }
          if (want_grad)
            v_storef (colsum + k, csum);
        }
      for (int b = 0; b < taps; b++)
        v_table_end (lv[b], cols);
      if (want_grad)
        v_table_end (colsum, cols);

      for (gsize i = 0; i < ns; i += VN)
        {
          const TableSpot at = v_table_spot (cell + i, cmin);
          VF wx[6], dwx[6], acc = v_splatf (0.0f);
          VF accx = v_splatf (0.0f), accy = v_splatf (0.0f);

          axis_weights_v (interp, smooth, v_loadf (frac + i), wx, want_grad,
                          dwx);
          TSR_UNROLL (6)
          for (int b = 0; b < taps; b++)
            {
              VF sum = v_splatf (0.0f);

              TSR_UNROLL (6)
              for (int a = 0; a < taps; a++)
                sum += wx[a] * v_table_get (lv[b], &at, a);
              acc += wy[b] * sum;
              if (want_grad)
                accy += dwy[b] * sum;
            }

          v_store_part (out + s + i, ns - i,
                        v_guardf (interp == TSR_INTERP_CUBIC
                                  ? acc * CUBIC_SCALE : acc));
          if (want_grad)
            {
              TSR_UNROLL (6)
              for (int a = 0; a < taps; a++)
                accx += dwx[a] * v_table_get (colsum, &at, a);
              value2_store_grad (interp, accx, accy, ns - i, gxo + s + i,
                                 gyo + s + i);
            }
        }
    }
}

/* gx, gy: NULL, or the gradient's outputs.  Inlined into each entry, so
 * that the value entry holds only its own loops (sharing one function
 * with the gradient loops cost the cosine rows 15% with AVX2). */
TSR_ALWAYS_INLINE void
value2_row_v (const LatticeRow *r, TsrInterp interp, gboolean smooth,
              const double *x, const double *y, gsize n, float *out,
              float *gx, float *gy)
{
  if (v_row_y_constant (y, n))
    {
#define VALUE_Y(I, S, G) value2_rows_y_v (r, I, S, x, y[0], n, out, G, gx, gy)
      VALUE_DISPATCH (interp, smooth, gx != NULL, VALUE_Y)
#undef VALUE_Y
      return;
    }

  value2_any_v (r, interp, smooth, x, y, n, out, gx, gy);
}

static void
value2_row (const TsrNoise2D *cfg, const double *x, const double *y, gsize n,
            float *out)
{
  LatticeRow r;

  lattice_row_init (&r, cfg);
  value2_row_v (&r, cfg->interp, cfg->smooth != FALSE, x, y, n, out, NULL,
                NULL);
}

static void
value2_row_grad (const TsrNoise2D *cfg, const double *x, const double *y,
                 gsize n, float *out, float *gx, float *gy)
{
  LatticeRow r;

  lattice_row_init (&r, cfg);
  value2_row_v (&r, cfg->interp, cfg->smooth != FALSE, x, y, n, out, gx, gy);
}

TSR_ROW_KERNELS (value) = {
  .row = value2_row,
  .row_affine = NULL,
  .row_grad = value2_row_grad,
};
