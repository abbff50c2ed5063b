/* TsrSettings into a GimpProcedureConfig: see config-writer.h. */
#include "config.h"

#include "tessera.h"
#include "config-writer.h"
#include "param-config.h"
#include "procedure-args.h"

void
tsr_config_write_settings (GimpProcedureConfig *config,
                           const TsrSettings   *s,
                           const char          *gradient)
{
  GObject *object = G_OBJECT (config);

  g_object_freeze_notify (object);
  g_object_set (object, TSR_ARG_PATTERN, tsr_patterns[s->pattern]->name, NULL);
  for (guint i = 0; i < TSR_P_COUNT; i++)
    tsr_param_to_config (object, &tsr_params[i], s);
  g_object_set (object, TSR_ARG_GRADIENT, gradient != NULL ? gradient : "", NULL);
  g_object_thaw_notify (object);
}
