/* Cellular noise rows (noise-cells.c has the maths and the search
 * region), compiled once per instruction set (noise-kernels.h).
 *
 * Speed: the 3x3 core is always searched; the 12-cell ring only for
 * vectors of samples where some sample's current F1 (F2 for the F2 modes)
 * is farther than the ring can possibly be (1.5 - h + the distance to the
 * nearest cell edge).  Skipping changes no bit (only larger distances are
 * left out), so results still do not depend on how rows are split.  Rows
 * of constant y take each cell's point offsets from per-row tables.  Per
 * sample (GCC 12 -O2, AVX-512 pass; AVX2 in brackets): 2.2 ns (2.8) along
 * a row of constant y, periodic or not, 5.7 (8.2) when y varies.
 *
 * The gradient (row_grad) carries the offsets of the nearest and second
 * nearest points through the same comparisons; d F / d sample is
 * -(offset) / F per distance.  F1 tracks one point, the F2 modes two.
 */
#include "config.h"

#include <math.h>

#include "noise/noise-cells.h"
#include "noise/noise-vec.h"

/* The 21 cells of the 5x5 block without its corners: first the 3x3 core,
 * then the 12-cell ring (offset +-2 in x or y). */
static const gint8 cell_offsets[21][2] = {
  { -1, -1 }, { 0, -1 }, { 1, -1 },
  { -1, 0 }, { 0, 0 }, { 1, 0 },
  { -1, 1 }, { 0, 1 }, { 1, 1 },
  { -1, -2 }, { 0, -2 }, { 1, -2 },
  { -2, -1 }, { 2, -1 }, { -2, 0 }, { 2, 0 }, { -2, 1 }, { 2, 1 },
  { -1, 2 }, { 0, 2 }, { 1, 2 },
};

typedef struct
{
  LatticeRow lat;
  float      jitter;
  float      c0, c1, c2;  /* out = c1 F1 + c2 F2 + c0 */
  gboolean   need_f2;
  TsrCellsMode mode;
} CellsRow;

static void
cells_row_init (CellsRow *r, const TsrNoise2D *cfg)
{
  float j = cfg->jitter;
  double d1max, d2max, e2;

  if (isnan (j))
    j = 1.0f;
  j = CLAMP (j, 0.0f, 1.0f);

  lattice_row_init (&r->lat, cfg);
  r->jitter = j;

  d1max = G_SQRT2 * (1.0 + j) / 2.0;
  d2max = sqrt ((1.0 + j / 2.0) * (1.0 + j / 2.0) + (j / 2.0) * (j / 2.0));
  e2 = (1.0 - j) / 2.0;
  r->c0 = -1.0f;
  switch (cfg->cells_mode)
    {
    case TSR_CELLS_F2:
      r->c1 = 0.0f;
      r->c2 = (float) (2.0 / (d2max - e2));
      r->c0 = (float) (-1.0 - 2.0 * e2 / (d2max - e2));
      break;
    case TSR_CELLS_F2_MINUS_F1:
      r->c1 = (float) (-2.0 / d2max);
      r->c2 = (float) (2.0 / d2max);
      break;
    case TSR_CELLS_F1:
    default:
      r->c1 = (float) (2.0 / d1max);
      r->c2 = 0.0f;
      break;
    }

  r->need_f2 = cfg->cells_mode == TSR_CELLS_F2
               || cfg->cells_mode == TSR_CELLS_F2_MINUS_F1;
  r->mode = r->need_f2 ? cfg->cells_mode : TSR_CELLS_F1;
}

/* unit16 of noise-cells.c */
TSR_VINLINE VF
v_unit16 (VU bits)
{
  return CELLS_UNIT16 (v_itof ((VI) (bits & 0xffffu)));
}

/* The offsets (point - sample) of the nearest and second nearest points. */
typedef struct
{
  VF x1, y1, x2, y2;
} CellsNear;

/* a < b ? x : y.  With AVX-512 one blend on the comparison's mask
 * register (GCC makes v_sel two xors there). */
