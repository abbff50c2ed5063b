/* A material's maps from one evaluation: the values and slopes of the
 * pixels (and of a one-pixel ring around them, for the curvature) once,
 * the heights of a band of ao-radius pixels around them once, and every
 * map derived from those.  The ring and the band are evaluated from the
 * pure function at their own (wrapped) positions, so a pixel's maps never
 * depend on where the rectangle, region or thread's band begins. */
#include <string.h>

#include "relief.h"
#include "texture-internal.h"

#define MAPS_OF(m) (1u << (m))
#define OCCLUSION_MAPS (MAPS_OF (TSR_MAP_AO) | MAPS_OF (TSR_MAP_ORM) | MAPS_OF (TSR_MAP_MASK_HDRP))
#define ROUGHNESS_MAPS \
  (MAPS_OF (TSR_MAP_ROUGHNESS) | MAPS_OF (TSR_MAP_ORM) | MAPS_OF (TSR_MAP_MASK_HDRP))

/* What one call evaluates: planes around its n x rows pixels. */
typedef struct
{
  int    n, rows;
  int    ring;              /* 1 with curvature: slopes one pixel around */
  int    halo;              /* the ao radius, or 0: heights that far around */
  gsize  g_stride;          /* n + 2 ring */
  float *v, *gx, *gy;       /* (rows + 2 ring) x g_stride; gx, gy may be NULL */
  gsize  h_stride;          /* n + 2 halo */
  float *h;                 /* (rows + 2 halo) x h_stride, or NULL */
  float *occlusion, *roughness, *curvature;   /* rows x n, or NULL */
} Planes;

/* The heights around the pixels: the ring's values where they are (the
 * same bits: tsr_texture_values_rows), the rest evaluated. */
static void
eval_heights (const TsrTexture *tex, int x0, int y0, Planes *p)
{
  const int inset = p->halo - p->ring;
  const int g_rows = p->rows + 2 * p->ring;

  for (int r = 0; r < p->rows + 2 * p->halo; r++)
    {
      float *row = p->h + (gsize) r * p->h_stride;
      const int y = y0 - p->halo + r;
      const int g_row = r - inset;

      if (g_row < 0 || g_row >= g_rows)
        {
          tsr_texture_values_row (tex, x0 - p->halo, y, (int) p->h_stride, row);
          continue;
        }
      if (inset > 0)
        {
          tsr_texture_values_row (tex, x0 - p->halo, y, inset, row);
          tsr_texture_values_row (tex, x0 + p->n + p->ring, y, inset,
                                  row + inset + p->g_stride);
        }
      memcpy (row + inset, p->v + (gsize) g_row * p->g_stride, sizeof (float) * p->g_stride);
    }
}

/* Roughness from the value, as the pattern says (patterns.h), into the
 * user's range. */
static void
eval_roughness (const TsrTexture *tex, const Planes *p)
{
  static const TsrRoughness by_value = { 0.0f, 1.0f };
  const TsrRoughness *shape = tex->pattern->roughness ? tex->pattern->roughness : &by_value;
  const float lo = (float) tex->s.value[TSR_P_ROUGHNESS_MIN];
  const float span = (float) tex->s.value[TSR_P_ROUGHNESS_MAX] - lo;

  for (int r = 0; r < p->rows; r++)
    {
      const float *v = p->v + (gsize) (r + p->ring) * p->g_stride + p->ring;
      float *out = p->roughness + (gsize) r * p->n;

      for (int i = 0; i < p->n; i++)
        out[i] = lo + span * (shape->at_0 + (shape->at_1 - shape->at_0) * v[i]);
    }
}

