#include "photo/photo-maps.h"
#include "maps/neighbourhood.h"
#include "maps/shading.h"
#include "color/rgba-rows.h"

#define MAPS_OF(m) (1u << (m))

/* A photograph's hollows hold grit and dust, what stands out is worn
 * smoother: roughest at height 0, 0.35 of the way at height 1 (the
 * shape of the pieces' mortar and faces). */
static const TsrRoughness photo_roughness = { 1.0f, 0.35f };

const TsrParamId tsr_photo_map_params[] = {
  TSR_P_NORMAL_STRENGTH, TSR_P_NORMAL_FORMAT, TSR_P_AO_RADIUS, TSR_P_AO_STRENGTH,
  TSR_P_CURVATURE_STRENGTH, TSR_P_ROUGHNESS_MIN, TSR_P_ROUGHNESS_MAX, TSR_P_METALLIC,
  TSR_P_COUNT
};

void
tsr_photo_maps_settings_init (TsrSettings *s)
{
  if (!tsr_settings_init (s, NULL, NULL))
    g_assert_not_reached ();   /* the default pattern */
  s->value[TSR_P_NORMAL_STRENGTH] = TSR_PHOTO_NORMAL_STRENGTH;
}

gboolean
tsr_photo_map_reads (TsrParamId id)
{
  for (int i = 0; tsr_photo_map_params[i] != TSR_P_COUNT; i++)
    if (tsr_photo_map_params[i] == id)
      return TRUE;
  return FALSE;
}

struct _TsrPhotoMaps
{
  int        w, h;
  TsrShading shading;
  float      metallic;
  float     *height;      /* w x h */
  float     *gx, *gy;     /* (w + 2) x (h + 2): the slopes, a ring of one pixel round */
  float     *occlusion, *curvature, *roughness;   /* w x h, or NULL */
};

static inline int
wrap (int v, int n)
{
  v %= n;
  return v < 0 ? v + n : v;
}

/* The slopes dh/dx, dh/dy (y down) by central differences across the
 * wrap, with a ring of one pixel round for the curvature. */
static void
slopes (TsrPhotoMaps *pm)
{
  const int w = pm->w, h = pm->h, stride = w + 2;

  pm->gx = g_new (float, (gsize) stride * (h + 2));
  pm->gy = g_new (float, (gsize) stride * (h + 2));
  for (int y = -1; y <= h; y++)
    for (int x = -1; x <= w; x++)
      {
        const float *row = pm->height + (gsize) wrap (y, h) * w;
        const gsize at = (gsize) (y + 1) * stride + x + 1;

        pm->gx[at] = 0.5f * (row[wrap (x + 1, w)] - row[wrap (x - 1, w)]);
        pm->gy[at] = 0.5f * (pm->height[(gsize) wrap (y + 1, h) * w + wrap (x, w)]
                             - pm->height[(gsize) wrap (y - 1, h) * w + wrap (x, w)]);
      }
}

/* Row pointers of n rows from row first (any, wrapping) of a plane of
 * h rows, each `pad` pixels into its padded copy. */
static const float **
row_pointers (const float *padded, gsize stride, int n)
{
  const float **rows = g_new (const float *, n);

  for (int j = 0; j < n; j++)
    rows[j] = padded + (gsize) j * stride;
  return rows;
}

static void
occlusion (TsrPhotoMaps *pm, const TsrSettings *s)
{
  const int w = pm->w, h = pm->h, r = (int) s->value[TSR_P_AO_RADIUS];
  const gsize stride = (gsize) w + 2 * r;
  float *padded = g_new (float, stride * (h + 2 * r));
  const float **rows;

  /* the heights r pixels round, wrapped: tsr_neighbourhood_ao's layout */
  for (int y = -r; y < h + r; y++)
    for (int x = -r; x < w + r; x++)
      padded[(gsize) (y + r) * stride + x + r] = pm->height[(gsize) wrap (y, h) * w + wrap (x, w)];
  rows = row_pointers (padded, stride, h + 2 * r);
  pm->occlusion = g_new (float, (gsize) w * h);
  tsr_neighbourhood_ao (rows, w, h, r, pm->shading.depth, (float) s->value[TSR_P_AO_STRENGTH],
                 pm->occlusion, w);
  g_free (rows);
  g_free (padded);
}

