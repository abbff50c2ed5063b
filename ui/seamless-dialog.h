/* The dialog of plug-in-tessera-seamless: the preview of the tile
 * repeated 2 × 2 (seamless-preview.h), then the arguments as
 * GimpProcedureDialog lays them out from the procedure; the material
 * maps' settings are offered when material layers are asked for. */
#ifndef TSR_SEAMLESS_DIALOG_H
#define TSR_SEAMLESS_DIALOG_H

#include <libgimp/gimp.h>

G_BEGIN_DECLS

/* TRUE when OK was pressed (config holds the values), FALSE when
 * cancelled.  drawable: the layer the tile is made from. */
gboolean tsr_seamless_dialog_run (GimpProcedure *procedure, GimpProcedureConfig *config,
                                  GimpDrawable *drawable);

G_END_DECLS

#endif
