/* The ripples' and rings' wave sums, VN points at a time
 * (water-waves-rows.h; the looks are described in water-ripples.c and
 * water-rings.c).  A wave's phase is in double, VN / 2 points a vector,
 * and its fraction of a turn in float: the sine and cosine, the profile's
 * powers and the sums are in float, VN points a vector. */
#include "noise/noise-vec.h"
#include "patterns/water/water-vec.h"
#include "patterns/water/water-common.h"
#include "patterns/water/water-waves-rows.h"

/* A VL mask of each half as one VI mask of VN lanes. */
TSR_VINLINE VI
mask_cat (VL lo, VL hi)
{
  return v_cati (__builtin_convertvector (lo, VIH), __builtin_convertvector (hi, VIH));
}

/* The crest profile's turn reduction: t less its floor where it is too
 * far from 0 for the sine's reduction (scalar libm floor: any size). */
TSR_VINLINE VD
reduce_turns (VD t)
{
  const VL near = v_absd (t) < TSR_COORD_LIMIT;

  if (v_any ((VI) ~near))
    for (int k = 0; k < VN / 2; k++)
      if (!near[k])
        t[k] -= floor (t[k]);
  return t;
}

/* The VN phases (lo, hi) as fractions of a turn in [-1/2, 1/2]; far:
 * some may be too far from 0 to round directly. */
TSR_VINLINE VF
phase_fraction (VD lo, VD hi, gboolean far)
{
  if (far)
    lo = reduce_turns (lo), hi = reduce_turns (hi);
  return v_turns_fraction (lo, hi);
}

/* Whether a phase |k| bound + |phase| may be too far from 0 to round
 * directly (a margin of half the limit covers the rounding). */
static inline gboolean
phase_far (double k_bound, double phase)
{
  return !(k_bound + fabs (phase) < 0.5 * TSR_COORD_LIMIT);
}

/* The largest |v[i]| of n values (NaN ignored: its phase is NaN either
 * way). */
static double
largest_abs (const double *v, gsize n)
{
  double m = 0.0;

  for (gsize i = 0; i < n; i++)
    m = fabs (v[i]) > m ? fabs (v[i]) : m;
  return m;
}

/* The crest profile ((1 + cos 2 pi t) / 2)^k = cos^2k (pi f) at VN
 * fractions f of a turn, in float (Taylor polynomials of cos and sin
 * (pi f), |pi f| <= pi/2, of degree 12 and 13: truncation < 1e-8);
 * whole powers blended for a fractional k as in tsr_crest_profile_slope.
 * With want_slope, its derivative d / dt into *slope. */
TSR_VINLINE VF
crest_lanes (VF f, int whole, float part, gboolean want_slope, VF *slope)
{
  const VF f2 = f * f;
  const VF cp = 1.0f + f2 * (-4.9348022005446793f + f2 * (4.0587121264167683f
                + f2 * (-1.3352627688545893f + f2 * (0.23533063035889312f
                + f2 * (-0.025806891390014050f + f2 * 0.0019295743094039220f)))));
  const VF c = cp * cp;
  VF p = v_splatf (1.0f), dp = v_splatf (0.0f);

  for (int i = 0; i < whole; i++)
    {
      if (want_slope)
        dp = dp * c + p;   /* d (c^(i+1)) / dc */
      p *= c;
    }
  if (want_slope)
    {
      /* dc / dt = -pi sin 2 pi t = -2 pi sin (pi f) cos (pi f) */
      const VF sp = f * (3.1415926535897932f + f2 * (-5.1677127800499694f
                         + f2 * (2.5501640398773455f + f2 * (-0.59926452932079192f
                         + f2 * (0.082145886611128190f + f2 * (-0.0073704309457143480f
                         + f2 * 0.00046630280576761234f))))));
      const VF dc = -2.0f * (float) G_PI * sp * cp;

      *slope = (dp * (1.0f + (c - 1.0f) * part) + p * part) * dc;
    }
  return p + (p * c - p) * part;
}

