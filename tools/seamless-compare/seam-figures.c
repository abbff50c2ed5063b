#include <math.h>
#include <stdlib.h>

#include "seam-figures.h"

static float *
luminance (const TsrImage *im)
{
  const gsize n = (gsize) im->width * im->height;
  float *l = g_new (float, n);

  for (gsize i = 0; i < n; i++)
    {
      const float *p = im->pixels + i * im->channels;

      l[i] = 255.0f * (tsr_image_colours (im) == 3
                       ? 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2] : p[0]);
    }
  return l;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Along axis 0 (x) or 1 (y): the mean steps of each line pair k -> k + 1
 * (k < n - 1 inside, k = n - 1 the wrap). */
static void
steps (const float *l, int w, int h, int axis, SeamFigures *f)
{
  const int n = axis == 0 ? w : h, m = axis == 0 ? h : w;
  double *line = g_new (double, n), total = 0.0;

  for (int k = 0; k < n; k++)
    {
      double s = 0.0;

      for (int i = 0; i < m; i++)
        {
          int x0 = axis == 0 ? k : i, y0 = axis == 0 ? i : k;
          int x1 = axis == 0 ? (k + 1) % w : i, y1 = axis == 0 ? i : (k + 1) % h;

          s += fabsf (l[(gsize) y0 * w + x0] - l[(gsize) y1 * w + x1]);
        }
      line[k] = s / m;
    }
  f->wrap[axis] = line[n - 1];
  for (int k = 0; k < n - 1; k++)
    total += line[k];
  f->step[axis] = total / (n - 1);
  qsort (line, n - 1, sizeof *line, compare_double);
  f->p95[axis] = line[(int) floor (0.95 * (n - 2))];
  f->most[axis] = line[n - 2];
  g_free (line);
}

static double
sd_of (const double *sum, gsize n)
{
  double mean = sum[0] / n;

  return sqrt (MAX (0.0, sum[1] / n - mean * mean));
}

static void
blocks (const float *l, int w, int h, int block, SeamFigures *f)
{
  const int bx = w / block, by = h / block, n = bx * by;
  double *detail = g_new (double, n), lowest = G_MAXDOUBLE, blur = 0.0;
  int tenth = MAX (1, (n + 9) / 10);

  for (int b = 0; b < n; b++)
    {
      int x0 = (b % bx) * block, y0 = (b / bx) * block;
      double s[2] = { 0, 0 }, d[2] = { 0, 0 };
      gsize nd = 0;

      for (int y = y0; y < y0 + block; y++)
        for (int x = x0; x < x0 + block; x++)
          {
            double v = l[(gsize) y * w + x];

            s[0] += v;
            s[1] += v * v;
            if (x > 0 && y > 0 && x < w - 1 && y < h - 1)
              {
                double lap = 4.0 * v - l[(gsize) y * w + x - 1] - l[(gsize) y * w + x + 1]
                             - l[(gsize) (y - 1) * w + x] - l[(gsize) (y + 1) * w + x];

                d[0] += lap;
                d[1] += lap * lap;
                nd++;
              }
          }
      lowest = MIN (lowest, sd_of (s, (gsize) block * block));
      detail[b] = nd > 0 ? sd_of (d, nd) : 0.0;
    }
  qsort (detail, n, sizeof *detail, compare_double);
  for (int b = 0; b < tenth; b++)
    blur += detail[b];
  f->lowest_sd = lowest;
  f->blurriest = blur / tenth;
  g_free (detail);
}

/* The correlation of l with its mirror about each axis, the largest. */
static double
mirror (const float *l, int w, int h)
{
  const gsize n = (gsize) w * h;
  double mean = 0.0, var = 0.0, best = -1.0;

  for (gsize i = 0; i < n; i++)
    mean += l[i];
  mean /= n;
  for (gsize i = 0; i < n; i++)
    var += (l[i] - mean) * (l[i] - mean);
  for (int axis = 0; axis < 2; axis++)
    for (int a = 0; a < (axis == 0 ? w : h); a++)
      {
        double c = 0.0;

        for (int y = 0; y < h; y += 2)
          for (int x = 0; x < w; x += 2)
            {
              int mx = axis == 0 ? ((a - x) % w + w) % w : x;
              int my = axis == 0 ? y : ((a - y) % h + h) % h;

              c += (l[(gsize) y * w + x] - mean) * (l[(gsize) my * w + mx] - mean);
            }
        best = MAX (best, 4.0 * c / var);
      }
  return best;
}

void
seam_figures (const TsrImage *im, int block, SeamFigures *f)
{
  float *l = luminance (im);

  steps (l, im->width, im->height, 0, f);
  steps (l, im->width, im->height, 1, f);
  blocks (l, im->width, im->height, block, f);
  f->mirror = mirror (l, im->width, im->height);
  g_free (l);
}
