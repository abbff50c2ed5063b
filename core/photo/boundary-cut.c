#include "photo/boundary-cut.h"

void
tsr_boundary_cut (const float *err, gsize line_stride, gsize step, int length, int across,
                  double *cost, int *path)
{
  /* cost[i][k]: the least error of a path from line 0 to (i, k). */
  for (int k = 0; k < across; k++)
    cost[k] = err[k * step];
  for (int i = 1; i < length; i++)
    {
      const double *prev = cost + (gsize) (i - 1) * across;
      double *row = cost + (gsize) i * across;

      for (int k = 0; k < across; k++)
        {
          double best = prev[k];

          if (k > 0 && prev[k - 1] <= best)
            best = prev[k - 1];
          if (k + 1 < across && prev[k + 1] < best)
            best = prev[k + 1];
          row[k] = best + err[i * line_stride + k * step];
        }
    }
  /* Back from the cheapest end. */
  {
    const double *last = cost + (gsize) (length - 1) * across;
    int k = 0;

    for (int j = 1; j < across; j++)
      if (last[j] < last[k])
        k = j;
    path[length - 1] = k;
    for (int i = length - 2; i >= 0; i--)
      {
        const double *row = cost + (gsize) i * across;
        int best = k;

        if (k > 0 && row[k - 1] <= row[best])
          best = k - 1;
        if (k + 1 < across && row[k + 1] < row[best])
          best = k + 1;
        path[i] = k = best;
      }
  }
}
