/* Perlin noise rows (noise-perlin.c has the maths), compiled once per
 * instruction set (noise-kernels.h).
 *
 * Floor and fraction in double, everything after the fraction in float.  Rows of constant y (texture rows) take the corners' gradients
 * from per-row tables of the columns they touch, so a sample costs only
 * float arithmetic: 1.3 ns with the AVX-512 pass, 1.6 with AVX2 (GCC 12
 * -O2; periodic the same); rows whose y varies (domain warp) look their
 * corners up in a table of the few lattice points a segment reaches
 * (AVX2, AVX-512), or hash every corner.  The gradient (row_grad) costs
 * about 1.3x that on rows of constant y, 1.2x on the others.
 */
#include "config.h"

#include "noise/noise-perlin.h"
#include "noise/noise-vec.h"

/* The gradient's two components (perlin2_row_v_body has the formula),
 * the same operations on both paths. */
TSR_VINLINE VF
perlin2_dx (VF kx0, VF kx1, VF u, VF du, VF d0, VF d1, VF v)
{
  return (kx0 + u * (kx1 - kx0) + du * (d0 + v * (d1 - d0))) * PERLIN2_SCALE;
}

TSR_VINLINE VF
perlin2_dy (VF hy0, VF hy1, VF u, VF dv, VF b_a)
{
  return (hy0 + u * (hy1 - hy0) + dv * b_a) * PERLIN2_SCALE;
}

/* A sample's corners in the arrays of samples: the gradients' x
 * components at (x0, y0), (x1, y0), (x0, y1), (x1, y1), then their y
 * components. */
enum { C_X00, C_X10, C_X01, C_X11, C_Y00, C_Y10, C_Y01, C_Y11, C_COUNT };

/* A vector's value (and with want_grad its gradient) from its fractions
 * and its corners' gradients, into the first m lanes of out (gxo, gyo).
 * The gradient is written as the table path below computes it (a sample
 * may take either path, depending on how its row is split):
 *   d/dx = lerp (u, kx0, kx1) + u' lerp (v, g10 - g00, g11 - g01)
 *   d/dy = lerp (u, hy0, hy1) + v' (b - a)
 * where kx / hy of a column are its two gradients' x / y components
 * blended by v (per-row constants of a column on rows of constant y). */
TSR_ALWAYS_INLINE void
perlin2_vec_out (VF fx, VF fy, const VF c[C_COUNT], gsize m, gboolean want_grad, float *out,
                 float *gxo, float *gyo)
{
  const VF x00 = c[C_X00], x10 = c[C_X10], x01 = c[C_X01], x11 = c[C_X11];
  const VF y00 = c[C_Y00], y10 = c[C_Y10], y01 = c[C_Y01], y11 = c[C_Y11];
  const VF fx1 = fx - 1.0f, fy1 = fy - 1.0f;
  /* tsr_grad2f */
  VF g00 = x00 * fx + y00 * fy;
  VF g10 = x10 * fx1 + y10 * fy;
  VF g01 = x01 * fx + y01 * fy1;
  VF g11 = x11 * fx1 + y11 * fy1;
  VF u = v_fadef (fx);
  VF v = v_fadef (fy);
  VF d0 = g10 - g00, d1 = g11 - g01;
  VF a = g00 + u * d0;
  VF b = g01 + u * d1;

  v_store_part (out, m, v_guardf ((a + v * (b - a)) * PERLIN2_SCALE));
  if (want_grad)
    {
      VF kx0 = x00 + v * (x01 - x00), kx1 = x10 + v * (x11 - x10);
      VF hy0 = y00 + v * (y01 - y00), hy1 = y10 + v * (y11 - y10);

      v_store_part (gxo, m, perlin2_dx (kx0, kx1, u, TSR_DFADE (fx), d0, d1, v));
      v_store_part (gyo, m, perlin2_dy (hy0, hy1, u, TSR_DFADE (fy), b - a));
    }
}

