/* A material's maps from one evaluation: the values and slopes of the
 * pixels (and of a one-pixel ring around them, for the curvature) once,
 * the heights of a band of ao-radius pixels around them once, and every
 * map derived from those.  The ring and the band are evaluated from the
 * pure function at their own (wrapped) positions, so a pixel's maps never
 * depend on where the rectangle, region or thread's band begins.
 *
 * The rows go out a chunk at a time, the evaluation running ahead of them
 * only as far as the occlusion looks: each chunk's heights, slopes and
 * single-value planes (occlusion, roughness, curvature) are still in the
 * cache when its maps are written, and the maps' RGBA rows, which a whole
 * set writes six of for every pixel, are one chunk's, not the band's. */
#include <string.h>

#include "maps/neighbourhood.h"
#include "color/rgba-rows.h"
#include "texture/texture-internal.h"

#define MAPS_OF(m) (1u << (m))
#define OCCLUSION_MAPS (MAPS_OF (TSR_MAP_AO) | MAPS_OF (TSR_MAP_ORM) | MAPS_OF (TSR_MAP_MASK_HDRP))
#define LIT_MAPS (MAPS_OF (TSR_MAP_COLOR) | MAPS_OF (TSR_MAP_SHADED))
#define ROUGHNESS_MAPS \
  (MAPS_OF (TSR_MAP_ROUGHNESS) | MAPS_OF (TSR_MAP_ORM) | MAPS_OF (TSR_MAP_MASK_HDRP))

/* Pixels a chunk of rows holds when the caller does not say: its planes
 * and one map's RGBA rows stay within a core's cache. */
#define CHUNK_PIXELS 16384

struct _TsrMapsScratch
{
  float        *floats;
  gsize         size;
  const float **rows_at;
  gsize         n_rows_at;
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
  g_free (scratch->rows_at);
  g_free (scratch);
}

/* What one call evaluates: planes around its n x rows pixels, their rows
 * counted from the call's first row (-reach .. rows + reach - 1) and kept
 * in a ring of a chunk's rows and the reach above and below it (row t in
 * slot (t + reach) mod ring_rows): the rows a chunk reads stay in the
 * cache however tall the band is. */
typedef struct
{
  int    x0, y0, n, rows;
  int    chunk;             /* rows a chunk */
  int    ring;              /* 1 with curvature: slopes one pixel around */
  int    halo;              /* the ao radius, or 0: heights that far around */
  int    reach;             /* MAX (halo, ring): rows evaluated around a chunk */
  int    ring_rows;         /* chunk + 2 reach: the rows the planes hold */
  gsize  g_stride;          /* n + 2 ring, or h_stride with heights */
  float *v, *gx, *gy;       /* values from x0 - ring; v inside h when there are
                               heights; gx, gy may be NULL */
  gsize  h_stride;          /* n + 2 halo */
  float *h;                 /* heights from x0 - halo, or NULL */
  float *occlusion, *roughness, *curvature;   /* a chunk's rows x n, or NULL */
  float *sun;               /* the lit relief's key light past the relief, or NULL */
  float *light;             /* a row's light on the colours (lit maps) */
  float *rgba;              /* a chunk's RGBA rows of one map, for the callback */
  const float **rows_at;    /* ring_rows row pointers for the relief */
  int    evaluated;         /* rows evaluated: up to here */
} Planes;

static int
slot (const Planes *p, int t)
{
  return (t + p->reach) % p->ring_rows;
}

/* Row t of a plane of stride `stride`. */
static float *
row_of (const Planes *p, float *plane, gsize stride, int t)
{
  return plane + (gsize) slot (p, t) * stride;
}

/* Evaluates rows a .. b - 1, in consecutive slots and all of one part:
 * the strips of heights above and below the values, or the values (and
 * slopes) with the columns of heights beside them. */
static void
eval_slots (const TsrTexture *tex, const Planes *p, int a, int b)
{
  const int inset = p->halo - p->ring;

  if (a < -p->ring || a >= p->rows + p->ring)
    {
      tsr_texture_values_rows (tex, p->x0 - p->halo, p->y0 + a, (int) p->h_stride, b - a,
                               row_of (p, p->h, p->h_stride, a), NULL, NULL, p->h_stride);
      return;
    }
  tsr_texture_values_rows (tex, p->x0 - p->ring, p->y0 + a, p->n + 2 * p->ring, b - a,
                           row_of (p, p->v, p->g_stride, a),
                           p->gx ? row_of (p, p->gx, p->g_stride, a) : NULL,
                           p->gy ? row_of (p, p->gy, p->g_stride, a) : NULL, p->g_stride);
  if (inset > 0)
    {
      float *row = row_of (p, p->h, p->h_stride, a);

      tsr_texture_values_rows (tex, p->x0 - p->halo, p->y0 + a, inset, b - a, row, NULL, NULL,
                               p->h_stride);
      tsr_texture_values_rows (tex, p->x0 + p->n + p->ring, p->y0 + a, inset, b - a,
                               row + inset + p->n + 2 * p->ring, NULL, NULL, p->h_stride);
    }
}

