/* A value with its gradient (x, y), carried through sums, products and
 * smooth functions by the chain rule: what keeps rock's slopes analytic. */
#ifndef TSR_ROCK_SLOPE_H
#define TSR_ROCK_SLOPE_H

typedef struct
{
  double v, x, y;
} TsrRockSlope;

static inline TsrRockSlope
rs (double v, double x, double y)
{
  return (TsrRockSlope) { v, x, y };
}

static inline TsrRockSlope
rs_add (TsrRockSlope a, TsrRockSlope b)
{
  return rs (a.v + b.v, a.x + b.x, a.y + b.y);
}

static inline TsrRockSlope
rs_scale (TsrRockSlope a, double k)
{
  return rs (a.v * k, a.x * k, a.y * k);
}

static inline TsrRockSlope
rs_mul (TsrRockSlope a, TsrRockSlope b)
{
  return rs (a.v * b.v, a.x * b.v + a.v * b.x, a.y * b.v + a.v * b.y);
}

/* f (a), f's slope df at a */
static inline TsrRockSlope
rs_chain (double f, double df, TsrRockSlope a)
{
  return rs (f, df * a.x, df * a.y);
}

/* 1 at d = 0 falling to 0 at d = r: (1 - d / r)^2 */
static inline TsrRockSlope
rs_fall_off (TsrRockSlope d, double r)
{
  const double t = d.v / r;

  if (t >= 1.0 || t < 0.0)
    return rs (t < 0.0 ? 1.0 : 0.0, 0.0, 0.0);
  return rs_chain ((1.0 - t) * (1.0 - t), -2.0 * (1.0 - t) / r, d);
}

/* 0 below a, 1 above b, smooth between */
static inline TsrRockSlope
rs_smooth_step (double a, double b, TsrRockSlope x)
{
  const double t = (x.v - a) / (b - a);

  if (t <= 0.0 || t >= 1.0)
    return rs (t <= 0.0 ? 0.0 : 1.0, 0.0, 0.0);
  return rs_chain (t * t * (3.0 - 2.0 * t), 6.0 * t * (1.0 - t) / (b - a), x);
}

#endif
