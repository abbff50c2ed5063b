/* The pieces' profile, VN / 2 points at a time (pieces-profile.h).
 *
 * The mortar is grit around a low level; a piece rises from it over its
 * bevel,
 *   v = mortar + (T - mortar) P (e / bevel),   P (t) = t (2 - t), 1 past t = 1,
 * where e is the depth inside the piece (rounded corners, pixels) less
 * the edge wear's noise, and T the face's height: per piece a random lift
 * and tilt, plus `face-relief` of its face (grit and a mottle when plain,
 * else the piece's part of a wood or marble face).  The colour values
 * (TsrProfile.color) are the mortar's, and on a piece its tone over its
 * face, flat up to the edge: a darker piece is not a lower one.  The
 * gradient follows each part by the chain rule.  Every branch of the
 * formula is a select here. */
#include "noise-kernels.h"
#include "pieces-profile.h"
#include "vec.h"

/* sqrt (1 / 2) */
#define SQRT_HALF 0.70710678118654752440

/* Doubles a vector. */
#define NH (VN / 2)

TSR_VINLINE VD
sel (VL m, VD a, VD b)
{
  return v_seld (m, a, b);
}

/* Depth in the rounded box at lanes i.., and its gradient: the distance
 * to the nearest side, or round a corner within the corner radius. */
TSR_VINLINE void
box_depth_lanes (const TsrPieceRow *pr, gsize i, VD lx, VD ly, VD *depth, VD *ddx, VD *ddy)
{
  const VD r = v_loadd (pr->radius + i);
  const VD sx = sel (lx < 0, v_splatd (-1.0), v_splatd (1.0));
  const VD sy = sel (ly < 0, v_splatd (-1.0), v_splatd (1.0));
  const VD qx = v_absd (lx) - v_loadd (pr->inner_x + i);
  const VD qy = v_absd (ly) - v_loadd (pr->inner_y + i);
  const VL corner = (qx > 0) & (qy > 0), along_x = qx > qy;
  const VD d = v_sqrtd (qx * qx + qy * qy);
  const VD zero = v_splatd (0.0);

  *depth = sel (corner, r - d, sel (along_x, r - qx, r - qy));
  *ddx = sel (corner, -sx * qx / d, sel (along_x, -sx, zero));
  *ddy = sel (corner, -sy * qy / d, sel (along_x, zero, -sy));
}

static void
box_depth_row (const TsrPieceRow *pr, const double *x, const double *y, gsize n,
               double *depth, double *ddx, double *ddy)
{
  for (gsize i = 0; i < n; i += NH)
    {
      VD d, dx, dy;

      box_depth_lanes (pr, i, v_loadd (x + i) - v_loadd (pr->cx + i),
                       v_loadd (y + i) - v_loadd (pr->cy + i), &d, &dx, &dy);
      memcpy (depth + i, &d, sizeof d);
      memcpy (ddx + i, &dx, sizeof dx);
      memcpy (ddy + i, &dy, sizeof dy);
    }
}

/* 0 to 1 as s goes from 0 to 1 (clamped), and its slope. */
TSR_VINLINE VD
ramp01 (VD s, VD *slope, double k)
{
  const VL in = (s > 0.0) & (s < 1.0);

  *slope = v_seld (in, v_splatd (k), v_splatd (0.0));
  return v_mind (v_maxd (s, v_splatd (0.0)), v_splatd (1.0));
}

/* The look of a plain face (pieces-profile.h): sand and a mottle as large
 * as the chips, lighter patches where the mottle is high, and small dark
 * pits where the grit's noise is lowest. */
#define FACE_SAND    0.16   /* grit's noise */
#define FACE_MOTTLE  0.3    /* the wear's noise, everywhere */
#define FACE_PATCH   0.25   /* more where it is over PATCH_FROM */
#define PATCH_FROM   0.2
#define PIT_FROM     (-0.6) /* grit's noise below this is a pit ... */
#define PIT_K        4.0    /* ... fully one this much lower (1 / PIT_K) */
#define PIT_DEPTH    0.35   /* in the colour; a third of that in the height */
#define FACE_GRAIN   0.24   /* the pixel's own grain, in the colour */
#define SPECK_FROM   0.97   /* pale specks of lime or sand where the grain passes this */
#define SPECK        0.4
/* Colour darker over the bevel (it turns from the light) and in a rim
 * inside the edges; a chip shows broken clay, darker. */