/* Calls body (a row kernel's, inlined) for the value alone or with the
 * gradient, so that each is compiled apart. */
#define VALUE_OR_GRADIENT(body, st, x, y, n, sum, g0, g1)                   \
  ((g0) != NULL ? body (st, x, y, n, sum, g0, g1, TRUE)                    \
                : body (st, x, y, n, sum, NULL, NULL, FALSE))

/* ripples_row's body, its gradient with want_grad. */
TSR_VINLINE void
ripples_sums (const TsrWaterRipples *st, const double *x, const double *y, gsize n,
              float *sum, float *g0, float *g1, gboolean want_grad)
{
  const int whole = (int) st->crest_power;
  const float part = st->crest_power - (float) whole;
  const double mx = largest_abs (x, n), my = largest_abs (y, n);
  gboolean far = FALSE;

  for (int j = 0; j < st->n_waves; j++)
    far |= phase_far (fabs (st->waves[j].kx) * mx + fabs (st->waves[j].ky) * my,
                      st->waves[j].phase);
  for (gsize i = 0; i < n; i += VN)
    {
      VD xlo, xhi, ylo, yhi;
      VF s = v_splatf (0.0f), a = s, b = s, slope;

      load_halves (x + i, n - i, &xlo, &xhi);
      load_halves (y + i, n - i, &ylo, &yhi);
      for (int j = 0; j < st->n_waves; j++)
        {
          const TsrWaterPlaneWave *w = &st->waves[j];
          VF profile;

          if (w->amp == 0.0f)
            continue;
          profile = crest_lanes (phase_fraction (w->kx * xlo + w->ky * ylo + w->phase,
                                                 w->kx * xhi + w->ky * yhi + w->phase, far),
                                 whole, part, want_grad, &slope);
          s += w->amp * (profile - st->profile_mean);
          if (want_grad)
            {
              a += w->amp * slope * (float) w->kx;
              b += w->amp * slope * (float) w->ky;
            }
        }
      v_storef (sum + i, s);
      if (want_grad)
        {
          v_storef (g0 + i, a);
          v_storef (g1 + i, b);
        }
    }
}

static void
ripples_row (const TsrWaterRipples *st, const double *x, const double *y, gsize n, float *sum,
             float *g0, float *g1)
{
  VALUE_OR_GRADIENT (ripples_sums, st, x, y, n, sum, g0, g1);
}

/* Offset to the nearest repeat of a source along one axis (period > 0),
 * the plain offset without tiling: water-rings.c's nearest_offset. */
TSR_VINLINE VD
nearest_offset (VD d, double period)
{
  if (period > 0)
    return v_seld (d > 0.5 * period, d - period,
                   v_seld (d < -0.5 * period, d + period, d));
  return d;
}

/* A source's gradient term of one half of the lanes: (k dx, k dy) as
 * floats, k = amp (dfade profile + fade dt) (water-rings.c's
 * source_waves). */
TSR_VINLINE void
ring_grad_half (const TsrWaterRings *st, const TsrWaterSource *w, VD dx, VD dy, VD q, VD r,
                VFH fade, VFH profile, VFH slope, VFH *ga, VFH *gb)
{
  const VD dfade = -6.0 * (1.0 - q) * (1.0 - q) * st->inv_reach2;
  const VD dt = v_seld (r > 0.0, v_ftod (slope) * w->inv_wavelength / r, v_splatd (0.0));
  const VD k = (double) w->amp * (dfade * v_ftod (profile) + v_ftod (fade) * dt);

  *ga = v_dtof (k * dx);
  *gb = v_dtof (k * dy);
}