/* Points given as x[i] * sx + ox, y[i] * sy + oy (in double, as a caller
 * computing them would), for the fractal's warped rows; NULL: x[i], y[i]. */
typedef struct
{
  double sx, ox, sy, oy;
} AxisMaps;

/* The corners' gradients of VN samples in cells (x0, y0), each corner
 * hashed (bx, by: the v_wrap bases). */
TSR_ALWAYS_INLINE void
perlin2_vec_hashed (const LatticeRow *r, gboolean tiled, VI x0, VI y0, guint32 *bx,
                    guint32 *by, VF c[C_COUNT])
{
  VI x1, y1;

  if (r->px > 0)
    {
      x0 = v_wrap (x0, r->px, r->ipx, bx);
      x1 = v_wrap_inc (x0, r->px);
    }
  else
    x1 = x0 + 1;
  if (r->py > 0)
    {
      y0 = v_wrap (y0, r->py, r->ipy, by);
      y1 = v_wrap_inc (y0, r->py);
    }
  else
    y1 = y0 + 1;

  VU hx0 = v_hash1 (r->seed, x0);
  VU hx1 = v_hash1 (r->seed, x1);
  v_grad2_vec (v_point_hash_if (r, tiled, hx0, x0, y0), &c[C_X00], &c[C_Y00]);
  v_grad2_vec (v_point_hash_if (r, tiled, hx1, x1, y0), &c[C_X10], &c[C_Y10]);
  v_grad2_vec (v_point_hash_if (r, tiled, hx0, x0, y1), &c[C_X01], &c[C_Y01]);
  v_grad2_vec (v_point_hash_if (r, tiled, hx1, x1, y1), &c[C_X11], &c[C_Y11]);
}

/* Every sample hashes its own four corners. */
TSR_ALWAYS_INLINE void
perlin2_row_v_hashed (const LatticeRow *r, gboolean tiled, const double *x, const double *y,
                      const AxisMaps *maps, gsize n, gboolean want_grad, float *out,
                      float *gxo, float *gyo)
{
  guint32 bx = 0, by = 0;   /* v_wrap bases */

  for (gsize i = 0; i < n; i += VN)
    {
      gsize m = MIN ((gsize) VN, n - i);
      VI x0, y0;
      VF fx, fy, c[C_COUNT];
      VD lo, hi;

      v_load_coords_ext (x + i, m, FALSE, maps != NULL, maps ? maps->sx : 1.0,
                         maps ? maps->ox : 0.0, &lo, &hi);
      fx = v_split (lo, hi, &x0);
      v_load_coords_ext (y + i, m, FALSE, maps != NULL, maps ? maps->sy : 1.0,
                         maps ? maps->oy : 0.0, &lo, &hi);
      fy = v_split (lo, hi, &y0);
      perlin2_vec_hashed (r, tiled, x0, y0, &bx, &by, c);
      perlin2_vec_out (fx, fy, c, m, want_grad, out + i, want_grad ? gxo + i : NULL,
                       want_grad ? gyo + i : NULL);
    }
}

/* Warped rows (the plain lattice, AVX2 and AVX-512): a segment of
 * PERLIN_VSEG samples touches few lattice points when its samples are
 * near each other, as a warp keeps them.  Each point of the box of
 * cells they lie in is hashed once, its gradient's four bits kept, and
 * each cell's four corners' bits packed into one word a byte each, so a
 * vector of samples takes one gather and register permutations where it
 * would hash its four corners (two column hashes and four point hashes).
 * The same integers, so the same bits as perlin2_row_v_hashed; a segment
 * whose box holds more than four points a sample (where the table would
 * cost more than the hashes it saves) hashes its corners. */
#if !defined(__clang__) && VN >= 8
#define PERLIN_VTABLE 1
#define PERLIN_VSEG   128
#define PERLIN_VBOX   (4 * PERLIN_VSEG)
/* fewer samples than this: the table's set-up costs more than it saves */
#define PERLIN_VMIN   48

