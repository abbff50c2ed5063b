/* Simplex noise rows (noise-simplex.c has the maths and the periodic
 * lattice), compiled once per instruction set (noise-kernels.h).  Skew and
 * floor in double, the rest in float.  Each kernel takes a constant
 * want_grad: with it, the gradient (tsr_noise2_row_grad) is summed from the
 * very values the noise is, so the noise keeps its bits.
 */
#include "config.h"

#include <math.h>

#include "noise/noise-simplex.h"
#include "noise/noise-vec.h"

typedef struct
{
  guint32 seed;
  gint32  cols2, rows;   /* periodic lattice: 2 x columns and rows per
                          * period, 0 on an axis that does not wrap */
  double  icols2, irows; /* their inverses, for v_wrap */
  double  iu, iv;        /* 1 / column and row spacing, lattice units */
  float   su, sv;        /* column and row spacing */
  float   reach;         /* a vertex's kernel radius, squared */
  float   scale;
  float   gscale_x,      /* the gradient's scale: scale times the offsets' */
          gscale_y;      /* slopes in x and y, su iu and sv iv (about 1) */
  float   turn_c, turn_s;/* every gradient turned (flow noise) */
  gboolean turned;
  LatticeRow lattice;    /* the tile of a set: vertices by doubled column
                          * and row (fractal.c maps them) */
} SimplexRow;

/* A gradient turned by the row's angle (flow noise). */
TSR_VINLINE void
turn_gradient (const SimplexRow *r, VF *gx, VF *gy)
{
  VF tx = *gx * r->turn_c - *gy * r->turn_s;
  VF ty = *gx * r->turn_s + *gy * r->turn_c;

  *gx = tx;
  *gy = ty;
}

/* A vertex's gradient, turned when `turned` (a constant where inlined). */
TSR_VINLINE void
vertex_gradient (const SimplexRow *r, gboolean turned, VU h, VF *gx, VF *gy)
{
  v_grad2_vec (h, gx, gy);
  if (turned)
    turn_gradient (r, gx, gy);
}

/* kernel4 of noise-simplex.c, in float */
SIMPLEX_DEFINE_KERNEL4 (kernel4_v, VF, v_absf)

/* The gradient g where the guard left the value v, 0 where it held it
 * at -1 or 1: flow noise's turned gradients can overshoot the bound, and
 * the guarded noise is flat there. */
TSR_VINLINE VF
held_flat (VF v, VF g)
{
  return v_sel (v_absf (v) >= 1.0f, v_splatf (0.0f), g);
}

/* A vertex's share k (reach - |d|^2) (g . d) and, when want_grad, its
 * derivative in d, added to *sx, *sy:  k g - 2 k' (g . d) d, k' = 4 t^3. */
TSR_VINLINE VF
vertex_share (VF reach, VF gx, VF gy, VF dx, VF dy, gboolean want_grad, VF *sx, VF *sy)
{
  VF cube;
  VF k = kernel4_v_cube (reach - dx * dx - dy * dy, &cube);
  VF dot = gx * dx + gy * dy;

  if (want_grad)
    {
      VF c = cube * dot * -8.0f;

      *sx += k * gx + c * dx;
      *sy += k * gy + c * dy;
    }
  return k * dot;
}

/* One vertex of the per-sample paths: its hash, offset and share. */
TSR_VINLINE VF
hashed_vertex (const SimplexRow *r, gboolean turned, VF reach, VU h, VF dx, VF dy,
               gboolean want_grad, VF *sx, VF *sy)
{
  VF gx, gy;

  vertex_gradient (r, turned, h, &gx, &gy);
  return vertex_share (reach, gx, gy, dx, dy, want_grad, sx, sy);
}

/* The skew of simplex2_v for half a vector: cells and offsets. */
TSR_VINLINE void
skew2_half (VD x, VD y, VIH *i, VIH *j, VFH *x0, VFH *y0)
{
  VD s = (x + y) * F2;
  VD t;

  *i = v_dtoi (v_floor_d (x + s));
  *j = v_dtoi (v_floor_d (y + s));
  t = v_itod (*i + *j) * G2;
  *x0 = v_dtof (x - (v_itod (*i) - t));
  *y0 = v_dtof (y - (v_itod (*j) - t));
}

