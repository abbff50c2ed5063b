/* Vector twins of the wood's helpers (wood-internal.h) for its row
 * kernels (wood-*-rows.c): the same operations in the same order, in
 * double, on two halves of VN samples (two VD) whose hashes take one VI. */
#ifndef TSR_WOOD_VEC_H
#define TSR_WOOD_VEC_H

#include "noise/noise-vec.h"
#include "patterns/wood/wood-exp.h"
#include "patterns/wood/wood-internal.h"

/* wood_fibre's value */
TSR_VINLINE VD
v_fibre (VD f, VD strength)
{
  const VD c = 0.5 + 0.5 * f, dark = c * c;
  const VD bright = 1.0 + 0.25 * strength, q = 1.0 / (1.0 + 2.0 * strength * dark);

  return bright * q;
}

/* a float row's half h, widened (exactly) */
TSR_VINLINE VD
v_half (const float *at, int h)
{
  const VF v = v_loadf (at);

  return v_ftod (h == 0 ? v_lof (v) : v_hif (v));
}

/* The whole numbers first, first + 1 ... first + VN - 1 as two halves of
 * doubles, and wrapped to period (0: never) as one vector of integers. */
TSR_VINLINE VI
v_wood_run (double first, gint32 period, VD run[2])
{
  const double inv_period = period > 0 ? 1.0 / period : 0.0;
  VD lane = v_splatd (0.0);

  for (int l = 0; l < VN / 2; l++)
    lane[l] = l;
  for (int h = 0; h < 2; h++)
    run[h] = first + (double) (h * VN / 2) + lane;
  return v_cati (v_dtoi (v_wrap_whole_d (run[0], period, inv_period)),
                 v_dtoi (v_wrap_whole_d (run[1], period, inv_period)));
}

/* t[idx[k]] for a half's lanes (idx >= 0, within t): loads, so the same
 * bits whichever way */
TSR_VINLINE VD
v_gatherd (const double *t, VIH idx)
{
#if TSR_VEC_X86 && VN == 16 && defined(__AVX512F__)
  return (VD) _mm512_i32gather_pd ((__m256i) idx, t, 8);
#elif TSR_VEC_X86 && VN == 8 && defined(__AVX2__)
  return (VD) _mm256_i32gather_pd (t, (__m128i) idx, 8);
#else
  VD r;

  for (int k = 0; k < VN / 2; k++)
    r[k] = t[idx[k]];
  return r;
#endif
}

/* ... and t[idx[k]] of 32-bit numbers for every lane */
TSR_VINLINE VU
v_gatheru (const guint32 *t, VI idx)
{
#if TSR_VEC_X86 && VN == 16 && defined(__AVX512F__)
  return (VU) _mm512_i32gather_epi32 ((__m512i) idx, t, 4);
#elif TSR_VEC_X86 && VN == 8 && defined(__AVX2__)
  return (VU) _mm256_i32gather_epi32 ((const int *) t, (__m256i) idx, 4);
#else
  VU r;

  for (int k = 0; k < VN; k++)
    r[k] = t[idx[k]];
  return r;
#endif
}

/* tsr_hash_unit (tsr_hash1 (seed, i)) of two halves' whole numbers i
 * (the seed per lane) */
TSR_VINLINE void
v_wood_unit (VU seed, VD i[2], VD unit[2])
{
  v_hash_unit_d (TSR_HASH1_STEP (v_mix32, seed, (VU) v_cati (v_dtoi (i[0]), v_dtoi (i[1]))),
                 &unit[0], &unit[1]);
}

/* The lattice units a kernel's 1-D noise of one seed read last: along a
 * row its cells seldom change from one vector to the next, and then they
 * are not hashed again (the same numbers).  Zeroed: none yet. */
typedef struct
{
  gboolean have;
  VI       cell;
  VD       g0[2], g1[2];
} WoodLatticeKept;

/* wood_noise_1d at two halves' t, lattice points repeating every period
 * (0: never); its slope into slope[] when that is not NULL; the units
 * through kept when that is not NULL */
TSR_VINLINE void
v_wood_noise_1d_slope (VU seed, gint32 period, VD t[2], VD out[2], VD *slope,
                       WoodLatticeKept *kept)
{
  const double inv_period = period > 0 ? 1.0 / period : 0.0;
  VD cell[2], c0[2], c1[2], g0[2], g1[2];

  for (int h = 0; h < 2; h++)
    {
      cell[h] = v_floor_d (t[h]);
      c0[h] = v_wrap_whole_d (cell[h], period, inv_period);
      /* the next cell wrapped: one past c0, or 0 at the period */
      c1[h] = period > 0 ? v_seld ((VL) (c0[h] + 1.0 >= period), v_splatd (0.0), c0[h] + 1.0)
                         : cell[h] + 1.0;
    }
  const VI at = v_cati (v_dtoi (c0[0]), v_dtoi (c0[1]));

  if (kept != NULL && kept->have && !v_any ((VI) (at != kept->cell)))
    for (int h = 0; h < 2; h++)
      g0[h] = kept->g0[h], g1[h] = kept->g1[h];
  else
    {
      v_wood_unit (seed, c0, g0);
      v_wood_unit (seed, c1, g1);
      if (kept != NULL)
        {
          kept->have = TRUE, kept->cell = at;
          for (int h = 0; h < 2; h++)
            kept->g0[h] = g0[h], kept->g1[h] = g1[h];
        }
    }
  for (int h = 0; h < 2; h++)
    {
      const VD f = t[h] - cell[h], s = WOOD_FADE5 (f);
      const VD grad0 = 2.0 * g0[h] - 1.0, grad1 = 2.0 * g1[h] - 1.0;
      const VD a = grad0 * f, b = grad1 * (f - 1.0);

      out[h] = a + (b - a) * s;
      if (slope != NULL)
        slope[h] = grad0 + (grad1 - grad0) * s + (b - a) * (30.0 * f * f * (f - 1.0) * (f - 1.0));
    }
}

/* ... its value alone */
TSR_VINLINE void
v_wood_noise_1d (VU seed, gint32 period, VD t[2], VD out[2], WoodLatticeKept *kept)
{
  v_wood_noise_1d_slope (seed, period, t, out, NULL, kept);
}

/* wood_exp_neg, lane by lane */
TSR_VINLINE VD
v_wood_exp_neg (VD z)
{
  typedef guint64 VUL __attribute__ ((vector_size (sizeof (VD))));
  const VD zc = v_seld ((VL) (z < 700.0), z, v_splatd (700.0));
  const VD k = v_floor_d (zc * WOOD_EXP_INV_LN2 + 0.5);
  const VD r = (k * WOOD_EXP_LN2_HI - zc) + k * WOOD_EXP_LN2_LO;
  const VUL bits = (VUL) ((1023.0 - k) + WOOD_EXP_ROUND_BITS) << 52;

  return WOOD_EXP_POLY (r) * (VD) bits;
}

#endif
