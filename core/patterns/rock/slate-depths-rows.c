/* Slate's slab depths (slate-depths-rows.h), VN / 2 points a step: the
 * scalar code's operations in the same order in each lane, its "first
 * side that is less" as a select, so the same bits at any width. */
#include "math/vec.h"
#include "patterns/rock/slate-depths-rows.h"

G_STATIC_ASSERT (VN / 2 <= TSR_SLAB_PAD);

void
TSR_SLAB_DEPTHS_NAME (TSR_ISA) (const TsrSlabSides *sl, const double *x, const double *y,
                                gsize n, double *depth, gint64 *side, double *u, double *v)
{
  for (gsize i = 0; i < n; i += VN / 2)
    {
      const VD dx = v_loadd (x + i) - sl->cx, dy = v_loadd (y + i) - sl->cy;
      const VD pu = sl->c * dx + sl->s * dy;
      const VD pv = -sl->s * dx + sl->c * dy;
      const VD px = v_loadd (x + i);
      const VL out = (px < sl->lo) | (px > sl->hi) | (dx * dx + dy * dy > sl->reach2);
      VD best = v_splatd (G_MAXDOUBLE);
      VL which = (VL) { 0 };

      TSR_UNROLL (6)
      for (int k = 0; k < TSR_SLAB_SIDES; k++)
        {
          const VD d = sl->off[k] - (sl->nx[k] * pu + sl->ny[k] * pv);
          const VL less = d < best;

          best = v_seld (less, d, best);
          which = (less & (gint64) k) | (which & ~less);
        }
      memcpy (depth + i, &best, sizeof best);
      which |= out;
      memcpy (side + i, &which, sizeof which);
      memcpy (u + i, &pu, sizeof pu);
      memcpy (v + i, &pv, sizeof pv);
    }
}
