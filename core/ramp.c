/* Colour ramps and the built-in palettes. */
#include <math.h>

#include "ramp.h"
#include "texture.h"

typedef struct
{
  float pos;
  guint32 rgb;   /* 0xRRGGBB, opaque */
} PaletteStop;

/* Perlin 1985's marble: white stone, grey-green veins. */
static const PaletteStop marble_stops[] = {
  { 0.00f, 0x3b4540 }, { 0.10f, 0x6f7a72 }, { 0.30f, 0xb9bdb5 },
  { 0.60f, 0xe4e2da }, { 1.00f, 0xf8f6f0 },
};

/* Dark latewood to pale earlywood. */
static const PaletteStop wood_stops[] = {
  { 0.00f, 0x5a3413 }, { 0.25f, 0x7d4a1e }, { 0.60f, 0xb07a3f },
  { 0.85f, 0xcf9a5c }, { 1.00f, 0xdcab6d },
};

/* Woods by species, latewood (0) to earlywood (1), after photographs of
 * oiled planks. */
static const PaletteStop oak_stops[] = {
  { 0.00f, 0x4e3119 }, { 0.25f, 0x7a5230 }, { 0.55f, 0xae7f4d },
  { 0.80f, 0xcda06b }, { 1.00f, 0xdfbb86 },
};

static const PaletteStop walnut_stops[] = {
  { 0.00f, 0x24160d }, { 0.30f, 0x452c1c }, { 0.60f, 0x664630 },
  { 0.85f, 0x84603f }, { 1.00f, 0x967150 },
};

static const PaletteStop pine_stops[] = {
  { 0.00f, 0x8a5526 }, { 0.30f, 0xb98448 }, { 0.60f, 0xdcb27a },
  { 0.85f, 0xecd0a0 }, { 1.00f, 0xf3ddb4 },
};

static const PaletteStop cherry_stops[] = {
  { 0.00f, 0x4f2214 }, { 0.30f, 0x7a3a22 }, { 0.60f, 0xa45a36 },
  { 0.85f, 0xbd7448 }, { 1.00f, 0xc98556 },
};

/* Stones, vein (0) to body (1). */
static const PaletteStop carrara_stops[] = {
  { 0.00f, 0x696c70 }, { 0.30f, 0x9a9da0 }, { 0.60f, 0xcbcdce },
  { 0.82f, 0xe6e7e6 }, { 1.00f, 0xf6f6f4 },
};

static const PaletteStop calacatta_stops[] = {
  { 0.00f, 0x4f4a44 }, { 0.15f, 0x7d756a }, { 0.35f, 0xbfb299 },
  { 0.62f, 0xeeeae0 }, { 1.00f, 0xfbfaf6 },
};

/* Black stone with white veins. */
static const PaletteStop nero_marquina_stops[] = {
  { 0.00f, 0xf2f0ec }, { 0.12f, 0xb8b6b2 }, { 0.35f, 0x3a3a3c },
  { 0.70f, 0x1c1c1e }, { 1.00f, 0x111113 },
};

/* Dark green serpentine with pale veins. */
static const PaletteStop verde_stops[] = {
  { 0.00f, 0xdfe8df }, { 0.12f, 0x8fb09a }, { 0.35f, 0x2f5a45 },
  { 0.70f, 0x1d3d2e }, { 1.00f, 0x27503b },
};

/* Pale pink stone with dark red cracks (GIMP's pink_marble). */
static const PaletteStop rosa_portogallo_stops[] = {
  { 0.00f, 0x8a3833 }, { 0.20f, 0xb06a60 }, { 0.45f, 0xd9b3a8 },
  { 0.72f, 0xecd9d1 }, { 1.00f, 0xf6ebe6 },
};

static const PaletteStop sky_stops[] = {
  { 0.00f, 0x2a5ca8 }, { 0.45f, 0x6f9fd8 }, { 0.75f, 0xdfe9f5 },
  { 1.00f, 0xffffff },
};

static const PaletteStop fire_stops[] = {
  { 0.00f, 0x000000 }, { 0.35f, 0x8a1200 }, { 0.60f, 0xe85d00 },
  { 0.85f, 0xffc21a }, { 1.00f, 0xfffbe0 },
};

/* Deep water in the troughs to sunlit foam on the crests. */
static const PaletteStop water_stops[] = {
  { 0.00f, 0x06264a }, { 0.35f, 0x0d4f7c }, { 0.65f, 0x2f8fb0 },
  { 0.88f, 0x9fd6e0 }, { 1.00f, 0xeefaff },
};

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

  switch (palette)
    {
    case TSR_PALETTE_MARBLE:
      set_stops (ramp, marble_stops, G_N_ELEMENTS (marble_stops));
      break;
    case TSR_PALETTE_WOOD:
      set_stops (ramp, wood_stops, G_N_ELEMENTS (wood_stops));
      break;
    case TSR_PALETTE_SKY:
      set_stops (ramp, sky_stops, G_N_ELEMENTS (sky_stops));
      break;
    case TSR_PALETTE_FIRE:
      set_stops (ramp, fire_stops, G_N_ELEMENTS (fire_stops));
      break;
    case TSR_PALETTE_WATER:
      set_stops (ramp, water_stops, G_N_ELEMENTS (water_stops));
      break;
#define SPECIES(ID, stops)                                   \
    case TSR_PALETTE_##ID:                                   \
      set_stops (ramp, stops, G_N_ELEMENTS (stops));         \
      break;
    SPECIES (OAK, oak_stops)
    SPECIES (WALNUT, walnut_stops)
    SPECIES (PINE, pine_stops)
    SPECIES (CHERRY, cherry_stops)
    SPECIES (CARRARA, carrara_stops)
    SPECIES (CALACATTA, calacatta_stops)
    SPECIES (NERO_MARQUINA, nero_marquina_stops)
    SPECIES (VERDE, verde_stops)
    SPECIES (ROSA_PORTOGALLO, rosa_portogallo_stops)
#undef SPECIES
    case TSR_PALETTE_AUTO:
    case TSR_PALETTE_COLORS:
    case TSR_PALETTE_COUNT:
    default:
      tsr_ramp_two_colors (ramp, &black, &white);
      break;
    }
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
