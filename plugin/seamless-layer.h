/* plug-in-tessera-seamless's run: the layer (or the selection's bounds in
 * it) read as a photograph at the layer's precision, quilted into a
 * seamless tile by the core (photo/seamless.h, as `tessera seamless`),
 * written back in one undo step, or, at another size, as a new image. */
#ifndef TSR_SEAMLESS_LAYER_H
#define TSR_SEAMLESS_LAYER_H

#include <libgimp/gimp.h>

#include "photo/seamless.h"

G_BEGIN_DECLS

/* Nothing is changed before the tile is made: on failure the layer is as
 * it was, and the status says whose fault it was (GIMP_PDB_CALLING_ERROR:
 * the arguments or the drawable).  *new_image: the image made at another
 * size, else NULL. */
GimpPDBStatusType tsr_seamless_layer (GimpImage *image, GimpDrawable **drawables,
                                      const TsrSeamlessSettings *s, int width, int height,
                                      GimpImage **new_image, GError **error);

G_END_DECLS

#endif
