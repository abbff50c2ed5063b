/* The pieces' profile kernels of the widest set the CPU has. */
#include "noise-kernels.h"
#include "pieces-profile.h"

static const TsrPiecesKernels *
kernels (void)
{
#if TSR_MULTI_ISA
  static const TsrPiecesKernels *const by_isa[TSR_ISA_COUNT] = {
    [TSR_ISA_BASE] = &tsr_pieces_kernels_base,
    [TSR_ISA_AVX2] = &tsr_pieces_kernels_avx2,
    [TSR_ISA_AVX512] = &tsr_pieces_kernels_avx512,
  };

  return by_isa[tsr_row_isa ()];
#else
  return &tsr_pieces_kernels_base;
#endif
}

void
tsr_pieces_profile_row (const TsrProfile *pf, const TsrProfileRow *row, gsize n, float *out,
                        float *gx, float *gy)
{
  g_assert (n <= TSR_CHUNK);
  kernels ()->profile (pf, row, n, out, gx, gy);
}

void
tsr_pieces_box_depth_row (const TsrPieceRow *pr, const double *x, const double *y, gsize n,
                          double *depth, double *ddx, double *ddy)
{
  g_assert (n <= TSR_CHUNK);
  kernels ()->box_depth (pr, x, y, n, depth, ddx, ddy);
}
