/* The material set a call made, exported as files: each target layer and
 * its material layers as PNGs in a folder, named as the engine's preset
 * names them (the `material-folder` argument, for Script-Fu). */
#ifndef TSR_MATERIAL_EXPORT_H
#define TSR_MATERIAL_EXPORT_H

#include <libgimp/gimp.h>

#include "extra-layers.h"

G_BEGIN_DECLS

/* Whether folder is one the files can be made in: FALSE with an error
 * naming it.  To check before anything is rendered. */
gboolean tsr_material_folder_check (const char *folder, GError **error);

/* Each target's layer (its colours) and its material layers (extras of
 * frame 0) as FOLDER/file names of the preset, through GIMP's PNG
 * export; names are taken from `names`, the targets' layer names before
 * the call (frames rename the target). */
gboolean tsr_material_export (GArray *targets, GArray *extras, char **names,
                              const TsrMaterialPreset *preset, const char *folder,
                              GError **error);

G_END_DECLS

#endif
