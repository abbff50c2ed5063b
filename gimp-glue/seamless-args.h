/* The arguments of plug-in-tessera-seamless, from the core's table of
 * seamless settings (core/photo/seamless-params.h) as the CLI reads it,
 * then the tile's size.  Their order is the procedure's, stable for
 * Script-Fu: run-mode, image, drawables, then the table's rows that shape
 * the tile (not the material maps' rows), then width and height. */
#ifndef TSR_SEAMLESS_ARGS_H
#define TSR_SEAMLESS_ARGS_H

#include <libgimp/gimp.h>

#include "photo/seamless.h"

G_BEGIN_DECLS

#define TSR_SEAMLESS_ARG_WIDTH  "width"
#define TSR_SEAMLESS_ARG_HEIGHT "height"

/* Whether a row of the table is an argument of the procedure. */
gboolean tsr_seamless_arg_used      (int param);

void     tsr_seamless_add_arguments (GimpProcedure *procedure);

/* The settings and the size asked for (0 = the photograph's own). */
void     tsr_seamless_from_config   (GimpProcedureConfig *config, TsrSeamlessSettings *s,
                                     int *width, int *height);

G_END_DECLS

#endif
