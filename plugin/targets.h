/* The drawables a call renders into, checked before anything is changed. */
#ifndef TSR_TARGETS_H
#define TSR_TARGETS_H

#include <libgimp/gimp.h>

#include "texture/texture.h"

G_BEGIN_DECLS

typedef struct
{
  GimpDrawable *drawable;
  GeglRectangle area;      /* selection ∩ drawable, drawable coordinates */
  TsrTexture   *texture;   /* canvas = the drawable's width x height */
  /* where the texture's pixel (0, 0) lies in the drawable (an atlas
   * place: texture = that tile's; area within the place) */
  int           origin_x, origin_y;
  char         *name;      /* a new name the layer takes when rendered, or NULL */
} TsrTarget;

/* One target per drawable, or NULL with an error (and *status set to the
 * PDB status to return) when any drawable cannot be rendered into: not a
 * layer or channel, a layer group, indexed, outside the selection, or the
 * settings refused for its size. */
GArray *tsr_targets_new  (GimpDrawable     **drawables,
                          const TsrSettings *settings,
                          const TsrRamp     *ramp,
                          GimpPDBStatusType *status,
                          GError           **error);
void    tsr_targets_free (GArray *targets);

G_END_DECLS

#endif