TSR_VINLINE VF
cells_sel_lt (VF a, VF b, VF x, VF y)
{
#if TSR_VEC_X86 && VN == 16
  return (VF) _mm512_mask_blend_ps (_mm512_cmp_ps_mask ((__m512) a,
                                                        (__m512) b,
                                                        _CMP_LT_OQ),
                                    (__m512) y, (__m512) x);
#else
  return v_sel (a < b, x, y);
#endif
}

/* What fold_near_v does to the distances (d1, d2 before it, m its
 * max (d1, d)), done to one offset component: p1 of the nearest, p2 of
 * the second nearest (f2).  On a tie d1 == d, d is the nearest and the
 * old nearest the second. */
TSR_ALWAYS_INLINE void
track_v (gboolean f2, VF d1, VF d2, VF d, VF m, VF p, VF *p1, VF *p2)
{
  if (f2)
    *p2 = cells_sel_lt (d2, m, *p2, cells_sel_lt (d1, d, p, *p1));
  *p1 = cells_sel_lt (d1, d, *p1, p);
}

/* The squared distance d of a point at offset (ox, oy) folded into the
 * running nearest (d1) and second nearest (d2); with grad, the offsets
 * into *o, selected by the very comparisons of MINPS so that they follow
 * the points the values took. */
TSR_ALWAYS_INLINE void
fold_near_v (gboolean grad, gboolean f2, VF d, VF ox, VF oy, VF *d1, VF *d2,
             CellsNear *o)
{
  VF m = v_maxf (*d1, d);       /* d1 > d ? d1 : d */

  if (grad)
    {
      track_v (f2, *d1, *d2, d, m, ox, &o->x1, &o->x2);
      track_v (f2, *d1, *d2, d, m, oy, &o->y1, &o->y2);
    }
  *d2 = v_minf (*d2, m);          /* d2 < m ? d2 : m */
  *d1 = v_minf (*d1, d);
}

/* Distance to the point of cell (dx, dy) relative to the sample's cell,
 * folded into d1, d2 (squared); with grad, the offsets into *o. */
TSR_ALWAYS_INLINE void
visit_cells_v (const CellsRow *r, gboolean grad, gboolean f2, int first,
               int last, const VU *hx, const VI *wx, const VI *wy, VF fx, VF fy, VF *d1,
               VF *d2, CellsNear *o)
{
  const float jit = r->jitter;

  TSR_UNROLL (12)
  for (int c = first; c < last; c++)
    {
      const int dx = cell_offsets[c][0], dy = cell_offsets[c][1];
      const float fdx = (float) dx, fdy = (float) dy;
      VU h = v_point_hash (&r->lat, hx[dx + 2], wx[dx + 2], wy[dy + 2]);
      VF ox = fdx + jit * (v_unit16 (h >> 16) - 0.5f) - fx;
      VF oy = fdy + jit * (v_unit16 (h) - 0.5f) - fy;
      VF d = ox * ox + oy * oy;

      fold_near_v (grad, f2, d, ox, oy, d1, d2, o);
    }
}

/* Stores the value c1 F1 + c2 F2 + c0 and, with grad, its gradient: d F /
 * d sample = -(offset) / F, 0 where F is 0.  F1 mode leaves d2 out: with
 * the ring skipped on F1's test it may not be F2. */
TSR_ALWAYS_INLINE void
cells_store_v (const CellsRow *r, gboolean grad, gboolean f2, VF d1, VF d2,
               const CellsNear *o, gsize m, float *out, float *gx, float *gy)
{
  VF s1 = v_sqrtf (d1), s2 = v_sqrtf (d2);

  v_store_part (out, m, v_guardf (r->c1 * s1 + r->c2 * s2 + r->c0));
  if (grad)
    {
      const VF zero = v_splatf (0.0f);
      VF k1 = v_sel (d1 > 0.0f, r->c1 / s1, zero);
      VF tx = o->x1 * k1, ty = o->y1 * k1;

      if (f2)
        {
          VF k2 = v_sel (d2 > 0.0f, r->c2 / s2, zero);

          if (r->mode == TSR_CELLS_F2)
            {
              tx = o->x2 * k2;
              ty = o->y2 * k2;
            }
          else
            {
              tx = tx + o->x2 * k2;
              ty = ty + o->y2 * k2;
            }
        }
      v_store_part (gx, m, -tx);
      v_store_part (gy, m, -ty);
    }
}

