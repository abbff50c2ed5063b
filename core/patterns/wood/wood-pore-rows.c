/* The plank's pore lines for a colour map, VN samples a step (two vectors
 * of doubles): wood_pore_lines' operations without its slopes, in double
 * in each lane, so the same bits as the scalar function at any width.
 * Each lane walks its own rows, the vector as many as its widest lane;
 * a row a lane does not reach, or whose tent misses its footprint, adds
 * nothing (a select, not a sum of zero), and the rows' and their noise's
 * hashes are taken in every lane, where the scalar function keeps them
 * (the same numbers). */
#include <string.h>

#include "patterns/wood/wood-pore-rows.h"
#include "patterns/wood/wood-pore-shape.h"
#include "patterns/wood/wood-vec.h"

/* tent_integral, its branches as selects */
TSR_VINLINE VD
v_tent_integral (VD t)
{
  const VD rising = 0.5 * (t + 1.0) * (t + 1.0), falling = 1.0 - 0.5 * (1.0 - t) * (1.0 - t);
  const VD inside = v_seld ((VL) (t < 0.0), rising, falling);

  return v_seld ((VL) (t <= -1.0), v_splatd (0.0),
                 v_seld ((VL) (t >= 1.0), v_splatd (1.0), inside));
}

/* The numbers of the rows j (two halves) a step reads (pore_row). */
typedef struct
{
  VU seed;
  VD centre[2], strength[2], width[2], phase[2], cut[2];
} PoreRows;

static inline void
pore_rows (const WoodPoreLinesRow *p, VD j[2], PoreRows *rows)
{
  const double inv_rows = p->pore_rows > 0 ? 1.0 / p->pore_rows : 0.0;
  const VI at = v_cati (v_dtoi (v_wrap_whole_d (j[0], p->pore_rows, inv_rows)),
                        v_dtoi (v_wrap_whole_d (j[1], p->pore_rows, inv_rows)));
  const VU h = v_hash1 (p->pore_seed, at), g = v_mix32 (h ^ WOOD_PORE_ROW_SALT);
  const VI bytes[4] = { (VI) (g & 0xffu), (VI) ((g >> 8) & 0xffu), (VI) ((g >> 16) & 0xffu),
                        (VI) (g >> 24) };
  VD u[2];

  rows->seed = g;
  v_hash_unit_d (h, &u[0], &u[1]);
  for (int k = 0; k < 2; k++)
    {
      VD b[4];

      for (int c = 0; c < 4; c++)
        b[c] = v_itod (k == 0 ? v_loi (bytes[c]) : v_hii (bytes[c]));
      WOOD_PORE_ROW_SHAPE (j[k], u[k], b[0], b[1], b[2], b[3], MAX (p->dash_cells, 1),
                           rows->centre[k], rows->strength[k], rows->width[k], rows->phase[k],
                           rows->cut[k]);
    }
}

/* swell's value: the rows' noise along x (xt = x / dash_length) through
 * their ramp and smooth step */
static inline void
swell (const WoodPoreLinesRow *p, const PoreRows *rows, VD xt[2], VD s[2])
{
  VD n[2] = { v_splatd (0.0), v_splatd (0.0) };

  for (int k = 0, f = 1; k < OCTAVES; k++, f *= 3)
    {
      VD at[2], nk[2];

      for (int h = 0; h < 2; h++)
        at[h] = (double) f * (xt[h] + rows->phase[h]) + octave_phase[k];
      v_wood_noise_1d (rows->seed + (guint32) k, f * p->dash_cells, at, nk);
      for (int h = 0; h < 2; h++)
        n[h] += octave_weight[k] * nk[h];
    }
  for (int h = 0; h < 2; h++)
    {
      const VD e = WOOD_PORE_RAMP (n[h], rows->cut[h]);

      s[h] = v_seld ((VL) (e <= 0.0), v_splatd (0.0),
                     v_seld ((VL) (e >= 1.0), v_splatd (1.0), e * e * (3.0 - 2.0 * e)));
    }
}

gsize
WOOD_PORE_ROW_NAME (TSR_ISA) (const WoodPoreLinesRow *p, const double *x, const double *q,
                              const double *wq, gsize n, double *out)
{
  const gsize whole = n - n % VN;

  for (gsize i = 0; i < whole; i += VN)
    {
      VD xt[2], lo[2], hi[2], w[2], fade[2], thin[2], first[2], count[2], sum[2];
      double most = 0.0;

      for (int h = 0; h < 2; h++)
        {
          const gsize at = i + h * VN / 2;
          const VD wqh = v_loadd (wq + at), qh = v_loadd (q + at);

          w[h] = v_maxd (wqh, v_splatd (0.05));
          lo[h] = qh - 0.5 * w[h];
          hi[h] = qh + 0.5 * w[h];
          fade[h] = v_mind (v_splatd (1.0),
                            v_maxd (v_splatd (0.0), (FADE_TO - w[h]) / (FADE_TO - FADE_FROM)));
          /* where the rows spread, the tents thin with them */
          thin[h] = v_seld ((VL) (wqh < SPREAD), v_maxd (wqh, v_splatd (0.0)) / SPREAD,
                            v_splatd (1.0));
          const VD reach = HALF_WIDTH * ROW_WIDE * thin[h] + CENTRE_JITTER;
          first[h] = v_floor_d (lo[h] - 0.5 - reach);
          count[h] = v_seld ((VL) (fade[h] > 0.0),
                             v_floor_d (hi[h] - 0.5 + reach) - first[h] + 1.0, v_splatd (0.0));
          xt[h] = v_loadd (x + at) / p->dash_length;
          sum[h] = v_splatd (0.0);
          for (int l = 0; l < VN / 2; l++)
            most = MAX (most, count[h][l]);
        }
      for (int r = 0; r < (int) most; r++)
        {
          VD j[2], s[2];
          VL covers[2];
          PoreRows rows;

          for (int h = 0; h < 2; h++)
            j[h] = first[h] + (double) r;
          pore_rows (p, j, &rows);
          for (int h = 0; h < 2; h++)
            {
              const VD reach = rows.width[h] * thin[h];

              covers[h] = (VL) ((double) r < count[h])
                          & ~((VL) (rows.centre[h] + reach <= lo[h])
                              | (VL) (rows.centre[h] - reach >= hi[h]));
            }
          if (!v_any ((VI) (covers[0] | covers[1])))
            continue;
          swell (p, &rows, xt, s);
          for (int h = 0; h < 2; h++)
            {
              const VD hw = rows.width[h] * (TAPER + (1.0 - TAPER) * s[h]) * thin[h];
              const VD t_lo = (lo[h] - rows.centre[h]) / hw, t_hi = (hi[h] - rows.centre[h]) / hw;
              const VD area = v_tent_integral (t_hi) - v_tent_integral (t_lo);
              const VD dark = rows.strength[h] * s[h];

              sum[h] = v_seld (covers[h] & (VL) (s[h] > 0.0), sum[h] + dark * hw * area, sum[h]);
            }
        }
      for (int h = 0; h < 2; h++)
        {
          const VD lines = sum[h] / w[h];
          const VD v = p->pore_mean + (lines - p->pore_mean) * fade[h];

          memcpy (out + i + h * VN / 2, &v, sizeof v);
        }
    }
  return whole;
}
