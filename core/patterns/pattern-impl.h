/* What a pattern's file needs to define its TsrPattern. */
#ifndef TSR_PATTERN_IMPL_H
#define TSR_PATTERN_IMPL_H

#include <string.h>

#include "params/i18n.h"
#include "texture/texture-internal.h"

/* A pattern whose values and gradient come from one function,
 * body (tex, x, y, n, out, gx, gy) with gx and gy NULL for values only:
 * defines its TsrPatternEval `eval` and TsrPatternEvalGrad `eval_grad`. */
#define TSR_PATTERN_EVALS(eval, eval_grad, body)                                  \
  static void                                                                    \
  eval (const TsrTexture *tex, const double *x, const double *y, gsize n,        \
        float *out)                                                              \
  {                                                                              \
    body (tex, x, y, n, out, NULL, NULL);                                        \
  }                                                                              \
  static void                                                                    \
  eval_grad (const TsrTexture *tex, const double *x, const double *y, gsize n,   \
             float *out, float *gx, float *gy)                                   \
  {                                                                              \
    body (tex, x, y, n, out, gx, gy);                                            \
  }

/* Rows r0 .. r0 + m - 1 of an eval_rows band (n points a row on one x
 * list) as the m * n points of one call of a pattern's point kernels, row
 * r's at xs + r * n: rows too short to pay their own calls' set-up share
 * one (a point's value does not depend on its call's others). */
static inline void
tsr_band_rows_as_points (const double *x, const double *y, gsize r0, gsize m, gsize n,
                         double *xs, double *ys)
{
  for (gsize r = 0; r < m; r++)
    for (gsize i = 0; i < n; i++)
      {
        xs[r * n + i] = x[i];
        ys[r * n + i] = y[r0 + r];
      }
}

/* Those points' values (and slopes, where gx, gy are not NULL) back into
 * the band's m rows at out (gx, gy) + r * stride. */
static inline void
tsr_band_rows_from_points (const float *v, const float *vx, const float *vy, gsize m, gsize n,
                           float *out, float *gx, float *gy, gsize stride)
{
  for (gsize r = 0; r < m; r++)
    {
      memcpy (out + r * stride, v + r * n, n * sizeof *v);
      if (gx != NULL)
        memcpy (gx + r * stride, vx + r * n, n * sizeof *vx);
      if (gy != NULL)
        memcpy (gy + r * stride, vy + r * n, n * sizeof *vy);
    }
}

#endif
