/* The pattern table, from the list core/meson.build generates, and the
 * rules deciding which parameters a pattern reads. */
#include <string.h>

#include "pattern-list.h"
#include "patterns.h"

#define DECLARE(name) extern const TsrPattern tsr_pattern_##name;
TSR_PATTERN_LIST (DECLARE)

#define ENTRY(name) &tsr_pattern_##name,
const TsrPattern *const tsr_patterns[] = { TSR_PATTERN_LIST (ENTRY) };
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

static gboolean
basis_may_be (const TsrPattern *pattern, TsrBasis basis)
{
  return pattern->basis == TSR_BASIS_CHOSEN || pattern->basis == (int) basis;
}

gboolean
tsr_pattern_uses (const TsrPattern *pattern, TsrParamId id)
{
  const TsrParamSpec *spec;

  if ((guint) id >= TSR_P_COUNT)
    return FALSE;
  spec = &tsr_params[id];
  if (tsr_param_group (spec->group)->owned && (int) spec->group != pattern->own_group)
    return FALSE;
  switch (spec->when)
    {
    case TSR_WHEN_FRACTAL:
      return pattern->basis == TSR_BASIS_CHOSEN;
    case TSR_WHEN_BASIS_VALUE:
      return basis_may_be (pattern, TSR_BASIS_VALUE);
    case TSR_WHEN_BASIS_CELLS:
      return basis_may_be (pattern, TSR_BASIS_CELLS);
    case TSR_WHEN_BASIS_SIMPLEX:
      return basis_may_be (pattern, TSR_BASIS_SIMPLEX);
    case TSR_WHEN_ALWAYS:
    case TSR_WHEN_NO_RAMP:
    case TSR_WHEN_TWO_COLORS:
    default:
      return TRUE;
    }
}

TsrWhenChoices
tsr_when_defaults (void)
{
  TsrWhenChoices c = {
    .basis = (int) tsr_params[TSR_P_BASIS].def, .palette = (int) tsr_params[TSR_P_PALETTE].def,
    .map = (int) tsr_params[TSR_P_MAP].def, .cut = (int) tsr_params[TSR_P_CUT].def,
    .style = (int) tsr_params[TSR_P_STYLE].def,
    .water_style = (int) tsr_params[TSR_P_WATER_STYLE].def, .ramp = FALSE,
  };
  return c;
}

void
tsr_when_set (TsrWhenChoices *c, TsrParamId id, int choice)
{
  switch (id)
    {
    case TSR_P_BASIS:   c->basis = choice; break;
    case TSR_P_PALETTE: c->palette = choice; break;
    case TSR_P_MAP:     c->map = choice; break;
    case TSR_P_CUT:     c->cut = choice; break;
    case TSR_P_STYLE:   c->style = choice; break;
    case TSR_P_WATER_STYLE: c->water_style = choice; break;
    default:            g_return_if_reached ();
    }
}

gboolean
tsr_pattern_param_applies (const TsrPattern *pattern, TsrParamId id, const TsrWhenChoices *c)
{
  int in_effect = pattern->basis == TSR_BASIS_CHOSEN ? c->basis : pattern->basis;
  const int palette = c->palette, map = c->map;
  const gboolean ramp = c->ramp;

  if (!tsr_pattern_uses (pattern, id))
    return FALSE;
  switch (tsr_params[id].when)
    {
    case TSR_WHEN_BASIS_VALUE:
      return in_effect == TSR_BASIS_VALUE;
    case TSR_WHEN_BASIS_CELLS:
      return in_effect == TSR_BASIS_CELLS;
    case TSR_WHEN_BASIS_SIMPLEX:
      return in_effect == TSR_BASIS_SIMPLEX;
    case TSR_WHEN_NO_RAMP:
      return !ramp;
    case TSR_WHEN_TWO_COLORS:
      return !ramp && tsr_pattern_palette (pattern, (TsrPalette) palette) == TSR_PALETTE_COLORS;
    case TSR_WHEN_MAP_RELIEF:
      return map == TSR_MAP_NORMAL || map == TSR_MAP_SHADED;
    case TSR_WHEN_MAP_NORMAL:
      return map == TSR_MAP_NORMAL;
    case TSR_WHEN_MAP_SHADED:
      return map == TSR_MAP_SHADED;
    case TSR_WHEN_WOOD_PLANK:
      return c->cut == TSR_WOOD_PLANK;
    case TSR_WHEN_WOOD_LOG:
      return c->cut == TSR_WOOD_LOG;
    case TSR_WHEN_MARBLE_BANDED:
      return c->style == TSR_MARBLE_BANDED;
    case TSR_WHEN_WATER_RINGS:
      return c->water_style == TSR_WATER_RINGS;
    case TSR_WHEN_WATER_RIPPLES:
      return c->water_style == TSR_WATER_RIPPLES;
    case TSR_WHEN_ALWAYS:
    case TSR_WHEN_FRACTAL:
    default:
      return TRUE;
    }
}

TsrPalette
tsr_pattern_palette (const TsrPattern *pattern, TsrPalette chosen)
{
  return chosen == TSR_PALETTE_AUTO ? pattern->palette : chosen;
}
