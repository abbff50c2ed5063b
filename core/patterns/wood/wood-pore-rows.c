/* The plank's pore lines for a colour map, VN rows or (sample, row) pairs
 * a step (two vectors of doubles): pore_row's numbers, and pore_lines'
 * swell, and tent and cover, for one row without its slopes, in double in each
 * lane, so the same bits as the scalar functions at any width.  The rows'
 * noise is hashed in every lane, where the scalar function keeps its
 * lattice's last cells (the same numbers). */
#include <string.h>

#include "patterns/wood/wood-pore-rows.h"
#include "patterns/wood/wood-pore-shape.h"
#include "patterns/wood/wood-vec.h"

static inline void
v_stored (double *p, VD v)
{
  memcpy (p, &v, sizeof v);
}

/* A mask's lanes as bits, lane l at 1 << l */
TSR_VINLINE guint32
v_lane_bits (VI m)
{
#if TSR_VEC_X86 && VN == 16 && defined(__AVX512F__)
  return _mm512_test_epi32_mask ((__m512i) m, (__m512i) m);
#elif TSR_VEC_X86 && VN == 8 && defined(__AVX2__)
  return (guint32) _mm256_movemask_ps ((__m256) m);
#else
  guint32 bits = 0;

  for (int l = 0; l < VN; l++)
    bits |= (guint32) (m[l] & 1) << l;
  return bits;
#endif
}

/* tent_integral, its branches as selects */
TSR_VINLINE VD
v_tent_integral (VD t)
{
  const VD rising = 0.5 * (t + 1.0) * (t + 1.0), falling = 1.0 - 0.5 * (1.0 - t) * (1.0 - t);
  const VD inside = v_seld ((VL) (t < 0.0), rising, falling);

  return v_seld ((VL) (t <= -1.0), v_splatd (0.0),
                 v_seld ((VL) (t >= 1.0), v_splatd (1.0), inside));
}

gboolean
WOOD_PORE_SPANS_NAME (TSR_ISA) (const WoodPoreSpans *p, gsize n, gint32 *jmin, gint32 *jmax)
{
  VI lo_row = (VI) { 0 } + G_MAXINT32, hi_row = (VI) { 0 } + G_MININT32, bad = { 0 };

  for (gsize i = 0; i < n; i += VN)
    {
      VIH first[2], count[2];

      for (int h = 0; h < 2; h++)
        {
          const gsize at = i + h * VN / 2;
          const VD wq = v_loadd (p->wq + at), q = v_loadd (p->q + at);
          const VD w = v_maxd (wq, v_splatd (0.05)), lo = q - 0.5 * w, hi = q + 0.5 * w;
          const VD fade = v_mind (v_splatd (1.0),
                                  v_maxd (v_splatd (0.0), (FADE_TO - w) / (FADE_TO - FADE_FROM)));
          /* where the rows spread, the tents thin with them */
          const VD thin = v_seld ((VL) (wq < SPREAD), v_maxd (wq, v_splatd (0.0)) / SPREAD,
                                  v_splatd (1.0));
          const VD reach = HALF_WIDTH * ROW_WIDE * thin + CENTRE_JITTER;
          const VD j0 = v_floor_d (lo - 0.5 - reach);
          const VD c = v_seld ((VL) (fade > 0.0), v_floor_d (hi - 0.5 + reach) - j0 + 1.0,
                               v_splatd (0.0));

          v_stored (p->lo + at, lo);
          v_stored (p->hi + at, hi);
          v_stored (p->thin + at, thin);
          v_stored (p->fade + at, fade);
          v_stored (p->w + at, w);
          first[h] = v_dtoi (j0), count[h] = v_dtoi (c);
        }
      const VI f = v_cati (first[0], first[1]), c = v_cati (count[0], count[1]);
      const VI some = (VI) (c > 0), last = f + c - 1;

      memcpy (p->first + i, &f, sizeof f);
      memcpy (p->count + i, &c, sizeof c);
      lo_row = v_seli (some & (VI) (f < lo_row), f, lo_row);
      hi_row = v_seli (some & (VI) (last > hi_row), last, hi_row);
      bad |= (VI) (c < 0) | (VI) (c > 6);
    }
  if (v_any (bad))
    return FALSE;
  *jmin = G_MAXINT32, *jmax = G_MININT32;
  for (int l = 0; l < VN; l++)
    *jmin = MIN (*jmin, lo_row[l]), *jmax = MAX (*jmax, hi_row[l]);
  return TRUE;
}

