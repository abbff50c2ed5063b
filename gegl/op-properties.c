/* Parameter types as GEGL properties: see op-properties.h.  This is the one
 * place that maps a TsrParamType to a GParamSpec; values go both ways
 * through param-gvalue.h, as the plug-in's do. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <gegl-paramspecs.h>

#include "op-properties.h"
#include "param-gvalue.h"
#include "srgb-color.h"

#define TSR_OP_PROP_FLAGS \
  ((GParamFlags) (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | GEGL_PARAM_PAD_INPUT))

/* "cells-mode" -> "TesseraCellsMode": choices become GEnum types, whose
 * nicks are the choice names (what gegl's command line, GIMP's filter
 * arguments and its GUM "visible" rules spell).  Their properties are
 * GeglParamSpecEnum, which GIMP hands to plug-ins such as Script-Fu as
 * choices of those nicks. */
static char *
enum_type_name (const char *param_name)
{
  GString *s = g_string_new ("Tessera");
  gboolean upper = TRUE;

  for (const char *p = param_name; *p; p++)
    {
      if (*p == '-')
        {
          upper = TRUE;
          continue;
        }
      g_string_append_c (s, upper ? g_ascii_toupper (*p) : *p);
      upper = FALSE;
    }
  return g_string_free (s, FALSE);
}

/* Enum types live as long as the process, longer than the module's code
 * and data: GEGL unloads a module between uses of its classes, so the
 * value tables and their strings are copies, allocated once and never
 * freed. */
static GType
choice_enum_type (const char *param_name, const TsrChoice *choices, guint n)
{
  g_autofree char *type_name = enum_type_name (param_name);
  GType            type = g_type_from_name (type_name);
  GEnumValue      *values;

  if (type != 0)
    return type;
  values = g_new0 (GEnumValue, n + 1);
  for (guint i = 0; i < n; i++)
    {
      values[i].value = (gint) i;
      values[i].value_name = g_strdup (_(choices[i].label));
      values[i].value_nick = g_strdup (choices[i].name);
    }
  return g_enum_register_static (g_intern_string (type_name), values);
}

static GType
pattern_enum_type (void)
{
  g_autofree TsrChoice *choices = g_new (TsrChoice, tsr_n_patterns);

  for (guint i = 0; i < tsr_n_patterns; i++)
    {
      choices[i].name = tsr_patterns[i]->name;
      choices[i].label = tsr_patterns[i]->label;
    }
  return choice_enum_type ("pattern", choices, tsr_n_patterns);
}

void
tsr_op_register_enum_types (void)
{
  pattern_enum_type ();
  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (tsr_params[i].type == TSR_TYPE_CHOICE)
      choice_enum_type (tsr_params[i].name, tsr_params[i].choices, tsr_params[i].n_choices);
}

const char *
tsr_op_property_name (const TsrParamSpec *spec)
{
  /* GIMP keeps a filter's settings in an object that already has a "time"
   * property (when a preset was saved): one of the same name makes GIMP
   * refuse the filter's OK without a word. */
  if (spec->id == TSR_P_TIME)
    return "loop-time";
  return spec->name;
}

static GParamSpec *
param_pspec (const TsrParamSpec *spec)
{
  const char *name = tsr_op_property_name (spec);
  const char *label = _(spec->label);
  const char *blurb = _(spec->description);

  switch (spec->type)
    {
    case TSR_TYPE_INT:
      return gegl_param_spec_int (name, label, blurb, (gint) spec->min,
                                  (gint) spec->max, (gint) spec->def, (gint) spec->min,
                                  (gint) spec->max, 1.0, TSR_OP_PROP_FLAGS);
    case TSR_TYPE_DOUBLE:
      return gegl_param_spec_double (name, label, blurb, spec->min, spec->max,
                                     spec->def, spec->min, spec->max, 1.0,
                                     TSR_OP_PROP_FLAGS);
    case TSR_TYPE_BOOL:
      return g_param_spec_boolean (name, label, blurb, spec->def != 0,
                                   TSR_OP_PROP_FLAGS);
    case TSR_TYPE_CHOICE:
      return gegl_param_spec_enum (name, label, blurb,
                                   choice_enum_type (spec->name, spec->choices,
                                                     spec->n_choices),
                                   (gint) spec->def, TSR_OP_PROP_FLAGS);
    case TSR_TYPE_COLOR:
      {
        GeglColor  *def = tsr_gegl_color_new (&spec->def_color);
        GParamSpec *pspec = gegl_param_spec_color (name, label, blurb, def,
                                                   TSR_OP_PROP_FLAGS);
        g_object_unref (def);
        return pspec;
      }
    default:
      g_return_val_if_reached (NULL);
    }
}

