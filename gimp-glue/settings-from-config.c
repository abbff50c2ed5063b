/* The procedure's arguments, read back into the core's settings.  GIMP has
 * already checked each value against the range procedure-args.c gave it
 * (Script-Fu and the PDB refuse out-of-range values before the plug-in
 * runs); the core checks them again, so anything those ranges let through
 * is still refused, with the core's message naming the parameter. */
#include "config.h"

#include "tessera.h"
#include "param-config.h"
#include "procedure-args.h"
#include "settings-from-config.h"

gboolean
tsr_settings_read_config (GimpProcedureConfig *config,
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
  if (!tsr_settings_init (s, tsr_patterns[pattern]->name, error))
    return FALSE;

  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (!tsr_param_from_config (config, &tsr_params[i], s, error))
      return FALSE;
  return TRUE;
}

gboolean
tsr_settings_from_config (GimpProcedureConfig *config,
                          TsrSettings         *s,
                          GError             **error)
{
  return tsr_settings_read_config (config, s, error) && tsr_settings_validate (s, error);
}

char *
tsr_gradient_from_config (GimpProcedureConfig *config)
{
  char *name = NULL;

  g_object_get (config, TSR_ARG_GRADIENT, &name, NULL);
  return name != NULL ? name : g_strdup ("");
}