/* One segment of ns <= PERLIN_VSEG samples: through the box's table,
 * or where the box is too large, each corner hashed. */
TSR_ALWAYS_INLINE void
perlin2_seg_v (const LatticeRow *r, const double *x, const double *y, const AxisMaps *maps,
               gsize ns, gboolean want_grad, float *out, float *gxo, float *gyo)
{
  gint32 cx[PERLIN_VSEG], cy[PERLIN_VSEG];
  float fx[PERLIN_VSEG], fy[PERLIN_VSEG];
  /* bits of the points, then of the cells, stride s; a row's lookups of
   * the next point read one past its last */
  gint32 bits[PERLIN_VBOX + VN];
  float cell[PERLIN_VBOX];
  guint32 hx[PERLIN_VBOX];
  gint32 x_lo, x_hi, y_lo, y_hi, s, rows, wy;
  guint32 bx = 0;   /* v_wrap base */

  v_split_segment (x, ns, maps != NULL, maps ? maps->sx : 1.0, maps ? maps->ox : 0.0, cx, fx,
                   &x_lo, &x_hi);
  v_split_segment (y, ns, maps != NULL, maps ? maps->sy : 1.0, maps ? maps->oy : 0.0, cy, fy,
                   &y_lo, &y_hi);
  /* points x_lo .. x_hi + 1 by y_lo .. y_hi + 1 (unsigned: no overflow
   * for cells far apart) */
  if ((guint32) x_hi - (guint32) x_lo >= PERLIN_VBOX
      || (guint32) y_hi - (guint32) y_lo >= PERLIN_VBOX
      || (x_hi - x_lo + 2 + VN - 1) / VN * VN * (y_hi - y_lo + 2) > 4 * (gint32) ns)
    {
      guint32 by = 0;

      for (gsize i = 0; i < ns; i += VN)
        {
          VF c[C_COUNT];

          perlin2_vec_hashed (r, FALSE, v_loadi (cx + i), v_loadi (cy + i), &bx, &by, c);
          perlin2_vec_out (v_loadf (fx + i), v_loadf (fy + i), c, MIN ((gsize) VN, ns - i),
                           want_grad, out + i, want_grad ? gxo + i : NULL,
                           want_grad ? gyo + i : NULL);
        }
      return;
    }
  s = (x_hi - x_lo + 2 + VN - 1) / VN * VN;
  rows = y_hi - y_lo + 2;

  for (gint32 k = 0; k < s; k += VN)
    {
      VI c = x_lo + k + v_iota ();

      if (r->px > 0)
        c = v_wrap (c, r->px, r->ipx, &bx);
      v_storei ((gint32 *) hx + k, (VI) v_hash1 (r->seed, c));
    }
  wy = r->py > 0 ? tsr_wrap (y_lo, r->py) : y_lo;
  for (gint32 j = 0; j < rows; j++)
    {
      for (gint32 k = 0; k < s; k += VN)
        v_storei (bits + j * s + k,
                  (VI) (v_hash2_from1 ((VU) v_loadi ((const gint32 *) hx + k), v_splati (wy))
                        >> 28));
      wy = r->py > 0 ? tsr_wrap_add (wy, 1, r->py) : wy + 1;
    }
  v_storei (bits + rows * s, v_splati (0));
  for (gint32 j = 0; j + 1 < rows; j++)
    for (gint32 k = 0; k < s; k += VN)
      {
        const gint32 *p = bits + j * s + k;

        v_storef (cell + j * s + k,
                  (VF) (v_loadi (p) | v_loadi (p + 1) << 8 | v_loadi (p + s) << 16
                        | v_loadi (p + s + 1) << 24));
      }

  for (gsize i = 0; i < ns; i += VN)
    {
      const gsize m = MIN ((gsize) VN, ns - i);
      const VI k = (VI) v_gather (cell, (v_loadi (cy + i) - y_lo) * s + (v_loadi (cx + i) - x_lo));
      VF c[C_COUNT];

      v_grad2_nibble (k, &c[C_X00], &c[C_Y00]);
      v_grad2_nibble (k >> 8, &c[C_X10], &c[C_Y10]);
      v_grad2_nibble (k >> 16, &c[C_X01], &c[C_Y01]);
      v_grad2_nibble (k >> 24, &c[C_X11], &c[C_Y11]);
      perlin2_vec_out (v_loadf (fx + i), v_loadf (fy + i), c, m, want_grad, out + i,
                       want_grad ? gxo + i : NULL, want_grad ? gyo + i : NULL);
    }
}
#else
#define PERLIN_VTABLE 0
#endif

