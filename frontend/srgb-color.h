/* The core's colours (non-linear sRGB floats) as GeglColors and back: for
 * the GEGL operation and the GIMP glue, which both hand colours to GIMP. */
#ifndef TSR_SRGB_COLOR_H
#define TSR_SRGB_COLOR_H

#include <gegl.h>
#include "params/params.h"

static inline GeglColor *
tsr_gegl_color_new (const TsrColor *c)
{
  const float rgba[4] = { c->r, c->g, c->b, c->a };
  GeglColor  *color = gegl_color_new (NULL);

  gegl_color_set_pixel (color, babl_format ("R'G'B'A float"), rgba);
  return color;
}

/* color's non-linear sRGB, as floats (possibly a rounding error outside
 * 0 .. 1 when it came from another space). */
static inline void
tsr_gegl_color_rgba (GeglColor *color, float rgba[4])
{
  gegl_color_get_pixel (color, babl_format ("R'G'B'A float"), rgba);
}

#endif
