/* The caustics' push and cell networks, VN points at a time
 * (water-caustics-rows.h; the look is described in water-caustics.c).
 *
 * The push's phases are split in double, VN / 2 points a vector, their
 * sines and cosines in float, VN points a vector.  A network's nearest,
 * second and third feature points (F1, F2, F3) are found in float, VN
 * points a vector: the feature points of the cells a run of points
 * reaches are worked out once into a table, read by each lane at its
 * cell, and the three nearest kept by selects in the order the scalar
 * insertion would keep them. */
#include <string.h>

#include "math/hash.h"
#include "noise/noise-vec.h"
#include "patterns/water/water-vec.h"
#include "patterns/water/water-caustics-rows.h"

/* Cells a run's table may hold; a run reaching more is split, down to
 * single points. */
#define MAX_TABLE_CELLS 1024

TSR_VINLINE void
store_d (double *p, VD v)
{
  memcpy (p, &v, sizeof v);
}

/* The sine and cosine of wave j's phase 2π (k · p + phase) come from
 * those of its two parts, A = kx x and B = ky y + phase (each's fraction
 * of a turn in float): cos = cos A cos B - sin A sin B, sin = sin A cos B
 * + cos A sin B.  Along a row of one y, B is the row's and A the
 * column's, so a band of rows takes each column's A once; a point alone
 * does the same operations, so it gets the same bits. */

/* Each wave's cos A and sin A of VN points from x (two halves) into
 * a[2 j] and a[2 j + 1]. */
TSR_VINLINE void
push_parts_x (const TsrWaterPlaneWave *waves, int n_waves, const VD px[2], VF *a)
{
  for (int j = 0; j < n_waves; j++)
    v_sincos_turns_f (v_turns_fraction (waves[j].kx * px[0], waves[j].kx * px[1]),
                      &a[2 * j + 1], &a[2 * j]);
}

/* Each wave's cos B and sin B, likewise. */
TSR_VINLINE void
push_parts_y (const TsrWaterPlaneWave *waves, int n_waves, const VD py[2], VF *b)
{
  for (int j = 0; j < n_waves; j++)
    v_sincos_turns_f (v_turns_fraction (waves[j].ky * py[0] + waves[j].phase,
                                        waves[j].ky * py[1] + waves[j].phase),
                      &b[2 * j + 1], &b[2 * j]);
}

/* The pushed points of the first m of VN points px (two halves) from
 * their waves' parts a and b: the push summed in float, added to the
 * point in double. */
TSR_VINLINE void
push_vec (const TsrWaterPlaneWave *waves, int n_waves, const VF *a, const VF *b,
          const VD px[2], const VD py[2], gsize m, double *ux, double *uy, double *sines)
{
  const int halves = m > VN / 2 ? 2 : 1;
  VF dx = v_splatf (0.0f), dy = dx;

  for (int j = 0; j < n_waves; j++)
    {
      const VF ca = a[2 * j], sa = a[2 * j + 1], cb = b[2 * j], sb = b[2 * j + 1];
      const VF c = ca * cb - sa * sb;

      dx += (float) (waves[j].amp * waves[j].kx) * c;
      dy += (float) (waves[j].amp * waves[j].ky) * c;
      if (sines != NULL)
        {
          const VF sn = sa * cb + ca * sb;

          for (int h = 0; h < halves; h++)
            store_d (sines + (gsize) j * TSR_CHUNK + h * VN / 2,
                     v_ftod (h ? v_hif (sn) : v_lof (sn)));
        }
    }
  for (int h = 0; h < halves; h++)
    {
      store_d (ux + h * VN / 2, px[h] + v_ftod (h ? v_hif (dx) : v_lof (dx)));
      store_d (uy + h * VN / 2, py[h] + v_ftod (h ? v_hif (dy) : v_lof (dy)));
    }
}

/* Points anywhere: each its own parts. */
static void
push_row (const TsrWaterPlaneWave *waves, int n_waves, const double *x, const double *y,
          gsize n, double *ux, double *uy, double *sines)
{
  g_assert (n_waves <= TSR_WATER_WARP_WAVES);
  for (gsize i = 0; i < n; i += VN)
    {
      VD px[2], py[2];
      VF a[2 * TSR_WATER_WARP_WAVES], b[2 * TSR_WATER_WARP_WAVES];

      load_halves (x + i, n - i, &px[0], &px[1]);
      load_halves (y + i, n - i, &py[0], &py[1]);
      push_parts_x (waves, n_waves, px, a);
      push_parts_y (waves, n_waves, py, b);
      push_vec (waves, n_waves, a, b, px, py, MIN ((gsize) VN, n - i), ux + i, uy + i,
                sines != NULL ? sines + i : NULL);
    }
}

