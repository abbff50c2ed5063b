/* What the plug-in should have produced: the core, called directly. */
#ifndef TSR_TEST_REFERENCE_H
#define TSR_TEST_REFERENCE_H

#include <math.h>

#include "tessera.h"
#include "../test-helpers.h"

/* A texture of pattern with its defaults and "key=value" settings. */
TsrTexture *ref_texture (const char *pattern, const char *const *kv,
                         int width, int height, const TsrRamp *ramp);

/* Float RGBA (non-linear sRGB) of a rectangle of tex: g_free () it. */
float      *ref_rgba    (const TsrTexture *tex, int x, int y, int w, int h);


static inline double
ref_srgb_to_linear (double v)
{
  return v <= 0.04045 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
}

static inline double
ref_linear_to_srgb (double v)
{
  return v <= 0.0031308 ? v * 12.92 : 1.055 * pow (v, 1 / 2.4) - 0.055;
}

/* Relative luminance of non-linear sRGB, with the D50-adapted sRGB
 * primaries babl (and so GIMP) uses for RGB -> gray. */
static inline double
ref_luminance (const float *rgb)
{
  return 0.2225045 * ref_srgb_to_linear (rgb[0]) + 0.7168786 * ref_srgb_to_linear (rgb[1])
         + 0.0606169 * ref_srgb_to_linear (rgb[2]);
}

#endif
