/* Values where 0 means "automatic" (scale: from the tile; tile width and
 * height: the layer's), shown as the word, not as a zero that looks like
 * a size of nothing. */
#ifndef TSR_AUTO_VALUE_H
#define TSR_AUTO_VALUE_H

#include <gtk/gtk.h>

#include "params/params.h"

G_BEGIN_DECLS

/* Whether 0 means automatic for this parameter. */
gboolean tsr_auto_value_applies (const TsrParamSpec *spec);

/* A GtkSpinButton (GimpSpinScale), or a GimpLabelSpin, shows 0 as
 * "auto" and takes "auto" (or an empty entry) typed back as 0. */
void     tsr_auto_value_attach  (GtkWidget *widget);

G_END_DECLS

#endif
