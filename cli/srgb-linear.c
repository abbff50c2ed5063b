/* The sRGB transfer function: see srgb-linear.h. */
#include <math.h>

#include "srgb-linear.h"

static double
power (double v)
{
  return pow ((v + 0.055) / 1.055, 2.4);
}

static double
slope (double v)
{
  return 2.4 / 1.055 * pow ((v + 0.055) / 1.055, 1.4);
}

float
srgb_linear_exact (float v)
{
  double d = v;

  if (d <= 0.04045)
    return (float) (d / 12.92);
  return (float) power (d);
}

void
srgb_linear_init (SrgbLinear *table)
{
  const double h = 1.0 / SRGB_LINEAR_STEPS;

  /* Cubic Hermite on each step: the power and its slope at both ends. */
  for (int i = 0; i < SRGB_LINEAR_STEPS; i++)
    {
      double a = i * h, b = (i + 1) * h;
      double f0 = power (a), f1 = power (b), d0 = h * slope (a), d1 = h * slope (b);

      table->c[i][0] = f0;
      table->c[i][1] = d0;
      table->c[i][2] = 3 * (f1 - f0) - 2 * d0 - d1;
      table->c[i][3] = 2 * (f0 - f1) + d0 + d1;
    }
}
