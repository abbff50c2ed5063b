/* The pieces' profile kernels of the widest set the CPU has. */
#include "noise/noise-kernels.h"
#include "patterns/pieces/pieces-profile.h"

static const TsrPiecesKernels *
kernels (void)
{
  return TSR_ISA_PICK (&tsr_pieces_kernels_base, &tsr_pieces_kernels_avx2,
                       &tsr_pieces_kernels_avx512);
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

void
tsr_pieces_stone_row (TsrStoneCells *sc, const double *x, const double *y, gsize n,
                      TsrStoneEdges *out, gsize at)
{
  g_assert (n <= TSR_CHUNK && at + n <= TSR_CHUNK);
  kernels ()->stone (sc, x, y, n, out, at);
}

void
tsr_pieces_stone_depth_row (const TsrStoneEdges *e, gsize n, double radius, double half_gap,
                            float *depth, float *ddx, float *ddy)
{
  g_assert (n <= TSR_CHUNK);
  kernels ()->stone_depth (e, n, radius, half_gap, depth, ddx, ddy);
}
