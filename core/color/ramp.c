/* Colour ramps and the built-in palettes. */
#include <math.h>

#include "color/ramp.h"
#include "texture/texture.h"

typedef struct
{
  float pos;
  guint32 rgb;   /* 0xRRGGBB, opaque */
} PaletteStop;

#define NO_STOPS(ID, name, label)
#define STOPS(ID, name, label, ...) static const PaletteStop stops_##ID[] = { __VA_ARGS__ };
TSR_PALETTES (NO_STOPS, STOPS)

#define PALETTE_ROW(ID, name, label, ...) \
  [TSR_PALETTE_##ID] = { stops_##ID, G_N_ELEMENTS (stops_##ID) },
static const struct
{
  const PaletteStop *stops;
  guint              n;
} palettes[TSR_PALETTE_COUNT] = { TSR_PALETTES (NO_STOPS, PALETTE_ROW) };

static void
set_stops (TsrRamp *ramp, const PaletteStop *stops, guint n)
{
  ramp->n_stops = n;
  for (guint i = 0; i < n; i++)
    {
      ramp->stops[i].pos = stops[i].pos;
      ramp->stops[i].color.r = ((stops[i].rgb >> 16) & 0xff) / 255.0f;
      ramp->stops[i].color.g = ((stops[i].rgb >> 8) & 0xff) / 255.0f;
      ramp->stops[i].color.b = (stops[i].rgb & 0xff) / 255.0f;
      ramp->stops[i].color.a = 1.0f;
    }
}

void
tsr_ramp_two_colors (TsrRamp *ramp, const TsrColor *c1, const TsrColor *c2)
{
  ramp->n_stops = 2;
  ramp->stops[0].pos = 0.0f;
  ramp->stops[0].color = *c1;
  ramp->stops[1].pos = 1.0f;
  ramp->stops[1].color = *c2;
}

void
tsr_ramp_palette (TsrRamp *ramp, TsrPalette palette)
{
  static const TsrColor black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 };

  if ((guint) palette < TSR_PALETTE_COUNT && palettes[palette].n > 0)
    set_stops (ramp, palettes[palette].stops, palettes[palette].n);
  else
    tsr_ramp_two_colors (ramp, &black, &white);
}

void
tsr_ramp_reverse (TsrRamp *ramp)
{
  for (guint i = 0, j = ramp->n_stops - 1; i < j; i++, j--)
    {
      TsrStop t = ramp->stops[i];
      ramp->stops[i] = ramp->stops[j];
      ramp->stops[j] = t;
    }
  for (guint i = 0; i < ramp->n_stops; i++)
    ramp->stops[i].pos = 1.0f - ramp->stops[i].pos;
}

static gboolean
unit_ok (float v)
{
  return isfinite (v) && v >= 0.0f && v <= 1.0f;
}

gboolean
tsr_ramp_validate (const TsrRamp *ramp, GError **error)
{
  if (ramp->n_stops < 1 || ramp->n_stops > TSR_RAMP_MAX_STOPS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "color ramp: %u stops (allowed 1 .. %d)",
                   ramp->n_stops, TSR_RAMP_MAX_STOPS);
      return FALSE;
    }
  for (guint i = 0; i < ramp->n_stops; i++)
    {
      const TsrStop *s = &ramp->stops[i];
      if (!unit_ok (s->pos) || !unit_ok (s->color.r) || !unit_ok (s->color.g)
          || !unit_ok (s->color.b) || !unit_ok (s->color.a))
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                       "color ramp: stop %u has a position or channel outside 0 .. 1", i);
          return FALSE;
        }
      if (i > 0 && s->pos < ramp->stops[i - 1].pos)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                       "color ramp: stop %u comes before stop %u", i, i - 1);
          return FALSE;
        }
    }
  return TRUE;
}

void
tsr_ramp_eval (const TsrRamp *ramp, float t, float rgba[4])
{
  const TsrStop *s = ramp->stops;
  guint n = ramp->n_stops;
  guint i = 0;

  t = t > 0.0f ? (t < 1.0f ? t : 1.0f) : 0.0f;   /* also maps NaN to 0 */
  while (i < n && s[i].pos < t)
    i++;
  if (i == 0 || i == n)
    {
      const TsrColor *c = &s[i == 0 ? 0 : n - 1].color;
      rgba[0] = c->r, rgba[1] = c->g, rgba[2] = c->b, rgba[3] = c->a;
      return;
    }
  {
    const TsrColor *a = &s[i - 1].color, *b = &s[i].color;
    float span = s[i].pos - s[i - 1].pos;
    float f = span > 0.0f ? (t - s[i - 1].pos) / span : 1.0f;
    rgba[0] = a->r + (b->r - a->r) * f;
    rgba[1] = a->g + (b->g - a->g) * f;
    rgba[2] = a->b + (b->b - a->b) * f;
    rgba[3] = a->a + (b->a - a->a) * f;
  }
}