/* Evaluates the rows up to row `end` (exclusive), over the rows no chunk
 * from here on reads. */
static void
eval_until (const TsrTexture *tex, Planes *p, int end)
{
  end = MIN (end, p->rows + p->reach);
  while (p->evaluated < end)
    {
      const int t = p->evaluated;
      const int part_end = t < -p->ring ? -p->ring
                           : t < p->rows + p->ring ? p->rows + p->ring : p->rows + p->reach;
      const int b = MIN (MIN (end, part_end), t + p->ring_rows - slot (p, t));

      eval_slots (tex, p, t, b);
      p->evaluated = b;
    }
}

/* The row pointers of a plane for rows a .. a + count - 1. */
static const float *const *
rows_from (const Planes *p, float *plane, gsize stride, int a, int count)
{
  for (int j = 0; j < count; j++)
    p->rows_at[j] = row_of (p, plane, stride, a + j);
  return p->rows_at;
}

/* Roughness from the value, as the pattern says (patterns.h), into the
 * user's range: rows a .. a + k - 1 into the chunk's plane. */
static void
eval_roughness (const TsrTexture *tex, const Planes *p, int a, int k)
{
  static const TsrRoughness by_value = { 0.0f, 1.0f };
  const TsrRoughness *shape = tex->pattern->roughness ? tex->pattern->roughness : &by_value;
  const float lo = (float) tex->s.value[TSR_P_ROUGHNESS_MIN];
  const float span = (float) tex->s.value[TSR_P_ROUGHNESS_MAX] - lo;

  for (int r = 0; r < k; r++)
    {
      const float *v = row_of (p, p->v, p->g_stride, a + r) + p->ring;
      float *out = p->roughness + (gsize) r * p->n;

      for (int i = 0; i < p->n; i++)
        out[i] = lo + span * (shape->at_0 + (shape->at_1 - shape->at_0) * v[i]);
    }
}

/* The chunk's single-value planes: rows a .. a + k - 1. */
static void
eval_chunk_planes (const TsrTexture *tex, const Planes *p, int a, int k)
{
  const float depth = (float) tex->s.value[TSR_P_NORMAL_STRENGTH];

  if (p->occlusion != NULL)
    tsr_neighbourhood_ao (rows_from (p, p->h, p->h_stride, a - p->halo, k + 2 * p->halo), p->n, k,
                   p->halo, depth, (float) tex->s.value[TSR_P_AO_STRENGTH], p->occlusion, p->n);
  if (p->sun != NULL)
    {
      float lx, ly, tan_elevation;

      tsr_shading_light_across (&tex->shading, &lx, &ly, &tan_elevation);
      tsr_neighbourhood_sun (rows_from (p, p->h, p->h_stride, a - p->halo, k + 2 * p->halo), p->n, k,
                      p->halo, depth, lx, ly, tan_elevation, p->sun, p->n);
    }
  if (p->roughness != NULL)
    eval_roughness (tex, p, a, k);
  if (p->curvature != NULL)
    {
      /* the gy rows after the gx rows' pointers */
      const float *const *gx = rows_from (p, p->gx, p->g_stride, a - 1, k + 2);
      const float **gy = p->rows_at + k + 2;

      for (int j = 0; j < k + 2; j++)
        gy[j] = row_of (p, p->gy, p->g_stride, a - 1 + j);
      tsr_neighbourhood_curvature (gx, gy, p->n, k, depth,
                            (float) tex->s.value[TSR_P_CURVATURE_STRENGTH], p->curvature, p->n);
    }
}

/* The maps of `maps` whose colours the relief lights (tsr_texture_map_lit). */
static guint32
lit_maps (const TsrTexture *tex, guint32 maps)
{
  guint32 lit = 0;

  for (int m = 0; m < TSR_MAP_COUNT; m++)
    if ((maps & MAPS_OF (m) & LIT_MAPS) && tsr_texture_map_lit (tex, (TsrMap) m))
      lit |= MAPS_OF (m);
  return lit;
}

