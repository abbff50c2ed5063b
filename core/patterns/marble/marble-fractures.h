/* Veined marble's fractures: a hierarchy of vein networks, each the
 * zero-set of one octave of noise, finer ones branching off coarser ones,
 * and the tone of the stone they bound. */
#ifndef TSR_MARBLE_FRACTURES_H
#define TSR_MARBLE_FRACTURES_H

#include "math/hash.h"
#include "noise/fractal.h"
#include "patterns/marble/marble-slope.h"

#define TSR_FRACTURE_ORDERS 4   /* main veins, their branches, twigs, veinlets */
#define TSR_FRACTURE_JOINTS 8   /* still stone's straight fractures, most */


typedef struct
{
  TsrFractal net[TSR_FRACTURE_ORDERS];   /* one octave each: order k's network */
  int        n;                          /* orders a pixel can show */
  float      slope[TSR_FRACTURE_ORDERS]; /* RMS |grad n| per unit of (u, v) */
  float      fp[TSR_FRACTURE_ORDERS];    /* a shown pixel, in units of distance */
  float      width[TSR_FRACTURE_ORDERS]; /* the vein's half-width */
  float      ink[TSR_FRACTURE_ORDERS];   /* > 0 darker, < 0 lighter (calcite) */
  float      blur[TSR_FRACTURE_ORDERS];  /* the soft vein around it: its reach */
  float      blur_ink[TSR_FRACTURE_ORDERS];
  float      reach[TSR_FRACTURE_ORDERS]; /* how far it branches from its parent */
  float      floor[TSR_FRACTURE_ORDERS]; /* how much shows away from its parent */
  float      clast[TSR_FRACTURE_ORDERS]; /* tone step across it */
  float      clast_soft;                 /* over this distance */
  float      swell_depth;
  float      swell_top;                  /* a vein at most this many times its width */
  float      main_floor;                 /* how much of a main vein shows where it fades */
  /* Still stone's joints: straight fractures across the slab, each a
   * family of lines phase = cu u + cv v + off in Z (whole numbers of
   * periods, so they tile), as order 0 when `joint_ink` > 0 */
  int        joints;
  float      cu[TSR_FRACTURE_JOINTS], cv[TSR_FRACTURE_JOINTS], off[TSR_FRACTURE_JOINTS];
  float      gnorm[TSR_FRACTURE_JOINTS];  /* |grad phase| per pixel */
  float      joint_weight[TSR_FRACTURE_JOINTS];  /* of joint_ink */
  float      joint_wide[TSR_FRACTURE_JOINTS];    /* of joint_width and joint_blur */
  float      joint_floor[TSR_FRACTURE_JOINTS];   /* how much shows where it fades */
  float      fade_sign[TSR_FRACTURE_JOINTS], fade_off[TSR_FRACTURE_JOINTS];
  float      joint_ink, joint_width, joint_wobble, joint_fp, joint_blur, joint_blur_ink;
  float      joint_clast;                 /* the clasts' tone, +- */
  float      strand_gap;                  /* pixels: a sister strand, this far off at most */
  float      strand_pale;                 /* 0 a dark strand .. 1 a pale seam */
  float      kink, kink_cap;              /* a joint's kinks: see joints_at */
  int        kink_net;                    /* at this order's zero-set */
  float      vary;                        /* how much a joint's width and ink vary along it */
  float      joint_near[TSR_FRACTURE_JOINTS];  /* pixels: further, a joint shows no ink */
} TsrMarbleFractures;

/* Orders whose networks are `size` (then size / step, ...) units of
 * (u, v) apart, from a fitted spec of the net (its octaves' sizes, tile
 * fit and seed set; one octave an order); `stretch` the warp's, `px_u`,
 * `px_v` a pixel's step in (u, v) along x and along y, `sharpness` the
 * veins' and `flowing` 0 (still stone) .. 1. */
void tsr_marble_fractures_prepare (TsrMarbleFractures *mf, const TsrFractalSpec *spec,
                                   double step, double main_size, double footprint,
                                   double stretch, const double px[2][2],
                                   const double calm[2], double sharpness, float flowing,
                                   float cracked, double veins);

/* The first n orders' noise at the points, worked out beforehand (its
 * slopes in (u, v) for a gradient): n 0, or up to TSR_FRACTURE_ORDERS. */
typedef struct
{
  int          n;
  const float *val[TSR_FRACTURE_ORDERS], *gu[TSR_FRACTURE_ORDERS], *gv[TSR_FRACTURE_ORDERS];
} TsrFractureNoise;

/* At n points (u, v): *veins[i] (0 none .. 1 all ink, its slope) and the
 * stone's tone offset tone[i], from the swell field (how wide veins are
 * along their length) and the fade field (where main veins show); the
 * orders' noise `given` taken as it is. */
void tsr_marble_fractures_row (const TsrMarbleFractures *mf, const double *u, const double *v,
                               gsize n, const TsrSlope *swell, const TsrSlope *fade,
                               const TsrFractureNoise *given, gboolean grad, TsrSlope *veins,
                               TsrSlope *tone);

#endif