TSR_ALWAYS_INLINE void
cells2_rows_v (const CellsRow *r, gboolean periodic, gboolean grad,
               gboolean f2, const double *x, const double *y, gsize n,
               float *out, float *gx, float *gy)
{
  const float half = 0.5f * r->jitter;
  const gint32 px = r->lat.px, py = r->lat.py;

  guint32 bx = 0, by = 0;   /* v_wrap bases */

  for (gsize i = 0; i < n; i += VN)
    {
      gsize m = MIN ((gsize) VN, n - i);
      VI cx, cy, wx[5], wy[5];
      VU hx[5];
      VF tx, ty, fx, fy, d1, d2, e, ring, target;
      CellsNear o = { 0 };

      tx = v_load_split (x + i, m, &cx);
      ty = v_load_split (y + i, m, &cy);
      if (periodic && px > 0)
        cx = v_wrap (cx, px, r->lat.ipx, &bx);
      if (periodic && py > 0)
        cy = v_wrap (cy, py, r->lat.ipy, &by);

      /* Columns' hashes and rows' wrapped coordinates, offsets -2..2. */
      if (periodic)
        {
          VI cm1 = v_wrap_dec (cx, px), cp1 = v_wrap_inc (cx, px);
          VI rm1 = v_wrap_dec (cy, py), rp1 = v_wrap_inc (cy, py);

          wx[0] = v_wrap_dec (cm1, px);
          wx[1] = cm1;
          wx[3] = cp1;
          wx[4] = v_wrap_inc (cp1, px);
          wy[0] = v_wrap_dec (rm1, py);
          wy[1] = rm1;
          wy[3] = rp1;
          wy[4] = v_wrap_inc (rp1, py);
        }
      else
        {
          wx[0] = cx - 2;
          wx[1] = cx - 1;
          wx[3] = cx + 1;
          wx[4] = cx + 2;
          wy[0] = cy - 2;
          wy[1] = cy - 1;
          wy[3] = cy + 1;
          wy[4] = cy + 2;
        }
      wx[2] = cx;
      wy[2] = cy;
      for (int k = 0; k < 5; k++)
        hx[k] = v_hash1 (r->lat.seed, wx[k]);

      /* Sample position relative to its cell's centre. */
      fx = tx - 0.5f;
      fy = ty - 0.5f;
      d1 = v_splatf (1e30f);
      d2 = v_splatf (1e30f);

      /* No point of the ring is nearer than 1.5 - h + the distance to the
       * nearest cell edge (h = jitter / 2). */
      {
        VF ox = 1.0f - tx, oy = 1.0f - ty;
        VF ex = v_minf (tx, ox), ey = v_minf (ty, oy);

        e = v_minf (ex, ey);
        ring = 1.5f - half + e;
      }

      visit_cells_v (r, grad, f2, 0, 9, hx, wx, wy, fx, fy, &d1, &d2, &o);

      /* The ring can only matter where the current F1 (or F2) is farther
       * than the ring's nearest possible point.  Skipping it otherwise
       * changes no bit (min () with larger values), so this per-vector
       * test keeps results independent of how rows are split; the 1e-4
       * margin covers rounding of the ring distances. */
      target = (grad ? f2 : r->need_f2) ? d2 : d1;
      if (v_any (~(target <= ring * ring - 1e-4f)))
        visit_cells_v (r, grad, f2, 9, 21, hx, wx, wy, fx, fy, &d1, &d2, &o);

      cells_store_v (r, grad, f2, d1, d2, &o, m, out + i,
                     grad ? gx + i : NULL, grad ? gy + i : NULL);
    }
}

/* The per-sample path. */
TSR_ALWAYS_INLINE void
cells2_any_v (const CellsRow *r, gboolean grad, gboolean f2, const double *x,
              const double *y, gsize n, float *out, float *gx, float *gy)
{
  if (r->lat.px > 0 || r->lat.py > 0)
    cells2_rows_v (r, TRUE, grad, f2, x, y, n, out, gx, gy);
  else
    cells2_rows_v (r, FALSE, grad, f2, x, y, n, out, gx, gy);
}

