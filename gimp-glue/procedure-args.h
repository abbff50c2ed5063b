/* The procedure's PDB arguments, generated from the core's tables. */
#ifndef TSR_PROCEDURE_ARGS_H
#define TSR_PROCEDURE_ARGS_H

#include <libgimp/gimp.h>

G_BEGIN_DECLS

/* Names of the arguments that are not parameters of the core. */
#define TSR_ARG_PATTERN  "pattern"
#define TSR_ARG_GRADIENT "gradient"
#define TSR_ARG_FRAMES   "frames"
#define TSR_ARG_MATERIAL "material-layers"
#define TSR_ARG_MATERIAL_NAMING "material-naming"
#define TSR_ARG_MATERIAL_FOLDER "material-folder"
#define TSR_ARG_PRESET   "preset"

/* Frames of the animation loop the plug-in makes at most, as layers. */
#define TSR_MAX_FRAMES 1000

/* Adds `pattern` (a choice of tsr_patterns[]), one argument per entry of
 * tsr_params[] (same name, type, range, default and translated label and
 * description), then `gradient`, the tile-set arguments, `frames`, the
 * material arguments and `preset`: new arguments go last, so that
 * positional Script-Fu calls keep their meaning (tests/pdb-argument-order.txt). */
void tsr_procedure_add_arguments (GimpProcedure *procedure);

/* The engines of material-presets.h, for material-naming arguments. */
GimpChoice *tsr_material_naming_choice (void);

G_END_DECLS

#endif