/* The planes' sizes, in floats, for these maps. */
#define N_PLANES 10
static gsize
planes_layout (const TsrTexture *tex, guint32 maps, gboolean own_rgba, Planes *p,
               gsize sizes[N_PLANES])
{
  const guint32 lit = lit_maps (tex, maps);
  const gboolean slopes = (maps & (MAPS_OF (TSR_MAP_NORMAL) | MAPS_OF (TSR_MAP_CURVATURE)
                                   | MAPS_OF (TSR_MAP_SHADED))) != 0;
  const gsize chunk = (gsize) p->n * p->chunk;
  gsize g_size, total = 0;

  p->ring = (maps & MAPS_OF (TSR_MAP_CURVATURE)) ? 1 : 0;
  /* the lit relief's shadows look out as far as the occlusion (at least
   * two pixels: one step and its bilinear neighbour) */
  p->halo = (maps & OCCLUSION_MAPS) || lit != 0
            ? MAX (MAX ((int) tex->s.value[TSR_P_AO_RADIUS], (lit & MAPS_OF (TSR_MAP_SHADED)) ? 2 : 1),
                   p->ring)
            : 0;
  p->reach = MAX (p->halo, p->ring);
  p->ring_rows = p->chunk + 2 * p->reach;
  p->h_stride = (gsize) p->n + 2 * p->halo;
  /* with heights around, the values are the middle of their rows */
  p->g_stride = p->halo > 0 ? p->h_stride : (gsize) p->n + 2 * p->ring;
  g_size = p->g_stride * (gsize) p->ring_rows;
  sizes[0] = p->halo > 0 ? 0 : g_size;                       /* v */
  sizes[1] = sizes[2] = slopes ? g_size : 0;                 /* gx, gy */
  sizes[3] = p->halo > 0 ? p->h_stride * (gsize) p->ring_rows : 0;
  sizes[4] = p->halo > 0 ? chunk : 0;                        /* occlusion */
  sizes[5] = (maps & ROUGHNESS_MAPS) ? chunk : 0;
  sizes[6] = p->ring > 0 ? chunk : 0;                        /* curvature */
  sizes[7] = own_rgba ? 4 * chunk : 0;
  sizes[8] = (lit & MAPS_OF (TSR_MAP_SHADED)) ? chunk : 0;   /* sun */
  sizes[9] = lit != 0 ? (gsize) p->n : 0;                      /* light */
  for (int i = 0; i < N_PLANES; i++)
    total += sizes[i];
  return total;
}

static void
planes_init (const TsrTexture *tex, guint32 maps, gboolean own_rgba, Planes *p,
             TsrMapsScratch *scratch)
{
  gsize sizes[N_PLANES];
  const gsize total = planes_layout (tex, maps, own_rgba, p, sizes);
  float **planes[N_PLANES] = { &p->v, &p->gx, &p->gy, &p->h, &p->occlusion, &p->roughness,
                               &p->curvature, &p->rgba, &p->sun, &p->light };
  float *at;

  if (scratch->size < total)
    {
      g_free (scratch->floats);
      scratch->floats = g_new (float, total);
      scratch->size = total;
    }
  if (scratch->n_rows_at < 2 * (gsize) p->ring_rows)
    {
      g_free (scratch->rows_at);
      scratch->rows_at = g_new (const float *, 2 * (gsize) p->ring_rows);
      scratch->n_rows_at = 2 * (gsize) p->ring_rows;
    }
  p->rows_at = scratch->rows_at;
  at = scratch->floats;
  for (int i = 0; i < N_PLANES; i++)
    {
      *planes[i] = sizes[i] > 0 ? at : NULL;
      at += sizes[i];
    }
  if (p->halo > 0)
    p->v = p->h + (p->halo - p->ring);
  p->evaluated = -p->reach;
}

