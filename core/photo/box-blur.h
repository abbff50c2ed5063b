/* A plane of floats blurred by three box passes each way, close to a
 * Gaussian: a photograph's with its edges held (it does not wrap), or a
 * seamless tile's wrapping round, so that the blur of a tile is a tile. */
#ifndef TSR_BOX_BLUR_H
#define TSR_BOX_BLUR_H

#include <glib.h>

G_BEGIN_DECLS

/* In place, w x h floats row after row.  radius: the blur's scale in
 * pixels, a third of it (at least 1) each box's half-width; wrap: the
 * plane is a tile. */
void tsr_box_blur (float *plane, int w, int h, int radius, gboolean wrap);

G_END_DECLS

#endif
