/* Private entry points of the noise bases (not installed, not API).
 *
 * Each basis is two files: noise-BASIS.c, its raw samples (double,
 * compiled once), and noise-BASIS-rows.c, its row kernels, written with
 * the vector toolkit (vec.h, noise-vec.h) and compiled by core/meson.build
 * once per instruction set: the baseline (SSE2 on x86-64: 4 float lanes),
 * AVX2 (8) and AVX-512F (16).  A row-kernel object exports one symbol, its
 * basis' TsrRowKernels for that set; noise.c's basis table lists them and
 * picks the widest the CPU has.  Every lane performs the same IEEE
 * operations as the scalar reference (noise-internal.h), in the same
 * order, and without FMA contraction (-ffp-contract=off), so every set
 * gives the same bits (bench-noise --checksum, the noise-checksum tests).
 */
#ifndef TSR_NOISE_KERNELS_H
#define TSR_NOISE_KERNELS_H

#include <glib.h>

#include "noise/noise.h"

G_BEGIN_DECLS

/* What a row kernel does with its samples v[i]: store them (sink NULL
 * or TSR_SINK_STORE), or add them to a running fractal sum, out[i] +=
 * a * (v[i] - center) (TSR_SINK_FBM) or a * fabsf (v[i] - center)
 * (TSR_SINK_TURBULENCE): the float operations of the fractal layer's own
 * loops, in the same order, so the same bits.  A gradient (dx, dy) goes
 * into its running sum likewise: gx[i] += ax * dx[i] (fBm), or
 * copysignf (ax, v[i] - center) * dx[i] (turbulence), and gy with ay. */
typedef enum
{
  TSR_SINK_STORE,
  TSR_SINK_FBM,
  TSR_SINK_TURBULENCE
} TsrSinkMode;

typedef struct
{
  TsrSinkMode mode;
  float       a, center;
  float       ax, ay;     /* the gradient's factors */
} TsrSink;

/* Rows of constant y with x an affine function of the given coordinates:
 * v[i] = noise (x[i] * sx + ox, y), the product and sum in double
 * without contraction, so exactly tsr_noise2_row of the arrays a caller
 * would have computed, put into out[] as sink says.  The fractal layer's
 * fast path (no domain warp): no coordinate arrays, no test for a
 * constant y, no separate accumulation pass.  noise.c. */
void   tsr_noise2_row_affine (TsrBasis basis, const TsrNoise2D *cfg,
                              const double *x, double sx, double ox,
                              double y, gsize n, const TsrSink *sink,
                              float *out);

/* tsr_noise2_row_affine of `rows` rows at y[0 .. rows), all of the same
 * x, row k into out + k * stride: what a block of texture rows shares
 * (the split of x, the columns' hashes) is then worked out once. */
void   tsr_noise2_rows_affine (TsrBasis basis, const TsrNoise2D *cfg,
                               const double *x, double sx, double ox,
                               const double *y, gsize rows, gsize n,
                               const TsrSink *sink, float *out,
                               gsize stride);

/* tsr_noise2_row_grad of `rows` rows at y[0 .. rows) of the x at
 * x[i] * sx + ox (as tsr_noise2_row_affine computes them), row k's
 * values and gradient put at out, gx, gy + k * stride as sink says. */
void   tsr_noise2_rows_affine_grad (TsrBasis basis, const TsrNoise2D *cfg,
                                    const double *x, double sx, double ox,
                                    const double *y, gsize rows, gsize n,
                                    const TsrSink *sink, float *out, float *gx,
                                    float *gy, gsize stride);

/* tsr_noise2_row_grad (gx NULL: tsr_noise2_row) of the points
 * (x[i] * sx + ox, y[i] * sy + oy), each product and sum in double
 * without contraction, as a caller would compute them: a warped
 * fractal's octaves without their coordinate arrays. */
void   tsr_noise2_row_maps (TsrBasis basis, const TsrNoise2D *cfg, const double *x,
                            double sx, double ox, const double *y, double sy, double oy,
                            gsize n, float *out, float *gx, float *gy);

