/* The arguments of plug-in-tessera-seamless, from the core's table of
 * seamless settings (core/photo/seamless-params.h) as the CLI reads it.
 * Their order is the procedure's, stable for Script-Fu: run-mode, image,
 * drawables, the table's rows that shape the tile, width and height, then
 * the material layers' arguments: material-layers, material-naming (as
 * plug-in-tessera's) and the table's rows that shape the maps. */
#ifndef TSR_SEAMLESS_ARGS_H
#define TSR_SEAMLESS_ARGS_H

#include <libgimp/gimp.h>

#include "material-presets.h"
#include "photo/seamless.h"

G_BEGIN_DECLS

#define TSR_SEAMLESS_ARG_WIDTH  "width"
#define TSR_SEAMLESS_ARG_HEIGHT "height"

/* One call's request, read from its config. */
typedef struct
{
  TsrSeamlessSettings      settings;
  int                      width, height;   /* 0 = the photograph's own */
  const TsrMaterialPreset *material;        /* material layers named so; NULL: none */
} TsrSeamlessCall;

void     tsr_seamless_add_arguments (GimpProcedure *procedure);
void     tsr_seamless_from_config   (GimpProcedureConfig *config, TsrSeamlessCall *call);

G_END_DECLS

#endif
