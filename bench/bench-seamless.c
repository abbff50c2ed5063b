/* The speed of seamless tiles from a photograph (issue 39's goal: a
 * 2048 x 2048 tile from a 1024 x 1024 photograph in at most 2 s):
 *
 *   bench-seamless PHOTO [SIDE [TILE [RUNS]]]
 *
 * The photograph is read, resampled to SIDE x SIDE (bilinear; default
 * 1024) and TILE x TILE tiles (default 2048) made RUNS times (default 3);
 * prints each run's wall and CPU time, the median, and the process' peak
 * memory.  Timings on a shared machine vary with its load: the load
 * average is printed beside them. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "photo/seamless.h"
#include "image-input.h"

static TsrImage *
resample (const TsrImage *src, int side)
{
  TsrImage *dst = tsr_image_new (side, side, src->channels, NULL);
  const int n = src->channels;

  for (int y = 0; y < side; y++)
    for (int x = 0; x < side; x++)
      {
        double fx = (x + 0.5) * src->width / side - 0.5, fy = (y + 0.5) * src->height / side - 0.5;
        int x0 = CLAMP ((int) fx, 0, src->width - 2), y0 = CLAMP ((int) fy, 0, src->height - 2);
        double ax = CLAMP (fx - x0, 0.0, 1.0), ay = CLAMP (fy - y0, 0.0, 1.0);

        for (int c = 0; c < n; c++)
          {
            const float *p = src->pixels + ((gsize) y0 * src->width + x0) * n + c;
            double top = p[0] * (1 - ax) + p[n] * ax;
            double bottom = p[(gsize) src->width * n] * (1 - ax) + p[(gsize) src->width * n + n] * ax;

            dst->pixels[((gsize) y * side + x) * n + c] = (float) (top * (1 - ay) + bottom * ay);
          }
      }
  return dst;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
cpu_seconds (void)
{
  struct rusage u;

  getrusage (RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  ImageInputInfo info;
  g_autoptr (TsrImage) read = NULL;
  g_autoptr (TsrImage) photo = NULL;
  int side = argc > 2 ? atoi (argv[2]) : 1024, tile = argc > 3 ? atoi (argv[3]) : 2048;
  int runs = argc > 4 ? atoi (argv[4]) : 3;
  double wall[64], load[3] = { 0, 0, 0 };
  TsrSeamlessSettings s;
  struct rusage u;
  FILE *f;

  if (argc < 2 || (read = image_input_read (argv[1], &info, &error)) == NULL)
    {
      fprintf (stderr, "bench-seamless: %s\n", error ? error->message : "usage: bench-seamless PHOTO [SIDE [TILE [RUNS]]]");
      return 2;
    }
  runs = CLAMP (runs, 1, 64);
  photo = resample (read, side);
  tsr_seamless_settings_init (&s);
  for (int r = 0; r < runs; r++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double c0 = cpu_seconds ();
      g_autoptr (TsrImage) out = tsr_seamless (photo, tile, tile, &s, &error);

      if (out == NULL)
        {
          fprintf (stderr, "bench-seamless: %s\n", error->message);
          return 1;
        }
      wall[r] = (g_get_monotonic_time () - t0) * 1e-6;
      printf ("run %d: %dx%d tile from a %dx%d photograph: %.3f s wall, %.3f s CPU\n", r + 1,
              tile, tile, side, side, wall[r], cpu_seconds () - c0);
    }
  qsort (wall, runs, sizeof *wall, compare_double);
  getrusage (RUSAGE_SELF, &u);
  if ((f = fopen ("/proc/loadavg", "r")) != NULL)
    {
      if (fscanf (f, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3)
        load[0] = 0;
      fclose (f);
    }
  printf ("median %.3f s wall; peak memory %.1f MiB; load average %.2f\n", wall[runs / 2],
          u.ru_maxrss / 1024.0, load[0]);
  return 0;
}
