/* Normals and lighting of the height field: see surface.h. */
#include <math.h>

#include "maps/shading.h"
#include "math/trig.h"

/* The lit relief's sky and key light: what part of the light on open flat
 * ground each gives (an overcast-to-hazy day: shadows soft, never black). */
#define SKY_SHARE 0.45f
#define KEY_SHARE 0.55f

void
tsr_shading_init (TsrShading *sf, const TsrSurfaceParams *p)
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
static inline void
normal_y_up (float depth, float gx, float gy, float n[3])
{
  const float x = -depth * gx, y = depth * gy;
  const float inv_len = 1.0f / sqrtf (x * x + y * y + 1.0f);

  n[0] = x * inv_len;
  n[1] = y * inv_len;
  n[2] = inv_len;
}

/* Both loops below vectorise (normal_y_up inlined, no branch). */
void
tsr_shading_normal_rgba (const TsrShading *sf, const float *gx, const float *gy, int n,
                         float *rgba)
{
  for (int i = 0; i < n; i++)
    {
      float nrm[3];

      normal_y_up (sf->depth, gx[i], gy[i], nrm);
      rgba[4 * i + 0] = nrm[0] * 0.5f + 0.5f;
      rgba[4 * i + 1] = nrm[1] * sf->green_sign * 0.5f + 0.5f;
      rgba[4 * i + 2] = nrm[2] * 0.5f + 0.5f;
      rgba[4 * i + 3] = 1.0f;
    }
}

void
tsr_shading_lit_row (const TsrShading *sf, const float *gx, const float *gy, const float *ao,
                     const float *sun, int n, float *shade)
{
  /* the key light on flat ground is its elevation's sine: it gives
   * KEY_SHARE there */
  const float key = KEY_SHARE / MAX (sf->light[2], 0.05f);

  for (int i = 0; i < n; i++)
    {
      float nrm[3], lambert;

      normal_y_up (sf->depth, gx[i], gy[i], nrm);
      lambert = nrm[0] * sf->light[0] + nrm[1] * sf->light[1] + nrm[2] * sf->light[2];
      /* max (lambert, 0) without a select, so the loop vectorises */
      lambert = 0.5f * (lambert + fabsf (lambert));
      shade[i] = SKY_SHARE * ao[i] + key * lambert * sun[i];
    }
}

void
tsr_shading_light_across (const TsrShading *sf, float *lx, float *ly, float *tan_elevation)
{
  const float across = sqrtf (sf->light[0] * sf->light[0] + sf->light[1] * sf->light[1]);

  *lx = across > 0.0f ? sf->light[0] / across : 1.0f;
  *ly = across > 0.0f ? -sf->light[1] / across : 0.0f;
  *tan_elevation = across > 0.0f ? sf->light[2] / across : G_MAXFLOAT;
}