/* Rows whose y varies: through the boxes' tables where they are small,
 * else every sample hashing its corners. */
TSR_ALWAYS_INLINE void
perlin2_row_v_body (const LatticeRow *r, gboolean tiled, const double *x, const double *y,
                    const AxisMaps *maps, gsize n, gboolean want_grad, float *out,
                    float *gxo, float *gyo)
{
#if PERLIN_VTABLE
  if (!tiled)
    {
      for (gsize s = 0; s < n; s += PERLIN_VSEG)
        {
          const gsize ns = MIN ((gsize) PERLIN_VSEG, n - s);
          float *const gxs = want_grad ? gxo + s : NULL, *const gys = want_grad ? gyo + s : NULL;

          if (ns >= PERLIN_VMIN)
            perlin2_seg_v (r, x + s, y + s, maps, ns, want_grad, out + s, gxs, gys);
          else
            perlin2_row_v_hashed (r, FALSE, x + s, y + s, maps, ns, want_grad, out + s, gxs,
                                  gys);
        }
      return;
    }
#endif
  perlin2_row_v_hashed (r, tiled, x, y, maps, n, want_grad, out, gxo, gyo);
}

static void
perlin2_row_v (const LatticeRow *r, const double *x, const double *y,
               gsize n, float *out)
{
  /* the plain lattice (the warped rows' hot path) without the tile test */
  if (r->tile != NULL)
    perlin2_row_v_body (r, TRUE, x, y, NULL, n, FALSE, out, NULL, NULL);
  else
    perlin2_row_v_body (r, FALSE, x, y, NULL, n, FALSE, out, NULL, NULL);
}

static void
perlin2_row_v_grad (const LatticeRow *r, const double *x, const double *y,
                    gsize n, float *out, float *gx, float *gy)
{
  if (r->tile != NULL)
    perlin2_row_v_body (r, TRUE, x, y, NULL, n, TRUE, out, gx, gy);
  else
    perlin2_row_v_body (r, FALSE, x, y, NULL, n, TRUE, out, gx, gy);
}

/* Rows of constant y (the usual case: texture rows), `rows` of them at
 * y[0 .. rows) sharing the columns x, row k's samples at out + k * stride.
 * Per segment of SEG samples, the columns' gradients at the two lattice
 * rows go into tables (GX0 / GY0 at row y0, GX1 / GY1 at y1), and from
 * them each sample's four corners' gradients into arrays of samples,
 * while the rows keep the same lattice rows: a row then needs no lookup,
 * only float arithmetic on whole vectors, with the products tsr_grad2f
 * forms (the y components times fy and fy - 1) and, for the gradient,
 * the corners' components blended by v, exactly as a per-column table of
 * them would give.  The rows share the split of x and its fade, computed
 * once a segment, and the columns' hashes and corners while their lattice
 * rows stay the same: a block of texture rows pays the per-column and
 * per-x work once.  Segments spanning more columns than samples (more
 * than a cell per sample, where the tables would save nothing) take the
 * per-sample path. */
#define PERLIN_SEG  256
#define PERLIN_COLS (PERLIN_SEG + 8 + 2 * VN)


/* The corners of the VN samples whose vector finds its columns at base
 * and rel (v_table_spots) in the lattice rows' tables t: GX0, GX1, GY0,
 * GY1. */
