/* A texture seen zoomed out, as a canvas shows it at mipmap level L: each
 * shown pixel (X, Y) stands for the 2^L x 2^L texture pixels from
 * (X 2^L, Y 2^L).  It is evaluated once, at the centre of that block, with
 * the band limit following the shown pixel: octaves finer than it fade
 * (as octaves finer than a pixel do at full size), so the shown pixel is
 * close to the average of the pixels it covers and zooming does not
 * shimmer, at the cost of the pixels shown.  At level 0 it is the
 * texture itself, bit for bit. */
#ifndef TSR_TEXTURE_ZOOMED_H
#define TSR_TEXTURE_ZOOMED_H

#include "texture/texture.h"

G_BEGIN_DECLS

/* Largest level: a shown pixel of 2^16 texture pixels a side. */
#define TSR_MAX_ZOOM_LEVEL 16

/* tsr_texture_new's texture (same canvas, tiling and period, in texture
 * pixels) whose rows, tsr_texture_eval_rgba_rows () and the others, give
 * the shown pixels at `level` (0 .. TSR_MAX_ZOOM_LEVEL). */
TsrTexture *tsr_texture_new_zoomed (const TsrSettings *s, int width, int height,
                                    const TsrRamp *ramp, int level, GError **error);

/* The level the texture was made for. */
int         tsr_texture_get_zoom_level (const TsrTexture *tex);

G_END_DECLS

#endif
