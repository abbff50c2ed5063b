/* plug-in-tessera-seamless: a seamless tile from the photograph in a
 * layer, under Filters ▸ Map beside GIMP's Tile Seamless. */
#ifndef TSR_SEAMLESS_PROCEDURE_H
#define TSR_SEAMLESS_PROCEDURE_H

#include <libgimp/gimp.h>

G_BEGIN_DECLS

#define TSR_SEAMLESS_PROC "plug-in-tessera-seamless"

GimpProcedure *tsr_seamless_procedure_new (GimpPlugIn *plug_in);

G_END_DECLS

#endif
