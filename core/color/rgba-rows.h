/* Rows of RGBA float pixels from planes of one value each, four pixels a
 * step in vectors (a pixel is one 16-byte store) rather than a lane at a
 * time: what the height and material maps write for every pixel. */
#ifndef TSR_RGBA_ROWS_H
#define TSR_RGBA_ROWS_H

#include <glib.h>

#if defined(__SSE__)
#include <immintrin.h>
#endif

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

/* A pixel's store past the caches (rgba 16-byte aligned): for rows far
 * larger than the caches that nobody reads soon, where a cached store
 * first reads each line from memory only to have it evicted unread.  The
 * writer calls tsr_stream_done before it hands its rows on. */
static inline void
tsr_stream_px (float *rgba, TsrPx4 px)
{
#if defined(__SSE__)
  _mm_stream_ps (rgba, (__m128) px);
#else
  tsr_store_px (rgba, px);
#endif
}

static inline void
tsr_stream_done (void)
{
#if defined(__SSE__)
  _mm_sfence ();
#endif
}

/* Whether rgba may take tsr_stream_px. */
static inline gboolean
tsr_stream_aligned (const float *rgba)
{
  return ((guintptr) rgba & 15) == 0;
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

/* The packed maps' pixels from two planes p and q and two constants k0,
 * k1: (p[i], q[i], k0, k1) for ORM, or with `mask` (k0, p[i], k1, 1 - q[i])
 * for Unity HDRP's mask map (`mask` a constant, so the choice folds). */
static inline void
tsr_rgba_two_planes_row (const float *p, const float *q, float k0, float k1, gboolean mask,
                         int n, float *rgba)
{
  const TsrPx4 k = { k0, k1, k0, k1 };
  int i = 0;

  for (; i + 4 <= n; i += 4)
    {
      const TsrPx4 vp = *(const TsrPx4Store *) (p + i), vq = *(const TsrPx4Store *) (q + i);
      const TsrPx4 vs = mask ? 1.0f - vq : vq;
      const TsrPx4 lo = __builtin_shuffle (vp, vs, (TsrPxIdx) { 0, 4, 1, 5 });   /* p0 s0 p1 s1 */
      const TsrPx4 hi = __builtin_shuffle (vp, vs, (TsrPxIdx) { 2, 6, 3, 7 });   /* p2 s2 p3 s3 */
      const TsrPxIdx first = mask ? (TsrPxIdx) { 4, 0, 5, 1 } : (TsrPxIdx) { 0, 1, 4, 5 };
      const TsrPxIdx second = mask ? (TsrPxIdx) { 4, 2, 5, 3 } : (TsrPxIdx) { 2, 3, 4, 5 };
      float *at = rgba + 4 * (gsize) i;

      tsr_store_px (at, __builtin_shuffle (lo, k, first));
      tsr_store_px (at + 4, __builtin_shuffle (lo, k, second));
      tsr_store_px (at + 8, __builtin_shuffle (hi, k, first));
      tsr_store_px (at + 12, __builtin_shuffle (hi, k, second));
    }
  for (; i < n; i++)
    tsr_store_px (rgba + 4 * (gsize) i, mask ? (TsrPx4) { k0, p[i], k1, 1.0f - q[i] }
                                             : (TsrPx4) { p[i], q[i], k0, k1 });
}

#endif
