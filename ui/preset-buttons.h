/* One button per preset (tsr_presets[]), each with a thumbnail: a click
 * sets the config's properties to the preset. */
#ifndef TSR_PRESET_BUTTONS_H
#define TSR_PRESET_BUTTONS_H

#include <libgimp/gimpui.h>

G_BEGIN_DECLS

GtkWidget *tsr_preset_buttons_new (GimpProcedureConfig *config);

G_END_DECLS

#endif
