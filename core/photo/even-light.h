/* Evening out a photograph's uneven light before it is cut into patches:
 * patches taken from its bright and its shaded sides would otherwise sit
 * side by side in the tile as a patchwork of light.  The large-scale
 * luminance is a wide blur of the photograph's; each pixel's colour is
 * scaled by 1 + strength (mean / local - 1), so the fine detail and the colour
 * stay and only the slow light changes.  Alpha is left as it is. */
#ifndef TSR_EVEN_LIGHT_H
#define TSR_EVEN_LIGHT_H

#include "photo/photo-image.h"

G_BEGIN_DECLS

/* In place; strength 0 .. 1 (0: nothing changes).  radius: the blur's
 * scale in pixels (a third of it per box pass). */
void tsr_even_light (TsrImage *image, double strength, int radius);

/* The gains that even out the light of a plane of w x h luminances, in
 * place: each pixel's 1 + strength (mean / local - 1), its local light
 * the blur of the plane at radius (tsr_box_blur), edges held or, for a
 * tile, wrapping. */
void tsr_light_gains (float *plane, int w, int h, double strength, int radius,
                      gboolean wrap);

G_END_DECLS

#endif
