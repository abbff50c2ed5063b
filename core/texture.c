/* Settings, validation, and evaluation of a prepared texture. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "texture-internal.h"

G_DEFINE_QUARK (tsr-error-quark, tsr_error)

/* ---- settings ---------------------------------------------------------- */

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

static void
set_range_error (const TsrParamSpec *spec, const char *shown, GError **error)
{
  if (spec->type == TSR_TYPE_CHOICE)
    {
      GString *names = g_string_new (NULL);
      for (guint i = 0; i < spec->n_choices; i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "", spec->choices[i].name);
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: '%s' is not one of %s", spec->name, shown, names->str);
      g_string_free (names, TRUE);
    }
  else if (spec->type == TSR_TYPE_BOOL)
    g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                 "%s: '%s' is not true or false", spec->name, shown);
  else if (spec->type == TSR_TYPE_INT)
    g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                 "%s: %s is out of range (whole numbers %.0f .. %.0f)",
                 spec->name, shown, spec->min, spec->max);
  else
    g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                 "%s: %s is out of range (%g .. %g)",
                 spec->name, shown, spec->min, spec->max);
}

static gboolean
value_ok (const TsrParamSpec *spec, double v)
{
  if (!isfinite (v) || v < spec->min || v > spec->max)
    return FALSE;
  if (spec->type != TSR_TYPE_DOUBLE && v != floor (v))
    return FALSE;
  return TRUE;
}

gboolean
tsr_settings_set (TsrSettings *s, TsrParamId id, double value, GError **error)
{
  const TsrParamSpec *spec;

  g_return_val_if_fail ((guint) id < TSR_P_COUNT, FALSE);
  spec = &tsr_params[id];
  if (spec->type == TSR_TYPE_COLOR || !value_ok (spec, value))
    {
      char shown[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (shown, sizeof shown, "%.17g", value);
      set_range_error (spec, shown, error);
      return FALSE;
    }
  s->value[id] = value;
  return TRUE;
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
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                       "%s: '%s' is not a color (#rrggbb, #rrggbbaa, black or white)",
                       spec->name, text);
          return FALSE;
        }
      return TRUE;
    case TSR_TYPE_BOOL:
      if (!parse_bool (text, &v))
        return set_range_error (spec, text, error), FALSE;
      break;
    case TSR_TYPE_CHOICE:
      v = tsr_param_choice_index (spec, text);
      if (v < 0)
        return set_range_error (spec, text, error), FALSE;
      break;
    case TSR_TYPE_INT:
    case TSR_TYPE_DOUBLE:
    default:
      {
        errno = 0;
        v = is_decimal (text) ? g_ascii_strtod (text, NULL) : NAN;
        if (isnan (v) || errno == ERANGE)
          {
            g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                         "%s: '%s' is not a number", spec->name, text);
            return FALSE;
          }
        if (!value_ok (spec, v))
          return set_range_error (spec, text, error), FALSE;
      }
      break;
    }
  s->value[spec->id] = v;
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
      else if (!value_ok (spec, s->value[i]))
        {
          char *shown = tsr_settings_format (s, (TsrParamId) i);
          set_range_error (spec, shown, error);
          g_free (shown);
          return FALSE;
        }
    }
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

/* ---- textures ---------------------------------------------------------- */

void
tsr_texture_fractal_spec (const TsrTexture *tex, TsrFractalMode mode,
                          guint32 seed_salt, TsrFractalSpec *spec)
{
  const TsrSettings *s = &tex->s;
  double scale = s->value[TSR_P_SCALE];

  memset (spec, 0, sizeof *spec);
  spec->mode = mode;
  spec->basis = (TsrBasis) s->value[TSR_P_BASIS];
  tsr_noise2d_init (&spec->noise,
                    tsr_hash1 ((guint32) s->value[TSR_P_SEED], (gint32) seed_salt));
  spec->noise.interp = (TsrInterp) s->value[TSR_P_INTERPOLATION];
  spec->noise.smooth = s->value[TSR_P_SMOOTHING] != 0;
  spec->noise.cells_mode = (TsrCellsMode) s->value[TSR_P_CELLS_MODE];
  spec->noise.jitter = (float) s->value[TSR_P_JITTER];
  spec->octaves = (guint) s->value[TSR_P_OCTAVES];
  spec->persistence = s->value[TSR_P_PERSISTENCE];
  spec->lacunarity = s->value[TSR_P_LACUNARITY];
  spec->scale_x = spec->scale_y = scale;
  spec->period_w = tex->tileable ? tex->period_w : 0;
  spec->period_h = tex->tileable ? tex->period_h : 0;
}

static gboolean
check_size (const char *what, int v, GError **error)
{
  if (v < 1 || v > TSR_MAX_SIZE)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "%s: %d is out of range (1 .. %d)", what, v, TSR_MAX_SIZE);
      return FALSE;
    }
  return TRUE;
}