gsize
WOOD_PORE_LIST_NAME (TSR_ISA) (const WoodPoreSpans *p, gsize n, gint32 j0,
                               const WoodPoreTable *t, gint32 *sample, gint32 *row)
{
  gsize np = 0;

  for (gsize i = 0; i < n; i += VN)
    {
      VI first, count;
      VD lo[2], hi[2], thin[2];
      gint32 most = 0;

      memcpy (&first, p->first + i, sizeof first);
      memcpy (&count, p->count + i, sizeof count);
      for (int l = 0; l < VN; l++)
        most = MAX (most, count[l]);
      for (int h = 0; h < 2; h++)
        {
          const gsize at = i + h * VN / 2;

          lo[h] = v_loadd (p->lo + at), hi[h] = v_loadd (p->hi + at);
          thin[h] = v_loadd (p->thin + at);
        }
      for (gint32 r = 0; r < most; r++)
        {
          /* lanes past their count read row 0, then drop out */
          const VI reads = (VI) (((VI) { 0 } + r) < count);
          const VI idx = v_seli (reads, first + (r - j0), (VI) { 0 });
          VIH covers[2];

          for (int h = 0; h < 2; h++)
            {
              const VIH ih = h == 0 ? v_loi (idx) : v_hii (idx);
              const VD centre = v_gatherd (t->centre, ih);
              const VD reach = v_gatherd (t->width, ih) * thin[h];
              const VL miss = (VL) (centre + reach <= lo[h]) | (VL) (centre - reach >= hi[h]);

              covers[h] = __builtin_convertvector (~miss, VIH);
            }
          const VI keep = v_cati (covers[0], covers[1]) & reads;

          if (!v_any (keep))
            continue;
#if TSR_VEC_X86 && VN == 16 && defined(__AVX512F__)
          /* the kept lanes packed in order, stored whole: the lists have
           * room for a vector past their end */
          const __mmask16 kept = _mm512_test_epi32_mask ((__m512i) keep, (__m512i) keep);
          VI lane;

          for (int l = 0; l < VN; l++)
            lane[l] = (gint32) i + l;
          const __m512i at = _mm512_maskz_compress_epi32 (kept, (__m512i) lane);
          const __m512i in_table = _mm512_maskz_compress_epi32 (kept, (__m512i) idx);

          memcpy (sample + np, &at, sizeof at);
          memcpy (row + np, &in_table, sizeof in_table);
          np += (gsize) __builtin_popcount (kept);
#else
          for (int l = 0; l < VN; l++)
            {
              sample[np] = (gint32) i + l, row[np] = idx[l];
              np += keep[l] & 1;
            }
#endif
        }
    }
  return np;
}

void
WOOD_PORE_TABLE_NAME (TSR_ISA) (const WoodPoreLinesRow *p, gint32 j0, gsize n,
                                const WoodPoreTable *t)
{
  for (gsize i = 0; i < n; i += VN)
    {
      VD j[2], u[2];
      const VI at = v_wood_run ((double) j0 + (double) i, p->pore_rows, j);
      const VU h = v_hash1 (p->pore_seed, at), g = v_mix32 (h ^ WOOD_PORE_ROW_SALT);
      const VI bytes[4] = { (VI) (g & 0xffu), (VI) ((g >> 8) & 0xffu),
                            (VI) ((g >> 16) & 0xffu), (VI) (g >> 24) };

      memcpy (t->seed + i, &g, sizeof g);
      v_hash_unit_d (h, &u[0], &u[1]);
      for (int k = 0; k < 2; k++)
        {
          const gsize at_k = i + k * VN / 2;
          VD b[4], centre, strength, width, phase, cut;

          for (int c = 0; c < 4; c++)
            b[c] = v_itod (k == 0 ? v_loi (bytes[c]) : v_hii (bytes[c]));
          WOOD_PORE_ROW_SHAPE (j[k], u[k], b[0], b[1], b[2], b[3], MAX (p->dash_cells, 1),
                               centre, strength, width, phase, cut);
          v_stored (t->centre + at_k, centre);
          v_stored (t->strength + at_k, strength);
          v_stored (t->width + at_k, width);
          v_stored (t->phase + at_k, phase);
          v_stored (t->cut + at_k, cut);
        }
    }
}

/* swell's value: the rows' noise along x through their ramp and smooth
 * step */
