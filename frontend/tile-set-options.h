/* The plug-in's tile-set arguments (the CLI's --variants, --wang corner,
 * --terrain), declared as parameters are, so the PDB arguments and the
 * dialog's widgets come from the same code as the core's parameters'. */
#ifndef TSR_TILE_SET_OPTIONS_H
#define TSR_TILE_SET_OPTIONS_H

#include "tessera.h"

G_BEGIN_DECLS

typedef enum { TSR_SET_NONE, TSR_SET_VARIANTS, TSR_SET_CORNERS, TSR_SET_COUNT } TsrSetChoice;
typedef enum { TSR_SET_AS_LAYERS, TSR_SET_AS_ATLAS, TSR_SET_AS_COUNT } TsrSetLayout;

/* tile-set (a TsrSetChoice), tile-variants, tile-layout (a TsrSetLayout),
 * tile-terrain (the second material's palette: "none", or a choice of the
 * `palette` parameter): their id is TSR_P_COUNT, as they are no parameter
 * of a texture. */
enum { TSR_SET_ARG_KIND, TSR_SET_ARG_VARIANTS, TSR_SET_ARG_LAYOUT, TSR_SET_ARG_TERRAIN,
       TSR_SET_ARGS };
extern const TsrParamSpec tsr_tile_set_args[TSR_SET_ARGS];

/* Whether argument `arg` means anything with tile set `set`: the dialog
 * shows it only then. */
gboolean    tsr_tile_set_arg_applies (TsrSetChoice set, guint arg);

/* The palette tile-terrain's choice `choice` names, NULL for none. */
const char *tsr_tile_terrain_palette (int choice);

G_END_DECLS

#endif