static void
push_columns (const TsrWaterPlaneWave *waves, int n_waves, const double *x, gsize n,
              float *cols)
{
  g_assert (n_waves <= TSR_WATER_WARP_WAVES);
  for (gsize i = 0; i < n; i += VN)
    {
      VD px[2];
      VF a[2 * TSR_WATER_WARP_WAVES];

      load_halves (x + i, n - i, &px[0], &px[1]);
      push_parts_x (waves, n_waves, px, a);
      for (int k = 0; k < 2 * n_waves; k++)
        v_storef (cols + (gsize) k * TSR_CHUNK + i, a[k]);
    }
}

static void
push_row_columns (const TsrWaterPlaneWave *waves, int n_waves, const float *cols,
                  const double *x, double y, gsize n, double *ux, double *uy, double *sines)
{
  const VD py[2] = { v_splatd (y), v_splatd (y) };
  VF a[2 * TSR_WATER_WARP_WAVES], b[2 * TSR_WATER_WARP_WAVES];

  g_assert (n_waves <= TSR_WATER_WARP_WAVES);
  push_parts_y (waves, n_waves, py, b);
  for (gsize i = 0; i < n; i += VN)
    {
      VD px[2];

      load_halves (x + i, n - i, &px[0], &px[1]);
      for (int k = 0; k < 2 * n_waves; k++)
        a[k] = v_loadf (cols + (gsize) k * TSR_CHUNK + i);
      push_vec (waves, n_waves, a, b, px, py, MIN ((gsize) VN, n - i), ux + i, uy + i,
                sines != NULL ? sines + i : NULL);
    }
}

/* The cell of a pushed coordinate u (cells of 1 / inv_size) and the
 * fraction across it: a product, not a division (a division's units
 * take several times as long). */
static inline float
split_cell (double u, double inv_size, gint32 *cell)
{
  const double f = u * inv_size, c = tsr_floor_d (f);

  *cell = (gint32) c;
  return (float) (f - c);
}

/* The feature points of the cells [ci0, ci0 + w) x [cj0, cj0 + h), each
 * seen from its neighbour d cells before it (d = -1, 0, 1: the point's
 * offset from that neighbour's cell, as the search reads it), into
 * px[d + 1][k], py[d + 1][k] at k = row * w + column. */
static void
fill_points (const TsrCausticLayer *l, gint32 ci0, gint32 cj0, int w, int h, float *px[3],
             float *py[3])
{
  for (int r = 0; r < h; r++)
    for (int c = 0; c < w; c++)
      {
        const gint32 ci = tsr_wrap (ci0 + c, l->cells_x), cj = tsr_wrap (cj0 + r, l->cells_y);
        const guint32 hc = tsr_hash2 (l->seed, ci, cj);
        const float *orbit = l->orbit[hc & 1][(hc >> 1) & 15];
        const float ux = tsr_hash_unit (hc), uy = tsr_hash_unit (tsr_mix32 (hc ^ TSR_HASH_Y));

        for (int d = -1; d <= 1; d++)
          {
            px[d + 1][r * w + c] = d + 0.5f + TSR_CAUSTIC_JITTER * (ux - 0.5f) + orbit[0];
            py[d + 1][r * w + c] = d + 0.5f + TSR_CAUSTIC_JITTER * (uy - 0.5f) + orbit[1];
          }
      }
}

/* t[idx], where with `one` every lane's idx is idx0: one load, not a
 * gather (the same bits). */
TSR_VINLINE VF
table_read (const float *t, VI idx, gboolean one, gint32 idx0)
{
  return one ? v_splatf (t[idx0]) : v_gather (t, idx);
}

/* The light of VN points at lx, ly (fractions of their cells) whose
 * cells' table entries are at base (with one, all in one cell: a vector
 * of a row's points mostly is), into light (added) and, with grad, its
 * gradient into gx, gy (added). */