/* Plain 2D simplex noise of VN samples (clamped coordinates, halves):
 * skew and floor in double, the rest in float.  With want_grad, its
 * gradient in *gx, *gy (the offsets move one for one with x and y). */
TSR_VINLINE VF
simplex2_v (const SimplexRow *r, gboolean turned, VD xl, VD xh, VD yl, VD yh,
            gboolean want_grad, VF *gx, VF *gy)
{
  const guint32 seed = r->seed;
  VIH il, ih, jl, jh;
  VFH x0l, x0h, y0l, y0h;

  skew2_half (xl, yl, &il, &jl, &x0l, &y0l);
  skew2_half (xh, yh, &ih, &jh, &x0h, &y0h);

  VI i = v_cati (il, ih), j = v_cati (jl, jh);
  VF x0 = v_catf (x0l, x0h), y0 = v_catf (y0l, y0h);
  VI m1 = x0 > y0;                      /* i1 = 1, j1 = 0 */
  VF x1 = x0 - v_maskf (m1, 1.0f) + (float) G2;
  VF y1 = y0 - v_maskf (~m1, 1.0f) + (float) G2;
  VF x2 = x0 - 1.0f + (float) (2 * G2);
  VF y2 = y0 - 1.0f + (float) (2 * G2);
  VU ha = v_hash1 (seed, i), hb = v_hash1 (seed, i + 1);
  VU h0 = v_hash2_from1 (ha, j);
  VU h1 = v_hash2_from1 ((VU) v_seli (m1, (VI) hb, (VI) ha), j + 1 + m1);
  VU h2 = v_hash2_from1 (hb, j + 1);
  const VF reach = v_splatf (0.5f);
  VF sx = v_splatf (0.0f), sy = v_splatf (0.0f);
  VF nsum = hashed_vertex (r, turned, reach, h0, x0, y0, want_grad, &sx, &sy)
            + hashed_vertex (r, turned, reach, h1, x1, y1, want_grad, &sx, &sy)
            + hashed_vertex (r, turned, reach, h2, x2, y2, want_grad, &sx, &sy);

  if (want_grad)
    {
      *gx = sx * (float) SIMPLEX2_SCALE;
      *gy = sy * (float) SIMPLEX2_SCALE;
    }
  return nsum * (float) SIMPLEX2_SCALE;
}

/* The periodic lattice's skew for half a vector: rows and skewed columns,
 * and the fractions within them. */
TSR_VINLINE void
rows_skew_half (const SimplexRow *r, VD x, VD y, VIH *i, VIH *j, VFH *fa, VFH *fb)
{
  VD v = y * r->iv;
  VD a = x * r->iu + v * 0.5;
  VD fi = v_floor_d (a), fj = v_floor_d (v);

  *i = v_dtoi (fi);
  *j = v_dtoi (fj);
  *fa = v_dtof (a - fi);
  *fb = v_dtof (v - fj);
}

/* One vertex's share: its kernel times its gradient's slope along the
 * offset (du, dv) in rows and columns, taken to lattice units. */
TSR_VINLINE VF
rows_vertex (const SimplexRow *r, gboolean turned, guint32 seed, VI col2, VI row, VF du,
             VF dv, gboolean want_grad, VF *sx, VF *sy)
{
  VU h = v_tile_hash (&r->lattice, v_hash2_from1 (v_hash1 (seed, col2), row), col2, row);

  return hashed_vertex (r, turned, v_splatf (r->reach), h, du * r->su, dv * r->sv,
                        want_grad, sx, sy);
}

/* Simplex noise on the lattice of horizontal rows (noise-simplex.c):
 * vertex (i - j / 2, j) in column and row units, its doubled column
 * 2 i - j and its row wrapped by the periods. */
