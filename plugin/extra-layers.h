/* The layers a call adds above each target layer: the frames of the
 * animation loop, and the other maps of its material set ("material
 * layers"). */
#ifndef TSR_EXTRA_LAYERS_H
#define TSR_EXTRA_LAYERS_H

#include <libgimp/gimp.h>

#include "material-presets.h"
#include "targets.h"

G_BEGIN_DECLS

/* An extra layer: its target, which target it belongs to, and what it is. */
typedef struct
{
  TsrTarget target;    /* its drawable is the copy */
  guint     owner;     /* index of the target it goes above */
  int       frame;     /* 2 .. frames for a frame, else 0 */
  int       map;       /* a material map's TsrMap, -1 for a layer rendered on its
                          own (a frame, a tile of a set) */
} TsrExtra;

/* Targets for the extra layers of every target: copies of its layer (not
 * yet in the image) with the texture of frame k or of each map but the
 * colours of the material preset's set (none when material is NULL), in
 * its engine's normal-map convention, each copy named for what it holds
 * (a map as the preset names its file, without the extension).  NULL with
 * an error when a target that needs extra layers is not a layer.  An
 * empty array when there is nothing to add. */
GArray *tsr_extra_targets_new (GArray                  *targets,
                               const TsrSettings       *settings,
                               const TsrRamp           *ramp,
                               int                      frames,
                               const TsrMaterialPreset *material,
                               GError                 **error);

/* Puts the copies into the image, each right above its target, frames in
 * playing order (the target is frame 1, at the bottom).  Call inside the
 * call's undo group, after the renders succeeded. */
void    tsr_extra_targets_insert (GimpImage *image, GArray *targets, GArray *extras,
                                  int frames);

/* Frees the copies that were never put into the image, and the array. */
void    tsr_extra_targets_free   (GArray *extras, gboolean inserted);

G_END_DECLS

#endif