TSR_ALWAYS_INLINE void
light_lanes (const TsrCausticLayer *l, float *const px[3], float *const py[3], int w, VF lx,
             VF ly, VI base, gboolean one, gboolean grad, float *light, float *gx, float *gy)
{
  const float cw = (float) l->cell_w, ch = (float) l->cell_h;
  const VF zero = v_splatf (0.0f);
  VF d1 = v_splatf (G_MAXFLOAT), d2 = d1, d3 = d1;
  VF v1x = zero, v1y = zero, v2x = zero, v2y = zero, v3x = zero, v3y = zero;

  TSR_UNROLL (3)
  for (int dj = -1; dj <= 1; dj++)
    TSR_UNROLL (3)
    for (int di = -1; di <= 1; di++)
      {
        const VI idx = base + (dj * w + di);
        const gint32 idx0 = base[0] + (dj * w + di);
        const VF dx = (lx - table_read (px[di + 1], idx, one, idx0)) * cw;
        const VF dy = (ly - table_read (py[dj + 1], idx, one, idx0)) * ch;
        const VF dd = dx * dx + dy * dy;
        /* nearer than the first implies nearer than the second, and so on */
        const VI c1 = dd < d1, c2 = dd < d2, c3 = dd < d3;

        d3 = v_sel (c2, d2, v_sel (c3, dd, d3));
        v3x = v_sel (c2, v2x, v_sel (c3, dx, v3x));
        v3y = v_sel (c2, v2y, v_sel (c3, dy, v3y));
        d2 = v_sel (c1, d1, v_sel (c2, dd, d2));
        v2x = v_sel (c1, v1x, v_sel (c2, dx, v2x));
        v2y = v_sel (c1, v1y, v_sel (c2, dy, v2y));
        d1 = v_sel (c1, dd, d1);
        v1x = v_sel (c1, dx, v1x);
        v1y = v_sel (c1, dy, v1y);
      }
  const VF f1 = v_sqrtf (d1), f2 = v_sqrtf (d2), f3 = v_sqrtf (d3);
  const VF d = (f2 - f1) / l->width;
  const VF q = 1.0f / (1.0f + d * d);
  const float wj = TSR_CAUSTIC_JUNCTION_WIDTH * l->width, jw = TSR_CAUSTIC_JUNCTION * l->weight;
  const VF dj = (f3 - f1) / wj;
  const VF qj = 1.0f / (1.0f + dj * dj);

  v_storef (light, v_loadf (light) + (l->weight * q * q * q + jw * qj * qj * qj));
  if (grad)
    {
      /* d light / d (F2 - F1) = -6 d q⁴ / w; ∇F = (u - p) / F */
      const VF k = -6.0f * l->weight * d * q * q * q * q / l->width;
      const VF kj = -6.0f * jw * dj * qj * qj * qj * qj / wj;
      const VI p1 = f1 > 0.0f, p2 = f2 > 0.0f, p3 = f3 > 0.0f;
      const VF n1x = v_sel (p1, v1x / f1, zero), n1y = v_sel (p1, v1y / f1, zero);

      v_storef (gx, v_loadf (gx) + (k * (v_sel (p2, v2x / f2, zero) - n1x)
                                    + kj * (v_sel (p3, v3x / f3, zero) - n1x)));
      v_storef (gy, v_loadf (gy) + (k * (v_sel (p2, v2y / f2, zero) - n1y)
                                    + kj * (v_sel (p3, v3y / f3, zero) - n1y)));
    }
}

/* light_row's points [0, n), their cells ci, cj and fractions lx, ly
 * given (padded to whole vectors with the last point's). */