TSR_VINLINE VF
simplex_rows_v (const SimplexRow *r, gboolean turned, VD xl, VD xh, VD yl, VD yh,
                guint32 *base_c, guint32 *base_r, gboolean want_grad, VF *gx, VF *gy)
{
  VIH il, ih, jl, jh;
  VFH fal, fah, fbl, fbh;

  rows_skew_half (r, xl, yl, &il, &jl, &fal, &fbl);
  rows_skew_half (r, xh, yh, &ih, &jh, &fah, &fbh);

  VI i = v_cati (il, ih), j = v_cati (jl, jh);
  VF fa = v_catf (fal, fah), fb = v_catf (fbl, fbh);
  VI m1 = fa > fb;                      /* second vertex along the row */
  /* 2 i - j is within 2^31 (clamped coordinates), 2 i may not be */
  VI c0 = (VI) ((VU) i + (VU) i - (VU) j), j0 = j;

  if (r->cols2 > 0)
    c0 = v_wrap (c0, r->cols2, r->icols2, base_c);
  if (r->rows > 0)
    j0 = v_wrap (j0, r->rows, r->irows, base_r);

  VI c2 = v_wrap_inc (c0, r->cols2);
  VI c1 = v_seli (m1, v_wrap_inc (c2, r->cols2), v_wrap_dec (c0, r->cols2));
  VI j2 = v_wrap_inc (j0, r->rows);
  VI j1 = v_seli (m1, j0, j2);

  VF du0 = fa - 0.5f * fb, dv0 = fb;
  VF du1 = du0 + 0.5f - v_maskf (m1, 1.5f), dv1 = dv0 - v_maskf (~m1, 1.0f);
  VF du2 = du0 - 0.5f, dv2 = dv0 - 1.0f;
  const guint32 seed = r->seed;
  VF sx = v_splatf (0.0f), sy = v_splatf (0.0f);
  VF n = rows_vertex (r, turned, seed, c0, j0, du0, dv0, want_grad, &sx, &sy)
         + rows_vertex (r, turned, seed, c1, j1, du1, dv1, want_grad, &sx, &sy)
         + rows_vertex (r, turned, seed, c2, j2, du2, dv2, want_grad, &sx, &sy);

  if (want_grad)
    {
      *gx = sx * r->gscale_x;
      *gy = sy * r->gscale_y;
    }
  return n * r->scale;
}

static void
tsr_simplex_rows_init (SimplexRow *r, const TsrNoise2D *cfg)
{
  double su = SIMPLEX_SIDE, sv = SIMPLEX_ROW, slant, reach, q;
  gint32 cols;

  r->seed = cfg->seed;
  r->turn_c = cfg->turn_c;
  r->turn_s = cfg->turn_s;
  r->turned = cfg->turn_c != 1.0f || cfg->turn_s != 0.0f;
  lattice_row_init (&r->lattice, cfg);
  simplex_period_lattice (cfg->period_x, cfg->period_y, cfg->tile.on && cfg->tile.doubled,
                          &cols, &r->rows);
  r->cols2 = 2 * cols;
  if (cols > 0)
    su = (double) cfg->period_x / cols;
  if (r->rows > 0)
    sv = (double) cfg->period_y / r->rows;
  r->icols2 = r->cols2 > 0 ? 1.0 / r->cols2 : 0.0;
  r->irows = r->rows > 0 ? 1.0 / r->rows : 0.0;
  r->iu = 1.0 / su;
  r->iv = 1.0 / sv;
  r->su = (float) su;
  r->sv = (float) sv;
  /* No kernel may reach past its triangle's opposite side, or the noise
   * would jump there: the reach is at most the smallest altitude. */
  slant = sqrt (0.25 * su * su + sv * sv);
  reach = MIN (0.5, MIN (sv * sv, (su * sv / slant) * (su * sv / slant)));
  q = 0.5 / reach;
  r->reach = (float) reach;
  /* A kernel reaching less is the standard one shrunk by sqrt (1 / q):
   * (r^2 - d^2)^4 (g . d) scales by its ninth power. */
  r->scale = (float) (SIMPLEX2_SCALE * (q * q) * (q * q) * sqrt (q));
  /* the offsets are (x iu - cell) su and (y iv - row) sv */
  r->gscale_x = (float) (r->scale * (r->iu * r->su));
  r->gscale_y = (float) (r->scale * (r->iv * r->sv));
}

/* A row: plain simplex noise, or the periodic lattice when an axis wraps;
 * with want_grad its gradient too. */
