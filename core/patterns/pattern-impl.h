/* What a pattern's file needs to define its TsrPattern. */
#ifndef TSR_PATTERN_IMPL_H
#define TSR_PATTERN_IMPL_H

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

#endif