static void
build_lut (TsrTexture *tex, const TsrRamp *ramp)
{
  TsrRamp own;

  if (ramp == NULL)
    {
      TsrPalette p = (TsrPalette) tex->s.value[TSR_P_PALETTE];
      if (p == TSR_PALETTE_AUTO)
        p = tex->pattern->palette;
      if (p == TSR_PALETTE_COLORS || p == TSR_PALETTE_AUTO)
        tsr_ramp_two_colors (&own, &tex->s.color[TSR_P_COLOR1], &tex->s.color[TSR_P_COLOR2]);
      else
        tsr_ramp_palette (&own, p);
      ramp = &own;
    }
  if (tex->s.value[TSR_P_REVERSE] != 0)
    {
      if (ramp != &own)
        own = *ramp, ramp = &own;
      tsr_ramp_reverse (&own);
    }
  for (guint i = 0; i <= TSR_RAMP_LUT; i++)
    tsr_ramp_eval (ramp, (float) i / TSR_RAMP_LUT, tex->lut[i]);
}

TsrTexture *
tsr_texture_new (const TsrSettings *s, int width, int height,
                 const TsrRamp *ramp, GError **error)
{
  TsrTexture *tex;

  if (!check_size ("width", width, error) || !check_size ("height", height, error)
      || !tsr_settings_validate (s, error)
      || (ramp != NULL && !tsr_ramp_validate (ramp, error)))
    return NULL;

  tex = g_new0 (TsrTexture, 1);
  tex->s = *s;
  tex->pattern = &tsr_patterns[s->pattern];
  tex->width = width;
  tex->height = height;
  tex->tileable = s->value[TSR_P_TILEABLE] != 0;
  tex->period_w = s->value[TSR_P_PERIOD_W] > 0 ? (int) s->value[TSR_P_PERIOD_W] : width;
  tex->period_h = s->value[TSR_P_PERIOD_H] > 0 ? (int) s->value[TSR_P_PERIOD_H] : height;

  tex->warp_amount = s->value[TSR_P_DISTORTION] * s->value[TSR_P_SCALE];
  tex->warp = tex->warp_amount > 0.0;
  if (tex->warp)
    {
      TsrFractalSpec spec;
      tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 0xd157, &spec);
      spec.basis = TSR_BASIS_PERLIN;   /* a smooth field, whatever the pattern's basis */
      spec.octaves = 3;
      spec.persistence = 0.5;
      spec.lacunarity = 2.0;
      tsr_fractal_init (&tex->warp_x, &spec);
      spec.noise.seed = tsr_mix32 (spec.noise.seed ^ 0x2545f491u);
      tsr_fractal_init (&tex->warp_y, &spec);
    }

  if (tex->pattern->prepare)
    tex->pattern->prepare (tex);
  build_lut (tex, ramp);
  return tex;
}

void
tsr_texture_free (TsrTexture *tex)
{
  g_free (tex);
}

const TsrSettings *
tsr_texture_get_settings (const TsrTexture *tex)
{
  return &tex->s;
}

const TsrPattern *
tsr_texture_get_pattern (const TsrTexture *tex)
{
  return tex->pattern;
}

static void
eval_chunk (const TsrTexture *tex, int x0, int y, int n, float *out)
{
  double xs[TSR_CHUNK], ys[TSR_CHUNK];

  g_assert (n > 0 && n <= TSR_CHUNK);
  for (int i = 0; i < n; i++)
    {
      xs[i] = x0 + i + 0.5;
      ys[i] = y + 0.5;
    }
  if (tex->warp)
    {
      float dx[TSR_CHUNK], dy[TSR_CHUNK];
      tsr_fractal_row (&tex->warp_x, xs, ys, n, dx);
      tsr_fractal_row (&tex->warp_y, xs, ys, n, dy);
      for (int i = 0; i < n; i++)
        {
          xs[i] += tex->warp_amount * dx[i];
          ys[i] += tex->warp_amount * dy[i];
        }
    }
  tex->pattern->eval (tex, xs, ys, n, out);
  for (int i = 0; i < n; i++)   /* guard against rounding past the ends */
    out[i] = out[i] > 0.0f ? (out[i] < 1.0f ? out[i] : 1.0f) : 0.0f;
}

void
tsr_texture_eval_scalar_row (const TsrTexture *tex, int x0, int y, int n,
                             float *out)
{
  for (int done = 0; done < n; done += TSR_CHUNK)
    eval_chunk (tex, x0 + done, y, MIN (TSR_CHUNK, n - done), out + done);
}

void
tsr_texture_eval_rgba_row (const TsrTexture *tex, int x0, int y, int n,
                           float *rgba)
{
  float v[TSR_CHUNK];

  for (int done = 0; done < n; done += TSR_CHUNK)
    {
      int m = MIN (TSR_CHUNK, n - done);
      eval_chunk (tex, x0 + done, y, m, v);
      for (int i = 0; i < m; i++)
        {
          float t = v[i] * TSR_RAMP_LUT;
          int k = MIN ((int) t, TSR_RAMP_LUT - 1);
          float f = t - (float) k;
          const float *a = tex->lut[k], *b = tex->lut[k + 1];
          float *px = rgba + 4 * (gsize) (done + i);
          px[0] = a[0] + (b[0] - a[0]) * f;
          px[1] = a[1] + (b[1] - a[1]) * f;
          px[2] = a[2] + (b[2] - a[2]) * f;
          px[3] = a[3] + (b[3] - a[3]) * f;
        }
    }
}