TSR_VINLINE void
perlin2_lookup (const float *const t[4], gint32 base, VI rel, VF c[C_COUNT])
{
  TSR_UNROLL (4)
  for (int k = 0; k < 4; k++)
    {
      /* table k holds corners (x0, y) and (x1, y) at lo and lo + 1 */
      const int lo = (k / 2) * 4 + (k % 2) * 2;

      if (base >= 0)
        {
          c[lo] = v_lookup (t[k] + base, rel);
          c[lo + 1] = v_lookup (t[k] + base + 1, rel);
        }
      else
        {
          c[lo] = v_gather (t[k], rel);
          c[lo + 1] = v_gather (t[k], rel + 1);
        }
    }
}

/* The corners of the ns (a multiple of VN) samples of a segment into
 * arrays of samples, for the rows that share the lattice rows. */
TSR_VINLINE void
perlin2_corners (const float *const t[4], const gint32 *spot_base, const gint32 *spot_rel,
                 gsize ns, float corner[C_COUNT][PERLIN_SEG])
{
  for (gsize i = 0; i < ns; i += VN)
    {
      VF c[C_COUNT];

      perlin2_lookup (t, spot_base[i / VN], v_loadi (spot_rel + i), c);
      TSR_UNROLL (8)
      for (int k = 0; k < C_COUNT; k++)
        v_storef (corner[k] + i, c[k]);
    }
}

/* One row's ns samples at lattice offset fy (v its fade, dv the fade's
 * slope) into dst (and gxo, gyo) as the sink says: their corners from
 * the arrays, or (direct: a row alone, where the arrays would be filled
 * for one use) looked up in the tables t. */
TSR_ALWAYS_INLINE void
perlin2_row_samples (const float corner[C_COUNT][PERLIN_SEG], gboolean direct,
                     const float *const t[4], const gint32 *spot_base, const gint32 *spot_rel,
                     const float *frac, const float *fade, float fy, float v, float dv,
                     gsize ns, TsrSinkMode mode, const TsrSink *sink, gboolean at_0,
                     gboolean want_grad, float *dst, float *gxo, float *gyo)
{
  const VF vfy = v_splatf (fy), vfy1 = v_splatf (fy - 1.0f);

  for (gsize i = 0; i < ns; i += VN)
    {
      VF fx = v_loadf (frac + i);
      VF fx1 = fx - 1.0f;
      VF c[C_COUNT];

      if (direct)
        perlin2_lookup (t, spot_base[i / VN], v_loadi (spot_rel + i), c);
      else
        TSR_UNROLL (8)
        for (int k = 0; k < C_COUNT; k++)
          c[k] = v_loadf (corner[k] + i);

      /* tsr_grad2f: gx dx + gy dy */
      VF g00 = c[C_X00] * fx + c[C_Y00] * vfy;
      VF g10 = c[C_X10] * fx1 + c[C_Y10] * vfy;
      VF g01 = c[C_X01] * fx + c[C_Y01] * vfy1;
      VF g11 = c[C_X11] * fx1 + c[C_Y11] * vfy1;
      VF u = v_loadf (fade + i);
      VF d0 = g10 - g00, d1 = g11 - g01;
      VF a = g00 + u * d0;
      VF b = g01 + u * d1;

      const VF value = v_guardf ((a + v * (b - a)) * PERLIN2_SCALE);

      if (want_grad)
        {
          /* the columns' components blended by v */
          const VF kx0 = c[C_X00] + v * (c[C_X01] - c[C_X00]);
          const VF kx1 = c[C_X10] + v * (c[C_X11] - c[C_X10]);
          const VF hy0 = c[C_Y00] + v * (c[C_Y01] - c[C_Y00]);
          const VF hy1 = c[C_Y10] + v * (c[C_Y11] - c[C_Y10]);

          v_sink_grad (dst + i, gxo + i, gyo + i, ns - i, value,
                       perlin2_dx (kx0, kx1, u, TSR_DFADE (fx), d0, d1, v_splatf (v)),
                       perlin2_dy (hy0, hy1, u, v_splatf (dv), b - a), mode, sink);
        }
      else if (at_0)
        v_sink_fbm_at_0 (dst + i, ns - i, value, sink);
      else
        v_sink (dst + i, ns - i, value, mode, sink);
    }
}

