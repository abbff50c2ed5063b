/* Parameter types as PDB arguments and config properties: the one place
 * the plug-in maps a TsrParamType to GIMP. */
#ifndef TSR_PARAM_CONFIG_H
#define TSR_PARAM_CONFIG_H

#include <libgimp/gimp.h>

#include "texture/texture.h"

G_BEGIN_DECLS

/* The argument for spec: same name, range, default and description; label
 * already translated (with its mnemonic). */
void       tsr_param_add_argument (GimpProcedure *procedure, const TsrParamSpec *spec,
                                   const char *label);

/* s's value of spec into config's property of the same name. */
void       tsr_param_to_config    (GObject *config, const TsrParamSpec *spec,
                                   const TsrSettings *s);

/* config's property into s, checked by the core (its message names the
 * parameter and its range). */
gboolean   tsr_param_from_config  (GimpProcedureConfig *config, const TsrParamSpec *spec,
                                   TsrSettings *s, GError **error);

G_END_DECLS

#endif
