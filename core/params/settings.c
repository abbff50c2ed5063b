/* Settings: plain data, one value a parameter, and their checks. */
#include <math.h>
#include <string.h>

#include "params/param-text.h"
#include "params/param-values.h"
#include "texture/texture.h"

G_DEFINE_QUARK (tsr-error-quark, tsr_error)

gboolean
tsr_settings_init (TsrSettings *s, const char *pattern, GError **error)
{
  int index = tsr_pattern_index (pattern ? pattern : "clouds");

  memset (s, 0, sizeof *s);
  if (index < 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_PATTERN,
                   "unknown pattern '%s'", pattern);
      return FALSE;
    }
  s->pattern = (guint) index;
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      s->value[i] = tsr_params[i].def;
      if (tsr_params[i].type == TSR_TYPE_COLOR)
        s->color[i] = tsr_params[i].def_color;
    }
  return TRUE;
}

gboolean
tsr_settings_set (TsrSettings *s, TsrParamId id, double value, GError **error)
{
  const TsrParamSpec *spec;

  g_return_val_if_fail ((guint) id < TSR_P_COUNT, FALSE);
  spec = &tsr_params[id];
  if (spec->type == TSR_TYPE_COLOR || !tsr_param_value_ok (spec, value))
    {
      char shown[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (shown, sizeof shown, "%.17g", value);
      tsr_param_set_range_error (spec, shown, error);
      return FALSE;
    }
  s->value[id] = value;
  return TRUE;
}

gboolean
tsr_settings_validate (const TsrSettings *s, GError **error)
{
  if (s->pattern >= tsr_n_patterns)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_PATTERN,
                   "pattern: index %u is not a pattern", s->pattern);
      return FALSE;
    }
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      const TsrParamSpec *spec = &tsr_params[i];
      if (spec->type == TSR_TYPE_COLOR)
        {
          const TsrColor *c = &s->color[i];
          const float ch[4] = { c->r, c->g, c->b, c->a };
          for (guint k = 0; k < 4; k++)
            if (!isfinite (ch[k]) || ch[k] < 0.0f || ch[k] > 1.0f)
              {
                g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                             "%s: color channels must be in 0 .. 1", spec->name);
                return FALSE;
              }
        }
      else if (!tsr_param_value_ok (spec, s->value[i]))
        {
          char *shown = tsr_settings_format (s, (TsrParamId) i);
          tsr_param_set_range_error (spec, shown, error);
          g_free (shown);
          return FALSE;
        }
    }
  if (s->value[TSR_P_RISE] != 0 && !s->value[TSR_P_TILEABLE])
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: moving the texture needs tiling (%s=true), so that it is back "
                   "where it started after one loop", tsr_params[TSR_P_RISE].name,
                   tsr_params[TSR_P_TILEABLE].name);
      return FALSE;
    }
  return TRUE;
}

TsrSettings
tsr_settings_frame (const TsrSettings *s, int frame, int n_frames)
{
  TsrSettings f = *s;
  double      t = s->value[TSR_P_TIME] + (double) frame / n_frames;

  f.value[TSR_P_TIME] = t - floor (t);
  return f;
}

void
tsr_settings_ramp (const TsrSettings *s, const TsrRamp *override, TsrRamp *ramp)
{
  TsrColorParams c;

  tsr_color_params (s, &c);
  if (override != NULL)
    *ramp = *override;
  else
    {
      const TsrPattern *pattern = tsr_patterns[s->pattern];
      TsrPalette p = tsr_pattern_palette (pattern, (TsrPalette) c.palette);

      if (c.palette == TSR_PALETTE_AUTO && pattern->style_palette != NULL)
        p = pattern->style_palette (s->value);
      if (p == TSR_PALETTE_COLORS || p == TSR_PALETTE_AUTO)
        tsr_ramp_two_colors (ramp, &c.color1, &c.color2);
      else
        tsr_ramp_palette (ramp, p);
    }
  if (c.reverse)
    tsr_ramp_reverse (ramp);
}