TSR_ALWAYS_INLINE void
perlin2_row_y_body (const LatticeRow *r, const double *x, gboolean affine,
                    double sx, double ox, const double *y, gsize rows,
                    gsize n, TsrSinkMode mode, const TsrSink *sink,
                    float *out, gsize stride, gboolean want_grad,
                    float *gxo, float *gyo, gboolean at_0)
{
  const guint32 seed = r->seed;
  const gint32 px = r->px;

  for (gsize s = 0; s < n; s += PERLIN_SEG)
    {
      const gsize ns = MIN ((gsize) PERLIN_SEG, n - s);
      gint32 cell[PERLIN_SEG], spot_rel[PERLIN_SEG], spot_base[PERLIN_SEG / VN];
      float frac[PERLIN_SEG], fade[PERLIN_SEG];
      /* the two lattice rows' gradients: swapped, not hashed again, when
       * the lower one becomes the upper */
      float grads[2][2][PERLIN_COLS];
      float *gx0 = grads[0][0], *gy0 = grads[0][1], *gx1 = grads[1][0], *gy1 = grads[1][1];
      float corner[C_COUNT][PERLIN_SEG];
      gint32 cmin, cmax, cols;
      gint32 hashed_y0 = 0, hashed_y1 = 0;

      v_split_segment (x + s, ns, affine, sx, ox, cell, frac, &cmin, &cmax);
      cols = cmax - cmin + 2;   /* columns cmin .. cmax + 1 */

      if (cols > (gint32) ns + 2)
        {
          double xs[PERLIN_SEG], ys[PERLIN_SEG];
          float vs[PERLIN_SEG], dxs[PERLIN_SEG], dys[PERLIN_SEG];

          for (gsize row = 0; row < rows; row++)
            {
              float *dst = out + row * stride + s;
              const gboolean stores = mode == TSR_SINK_STORE;

              for (gsize i = 0; i < ns; i++)
                {
                  xs[i] = affine ? x[s + i] * sx + ox : x[s + i];
                  ys[i] = y[row];
                }
              if (want_grad && stores)
                perlin2_row_v_grad (r, xs, ys, ns, dst, gxo + row * stride + s,
                                    gyo + row * stride + s);
              else if (want_grad)
                perlin2_row_v_grad (r, xs, ys, ns, vs, dxs, dys);
              else
                perlin2_row_v (r, xs, ys, ns, stores ? dst : vs);
              if (stores)
                continue;
              for (gsize i = 0; i < ns; i += VN)
                {
                  const gsize m = MIN ((gsize) VN, ns - i);

                  if (want_grad)
                    v_sink_grad (dst + i, gxo + row * stride + s + i,
                                 gyo + row * stride + s + i, m, v_load_part (vs + i, m),
                                 v_load_part (dxs + i, m), v_load_part (dys + i, m), mode,
                                 sink);
                  else
                    v_sink (dst + i, m, v_load_part (vs + i, m), mode, sink);
                }
            }
          continue;
        }

      for (gsize i = 0; i < ns; i += VN)
        v_storef (fade + i, v_fadef (v_loadf (frac + i)));
      /* where each vector finds its columns: the same for every row */
      v_table_spots (cell, ns, cmin, spot_base, spot_rel);

      for (gsize row = 0; row < rows; row++)
        {
          float *dst = out + row * stride + s;
          float fy, v, dv;
          gint32 y0, y1;

          y0 = tsr_split (tsr_clamp_coord (y[row]), &fy);
          if (r->py > 0)
            {
              y0 = tsr_wrap (y0, r->py);
              y1 = tsr_wrap_add (y0, 1, r->py);
            }
          else
            y1 = y0 + 1;
          v = tsr_fadef (fy);
          dv = TSR_DFADE (fy);

          /* The columns' gradients, VN columns at a time (up to VN - 1
           * spare columns), and the samples' corners, unless the row
           * above had the same lattice rows; a row one lattice row down
           * keeps the shared row's gradients. */
          if (row == 0 || y0 != hashed_y0 || y1 != hashed_y1)
            {
              const gboolean down = row > 0 && y0 == hashed_y1;
              guint32 bx = 0;   /* v_wrap base */

              if (down)
                {
                  float *t;

                  t = gx0, gx0 = gx1, gx1 = t;
                  t = gy0, gy0 = gy1, gy1 = t;
                }
              for (gint32 k = 0; k < cols; k += VN)
                {
                  VI c = cmin + k + v_iota ();
                  VU hx;
                  VF gx, gy;

                  if (px > 0)
                    c = v_wrap (c, px, r->ipx, &bx);
                  hx = v_hash1 (seed, c);
                  if (!down)
                    {
                      v_grad2_vec (v_point_hash (r, hx, c, v_splati (y0)), &gx, &gy);
                      v_storef (gx0 + k, gx);
                      v_storef (gy0 + k, gy);
                    }
                  v_grad2_vec (v_point_hash (r, hx, c, v_splati (y1)), &gx, &gy);
                  v_storef (gx1 + k, gx);
                  v_storef (gy1 + k, gy);
                }
              v_table_end (gx0, cols);
              v_table_end (gy0, cols);
              v_table_end (gx1, cols);
              v_table_end (gy1, cols);
              hashed_y0 = y0;
              hashed_y1 = y1;
              if (rows > 1)
                {
                  const float *const t[4] = { gx0, gx1, gy0, gy1 };

                  perlin2_corners (t, spot_base, spot_rel, ns, corner);
                }
            }

          {
            const float *const t[4] = { gx0, gx1, gy0, gy1 };
            float *const gxr = want_grad ? gxo + row * stride + s : NULL;
            float *const gyr = want_grad ? gyo + row * stride + s : NULL;

            if (rows == 1)
              perlin2_row_samples (corner, TRUE, t, spot_base, spot_rel, frac, fade, fy, v, dv,
                                   ns, mode, sink, at_0, want_grad, dst, gxr, gyr);
            else
              perlin2_row_samples (corner, FALSE, t, spot_base, spot_rel, frac, fade, fy, v,
                                   dv, ns, mode, sink, at_0, want_grad, dst, gxr, gyr);
          }
        }
    }
}

