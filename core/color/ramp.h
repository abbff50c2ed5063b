/* Colour ramps: map a scalar in [0, 1] to non-linear sRGB RGBA. */
#ifndef TSR_RAMP_H
#define TSR_RAMP_H

#include <glib.h>
#include "color/palette-list.h"
#include "params/params.h"

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

/* The `palette` parameter's choices (palette-list.h).  TSR_PALETTE_AUTO
 * means "the pattern's own" (marble and wood have one, everything else
 * uses the two colours). */
#define TSR_PALETTE_ID_(ID, ...) TSR_PALETTE_##ID,
typedef enum
{
  TSR_PALETTES (TSR_PALETTE_ID_, TSR_PALETTE_ID_)
  TSR_PALETTE_COUNT
} TsrPalette;
#undef TSR_PALETTE_ID_

void     tsr_ramp_two_colors (TsrRamp *ramp, const TsrColor *c1, const TsrColor *c2);
/* A palette's stops; black to white for a choice without stops. */
void     tsr_ramp_palette    (TsrRamp *ramp, TsrPalette palette);
void     tsr_ramp_reverse    (TsrRamp *ramp);

/* Checks stop count, order and that every value is finite and in [0, 1]. */
gboolean tsr_ramp_validate   (const TsrRamp *ramp, GError **error);

/* Linear interpolation between stops; t is clamped to [0, 1]. */
void     tsr_ramp_eval       (const TsrRamp *ramp, float t, float rgba[4]);

G_END_DECLS

#endif