static GParamSpec *
extent_pspec (const char *name, const char *label, const char *blurb, const char *axis)
{
  GParamSpec *pspec = gegl_param_spec_int (name, label, blurb, 1, TSR_MAX_SIZE,
                                           TSR_OP_DEFAULT_SIZE, 1, 8192, 1.0,
                                           TSR_OP_PROP_FLAGS);

  /* GIMP's filter tool sets "output-extent" properties to the size of the
   * layer (or selection) it renders into, and hides them. */
  gegl_param_spec_set_property_key (pspec, "role", "output-extent");
  gegl_param_spec_set_property_key (pspec, "unit", "pixel-distance");
  gegl_param_spec_set_property_key (pspec, "axis", axis);
  return pspec;
}

void
tsr_op_install_properties (GObjectClass *klass)
{
  g_object_class_install_property (klass, TSR_OP_PROP_PATTERN,
    gegl_param_spec_enum ("pattern", _("Pattern"), _("The kind of texture to render"),
                          pattern_enum_type (), tsr_pattern_index ("clouds"),
                          TSR_OP_PROP_FLAGS));
  g_object_class_install_property (klass, TSR_OP_PROP_WIDTH,
    extent_pspec ("width", _("Width"),
                  _("Width of the texture canvas in pixels: its tile width when "
                    "the tile width is 0"), "x"));
  g_object_class_install_property (klass, TSR_OP_PROP_HEIGHT,
    extent_pspec ("height", _("Height"),
                  _("Height of the texture canvas in pixels: its tile height when "
                    "the tile height is 0"), "y"));

  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      GParamSpec      *pspec = param_pspec (&tsr_params[i]);
      g_autofree char *rule = tsr_op_visible_rule ((TsrParamId) i);

      if (rule != NULL)
        gegl_param_spec_set_property_key (pspec, "visible", rule);
      g_object_class_install_property (klass, TSR_OP_PROP_PARAM + i, pspec);
    }
}

void
tsr_op_values_init (TsrOpValues *v)
{
  tsr_settings_init (&v->settings, NULL, NULL);
  v->width = v->height = TSR_OP_DEFAULT_SIZE;
}

gboolean
tsr_op_values_set_property (TsrOpValues *v, guint id, const GValue *value)
{
  switch (id)
    {
    case TSR_OP_PROP_PATTERN:
      v->settings.pattern = (guint) g_value_get_enum (value);
      return TRUE;
    case TSR_OP_PROP_WIDTH:
      v->width = g_value_get_int (value);
      return TRUE;
    case TSR_OP_PROP_HEIGHT:
      v->height = g_value_get_int (value);
      return TRUE;
    default:
      if (id < TSR_OP_PROP_PARAM || id - TSR_OP_PROP_PARAM >= TSR_P_COUNT)
        return FALSE;
      {
        GError *error = NULL;

        /* The property's range is the parameter's: only a bug fails. */
        if (!tsr_param_from_gvalue (&tsr_params[id - TSR_OP_PROP_PARAM], value, &v->settings,
                                    &error))
          {
            g_warning ("%s", error->message);
            g_error_free (error);
          }
      }
      return TRUE;
    }
}

gboolean
tsr_op_values_get_property (const TsrOpValues *v, guint id, GValue *value)
{
  switch (id)
    {
    case TSR_OP_PROP_PATTERN:
      g_value_set_enum (value, (gint) v->settings.pattern);
      return TRUE;
    case TSR_OP_PROP_WIDTH:
      g_value_set_int (value, v->width);
      return TRUE;
    case TSR_OP_PROP_HEIGHT:
      g_value_set_int (value, v->height);
      return TRUE;
    default:
      if (id < TSR_OP_PROP_PARAM || id - TSR_OP_PROP_PARAM >= TSR_P_COUNT)
        return FALSE;
      tsr_param_to_gvalue (&tsr_params[id - TSR_OP_PROP_PARAM], &v->settings, value);
      return TRUE;
    }
}

/* The choices of the parameter the rule reads for which the parameter
 * has an effect in the pattern, as "a, b"; "" when it has one for all of
 * them (or the rule reads none), NULL for none. */
