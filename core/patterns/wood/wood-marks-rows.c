/* The plank's colour bands, pixel streaks and pixel pores, VN samples a
 * step (two vectors of doubles): colour_bands', wood_pixel_streaks' and
 * wood_pixel_pores' operations in double in each lane, so the same bits
 * as the scalar functions at any width.  Their hashes are taken in every
 * lane, where the scalar functions keep the last row's and cell's, but
 * for a vector whose bands' cells or streaks' rows are the last one's
 * (the same numbers). */
#include <string.h>

#include "patterns/wood/wood-marks-rows.h"
#include "patterns/wood/wood-vec.h"

/* tsr_wrap of two halves' whole numbers into a vector of int32, periods
 * per lane (0: no wrap) and their reciprocals, as tsr_wrap_v takes it */
TSR_VINLINE VI
v_wrap_lanes (VD i[2], const VD period[2], const VD inv_period[2])
{
  VIH w[2];

  for (int h = 0; h < 2; h++)
    {
      const VD wrapped = i[h] - period[h] * v_floor_d ((i[h] + 0.5) * inv_period[h]);

      w[h] = v_dtoi (v_seld ((VL) (period[h] > 0.0), wrapped, i[h]));
    }
  return v_cati (w[0], w[1]);
}

/* What a run's vectors keep of the last one's lattices (zeroed: none):
 * the bands' two octaves', and the pixel streaks' row's hash and dashes,
 * which change only where the growth lines cross a cell or a row. */
typedef struct
{
  WoodLatticeKept bands[2];
  gboolean        have_row;
  VI              row;
  VU              rh;
  VD              cells[2], inv_cells[2], length[2], shift[2];
} MarksKept;

/* colour_bands' value */
static inline void
bands_at (const WoodMarksRow *p, VD yg[2], MarksKept *kept, VD out[2])
{
  VD t[2], t3[2], n0[2], n1[2];

  for (int h = 0; h < 2; h++)
    {
      t[h] = yg[h] / p->band_height;
      t3[h] = 3.0 * t[h] + 0.5;
    }
  v_wood_noise_1d ((VU) { 0 } + p->band_seed, p->band_cells, t, n0, &kept->bands[0]);
  v_wood_noise_1d ((VU) { 0 } + (p->band_seed + 1), 3 * p->band_cells, t3, n1,
                   &kept->bands[1]);
  for (int h = 0; h < 2; h++)
    out[h] = 1.4 * (n0[h] + 0.4 * n1[h]);
}

/* the pixel streaks' row's hash, dashes' cells along the tile (0: not
 * tiling) and length, and shift at the rows row[] (whole, wrapped) */
static inline void
streak_row_at (const WoodMarksRow *p, VD row[2], VU *rh, VD cells[2], VD length[2],
               VD shift[2])
{
  VD k[2];

  *rh = v_hash2_from1 (v_hash1 (p->streak_seed, v_cati (v_dtoi (row[0]), v_dtoi (row[1]))),
                       (VI) { 0 } + 7);
  v_hash_unit_d (v_mix32 (*rh + 3u), &k[0], &k[1]);
  v_hash_unit_d (*rh, &shift[0], &shift[1]);
  for (int h = 0; h < 2; h++)
    {
      /* each row its own dashes' length (wood_pixel_streaks) */
      const VD stretch = 0.5 + 1.5 * k[h] * k[h];

      cells[h] = p->streak_cells > 0
                 ? v_maxd (v_floor_d ((double) p->streak_cells / stretch + 0.5), v_splatd (1.0))
                 : v_splatd (0.0);
      length[h] = p->streak_cells > 0 ? p->period_w / cells[h] : p->streak_length * stretch;
    }
}

