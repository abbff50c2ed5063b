#include "photo/box-blur.h"

/* Sample k of a line of n (k within one length of it): wrapped round, or
 * the edge held. */
static inline int
at (int k, int n, gboolean wrap)
{
  if (wrap)
    return k < 0 ? k + n : k >= n ? k - n : k;
  return CLAMP (k, 0, n - 1);
}

/* One box pass of half-width r along a row of n samples, from src into
 * dst.  The sums are doubles in a fixed order, the same bits on every
 * machine. */
static void
box_row (const float *src, float *dst, int n, int r, gboolean wrap)
{
  double sum = 0.0;
  const double scale = 1.0 / (2 * r + 1);

  for (int k = -r; k <= r; k++)
    sum += src[at (k, n, wrap)];
  for (int i = 0; i < n; i++)
    {
      dst[i] = (float) (sum * scale);
      sum += src[at (i + r + 1, n, wrap)];
      sum -= src[at (i - r, n, wrap)];
    }
}

/* The same pass down every column of a w x h plane at once: a running sum
 * a column, each column's additions in the order box_row makes them,
 * reading and writing whole rows (a column at a time would stride through
 * memory). */
static void
box_columns (const float *src, float *dst, int w, int h, int r, gboolean wrap, double *sum)
{
  const double scale = 1.0 / (2 * r + 1);

  for (int x = 0; x < w; x++)
    sum[x] = 0.0;
  for (int k = -r; k <= r; k++)
    {
      const float *row = src + (gsize) at (k, h, wrap) * w;

      for (int x = 0; x < w; x++)
        sum[x] += row[x];
    }
  for (int i = 0; i < h; i++)
    {
      const float *in = src + (gsize) at (i + r + 1, h, wrap) * w;
      const float *out = src + (gsize) at (i - r, h, wrap) * w;
      float *d = dst + (gsize) i * w;

      for (int x = 0; x < w; x++)
        {
          d[x] = (float) (sum[x] * scale);
          sum[x] += in[x];
          sum[x] -= out[x];
        }
    }
}

void
tsr_box_blur (float *plane, int w, int h, int radius, gboolean wrap)
{
  float *tmp = g_new (float, (gsize) w * h);
  double *sum = g_new (double, w);
  /* wrapping, a box no wider than the plane: it would count a sample twice */
  int rx = MAX (1, MIN (radius / 3, wrap ? (w - 1) / 2 : w / 2));
  int ry = MAX (1, MIN (radius / 3, wrap ? (h - 1) / 2 : h / 2));

  for (int pass = 0; pass < 3; pass++)
    {
      for (int y = 0; y < h; y++)
        box_row (plane + (gsize) y * w, tmp + (gsize) y * w, w, rx, wrap);
      box_columns (tmp, plane, w, h, ry, wrap, sum);
    }
  g_free (sum);
  g_free (tmp);
}
