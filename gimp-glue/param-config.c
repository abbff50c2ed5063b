/* Parameter types as PDB arguments and config properties: see
 * param-config.h.  Values go both ways through param-gvalue.h, as the
 * GEGL operation's do. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "param-config.h"
#include "param-gvalue.h"
#include "srgb-color.h"

static GimpChoice *
param_choice (const TsrParamSpec *spec)
{
  GimpChoice *choice = gimp_choice_new ();

  for (guint i = 0; i < spec->n_choices; i++)
    gimp_choice_add (choice, spec->choices[i].name, (gint) i,
                     _(spec->choices[i].label), NULL);
  return choice;
}

void
tsr_param_add_argument (GimpProcedure *procedure, const TsrParamSpec *spec,
                        const char *label)
{
  const char       *blurb = _(spec->description);
  const GParamFlags flags = G_PARAM_READWRITE;

  switch (spec->type)
    {
    case TSR_TYPE_INT:
      gimp_procedure_add_int_argument (procedure, spec->name, label, blurb,
                                       (gint) spec->min, (gint) spec->max,
                                       (gint) spec->def, flags);
      break;
    case TSR_TYPE_DOUBLE:
      gimp_procedure_add_double_argument (procedure, spec->name, label, blurb,
                                          spec->min, spec->max, spec->def, flags);
      break;
    case TSR_TYPE_BOOL:
      gimp_procedure_add_boolean_argument (procedure, spec->name, label, blurb,
                                           spec->def != 0, flags);
      break;
    case TSR_TYPE_CHOICE:
      gimp_procedure_add_choice_argument (procedure, spec->name, label, blurb,
                                          param_choice (spec),
                                          spec->choices[(guint) spec->def].name,
                                          flags);
      break;
    case TSR_TYPE_COLOR:
      {
        GeglColor *color = tsr_gegl_color_new (&spec->def_color);
        gimp_procedure_add_color_argument (procedure, spec->name, label, blurb,
                                           TRUE, color, flags);
        g_object_unref (color);
      }
      break;
    default:
      g_warn_if_reached ();
    }
}

void
tsr_param_to_config (GObject *config, const TsrParamSpec *spec, const TsrSettings *s)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (config), spec->name);
  GValue      value = G_VALUE_INIT;

  g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (pspec));
  tsr_param_to_gvalue (spec, s, &value);
  g_object_set_property (config, spec->name, &value);
  g_value_unset (&value);
}

/* GIMP 3.0.4 loses the default of every plug-in colour argument on its way
 * to the PDB (libgimp's _gimp_param_spec_to_gp_param_def sends the colour's
 * format but not its bytes), so a caller that leaves a colour out — a
 * Script-Fu call with named arguments, say — passes transparent black.
 * Exactly (0, 0, 0, 0) therefore means "not given": the table's default.
 * (A transparent end of a ramp is still possible with any other RGB, or a
 * gradient.) */
static gboolean
color_not_given (const GValue *value)
{
  GeglColor *color = g_value_get_object (value);
  float      rgba[4] = { 0, 0, 0, 0 };

  if (color != NULL)
    tsr_gegl_color_rgba (color, rgba);
  return rgba[0] == 0.0f && rgba[1] == 0.0f && rgba[2] == 0.0f && rgba[3] == 0.0f;
}

gboolean
tsr_param_from_config (GimpProcedureConfig *config, const TsrParamSpec *spec,
                       TsrSettings *s, GError **error)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (config), spec->name);
  GValue      value = G_VALUE_INIT;
  gboolean    ok = TRUE;

  g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (pspec));
  g_object_get_property (G_OBJECT (config), spec->name, &value);
  if (spec->type == TSR_TYPE_COLOR && color_not_given (&value))
    s->color[spec->id] = spec->def_color;
  else
    ok = tsr_param_from_gvalue (spec, &value, s, error);
  g_value_unset (&value);
  return ok;
}
