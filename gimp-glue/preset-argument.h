/* The procedure's `preset` argument: a preset's name (frontend/presets.c,
 * the table `tessera render --preset` and the dialog's buttons read), ""
 * for none. */
#ifndef TSR_PRESET_ARGUMENT_H
#define TSR_PRESET_ARGUMENT_H

#include <libgimp/gimp.h>

G_BEGIN_DECLS

/* Lays the named preset under config's other values and empties
 * `preset`, so that what follows (the dialog, the render, GIMP's last
 * values) sees plain settings.  A PDB call cannot say which arguments
 * were given, so the rule is tsr_preset_apply_under's: the preset's
 * values, then every parameter not at its default; `pattern` must be
 * left at its default or name the preset's pattern.  Nothing to do with
 * `preset` empty.  FALSE, config unchanged, for an unknown preset (the
 * message lists them) or another pattern. */
gboolean tsr_config_apply_preset (GimpProcedureConfig *config, GError **error);

G_END_DECLS

#endif
