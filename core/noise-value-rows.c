/* Value noise rows (noise-value.c has the maths), compiled once per
 * instruction set (noise-kernels.h).
 *
 * Weights per axis for a vector of samples, then the taps x taps lattice
 * values; rows of constant y take those values from
 * per-row tables of the columns they touch instead of hashing each.  Cost
 * per sample along a row of constant y (GCC 12 -O2, AVX-512 pass):
 * linear / quintic 1.1 ns, cubic 1.7, cosine 2.9, with smoothing 1.7 -
 * 4.1, periodic the same (AVX2: about 1.2 - 1.4x); 2.8 ns for quintic
 * when y varies.
 */
#include "config.h"

#include "noise-vec.h"

#define CUBIC_SCALE 0.64f

/* Interpolation weights for one axis.  taps = 2 (or 4 for cubic), plus 2
 * with smoothing; w[j] multiplies the lattice value at offset first + j,
 * first = 0 (or -1 for cubic), minus 1 with smoothing. */
TSR_ALWAYS_INLINE void
axis_weights_v (TsrInterp interp, gboolean smooth, VF t, VF *w)
{
  VF w0[4];
  int taps = interp == TSR_INTERP_CUBIC ? 4 : 2;

  switch (interp)
    {
    case TSR_INTERP_LINEAR:
      w0[0] = 1.0f - t;
      w0[1] = t;
      break;
    case TSR_INTERP_COSINE:
      {
        /* (float) (0.5 - 0.5 * tsr_cos_turns_i (0.5 * (double) t)) */
        VD sn, lo, hi;
        VFH flo, fhi;
        VF f;

        v_sincos_turns (0.5 * v_ftod (v_lof (t)), &sn, &lo);
        v_sincos_turns (0.5 * v_ftod (v_hif (t)), &sn, &hi);
        flo = v_dtof (0.5 - 0.5 * lo);
        fhi = v_dtof (0.5 - 0.5 * hi);
        f = v_catf (flo, fhi);
        w0[0] = 1.0f - f;
        w0[1] = f;
      }
      break;
    case TSR_INTERP_CUBIC:
      {
        VF a = t, a2 = a * a, a3 = a2 * a;

        w0[0] = 0.5f * (-a3 + 2.0f * a2 - a);
        w0[1] = 0.5f * (3.0f * a3 - 5.0f * a2 + 2.0f);
        w0[2] = 0.5f * (-3.0f * a3 + 4.0f * a2 + a);
        w0[3] = 0.5f * (a3 - a2);
      }
      break;
    case TSR_INTERP_QUINTIC:
    default:
      {
        VF f = v_fadef (t);

        w0[0] = 1.0f - f;
        w0[1] = f;
      }
      break;
    }

  if (!smooth)
    {
      TSR_UNROLL (6)
      for (int j = 0; j < taps; j++)
        w[j] = w0[j];
      return;
    }

  /* Convolve with (1/4, 1/2, 1/4): w[j] = sum over i of c (j - i) w0[i]. */
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

TSR_ALWAYS_INLINE void
value2_rows_v (const LatticeRow *r, TsrInterp interp, gboolean smooth,
               gboolean periodic, const double *x, const double *y, gsize n,
               float *out)
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
      VU hx[6];
      VI ry[6];

      tx = v_load_split (x + i, m, &cx);
      ty = v_load_split (y + i, m, &cy);
      if (periodic && px > 0)
        cx = v_wrap (cx, px, r->ipx, &bx);
      if (periodic && py > 0)
        cy = v_wrap (cy, py, r->ipy, &by);

      axis_weights_v (interp, smooth, tx, wx);
      axis_weights_v (interp, smooth, ty, wy);

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
          ry[a] = row;
        }

      acc = v_splatf (0.0f);
      TSR_UNROLL (6)
      for (int b = 0; b < taps; b++)
        {
          VF sum = v_splatf (0.0f);

          TSR_UNROLL (6)
          for (int a = 0; a < taps; a++)
            sum += wx[a] * v_lattice_value (v_hash2_from1 (hx[a], ry[b]));
          acc += wy[b] * sum;
        }

      v_store_part (out + i, m,
                    v_guardf (interp == TSR_INTERP_CUBIC ? acc * CUBIC_SCALE
                                                         : acc));
    }
}

/* The per-sample path, one specialised loop per (interpolation,
 * smoothing). */
