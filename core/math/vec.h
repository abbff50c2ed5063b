/* Vector toolkit of the row kernels: GCC vector-extension types at the
 * width of the instruction set the including file is compiled for, and
 * the generic helpers on them.
 *
 * Vector extensions rather than loops left to the auto-vectoriser: GCC 12
 * vectorised such loops and GCC 14 did not (with -ftrapping-math it will
 * not if-convert a branch holding a float operation, and it sinks the
 * additions of selects like "f + (f < 0 ? 1 : 0)" into branches), so they
 * ran scalar, 3.5 to 5 times slower.  Here every operation is spelled out
 * on whole vectors, compiled the same by GCC 12, GCC 14 and clang, at -O0
 * as at -O3.
 *
 * VN is the number of float lanes: TSR_VN when the build sets it (one
 * library per instruction set, core/meson.build), else the widest the
 * compiler targets.  VF / VI / VU are vectors of VN floats / int32 /
 * uint32, VD / VL of VN / 2 doubles / int64 (the same size in bytes: a
 * vector of samples' double coordinates is two VD), VFH / VIH of VN / 2
 * floats / int32.  Masks are integer vectors of -1 / 0 (the result of a
 * vector comparison); selects are bitwise, so no compiler turns them into
 * branches.  Scalars in vector expressions are broadcast and the operation
 * is the scalar one on every lane.  Where an x86 instruction does exactly
 * what the scalar code does (MAXPS is "a > b ? a : b", SQRTPS is sqrtf) it
 * is used through its intrinsic, with a generic fallback elsewhere.
 *
 * Why one width per compilation rather than one wide type: GCC lowers an
 * operation on vectors wider than the target's registers piece by piece,
 * but comparisons of such vectors lane by lane, in scalar code.
 */
#ifndef TSR_VEC_H
#define TSR_VEC_H

#include <math.h>
#include <string.h>

#include <glib.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define TSR_VEC_X86 1
#else
#define TSR_VEC_X86 0
#endif

#if defined(__GNUC__) && !defined(__clang__)
/* Vector arguments change the ABI between instruction sets; every
 * function here is static to its file, so no call crosses one. */
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

#if defined(TSR_VN)
#define VN TSR_VN
#elif defined(__AVX512F__)
#define VN 16
#elif defined(__AVX2__)
#define VN 8
#else
#define VN 4
#endif

typedef float   VF  __attribute__ ((vector_size (4 * VN)));
typedef gint32  VI  __attribute__ ((vector_size (4 * VN)));
typedef guint32 VU  __attribute__ ((vector_size (4 * VN)));
typedef double  VD  __attribute__ ((vector_size (4 * VN)));
typedef gint64  VL  __attribute__ ((vector_size (4 * VN)));
typedef float   VFH __attribute__ ((vector_size (2 * VN)));
typedef gint32  VIH __attribute__ ((vector_size (2 * VN)));

/* Lane index lists for __builtin_shufflevector, and the x86 intrinsics
 * of this width: TSR_VX (max, ps) is _mm512_max_ps, _mm256_max_ps or
 * _mm_max_ps. */
#if VN == 16
#define TSR_VIDX_ALL 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
#define TSR_VIDX_LO  0, 1, 2, 3, 4, 5, 6, 7
#define TSR_VIDX_HI  8, 9, 10, 11, 12, 13, 14, 15
#define TSR_VX(op, t) _mm512_##op##_##t
#define TSR_VXF __m512
#define TSR_VXD __m512d
#define TSR_VXI __m512i
#elif VN == 8
#define TSR_VIDX_ALL 0, 1, 2, 3, 4, 5, 6, 7
#define TSR_VIDX_LO  0, 1, 2, 3
#define TSR_VIDX_HI  4, 5, 6, 7
#define TSR_VX(op, t) _mm256_##op##_##t
#define TSR_VXF __m256
#define TSR_VXD __m256d
#define TSR_VXI __m256i
#elif VN == 4
#define TSR_VIDX_ALL 0, 1, 2, 3
#define TSR_VIDX_LO  0, 1
#define TSR_VIDX_HI  2, 3
#define TSR_VX(op, t) _mm_##op##_##t
#define TSR_VXF __m128
#define TSR_VXD __m128d
#define TSR_VXI __m128i
#else
#error "VN must be 4, 8 or 16"
#endif

