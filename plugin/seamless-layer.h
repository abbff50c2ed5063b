/* plug-in-tessera-seamless's run: the layer (or the selection's bounds in
 * it) read as a photograph at the layer's precision (layer-photo.h),
 * quilted into a seamless tile by the core (photo/seamless.h, as `tessera
 * seamless`), written back in one undo step, or, at another size, as a
 * new image; with material layers, the tile's maps (photo/photo-maps.h,
 * as `tessera seamless --material`) as new layers above it, in the same
 * undo step. */
#ifndef TSR_SEAMLESS_LAYER_H
#define TSR_SEAMLESS_LAYER_H

#include <libgimp/gimp.h>

#include "seamless-args.h"

G_BEGIN_DECLS

/* Nothing is changed before the tile and every map are made: on failure
 * the image is as it was, and the status says whose fault it was
 * (GIMP_PDB_CALLING_ERROR: the arguments or the drawable).  *new_image:
 * the image made at another size, else NULL. */
GimpPDBStatusType tsr_seamless_layer (GimpImage *image, GimpDrawable **drawables,
                                      const TsrSeamlessCall *call,
                                      GimpImage **new_image, GError **error);

/* The refusals of the drawables and the call (NULL: the layer alone, at
 * its size), with the error the run gives; *area (may be NULL): the
 * photograph's place in the drawable. */
gboolean tsr_seamless_layer_check (GimpDrawable **drawables, const TsrSeamlessCall *call,
                                   GeglRectangle *area, GError **error);

G_END_DECLS

#endif