/* wood_pixel_streaks' number */
static inline void
streaks_at (const WoodMarksRow *p, VD x[2], VD yg[2], MarksKept *kept, VD out[2])
{
  const double inv_h = p->period_h > 0 ? 1.0 / (gint32) p->period_h : 0.0;
  VD row[2], cell[2], next[2], s[2], a[2], b[2];

  for (int h = 0; h < 2; h++)
    row[h] = v_wrap_whole_d (v_floor_d (yg[h]), (gint32) p->period_h, inv_h);
  const VI at = v_cati (v_dtoi (row[0]), v_dtoi (row[1]));

  if (!kept->have_row || v_any ((VI) (at != kept->row)))
    {
      streak_row_at (p, row, &kept->rh, kept->cells, kept->length, kept->shift);
      for (int h = 0; h < 2; h++)
        kept->inv_cells[h] = 1.0 / kept->cells[h];
      kept->have_row = TRUE, kept->row = at;
    }
  const VU rh = kept->rh;

  for (int h = 0; h < 2; h++)
    {
      const VD t = (v_floor_d (x[h]) + 0.5) / kept->length[h] + kept->shift[h];
      cell[h] = v_floor_d (t);
      next[h] = cell[h] + 1.0;
      const VD f = t - cell[h];
      s[h] = f * f * (3.0 - 2.0 * f);
    }
  const VU at_cell = (VU) v_wrap_lanes (cell, kept->cells, kept->inv_cells);
  const VU at_next = (VU) v_wrap_lanes (next, kept->cells, kept->inv_cells);

  v_hash_unit_d (v_hash2_from1 (TSR_HASH1_STEP (v_mix32, rh, at_cell), (VI) { 0 } + 1), &a[0],
                 &a[1]);
  v_hash_unit_d (v_hash2_from1 (TSR_HASH1_STEP (v_mix32, rh, at_next), (VI) { 0 } + 1), &b[0],
                 &b[1]);
  for (int h = 0; h < 2; h++)
    out[h] = (2.0 * (a[h] + (b[h] - a[h]) * s[h]) - 1.0) / MAX (p->shown_pixel, 1.0);
}

/* wood_pixel_pores' hash unit */
static inline void
pores_at (const WoodMarksRow *p, VD x[2], VD y[2], VD out[2])
{
  const gint32 pw = (gint32) p->period_w, ph = (gint32) p->period_h;
  const double inv_w = pw > 0 ? 1.0 / pw : 0.0, inv_h = ph > 0 ? 1.0 / ph : 0.0;
  VD i[2], j[2];

  for (int h = 0; h < 2; h++)
    {
      i[h] = v_wrap_whole_d (v_floor_d (x[h]), pw, inv_w);
      j[h] = v_wrap_whole_d (v_floor_d (y[h]), ph, inv_h);
    }
  v_hash_unit_d (v_hash2_from1 (v_hash1 (p->pixel_seed, v_cati (v_dtoi (i[0]), v_dtoi (i[1]))),
                                v_cati (v_dtoi (j[0]), v_dtoi (j[1]))), &out[0], &out[1]);
}

gsize
WOOD_MARKS_ROW_NAME (TSR_ISA) (const WoodMarksRow *p, const double *x, const double *y,
                               const double *yg, gsize n, double *bands, double *streaks,
                               double *pores)
{
  const gsize whole = n - n % VN;
  MarksKept kept = { 0 };

  for (gsize i = 0; i < whole; i += VN)
    {
      VD xh[2], yh[2], ygh[2], b[2], s[2], u[2];

      for (int h = 0; h < 2; h++)
        {
          xh[h] = v_loadd (x + i + h * VN / 2);
          yh[h] = v_loadd (y + i + h * VN / 2);
          ygh[h] = v_loadd (yg + i + h * VN / 2);
        }
      bands_at (p, ygh, &kept, b);
      streaks_at (p, xh, ygh, &kept, s);
      pores_at (p, xh, yh, u);
      for (int h = 0; h < 2; h++)
        {
          memcpy (bands + i + h * VN / 2, &b[h], sizeof b[h]);
          memcpy (streaks + i + h * VN / 2, &s[h], sizeof s[h]);
          memcpy (pores + i + h * VN / 2, &u[h], sizeof u[h]);
        }
    }
  return whole;
}

gsize
WOOD_PIXEL_UNITS_NAME (TSR_ISA) (const WoodMarksRow *p, const double *x, const double *y,
                                 gsize n, double *pores)
{
  const gsize whole = n - n % VN;

  for (gsize i = 0; i < whole; i += VN)
    {
      VD xh[2], yh[2], u[2];

      for (int h = 0; h < 2; h++)
        {
          xh[h] = v_loadd (x + i + h * VN / 2);
          yh[h] = v_loadd (y + i + h * VN / 2);
        }
      pores_at (p, xh, yh, u);
      for (int h = 0; h < 2; h++)
        memcpy (pores + i + h * VN / 2, &u[h], sizeof u[h]);
    }
  return whole;
}
