/* How a material set's files are named and what each holds: the engines'
 * presets (--naming unreal|unity|godot|gltf|blender) or a template with a
 * {map} placeholder, and the checks made before anything is rendered. */
#ifndef TSR_MATERIAL_NAMING_H
#define TSR_MATERIAL_NAMING_H

#include <glib.h>

#include "tessera.h"

G_BEGIN_DECLS

/* One file of a set. */
typedef struct
{
  TsrMap map;
  char  *path;     /* DIR/file name, ending in .png */
  int    depth;    /* its map kind's set_bits: 16 for the height, 8 for the rest */
} MaterialFile;

typedef struct
{
  /* The engine's normal-map convention; -1 for a template, which keeps
   * the settings' normal-format. */
  int          normal_format;
  MaterialFile files[TSR_MAP_COUNT];
  int          n_files;
} MaterialSet;

/* The files of `target` (DIR/NAME) named by `naming` (a preset's name, a
 * template such as "{name}_{map}.png", or NULL: unreal).  FALSE with a
 * message naming the problem: no NAME, a template without {map} or with a
 * '/', an extension other than .png, a folder that is missing or cannot be
 * written, two maps of the set on one file, a file that exists but is no
 * regular file (the CLI checks those, numbered as written). */
gboolean material_set_init  (MaterialSet *set, const char *target, const char *naming,
                             char **message);
void     material_set_clear (MaterialSet *set);

G_END_DECLS

#endif
