/* GIMP gradient -> TsrRamp.  GIMP samples its gradient (blending segments as
 * it does when painting one); the core then interpolates linearly between
 * the 256 samples, which is finer than an 8-bit channel can show. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "gradient-ramp.h"

static float
channel (float v)
{
  return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
}

gboolean
tsr_ramp_from_gradient (const char *name, TsrRamp *ramp, GError **error)
{
  GimpGradient *gradient = gimp_gradient_get_by_name (name);
  GeglColor   **samples;
  guint         n = 0;

  if (gradient == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   _("gradient: GIMP has no gradient named '%s'"), name);
      return FALSE;
    }

  samples = gimp_gradient_get_uniform_samples (gradient, TSR_RAMP_MAX_STOPS, FALSE);
  while (samples != NULL && samples[n] != NULL && n < TSR_RAMP_MAX_STOPS)
    n++;
  if (n < 2)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   _("gradient: could not sample the gradient '%s'"), name);
      if (samples != NULL)
        gimp_color_array_free (samples);
      return FALSE;
    }

  ramp->n_stops = n;
  for (guint i = 0; i < n; i++)
    {
      float rgba[4];

      /* Whatever space GIMP blended in, ask for non-linear sRGB. */
      gegl_color_get_pixel (samples[i], babl_format ("R'G'B'A float"), rgba);
      ramp->stops[i].pos = (float) i / (float) (n - 1);
      ramp->stops[i].color.r = channel (rgba[0]);
      ramp->stops[i].color.g = channel (rgba[1]);
      ramp->stops[i].color.b = channel (rgba[2]);
      ramp->stops[i].color.a = channel (rgba[3]);
    }
  gimp_color_array_free (samples);
  return tsr_ramp_validate (ramp, error);
}