/* rings_row's body, its gradient with want_grad. */
TSR_VINLINE void
rings_sums (const TsrWaterRings *st, const double *x, const double *y, gsize n, float *sum,
            float *g0, float *g1, gboolean want_grad)
{
  const int whole = (int) st->crest_power;
  const float part = st->crest_power - (float) whole;
  double px[TSR_CHUNK + VN], py[TSR_CHUNK + VN], mx, my;
  gboolean far = FALSE;

  /* inside the tile (a warped point may have left it) */
  for (gsize i = 0; i < n; i++)
    {
      px[i] = x[i], py[i] = y[i];
      if (st->period_w > 0)
        px[i] -= st->period_w * floor (px[i] / st->period_w);
      if (st->period_h > 0)
        py[i] -= st->period_h * floor (py[i] / st->period_h);
    }
  /* a source's r is at most |dx| + |dy| */
  mx = largest_abs (px, n), my = largest_abs (py, n);
  for (int j = 0; j < st->n_sources; j++)
    {
      const TsrWaterSource *w = &st->sources[j];

      far |= phase_far ((mx + fabs (w->x) + my + fabs (w->y)) * fabs (w->inv_wavelength),
                        w->phase);
    }
  for (gsize i = 0; i < n; i += VN)
    {
      VD xh[2], yh[2];
      VF s = v_splatf (0.0f), a = s, b = s;

      load_halves (px + i, n - i, &xh[0], &xh[1]);
      load_halves (py + i, n - i, &yh[0], &yh[1]);
      for (int j = 0; j < st->n_sources; j++)
        {
          const TsrWaterSource *w = &st->sources[j];
          VD dx[2], dy[2], q[2], r[2];
          VL in[2];
          VI inside;
          VF fade, profile, slope;

          for (int h = 0; h < 2; h++)
            {
              dx[h] = nearest_offset (xh[h] - w->x, st->period_w);
              dy[h] = nearest_offset (yh[h] - w->y, st->period_h);
              q[h] = (dx[h] * dx[h] + dy[h] * dy[h]) * st->inv_reach2;
              in[h] = ~(q[h] >= 1.0);   /* as the scalar test: NaN is inside */
            }
          inside = mask_cat (in[0], in[1]);
          /* beyond a source's reach its waves add nothing */
          if (!v_any (inside))
            continue;
          fade = v_catf (v_dtof ((1.0 - q[0]) * (1.0 - q[0]) * (1.0 - q[0])),
                         v_dtof ((1.0 - q[1]) * (1.0 - q[1]) * (1.0 - q[1])));
          for (int h = 0; h < 2; h++)
            r[h] = v_sqrtd (dx[h] * dx[h] + dy[h] * dy[h]);
          profile = crest_lanes (phase_fraction (r[0] * w->inv_wavelength + w->phase,
                                                 r[1] * w->inv_wavelength + w->phase, far),
                                 whole, part, want_grad, &slope)
                    - st->profile_mean;
          s += v_sel (inside, w->amp * (fade * profile), v_splatf (0.0f));
          if (want_grad)
            {
              VFH ga[2], gb[2];

              ring_grad_half (st, w, dx[0], dy[0], q[0], r[0], v_lof (fade), v_lof (profile),
                              v_lof (slope), &ga[0], &gb[0]);
              ring_grad_half (st, w, dx[1], dy[1], q[1], r[1], v_hif (fade), v_hif (profile),
                              v_hif (slope), &ga[1], &gb[1]);
              a += v_sel (inside, v_catf (ga[0], ga[1]), v_splatf (0.0f));
              b += v_sel (inside, v_catf (gb[0], gb[1]), v_splatf (0.0f));
            }
        }
      v_storef (sum + i, s);
      if (want_grad)
        {
          v_storef (g0 + i, a);
          v_storef (g1 + i, b);
        }
    }
}

static void
rings_row (const TsrWaterRings *st, const double *x, const double *y, gsize n, float *sum,
           float *g0, float *g1)
{
  VALUE_OR_GRADIENT (rings_sums, st, x, y, n, sum, g0, g1);
}

#define KERNELS_NAME_(isa) tsr_water_wave_kernels_##isa
#define KERNELS_NAME(isa)  KERNELS_NAME_ (isa)

const TsrWaterWaveKernels KERNELS_NAME (TSR_ISA) = { ripples_row, rings_row };
