/* The figures of a tile, as docs/compare/README.md defines them. */
#include <math.h>
#include <stdio.h>

#include "tile-figures.h"

#define BLUR 8

static double
sd_of (const double *v, gsize n)
{
  double sum = 0, sum2 = 0;

  for (gsize i = 0; i < n; i++)
    sum += v[i], sum2 += v[i] * v[i];
  return sqrt (MAX (0.0, sum2 / n - (sum / n) * (sum / n)));
}

void
tsr_tile_figures (const guint8 *rgb, int w, int h, TsrTileFigures *f)
{
  const gsize n = (gsize) w * h;
  double *lum = g_new (double, n), *blur = g_new (double, n);
  double step_x = 0, step_y = 0;

  f->mean[0] = f->mean[1] = f->mean[2] = 0;
  for (gsize i = 0; i < n; i++)
    {
      for (int c = 0; c < 3; c++)
        f->mean[c] += rgb[i * 3 + c];
      lum[i] = 0.2126 * rgb[i * 3] + 0.7152 * rgb[i * 3 + 1] + 0.0722 * rgb[i * 3 + 2];
    }
  for (int c = 0; c < 3; c++)
    f->mean[c] /= n;
  /* neighbours across the tile's edge too: it repeats */
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        const double v = lum[(gsize) y * w + x];

        step_x += fabs (lum[(gsize) y * w + (x + 1) % w] - v);
        step_y += fabs (lum[(gsize) ((y + 1) % h) * w + x] - v);
      }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double sum = 0;

        for (int j = 0; j < BLUR; j++)
          for (int i = 0; i < BLUR; i++)
            sum += lum[(gsize) ((y + j) % h) * w + (x + i) % w];
        blur[(gsize) y * w + x] = sum / (BLUR * BLUR);
      }
  f->sd = sd_of (lum, n);
  f->blur_sd = sd_of (blur, n);
  f->step_x = step_x / n;
  f->step_y = step_y / n;
  g_free (lum);
  g_free (blur);
}

void
tsr_tile_figures_print (const char *label, const TsrTileFigures *f)
{
  printf ("  %-10s #%02x%02x%02x  SD %5.1f  step x %5.1f  y %5.1f  8x8 SD %5.1f\n", label,
          (int) lrint (f->mean[0]), (int) lrint (f->mean[1]), (int) lrint (f->mean[2]),
          f->sd, f->step_x, f->step_y, f->blur_sd);
}
