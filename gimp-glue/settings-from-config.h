/* TsrSettings from the values a GimpProcedureConfig holds. */
#ifndef TSR_SETTINGS_FROM_CONFIG_H
#define TSR_SETTINGS_FROM_CONFIG_H

#include <libgimp/gimp.h>

#include "texture/texture.h"

G_BEGIN_DECLS

/* Reads `pattern` and every parameter of tsr_params[] from config into s and
 * validates them; FALSE with the core's message (naming the parameter and
 * its range) for a bad value. */
gboolean tsr_settings_from_config (GimpProcedureConfig *config,
                                   TsrSettings         *s,
                                   GError             **error);

/* The same without validating: each value checked alone, not the whole
 * (for a preset still to be laid under them). */
gboolean tsr_settings_read_config (GimpProcedureConfig *config,
                                   TsrSettings         *s,
                                   GError             **error);

/* The `gradient` argument: a newly allocated name, "" for none. */
char    *tsr_gradient_from_config (GimpProcedureConfig *config);

G_END_DECLS

#endif
