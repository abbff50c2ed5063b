/* Ambient occlusion and curvature of a height field: see relief.h. */
#include <math.h>

#include "relief.h"

static const int directions[TSR_AO_DIRECTIONS][2] = {
  { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 },
};

void
tsr_ao_direction (int d, int *dx, int *dy)
{
  *dx = directions[d][0];
  *dy = directions[d][1];
}

int
tsr_ao_reach (int d, int radius)
{
  const int diagonal = directions[d][0] != 0 && directions[d][1] != 0;

  return MAX (1, diagonal ? (int) floor (radius / G_SQRT2) : radius);
}

/* Against a horizon search over every pixel (tests/test-pbr.c), the steps
 * past 8 cost little: a far peak is wide enough to be met. */
int
tsr_ao_steps (int reach, int steps[TSR_AO_MAX_STEPS])
{
  int n = 0;

  for (int k = 1; k < reach && n < TSR_AO_MAX_STEPS - 1; k = k < 8 ? k + 1 : (k * 5 + 2) / 4)
    steps[n++] = k;
  steps[n++] = reach;
  return n;
}

/* Where the samples of one pixel are: offsets into the height plane and
 * the factor making a rise a slope, direction by direction. */
typedef struct
{
  int    n_steps[TSR_AO_DIRECTIONS];
  gssize offset[TSR_AO_DIRECTIONS * TSR_AO_MAX_STEPS];
  float  scale[TSR_AO_DIRECTIONS * TSR_AO_MAX_STEPS];
} Samples;

static void
samples_init (Samples *sm, gsize h_stride, int radius, float depth)
{
  int k = 0;

  for (int d = 0; d < TSR_AO_DIRECTIONS; d++)
    {
      const int dx = directions[d][0], dy = directions[d][1];
      const float unit = sqrtf ((float) (dx * dx + dy * dy));
      int steps[TSR_AO_MAX_STEPS];

      sm->n_steps[d] = tsr_ao_steps (tsr_ao_reach (d, radius), steps);
      for (int s = 0; s < sm->n_steps[d]; s++, k++)
        {
          sm->offset[k] = (gssize) steps[s] * (dy * (gssize) h_stride + dx);
          sm->scale[k] = depth / (unit * (float) steps[s]);
        }
    }
}

/* One row's occlusion, a step of one direction at a time over the whole
 * row: loops the compiler vectorises (max for the horizon, sqrt for its
 * sine), in each pixel the same operations in the same order whatever the
 * vector width.  Compiled for the widest vectors the machine has, picked
 * at run time. */
#if TSR_MULTI_ISA
__attribute__ ((target_clones ("avx512f", "avx2", "default")))
#endif
static void
occlusion_row (const float *restrict centre, int n, const Samples *sm, float strength,
               float *restrict best, float *restrict sum, float *restrict out)
{
  int k = 0;

  for (int i = 0; i < n; i++)
    sum[i] = 0.0f;
  for (int d = 0; d < TSR_AO_DIRECTIONS; d++)
    {
      for (int i = 0; i < n; i++)
        best[i] = 0.0f;
      for (int s = 0; s < sm->n_steps[d]; s++, k++)
        {
          const float *restrict there = centre + sm->offset[k];
          const float scale = sm->scale[k];

          for (int i = 0; i < n; i++)
            {
              const float t = (there[i] - centre[i]) * scale;

              best[i] = t > best[i] ? t : best[i];
            }
        }
      for (int i = 0; i < n; i++)
        sum[i] += best[i] / sqrtf (1.0f + best[i] * best[i]);   /* sin (atan t) */
    }
  for (int i = 0; i < n; i++)
    {
      const float ao = 1.0f - strength * sum[i] * (1.0f / TSR_AO_DIRECTIONS);

      out[i] = ao > 0.0f ? ao : 0.0f;
    }
}

void
tsr_relief_ao (const float *h, gsize h_stride, int n, int rows, int radius, float depth,
               float strength, float *out, gsize out_stride)
{
  float *best = g_new (float, 2 * (gsize) n), *sum = best + n;
  Samples sm;

  samples_init (&sm, h_stride, radius, depth);
  for (int r = 0; r < rows; r++)
    occlusion_row (h + (gsize) (r + radius) * h_stride + radius, n, &sm, strength, best, sum,
                   out + (gsize) r * out_stride);
  g_free (best);
}

void
tsr_relief_curvature (const float *gx, const float *gy, gsize g_stride, int n, int rows,
                      float depth, float strength, float *out, gsize out_stride)
{
  for (int r = 0; r < rows; r++)
    {
      const gsize c0 = (gsize) (r + 1) * g_stride + 1;
      float *o = out + (gsize) r * out_stride;

      for (int i = 0; i < n; i++)
        {
          const gsize c = c0 + (gsize) i;
          const float zx = depth * gx[c], zy = depth * gy[c];
          const float zxx = 0.5f * depth * (gx[c + 1] - gx[c - 1]);
          const float zyy = 0.5f * depth * (gy[c + g_stride] - gy[c - g_stride]);
          const float zxy = 0.25f * depth * ((gx[c + g_stride] - gx[c - g_stride])
                                             + (gy[c + 1] - gy[c - 1]));
          const float g2 = 1.0f + zx * zx + zy * zy;
          const float mean = ((1.0f + zy * zy) * zxx - 2.0f * zx * zy * zxy
                              + (1.0f + zx * zx) * zyy) / (2.0f * g2 * sqrtf (g2));

          const float k = strength * mean;

          /* a soft clamp of IEEE operations only: the same bits on every
           * machine, and the loop vectorises */
          o[i] = 0.5f - 0.5f * k / sqrtf (1.0f + k * k);
        }
    }
}
