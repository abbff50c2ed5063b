/* The surface a pattern's values describe when read as heights: normals
 * and lighting for the `map` parameter (height, normal, shaded maps, after
 * Perlin 1985's bump textures). */
#ifndef TSR_SURFACE_H
#define TSR_SURFACE_H

#include "params/param-values.h"

G_BEGIN_DECLS

typedef struct
{
  TsrMap map;
  float  depth;            /* relief depth: pixels from value 0 to value 1 */
  float  green_sign;       /* +1: OpenGL (Y up), -1: DirectX */
  float  light[3];         /* towards the light, unit, x right, y up, z out */
} TsrSurface;

void tsr_surface_init (TsrSurface *sf, const TsrSurfaceParams *p);

/* Whether the map is made from the surface's slopes (normal and lit). */
static inline gboolean
tsr_surface_needs_slopes (const TsrSurface *sf)
{
  return sf->map == TSR_MAP_NORMAL || sf->map == TSR_MAP_SHADED;
}

/* The unit normals, facing out, in the map's tangent frame (x right, y as
 * the format says, z out) of the height field whose slopes are gx[i] =
 * dh/dx and gy[i] = dh/dy, per pixel, y counted down the image; written
 * as RGBA: n * 0.5 + 0.5, alpha 1. */
void tsr_surface_normal_rgba (const TsrSurface *sf, const float *gx, const float *gy,
                              int n, float *rgba);

/* How much light the surfaces with these slopes receive, in [0, 1]: an
 * ambient part plus Lambert's cosine. */
void tsr_surface_shade_row (const TsrSurface *sf, const float *gx, const float *gy,
                            int n, float *shade);

G_END_DECLS

#endif