static inline void
swell (const WoodPoreLinesRow *p, VU seed, const VD phase[2], const VD cut[2], const VD x[2],
       VD s[2])
{
  VD n[2] = { v_splatd (0.0), v_splatd (0.0) }, xt[2];

  for (int h = 0; h < 2; h++)
    xt[h] = x[h] / p->dash_length;
  for (int k = 0, f = 1; k < OCTAVES; k++, f *= 3)
    {
      VD at[2], nk[2];

      for (int h = 0; h < 2; h++)
        at[h] = (double) f * (xt[h] + phase[h]) + octave_phase[k];
      v_wood_noise_1d (seed + (guint32) k, f * p->dash_cells, at, nk, NULL);
      for (int h = 0; h < 2; h++)
        n[h] += octave_weight[k] * nk[h];
    }
  for (int h = 0; h < 2; h++)
    {
      const VD e = WOOD_PORE_RAMP (n[h], cut[h]);

      s[h] = v_seld ((VL) (e <= 0.0), v_splatd (0.0),
                     v_seld ((VL) (e >= 1.0), v_splatd (1.0), e * e * (3.0 - 2.0 * e)));
    }
}

gsize
WOOD_PORE_RECALL_NAME (TSR_ISA) (const WoodPorePairs *q, gsize np, gint32 j0,
                                 const WoodPoreMemo *memo, gsize start, double *s, gint32 *miss)
{
  const guint32 *memo_j = (const guint32 *) &memo->j[0][0];
  const double *memo_s = &memo->s[0][0];
  gsize nm = 0;

  for (gsize i = 0; i < np; i += VN)
    {
      VI sample, row;

      memcpy (&sample, q->sample + i, sizeof sample);
      memcpy (&row, q->row + i, sizeof row);
      const VI j = row + j0;
      const VI at = (j & (WOOD_PORE_MEMO - 1)) * TSR_CHUNK + sample + (gint32) start;
      const VI known = (VI) (v_gatheru (memo_j, at) == (VU) j);
      VI lane;

      for (int l = 0; l < VN; l++)
        lane[l] = (gint32) i + l;
      v_stored (s + i, v_gatherd (memo_s, v_loi (at)));
      v_stored (s + i + VN / 2, v_gatherd (memo_s, v_hii (at)));
      for (guint32 bits = v_lane_bits (~known & (VI) (lane < (gint32) np)); bits != 0;
           bits &= bits - 1)
        miss[nm++] = (gint32) i + __builtin_ctz (bits);
    }
  return nm;
}

void
WOOD_PORE_SWELL_NAME (TSR_ISA) (const WoodPoreLinesRow *p, const WoodPorePairs *q, gsize n,
                                double *s)
{
  const WoodPoreTable *t = q->table;

  for (gsize i = 0; i < n; i += VN)
    {
      VI sample, row;
      VD x[2], phase[2], cut[2], sw[2];

      memcpy (&sample, q->sample + i, sizeof sample);
      memcpy (&row, q->row + i, sizeof row);
      for (int h = 0; h < 2; h++)
        {
          const VIH si = h == 0 ? v_loi (sample) : v_hii (sample);
          const VIH ri = h == 0 ? v_loi (row) : v_hii (row);

          x[h] = v_gatherd (q->x, si);
          phase[h] = v_gatherd (t->phase, ri);
          cut[h] = v_gatherd (t->cut, ri);
        }
      swell (p, v_gatheru (t->seed, row), phase, cut, x, sw);
      for (int h = 0; h < 2; h++)
        v_stored (s + i + h * VN / 2, sw[h]);
    }
}

void
WOOD_PORE_TERMS_NAME (TSR_ISA) (const WoodPorePairs *q, const double *s, gsize n, double *term)
{
  const WoodPoreTable *t = q->table;

  for (gsize i = 0; i < n; i += VN)
    {
      VI sample, row;

      memcpy (&sample, q->sample + i, sizeof sample);
      memcpy (&row, q->row + i, sizeof row);
      for (int h = 0; h < 2; h++)
        {
          const VIH si = h == 0 ? v_loi (sample) : v_hii (sample);
          const VIH ri = h == 0 ? v_loi (row) : v_hii (row);
          const VD sw = v_loadd (s + i + h * VN / 2);
          const VD centre = v_gatherd (t->centre, ri), lo = v_gatherd (q->lo, si);
          const VD hi = v_gatherd (q->hi, si);
          const VD hw = v_gatherd (t->width, ri) * (TAPER + (1.0 - TAPER) * sw)
                        * v_gatherd (q->thin, si);
          const VD t_lo = (lo - centre) / hw, t_hi = (hi - centre) / hw;
          const VD area = v_tent_integral (t_hi) - v_tent_integral (t_lo);
          const VD dark = v_gatherd (t->strength, ri) * sw;

          v_stored (term + i + h * VN / 2,
                    v_seld ((VL) (sw > 0.0), dark * hw * area, v_splatd (0.0)));
        }
    }
}
