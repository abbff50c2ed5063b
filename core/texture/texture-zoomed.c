/* Textures seen zoomed out: the shown pixels' positions. */
#include "texture/texture-internal.h"
#include "texture/texture-zoomed.h"

TsrTexture *
tsr_texture_new_zoomed (const TsrSettings *s, int width, int height, const TsrRamp *ramp,
                        int level, GError **error)
{
  if (level < 0 || level > TSR_MAX_ZOOM_LEVEL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "zoom level: %d is out of range (0 .. %d)", level, TSR_MAX_ZOOM_LEVEL);
      return NULL;
    }
  return tsr_texture_build (s, width, height, ramp, 1 << level, error);
}

int
tsr_texture_get_zoom_level (const TsrTexture *tex)
{
  return g_bit_nth_lsf ((gulong) tex->footprint, -1);
}

/* v mod period, in [0, period), without overflow for any int v. */
static inline gint64
wrap64 (gint64 v, gint64 period)
{
  gint64 r = v % period;
  return r < 0 ? r + period : r;
}

void
tsr_texture_shown_positions (const TsrTexture *tex, int x0, int y, int n, double *xs,
                             double *ys)
{
  /* The centre of the block of f x f pixels from (x f, y f) is a pixel
   * corner, x f + f / 2 (f is even); with tiling on it is wrapped as an
   * integer, as full-size positions are, so repeats match to the bit. */
  const gint64 f = tex->footprint, half = f / 2;
  gint64       cy = (gint64) y * f + half;

  if (tex->tileable)
    cy = wrap64 (cy, tex->period_h);
  for (int i = 0; i < n; i++)
    {
      gint64 cx = ((gint64) x0 + i) * f + half;

      xs[i] = (double) (tex->tileable ? wrap64 (cx, tex->period_w) : cx);
      ys[i] = (double) cy;
    }
}