/* Row r of the chunk of a material map, from its planes. */
static void
material_row (const TsrTexture *tex, TsrMap map, const Planes *p, int r, float *rgba)
{
  const float metallic = (float) tex->s.value[TSR_P_METALLIC];
  const gsize at = (gsize) r * p->n;
  const float *ao = p->occlusion ? p->occlusion + at : NULL;
  const float *rough = p->roughness ? p->roughness + at : NULL;

  switch (map)
    {
    case TSR_MAP_AO:
      tsr_rgba_grey_row (ao, p->n, rgba);
      break;
    case TSR_MAP_ROUGHNESS:
      tsr_rgba_grey_row (rough, p->n, rgba);
      break;
    case TSR_MAP_CURVATURE:
      tsr_rgba_grey_row (p->curvature + at, p->n, rgba);
      break;
    case TSR_MAP_ORM:
      tsr_rgba_two_planes_row (ao, rough, metallic, 1.0f, FALSE, p->n, rgba);
      break;
    case TSR_MAP_MASK_HDRP:
      tsr_rgba_two_planes_row (ao, rough, metallic, 0.0f, TRUE, p->n, rgba);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The light on row r of the chunk's colours: the lit relief's sky and key
 * light (surface.h), or the colours' cavities, 1 - cavity (1 - occlusion). */
static void
lit_row (const TsrTexture *tex, TsrMap m, const Planes *p, int r, const float *gx,
         const float *gy)
{
  const gsize at = (gsize) r * p->n;

  if (m == TSR_MAP_SHADED)
    tsr_shading_lit_row (&tex->shading, gx, gy, p->occlusion + at, p->sun + at, p->n,
                         p->light);
  else
    {
      const float cavity = (float) tex->s.value[TSR_P_CAVITY];

      for (int i = 0; i < p->n; i++)
        p->light[i] = 1.0f - cavity * (1.0f - p->occlusion[at + i]);
    }
}

/* Rows a .. a + k - 1 of map m into out (row r at out + r * stride). */
static void
map_rows (const TsrTexture *tex, TsrMap m, const Planes *p, int a, int k, float *out,
          gsize stride)
{
  for (int r = 0; r < k; r++)
    {
      float *row = out + (gsize) r * stride;

      if (tsr_map_is_material (m))
        material_row (tex, m, p, r, row);
      else
        {
          const int t = a + r, i = p->ring;
          const float *gx = p->gx ? row_of (p, p->gx, p->g_stride, t) + i : NULL;
          const float *gy = p->gy ? row_of (p, p->gy, p->g_stride, t) + i : NULL;
          const float *light = NULL;

          if (tsr_texture_map_lit (tex, m))
            {
              lit_row (tex, m, p, r, gx, gy);
              light = p->light;
            }
          tsr_texture_map_rgba (tex, m, p->x0, p->y0 + t, row_of (p, p->v, p->g_stride, t) + i,
                                gx, gy, light, p->n, row);
        }
    }
}

/* Where the maps go: the caller's rows, or a chunk at a time to emit. */
typedef struct
{
  float *const  *rgba;
  gsize          stride;
  TsrMapRowsFunc emit;
  gpointer       user_data;
} MapsSink;

static gboolean
eval_maps (const TsrTexture *tex, guint32 maps, int x0, int y0, int n, int rows, int chunk,
           const MapsSink *sink, TsrMapsScratch *scratch, GError **error)
{
  TsrMapsScratch *own;
  Planes p = { .x0 = x0, .y0 = y0, .n = n, .rows = rows };
  gboolean ok = TRUE;

  own = scratch == NULL ? tsr_maps_scratch_new () : NULL;
  /* the planes are heights (the colour map takes its own values) */
  tex = tsr_texture_heights (tex);
  p.chunk = CLAMP (chunk > 0 ? chunk : CHUNK_PIXELS / MAX (n, 1), 1, rows);
  planes_init (tex, maps, sink->emit != NULL, &p, scratch != NULL ? scratch : own);
  for (int a = 0; ok && a < rows; a += p.chunk)
    {
      const int k = MIN (p.chunk, rows - a);

      eval_until (tex, &p, a + k + p.reach);
      eval_chunk_planes (tex, &p, a, k);
      for (int m = 0; ok && m < TSR_MAP_COUNT; m++)
        {
          if (!(maps & MAPS_OF (m)))
            continue;
          if (sink->emit == NULL)
            map_rows (tex, (TsrMap) m, &p, a, k, sink->rgba[m] + (gsize) a * sink->stride,
                      sink->stride);
          else
            {
              map_rows (tex, (TsrMap) m, &p, a, k, p.rgba, 4 * (gsize) n);
              ok = sink->emit ((TsrMap) m, a, k, p.rgba, 4 * (gsize) n, sink->user_data, error);
            }
        }
    }
  tsr_maps_scratch_free (own);
  return ok;
}

void
tsr_texture_eval_maps (const TsrTexture *tex, guint32 maps, int x0, int y0, int n, int rows,
                       float *const *rgba, gsize stride, TsrMapsScratch *scratch)
{
  const MapsSink sink = { rgba, stride, NULL, NULL };

  eval_maps (tex, maps, x0, y0, n, rows, 0, &sink, scratch, NULL);
}

gboolean
tsr_texture_emit_maps (const TsrTexture *tex, guint32 maps, int x0, int y0, int n, int rows,
                       int chunk_rows, TsrMapRowsFunc emit, gpointer user_data,
                       TsrMapsScratch *scratch, GError **error)
{
  const MapsSink sink = { NULL, 0, emit, user_data };

  g_return_val_if_fail (emit != NULL, FALSE);
  return eval_maps (tex, maps, x0, y0, n, rows, chunk_rows, &sink, scratch, error);
}

int
tsr_maps_band_rows (const TsrTexture *tex, int n, int unit)
{
  const int halo = (int) tex->s.value[TSR_P_AO_RADIUS];
  const int efficient = 8 * (halo + 1);
  const int within = TSR_MAPS_BAND_PIXELS / MAX (n, 1);
  const int rows = MIN (efficient, within);

  g_return_val_if_fail (unit >= 1, 1);
  return MAX (1, rows / unit) * unit;
}
