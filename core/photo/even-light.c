#include "photo/even-light.h"
#include "photo/box-blur.h"

void
tsr_light_gains (float *plane, int w, int h, double strength, int radius, gboolean wrap)
{
  const gsize count = (gsize) w * h;
  double mean = 0.0;

  tsr_box_blur (plane, w, h, radius, wrap);
  for (gsize i = 0; i < count; i++)
    mean += plane[i];
  mean /= (double) count;
  for (gsize i = 0; i < count; i++)
    {
      /* A floor keeps black corners from being lifted to infinity. */
      double local = MAX (plane[i], 0.02 * mean + 1e-6);

      /* A mix, not a power: libm's pow may round differently on CPUs
       * with and without FMA, and the tile must be the same bits. */
      plane[i] = (float) (1.0 + strength * ((mean + 1e-6) / local - 1.0));
    }
}

void
tsr_even_light (TsrImage *im, double strength, int radius)
{
  const int colours = tsr_image_colours (im), n = im->channels;
  const gsize count = (gsize) im->width * im->height;
  float *gain;

  if (strength <= 0.0)
    return;
  gain = g_new (float, count);
  tsr_image_luminance (im, gain);
  tsr_light_gains (gain, im->width, im->height, strength, radius, FALSE);
  for (gsize i = 0; i < count; i++)
    for (int c = 0; c < colours; c++)
      im->pixels[i * n + c] *= gain[i];
  g_free (gain);
}
