/* Veined marble (marble style=veined): its prepared state, and its values
 * with their analytic gradient. */
#ifndef TSR_MARBLE_VEINED_H
#define TSR_MARBLE_VEINED_H

#include "patterns/marble/marble-fractures.h"
#include "patterns/marble/marble-lenses.h"
#include "texture/texture-internal.h"

typedef struct
{
  TsrFractal warp_x, warp_y;   /* many-octave fBm: the stone's flow */
  double     warp_pixels;
  /* the drift: fields live at (u, v) = (x + shear_x y, y + shear_y x),
   * one of the two shears 0 */
  double     shear_x, shear_y;
  TsrFractal body;             /* the cloudy stone, at the warped (x, y) */
  TsrFractal grain;            /* its grains, a pixel or two across, at (x, y) */
  TsrFractal crystal;          /* its crystals, several pixels across */
  TsrFractal specks;           /* its dark inclusions: where this peaks, at (x, y) */
  TsrFractal fade;             /* where the main veins show, where they fade out */
  TsrFractal swell;            /* how wide a vein is along its length */
  TsrFractal streaks;          /* soft stone's fibres, drawn out along the drift */
  float      streak_ink;                /* 0: none */
  TsrMarbleFractures net;      /* the veins */
  TsrMarbleLenses lenses;      /* crisp cracked stone's web of them */
  float      stone_base, stone_cloud;   /* the stone: base + cloud (0.5 + 0.5 body) */
  float      pale;                      /* still stone's pale bands, at most */
  float      grain_ink, crystal_ink;    /* the grains' and crystals' contrast */
  float      quiet;                     /* of them away from the veins */
  float      speck_ink;
  float      knot;                      /* how much the veins gather into knots */
  double     slow_grid;   /* columns per pixel the slow fields are taken at; 0: each point */
  int        grid_orders; /* the fractures' first orders whose noise the grid takes too */
  /* the band grid's rows per pixel (0: none; its columns slow_grid's),
   * and the orders it takes */
  double     slow_grid_y;
  int        band_orders;
} TsrMarbleVeined;

void tsr_marble_veined_prepare (const TsrTexture *tex, double veins, double sharpness,
                                double turbulence, TsrMarbleVeined *mv);

/* Values in [0, 1] at n <= TSR_CHUNK points; with gx and gy not NULL also
 * their gradient per pixel (the same values, bit for bit); with `bands`
 * the slow fields by the band grid (a texture evaluated in bands of rows,
 * as tsr_marble_veined_rows). */
void tsr_marble_veined_row (const TsrMarbleVeined *mv, gboolean bands, const double *x,
                            const double *y, gsize n, float *out, float *gx, float *gy);

/* tsr_marble_veined_row with bands (the same bits) at `rows` rows, row r
 * at (x[i], y[r]) into out (gx, gy) + r * stride. */
void tsr_marble_veined_rows (const TsrMarbleVeined *mv, const double *x, const double *y,
                             gsize rows, gsize n, float *out, float *gx, float *gy,
                             gsize stride);

#endif
