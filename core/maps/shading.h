/* Shading: the normals and the light of the surface a pattern's values
 * describe when read as heights, for the `map` parameter (height, normal,
 * shaded maps, after Perlin 1985's bump textures). */
#ifndef TSR_SHADING_H
#define TSR_SHADING_H

#include "params/param-values.h"

G_BEGIN_DECLS

typedef struct
{
  TsrMap map;
  float  depth;            /* relief depth: pixels from value 0 to value 1 */
  float  green_sign;       /* +1: OpenGL (Y up), -1: DirectX */
  float  light[3];         /* towards the light, unit, x right, y up, z out */
} TsrShading;

void tsr_shading_init (TsrShading *sf, const TsrSurfaceParams *p);

/* The unit normals, facing out, in the map's tangent frame (x right, y as
 * the format says, z out) of the height field whose slopes are gx[i] =
 * dh/dx and gy[i] = dh/dy, per pixel, y counted down the image; written
 * as RGBA: n * 0.5 + 0.5, alpha 1. */
void tsr_shading_normal_rgba (const TsrShading *sf, const float *gx, const float *gy,
                              int n, float *rgba);

/* How much light the surfaces with these slopes receive, as a photograph
 * of the surface outdoors shows it: a soft sky, as much of it as the
 * relief leaves open (ao, the ambient occlusion), plus a key light by
 * Lambert's cosine where it is not in the relief's shadow (sun, 1 lit,
 * 0 in shadow); 1 on open flat ground. */
void tsr_shading_lit_row (const TsrShading *sf, const float *gx, const float *gy,
                          const float *ao, const float *sun, int n, float *shade);

/* The light's direction across the image, a unit vector in pixels (y
 * down), and the tangent of its elevation (G_MAXFLOAT straight above). */
void tsr_shading_light_across (const TsrShading *sf, float *lx, float *ly,
                               float *tan_elevation);

G_END_DECLS

#endif
