/* Colour ramps: map a scalar in [0, 1] to non-linear sRGB RGBA. */
#ifndef TSR_RAMP_H
#define TSR_RAMP_H

#include <glib.h>
#include "params.h"

G_BEGIN_DECLS

#define TSR_RAMP_MAX_STOPS 256

typedef struct
{
  float    pos;      /* 0..1, non-decreasing along the ramp */
  TsrColor color;
} TsrStop;

typedef struct
{
  guint   n_stops;   /* 1..TSR_RAMP_MAX_STOPS */
  TsrStop stops[TSR_RAMP_MAX_STOPS];
} TsrRamp;

/* Built-in palettes, in the order of the `palette` parameter's choices.
 * TSR_PALETTE_AUTO means "the pattern's own" (marble and wood have one,
 * everything else uses the two colours). */
typedef enum
{
  TSR_PALETTE_AUTO,
  TSR_PALETTE_COLORS,
  TSR_PALETTE_MARBLE,
  TSR_PALETTE_WOOD,
  TSR_PALETTE_SKY,
  TSR_PALETTE_FIRE,
  TSR_PALETTE_WATER,
  TSR_PALETTE_OAK,
  TSR_PALETTE_WALNUT,
  TSR_PALETTE_PINE,
  TSR_PALETTE_CHERRY,
  TSR_PALETTE_CARRARA,
  TSR_PALETTE_CALACATTA,
  TSR_PALETTE_NERO_MARQUINA,
  TSR_PALETTE_VERDE,
  TSR_PALETTE_ROSA_PORTOGALLO,
  TSR_PALETTE_COUNT
} TsrPalette;

void     tsr_ramp_two_colors (TsrRamp *ramp, const TsrColor *c1, const TsrColor *c2);
void     tsr_ramp_palette    (TsrRamp *ramp, TsrPalette palette);
void     tsr_ramp_reverse    (TsrRamp *ramp);

/* Checks stop count, order and that every value is finite and in [0, 1]. */
gboolean tsr_ramp_validate   (const TsrRamp *ramp, GError **error);

/* Linear interpolation between stops; t is clamped to [0, 1]. */
void     tsr_ramp_eval       (const TsrRamp *ramp, float t, float rgba[4]);

G_END_DECLS

#endif
