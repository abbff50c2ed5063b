/* The settings of a seamless tile from a photograph, one row each: every
 * front-end (the CLI's KEY=VALUE words, the plug-in's arguments and
 * dialog, docs/photographs.md's table) reads this list.
 *   X (ID, "key", N_("Label"), minimum, maximum, default, integer, maps,
 *      N_("what it does"))
 * maps: the setting shapes the material maps (--material) only.  The label
 * and the description are the plug-in's (translated there). */
#ifndef TSR_SEAMLESS_PARAMS_H
#define TSR_SEAMLESS_PARAMS_H

#include "params/i18n.h"

#define TSR_SEAMLESS_PARAMS(X) \
  X (TSR_SP_SEED, "seed", N_("Seed"), 0, 4294967295.0, 0, TRUE, FALSE, \
     N_("which patches are tried: another seed, another tile")) \
  X (TSR_SP_PATCH, "patch", N_("Patch size"), 0, 1024, 0, TRUE, FALSE, \
     N_("patch side in pixels; 0 = a quarter of the photograph's shorter side (16 to 256)")) \
  X (TSR_SP_OVERLAP, "overlap", N_("Overlap"), 0.1, 0.5, 0.25, FALSE, FALSE, \
     N_("overlap strip where patches meet, as a fraction of the patch")) \
  X (TSR_SP_CANDIDATES, "candidates", N_("Candidates"), 1, 4096, 256, TRUE, FALSE, \
     N_("places in the photograph tried for each patch")) \
  X (TSR_SP_EVEN_LIGHT, "even-light", N_("Even light"), 0, 1, 0, FALSE, FALSE, \
     N_("evens out the photograph's large-scale light first (0 = as shot)")) \
  X (TSR_SP_HEIGHT_BALANCE, "height-balance", N_("Height balance"), 0, 1, 0.5, FALSE, TRUE, \
     N_("the height's fine detail against its large forms: 0 detail only, 1 forms only")) \
  X (TSR_SP_HEIGHT_INVERT, "height-invert", N_("Invert height"), 0, 1, 0, TRUE, TRUE, \
     N_("1: bright is low, for materials whose hollows are bright"))

typedef enum
{
#define TSR_SP_ENUM(id, key, label, lo, hi, def, integer, maps, help) id,
  TSR_SEAMLESS_PARAMS (TSR_SP_ENUM)
#undef TSR_SP_ENUM
  TSR_SP_COUNT
} TsrSeamlessParam;

typedef struct
{
  const char *key;
  const char *label;
  double      minimum, maximum, fallback;
  int         integer;
  int         maps;
  const char *help;
} TsrSeamlessParamInfo;

extern const TsrSeamlessParamInfo tsr_seamless_params[TSR_SP_COUNT];

#endif
