/* Lattice points of a tile of a set: which region each is in, and its
 * hash there (tile-map.h). */
#include <math.h>

#include "hash.h"
#include "tile-map.h"

/* 1 inside, else 0 or 2: the band of the edge before or after the tile.
 * Whether a point is near an edge is decided on its place in one tile
 * (canonical indices), so every tile that reads it decides alike; which
 * edge, on its place in the two-tile lattice. */
static int
axis_region (const double *c, gint32 ic, gint32 jc, gint32 i, gint32 j,
             double band, gboolean sided)
{
  const double t = c[0] * ic + c[1] * jc + c[2];
  const double f = t - floor (t);
  double u, g;

  if (f >= band && 1.0 - f >= band)
    return 1;
  if (!sided)
    return 0;
  u = c[0] * i + c[1] * j + c[2];
  g = u - 2.0 * floor (0.5 * u);
  return g >= 0.5 && g < 1.5 ? 2 : 0;
}

void
tsr_tile_rehash (const TsrTileMap *m, guint32 seed, guint32 *h,
                 const gint32 *i, const gint32 *j, int n)
{
  for (int k = 0; k < n; k++)
    {
      gint32 ic = i[k], jc = j[k];
      guint32 hk = h[k], salt;
      int rx, ry;

      if (m->doubled)
        {
          ic -= ic >= m->cells_x ? m->cells_x : 0;
          jc -= jc >= m->cells_y ? m->cells_y : 0;
          hk = tsr_hash2 (seed, ic, jc);
        }
      rx = axis_region (m->tx, ic, jc, i[k], j[k], m->band_x, m->doubled);
      ry = axis_region (m->ty, ic, jc, i[k], j[k], m->band_y, m->doubled);
      if (m->twin && rx == 1 && ry == 1)
        {
          const double tx[3] = { m->tx[0], m->tx[1], m->tx[2] + 0.5 };
          const double ty[3] = { m->ty[0], m->ty[1], m->ty[2] + 0.5 };

          if (axis_region (tx, ic, jc, i[k], j[k], m->band_x, FALSE) != 1
              || axis_region (ty, ic, jc, i[k], j[k], m->band_y, FALSE) != 1)
            rx = 0;
        }
      salt = m->salt[ry * 3 + rx];
      h[k] = salt != 0 ? tsr_mix32 (hk ^ salt) : hk;
    }
}