static void
curvature (TsrPhotoMaps *pm, const TsrSettings *s)
{
  const gsize stride = (gsize) pm->w + 2;
  const float **gx = row_pointers (pm->gx, stride, pm->h + 2);
  const float **gy = row_pointers (pm->gy, stride, pm->h + 2);

  pm->curvature = g_new (float, (gsize) pm->w * pm->h);
  tsr_neighbourhood_curvature (gx, gy, pm->w, pm->h, pm->shading.depth,
                        (float) s->value[TSR_P_CURVATURE_STRENGTH], pm->curvature, pm->w);
  g_free (gx);
  g_free (gy);
}

static void
roughness (TsrPhotoMaps *pm, const TsrSettings *s)
{
  const float lo = (float) s->value[TSR_P_ROUGHNESS_MIN];
  const float span = (float) s->value[TSR_P_ROUGHNESS_MAX] - lo;
  const TsrRoughness *shape = &photo_roughness;
  const gsize count = (gsize) pm->w * pm->h;

  pm->roughness = g_new (float, count);
  for (gsize i = 0; i < count; i++)
    pm->roughness[i] = lo + span * (shape->at_0 + (shape->at_1 - shape->at_0) * pm->height[i]);
}

TsrPhotoMaps *
tsr_photo_maps_new (const TsrImage *tile, const TsrHeightParams *hp, const TsrSettings *s,
                    guint32 maps)
{
  TsrPhotoMaps *pm = g_new0 (TsrPhotoMaps, 1);
  TsrSurfaceParams sp;

  pm->w = tile->width;
  pm->h = tile->height;
  tsr_surface_params (s, &sp);
  tsr_shading_init (&pm->shading, &sp);
  pm->metallic = (float) s->value[TSR_P_METALLIC];
  pm->height = tsr_photo_height (tile, hp);
  if (maps & (MAPS_OF (TSR_MAP_NORMAL) | MAPS_OF (TSR_MAP_CURVATURE)))
    slopes (pm);
  if (maps & (MAPS_OF (TSR_MAP_AO) | MAPS_OF (TSR_MAP_ORM) | MAPS_OF (TSR_MAP_MASK_HDRP)))
    occlusion (pm, s);
  if (maps & MAPS_OF (TSR_MAP_CURVATURE))
    curvature (pm, s);
  if (maps & (MAPS_OF (TSR_MAP_ROUGHNESS) | MAPS_OF (TSR_MAP_ORM) | MAPS_OF (TSR_MAP_MASK_HDRP)))
    roughness (pm, s);
  return pm;
}

void
tsr_photo_maps_free (TsrPhotoMaps *pm)
{
  if (pm == NULL)
    return;
  g_free (pm->height);
  g_free (pm->gx);
  g_free (pm->gy);
  g_free (pm->occlusion);
  g_free (pm->curvature);
  g_free (pm->roughness);
  g_free (pm);
}

void
tsr_photo_maps_row (const TsrPhotoMaps *pm, TsrMap map, int y, float *rgba)
{
  const gsize at = (gsize) y * pm->w, ring = (gsize) (y + 1) * (pm->w + 2) + 1;

  switch (map)
    {
    case TSR_MAP_HEIGHT:
      tsr_rgba_grey_row (pm->height + at, pm->w, rgba);
      break;
    case TSR_MAP_NORMAL:
      tsr_shading_normal_rgba (&pm->shading, pm->gx + ring, pm->gy + ring, pm->w, rgba);
      break;
    case TSR_MAP_AO:
      tsr_rgba_grey_row (pm->occlusion + at, pm->w, rgba);
      break;
    case TSR_MAP_ROUGHNESS:
      tsr_rgba_grey_row (pm->roughness + at, pm->w, rgba);
      break;
    case TSR_MAP_CURVATURE:
      tsr_rgba_grey_row (pm->curvature + at, pm->w, rgba);
      break;
    case TSR_MAP_ORM:
      tsr_rgba_two_planes_row (pm->occlusion + at, pm->roughness + at, pm->metallic, 1.0f,
                               FALSE, pm->w, rgba);
      break;
    case TSR_MAP_MASK_HDRP:
      tsr_rgba_two_planes_row (pm->occlusion + at, pm->roughness + at, pm->metallic, 0.0f,
                               TRUE, pm->w, rgba);
      break;
    default:
      g_assert_not_reached ();
    }
}
