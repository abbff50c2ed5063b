/* A seamless tile's material maps: the height estimated from it
 * (photo-height.h), and from that height the normal, occlusion,
 * curvature, roughness and packed maps through the procedural maps' own
 * code (maps/shading.h, maps/neighbourhood.h, color/rgba-rows.h) and the same
 * surface settings (normal-strength, normal-format, ao-radius,
 * ao-strength, curvature-strength, roughness-min, roughness-max,
 * metallic).  The height wraps, and so every map does: a pixel's
 * neighbourhood is read across the tile's edges.  The colour map is the
 * tile itself (the caller's). */
#ifndef TSR_PHOTO_MAPS_H
#define TSR_PHOTO_MAPS_H

#include "photo/photo-height.h"
#include "texture/texture.h"

G_BEGIN_DECLS

typedef struct _TsrPhotoMaps TsrPhotoMaps;

/* The surface parameters the maps read, in the order the docs list them;
 * TSR_P_COUNT ends the list. */
extern const TsrParamId tsr_photo_map_params[];

/* The relief depth a photograph's maps start from, in pixels from height
 * 0 to 1: a photograph's height holds detail at every scale, down to the
 * pixel, and at the procedural maps' 16 nearly every pixel is a steep
 * slope, the occlusion grey all over (looked at on gravel, grass). */
#define TSR_PHOTO_NORMAL_STRENGTH 4.0

/* The surface settings at their defaults for a photograph: render's, the
 * relief depth TSR_PHOTO_NORMAL_STRENGTH. */
void          tsr_photo_maps_settings_init (TsrSettings *s);

/* Whether the maps read parameter id. */
gboolean      tsr_photo_map_reads (TsrParamId id);

/* The planes the maps of `maps` (bits 1 << TsrMap) need, from the tile's
 * height; s gives the surface settings (checked: tsr_settings_validate). */
TsrPhotoMaps *tsr_photo_maps_new  (const TsrImage *tile, const TsrHeightParams *hp,
                                   const TsrSettings *s, guint32 maps);
void          tsr_photo_maps_free (TsrPhotoMaps *pm);

/* Row y of map (one of those asked for; not colour, not shaded) as RGBA,
 * tile->width pixels. */
void          tsr_photo_maps_row  (const TsrPhotoMaps *pm, TsrMap map, int y, float *rgba);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrPhotoMaps, tsr_photo_maps_free)

G_END_DECLS

#endif
