/* What the output of a render may rely on (alpha, grey, data), read from
 * its settings before anything is written. */
#include "config.h"

#include "cli-render.h"

static gboolean
color_opaque (const TsrColor *c)
{
  return c->a >= 1.0f;
}

static gboolean
color_grey (const TsrColor *c)
{
  return c->r == c->g && c->g == c->b;
}

/* Whether every stop of the ramp the settings colour with passes test. */
static gboolean
ramp_stops_all (const TsrSettings *s, gboolean (*test) (const TsrColor *c))
{
  TsrRamp *ramp = g_new0 (TsrRamp, 1);
  gboolean all = TRUE;

  tsr_settings_ramp (s, NULL, ramp);
  for (guint i = 0; i < ramp->n_stops && all; i++)
    all = test (&ramp->stops[i].color);
  g_free (ramp);
  return all;
}

/* Whether every pixel is surely opaque, so an 8/16-bit PNG can be RGB.
 * Colours come from a ramp, and a ramp of opaque stops only makes opaque
 * pixels.  Conservative: both colours must be opaque whatever the palette,
 * and the built-in palette in use too. */
static gboolean
settings_opaque (const TsrSettings *s)
{
  return color_opaque (&s->color[TSR_P_COLOR1]) && color_opaque (&s->color[TSR_P_COLOR2])
         && ramp_stops_all (s, color_opaque);
}

/* What the output may rely on, from the map kind's row (map-kinds.c):
 * alpha (translucent colours; data such as the HDRP mask's smoothness),
 * grey (grey maps; colours from a ramp of grey stops, which interpolates
 * to grey), data (values, not colours). */
ImageContent
cli_settings_content (const TsrSettings *s)
{
  const TsrMapKind *kind = tsr_map_kind ((TsrMap) s->value[TSR_P_MAP]);
  ImageContent content = {
    .alpha = kind->alpha == TSR_ALPHA_DATA
             || (kind->alpha == TSR_ALPHA_OF_COLORS && !settings_opaque (s)),
    .data = kind->data,
    .grey = kind->grey || (kind->colors && ramp_stops_all (s, color_grey)),
  };

  return content;
}
