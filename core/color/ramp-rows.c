/* The colour map's row kernel (ramp-rows.h), written with the vector
 * toolkit (vec.h) and compiled once per instruction set (core/meson.build):
 * VN values' places in the sampled ramp at a time, then their pixels a
 * vector at a time (VN / 4 pixels: four in AVX-512's, two in AVX2's, one
 * in SSE2's), each the blend of its two table entries.  In each lane the
 * operations of tsr_lut_px in its order: the same bits at any width. */
#include "color/ramp-rows.h"
#include "math/vec.h"

/* pixels a vector holds */
#define PX (VN / 4)

/* Where VN values fall in the table: each one's entry as a float offset
 * (4 k), and the blend fractions returned. */
TSR_VINLINE VF
ramp_spots (const float *v, VI *at)
{
  const VF t = v_loadf (v) * (float) TSR_RAMP_LUT;
  const VI k = v_mini (__builtin_convertvector (t, VI), v_splati (TSR_RAMP_LUT - 1));

  *at = k * 4;
  return t - v_itof (k);
}

/* The table entries at offsets at[0 .. PX) (shifted by `next`, 4 for the
 * entries after), a pixel each, as one vector. */
TSR_VINLINE VF
ramp_entries (const float *lut, const gint32 *at, int next)
{
#if TSR_VEC_X86 && VN == 16
  __m512 r = _mm512_castps128_ps512 (_mm_loadu_ps (lut + at[0] + next));

  r = _mm512_insertf32x4 (r, _mm_loadu_ps (lut + at[1] + next), 1);
  r = _mm512_insertf32x4 (r, _mm_loadu_ps (lut + at[2] + next), 2);
  return (VF) _mm512_insertf32x4 (r, _mm_loadu_ps (lut + at[3] + next), 3);
#elif TSR_VEC_X86 && VN == 8
  return (VF) _mm256_insertf128_ps (_mm256_castps128_ps256 (_mm_loadu_ps (lut + at[0] + next)),
                                    _mm_loadu_ps (lut + at[1] + next), 1);
#else
  VF r;

  for (int p = 0; p < PX; p++)
    memcpy ((float *) &r + 4 * p, lut + at[p] + next, 4 * sizeof (float));
  return r;
#endif
}

/* Lanes 4 (g PX + p) .. 4 (g PX + p) + 3 all lane g PX + p of x: each
 * pixel of group g its own value. */
TSR_VINLINE VF
ramp_spread (VF x, int g)
{
#if defined(__clang__)
  VF r;

  for (int k = 0; k < VN; k++)
    r[k] = x[(k >> 2) + g * PX];
  return r;
#else
  return __builtin_shuffle (x, (v_iota () >> 2) + g * PX);
#endif
}

/* A vector of pixels into rgba, past the caches with stream (rgba then
 * aligned to the vector). */
TSR_VINLINE void
ramp_store (float *rgba, VF px, gboolean stream)
{
#if TSR_VEC_X86
  if (stream)
    {
      TSR_VX (stream, ps) (rgba, (TSR_VXF) px);
      return;
    }
#endif
  v_storef (rgba, px);
}

/* One pixel, alone: the head before the streaming stores' alignment and
 * the tail. */
TSR_VINLINE void
ramp_pixel (const float (*lut)[4], float v, const float *shade, float *rgba,
            gboolean stream)
{
  TsrPx4 px = tsr_lut_px (lut, v);

  if (shade != NULL)
    px *= (TsrPx4) { *shade, *shade, *shade, 1.0f };
  if (stream)
    tsr_stream_px (rgba, px);
  else
    tsr_store_px (rgba, px);
}

TSR_VINLINE void
ramp_row (const float (*lut)[4], const float *v, const float *shade, int n, float *rgba,
          gboolean stream)
{
  const VI alpha = (v_iota () & 3) == 3;
  int i = 0;

  /* whole vectors of pixels need their own alignment to stream */
  while (stream && i < n && ((guintptr) (rgba + 4 * (gsize) i) & (4 * VN - 1)) != 0)
    {
      ramp_pixel (lut, v[i], shade != NULL ? shade + i : NULL, rgba + 4 * (gsize) i, TRUE);
      i++;
    }
  for (; i + VN <= n; i += VN)
    {
      gint32 at[VN];
      VI spots;
      const VF f = ramp_spots (v + i, &spots);
      const VF s = shade != NULL ? v_loadf (shade + i) : v_splatf (1.0f);

      v_storei (at, spots);
      TSR_UNROLL (4)
      for (int g = 0; g < 4; g++)
        {
          const VF a = ramp_entries (&lut[0][0], at + g * PX, 0);
          const VF b = ramp_entries (&lut[0][0], at + g * PX, 4);
          VF px = a + (b - a) * ramp_spread (f, g);

          if (shade != NULL)
            px *= v_sel (alpha, v_splatf (1.0f), ramp_spread (s, g));
          ramp_store (rgba + 4 * (gsize) (i + g * PX), px, stream);
        }
    }
  for (; i < n; i++)
    ramp_pixel (lut, v[i], shade != NULL ? shade + i : NULL, rgba + 4 * (gsize) i, stream);
}

void
TSR_RAMP_ROW_NAME (TSR_ISA) (const float (*lut)[4], const float *v, const float *shade, int n,
                             float *rgba, gboolean stream)
{
  /* each case its own loop, without tests inside */
  if (shade != NULL && stream)
    ramp_row (lut, v, shade, n, rgba, TRUE);
  else if (shade != NULL)
    ramp_row (lut, v, shade, n, rgba, FALSE);
  else if (stream)
    ramp_row (lut, v, NULL, n, rgba, TRUE);
  else
    ramp_row (lut, v, NULL, n, rgba, FALSE);
}
