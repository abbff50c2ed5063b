/* Tile sets: the tiles' salts and each lattice's map (tile-set.h). */
#include <math.h>
#include <string.h>

#include "math/hash.h"
#include "texture/tile-set.h"

/* Salts, by what they stand for; never 0 (0 keeps a hash as it is). */
#define SALT_TILE   0x7431u
#define SALT_CORNER 0x6331u
#define SALT_EDGE_X 0x6578u   /* a top or bottom edge */
#define SALT_EDGE_Y 0x6579u   /* a left or right edge */

static guint32
salt_of (guint32 what, guint a, guint b)
{
  return tsr_hash2 (what, (gint32) a, (gint32) b) | 1u;
}

TsrTileId
tsr_tile_corner (guint index)
{
  TsrTileId id = { .kind = TSR_TILES_CORNERS };

  for (int c = 0; c < 4; c++)
    id.corner[c] = (index >> c) & 1u;
  return id;
}

TsrTileId
tsr_tile_variant (guint variant)
{
  TsrTileId id = { .kind = TSR_TILES_VARIANTS, .variant = variant };

  return id;
}

/* Region (rx, ry) of tile-map.h: 0 before, 1 inside, 2 after. */
static void
tile_salts (const TsrTileId *id, guint32 *salt)
{
  const guint8 *c = id->corner;

  memset (salt, 0, TSR_TILE_REGIONS * sizeof *salt);
  if (id->kind == TSR_TILES_VARIANTS)
    {
      /* the bands as they are: variant 0 is the plain tile */
      salt[4] = id->variant == 0 ? 0 : salt_of (SALT_TILE, id->variant, 0);
      return;
    }
  salt[0] = salt_of (SALT_CORNER, c[TSR_CORNER_TL], 0);
  salt[2] = salt_of (SALT_CORNER, c[TSR_CORNER_TR], 0);
  salt[6] = salt_of (SALT_CORNER, c[TSR_CORNER_BL], 0);
  salt[8] = salt_of (SALT_CORNER, c[TSR_CORNER_BR], 0);
  salt[1] = salt_of (SALT_EDGE_X, c[TSR_CORNER_TL], c[TSR_CORNER_TR]);
  salt[7] = salt_of (SALT_EDGE_X, c[TSR_CORNER_BL], c[TSR_CORNER_BR]);
  salt[3] = salt_of (SALT_EDGE_Y, c[TSR_CORNER_TL], c[TSR_CORNER_BL]);
  salt[5] = salt_of (SALT_EDGE_Y, c[TSR_CORNER_TR], c[TSR_CORNER_BR]);
  salt[4] = salt_of (SALT_TILE, c[0] | c[1] << 1 | c[2] << 2 | c[3] << 3,
                     id->variant + 1);
}

void
tsr_tile_map_init (TsrTileMap *map, const TsrTileFit *fit, gint32 cells_x,
                   gint32 cells_y, double fx, double fy, double ox, double oy,
                   double centre, double support_x, double support_y)
{
  const double *m = fit->m;
  const double w = fit->tile_w, h = fit->tile_h;
  const double ky = support_y / support_x;   /* 1 for square supports */

  memset (map, 0, sizeof *map);
  if (fit->id == NULL || fit->id->kind == TSR_TILES_NONE)
    return;
  map->on = TRUE;
  map->doubled = fit->id->kind == TSR_TILES_CORNERS;
  map->twin = fit->twin;
  map->cells_x = cells_x;
  map->cells_y = cells_y;
  map->tx[0] = m[0] / (fx * w);
  map->tx[1] = m[1] / (fy * w);
  map->tx[2] = (m[0] * (centre - ox) / fx + m[1] * (centre - oy) / fy) / w;
  map->ty[0] = m[2] / (fx * h);
  map->ty[1] = m[3] / (fy * h);
  map->ty[2] = (m[2] * (centre - ox) / fx + m[3] * (centre - oy) / fy) / h;
  /* a point its support along both lattice axes, or a warp's reach,
   * from the edge */
  map->band_x = (support_x * (fabs (m[0]) / fx + ky * fabs (m[1]) / fy) + fit->reach) / w;
  map->band_y = (support_x * (fabs (m[2]) / fx + ky * fabs (m[3]) / fy) + fit->reach) / h;
  tile_salts (fit->id, map->salt);
}

/* Bands wider than this (tiles) leave the lattice too few points of its
 * own: it cross-fades. */
#define BLEND_BAND 0.125
/* The cross-fade's width, tiles. */
#define BLEND_RAMP 0.2

void
tsr_tile_map_blend_init (TsrTileMap *map, const TsrTileFit *fit, double k_x, double k_y,
                         double centre, double mean)
{
  const double size[2] = { fit->tile_w, fit->tile_h };

  map->blend = map->on && !map->twin && map->salt[4] != 0
               && (map->band_x > BLEND_BAND || map->band_y > BLEND_BAND);
  if (!map->blend)
    return;
  map->sample_k[0] = k_x;
  map->sample_k[1] = k_y;
  map->sample_c = centre;
  map->mean = (float) mean;
  for (int a = 0; a < 2; a++)
    {
      /* what the pixels next to an edge read stays the lattice's own */
      map->fade_from[a] = (float) (fit->reach / size[a]);
      map->fade_to[a] = (float) MIN (0.5, map->fade_from[a] + BLEND_RAMP);
    }
}

