/* The dialog of plug-in-tessera-seamless: its arguments, as
 * GimpProcedureDialog lays them out from the procedure. */
#ifndef TSR_SEAMLESS_DIALOG_H
#define TSR_SEAMLESS_DIALOG_H

#include <libgimp/gimp.h>

G_BEGIN_DECLS

/* TRUE when OK was pressed (config holds the values), FALSE when cancelled. */
gboolean tsr_seamless_dialog_run (GimpProcedure *procedure, GimpProcedureConfig *config);

G_END_DECLS

#endif
