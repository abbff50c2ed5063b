/* The sRGB curve's row kernel (linear-light-rows.h), written with the
 * vector toolkit (vec.h) and compiled once per instruction set
 * (core/meson.build).  In float, a whole vector of values at a time, with
 * no table lookups and no pow ():
 *
 *   ((v + 0.055) / 1.055)^2.4 = s^2.4 / 1.055^2.4,  s = v + 0.055,
 *
 * s split as 2^e m (m in [1, 2), e from -4 to 0), m^2.4 a polynomial
 * and 2^(2.4 e) / 1.055^2.4 one of five constants.  The addition's
 * rounding error is kept (two-sum) and put back to first order, so that
 * only the polynomial's and the multiplications' roundings remain:
 * within 3 ulps of the exact curve (tests/core/test-linear-light.c).  The
 * same operations in the same order in every lane, at every width: the
 * same bits on every instruction set.
 *
 * v up to 0.04045 is v / 12.92 rounded from double, as
 * tsr_linear_light_exact has it; above 1 and NaN (which the core never
 * renders) go to tsr_linear_light_exact one at a time. */
#include "color/linear-light-rows.h"
#include "math/vec.h"

/* 2^(2.4 e) / 1.055^2.4 for e = -4 .. 0, at e + 4. */
static const float binade_scale[16] = {
  (float) 0x1.290fb09a4969cp-10, (float) 0x1.87f9874283598p-8,
  (float) 0x1.029b5bf7268afp-5, (float) 0x1.553bdb32570c1p-3,
  (float) 0x1.c242be4ca346cp-1,
};

/* m^2.4 for m in [1, 2], as a polynomial in u = 2 m - 3 (Chebyshev
 * interpolation, relative error 7e-10). */
static const float m_power[] = {
  (float) 2.6461778006805154, (float) 2.1169422359861998, (float) 0.49395319047337372,
  (float) 0.021953535627929222, (float) -0.001097687204486258,
  (float) 0.00011686953043471801, (float) -1.6864434249859372e-05,
  (float) 3.1798669344210007e-06, (float) -6.1785008704032252e-07,
};

/* t[idx] for idx from 0 to 7 (t readable for VN floats, and 8). */
TSR_VINLINE VF
lookup8 (const float *t, VI idx)
{
#if VN >= 8
  return v_lookup (t, idx);
#else
  return v_sel (idx < 4, v_lookup (t, idx & 3), v_lookup (t + 4, idx & 3));
#endif
}

/* The curve above 0.04045 (and up to 1). */
TSR_VINLINE VF
power_part (VF v)
{
  const float c = 0.055f;
  /* within [1/16, 2): e from -4 to 0 for any v, the lanes outside the
   * span are replaced anyway */
  const VF s = v_minf (v_maxf (v + c, v_splatf (0x1p-4f)), v_splatf (0x1.fffffep0f));
  /* two-sum: s + err is v + c exactly; plus what c misses of 0.055 */
  const VF back = s - v;
  const VF err = (v - (s - back)) + (c - back) + (float) (0.055 - (double) 0.055f);
  const VI bits = (VI) s;
  const VI e4 = (bits >> 23) - (127 - 4);
  const VF m = (VF) ((bits & 0x7fffff) | 0x3f800000);
  const VF u = m * 2.0f - 3.0f;
  /* err / s to about a tenth: 2^-e times 1 / m taken as a line */
  const VF inverse_s = (VF) ((131 - e4) << 23) * (1.457f - 0.4714f * m);
  VF p = v_splatf (m_power[8]);

  for (int i = 7; i >= 0; i--)
    p = p * u + m_power[i];
  p = p * lookup8 (binade_scale, e4);
  return p + p * (2.4f * err * inverse_s);
}

/* The curve up to 0.04045: v / 12.92 in double, rounded to float. */
TSR_VINLINE VF
linear_part (VF v)
{
  const VD lo = v_ftod (v_lof (v)) / 12.92, hi = v_ftod (v_hif (v)) / 12.92;

  return v_catf (v_dtof (lo), v_dtof (hi));
}

/* One vector of values (m of them valid) from src into dst, the lanes of
 * keep as they are. */
TSR_VINLINE void
curve_vector (const float *src, float *dst, gsize m, VI keep)
{
  const VF v = v_load_part (src, m);
  /* the float nearest 0.04045 is below it: the same test as in double */
  const VI low = v <= 0x1.4b5dccp-5f;
  /* above 1, or NaN */
  const VI beyond = ~low & ~(v <= 1.0f) & ~keep;
  VF out = power_part (v);

  /* the division only where it is needed */
  if (v_any (low & ~keep))
    out = v_sel (low, linear_part (v), out);
  out = v_sel (keep, v, out);
  if (v_any (beyond))
    for (int k = 0; k < VN; k++)
      if (beyond[k])
        out[k] = tsr_linear_light_exact (v[k]);
  v_store_part (dst, m, out);
}

void
TSR_LINEAR_LIGHT_ROW_NAME (TSR_ISA) (const float *src, gsize n, gboolean rgba, float *dst)
{
  /* a vector starts on a pixel: VN is a multiple of 4 */
  const VI keep = rgba ? (v_iota () & 3) == 3 : v_splati (0);
  gsize i = 0;

  for (; i + VN <= n; i += VN)
    curve_vector (src + i, dst + i, VN, keep);
  if (i < n)
    curve_vector (src + i, dst + i, n - i, keep);
}
