/* Parameter types as PDB arguments and config properties: see
 * param-config.h. */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "param-config.h"
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
  const double v = s->value[spec->id];

  switch (spec->type)
    {
    case TSR_TYPE_INT:
      g_object_set (config, spec->name, (gint) v, NULL);
      break;
    case TSR_TYPE_BOOL:
      g_object_set (config, spec->name, (gboolean) (v != 0), NULL);
      break;
    case TSR_TYPE_CHOICE:
      /* Choice arguments hold the choice's name (the GimpChoice nick). */
      g_object_set (config, spec->name, spec->choices[(guint) v].name, NULL);
      break;
    case TSR_TYPE_COLOR:
      {
        GeglColor *color = tsr_gegl_color_new (&s->color[spec->id]);
        g_object_set (config, spec->name, color, NULL);
        g_object_unref (color);
      }
      break;
    case TSR_TYPE_DOUBLE:
    default:
      g_object_set (config, spec->name, v, NULL);
      break;
    }
}

/* GIMP 3.0.4 loses the default of every plug-in colour argument on its way
 * to the PDB (libgimp's _gimp_param_spec_to_gp_param_def sends the colour's
 * format but not its bytes), so a caller that leaves a colour out — a
 * Script-Fu call with named arguments, say — passes transparent black.
 * Exactly (0, 0, 0, 0) therefore means "not given": the table's default.
 * (A transparent end of a ramp is still possible with any other RGB, or a
 * gradient.) */
static void
read_color (GimpProcedureConfig *config, const TsrParamSpec *spec, TsrColor *out)
{
  GeglColor *color = NULL;
  float      rgba[4] = { 0, 0, 0, 0 };

  g_object_get (config, spec->name, &color, NULL);
  if (color != NULL)
    {
      tsr_gegl_color_rgba (color, rgba);
      g_object_unref (color);
    }
  if (rgba[0] == 0.0f && rgba[1] == 0.0f && rgba[2] == 0.0f && rgba[3] == 0.0f)
    {
      *out = spec->def_color;
      return;
    }
  *out = tsr_color_clamped (rgba);
}

static double
read_number (GimpProcedureConfig *config, const TsrParamSpec *spec)
{
  switch (spec->type)
    {
    case TSR_TYPE_INT:
      {
        gint v = 0;
        g_object_get (config, spec->name, &v, NULL);
        return v;
      }
    case TSR_TYPE_BOOL:
      {
        gboolean v = FALSE;
        g_object_get (config, spec->name, &v, NULL);
        return v ? 1 : 0;
      }
    case TSR_TYPE_CHOICE:
      return gimp_procedure_config_get_choice_id (config, spec->name);
    case TSR_TYPE_DOUBLE:
    case TSR_TYPE_COLOR:
    default:
      {
        gdouble v = NAN;
        g_object_get (config, spec->name, &v, NULL);
        return v;
      }
    }
}

gboolean
tsr_param_from_config (GimpProcedureConfig *config, const TsrParamSpec *spec,
                       TsrSettings *s, GError **error)
{
  if (spec->type == TSR_TYPE_COLOR)
    {
      read_color (config, spec, &s->color[spec->id]);
      return TRUE;
    }
  return tsr_settings_set (s, spec->id, read_number (config, spec), error);
}