static void
light_run (const TsrCausticLayer *l, const gint32 *ci, const gint32 *cj, const float *lx,
           const float *ly, gsize n, float *light, float *gx, float *gy)
{
  gint32 i0 = G_MAXINT32, i1 = G_MININT32, j0 = G_MAXINT32, j1 = G_MININT32;

  for (gsize i = 0; i < n; i++)
    {
      i0 = MIN (i0, ci[i]), i1 = MAX (i1, ci[i]);
      j0 = MIN (j0, cj[i]), j1 = MAX (j1, cj[i]);
    }
  const gint64 w = (gint64) i1 - i0 + 3, h = (gint64) j1 - j0 + 3;
  /* a table of far more cells than the points would read costs more than
   * it saves */
  const gint64 most = MIN (MAX_TABLE_CELLS, 9 * (gint64) n + 64);

  if (w * h > most && n > VN)
    {
      const gsize half = (n / 2 + VN - 1) / VN * VN;

      light_run (l, ci, cj, lx, ly, half, light, gx, gy);
      light_run (l, ci + half, cj + half, lx + half, ly + half, n - half, light + half,
                 gx ? gx + half : NULL, gy ? gy + half : NULL);
      return;
    }
  if (w * h > most)
    {
      /* points scattered far apart (a strong warp): one at a time, each
       * in all the lanes */
      for (gsize i = 0; i < n; i++)
        {
          gint32 pci[VN], pcj[VN];
          float plx[VN], ply[VN], pl[VN], pgx[VN], pgy[VN];

          for (int k = 0; k < VN; k++)
            {
              pci[k] = ci[i], pcj[k] = cj[i], plx[k] = lx[i], ply[k] = ly[i];
              pl[k] = light[i], pgx[k] = gx ? gx[i] : 0.0f, pgy[k] = gy ? gy[i] : 0.0f;
            }
          light_run (l, pci, pcj, plx, ply, 1, pl, gx ? pgx : NULL, gy ? pgy : NULL);
          light[i] = pl[0];
          if (gx != NULL)
            gx[i] = pgx[0], gy[i] = pgy[0];
        }
      return;
    }

  float *table = g_malloc (6 * (gsize) (w * h) * sizeof *table);
  float *px[3], *py[3];

  for (int d = 0; d < 3; d++)
    px[d] = table + d * w * h, py[d] = table + (3 + d) * w * h;
  /* from the cell before the lowest to the one after the highest */
  fill_points (l, i0 - 1, j0 - 1, (int) w, (int) h, px, py);
  for (gsize i = 0; i < n; i += VN)
    {
      const VI base = (v_loadi (cj + i) - (j0 - 1)) * (gint32) w + (v_loadi (ci + i) - (i0 - 1));

      float *const gxi = gx ? gx + i : NULL, *const gyi = gy ? gy + i : NULL;

      if (!v_any (base != v_splati (base[0])))
        light_lanes (l, px, py, (int) w, v_loadf (lx + i), v_loadf (ly + i), base, TRUE,
                     gx != NULL, light + i, gxi, gyi);
      else
        light_lanes (l, px, py, (int) w, v_loadf (lx + i), v_loadf (ly + i), base, FALSE,
                     gx != NULL, light + i, gxi, gyi);
    }
  g_free (table);
}

static void
light_row (const TsrCausticLayer *l, const double *ux, const double *uy, gsize n, float *light,
           float *gx, float *gy)
{
  gint32 ci[TSR_CHUNK], cj[TSR_CHUNK];
  float lx[TSR_CHUNK], ly[TSR_CHUNK];
  const gsize padded = (n + VN - 1) / VN * VN;
  const double inv_w = 1.0 / l->cell_w, inv_h = 1.0 / l->cell_h;

  if (n == 0)
    return;
  for (gsize i = 0; i < n; i++)
    {
      lx[i] = split_cell (ux[i], inv_w, &ci[i]);
      ly[i] = split_cell (uy[i], inv_h, &cj[i]);
    }
  for (gsize i = n; i < padded; i++)
    ci[i] = ci[n - 1], cj[i] = cj[n - 1], lx[i] = lx[n - 1], ly[i] = ly[n - 1];
  light_run (l, ci, cj, lx, ly, n, light, gx, gy);
}

/* smoothstep from a to b of VN samples x, as water-caustics.c's smooth01 */
TSR_VINLINE VF
smooth01_v (float a, float b, VF x)
{
  const VF t = v_minf (v_maxf ((x - a) / (b - a), v_splatf (0.0f)), v_splatf (1.0f));

  return t * t * (3.0f - 2.0f * t);
}

static void
values_row (const float *lights, const float *brk, const float *fine, float ripple_amount,
            float specks, gsize n, float *out)
{
  for (gsize i = 0; i < n; i += VN)
    {
      const VF f = v_loadf (fine + i);
      /* the lines break into dashes where the breaks' noise is low */
      const VF b = BREAK_FLOOR
                   + (1.0f - BREAK_FLOOR) * smooth01_v (BREAK_LO, BREAK_HI, v_loadf (brk + i));
      const VF light = v_loadf (lights + i) * b + specks * smooth01_v (SPECK_LO, SPECK_HI, f);
      /* the fine noise mottles the floor and lets the lines fade in and out */
      const VF m = 1.0f + FADE * ripple_amount * f;
      const VF t = GAIN * light * m + ripple_amount * f;
      const VF s = 1.0f / v_sqrtf (1.0f + t * t);

      v_store_part (out + i, MIN ((gsize) VN, n - i), FLOOR + SPAN * t * s);
    }
}

#define KERNELS_NAME_(isa) tsr_caustics_kernels_##isa
#define KERNELS_NAME(isa)  KERNELS_NAME_ (isa)

const TsrCausticsKernels KERNELS_NAME (TSR_ISA) = {
  push_row, push_columns, push_row_columns, light_row, values_row
};
