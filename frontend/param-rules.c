/* Which parameters apply: see param-rules.h. */
#include <math.h>

#include "param-rules.h"
#include "patterns.h"
#include "ramp.h"

static int
basis_index (const char *name)
{
  return tsr_param_choice_index (&tsr_params[TSR_P_BASIS], name);
}

gboolean
tsr_rule_param_applies (const TsrRuleState *st, TsrParamId id)
{
  const TsrPattern *pattern;
  gboolean          by_basis;

  if (st->pattern >= tsr_n_patterns || (guint) id >= TSR_P_COUNT)
    return FALSE;
  pattern = &tsr_patterns[st->pattern];
  if (!tsr_pattern_uses (pattern, id))
    return FALSE;

  /* Patterns built on a chosen basis read the basis-specific parameters
   * only for that basis; the single-basis patterns (value, cells) always. */
  by_basis = tsr_pattern_uses (pattern, TSR_P_BASIS);
  switch (id)
    {
    case TSR_P_INTERPOLATION:
    case TSR_P_SMOOTHING:
      return !by_basis || st->basis == basis_index ("value");
    case TSR_P_CELLS_MODE:
    case TSR_P_JITTER:
      return !by_basis || st->basis == basis_index ("cells");
    case TSR_P_PALETTE:
      return !st->gradient;
    case TSR_P_COLOR1:
    case TSR_P_COLOR2:
      {
        int palette = st->palette == TSR_PALETTE_AUTO ? (int) pattern->palette
                                                      : st->palette;
        return !st->gradient
               && (palette == TSR_PALETTE_COLORS || palette == TSR_PALETTE_AUTO);
      }
    default:
      return TRUE;
    }
}

gboolean
tsr_rule_group_applies (const TsrRuleState *st, TsrParamGroup group)
{
  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (tsr_params[i].group == group && tsr_rule_param_applies (st, (TsrParamId) i))
      return TRUE;
  return FALSE;
}

gboolean
tsr_rule_settings_untouched (const TsrSettings *s, const char *pattern)
{
  if (tsr_pattern_index (pattern) != (int) s->pattern)
    return FALSE;
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      const TsrParamSpec *spec = &tsr_params[i];

      if (spec->type != TSR_TYPE_COLOR)
        {
          if (s->value[i] != spec->def)
            return FALSE;
        }
      else
        {
          /* Colours that went through GIMP come back with float rounding. */
          const TsrColor *c = &s->color[i], *d = &spec->def_color;
          if (fabsf (c->r - d->r) > 1e-4f || fabsf (c->g - d->g) > 1e-4f
              || fabsf (c->b - d->b) > 1e-4f || fabsf (c->a - d->a) > 1e-4f)
            return FALSE;
        }
    }
  return TRUE;
}
