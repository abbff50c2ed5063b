/* Rock's power distances and borders (rock-power-rows.h), VN / 2 points
 * a step: the scalar sums in the same order in each lane, its "first
 * that is less" as a select, so the same bits at any width. */
#include "math/vec.h"
#include "patterns/rock/rock-power-rows.h"

G_STATIC_ASSERT (VN / 2 <= TSR_ROCK_POWER_PAD);

void
TSR_ROCK_POWER_NAME (TSR_ISA) (const TsrRockAround *ar, const double *x, const double *y,
                               gsize n, double *power, gsize stride, gint64 *nearest)
{
  for (gsize i = 0; i < n; i += VN / 2)
    {
      const VD px = v_loadd (x + i), py = v_loadd (y + i);
      VD best = v_splatd (G_MAXDOUBLE);
      VL which = (VL) { 0 };

      TSR_UNROLL (9)
      for (int k = 0; k < TSR_ROCK_AROUND; k++)
        {
          const VD ex = px - ar->sx[k], ey = py - ar->sy[k];
          const VD d = ex * ex + ey * ey - ar->sw[k];
          const VL less = d < best;

          memcpy (power + k * stride + i, &d, sizeof d);
          best = v_seld (less, d, best);
          which = (less & (gint64) k) | (which & ~less);
        }
      memcpy (nearest + i, &which, sizeof which);
    }
}

void
TSR_ROCK_BORDERS_NAME (TSR_ISA) (const TsrRockBisectors *bis, const double *power, gsize stride,
                                 int m, const guint8 *ks, int nk, gsize n, double *depth,
                                 double *nx, double *ny)
{
  for (gsize i = 0; i < n; i += VN / 2)
    {
      const VD pm = v_loadd (power + m * stride + i);
      VD best = v_splatd (G_MAXDOUBLE);
      VD bx = v_splatd (0.0), by = v_splatd (0.0);

      for (int c = 0; c < nk; c++)
        {
          const int k = ks[c];
          const VD b = (v_loadd (power + k * stride + i) - pm) * bis->inv_2len[k];
          const VL less = b < best;

          best = v_seld (less, b, best);
          bx = v_seld (less, v_splatd (bis->ux[k]), bx);
          by = v_seld (less, v_splatd (bis->uy[k]), by);
        }
      memcpy (depth + i, &best, sizeof best);
      memcpy (nx + i, &bx, sizeof bx);
      memcpy (ny + i, &by, sizeof by);
    }
}
