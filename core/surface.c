/* Normals and lighting of the height field: see surface.h. */
#include <math.h>

#include "surface.h"
#include "trig.h"

/* A lit relief keeps its colours where the light does not reach, darkened
 * to this fraction, so shapes in shadow still read. */
#define TSR_AMBIENT 0.25f

void
tsr_surface_init (TsrSurface *sf, const TsrSurfaceParams *p)
{
  const double az = p->light_angle / 360.0, el = p->light_elevation / 360.0;

  sf->map = (TsrMap) p->map;
  sf->depth = (float) p->normal_strength;
  sf->green_sign = p->normal_format == TSR_NORMAL_DIRECTX ? -1.0f : 1.0f;
  sf->light[0] = (float) (tsr_cos_turns (el) * tsr_cos_turns (az));
  sf->light[1] = (float) (tsr_cos_turns (el) * tsr_sin_turns (az));
  sf->light[2] = (float) tsr_sin_turns (el);
}

/* Surface z = depth * h (x, y): the normal is (-dz/dx, -dz/dy_up, 1), and
 * y up is minus y down the image. */
static void
normal_y_up (const TsrSurface *sf, float gx, float gy, float n[3])
{
  const float x = -sf->depth * gx, y = sf->depth * gy;
  const float inv_len = 1.0f / sqrtf (x * x + y * y + 1.0f);

  n[0] = x * inv_len;
  n[1] = y * inv_len;
  n[2] = inv_len;
}

void
tsr_surface_normal_rgba (const TsrSurface *sf, const float *gx, const float *gy, int n,
                         float *rgba)
{
  const float depth = sf->depth, green = sf->green_sign;

  /* normal_y_up's operations (green flipped after), in a loop the
   * compiler can vectorise */
  for (int i = 0; i < n; i++)
    {
      const float x = -depth * gx[i], y = depth * gy[i];
      const float inv_len = 1.0f / sqrtf (x * x + y * y + 1.0f);

      rgba[4 * i + 0] = x * inv_len * 0.5f + 0.5f;
      rgba[4 * i + 1] = y * inv_len * green * 0.5f + 0.5f;
      rgba[4 * i + 2] = inv_len * 0.5f + 0.5f;
      rgba[4 * i + 3] = 1.0f;
    }
}

float
tsr_surface_shade (const TsrSurface *sf, float gx, float gy)
{
  float n[3], lambert;

  normal_y_up (sf, gx, gy, n);
  lambert = n[0] * sf->light[0] + n[1] * sf->light[1] + n[2] * sf->light[2];
  return TSR_AMBIENT + (1.0f - TSR_AMBIENT) * (lambert > 0.0f ? lambert : 0.0f);
}