#define TSR_VINLINE static inline __attribute__ ((always_inline, unused))

/* Full unrolling of the short loops over taps, cells or lanes, so that
 * their vectors stay in registers (GCC -O2 unrolls only tiny loops). */
#define TSR_PRAGMA(x)   _Pragma (#x)
#define TSR_UNROLL(n)   TSR_PRAGMA (GCC unroll n)

/* Broadcasts, through the bits (x + 0 would turn -0 into +0). */
TSR_VINLINE VF
v_splatf (float x)
{
  guint32 u;

  memcpy (&u, &x, sizeof u);
  return (VF) ((VU) { 0 } + u);
}

TSR_VINLINE VI
v_splati (gint32 x)
{
  return (VI) { 0 } + x;
}

TSR_VINLINE VD
v_splatd (double x)
{
  guint64 u;

  memcpy (&u, &x, sizeof u);
  return (VD) ((VL) { 0 } + (gint64) u);
}

/* Lane numbers 0 .. VN - 1. */
TSR_VINLINE VI
v_iota (void)
{
  return (VI) { TSR_VIDX_ALL };
}

TSR_VINLINE VF
v_sel (VI m, VF a, VF b)
{
  return (VF) (((VI) a & m) | ((VI) b & ~m));
}

TSR_VINLINE VI
v_seli (VI m, VI a, VI b)
{
  return (a & m) | (b & ~m);
}

TSR_VINLINE VD
v_seld (VL m, VD a, VD b)
{
  return (VD) (((VL) a & m) | ((VL) b & ~m));
}

/* a > b ? a : b and a < b ? a : b, exactly (b when unordered or both
 * zero: the x86 MAXPS / MINPS rule, one instruction there). */
TSR_VINLINE VF
v_maxf (VF a, VF b)
{
#if TSR_VEC_X86
  return (VF) TSR_VX (max, ps) ((TSR_VXF) a, (TSR_VXF) b);
#else
  return v_sel (a > b, a, b);
#endif
}

TSR_VINLINE VF
v_minf (VF a, VF b)
{
#if TSR_VEC_X86
  return (VF) TSR_VX (min, ps) ((TSR_VXF) a, (TSR_VXF) b);
#else
  return v_sel (a < b, a, b);
#endif
}

TSR_VINLINE VD
v_maxd (VD a, VD b)
{
#if TSR_VEC_X86
  return (VD) TSR_VX (max, pd) ((TSR_VXD) a, (TSR_VXD) b);
#else
  return v_seld (a > b, a, b);
#endif
}

TSR_VINLINE VD
v_mind (VD a, VD b)
{
#if TSR_VEC_X86
  return (VD) TSR_VX (min, pd) ((TSR_VXD) a, (TSR_VXD) b);
#else
  return v_seld (a < b, a, b);
#endif
}

TSR_VINLINE VI
v_maxi (VI a, VI b)
{
#if TSR_VEC_X86 && VN >= 8
  return (VI) TSR_VX (max, epi32) ((TSR_VXI) a, (TSR_VXI) b);
#else
  return v_seli (a > b, a, b);
#endif
}

TSR_VINLINE VI
v_mini (VI a, VI b)
{
#if TSR_VEC_X86 && VN >= 8
  return (VI) TSR_VX (min, epi32) ((TSR_VXI) a, (TSR_VXI) b);
#else
  return v_seli (a < b, a, b);
#endif
}

/* m ? x : 0 for a float constant x (an and, no select). */
TSR_VINLINE VF
v_maskf (VI m, float x)
{
  return (VF) (m & (VI) v_splatf (x));
}

TSR_VINLINE VD
v_maskd (VL m, double x)
{
  return (VD) (m & (VL) v_splatd (x));
}