TSR_ALWAYS_INLINE void
simplex2_rows_v (const SimplexRow *r, gboolean periodic, gboolean turned,
                 const double *x, const double *y, gsize n, float *out,
                 gboolean want_grad, float *gx, float *gy)
{
  guint32 base_c = 0, base_r = 0;   /* v_wrap bases */

  for (gsize i = 0; i < n; i += VN)
    {
      gsize m = MIN ((gsize) VN, n - i);
      VD xl, xh, yl, yh;
      VF v, vx, vy;

      v_load_coords (x + i, m, &xl, &xh);
      v_load_coords (y + i, m, &yl, &yh);
      if (periodic)
        v = simplex_rows_v (r, turned, xl, xh, yl, yh, &base_c, &base_r, want_grad, &vx,
                            &vy);
      else
        v = simplex2_v (r, turned, xl, xh, yl, yh, want_grad, &vx, &vy);
      v = v_guardf (v);
      v_store_part (out + i, m, v);
      if (want_grad)
        {
          v_store_part (gx + i, m, held_flat (v, vx));
          v_store_part (gy + i, m, held_flat (v, vy));
        }
    }
}

static void simplex2_row_affine (const TsrNoise2D *cfg, const double *x, double sx,
                                 double ox, double y, gsize n, const TsrSink *sink,
                                 float *out);
static void simplex2_row_table_grad (const TsrNoise2D *cfg, const double *x, double y,
                                     gsize n, float *out, float *gx, float *gy);

TSR_ALWAYS_INLINE void
simplex2_row_any (const TsrNoise2D *cfg, const double *x, const double *y, gsize n,
                  float *out, gboolean want_grad, float *gx, float *gy)
{
  SimplexRow r;

  tsr_simplex_rows_init (&r, cfg);
  /* A texture row on the periodic lattice: the table path (the same bits;
   * x * 1 + 0 is x). */
  if ((r.cols2 > 0 || r.rows > 0) && n >= VN && v_row_y_constant (y, n))
    {
      if (want_grad)
        simplex2_row_table_grad (cfg, x, y[0], n, out, gx, gy);
      else
        simplex2_row_affine (cfg, x, 1.0, 0.0, y[0], n, NULL, out);
      return;
    }
  /* One specialised loop each (periodic and turned are constants in each
   * call). */
  if (r.turned)
    simplex2_rows_v (&r, r.cols2 > 0 || r.rows > 0, TRUE, x, y, n, out, want_grad, gx, gy);
  else if (r.cols2 > 0 || r.rows > 0)
    simplex2_rows_v (&r, TRUE, FALSE, x, y, n, out, want_grad, gx, gy);
  else
    simplex2_rows_v (&r, FALSE, FALSE, x, y, n, out, want_grad, gx, gy);
}

static void
simplex2_row (const TsrNoise2D *cfg, const double *x, const double *y,
              gsize n, float *out)
{
  simplex2_row_any (cfg, x, y, n, out, FALSE, NULL, NULL);
}

static void
simplex2_row_grad (const TsrNoise2D *cfg, const double *x, const double *y, gsize n,
                   float *out, float *gx, float *gy)
{
  simplex2_row_any (cfg, x, y, n, out, TRUE, gx, gy);
}

/* Rows of constant y on the periodic lattice, x affine (the fractal's
 * rows): the row's two lattice rows are fixed, so each column's gradients
 * on them are hashed once into tables that the samples look up (as
 * Perlin's rows do).  The same operations on the same values as
 * simplex_rows_v, so the same bits. */
#define SIMPLEX_SEG  256
#define SIMPLEX_COLS (SIMPLEX_SEG + 8 + 2 * VN)

/* The lattice row and its successor, wrapped as simplex_rows_v wraps them. */
static gint32
wrapped_row (const SimplexRow *r, gint32 j)
{
  return r->rows > 0 ? tsr_wrap (j, r->rows) : j;
}

/* A table's gradient, turned (flow noise) as the per-sample paths turn it. */
TSR_VINLINE void
store_gradient (const SimplexRow *r, VF gx, VF gy, float *tx, float *ty)
{
  if (r->turned)
    turn_gradient (r, &gx, &gy);
  v_storef (tx, gx);
  v_storef (ty, gy);
}

TSR_VINLINE VF
table_vertex (const SimplexRow *r, VF gx, VF gy, VF du, VF dv, gboolean want_grad,
              VF *sx, VF *sy)
{
  return vertex_share (v_splatf (r->reach), gx, gy, du * r->su, dv * r->sv, want_grad,
                       sx, sy);
}

