/* A material's maps from one evaluation: the values and slopes of the
 * pixels (and of a one-pixel ring around them, for the curvature) once,
 * the heights of a band of ao-radius pixels around them once, and every
 * map derived from those.  The ring and the band are evaluated from the
 * pure function at their own (wrapped) positions, so a pixel's maps never
 * depend on where the rectangle, region or thread's band begins. */
#include <string.h>

#include "relief.h"
#include "rgba-rows.h"
#include "texture-internal.h"

#define MAPS_OF(m) (1u << (m))
#define OCCLUSION_MAPS (MAPS_OF (TSR_MAP_AO) | MAPS_OF (TSR_MAP_ORM) | MAPS_OF (TSR_MAP_MASK_HDRP))
#define ROUGHNESS_MAPS \
  (MAPS_OF (TSR_MAP_ROUGHNESS) | MAPS_OF (TSR_MAP_ORM) | MAPS_OF (TSR_MAP_MASK_HDRP))

struct _TsrMapsScratch
{
  float *floats;                  /* the planes */
  gsize  size;
  float *rgba[TSR_MAP_COUNT];     /* tsr_maps_scratch_rgba's */
  gsize  rgba_size[TSR_MAP_COUNT];
};

TsrMapsScratch *
tsr_maps_scratch_new (void)
{
  return g_new0 (TsrMapsScratch, 1);
}

void
tsr_maps_scratch_free (TsrMapsScratch *scratch)
{
  if (scratch == NULL)
    return;
  g_free (scratch->floats);
  for (int m = 0; m < TSR_MAP_COUNT; m++)
    g_free (scratch->rgba[m]);
  g_free (scratch);
}

float *const *
tsr_maps_scratch_rgba (TsrMapsScratch *scratch, guint32 maps, int n, int rows)
{
  const gsize size = 4 * (gsize) n * rows;

  for (int m = 0; m < TSR_MAP_COUNT; m++)
    if ((maps & (1u << m)) && scratch->rgba_size[m] < size)
      {
        g_free (scratch->rgba[m]);
        scratch->rgba[m] = g_new (float, size);
        scratch->rgba_size[m] = size;
      }
  return scratch->rgba;
}

/* What one call evaluates: planes around its n x rows pixels. */
typedef struct
{
  int    n, rows;
  int    ring;              /* 1 with curvature: slopes one pixel around */
  int    halo;              /* the ao radius, or 0: heights that far around */
  gsize  g_stride;          /* n + 2 ring, or h_stride with heights */
  float *v, *gx, *gy;       /* (rows + 2 ring) x (n + 2 ring) at g_stride; v inside h
                               when there are heights; gx, gy may be NULL */
  gsize  h_stride;          /* n + 2 halo */
  float *h;                 /* (rows + 2 halo) x h_stride, or NULL */
  float *occlusion, *roughness, *curvature;   /* rows x n, or NULL */
} Planes;

/* The heights around the pixels (the plane's middle, where the values
 * are, is already evaluated): the strips above and below, and the columns
 * beside, each a block of rows. */