/* The window along one axis at tile position u, and its slope d/du. */
static double
axis_window (double u, double from, double to, double *slope)
{
  const double f = u - floor (u);
  const double near = MIN (f, 1.0 - f), sign = f < 0.5 ? 1.0 : -1.0;
  double t;

  *slope = 0.0;
  if (near <= from)
    return 0.0;
  if (near >= to)
    return 1.0;
  t = (near - from) / (to - from);
  *slope = sign * 30.0 * t * t * (t - 1.0) * (t - 1.0) / (to - from);
  return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

double
tsr_tile_window (const TsrTileMap *map, double x, double y, double *wx, double *wy)
{
  const double i = map->sample_k[0] * x - map->sample_c;
  const double j = map->sample_k[1] * y - map->sample_c;
  /* d u / dX and so on */
  const double ux = map->tx[0] * map->sample_k[0], uy = map->tx[1] * map->sample_k[1];
  const double vx = map->ty[0] * map->sample_k[0], vy = map->ty[1] * map->sample_k[1];
  double su, sv;
  const double a = axis_window (map->tx[0] * i + map->tx[1] * j + map->tx[2],
                                map->fade_from[0], map->fade_to[0], &su);
  const double b = axis_window (map->ty[0] * i + map->ty[1] * j + map->ty[2],
                                map->fade_from[1], map->fade_to[1], &sv);

  *wx = su * ux * b + a * sv * vx;
  *wy = su * uy * b + a * sv * vy;
  return a * b;
}

void
tsr_tile_window_row (const TsrTileMap *map, const double *x, const double *y, gsize n,
                     double *w, double *wx, double *wy)
{
  const double ux = map->tx[0] * map->sample_k[0];
  const double vy = map->ty[1] * map->sample_k[1];
  double b = 0.0, sb = 0.0, at = G_MAXDOUBLE;

  if (map->tx[1] != 0.0 || map->ty[0] != 0.0)
    {
      for (gsize k = 0; k < n; k++)
        w[k] = tsr_tile_window (map, x[k], y[k], &wx[k], &wy[k]);
      return;
    }
  /* a lattice not turned: across reads x alone, down y alone (the down
   * window kept while y stays) */
  for (gsize k = 0; k < n; k++)
    {
      double sa;
      const double a = axis_window (ux * x[k] - map->tx[0] * map->sample_c + map->tx[2],
                                    map->fade_from[0], map->fade_to[0], &sa);

      if (y[k] != at)
        {
          at = y[k];
          b = axis_window (vy * at - map->ty[1] * map->sample_c + map->ty[2],
                           map->fade_from[1], map->fade_to[1], &sb);
        }
      w[k] = a * b;
      wx[k] = sa * ux * b;
      wy[k] = a * sb * vy;
    }
}

/* The two lattices are independent fields of one contrast: their plain
 * mix (1 - w) a + w b would have sqrt ((1 - w)^2 + w^2) of it, 0.71
 * halfway, a pale strip along every edge of a floor.  The mix is divided
 * by that around the field's mean, which keeps mean and contrast. */
void
tsr_tile_blend_row (const TsrTileMap *map, const double *x, const double *y, gsize n,
                    float *out, const float *own, float *gx, float *gy, const float *own_x,
                    const float *own_y)
{
  double w[256], wx[256], wy[256];
  const double c = map->mean;

  g_return_if_fail (n <= G_N_ELEMENTS (w));
  tsr_tile_window_row (map, x, y, n, w, wx, wy);
  for (gsize j = 0; j < n; j++)
    {
      const double t = w[j];

      if (t == 0.0 && wx[j] == 0.0 && wy[j] == 0.0)
        continue;
      const double a = out[j], d = own[j] - a;
      const double norm2 = (1.0 - t) * (1.0 - t) + t * t, norm = sqrt (norm2);
      /* the mix around the mean, and d (1 / norm) / dw */
      const double u = a - c + t * d, dinv = (1.0 - 2.0 * t) / (norm2 * norm);
      out[j] = (float) (c + u / norm);
      if (gx != NULL)
        {
          const double ax = gx[j], ay = gy[j];

          gx[j] = (float) ((ax + t * (own_x[j] - ax) + wx[j] * d) / norm + u * dinv * wx[j]);
          gy[j] = (float) ((ay + t * (own_y[j] - ay) + wy[j] * d) / norm + u * dinv * wy[j]);
        }
    }
}

gboolean
tsr_tile_window_row_off (const TsrTileMap *map, double y)
{
  const double j = map->sample_k[1] * y - map->sample_c;
  double slope;

  return map->ty[0] == 0.0
         && axis_window (map->ty[1] * j + map->ty[2], map->fade_from[1], map->fade_to[1],
                         &slope) == 0.0
         && slope == 0.0;
}

guint32
tsr_tile_inside_salt (const TsrTileId *id)
{
  guint32 salt[TSR_TILE_REGIONS];

  if (id->kind == TSR_TILES_NONE)
    return 0;
  tile_salts (id, salt);
  return salt[4];
}

double
tsr_tile_map_inside (const TsrTileMap *map)
{
  const double ix = MAX (0.0, 1.0 - 2.0 * map->band_x);
  const double iy = MAX (0.0, 1.0 - 2.0 * map->band_y);

  return floor ((double) map->cells_x * map->cells_y * ix * iy);
}
