/* Rows of RGBA float pixels from planes of one value each, four pixels a
 * step in vectors (a pixel is one 16-byte store) rather than a lane at a
 * time: what the height and material maps write for every pixel. */
#ifndef TSR_RGBA_ROWS_H
#define TSR_RGBA_ROWS_H

#include <glib.h>

typedef float TsrPx4 __attribute__ ((vector_size (16)));
typedef gint32 TsrPxIdx __attribute__ ((vector_size (16)));
/* a pixel's unaligned store (GCC turns memcpy of pixels, gathered, into
 * one copy through the stack) */
typedef float TsrPx4Store __attribute__ ((vector_size (16), aligned (4), may_alias));

static inline void
tsr_store_px (float *rgba, TsrPx4 px)
{
  *(TsrPx4Store *) rgba = px;
}

/* (g[i], g[i], g[i], 1) into rgba + 4 i, n pixels */
static inline void
tsr_rgba_grey_row (const float *g, int n, float *rgba)
{
  const TsrPx4 one = { 1.0f, 1.0f, 1.0f, 1.0f };
  int i = 0;

  for (; i + 4 <= n; i += 4)
    {
      const TsrPx4 v = *(const TsrPx4Store *) (g + i);
      float *at = rgba + 4 * (gsize) i;

      tsr_store_px (at, __builtin_shuffle (v, one, (TsrPxIdx) { 0, 0, 0, 4 }));
      tsr_store_px (at + 4, __builtin_shuffle (v, one, (TsrPxIdx) { 1, 1, 1, 4 }));
      tsr_store_px (at + 8, __builtin_shuffle (v, one, (TsrPxIdx) { 2, 2, 2, 4 }));
      tsr_store_px (at + 12, __builtin_shuffle (v, one, (TsrPxIdx) { 3, 3, 3, 4 }));
    }
  for (; i < n; i++)
    tsr_store_px (rgba + 4 * (gsize) i, (TsrPx4) { g[i], g[i], g[i], 1.0f });
}

/* (r[i], g[i], b, 1) into rgba + 4 i, n pixels */
static inline void
tsr_rgba_pack_row (const float *r, const float *g, float b, int n, float *rgba)
{
  const TsrPx4 b1 = { b, 1.0f, b, 1.0f };
  int i = 0;

  for (; i + 4 <= n; i += 4)
    {
      const TsrPx4 vr = *(const TsrPx4Store *) (r + i), vg = *(const TsrPx4Store *) (g + i);
      const TsrPx4 lo = __builtin_shuffle (vr, vg, (TsrPxIdx) { 0, 4, 1, 5 });   /* r0 g0 r1 g1 */
      const TsrPx4 hi = __builtin_shuffle (vr, vg, (TsrPxIdx) { 2, 6, 3, 7 });   /* r2 g2 r3 g3 */
      float *at = rgba + 4 * (gsize) i;

      tsr_store_px (at, __builtin_shuffle (lo, b1, (TsrPxIdx) { 0, 1, 4, 5 }));
      tsr_store_px (at + 4, __builtin_shuffle (lo, b1, (TsrPxIdx) { 2, 3, 4, 5 }));
      tsr_store_px (at + 8, __builtin_shuffle (hi, b1, (TsrPxIdx) { 0, 1, 4, 5 }));
      tsr_store_px (at + 12, __builtin_shuffle (hi, b1, (TsrPxIdx) { 2, 3, 4, 5 }));
    }
  for (; i < n; i++)
    tsr_store_px (rgba + 4 * (gsize) i, (TsrPx4) { r[i], g[i], b, 1.0f });
}

#endif
