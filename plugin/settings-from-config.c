/* The procedure's arguments, read back into the core's settings.  GIMP has
 * already checked each value against the range procedure-args.c gave it
 * (Script-Fu and the PDB refuse out-of-range values before the plug-in
 * runs); the core checks them again, so anything those ranges let through
 * is still refused, with the core's message naming the parameter. */
#include "config.h"

#include <math.h>

#include "tessera.h"
#include "procedure-args.h"
#include "settings-from-config.h"

static float
channel (float v)
{
  /* Colours converted from another space may land a rounding error
   * outside 0 .. 1; the core refuses those. */
  return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
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
      gegl_color_get_pixel (color, babl_format ("R'G'B'A float"), rgba);
      g_object_unref (color);
    }
  if (rgba[0] == 0.0f && rgba[1] == 0.0f && rgba[2] == 0.0f && rgba[3] == 0.0f)
    {
      *out = spec->def_color;
      return;
    }
  out->r = channel (rgba[0]);
  out->g = channel (rgba[1]);
  out->b = channel (rgba[2]);
  out->a = channel (rgba[3]);
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
tsr_settings_from_config (GimpProcedureConfig *config,
                          TsrSettings         *s,
                          GError             **error)
{
  int pattern = gimp_procedure_config_get_choice_id (config, TSR_ARG_PATTERN);

  if (pattern < 0 || (guint) pattern >= tsr_n_patterns)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_PATTERN,
                   "pattern: index %d is not a pattern", pattern);
      return FALSE;
    }
  if (!tsr_settings_init (s, tsr_patterns[pattern].name, error))
    return FALSE;

  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      const TsrParamSpec *spec = &tsr_params[i];

      if (spec->type == TSR_TYPE_COLOR)
        read_color (config, spec, &s->color[i]);
      else if (!tsr_settings_set (s, spec->id, read_number (config, spec), error))
        return FALSE;
    }
  return tsr_settings_validate (s, error);
}

char *
tsr_gradient_from_config (GimpProcedureConfig *config)
{
  char *name = NULL;

  g_object_get (config, TSR_ARG_GRADIENT, &name, NULL);
  return name != NULL ? name : g_strdup ("");
}
