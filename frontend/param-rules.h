/* Which parameters apply, for the dialog: the `when` rule each parameter
 * declares (core/params/param-list.h), read with the dialog's current choices. */
#ifndef TSR_PARAM_RULES_H
#define TSR_PARAM_RULES_H

#include <glib.h>

#include "patterns/patterns.h"
#include "texture/texture.h"

G_BEGIN_DECLS

/* What the rules read, as the dialog holds it. */
typedef struct
{
  guint          pattern;   /* index into tsr_patterns[] */
  TsrWhenChoices choices;   /* ramp: a GIMP gradient colours the texture */
} TsrRuleState;

gboolean tsr_rule_param_applies (const TsrRuleState *st, TsrParamId id);

/* TRUE when at least one parameter of the group applies. */
gboolean tsr_rule_group_applies (const TsrRuleState *st, TsrParamGroup group);

/* TRUE when s holds the factory defaults of every parameter and the
 * pattern is the one named: settings nobody has touched yet. */
gboolean tsr_rule_settings_untouched (const TsrSettings *s, const char *pattern);

G_END_DECLS

#endif
