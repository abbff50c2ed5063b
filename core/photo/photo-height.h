/* A height field estimated from a seamless tile made from a photograph,
 * for its material maps.  A photograph shows shading, not height: its
 * luminance is darker in hollows and crevices and brighter on what stands
 * out, under a light that changes slowly across the shot.  The estimate:
 * the luminance with that large-scale light divided out (the even-light
 * gains at full strength, wrapping: even-light.h), cut into bands of
 * detail an octave apart (differences of wrapping blurs, box-blur.h),
 * and summed with weights that shift from the fine detail to the large
 * forms as `balance` goes from 0 to 1; the sum is spread over 0 .. 1 by
 * its 0.5th and 99.5th percentiles.  Everything wraps, so the height of a
 * tile is a tile, and every step is float arithmetic in a fixed order:
 * the same bits on every machine. */
#ifndef TSR_PHOTO_HEIGHT_H
#define TSR_PHOTO_HEIGHT_H

#include "photo/photo-image.h"

G_BEGIN_DECLS

typedef struct
{
  double   balance;        /* 0: fine detail only .. 0.5: every band alike .. 1: large forms only */
  gboolean invert;         /* for materials whose hollows are bright */
  gboolean linear;         /* the tile's values are linear light (a float file's) */
  int      light_radius;   /* the scale of the light divided out, in pixels */
} TsrHeightParams;

/* The bands' box half-widths (1, 2, 4, ...: each band's scale in pixels)
 * for a light radius and a tile's shorter side; their count, at most
 * TSR_HEIGHT_MAX_BANDS, at least 2. */
#define TSR_HEIGHT_MAX_BANDS 12
int    tsr_height_bands (int light_radius, int shorter, int half_width[TSR_HEIGHT_MAX_BANDS]);

/* tile->width x tile->height heights in 0 .. 1, row after row (g_free);
 * alpha is not looked at. */
float *tsr_photo_height (const TsrImage *tile, const TsrHeightParams *p);

G_END_DECLS

#endif