static void
cells2_any_value (const CellsRow *r, const double *x, const double *y,
                  gsize n, float *out)
{
  cells2_any_v (r, FALSE, FALSE, x, y, n, out, NULL, NULL);
}

static void
cells2_any_grad1 (const CellsRow *r, const double *x, const double *y,
                  gsize n, float *out, float *gx, float *gy)
{
  cells2_any_v (r, TRUE, FALSE, x, y, n, out, gx, gy);
}

static void
cells2_any_grad2 (const CellsRow *r, const double *x, const double *y,
                  gsize n, float *out, float *gx, float *gy)
{
  cells2_any_v (r, TRUE, TRUE, x, y, n, out, gx, gy);
}

/* The per-sample path, out of line (rare inside the table path). */
TSR_ALWAYS_INLINE void
cells2_any (const CellsRow *r, gboolean grad, gboolean f2, const double *x,
            const double *y, gsize n, float *out, float *gx, float *gy)
{
  if (!grad)
    cells2_any_value (r, x, y, n, out);
  else if (f2)
    cells2_any_grad2 (r, x, y, n, out, gx, gy);
  else
    cells2_any_grad1 (r, x, y, n, out, gx, gy);
}

/* Rows of constant y: per segment of CELLS_SEG samples, for the columns
 * it touches and the five lattice rows around y, each cell's point offset
 * along x (jitter * (u - 1/2)) and its squared distance along y go into
 * tables, once per cell instead of once per sample and cell; a sample
 * adds its own x offset.  The same operations, the same bits.  Segments
 * spanning more columns than samples take the per-sample path.  The
 * gradient needs the y offsets themselves: its tables hold those instead
 * of their squares, squared per sample (the same product). */
#define CELLS_SEG  256
#define CELLS_COLS (CELLS_SEG + 8 + 2 * VN)

TSR_ALWAYS_INLINE void
visit_cells_y_v (gboolean grad, gboolean f2, int first, int last,
                 float (*px)[CELLS_COLS], float (*oyq)[CELLS_COLS],
                 const TableSpot *at, VF fx, VF *d1, VF *d2, CellsNear *o)
{
  TSR_UNROLL (12)
  for (int c = first; c < last; c++)
    {
      const int dx = cell_offsets[c][0], dy = cell_offsets[c][1];
      const int k = dx + 2;
      const float fdx = (float) dx;
      VF p = v_table_get (px[dy + 2], at, k);
      VF t = v_table_get (oyq[dy + 2], at, k);
      VF q = grad ? t * t : t;
      VF ox = fdx + p - fx;
      VF d = ox * ox + q;

      fold_near_v (grad, f2, d, ox, t, d1, d2, o);
    }
}