static void
value2_any_v (const LatticeRow *r, TsrInterp interp, gboolean smooth,
              const double *x, const double *y, gsize n, float *out)
{
  gboolean periodic = r->px > 0 || r->py > 0;

#define VALUE_CASE(I)                                                  \
  case I:                                                              \
    if (smooth)                                                        \
      value2_rows_v (r, I, TRUE, periodic, x, y, n, out);              \
    else                                                               \
      value2_rows_v (r, I, FALSE, periodic, x, y, n, out);             \
    break;

  switch (interp)
    {
      VALUE_CASE (TSR_INTERP_LINEAR)
      VALUE_CASE (TSR_INTERP_COSINE)
      VALUE_CASE (TSR_INTERP_CUBIC)
      case TSR_INTERP_QUINTIC:
      default:
        if (smooth)
          value2_rows_v (r, TSR_INTERP_QUINTIC, TRUE, periodic, x, y, n, out);
        else
          value2_rows_v (r, TSR_INTERP_QUINTIC, FALSE, periodic, x, y, n,
                         out);
        break;
    }
#undef VALUE_CASE
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
                 const double *x, double y, gsize n, float *out)
{
  /* periodic is a run-time value here: it only steers per-row and
   * per-column work (one specialisation less to compile). */
  const gboolean periodic = r->px > 0 || r->py > 0;
  const int taps = (interp == TSR_INTERP_CUBIC ? 4 : 2) + (smooth ? 2 : 0);
  const int first = (interp == TSR_INTERP_CUBIC ? -1 : 0) - (smooth ? 1 : 0);
  const gint32 px = r->px, py = r->py;
  gint32 rows[6], row;
  float ty;
  VF wy[6];
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
  axis_weights_v (interp, smooth, v_splatf (ty), wy);

  for (gsize s = 0; s < n; s += VALUE_SEG)
    {
      const gsize ns = MIN ((gsize) VALUE_SEG, n - s);
      gint32 cell[VALUE_SEG];
      float frac[VALUE_SEG];
      float lv[6][VALUE_COLS];
      gint32 cmin, cmax, cols;

      v_split_segment (x + s, ns, FALSE, 1.0, 0.0, cell, frac, &cmin, &cmax);
      cols = cmax - cmin + taps;   /* cmin + first .. cmax + first + taps - 1 */

      if (cols > (gint32) ns + taps)
        {
          double ys[VALUE_SEG];

          for (gsize i = 0; i < ns; i++)
            ys[i] = y;
          value2_any_v (r, interp, smooth, x + s, ys, ns, out + s);
          continue;
        }

      for (gint32 k = 0; k < cols; k += VN)
        {
          VI col = cmin + first + k + v_iota ();
          VU hx;

          if (periodic && px > 0)
            col = v_wrap (col, px, r->ipx, &bx);
          hx = v_hash1 (r->seed, col);
          TSR_UNROLL (6)
          for (int b = 0; b < taps; b++)
            v_storef (lv[b] + k, v_lattice_value (v_hash2_from1 (
                                   hx, v_splati (rows[b]))));
        }
      for (int b = 0; b < taps; b++)
        v_table_end (lv[b], cols);

      for (gsize i = 0; i < ns; i += VN)
        {
          const TableSpot at = v_table_spot (cell + i, cmin);
          VF wx[6], acc = v_splatf (0.0f);

          axis_weights_v (interp, smooth, v_loadf (frac + i), wx);
          TSR_UNROLL (6)
          for (int b = 0; b < taps; b++)
            {
              VF sum = v_splatf (0.0f);

              TSR_UNROLL (6)
              for (int a = 0; a < taps; a++)
                sum += wx[a] * v_table_get (lv[b], &at, a);
              acc += wy[b] * sum;
            }

          v_store_part (out + s + i, ns - i,
                        v_guardf (interp == TSR_INTERP_CUBIC
                                  ? acc * CUBIC_SCALE : acc));
        }
    }
}

static void
value2_row_v (const LatticeRow *r, TsrInterp interp, gboolean smooth,
              const double *x, const double *y, gsize n, float *out)
{
  if (v_row_y_constant (y, n))
    {
#define VALUE_Y_CASE(I)                                                   \
  case I:                                                                 \
    if (smooth)                                                           \
      value2_rows_y_v (r, I, TRUE, x, y[0], n, out);                      \
    else                                                                  \
      value2_rows_y_v (r, I, FALSE, x, y[0], n, out);                     \
    break;

      switch (interp)
        {
          VALUE_Y_CASE (TSR_INTERP_LINEAR)
          VALUE_Y_CASE (TSR_INTERP_COSINE)
          VALUE_Y_CASE (TSR_INTERP_CUBIC)
          case TSR_INTERP_QUINTIC:
          default:
            if (smooth)
              value2_rows_y_v (r, TSR_INTERP_QUINTIC, TRUE, x, y[0], n, out);
            else
              value2_rows_y_v (r, TSR_INTERP_QUINTIC, FALSE, x, y[0], n, out);
            break;
        }
#undef VALUE_Y_CASE
      return;
    }

  value2_any_v (r, interp, smooth, x, y, n, out);
}

static void
value2_row (const TsrNoise2D *cfg, const double *x, const double *y, gsize n,
            float *out)
{
  LatticeRow r;

  lattice_row_init (&r, cfg);
  value2_row_v (&r, cfg->interp, cfg->smooth != FALSE, x, y, n, out);
}

TSR_ROW_KERNELS (value) = {
  .row = value2_row,
  .row_affine = NULL,
};
