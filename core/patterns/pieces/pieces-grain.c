/* Pixel grain (pieces-grain.h). */
#include <math.h>
#include <string.h>

#include "math/hash.h"
#include "patterns/pieces/pieces-grain.h"

/* The pixel holding coordinate c, wrapped to the period p (0: none). */
static gint64
pixel_of (double c, int p)
{
  const gint64 k = (gint64) floor (c);
  gint64 w;

  if (p <= 0 || (k >= 0 && k < p))
    return k;
  w = k % p;
  return w < 0 ? w + p : w;
}

gboolean
tsr_grain_columns (const TsrGrain *g, const double *x, gsize n, guint32 *hx)
{
  gboolean side_by_side = TRUE;

  for (gsize i = 0; i < n; i++)
    {
      hx[i] = (guint32) pixel_of (x[i], g->period_w);
      side_by_side = side_by_side && hx[i] == hx[0] + i;
    }
  return side_by_side;
}

guint32
tsr_grain_hash_row (const TsrGrain *g, double y)
{
  return tsr_mix32 ((guint32) pixel_of (y, g->period_h) * 0x85ebca77u);
}

void
tsr_grain_init (TsrGrain *g, guint32 seed, int period_w, int period_h, int footprint)
{
  g->seed = seed;
  g->period_w = period_w;
  g->period_h = period_h;
  g->amount = 1.0f / (float) MAX (1, footprint);
  for (guint32 i = 0; i < TSR_GRAIN_TABLE; i++)
    g->table[i] = (float) (2.0 * tsr_hash_unit (tsr_mix32 (seed ^ (i * 0x68e31da4u))) - 1.0)
                  * g->amount;
  memcpy (g->table + TSR_GRAIN_TABLE, g->table, TSR_CHUNK * sizeof *g->table);
  /* a dash is cut short where the table wraps: so is one at the tile's edge */
  for (guint32 i = 0; i < TSR_GRAIN_TABLE; i++)
    g->streaks[i] = g->table[((i / TSR_STREAK_PIXELS) * 0x9e3779b1u) & (TSR_GRAIN_TABLE - 1)];
  memcpy (g->streaks + TSR_GRAIN_TABLE, g->streaks, TSR_CHUNK * sizeof *g->streaks);
}

void
tsr_grain_row (const TsrGrain *g, const guint32 *hx, gboolean side_by_side, guint32 hy,
               gsize n, float *out)
{
  g_assert (n <= TSR_CHUNK);
  if (side_by_side)
    {
      memcpy (out, g->table + ((hx[0] + hy) & (TSR_GRAIN_TABLE - 1)), n * sizeof *out);
      return;
    }
  for (gsize i = 0; i < n; i++)
    out[i] = g->table[(hx[i] + hy) & (TSR_GRAIN_TABLE - 1)];
}

void
tsr_grain_points (const TsrGrain *g, const guint32 *hx, const guint32 *hy, gsize n,
                  float *out)
{
  for (gsize i = 0; i < n; i++)
    out[i] = g->table[(hx[i] + hy[i]) & (TSR_GRAIN_TABLE - 1)];
}

void
tsr_grain_streaks (const TsrGrain *g, const guint32 *hx, gboolean side_by_side,
                   const guint32 *hy, guint32 row_hy, gsize n, float *out)
{
  g_assert (n <= TSR_CHUNK);
  if (hy == NULL && side_by_side)
    {
      memcpy (out, g->streaks + ((hx[0] + row_hy) & (TSR_GRAIN_TABLE - 1)), n * sizeof *out);
      return;
    }
  for (gsize i = 0; i < n; i++)
    out[i] = g->streaks[(hx[i] + (hy != NULL ? hy[i] : row_hy)) & (TSR_GRAIN_TABLE - 1)];
}
