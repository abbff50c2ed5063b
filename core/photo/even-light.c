#include "photo/even-light.h"

/* One box pass of half-width r along n samples spaced stride apart, the
 * edges held (the photograph does not wrap), from src into dst. */
static void
box_line (const float *src, float *dst, int n, gsize stride, int r)
{
  double sum = 0.0;
  const double scale = 1.0 / (2 * r + 1);

  for (int k = -r; k <= r; k++)
    sum += src[(gsize) CLAMP (k, 0, n - 1) * stride];
  for (int i = 0; i < n; i++)
    {
      dst[(gsize) i * stride] = (float) (sum * scale);
      sum += src[(gsize) MIN (i + r + 1, n - 1) * stride];
      sum -= src[(gsize) MAX (i - r, 0) * stride];
    }
}

/* Three box passes each way: close to a Gaussian of the radius' scale. */
static void
blur (float *plane, int w, int h, int radius)
{
  float *tmp = g_new (float, (gsize) w * h);
  int rx = MAX (1, MIN (radius / 3, w / 2));
  int ry = MAX (1, MIN (radius / 3, h / 2));

  for (int pass = 0; pass < 3; pass++)
    {
      for (int y = 0; y < h; y++)
        box_line (plane + (gsize) y * w, tmp + (gsize) y * w, w, 1, rx);
      for (int x = 0; x < w; x++)
        box_line (tmp + x, plane + x, h, (gsize) w, ry);
    }
  g_free (tmp);
}

void
tsr_even_light (TsrImage *im, double strength, int radius)
{
  const int colours = tsr_image_colours (im), n = im->channels;
  const gsize count = (gsize) im->width * im->height;
  float *lum;
  double mean = 0.0;

  if (strength <= 0.0)
    return;
  lum = g_new (float, count);
  for (gsize i = 0; i < count; i++)
    {
      const float *p = im->pixels + i * n;

      lum[i] = colours == 3 ? 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2] : p[0];
    }
  blur (lum, im->width, im->height, radius);
  for (gsize i = 0; i < count; i++)
    mean += lum[i];
  mean /= (double) count;
  for (gsize i = 0; i < count; i++)
    {
      /* A floor keeps black corners from being lifted to infinity. */
      double local = MAX (lum[i], 0.02 * mean + 1e-6);
      /* A mix, not a power: libm's pow may round differently on CPUs
       * with and without FMA, and the tile must be the same bits. */
      float gain = (float) (1.0 + strength * ((mean + 1e-6) / local - 1.0));

      for (int c = 0; c < colours; c++)
        im->pixels[i * n + c] *= gain;
    }
  g_free (lum);
}
