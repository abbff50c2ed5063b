/* The colour source "any GIMP gradient": a check button saying whether a
 * gradient colours the texture, and GIMP's own gradient chooser, bound to
 * the procedure's `gradient` string argument ("" = no gradient: the palette
 * and colours apply). */
#ifndef TSR_GRADIENT_WIDGET_H
#define TSR_GRADIENT_WIDGET_H

#include <libgimp/gimpui.h>

G_BEGIN_DECLS

/* label: the check button's, with its mnemonic. */
GtkWidget *tsr_gradient_widget_new (GimpProcedureConfig *config, const char *label);

G_END_DECLS

#endif
