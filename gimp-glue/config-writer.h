/* TsrSettings into a GimpProcedureConfig: the inverse of the plug-in's
 * tsr_settings_from_config, for presets. */
#ifndef TSR_CONFIG_WRITER_H
#define TSR_CONFIG_WRITER_H

#include <libgimp/gimp.h>

#include "param-config.h"
#include "texture/texture.h"

G_BEGIN_DECLS

/* Sets `pattern`, every parameter of tsr_params[] and `gradient` (to
 * gradient, NULL for "") in one batch of notifications. */
void tsr_config_write_settings (GimpProcedureConfig *config,
                                const TsrSettings   *s,
                                const char          *gradient);


G_END_DECLS

#endif