/* Whether any lane of a mask is set. */
TSR_VINLINE gboolean
v_any (VI m)
{
#if TSR_VEC_X86 && VN == 16
  return _mm512_test_epi32_mask ((__m512i) m, (__m512i) m) != 0;
#elif TSR_VEC_X86 && VN == 8
  return !_mm256_testz_si256 ((__m256i) m, (__m256i) m);
#elif TSR_VEC_X86 && defined(__SSE2__)
  return _mm_movemask_epi8 ((__m128i) m) != 0;
#else
  guint64 w[VN / 2], acc = 0;

  memcpy (w, &m, sizeof w);
  for (int k = 0; k < VN / 2; k++)
    acc |= w[k];
  return acc != 0;
#endif
}

TSR_VINLINE VF
v_loadf (const float *p)
{
  VF v;

  memcpy (&v, p, sizeof v);
  return v;
}

TSR_VINLINE VI
v_loadi (const gint32 *p)
{
  VI v;

  memcpy (&v, p, sizeof v);
  return v;
}

TSR_VINLINE VD
v_loadd (const double *p)
{
  VD v;

  memcpy (&v, p, sizeof v);
  return v;
}

TSR_VINLINE void
v_storef (float *p, VF v)
{
  memcpy (p, &v, sizeof v);
}

TSR_VINLINE void
v_storei (gint32 *p, VI v)
{
  memcpy (p, &v, sizeof v);
}

/* Loads the first m (<= VN) floats, the other lanes 0. */
TSR_VINLINE VF
v_load_part (const float *src, gsize m)
{
  float buf[VN] = { 0 };

  if (m >= VN)
    return v_loadf (src);
  memcpy (buf, src, m * sizeof (float));
  return v_loadf (buf);
}

/* Stores the first m (<= VN) lanes. */
TSR_VINLINE void
v_store_part (float *dst, gsize m, VF v)
{
  if (m >= VN)
    v_storef (dst, v);
  else
    {
      float buf[VN];

      v_storef (buf, v);
      memcpy (dst, buf, m * sizeof (float));
    }
}

/* Halves and their concatenation. */
TSR_VINLINE VF
v_catf (VFH lo, VFH hi)
{
  return __builtin_shufflevector (lo, hi, TSR_VIDX_ALL);
}

TSR_VINLINE VI
v_cati (VIH lo, VIH hi)
{
  return __builtin_shufflevector (lo, hi, TSR_VIDX_ALL);
}

TSR_VINLINE VIH
v_loi (VI v)
{
  return __builtin_shufflevector (v, v, TSR_VIDX_LO);
}

TSR_VINLINE VIH
v_hii (VI v)
{
  return __builtin_shufflevector (v, v, TSR_VIDX_HI);
}

TSR_VINLINE VFH
v_lof (VF v)
{
  return __builtin_shufflevector (v, v, TSR_VIDX_LO);
}

TSR_VINLINE VFH
v_hif (VF v)
{
  return __builtin_shufflevector (v, v, TSR_VIDX_HI);
}

/* Conversions, lane by lane as the C casts (in range: truncation toward
 * zero for double -> int, round to nearest for double -> float). */
TSR_VINLINE VIH
v_dtoi (VD v)
{
  return __builtin_convertvector (v, VIH);
}

TSR_VINLINE VD
v_itod (VIH v)
{
#if TSR_VEC_X86 && VN == 16
  return (VD) _mm512_cvtepi32_pd ((__m256i) v);
#elif TSR_VEC_X86 && VN == 8
  return (VD) _mm256_cvtepi32_pd ((__m128i) v);
#else
  return __builtin_convertvector (v, VD);
#endif
}

/* (double) (gint32) v for |v| < 2^31, but for the sign of a zero result
 * (-0 for v in (-1, -0]): every use adds or subtracts it in a way that
 * gives the same value either way. */