/* The table path; with want_grad (sink NULL) the gradient into gxo, gyo. */
TSR_ALWAYS_INLINE void
simplex2_row_table (const TsrNoise2D *cfg, const double *x, double sx, double ox,
                    double y, gsize n, const TsrSink *sink, float *out,
                    gboolean want_grad, float *gxo, float *gyo)
{
  SimplexRow r;
  const TsrSinkMode mode = sink != NULL ? sink->mode : TSR_SINK_STORE;
  double lx[SIMPLEX_SEG], ly[SIMPLEX_SEG];
  float vs[SIMPLEX_SEG];

  tsr_simplex_rows_init (&r, cfg);

  const double v = tsr_clamp_coord (y) * r.iv, fj = floor (v);
  const gint32 j = (gint32) fj;
  const float fb = (float) (v - fj);
  const gint32 j0 = wrapped_row (&r, j);
  const gint32 j2 = r.rows > 0 ? tsr_wrap_add (j0, 1, r.rows) : j0 + 1;
  const VF vfb = v_splatf (fb);

  for (gsize s = 0; s < n; s += SIMPLEX_SEG)
    {
      const gsize ns = MIN ((gsize) SIMPLEX_SEG, n - s);
      gint32 cell[SIMPLEX_SEG + VN];
      float frac[SIMPLEX_SEG + VN];
      float gx0[SIMPLEX_COLS], gy0[SIMPLEX_COLS], gx2[SIMPLEX_COLS], gy2[SIMPLEX_COLS];
      VI lo = v_splati (G_MAXINT32), hi = v_splati (G_MININT32);
      gint32 cmin = G_MAXINT32, cmax = G_MININT32, cols;

      /* Each sample's doubled column 2 i - j (unwrapped) and fraction. */
      for (gsize i = 0; i < ns; i += VN)
        {
          VD xl, xh;
          VIH il, ih;

          v_load_coords_ext (x + s + i, ns - i, TRUE, TRUE, sx, ox, &xl, &xh);
          VD al = xl * r.iu + v * 0.5, ah = xh * r.iu + v * 0.5;
          VD fl = v_floor_d (al), fh = v_floor_d (ah);

          il = v_dtoi (fl);
          ih = v_dtoi (fh);
          VI iv = v_cati (il, ih);
          VI c = (VI) ((VU) iv + (VU) iv - (guint32) j);
          v_storef (frac + i, v_catf (v_dtof (al - fl), v_dtof (ah - fh)));
          v_storei (cell + i, c);
          lo = v_mini (c, lo);
          hi = v_maxi (c, hi);
        }
      for (int k = 0; k < VN; k++)
        {
          cmin = MIN (cmin, lo[k]);
          cmax = MAX (cmax, hi[k]);
        }
      /* columns cmin - 1 .. cmax + 2 */
      cols = cmax - cmin + 4;
      if (cols > (gint32) ns + 4 || cols < 0)
        {
          /* sparse samples: the plain row path */
          for (gsize i = 0; i < ns; i++)
            {
              lx[i] = x[s + i] * sx + ox;
              ly[i] = y;
            }
          simplex2_rows_v (&r, TRUE, r.turned, lx, ly, ns,
                           mode == TSR_SINK_STORE ? out + s : vs, want_grad,
                           want_grad ? gxo + s : NULL, want_grad ? gyo + s : NULL);
          if (mode != TSR_SINK_STORE)
            for (gsize i = 0; i < ns; i += VN)
              v_sink (out + s + i, MIN ((gsize) VN, ns - i),
                      v_load_part (vs + i, MIN ((gsize) VN, ns - i)), mode, sink);
          continue;
        }

      guint32 base_c = 0;   /* v_wrap base */
      for (gint32 k = 0; k < cols; k += VN)
        {
          VI c = (cmin - 1) + k + v_iota ();
          VU hc, h0, h2;
          VF gx, gy;

          if (r.cols2 > 0)
            c = v_wrap (c, r.cols2, r.icols2, &base_c);
          hc = v_hash1 (r.seed, c);
          h0 = v_tile_hash (&r.lattice, v_hash2_from1 (hc, v_splati (j0)), c, v_splati (j0));
          h2 = v_tile_hash (&r.lattice, v_hash2_from1 (hc, v_splati (j2)), c, v_splati (j2));
          v_grad2_vec (h0, &gx, &gy);
          store_gradient (&r, gx, gy, gx0 + k, gy0 + k);
          v_grad2_vec (h2, &gx, &gy);
          store_gradient (&r, gx, gy, gx2 + k, gy2 + k);
        }
      v_table_end (gx0, cols);
      v_table_end (gy0, cols);
      v_table_end (gx2, cols);
      v_table_end (gy2, cols);

      for (gsize i = 0; i < ns; i += VN)
        {
          /* table index of column c0 is c0 - (cmin - 1) */
          const TableSpot at = v_table_spot (cell + i, cmin - 1);
          VF fa = v_loadf (frac + i);
          VI m1 = fa > vfb;
          VF du0 = fa - 0.5f * vfb, dv0 = vfb;
          VF du1 = du0 + 0.5f - v_maskf (m1, 1.5f), dv1 = dv0 - v_maskf (~m1, 1.0f);
          VF du2 = du0 - 0.5f, dv2 = dv0 - 1.0f;
          VF ssx = v_splatf (0.0f), ssy = v_splatf (0.0f);
          VF n0 = table_vertex (&r, v_table_get (gx0, &at, 0), v_table_get (gy0, &at, 0),
                                du0, dv0, want_grad, &ssx, &ssy);
          /* the second vertex: two columns on along the row, or the one
           * before it on the next row (picking its gradient, not its share:
           * the same bits, one kernel instead of two) */
          VF g1x = v_sel (m1, v_table_get (gx0, &at, 2), v_table_get (gx2, &at, -1));
          VF g1y = v_sel (m1, v_table_get (gy0, &at, 2), v_table_get (gy2, &at, -1));
          VF n1 = table_vertex (&r, g1x, g1y, du1, dv1, want_grad, &ssx, &ssy);
          VF n2 = table_vertex (&r, v_table_get (gx2, &at, 1), v_table_get (gy2, &at, 1),
                                du2, dv2, want_grad, &ssx, &ssy);

          VF v = v_guardf ((n0 + n1 + n2) * r.scale);

          v_sink (out + s + i, ns - i, v, mode, sink);
          if (want_grad)
            {
              v_store_part (gxo + s + i, ns - i, held_flat (v, ssx * r.gscale_x));
              v_store_part (gyo + s + i, ns - i, held_flat (v, ssy * r.gscale_y));
            }
        }
    }
}

