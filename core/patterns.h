/* The table of patterns: one entry per texture.
 *
 * Each entry names the pattern, describes it for people (translatable),
 * says which parameters it reads, and evaluates a row of samples.
 * Adding a texture is adding one entry (and its evaluation function). */
#ifndef TSR_PATTERNS_H
#define TSR_PATTERNS_H

#include <glib.h>
#include "params.h"
#include "ramp.h"

G_BEGIN_DECLS

typedef struct _TsrTexture TsrTexture;

/* Maximum samples per evaluation call: scratch space lives on the stack. */
#define TSR_CHUNK 256

/* Prepare (once per texture, settings already validated) the fractals and
 * constants the evaluation reads; see texture-internal.h. */
/* Evaluate n <= TSR_CHUNK samples at texture coordinates (x[i], y[i]), in
 * pixels of the texture canvas (after domain warp), into out[i] in [0, 1]. */
typedef void (*TsrPatternPrepare) (TsrTexture *tex);
typedef void (*TsrPatternEval) (const TsrTexture *tex,
                                const double *x, const double *y,
                                gsize n, float *out);

typedef struct
{
  const char     *name;         /* "marble" */
  const char     *label;        /* N_("Marble") */
  const char     *description;  /* N_(...) */
  guint64         params;       /* bit (1 << TsrParamId) for each parameter
                                   it reads besides the common ones */
  TsrPalette        palette;    /* what palette=auto means for it */
  TsrPatternPrepare prepare;    /* fills the texture's fractals/constants */
  TsrPatternEval    eval;
} TsrPattern;

#define TSR_PARAM_BIT(id) (G_GUINT64_CONSTANT (1) << (id))
/* Parameters every pattern reads. */
#define TSR_COMMON_PARAMS (TSR_PARAM_BIT (TSR_P_SEED) | TSR_PARAM_BIT (TSR_P_TILEABLE) | \
                           TSR_PARAM_BIT (TSR_P_PERIOD_W) | TSR_PARAM_BIT (TSR_P_PERIOD_H) | \
                           TSR_PARAM_BIT (TSR_P_DISTORTION) | TSR_PARAM_BIT (TSR_P_PALETTE) | \
                           TSR_PARAM_BIT (TSR_P_COLOR1) | TSR_PARAM_BIT (TSR_P_COLOR2) | \
                           TSR_PARAM_BIT (TSR_P_REVERSE))

extern const TsrPattern tsr_patterns[];
extern const guint      tsr_n_patterns;

const TsrPattern *tsr_pattern_lookup (const char *name);   /* NULL if unknown */
int               tsr_pattern_index  (const char *name);   /* -1 if unknown */
gboolean          tsr_pattern_uses   (const TsrPattern *pattern, TsrParamId id);

G_END_DECLS

#endif
