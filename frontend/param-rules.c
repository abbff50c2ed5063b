/* Which parameters apply: see param-rules.h. */
#include <math.h>

#include "param-rules.h"

gboolean
tsr_rule_param_applies (const TsrRuleState *st, TsrParamId id)
{
  if (st->pattern >= tsr_n_patterns || (guint) id >= TSR_P_COUNT)
    return FALSE;
  return tsr_pattern_param_applies (tsr_patterns[st->pattern], id, &st->choices);
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