static void
simplex2_row_affine (const TsrNoise2D *cfg, const double *x, double sx, double ox,
                     double y, gsize n, const TsrSink *sink, float *out)
{
  simplex2_row_table (cfg, x, sx, ox, y, n, sink, out, FALSE, NULL, NULL);
}

static void
simplex2_row_table_grad (const TsrNoise2D *cfg, const double *x, double y, gsize n,
                         float *out, float *gx, float *gy)
{
  simplex2_row_table (cfg, x, 1.0, 0.0, y, n, NULL, out, TRUE, gx, gy);
}

static void
simplex2_row_affine_any (const TsrNoise2D *cfg, const double *x, double sx, double ox,
                         double y, gsize n, const TsrSink *sink, float *out)
{
  double lx[SIMPLEX_SEG], ly[SIMPLEX_SEG];
  float vs[SIMPLEX_SEG];
  const TsrSinkMode mode = sink != NULL ? sink->mode : TSR_SINK_STORE;

  if (cfg->period_x > 0 || cfg->period_y > 0)
    {
      simplex2_row_affine (cfg, x, sx, ox, y, n, sink, out);
      return;
    }
  /* Plain simplex noise has no rows: the coordinates, then the row path. */
  for (gsize s = 0; s < n; s += SIMPLEX_SEG)
    {
      const gsize ns = MIN ((gsize) SIMPLEX_SEG, n - s);

      for (gsize i = 0; i < ns; i++)
        {
          lx[i] = x[s + i] * sx + ox;
          ly[i] = y;
        }
      simplex2_row (cfg, lx, ly, ns, mode == TSR_SINK_STORE ? out + s : vs);
      if (mode != TSR_SINK_STORE)
        for (gsize i = 0; i < ns; i += VN)
          v_sink (out + s + i, MIN ((gsize) VN, ns - i),
                  v_load_part (vs + i, MIN ((gsize) VN, ns - i)), mode, sink);
    }
}

TSR_ROW_KERNELS (simplex) = {
  .row = simplex2_row,
  .row_affine = simplex2_row_affine_any,
  .row_grad = simplex2_row_grad,
};
