/* Parameters as GValues: see param-gvalue.h. */
#include <math.h>

#include "param-gvalue.h"
#include "srgb-color.h"

void
tsr_param_to_gvalue (const TsrParamSpec *spec, const TsrSettings *s, GValue *value)
{
  const double v = s->value[spec->id];

  switch (spec->type)
    {
    case TSR_TYPE_INT:
      g_value_set_int (value, (gint) v);
      break;
    case TSR_TYPE_DOUBLE:
      g_value_set_double (value, v);
      break;
    case TSR_TYPE_BOOL:
      g_value_set_boolean (value, v != 0);
      break;
    case TSR_TYPE_CHOICE:
      if (G_VALUE_HOLDS_ENUM (value))
        g_value_set_enum (value, (gint) v);
      else
        g_value_set_string (value, spec->choices[(guint) v].name);
      break;
    case TSR_TYPE_COLOR:
      g_value_take_object (value, tsr_gegl_color_new (&s->color[spec->id]));
      break;
    default:
      g_warn_if_reached ();
    }
}

/* The number value holds, of whichever type its property has. */
static double
gvalue_number (const GValue *value)
{
  if (G_VALUE_HOLDS_INT (value))
    return g_value_get_int (value);
  if (G_VALUE_HOLDS_DOUBLE (value))
    return g_value_get_double (value);
  if (G_VALUE_HOLDS_BOOLEAN (value))
    return g_value_get_boolean (value) ? 1 : 0;
  if (G_VALUE_HOLDS_ENUM (value))
    return g_value_get_enum (value);
  return NAN;   /* refused by the core as out of range */
}

gboolean
tsr_param_from_gvalue (const TsrParamSpec *spec, const GValue *value, TsrSettings *s,
                       GError **error)
{
  if (spec->type == TSR_TYPE_COLOR)
    {
      GeglColor *color = g_value_get_object (value);
      float      rgba[4];

      if (color == NULL)
        {
          s->color[spec->id] = spec->def_color;
          return TRUE;
        }
      tsr_gegl_color_rgba (color, rgba);
      s->color[spec->id] = tsr_color_clamped (rgba);
      return TRUE;
    }
  if (G_VALUE_HOLDS_STRING (value))     /* a choice by name */
    {
      const char *name = g_value_get_string (value);
      return tsr_settings_parse (s, spec->name, name != NULL ? name : "", error);
    }
  return tsr_settings_set (s, spec->id, gvalue_number (value), error);
}