/* Affine rows into a sink, each sink mode (and want_grad, a constant
 * where it is inlined) a body of its own.  (Even a single sample costs
 * less through the tables: one column vector of hashes instead of two
 * per-sample ones.) */
TSR_ALWAYS_INLINE void
perlin2_rows_sunk (const TsrNoise2D *cfg, const double *x, double sx, double ox,
                   const double *y, gsize rows, gsize n, const TsrSink *sink,
                   float *out, gsize stride, gboolean want_grad, float *gx, float *gy)
{
  TsrSinkMode mode = sink != NULL ? sink->mode : TSR_SINK_STORE;
  LatticeRow r;

  lattice_row_init (&r, cfg);
  if (mode == TSR_SINK_FBM && !want_grad && v_sink_fbm_at_0_ok (sink))
    perlin2_row_y_body (&r, x, TRUE, sx, ox, y, rows, n, TSR_SINK_FBM, sink,
                        out, stride, FALSE, gx, gy, TRUE);
  else if (mode == TSR_SINK_FBM)
    perlin2_row_y_body (&r, x, TRUE, sx, ox, y, rows, n, TSR_SINK_FBM, sink,
                        out, stride, want_grad, gx, gy, FALSE);
  else if (mode == TSR_SINK_TURBULENCE)
    perlin2_row_y_body (&r, x, TRUE, sx, ox, y, rows, n, TSR_SINK_TURBULENCE,
                        sink, out, stride, want_grad, gx, gy, FALSE);
  else
    perlin2_row_y_body (&r, x, TRUE, sx, ox, y, rows, n, TSR_SINK_STORE,
                        NULL, out, stride, want_grad, gx, gy, FALSE);
}

