/* A seamless tile from a photograph (the room's entry point): the
 * photograph's light evened out if asked (even-light.h), then quilted on
 * the torus (torus-quilt.h) at any size, smaller, equal or larger. */
#ifndef TSR_SEAMLESS_H
#define TSR_SEAMLESS_H

#include "photo/photo-image.h"
#include "photo/seamless-params.h"
#include "photo/photo-height.h"
#include "photo/torus-quilt.h"

G_BEGIN_DECLS

typedef struct
{
  double value[TSR_SP_COUNT];
} TsrSeamlessSettings;

/* Every setting at its default. */
void      tsr_seamless_settings_init  (TsrSeamlessSettings *s);
/* KEY=VALUE as typed: FALSE with TSR_ERROR_UNKNOWN_PARAMETER or
 * TSR_ERROR_INVALID_VALUE naming the key, its range and what was given. */
gboolean  tsr_seamless_settings_parse (TsrSeamlessSettings *s, const char *key,
                                       const char *value, GError **error);

/* Checks the photograph (at least TSR_PHOTO_MIN_SIDE a side) and the
 * tile's size (TSR_PHOTO_MIN_SIDE .. the image limits), with an error
 * naming which. */
gboolean  tsr_seamless_check          (int photo_width, int photo_height, int width, int height,
                                       GError **error);

/* The tile, width x height, of photo's channels; the same bits for the
 * same photograph and settings on any machine. */
TsrImage *tsr_seamless                (const TsrImage *photo, int width, int height,
                                       const TsrSeamlessSettings *s, GError **error);

/* The photograph as it is quilted, its light evened when the settings ask
 * (a new image in *evened, for the caller to free; else photo itself),
 * and the quilt's parameters; NULL with an error when memory runs out. */
const TsrImage *tsr_seamless_prepare (const TsrImage *photo, const TsrSeamlessSettings *s,
                                      TsrQuiltParams *q, TsrImage **evened, GError **error);

/* The height estimate's settings (photo-height.h) for a tile made with
 * these settings from a photograph of photo_width x photo_height; linear:
 * the photograph is a float file's linear light. */
void      tsr_seamless_height_params  (const TsrSeamlessSettings *s, int photo_width,
                                       int photo_height, gboolean linear, TsrHeightParams *hp);

G_END_DECLS

#endif
