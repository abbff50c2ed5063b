/* Ambient occlusion and curvature of a height field: see relief.h. */
#include <math.h>
#include <string.h>

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

/* Eight pixels at once: GCC's vectors, one AVX register or two SSE ones;
 * every lane does the scalar code's IEEE operations in the same order, so
 * the bits are the same whichever the machine or the path. */
typedef float Lanes __attribute__ ((vector_size (32)));
typedef gint32 LaneMask __attribute__ ((vector_size (32)));
#define LANES 8

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

/* 1 - strength times the mean sine of the horizons, clamped to 0, from
 * the horizons' tangents. */
static inline float
open_sky (const float tan_max[TSR_AO_DIRECTIONS], float strength)
{
  float sum = 0.0f, ao;

  for (int d = 0; d < TSR_AO_DIRECTIONS; d++)
    sum += tan_max[d] / sqrtf (1.0f + tan_max[d] * tan_max[d]);   /* sin (atan t) */
  ao = 1.0f - strength * sum * (1.0f / TSR_AO_DIRECTIONS);
  return ao > 0.0f ? ao : 0.0f;
}

/* (Through a pointer: a vector return value would change the ABI of the
 * default clone.) */
static inline void
load_lanes (Lanes *v, const float *p)
{
  memcpy (v, p, sizeof *v);
}

/* The occlusion of the LANES pixels from centre: open_sky's operations
 * in its order, lane by lane. */
static inline void
occlusion_lanes (const float *centre, const Samples *sm, float strength, float *out)
{
  Lanes here, there, sum = { 0 };
  int k = 0;

  load_lanes (&here, centre);
  for (int d = 0; d < TSR_AO_DIRECTIONS; d++)
    {
      Lanes best = { 0 }, sine;
      float b[LANES];

      for (int s = 0; s < sm->n_steps[d]; s++, k++)
        {
          Lanes t;
          LaneMask higher;

          load_lanes (&there, centre + sm->offset[k]);
          t = (there - here) * sm->scale[k];
          higher = t > best;
          best = (Lanes) ((higher & (LaneMask) t) | (~higher & (LaneMask) best));
        }
      memcpy (b, &best, sizeof b);
      for (int l = 0; l < LANES; l++)
        b[l] = b[l] / sqrtf (1.0f + b[l] * b[l]);
      memcpy (&sine, b, sizeof b);
      sum += sine;
    }
  for (int l = 0; l < LANES; l++)
    {
      const float ao = 1.0f - strength * sum[l] * (1.0f / TSR_AO_DIRECTIONS);

      out[l] = ao > 0.0f ? ao : 0.0f;
    }
}

/* The same for one pixel (rows narrower than LANES). */
static inline float
occlusion_one (const float *centre, const Samples *sm, float strength)
{
  float tan_max[TSR_AO_DIRECTIONS];
  int k = 0;

  for (int d = 0; d < TSR_AO_DIRECTIONS; d++)
    {
      float best = 0.0f;

      for (int s = 0; s < sm->n_steps[d]; s++, k++)
        {
          const float t = (centre[sm->offset[k]] - centre[0]) * sm->scale[k];

          best = t > best ? t : best;
        }
      tan_max[d] = best;
    }
  return open_sky (tan_max, strength);
}

/* Compiled for the widest vectors the machine has, picked at run time
 * (the same bits on each: see Lanes). */
#if TSR_MULTI_ISA
__attribute__ ((target_clones ("avx512f", "avx2", "default")))
#endif
void
tsr_relief_ao (const float *h, gsize h_stride, int n, int rows, int radius, float depth,
               float strength, float *out, gsize out_stride)
{
  Samples sm;

  samples_init (&sm, h_stride, radius, depth);
  for (int r = 0; r < rows; r++)
    {
      const float *centre = h + (gsize) (r + radius) * h_stride + radius;
      float *o = out + (gsize) r * out_stride;

      if (n < LANES)
        {
          for (int i = 0; i < n; i++)
            o[i] = occlusion_one (centre + i, &sm, strength);
          continue;
        }
      /* the last group overlaps the one before: those pixels again, the
       * same values */
      for (int i = 0; i < n; i += LANES)
        {
          const int at = MIN (i, n - LANES);

          occlusion_lanes (centre + at, &sm, strength, o + at);
        }
    }
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