static void
perlin2_rows_affine (const TsrNoise2D *cfg, const double *x, double sx,
                     double ox, const double *y, gsize rows, gsize n,
                     const TsrSink *sink, float *out, gsize stride)
{
  perlin2_rows_sunk (cfg, x, sx, ox, y, rows, n, sink, out, stride, FALSE, NULL, NULL);
}

static void
perlin2_rows_affine_grad (const TsrNoise2D *cfg, const double *x, double sx,
                          double ox, const double *y, gsize rows, gsize n,
                          const TsrSink *sink, float *out, float *gx, float *gy,
                          gsize stride)
{
  perlin2_rows_sunk (cfg, x, sx, ox, y, rows, n, sink, out, stride, TRUE, gx, gy);
}

static void
perlin2_row_affine (const TsrNoise2D *cfg, const double *x, double sx,
                    double ox, double y, gsize n, const TsrSink *sink,
                    float *out)
{
  perlin2_rows_affine (cfg, x, sx, ox, &y, 1, n, sink, out, n);
}

TSR_ALWAYS_INLINE void
perlin2_row_body (const TsrNoise2D *cfg, const double *x, const double *y,
                  gsize n, float *out, gboolean want_grad, float *gx,
                  float *gy)
{
  LatticeRow r;

  lattice_row_init (&r, cfg);
  if (v_row_y_constant (y, n))
    perlin2_row_y_body (&r, x, FALSE, 1.0, 0.0, y, 1, n, TSR_SINK_STORE, NULL,
                        out, n, want_grad, gx, gy, FALSE);
  else if (want_grad)
    perlin2_row_v_grad (&r, x, y, n, out, gx, gy);
  else
    perlin2_row_v (&r, x, y, n, out);
}

static void
perlin2_row (const TsrNoise2D *cfg, const double *x, const double *y,
             gsize n, float *out)
{
  perlin2_row_body (cfg, x, y, n, out, FALSE, NULL, NULL);
}

static void
perlin2_row_grad (const TsrNoise2D *cfg, const double *x, const double *y,
                  gsize n, float *out, float *gx, float *gy)
{
  perlin2_row_body (cfg, x, y, n, out, TRUE, gx, gy);
}

/* tsr_noise2_row_grad (gx NULL: tsr_noise2_row) of the points
 * (x[i] * sx + ox, y[i] * sy + oy): the fractal's warped rows, without
 * their coordinate arrays. */
static void
perlin2_row_maps (const TsrNoise2D *cfg, const double *x, double sx, double ox,
                  const double *y, double sy, double oy, gsize n, float *out, float *gx,
                  float *gy)
{
  const AxisMaps maps = { sx, ox, sy, oy };
  LatticeRow r;

  lattice_row_init (&r, cfg);
  if (r.tile != NULL && gx != NULL)
    perlin2_row_v_body (&r, TRUE, x, y, &maps, n, TRUE, out, gx, gy);
  else if (r.tile != NULL)
    perlin2_row_v_body (&r, TRUE, x, y, &maps, n, FALSE, out, NULL, NULL);
  else if (gx != NULL)
    perlin2_row_v_body (&r, FALSE, x, y, &maps, n, TRUE, out, gx, gy);
  else
    perlin2_row_v_body (&r, FALSE, x, y, &maps, n, FALSE, out, NULL, NULL);
}

TSR_ROW_KERNELS (perlin) = {
  .row_maps = perlin2_row_maps,
  .row = perlin2_row,
  .row_affine = perlin2_row_affine,
  .rows_affine = perlin2_rows_affine,
  .row_grad = perlin2_row_grad,
  .rows_affine_grad = perlin2_rows_affine_grad,
};