static char *
applying_choices (const TsrPattern *pattern, TsrParamId id, TsrParamId input)
{
  const guint32 set = tsr_pattern_param_choices (pattern, id);
  const guint   n = input == TSR_P_COUNT ? 1 : tsr_params[input].n_choices;
  GString      *names = g_string_new (NULL);
  guint         n_applying = 0;

  for (guint c = 0; c < n; c++)
    if (set & TSR_CHOICE_BIT (c))
      {
        if (input != TSR_P_COUNT)
          g_string_append_printf (names, "%s%s", n_applying ? ", " : "",
                                  tsr_params[input].choices[c].name);
        n_applying++;
      }
  if (n_applying == n)
    g_string_truncate (names, 0);
  return g_string_free (names, n_applying == 0);
}

/* Patterns for which a parameter applies with the same choices. */
typedef struct
{
  char    *choices;    /* as applying_choices gives them */
  char    *borrow;     /* "face {wood}": the choice that makes the patterns
                          borrow the parameter's group (TsrPattern.borrows), or "" */
  GString *patterns;   /* "clouds, turbulence" */
} RuleGroup;

/* The choice that makes the pattern borrow the parameter's group, in GUM
 * ("face {wood}"), or "". */
static char *
borrow_condition (const TsrPattern *pattern, TsrParamId id)
{
  TsrParamId input;
  int choice;

  if (!tsr_pattern_borrows (pattern, id, &input, &choice))
    return g_strdup ("");
  return g_strdup_printf ("%s {%s}", tsr_params[input].name,
                          tsr_params[input].choices[choice].name);
}

char *
tsr_op_visible_rule (TsrParamId id)
{
  const TsrParamId input = tsr_param_when_input (tsr_params[id].when);
  g_autoptr (GArray) groups = g_array_new (FALSE, FALSE, sizeof (RuleGroup));
  guint            n_applying = 0;
  GString         *rule = g_string_new (NULL);
  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      char      *choices = applying_choices (tsr_patterns[p], id, input), *borrow;
      RuleGroup *group = NULL;

      if (choices == NULL)
        continue;
      n_applying++;
      borrow = borrow_condition (tsr_patterns[p], id);
      for (guint g = 0; g < groups->len && group == NULL; g++)
        if (strcmp (g_array_index (groups, RuleGroup, g).choices, choices) == 0
            && strcmp (g_array_index (groups, RuleGroup, g).borrow, borrow) == 0)
          group = &g_array_index (groups, RuleGroup, g);
      if (group == NULL)
        {
          RuleGroup fresh = { g_strdup (choices), g_strdup (borrow), g_string_new (NULL) };
          g_array_append_val (groups, fresh);
          group = &g_array_index (groups, RuleGroup, groups->len - 1);
        }
      g_free (choices);
      g_free (borrow);
      g_string_append_printf (group->patterns, "%s%s", group->patterns->len ? ", " : "",
                              tsr_patterns[p]->name);
    }

  /* GIMP's GUM: "pattern {a, b}", "map {normal}", joined by " | " */
  for (guint g = 0; g < groups->len; g++)
    {
      RuleGroup     *group = &g_array_index (groups, RuleGroup, g);
      const gboolean everywhere = groups->len == 1 && n_applying == tsr_n_patterns;
      const char    *choices = group->choices;

      if (rule->len > 0)
        g_string_append (rule, " | ");
      if (group->borrow[0] != '\0' && choices[0] != '\0')
        g_string_append_printf (rule, "(pattern {%s} & %s & %s {%s})", group->patterns->str,
                                group->borrow, tsr_params[input].name, choices);
      else if (group->borrow[0] != '\0')
        g_string_append_printf (rule, "(pattern {%s} & %s)", group->patterns->str,
                                group->borrow);
      else if (choices[0] == '\0' && !everywhere)
        g_string_append_printf (rule, "pattern {%s}", group->patterns->str);
      else if (choices[0] != '\0' && everywhere)
        g_string_append_printf (rule, "%s {%s}", tsr_params[input].name, choices);
      else if (choices[0] != '\0')
        g_string_append_printf (rule, "(pattern {%s} & %s {%s})", group->patterns->str,
                                tsr_params[input].name, choices);
      g_free (group->choices);
      g_free (group->borrow);
      g_string_free (group->patterns, TRUE);
    }
  if (n_applying == 0)
    g_string_append (rule, "0");
  /* NULL: the parameter has an effect whatever the choices */
  return g_string_free (rule, rule->len == 0);
}