TSR_VINLINE VD
v_trunc_d (VD v)
{
#if TSR_VEC_X86 && VN == 16
  return (VD) _mm512_roundscale_pd ((__m512d) v,
                                    _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
#elif TSR_VEC_X86 && VN == 8
  return (VD) _mm256_round_pd ((__m256d) v,
                               _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
#else
  return v_itod (v_dtoi (v));
#endif
}

TSR_VINLINE VFH
v_dtof (VD v)
{
  return __builtin_convertvector (v, VFH);
}

TSR_VINLINE VD
v_ftod (VFH v)
{
  return __builtin_convertvector (v, VD);
}

TSR_VINLINE VF
v_itof (VI v)
{
  return __builtin_convertvector (v, VF);
}

/* floor (v) for |v| < 2^31, as doubles holding integers (tsr_floor_d). */
TSR_VINLINE VD
v_floor_d (VD v)
{
  VD t = v_trunc_d (v);

  return t + v_maskd (v < t, -1.0);
}

/* sqrtf and fabsf, lane by lane (IEEE square root: exact rounding). */
TSR_VINLINE VF
v_sqrtf (VF v)
{
#if TSR_VEC_X86 && VN == 16
  return (VF) _mm512_sqrt_ps ((__m512) v);
#elif TSR_VEC_X86 && VN == 8
  return (VF) _mm256_sqrt_ps ((__m256) v);
#elif TSR_VEC_X86 && defined(__SSE__)
  return (VF) _mm_sqrt_ps ((__m128) v);
#else
  VF r = v;

  for (int k = 0; k < VN; k++)
    r[k] = sqrtf (v[k]);
  return r;
#endif
}

TSR_VINLINE VF
v_absf (VF v)
{
  return (VF) ((VU) v & 0x7fffffffu);
}

/* sqrt and fabs of doubles, lane by lane. */
TSR_VINLINE VD
v_sqrtd (VD v)
{
#if TSR_VEC_X86 && VN == 16
  return (VD) _mm512_sqrt_pd ((__m512d) v);
#elif TSR_VEC_X86 && VN == 8
  return (VD) _mm256_sqrt_pd ((__m256d) v);
#elif TSR_VEC_X86 && defined(__SSE2__)
  return (VD) _mm_sqrt_pd ((__m128d) v);
#else
  VD r = v;

  for (int k = 0; k < VN / 2; k++)
    r[k] = sqrt (v[k]);
  return r;
#endif
}

TSR_VINLINE VD
v_absd (VD v)
{
  return (VD) ((VL) v & (gint64) 0x7fffffffffffffffLL);
}

/* Loads and stores of VN / 2 floats as doubles (exact both ways but for
 * the rounding to float of a store). */
TSR_VINLINE VD
v_loadf_d (const float *p)
{
  VFH h;

  memcpy (&h, p, sizeof h);
  return v_ftod (h);
}

TSR_VINLINE void
v_store_d_f (float *p, VD v)
{
  VFH h = v_dtof (v);

  memcpy (p, &h, sizeof h);
}

/* x with its sign flipped where `bit` (0 or 0x80000000) is set. */
TSR_VINLINE VF
v_flipf (VF x, VU bit)
{
  return (VF) ((VU) x ^ bit);
}

/* All ones where bit `b` of h is set. */
TSR_VINLINE VI
v_bit (VU h, int b)
{
  return -(VI) ((h >> b) & 1u);
}

/* Table lookups.  v_lookup (t + base, rel) == t[base + rel[k]] for
 * 0 <= rel[k] < VN: one register permutation (t + base must be readable
 * for VN floats). */
TSR_VINLINE VF
v_lookup (const float *t, VI rel)
{
#if defined(__clang__)
  VF r;

  for (int k = 0; k < VN; k++)
    r[k] = t[rel[k]];
  return r;
#else
  return __builtin_shuffle (v_loadf (t), rel);
#endif
}

/* t[idx[k]] for every lane (idx >= 0, within t): loads, so the same
 * bits whichever way. */
TSR_VINLINE VF
v_gather (const float *t, VI idx)
{
#if TSR_VEC_X86 && VN == 16 && defined(__AVX512F__)
  return (VF) _mm512_i32gather_ps ((__m512i) idx, t, 4);
#elif TSR_VEC_X86 && VN == 8 && defined(__AVX2__)
  return (VF) _mm256_i32gather_ps (t, (__m256i) idx, 4);
#else
  VF r;

  for (int k = 0; k < VN; k++)
    r[k] = t[idx[k]];
  return r;
#endif
}

#endif