TSR_ALWAYS_INLINE void
cells2_rows_y_v (const CellsRow *r, gboolean periodic, gboolean grad,
                 gboolean f2, const double *x, double y, gsize n, float *out,
                 float *gx, float *gy)
{
  const float half = 0.5f * r->jitter, jit = r->jitter;
  const gint32 pxp = r->lat.px, py = r->lat.py;
  const gboolean need_f2 = grad ? f2 : r->need_f2;
  gint32 cy, wy[5];
  float ty, fy, ey;
  guint32 bx = 0;   /* v_wrap base */

  cy = tsr_split (tsr_clamp_coord (y), &ty);
  if (periodic && py > 0)
    cy = tsr_wrap (cy, py);
  for (int d = -2; d <= 2; d++)
    wy[d + 2] = periodic ? tsr_wrap_add (cy, d, py) : cy + d;
  fy = ty - 0.5f;
  ey = MIN (ty, 1.0f - ty);

  for (gsize s = 0; s < n; s += CELLS_SEG)
    {
      const gsize ns = MIN ((gsize) CELLS_SEG, n - s);
      gint32 cell[CELLS_SEG];
      float frac[CELLS_SEG];
      float px[5][CELLS_COLS], oyq[5][CELLS_COLS];
      gint32 cmin, cmax, cols;

      v_split_segment (x + s, ns, FALSE, 1.0, 0.0, cell, frac, &cmin, &cmax);
      cols = cmax - cmin + 5;   /* cmin - 2 .. cmax + 2 */

      if (cols > (gint32) ns + 5)
        {
          double ys[CELLS_SEG];

          for (gsize i = 0; i < ns; i++)
            ys[i] = y;
          cells2_any (r, grad, f2, x + s, ys, ns, out + s,
                      grad ? gx + s : NULL, grad ? gy + s : NULL);
          continue;
        }

      for (gint32 k = 0; k < cols; k += VN)
        {
          VI col = cmin - 2 + k + v_iota ();
          VU hx;

          if (periodic && pxp > 0)
            col = v_wrap (col, pxp, r->lat.ipx, &bx);
          hx = v_hash1 (r->lat.seed, col);
          TSR_UNROLL (5)
          for (int j = 0; j < 5; j++)
            {
              VU h = v_point_hash (&r->lat, hx, col, v_splati (wy[j]));
              VF oy = (float) (j - 2) + jit * (v_unit16 (h) - 0.5f) - fy;

              v_storef (px[j] + k, jit * (v_unit16 (h >> 16) - 0.5f));
              v_storef (oyq[j] + k, grad ? oy : oy * oy);
            }
        }
      for (int j = 0; j < 5; j++)
        {
          v_table_end (px[j], cols);
          v_table_end (oyq[j], cols);
        }

      for (gsize i = 0; i < ns; i += VN)
        {
          const TableSpot at = v_table_spot (cell + i, cmin);
          VF tx = v_loadf (frac + i), fx = tx - 0.5f;
          VF d1 = v_splatf (1e30f), d2 = v_splatf (1e30f);
          VF e = v_minf (v_minf (tx, 1.0f - tx), v_splatf (ey));
          VF ring = 1.5f - half + e;
          VF target;
          CellsNear o = { 0 };

          visit_cells_y_v (grad, f2, 0, 9, px, oyq, &at, fx, &d1, &d2, &o);
          target = need_f2 ? d2 : d1;
          if (v_any (~(target <= ring * ring - 1e-4f)))
            visit_cells_y_v (grad, f2, 9, 21, px, oyq, &at, fx, &d1, &d2,
                             &o);

          cells_store_v (r, grad, f2, d1, d2, &o, ns - i, out + s + i,
                         grad ? gx + s + i : NULL, grad ? gy + s + i : NULL);
        }
    }
}

TSR_ALWAYS_INLINE void
cells2_row_v (const CellsRow *r, gboolean grad, gboolean f2, const double *x,
              const double *y, gsize n, float *out, float *gx, float *gy)
{
  gboolean periodic = r->lat.px > 0 || r->lat.py > 0;

  if (v_row_y_constant (y, n))
    {
      if (periodic)
        cells2_rows_y_v (r, TRUE, grad, f2, x, y[0], n, out, gx, gy);
      else
        cells2_rows_y_v (r, FALSE, grad, f2, x, y[0], n, out, gx, gy);
    }
  else
    cells2_any (r, grad, f2, x, y, n, out, gx, gy);
}

static void
cells2_row (const TsrNoise2D *cfg, const double *x, const double *y, gsize n,
            float *out)
{
  CellsRow r;

  cells_row_init (&r, cfg);
  cells2_row_v (&r, FALSE, FALSE, x, y, n, out, NULL, NULL);
}

/* One body per tracking of F2, so F1 carries one point. */
static void
cells2_row_grad (const TsrNoise2D *cfg, const double *x, const double *y,
                 gsize n, float *out, float *gx, float *gy)
{
  CellsRow r;

  cells_row_init (&r, cfg);
  if (r.need_f2)
    cells2_row_v (&r, TRUE, TRUE, x, y, n, out, gx, gy);
  else
    cells2_row_v (&r, TRUE, FALSE, x, y, n, out, gx, gy);
}

TSR_ROW_KERNELS (cells) = {
  .row = cells2_row,
  .row_affine = NULL,
  .row_grad = cells2_row_grad,
};
