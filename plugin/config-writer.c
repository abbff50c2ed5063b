/* TsrSettings into a GimpProcedureConfig: see config-writer.h. */
#include "config.h"

#include "tessera.h"
#include "config-writer.h"
#include "procedure-args.h"

GeglColor *
tsr_config_color_new (const TsrColor *c)
{
  const float rgba[4] = { c->r, c->g, c->b, c->a };
  GeglColor  *color = gegl_color_new (NULL);

  /* The core's colours are non-linear sRGB. */
  gegl_color_set_pixel (color, babl_format ("R'G'B'A float"), rgba);
  return color;
}

static void
write_param (GObject *config, const TsrParamSpec *spec, const TsrSettings *s)
{
  const double v = s->value[spec->id];

  switch (spec->type)
    {
    case TSR_TYPE_INT:
      g_object_set (config, spec->name, (gint) v, NULL);
      break;
    case TSR_TYPE_BOOL:
      g_object_set (config, spec->name, (gboolean) (v != 0), NULL);
      break;
    case TSR_TYPE_CHOICE:
      /* Choice arguments hold the choice's name (the GimpChoice nick). */
      g_object_set (config, spec->name, spec->choices[(guint) v].name, NULL);
      break;
    case TSR_TYPE_COLOR:
      {
        GeglColor *color = tsr_config_color_new (&s->color[spec->id]);
        g_object_set (config, spec->name, color, NULL);
        g_object_unref (color);
      }
      break;
    case TSR_TYPE_DOUBLE:
    default:
      g_object_set (config, spec->name, v, NULL);
      break;
    }
}

void
tsr_config_write_settings (GimpProcedureConfig *config,
                           const TsrSettings   *s,
                           const char          *gradient)
{
  GObject *object = G_OBJECT (config);

  g_object_freeze_notify (object);
  g_object_set (object, TSR_ARG_PATTERN, tsr_patterns[s->pattern].name, NULL);
  for (guint i = 0; i < TSR_P_COUNT; i++)
    write_param (object, &tsr_params[i], s);
  g_object_set (object, TSR_ARG_GRADIENT, gradient != NULL ? gradient : "", NULL);
  g_object_thaw_notify (object);
}
