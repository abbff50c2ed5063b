/* The pattern table, from the list of patterns (param-list.h), and the
 * rules deciding which parameters a pattern reads. */
#include <string.h>

#include "params/param-list.h"
#include "patterns/patterns.h"

#define DECLARE(name, file) extern const TsrPattern tsr_pattern_##name;
TSR_PATTERNS (DECLARE)

#define ENTRY(name, file) &tsr_pattern_##name,
const TsrPattern *const tsr_patterns[] = { TSR_PATTERNS (ENTRY) };
const guint tsr_n_patterns = G_N_ELEMENTS (tsr_patterns);

int
tsr_pattern_index (const char *name)
{
  for (guint i = 0; i < tsr_n_patterns; i++)
    if (name && strcmp (tsr_patterns[i]->name, name) == 0)
      return (int) i;
  return -1;
}

const TsrPattern *
tsr_pattern_lookup (const char *name)
{
  int i = tsr_pattern_index (name);
  return i < 0 ? NULL : tsr_patterns[i];
}

int
tsr_pattern_choice_in_effect (const TsrPattern *pattern, TsrParamId input, int chosen,
                              gboolean ramp)
{
  switch (input)
    {
    case TSR_P_BASIS:
      return pattern->basis == TSR_BASIS_CHOSEN ? chosen : pattern->basis;
    case TSR_P_PALETTE:
      return ramp ? -1 : (int) tsr_pattern_palette (pattern, (TsrPalette) chosen);
    default:
      return chosen;
    }
}

static gboolean
rule_holds (const TsrParamWhen *when, int in_effect)
{
  return in_effect >= 0 && (when->choices & TSR_CHOICE_BIT (in_effect)) != 0;
}

gboolean
tsr_pattern_borrows (const TsrPattern *pattern, TsrParamId id, TsrParamId *input, int *choice)
{
  if ((guint) id >= TSR_P_COUNT)
    return FALSE;
  for (guint b = 0; b < G_N_ELEMENTS (pattern->borrows) && pattern->borrows[b].group != 0; b++)
    if ((int) tsr_params[id].group == pattern->borrows[b].group)
      {
        *input = pattern->borrows[b].input;
        *choice = pattern->borrows[b].choice;
        return TRUE;
      }
  return FALSE;
}

gboolean
tsr_pattern_uses (const TsrPattern *pattern, TsrParamId id)
{
  const TsrParamSpec *spec;
  TsrParamId borrow_input;
  int borrow_choice;

  if ((guint) id >= TSR_P_COUNT)
    return FALSE;
  spec = &tsr_params[id];
  if (tsr_param_group (spec->group)->owned && (int) spec->group != pattern->own_group
      && (int) spec->group != pattern->second_group
      && !tsr_pattern_borrows (pattern, id, &borrow_input, &borrow_choice))
    return FALSE;
  switch (spec->when.kind)
    {
    case TSR_WHEN_FRACTAL:
      return pattern->basis == TSR_BASIS_CHOSEN;
    case TSR_WHEN_CHOICE:
      /* read if some choice puts one of its choices in effect */
      for (guint c = 0; c < tsr_params[spec->when.input].n_choices; c++)
        if (rule_holds (&spec->when,
                        tsr_pattern_choice_in_effect (pattern, spec->when.input, (int) c, FALSE)))
          return TRUE;
      return FALSE;
    case TSR_WHEN_ALWAYS:
    case TSR_WHEN_NO_RAMP:
    default:
      return TRUE;
    }
}

TsrWhenChoices
tsr_when_defaults (void)
{
  TsrWhenChoices c = { .ramp = FALSE };

  for (guint i = 0; i < TSR_P_COUNT; i++)
    c.choice[i] = tsr_params[i].type == TSR_TYPE_CHOICE ? (int) tsr_params[i].def : 0;
  return c;
}

void
tsr_when_set (TsrWhenChoices *c, TsrParamId id, int choice)
{
  g_return_if_fail ((guint) id < TSR_P_COUNT && tsr_params[id].type == TSR_TYPE_CHOICE);
  c->choice[id] = choice;
}

gboolean
tsr_pattern_param_applies (const TsrPattern *pattern, TsrParamId id, const TsrWhenChoices *c)
{
  const TsrParamWhen *when;
  TsrParamId borrow_input;
  int borrow_choice;

  if (!tsr_pattern_uses (pattern, id))
    return FALSE;
  if (tsr_pattern_borrows (pattern, id, &borrow_input, &borrow_choice)
      && c->choice[borrow_input] != borrow_choice)
    return FALSE;
  when = &tsr_params[id].when;
  switch (when->kind)
    {
    case TSR_WHEN_NO_RAMP:
      return !c->ramp;
    case TSR_WHEN_CHOICE:
      return rule_holds (when, tsr_pattern_choice_in_effect (pattern, when->input,
                                                             c->choice[when->input], c->ramp));
    case TSR_WHEN_ALWAYS:
    case TSR_WHEN_FRACTAL:
    default:
      return TRUE;
    }
}

guint32
tsr_pattern_param_choices (const TsrPattern *pattern, TsrParamId id)
{
  const TsrParamId input = tsr_param_when_input (tsr_params[id].when);
  const guint      n = input == TSR_P_COUNT ? 1 : tsr_params[input].n_choices;
  guint32          set = 0;

  TsrParamId borrow_input;
  int borrow_choice;
  const gboolean borrowed = tsr_pattern_borrows (pattern, id, &borrow_input, &borrow_choice);

  for (guint c = 0; c < n; c++)
    {
      TsrWhenChoices when = tsr_when_defaults ();

      if (borrowed)
        tsr_when_set (&when, borrow_input, borrow_choice);
      if (input != TSR_P_COUNT)
        tsr_when_set (&when, input, (int) c);
      if (tsr_pattern_param_applies (pattern, id, &when))
        set |= TSR_CHOICE_BIT (c);
    }
  return set;
}

TsrPalette
tsr_pattern_palette (const TsrPattern *pattern, TsrPalette chosen)
{
  return chosen == TSR_PALETTE_AUTO ? pattern->palette : chosen;
}