static void
planes_eval (const TsrTexture *tex, guint32 maps, int x0, int y0, Planes *p)
{
  const gboolean slopes = (maps & (MAPS_OF (TSR_MAP_NORMAL) | MAPS_OF (TSR_MAP_CURVATURE))) != 0;
  const gsize pixels = (gsize) p->n * p->rows;
  const float depth = (float) tex->s.value[TSR_P_NORMAL_STRENGTH];
  gsize g_size;

  p->ring = (maps & MAPS_OF (TSR_MAP_CURVATURE)) ? 1 : 0;
  p->halo = (maps & OCCLUSION_MAPS) ? MAX ((int) tex->s.value[TSR_P_AO_RADIUS], p->ring) : 0;
  p->g_stride = (gsize) p->n + 2 * p->ring;
  g_size = p->g_stride * (gsize) (p->rows + 2 * p->ring);
  p->v = g_new (float, g_size);
  p->gx = slopes ? g_new (float, g_size) : NULL;
  p->gy = slopes ? g_new (float, g_size) : NULL;
  tsr_texture_values_rows (tex, x0 - p->ring, y0 - p->ring, (int) p->g_stride,
                           p->rows + 2 * p->ring, p->v, p->gx, p->gy, p->g_stride);

  p->h = NULL;
  p->occlusion = p->roughness = p->curvature = NULL;
  if (p->halo > 0)
    {
      p->h_stride = (gsize) p->n + 2 * p->halo;
      p->h = g_new (float, p->h_stride * (gsize) (p->rows + 2 * p->halo));
      eval_heights (tex, x0, y0, p);
      p->occlusion = g_new (float, pixels);
      tsr_relief_ao (p->h, p->h_stride, p->n, p->rows, p->halo, depth,
                     (float) tex->s.value[TSR_P_AO_STRENGTH], p->occlusion, p->n);
    }
  if (maps & ROUGHNESS_MAPS)
    {
      p->roughness = g_new (float, pixels);
      eval_roughness (tex, p);
    }
  if (p->ring > 0)
    {
      p->curvature = g_new (float, pixels);
      tsr_relief_curvature (p->gx, p->gy, p->g_stride, p->n, p->rows, depth,
                            (float) tex->s.value[TSR_P_CURVATURE_STRENGTH], p->curvature,
                            p->n);
    }
}

static void
planes_free (Planes *p)
{
  g_free (p->v);
  g_free (p->gx);
  g_free (p->gy);
  g_free (p->h);
  g_free (p->occlusion);
  g_free (p->roughness);
  g_free (p->curvature);
}

static inline void
set_rgba (float *px, float r, float g, float b, float a)
{
  px[0] = r;
  px[1] = g;
  px[2] = b;
  px[3] = a;
}

/* Row r of a material map, from the planes. */
static void
material_row (const TsrTexture *tex, TsrMap map, const Planes *p, int r, float *rgba)
{
  const float metallic = (float) tex->s.value[TSR_P_METALLIC];
  const gsize at = (gsize) r * p->n;
  const float *ao = p->occlusion ? p->occlusion + at : NULL;
  const float *rough = p->roughness ? p->roughness + at : NULL;
  const float *grey = map == TSR_MAP_AO ? ao : map == TSR_MAP_ROUGHNESS ? rough
                      : map == TSR_MAP_CURVATURE ? p->curvature + at : NULL;

  /* one loop a map, each simple enough to vectorise */
  if (grey != NULL)
    for (int i = 0; i < p->n; i++)
      set_rgba (rgba + 4 * (gsize) i, grey[i], grey[i], grey[i], 1.0f);
  else if (map == TSR_MAP_ORM)
    for (int i = 0; i < p->n; i++)
      set_rgba (rgba + 4 * (gsize) i, ao[i], rough[i], metallic, 1.0f);
  else if (map == TSR_MAP_MASK_HDRP)
    for (int i = 0; i < p->n; i++)
      set_rgba (rgba + 4 * (gsize) i, metallic, ao[i], 0.0f, 1.0f - rough[i]);
  else
    g_assert_not_reached ();
}

void
tsr_texture_eval_maps (const TsrTexture *tex, guint32 maps, int x0, int y0, int n, int rows,
                       float *const *rgba, gsize stride)
{
  Planes p = { .n = n, .rows = rows };

  g_return_if_fail (!(maps & MAPS_OF (TSR_MAP_SHADED)));
  planes_eval (tex, maps, x0, y0, &p);
  for (int m = 0; m < TSR_MAP_COUNT; m++)
    {
      if (!(maps & MAPS_OF (m)))
        continue;
      for (int r = 0; r < rows; r++)
        {
          const gsize at = (gsize) (r + p.ring) * p.g_stride + p.ring;
          float *out = rgba[m] + (gsize) r * stride;

          if (tsr_map_is_material ((TsrMap) m))
            material_row (tex, (TsrMap) m, &p, r, out);
          else
            tsr_texture_map_rgba (tex, (TsrMap) m, p.v + at, p.gx ? p.gx + at : NULL,
                                  p.gy ? p.gy + at : NULL, n, out);
        }
    }
  planes_free (&p);
}
