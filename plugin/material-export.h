/* The material set a call made, exported as files: each target's colours
 * and material maps as PNGs in a folder, named as the engine's preset
 * names them (the `material-folder` argument, for Script-Fu), at the
 * set's own depths whatever the image's precision: 8-bit colour and
 * data, a 16-bit grey height, grey or RGB, as `tessera render --material`
 * writes them. */
#ifndef TSR_MATERIAL_EXPORT_H
#define TSR_MATERIAL_EXPORT_H

#include <libgimp/gimp.h>

#include "extra-layers.h"

G_BEGIN_DECLS

/* Whether folder is one the files can be made in: FALSE with an error
 * naming it.  To check before anything is rendered. */
gboolean tsr_material_folder_check (const char *folder, GError **error);

/* A file of the set: an image of its own, at the file's depth, whose one
 * layer the call renders the map into (with the layers, in their pass). */
typedef struct
{
  guint      owner;    /* index of the target */
  TsrMap     map;
  GimpImage *image;
  GimpLayer *layer;    /* as large as the target's layer */
  char      *path;
} TsrExportFile;

/* The files of every target's set, into folder, names from `names` (the
 * targets' layer names before the call: frames rename the target); each
 * file grey or RGB, with alpha or without, as the CLI writes the map of
 * these settings coloured by ramp (NULL: their palette). */
GArray  *tsr_material_exports_new  (GArray *targets, char **names,
                                    const TsrMaterialPreset *preset,
                                    const TsrSettings *settings, const TsrRamp *ramp,
                                    const char *folder);

/* After the pass rendered into their shadows: each file written through
 * GIMP's PNG export. */
gboolean tsr_material_exports_save (GArray *exports, GError **error);

/* Deletes the images (NULL: nothing). */
void     tsr_material_exports_free (GArray *exports);

G_END_DECLS

#endif