/* One basis' row kernels for one instruction set. */
typedef struct
{
  /* tsr_noise2_row */
  void (*row)        (const TsrNoise2D *cfg, const double *x,
                      const double *y, gsize n, float *out);
  /* tsr_noise2_row_affine; NULL: noise.c computes the coordinates and
   * calls row */
  void (*row_affine) (const TsrNoise2D *cfg, const double *x, double sx,
                      double ox, double y, gsize n, const TsrSink *sink,
                      float *out);
  /* tsr_noise2_rows_affine; NULL: noise.c calls row_affine row by row */
  void (*rows_affine) (const TsrNoise2D *cfg, const double *x, double sx,
                       double ox, const double *y, gsize rows, gsize n,
                       const TsrSink *sink, float *out, gsize stride);
  /* tsr_noise2_row_grad */
  void (*row_grad)   (const TsrNoise2D *cfg, const double *x,
                      const double *y, gsize n, float *out, float *gx,
                      float *gy);
  /* tsr_noise2_rows_affine_grad; NULL: noise.c computes each row's
   * coordinates and calls row_grad */
  void (*rows_affine_grad) (const TsrNoise2D *cfg, const double *x, double sx,
                            double ox, const double *y, gsize rows, gsize n,
                            const TsrSink *sink, float *out, float *gx,
                            float *gy, gsize stride);
  /* tsr_noise2_row_maps; NULL: noise.c computes the coordinates and
   * calls row or row_grad */
  void (*row_maps)   (const TsrNoise2D *cfg, const double *x, double sx, double ox,
                      const double *y, double sy, double oy, gsize n, float *out,
                      float *gx, float *gy);
} TsrRowKernels;

typedef enum
{
  TSR_ISA_BASE,     /* the build's own flags: SSE2 on x86-64 */
  TSR_ISA_AVX2,
  TSR_ISA_AVX512,
  TSR_ISA_COUNT
} TsrIsa;

/* The widest set the CPU has (TSR_NOISE_SIMD=sse2 or avx2 caps it), the
 * one every row kernel of a process uses. */
TsrIsa tsr_row_isa (void);

/* Which of a kernel's three builds (of one type) tsr_row_isa picks; the
 * base one where the library has only that (TSR_MULTI_ISA 0: the other
 * names are not even defined). */
#if TSR_MULTI_ISA
#define TSR_ISA_PICK(base, avx2, avx512)                                      \
  (tsr_row_isa () == TSR_ISA_AVX512 ? (avx512)                                \
   : tsr_row_isa () == TSR_ISA_AVX2 ? (avx2) : (base))
#else
#define TSR_ISA_PICK(base, avx2, avx512) (base)
#endif

/* A kernel table's three builds, NAME_base, NAME_avx2 and NAME_avx512
 * (each kernel file defines its own, NAME_##TSR_ISA). */
#define TSR_DECLARE_ISA_KERNELS(type, name)                                   \
  extern const type name##_base;                                              \
  extern const type name##_avx2;                                              \
  extern const type name##_avx512

/* The kernel tables, tsr_BASIS_rows_ISA.  A row-kernel file defines its
 * own with TSR_ROW_KERNELS (BASIS) = { ... }; TSR_ISA (base, avx2 or
 * avx512) comes from core/meson.build. */
#define TSR_ROWS_NAME_(basis, isa) tsr_##basis##_rows_##isa
#define TSR_ROWS_NAME(basis, isa)  TSR_ROWS_NAME_ (basis, isa)
#define TSR_ROW_KERNELS(basis) \
  const TsrRowKernels TSR_ROWS_NAME (basis, TSR_ISA)

/* Each basis' kernel tables (noise-BASIS-rows.c) and raw samples
 * (noise-BASIS.c: tsr_noise_sample of one basis), named by the STEM of
 * its line in param-list.h. */
#define TSR_DECLARE_BASIS(id, name, label, stem, std)                          \
  extern const TsrRowKernels TSR_ROWS_NAME (stem, base);                       \
  extern const TsrRowKernels TSR_ROWS_NAME (stem, avx2);                       \
  extern const TsrRowKernels TSR_ROWS_NAME (stem, avx512);                     \
  double tsr_##stem##_sample (guint32 seed, int dims, const double *p);
TSR_BASIS_LIST (TSR_DECLARE_BASIS)
#undef TSR_DECLARE_BASIS

G_END_DECLS

#endif
