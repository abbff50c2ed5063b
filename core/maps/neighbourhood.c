/* Ambient occlusion and curvature of a height field: see relief.h. */
#include <math.h>

#include "maps/neighbourhood-rows.h"

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

/* Against a horizon search over every pixel (tests/core/test-pbr.c), the steps
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

static void
samples_init (TsrAoSamples *sm, int radius, float depth)
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
          sm->rows[k] = steps[s] * dy;
          sm->columns[k] = steps[s] * dx;
          sm->scale[k] = depth / (unit * (float) steps[s]);
        }
    }
}

/* The row kernel of the instruction set the noise rows use. */
static TsrAoRow
ao_row (void)
{
  return TSR_ISA_PICK (tsr_ao_row_base, tsr_ao_row_avx2, tsr_ao_row_avx512);
}

void
tsr_neighbourhood_ao (const float *const *h_rows, int n, int rows, int radius, float depth,
               float strength, float *out, gsize out_stride)
{
  const TsrAoRow row = ao_row ();
  TsrAoSamples sm;
  const float *there[TSR_AO_DIRECTIONS * TSR_AO_MAX_STEPS];
  int n_samples = 0;

  samples_init (&sm, radius, depth);
  for (int d = 0; d < TSR_AO_DIRECTIONS; d++)
    n_samples += sm.n_steps[d];
  for (int r = 0; r < rows; r++)
    {
      const float *const *centre = h_rows + r + radius;

      for (int k = 0; k < n_samples; k++)
        there[k] = centre[sm.rows[k]] + radius + sm.columns[k];
      row (*centre + radius, there, n, &sm, strength, out + (gsize) r * out_stride);
    }
}

/* The key light's penumbra, in slope either side of the horizon. */
#define SUN_SOFT 0.2f

void
tsr_neighbourhood_sun (const float *const *h_rows, int n, int rows, int radius, float depth,
                float lx, float ly, float tan_elevation, float *out, gsize out_stride)
{
  int steps[TSR_AO_MAX_STEPS];
  const int n_steps = radius > 1 ? tsr_ao_steps (radius - 1, steps) : 0;

  for (int r = 0; r < rows; r++)
    {
      const float *centre = h_rows[r + radius] + radius;
      float *o = out + (gsize) r * out_stride;

      for (int i = 0; i < n; i++)
        o[i] = 0.0f;
      for (int s = 0; s < n_steps; s++)
        {
          /* the step's offset, the same for every pixel of the row: its
           * whole pixels and the bilinear weights of the rest */
          const float ox = lx * (float) steps[s], oy = ly * (float) steps[s];
          const int ix = (int) floorf (ox), iy = (int) floorf (oy);
          const float fx = ox - (float) ix, fy = oy - (float) iy;
          const float w00 = (1.0f - fx) * (1.0f - fy), w10 = fx * (1.0f - fy);
          const float w01 = (1.0f - fx) * fy, w11 = fx * fy;
          const float *a = h_rows[r + radius + iy] + radius + ix;
          const float *b = h_rows[r + radius + iy + 1] + radius + ix;
          const float scale = depth / (float) steps[s];

          for (int i = 0; i < n; i++)
            {
              const float h = w00 * a[i] + w10 * a[i + 1] + w01 * b[i] + w11 * b[i + 1];

              o[i] = fmaxf (o[i], (h - centre[i]) * scale);
            }
        }
      for (int i = 0; i < n; i++)
        {
          const float t = 0.5f + (tan_elevation - o[i]) * (0.5f / SUN_SOFT);

          o[i] = fminf (fmaxf (t, 0.0f), 1.0f);
        }
    }
}

void
tsr_neighbourhood_curvature (const float *const *gx_rows, const float *const *gy_rows, int n,
                      int rows, float depth, float strength, float *out, gsize out_stride)
{
  for (int r = 0; r < rows; r++)
    {
      const float *gx = gx_rows[r + 1] + 1, *gy = gy_rows[r + 1] + 1;
      const float *gx_up = gx_rows[r] + 1, *gx_down = gx_rows[r + 2] + 1;
      const float *gy_up = gy_rows[r] + 1, *gy_down = gy_rows[r + 2] + 1;
      float *o = out + (gsize) r * out_stride;

      for (int i = 0; i < n; i++)
        {
          const float zx = depth * gx[i], zy = depth * gy[i];
          const float zxx = 0.5f * depth * (gx[i + 1] - gx[i - 1]);
          const float zyy = 0.5f * depth * (gy_down[i] - gy_up[i]);
          const float zxy = 0.25f * depth * ((gx_down[i] - gx_up[i]) + (gy[i + 1] - gy[i - 1]));
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
