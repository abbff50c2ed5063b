/* The plug-in's dialog.  One entry point, so the dialog can grow (previews,
 * grouped pages) without the plug-in changing. */
#ifndef TSR_TESSERA_DIALOG_H
#define TSR_TESSERA_DIALOG_H

#include <libgimp/gimpui.h>

G_BEGIN_DECLS

/* Shows the dialog for config (the values the run will use); TRUE when the
 * user chose OK, FALSE when cancelled.  drawable (may be NULL) is the one
 * the texture will be rendered into.  refusal: NULL, or why OK's last run
 * with these values was refused, shown in the dialog as its own refusals
 * are (the plug-in shows the dialog again rather than lose the values). */
gboolean tessera_dialog_run (GimpProcedure       *procedure,
                             GimpProcedureConfig *config,
                             GimpDrawable        *drawable,
                             const char          *refusal);

G_END_DECLS

#endif