#define BEVEL_SHADE  0.16
#define RIM_SHADE    0.07
#define CHIP_SHADE   0.12
/* The mortar's colour (its part of the ramp, as a fraction): sand and
 * grain, shaded towards the pieces. */
#define MORTAR_BASE  0.72
#define MORTAR_SAND  0.22
#define MORTAR_GRAIN 0.18
#define MORTAR_SHADE 0.5

/* A face's slopes: a plain one's from the grit's and the wear's noise
 * (k_grit and k_wear its slopes along them), else the face pattern's. */
TSR_VINLINE void
face_slopes (const TsrProfileRow *row, gsize i, gboolean plain, VD k_grit, VD k_wear,
             VD grit_x, VD grit_y, VD wear_x, VD wear_y, VD *df_x, VD *df_y)
{
  if (plain)
    {
      *df_x = k_grit * grit_x + k_wear * wear_x;
      *df_y = k_grit * grit_y + k_wear * wear_y;
    }
  else
    {
      *df_x = v_loadf_d (row->face_x + i);
      *df_y = v_loadf_d (row->face_y + i);
    }
}

/* One vector of the profile; grad, plain, boxed and color are constants at
 * every call, so each combination compiles to its own loop. */
TSR_VINLINE void
profile_lanes (const TsrProfile *pf, const TsrProfileRow *row, gsize i, gboolean grad,
               gboolean plain, gboolean boxed, gboolean color, float *out, float *gx,
               float *gy)
{
  const double M = TSR_MORTAR_TOP, g = pf->grit;
  const double pits = 0.3 * g, d_mortar = -TSR_MORTAR_TOP * 0.3 * g;
  const double grit_face = FACE_SAND * g, mottle = FACE_MOTTLE * g, patch = FACE_PATCH * g;
  /* pits sink a third as far as they darken */
  const double pit_c = PIT_DEPTH * g, pit_h = color ? pit_c : pit_c / 3.0;
  /* the face's middle: its relief is what it holds above and below */
  const double middle = plain ? 0.55 : 0.5;
  const TsrPieceRow *pr = row->pieces;
  const VD lx = v_loadd (row->x + i) - v_loadd (pr->cx + i);
  const VD ly = v_loadd (row->y + i) - v_loadd (pr->cy + i);
  const VD grit = v_loadf_d (row->grit + i), wear = v_loadf_d (row->wear + i);
  const VD mortar = M * (1.0 - pits * (1.0 + grit));
  /* the wear eats up to wear_pixels into the edge, in chips where its
   * noise is high */
  const VD w01 = 0.5 * (1.0 + wear);
  const VD zero = v_splatd (0.0), one = v_splatd (1.0);
  VD depth, ddx = zero, ddy = zero;
  VD e, t, p, dp, face, f, top, v, pit = zero, dpit = zero, lift = zero, dlift = zero;
  VL edge, inside;

  if (boxed)
    {
      const VD chip = sel (ly < 0.0, v_loadd (pr->chip_top + i), v_loadd (pr->chip_bottom + i));
      /* a chipped corner: the box cut by a line across it, chip pixels in
       * from the corner along each side */
      const VD sx = sel (lx < 0, v_splatd (-1.0), v_splatd (1.0));
      const VD sy = sel (ly < 0, v_splatd (-1.0), v_splatd (1.0));
      const VD cut = (v_loadd (pr->inner_x + i) + v_loadd (pr->inner_y + i)
                      + 2.0 * v_loadd (pr->radius + i) - v_absd (lx) - v_absd (ly) - chip)
                     * SQRT_HALF;
      VL cut_in;

      box_depth_lanes (pr, i, lx, ly, &depth, &ddx, &ddy);
      cut_in = (chip > 0.0) & (cut < depth);
      depth = sel (cut_in, cut, depth);
      ddx = sel (cut_in, -sx * SQRT_HALF, ddx);
      ddy = sel (cut_in, -sy * SQRT_HALF, ddy);
    }
  else
    {
      depth = v_loadd (pr->depth + i);
      if (grad)
        ddx = v_loadd (pr->ddx + i), ddy = v_loadd (pr->ddy + i);
    }
  e = depth - pf->wear_pixels * w01 * w01;
  edge = e <= 0.0;
  t = e * pf->inv_bevel;
  p = sel (t < 1.0, t * (2.0 - t), one);
  dp = sel (t < 1.0, (2.0 - 2.0 * t) * pf->inv_bevel, zero);
  if (plain)
    {
      pit = ramp01 ((PIT_FROM - grit) * PIT_K, &dpit, PIT_K);
      lift = v_maxd (wear - PATCH_FROM, zero);
      dlift = sel (wear > PATCH_FROM, one, zero);
      /* fine grit over a mottle as large as the chips, lighter patches,
       * pits */
      face = 0.55 + grit_face * grit + mottle * wear + patch * lift - pit_h * pit;
    }
  else
    face = v_loadf_d (row->face + i);
  if (color)
    {
      /* the colour: the piece's tone over its face, darker over the bevel
       * and towards the edges, and the mortar's own sand, shaded next to
       * the pieces */
      const VD rim_k = v_loadd (pr->rim_k + i);
      const VD rim = one - v_mind (depth * rim_k, one);
      const VD shade = one - v_mind (v_maxd (-depth * pf->inv_shadow, zero), one);
      /* a chip's broken clay lies below the bevel's start */
      const VD pc = v_maxd (p, zero);
      const VD grain = v_loadf_d (row->grain + i);
      const VD hue_x = v_loadd (pr->hue_x + i), hue_y = v_loadd (pr->hue_y + i);
      const VL mortar_here = depth <= 0.0;
      VD fm;
      VL fm_inside;

      if (plain)
        face = face + FACE_GRAIN * g * grain
               + sel (grain > SPECK_FROM * pf->grain, v_splatd (SPECK * g * pf->grain), zero);
      f = face + v_loadd (pr->tone + i) + hue_x * lx + hue_y * ly
          - BEVEL_SHADE * (1.0 - pc) * (1.0 - pc) - RIM_SHADE * rim * rim
          - v_maskd (edge, CHIP_SHADE);
      fm = MORTAR_BASE + MORTAR_SAND * g * grit + MORTAR_GRAIN * grain
           - MORTAR_SHADE * shade * shade;
      fm_inside = (fm > 0.0) & (fm < 0.999);
      fm = M * v_mind (v_maxd (fm, zero), v_splatd (0.999));
      /* a piece's colour stays off the mortar's part of the ramp */
      inside = (f > 0.01) & (f < 1.0);
      top = M + (1.0 - M) * v_mind (v_maxd (f, v_splatd (0.01)), one);
      v_store_d_f (out + i, sel (mortar_here, fm, top));
      if (grad)
        {
          /* the smooth parts' slopes (the grain is flat over a pixel) */
          const VD grit_x = v_loadf_d (row->grit_x + i), grit_y = v_loadf_d (row->grit_y + i);
          const VD wear_x = v_loadf_d (row->wear_x + i), wear_y = v_loadf_d (row->wear_y + i);
          const VD dw = pf->wear_pixels * w01;
          /* d(1 - pc)^2, d rim^2 and d shade^2 per unit of their
           * argument's slope */
          const VD k_bevel = sel (p > 0.0, 2.0 * BEVEL_SHADE * (1.0 - pc) * dp, zero);
          const VD k_rim = sel (depth * rim_k < 1.0, 2.0 * RIM_SHADE * rim * rim_k, zero);
          const VD k_shade = sel ((shade > 0.0) & (shade < 1.0),
                                  -2.0 * MORTAR_SHADE * shade * pf->inv_shadow, zero);
          VD df_x, df_y, dm_x, dm_y;

          face_slopes (row, i, plain, grit_face + pit_h * dpit, mottle + patch * dlift,
                       grit_x, grit_y, wear_x, wear_y, &df_x, &df_y);
          df_x = df_x + v_loadd (pr->tone_x + i) + hue_x + k_bevel * (ddx - dw * wear_x)
                 + k_rim * ddx;
          df_y = df_y + v_loadd (pr->tone_y + i) + hue_y + k_bevel * (ddy - dw * wear_y)
                 + k_rim * ddy;
          dm_x = M * (MORTAR_SAND * g * grit_x + k_shade * ddx);
          dm_y = M * (MORTAR_SAND * g * grit_y + k_shade * ddy);
          v_store_d_f (gx + i, sel (mortar_here, sel (fm_inside, dm_x, zero),
                                    sel (inside, (1.0 - M) * df_x, zero)));
          v_store_d_f (gy + i, sel (mortar_here, sel (fm_inside, dm_y, zero),
                                    sel (inside, (1.0 - M) * df_y, zero)));
        }
      return;
    }
  else
    {
      /* the height: the piece's lift and tilt, its face's relief, and
       * the bevel's profile */
      f = 0.55 + v_loadd (pr->lift + i) + pf->relief * (face - middle)
          + v_loadd (pr->lean_x + i) * lx + v_loadd (pr->lean_y + i) * ly;
      inside = (f > 0.0) & (f < 1.0);
      top = M + (1.0 - M) * sel (f > 1.0, one, sel (f < 0.0, zero, f));
      v = sel (edge, mortar, mortar + (top - mortar) * p);
    }
  v_store_d_f (out + i, v);
  if (grad)
    {
      const VD dw = pf->wear_pixels * w01;
      const VD grit_x = v_loadf_d (row->grit_x + i), grit_y = v_loadf_d (row->grit_y + i);
      const VD wear_x = v_loadf_d (row->wear_x + i), wear_y = v_loadf_d (row->wear_y + i);
      const VD dm_x = d_mortar * grit_x, dm_y = d_mortar * grit_y;
      VD df_x, df_y, dt_x, dt_y;

      face_slopes (row, i, plain, grit_face + pit_h * dpit, mottle + patch * dlift, grit_x,
                   grit_y, wear_x, wear_y, &df_x, &df_y);
      df_x = pf->relief * df_x + v_loadd (pr->lean_x + i);
      df_y = pf->relief * df_y + v_loadd (pr->lean_y + i);
      dt_x = sel (inside, (1.0 - M) * df_x, zero);
      dt_y = sel (inside, (1.0 - M) * df_y, zero);
      v_store_d_f (gx + i, sel (edge, dm_x, dm_x * (1.0 - p) + dt_x * p
                                          + (top - mortar) * dp * (ddx - dw * wear_x)));
      v_store_d_f (gy + i, sel (edge, dm_y, dm_y * (1.0 - p) + dt_y * p
                                          + (top - mortar) * dp * (ddy - dw * wear_y)));
    }
}

