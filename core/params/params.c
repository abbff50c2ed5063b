/* The parameter table, generated from param-list.h, and what each
 * parameter type means as text. */
#include <string.h>

#include "params/i18n.h"
#include "noise/noise.h"
#include "params/params.h"
#include "color/ramp.h"

TSR_CHOICE_NAMES (tsr_interp_choices, TSR_INTERP_LIST, TSR_INTERP_COUNT)
TSR_CHOICE_NAMES (tsr_cells_choices, TSR_CELLS_LIST, TSR_CELLS_COUNT)
#define CHOICE_NAMES(Type, names, LIST, COUNT) TSR_CHOICE_NAMES (names, LIST, COUNT)
TSR_CHOICE_LISTS (CHOICE_NAMES)
#undef CHOICE_NAMES
#define PALETTE_ROW(ID, ...) [TSR_PALETTE_##ID] = { TSR_CHOICE_NAME_LABEL_ (__VA_ARGS__, _) },
const TsrChoice tsr_palette_choices[TSR_PALETTE_COUNT] = {
  TSR_PALETTES (PALETTE_ROW, PALETTE_ROW)
};
#undef PALETTE_ROW

#define ROW_NUMBER(group_, ID, field, name_, TYPE, min_, max_, def_, when_, label_, desc_) \
  [TSR_P_##ID] = { .id = TSR_P_##ID, .name = name_, .label = label_, .description = desc_,  \
                   .type = TSR_TYPE_##TYPE, .group = TSR_GROUP_##group_,                    \
                   .when = TSR_WHEN_COLUMN_##when_, .min = min_, .max = max_, .def = def_ },
#define ROW_CHOICE(group_, ID, field, name_, choices_, def_, when_, label_, desc_)          \
  [TSR_P_##ID] = { .id = TSR_P_##ID, .name = name_, .label = label_, .description = desc_,  \
                   .type = TSR_TYPE_CHOICE, .group = TSR_GROUP_##group_,                    \
                   .when = TSR_WHEN_COLUMN_##when_, .min = 0,                               \
                   .max = G_N_ELEMENTS (choices_) - 1, .def = def_,                         \
                   .choices = choices_, .n_choices = G_N_ELEMENTS (choices_) },
#define ROW_COLOR(group_, ID, field, name_, r_, g_, b_, when_, label_, desc_)               \
  [TSR_P_##ID] = { .id = TSR_P_##ID, .name = name_, .label = label_, .description = desc_,  \
                   .type = TSR_TYPE_COLOR, .group = TSR_GROUP_##group_,                     \
                   .when = TSR_WHEN_COLUMN_##when_, .min = 0, .max = 1,                            \
                   .def_color = { r_, g_, b_, 1.0f } },

const TsrParamSpec tsr_params[TSR_P_COUNT] = {
  TSR_PARAMS (ROW_NUMBER, ROW_CHOICE, ROW_COLOR)
};

#define GROUP_ROW(ID, name_, label_, owner_) \
  [TSR_GROUP_##ID] = { name_, label_, TSR_GROUP_OWNER_##owner_ },
#define TSR_GROUP_OWNER_SHARED FALSE
#define TSR_GROUP_OWNER_OWNED  TRUE

static const TsrGroupInfo groups[TSR_GROUP_COUNT] = {
  TSR_PARAM_GROUPS (GROUP_ROW)
};

const TsrParamSpec *
tsr_param_lookup (const char *name)
{
  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (g_strcmp0 (tsr_params[i].name, name) == 0)
      return &tsr_params[i];
  return NULL;
}

const TsrGroupInfo *
tsr_param_group (TsrParamGroup group)
{
  return (guint) group < TSR_GROUP_COUNT ? &groups[group] : NULL;
}

const char *
tsr_param_group_label (TsrParamGroup group)
{
  return (guint) group < TSR_GROUP_COUNT ? groups[group].label : NULL;
}

int
tsr_param_choice_index (const TsrParamSpec *spec, const char *name)
{
  if (spec->type != TSR_TYPE_CHOICE || name == NULL)
    return -1;
  for (guint i = 0; i < spec->n_choices; i++)
    if (strcmp (spec->choices[i].name, name) == 0)
      return (int) i;
  return -1;
}

TsrParamId
tsr_param_when_input (TsrParamWhen when)
{
  return when.kind == TSR_WHEN_CHOICE ? when.input : TSR_P_COUNT;
}

const char *
tsr_param_type_name (TsrParamType type)
{
  static const char *const names[TSR_TYPE_COUNT] = {
    [TSR_TYPE_DOUBLE] = "number",
    [TSR_TYPE_INT]    = "integer",
    [TSR_TYPE_BOOL]   = "boolean",
    [TSR_TYPE_CHOICE] = "choice",
    [TSR_TYPE_COLOR]  = "color",
  };
  return (guint) type < TSR_TYPE_COUNT ? names[type] : "?";
}

char *
tsr_param_range_text (const TsrParamSpec *spec)
{
  char lo[G_ASCII_DTOSTR_BUF_SIZE], hi[G_ASCII_DTOSTR_BUF_SIZE];
  GString *text;

  switch (spec->type)
    {
    case TSR_TYPE_DOUBLE:
    case TSR_TYPE_INT:
      g_ascii_formatd (lo, sizeof lo, "%.10g", spec->min);
      g_ascii_formatd (hi, sizeof hi, "%.10g", spec->max);
      return g_strdup_printf ("%s .. %s", lo, hi);
    case TSR_TYPE_BOOL:
      return g_strdup ("true, false");
    case TSR_TYPE_CHOICE:
      text = g_string_new (NULL);
      for (guint i = 0; i < spec->n_choices; i++)
        g_string_append_printf (text, "%s%s", i ? ", " : "", spec->choices[i].name);
      return g_string_free (text, FALSE);
    case TSR_TYPE_COLOR:
    default:
      return g_strdup ("#rrggbb, #rrggbbaa, black, white");
    }
}

static float
unit_clamp (float v)
{
  return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
}

TsrColor
tsr_color_clamped (const float rgba[4])
{
  return (TsrColor) { unit_clamp (rgba[0]), unit_clamp (rgba[1]), unit_clamp (rgba[2]),
                      unit_clamp (rgba[3]) };
}