static void
eval_heights (const TsrTexture *tex, int x0, int y0, Planes *p)
{
  const int inset = p->halo - p->ring;
  const int g_rows = p->rows + 2 * p->ring;
  const int g_width = p->n + 2 * p->ring;
  const int h_width = (int) p->h_stride;
  float *middle = p->h + (gsize) inset * p->h_stride;

  if (inset == 0)
    return;
  tsr_texture_values_rows (tex, x0 - p->halo, y0 - p->halo, h_width, inset, p->h, NULL, NULL,
                           p->h_stride);
  tsr_texture_values_rows (tex, x0 - p->halo, y0 + p->rows + p->ring, h_width, inset,
                           middle + (gsize) g_rows * p->h_stride, NULL, NULL, p->h_stride);
  tsr_texture_values_rows (tex, x0 - p->halo, y0 - p->ring, inset, g_rows, middle, NULL, NULL,
                           p->h_stride);
  tsr_texture_values_rows (tex, x0 + p->n + p->ring, y0 - p->ring, inset, g_rows,
                           middle + inset + g_width, NULL, NULL, p->h_stride);
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

/* The planes' sizes, in floats, for these maps. */
static gsize
planes_layout (const TsrTexture *tex, guint32 maps, Planes *p, gsize sizes[7])
{
  const gboolean slopes = (maps & (MAPS_OF (TSR_MAP_NORMAL) | MAPS_OF (TSR_MAP_CURVATURE))) != 0;
  const gsize pixels = (gsize) p->n * p->rows;
  gsize g_size, total = 0;

  p->ring = (maps & MAPS_OF (TSR_MAP_CURVATURE)) ? 1 : 0;
  p->halo = (maps & OCCLUSION_MAPS) ? MAX ((int) tex->s.value[TSR_P_AO_RADIUS], p->ring) : 0;
  p->h_stride = (gsize) p->n + 2 * p->halo;
  /* with heights around, the values are the middle of their plane */
  p->g_stride = p->halo > 0 ? p->h_stride : (gsize) p->n + 2 * p->ring;
  g_size = p->g_stride * (gsize) (p->rows + 2 * p->ring);
  sizes[0] = p->halo > 0 ? 0 : g_size;                       /* v */
  sizes[1] = sizes[2] = slopes ? g_size : 0;                 /* gx, gy */
  sizes[3] = p->halo > 0 ? p->h_stride * (gsize) (p->rows + 2 * p->halo) : 0;
  sizes[4] = p->halo > 0 ? pixels : 0;                       /* occlusion */
  sizes[5] = (maps & ROUGHNESS_MAPS) ? pixels : 0;
  sizes[6] = p->ring > 0 ? pixels : 0;                       /* curvature */
  for (int i = 0; i < 7; i++)
    total += sizes[i];
  return total;
}

static void
planes_eval (const TsrTexture *tex, guint32 maps, int x0, int y0, Planes *p,
             TsrMapsScratch *scratch)
{
  const float depth = (float) tex->s.value[TSR_P_NORMAL_STRENGTH];
  gsize sizes[7];
  const gsize total = planes_layout (tex, maps, p, sizes);
  float **planes[7] = { &p->v, &p->gx, &p->gy, &p->h, &p->occlusion, &p->roughness,
                        &p->curvature };
  float *at;

  if (scratch->size < total)
    {
      g_free (scratch->floats);
      scratch->floats = g_new (float, total);
      scratch->size = total;
    }
  at = scratch->floats;
  for (int i = 0; i < 7; i++)
    {
      *planes[i] = sizes[i] > 0 ? at : NULL;
      at += sizes[i];
    }
  if (p->halo > 0)
    p->v = p->h + (gsize) (p->halo - p->ring) * (p->h_stride + 1);

  tsr_texture_values_rows (tex, x0 - p->ring, y0 - p->ring, p->n + 2 * p->ring,
                           p->rows + 2 * p->ring, p->v, p->gx, p->gy, p->g_stride);
  if (p->halo > 0)
    {
      eval_heights (tex, x0, y0, p);
      tsr_relief_ao (p->h, p->h_stride, p->n, p->rows, p->halo, depth,
                     (float) tex->s.value[TSR_P_AO_STRENGTH], p->occlusion, p->n);
    }
  if (p->roughness != NULL)
    eval_roughness (tex, p);
  if (p->ring > 0)
    tsr_relief_curvature (p->gx, p->gy, p->g_stride, p->n, p->rows, depth,
                          (float) tex->s.value[TSR_P_CURVATURE_STRENGTH], p->curvature, p->n);
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

  if (grey != NULL)
    tsr_rgba_grey_row (grey, p->n, rgba);
  else if (map == TSR_MAP_ORM)
    tsr_rgba_pack_row (ao, rough, metallic, p->n, rgba);
  else if (map == TSR_MAP_MASK_HDRP)
    for (int i = 0; i < p->n; i++)
      set_rgba (rgba + 4 * (gsize) i, metallic, ao[i], 0.0f, 1.0f - rough[i]);
  else
    g_assert_not_reached ();
}

void
tsr_texture_eval_maps (const TsrTexture *tex, guint32 maps, int x0, int y0, int n, int rows,
                       float *const *rgba, gsize stride, TsrMapsScratch *scratch)
{
  TsrMapsScratch *own;
  Planes p = { .n = n, .rows = rows };

  g_return_if_fail (!(maps & MAPS_OF (TSR_MAP_SHADED)));
  /* the planes are heights (the colour map takes its own values) */
  tex = tsr_texture_heights (tex);
  own = scratch == NULL ? tsr_maps_scratch_new () : NULL;
  planes_eval (tex, maps, x0, y0, &p, scratch != NULL ? scratch : own);
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
            tsr_texture_map_rgba (tex, (TsrMap) m, x0, y0 + r, p.v + at, p.gx ? p.gx + at : NULL,
                                  p.gy ? p.gy + at : NULL, n, out);
        }
    }
  tsr_maps_scratch_free (own);
}
