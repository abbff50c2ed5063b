/* Parameters as text, the one place that knows what each type looks like
 * written down: parsing KEY=VALUE, formatting values, range errors. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "params/param-text.h"

gboolean
tsr_param_value_ok (const TsrParamSpec *spec, double v)
{
  if (!isfinite (v) || v < spec->min || v > spec->max)
    return FALSE;
  if (spec->type != TSR_TYPE_DOUBLE && v != floor (v))
    return FALSE;
  return TRUE;
}

void
tsr_param_set_range_error (const TsrParamSpec *spec, const char *shown, GError **error)
{
  char *range = tsr_param_range_text (spec);

  switch (spec->type)
    {
    case TSR_TYPE_CHOICE:
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: '%s' is not one of %s", spec->name, shown, range);
      break;
    case TSR_TYPE_BOOL:
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: '%s' is not true or false", spec->name, shown);
      break;
    case TSR_TYPE_INT:
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: %s is out of range (whole numbers %.0f .. %.0f)",
                   spec->name, shown, spec->min, spec->max);
      break;
    case TSR_TYPE_COLOR:
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: '%s' is not a color (#rrggbb, #rrggbbaa, black or white)",
                   spec->name, shown);
      break;
    case TSR_TYPE_DOUBLE:
    default:
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: %s is out of range (%g .. %g)",
                   spec->name, shown, spec->min, spec->max);
      break;
    }
  g_free (range);
}

/* Plain decimal notation only: [+-]digits[.digits][e[+-]digits].  strtod
 * alone would also take hex, "nan", "inf" and leading spaces. */
static gboolean
is_decimal (const char *t)
{
  gboolean digits = FALSE;
  if (*t == '+' || *t == '-')
    t++;
  for (; g_ascii_isdigit (*t); t++)
    digits = TRUE;
  if (*t == '.')
    for (t++; g_ascii_isdigit (*t); t++)
      digits = TRUE;
  if (!digits)
    return FALSE;
  if (*t == 'e' || *t == 'E')
    {
      t++;
      if (*t == '+' || *t == '-')
        t++;
      if (!g_ascii_isdigit (*t))
        return FALSE;
      while (g_ascii_isdigit (*t))
        t++;
    }
  return *t == '\0';
}

/* The nearest double, as strtod rounds it: a number below the normal
 * doubles (1e-320) is a subnormal one, one too large (1e999) is infinite,
 * which the range check refuses.  One that would round to 0 (1e-400) is
 * refused: 0 often means "automatic", not "very small". */
static gboolean
parse_number (const TsrParamSpec *spec, const char *text, double *v, GError **error)
{
  errno = 0;
  *v = is_decimal (text) ? g_ascii_strtod (text, NULL) : NAN;
  if (isnan (*v))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: '%s' is not a number", spec->name, text);
      return FALSE;
    }
  if (*v == 0 && errno == ERANGE)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: %s is too close to 0 for a double (it would be 0)", spec->name, text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_bool (const char *text, double *out)
{
  static const char *const yes[] = { "true", "yes", "on", "1" };
  static const char *const no[] = { "false", "no", "off", "0" };
  for (guint i = 0; i < G_N_ELEMENTS (yes); i++)
    {
      if (g_ascii_strcasecmp (text, yes[i]) == 0)
        return *out = 1, TRUE;
      if (g_ascii_strcasecmp (text, no[i]) == 0)
        return *out = 0, TRUE;
    }
  return FALSE;
}

static gboolean
parse_color (const char *text, TsrColor *c)
{
  guint v[4] = { 0, 0, 0, 255 };
  size_t len = strlen (text);

  if (g_ascii_strcasecmp (text, "black") == 0)
    text = "#000000", len = 7;
  else if (g_ascii_strcasecmp (text, "white") == 0)
    text = "#ffffff", len = 7;
  if (text[0] != '#' || (len != 7 && len != 9))
    return FALSE;
  for (size_t i = 1; i < len; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;
  for (guint i = 0; i < (len - 1) / 2; i++)
    v[i] = g_ascii_xdigit_value (text[1 + 2 * i]) * 16
           + g_ascii_xdigit_value (text[2 + 2 * i]);
  c->r = v[0] / 255.0f, c->g = v[1] / 255.0f, c->b = v[2] / 255.0f, c->a = v[3] / 255.0f;
  return TRUE;
}

gboolean
tsr_settings_parse (TsrSettings *s, const char *key, const char *text,
                    GError **error)
{
  const TsrParamSpec *spec = tsr_param_lookup (key);
  double v;

  if (spec == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_PARAMETER,
                   "unknown parameter '%s'", key);
      return FALSE;
    }
  switch (spec->type)
    {
    case TSR_TYPE_COLOR:
      if (!parse_color (text, &s->color[spec->id]))
        return tsr_param_set_range_error (spec, text, error), FALSE;
      return TRUE;
    case TSR_TYPE_BOOL:
      if (!parse_bool (text, &v))
        return tsr_param_set_range_error (spec, text, error), FALSE;
      break;
    case TSR_TYPE_CHOICE:
      v = tsr_param_choice_index (spec, text);
      if (v < 0)
        return tsr_param_set_range_error (spec, text, error), FALSE;
      break;
    case TSR_TYPE_INT:
    case TSR_TYPE_DOUBLE:
    default:
      if (!parse_number (spec, text, &v, error))
        return FALSE;
      if (!tsr_param_value_ok (spec, v))
        return tsr_param_set_range_error (spec, text, error), FALSE;
      break;
    }
  s->value[spec->id] = v;
  return TRUE;
}

char *
tsr_settings_format (const TsrSettings *s, TsrParamId id)
{
  const TsrParamSpec *spec = &tsr_params[id];
  double v = s->value[id];
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  switch (spec->type)
    {
    case TSR_TYPE_BOOL:
      return g_strdup (v != 0 ? "true" : "false");
    case TSR_TYPE_CHOICE:
      if (v >= 0 && v < spec->n_choices && v == floor (v))
        return g_strdup (spec->choices[(guint) v].name);
      break;
    case TSR_TYPE_COLOR:
      {
        const TsrColor *c = &s->color[id];
        return g_strdup_printf ("#%02x%02x%02x%02x",
                                (guint) lrintf (CLAMP (c->r, 0, 1) * 255),
                                (guint) lrintf (CLAMP (c->g, 0, 1) * 255),
                                (guint) lrintf (CLAMP (c->b, 0, 1) * 255),
                                (guint) lrintf (CLAMP (c->a, 0, 1) * 255));
      }
    case TSR_TYPE_INT:
    case TSR_TYPE_DOUBLE:
    default:
      break;
    }
  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.10g", v));
}
