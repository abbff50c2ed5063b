/* Veined marble (marble style=veined): its prepared state, and its values
 * with their analytic gradient. */
#ifndef TSR_MARBLE_VEINED_H
#define TSR_MARBLE_VEINED_H

#include "texture/texture-internal.h"

#define TSR_VEIN_LAYERS 2   /* still stone's finer cracks */
#define TSR_FLOW_VEINS 5   /* families of banded veins */
#define TSR_FOLD_FIELDS 3  /* the fBm fields that fold them */

typedef struct
{
  TsrFractal warp_x, warp_y;   /* many-octave fBm: the stone's flow */
  double     warp_pixels;
  /* the drift: fields live at (u, v) = (x + shear_x y, y + shear_y x),
   * one of the two shears 0 */
  double     shear_x, shear_y;
  TsrFractal body;             /* the cloudy stone, streaked along the drift */
  TsrFractal grain;            /* its crystals, a pixel or two across, at (x, y) */
  TsrFractal fade;             /* where veins show, where they fade out */
  TsrFractal swell;            /* how wide a vein is along its length */
  TsrFractal cracks[TSR_VEIN_LAYERS];   /* one octave of cells F2 - F1 each */
  float      width[TSR_VEIN_LAYERS];    /* half-width, in units of F2 - F1 */
  float      footprint[TSR_VEIN_LAYERS];/* a pixel, in the same units */
  float      ink[TSR_VEIN_LAYERS];
  float      halo_ink;                  /* the stain around a vein */
  float      fade_from[TSR_VEIN_LAYERS], fade_to[TSR_VEIN_LAYERS]; /* where each shows */
  float      stone_base, stone_cloud;   /* the stone: base + cloud (0.5 + 0.5 body) */
  float      pale;                      /* still stone's pale bands, at most */
  float      grain_ink;                 /* the crystals' contrast */
  float      swell_depth;               /* how much a vein's width varies */
  int        n_layers;                  /* those a pixel can show */
  /* families of banded veins: d = |sin (pi (ku u + kv v + amp fBm))|,
   * bands folded by a many-octave fBm; flowing stone's along the drift
   * (main veins, then finer ones), still stone's cracks in three
   * directions, folded by one field */
  TsrFractal fold[TSR_FOLD_FIELDS];
  int        flow_field[TSR_FLOW_VEINS];    /* which fold field, in order */
  double     flow_ku[TSR_FLOW_VEINS], flow_kv[TSR_FLOW_VEINS]; /* half-bands per unit */
  float      flow_amp[TSR_FLOW_VEINS];
  float      flow_width[TSR_FLOW_VEINS];    /* half-width, in units of d */
  float      flow_footprint[TSR_FLOW_VEINS];/* a pixel, in units of d */
  float      flow_ink[TSR_FLOW_VEINS];
  float      flow_fade_from[TSR_FLOW_VEINS], flow_fade_to[TSR_FLOW_VEINS];
  float      flow_halo[TSR_FLOW_VEINS];     /* the stain's reach, in vein widths */
  int        n_flow;
} TsrMarbleVeined;

void tsr_marble_veined_prepare (const TsrTexture *tex, double veins, double sharpness,
                                double turbulence, TsrMarbleVeined *mv);

/* Values in [0, 1] at n <= TSR_CHUNK points; with gx and gy not NULL also
 * their gradient per pixel (the same values, bit for bit). */
void tsr_marble_veined_row (const TsrMarbleVeined *mv, const double *x, const double *y,
                            gsize n, float *out, float *gx, float *gy);

#endif