TSR_VINLINE void
profile_loop (const TsrProfile *pf, const TsrProfileRow *row, gsize n, gboolean grad,
              gboolean plain, gboolean boxed, gboolean color, float *out, float *gx,
              float *gy)
{
  for (gsize i = 0; i < n; i += NH)
    profile_lanes (pf, row, i, grad, plain, boxed, color, out, gx, gy);
}

/* Each case its own loop, its flags constants. */
#define PROFILE_CASE(k)                                                                   \
  case k:                                                                                \
    profile_loop (pf, row, n, (k) & 8, (k) & 4, (k) & 2, (k) & 1, out, gx, gy);           \
    break;

static void
profile_row (const TsrProfile *pf, const TsrProfileRow *row, gsize n, float *out, float *gx,
             float *gy)
{
  const gboolean plain = row->face == NULL;

  switch ((gx != NULL) * 8 + plain * 4 + pf->boxed * 2 + pf->color)
    {
      PROFILE_CASE (0) PROFILE_CASE (1) PROFILE_CASE (2) PROFILE_CASE (3)
      PROFILE_CASE (4) PROFILE_CASE (5) PROFILE_CASE (6) PROFILE_CASE (7)
      PROFILE_CASE (8) PROFILE_CASE (9) PROFILE_CASE (10) PROFILE_CASE (11)
      PROFILE_CASE (12) PROFILE_CASE (13) PROFILE_CASE (14) PROFILE_CASE (15)
    }
}

#define KERNELS_NAME_(isa) tsr_pieces_kernels_##isa
#define KERNELS_NAME(isa)  KERNELS_NAME_ (isa)

const TsrPiecesKernels KERNELS_NAME (TSR_ISA) = { profile_row, box_depth_row };
