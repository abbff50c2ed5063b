#include <math.h>
#include <string.h>

#include "photo/photo-height.h"
#include "photo/box-blur.h"
#include "photo/even-light.h"

/* The histogram the percentiles are read from. */
#define BINS 4096
/* The share of pixels left past each end of 0 .. 1. */
#define TAIL 0.005

int
tsr_height_bands (int light_radius, int shorter, int half_width[TSR_HEIGHT_MAX_BANDS])
{
  /* forms up to half the light's scale (its boxes are a third of its
   * radius wide), and up to an eighth of the tile */
  const int widest = MAX (2, MIN (light_radius / 6, shorter / 8));
  int n = 0;

  for (int hw = 1; n < TSR_HEIGHT_MAX_BANDS && (hw <= widest || n < 2); hw *= 2)
    half_width[n++] = hw;
  return n;
}

/* The value at a share `tail` of the way through the sorted values, from
 * a histogram of BINS bins over lo .. hi. */
static double
percentile (const guint32 *histogram, gsize count, double lo, double hi, double share)
{
  const gsize want = (gsize) (share * (double) count);
  gsize seen = 0;

  for (int b = 0; b < BINS; b++)
    {
      seen += histogram[b];
      if (seen > want)
        return lo + (hi - lo) * (b + 0.5) / BINS;
    }
  return hi;
}

/* Spreads the plane over 0 .. 1 by its percentiles, clamping the tails. */
static void
spread (float *h, gsize count)
{
  guint32 *histogram = g_new0 (guint32, BINS);
  double lo = h[0], hi = h[0], a, b;

  for (gsize i = 1; i < count; i++)
    {
      lo = MIN (lo, h[i]);
      hi = MAX (hi, h[i]);
    }
  if (hi <= lo)
    {
      for (gsize i = 0; i < count; i++)
        h[i] = 0.5f;
      g_free (histogram);
      return;
    }
  for (gsize i = 0; i < count; i++)
    histogram[MIN (BINS - 1, (int) ((h[i] - lo) / (hi - lo) * BINS))]++;
  a = percentile (histogram, count, lo, hi, TAIL);
  b = percentile (histogram, count, lo, hi, 1.0 - TAIL);
  if (b <= a)
    a = lo, b = hi;
  for (gsize i = 0; i < count; i++)
    h[i] = (float) CLAMP ((h[i] - a) / (b - a), 0.0, 1.0);
  g_free (histogram);
}

float *
tsr_photo_height (const TsrImage *tile, const TsrHeightParams *p)
{
  const int w = tile->width, h = tile->height;
  const gsize count = (gsize) w * h;
  float *flat = g_new (float, count), *gain = g_new (float, count);
  float *finer = g_new (float, count), *coarser = g_new (float, count);
  float *height = g_new0 (float, count);
  int half_width[TSR_HEIGHT_MAX_BANDS];
  const int n = tsr_height_bands (p->light_radius, MIN (w, h), half_width);

  tsr_image_luminance (tile, flat);
  if (p->linear)
    for (gsize i = 0; i < count; i++)
      /* about the sRGB curve's lightness, by a correctly rounded root */
      flat[i] = sqrtf (MAX (flat[i], 0.0f));
  /* the light divided out: what is left is the material's own shading */
  memcpy (gain, flat, sizeof (float) * count);
  tsr_light_gains (gain, w, h, 1.0, p->light_radius, TRUE);
  for (gsize i = 0; i < count; i++)
    flat[i] *= gain[i];

  memcpy (finer, flat, sizeof (float) * count);
  for (int k = 0; k < n; k++)
    {
      const double t = n > 1 ? (double) k / (n - 1) : 0.5;
      /* 1 everywhere at balance 0.5; the fine end 2 and the large 0 at
       * balance 0, the other way round at 1 */
      const float weight = (float) (1.0 + (2.0 * p->balance - 1.0) * (2.0 * t - 1.0));

      memcpy (coarser, flat, sizeof (float) * count);
      tsr_box_blur (coarser, w, h, 3 * half_width[k], TRUE);
      for (gsize i = 0; i < count; i++)
        height[i] += weight * (finer[i] - coarser[i]);
      memcpy (finer, coarser, sizeof (float) * count);
    }
  spread (height, count);
  if (p->invert)
    for (gsize i = 0; i < count; i++)
      height[i] = 1.0f - height[i];
  g_free (flat);
  g_free (gain);
  g_free (finer);
  g_free (coarser);
  return height;
}
