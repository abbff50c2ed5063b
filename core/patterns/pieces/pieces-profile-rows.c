/* The pieces' profile, VN points at a time, in float (pieces-profile.h).
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
#include "noise/noise-kernels.h"
#include "patterns/pieces/pieces-profile.h"
#include "math/vec.h"

/* sqrt (1 / 2) */
#define SQRT_HALF 0.70710678f

/* The points' offsets from their pieces' centres at lanes i.., taken in
 * double (positions far from the origin) and then rounded to float. */
TSR_VINLINE VF
offset_lanes (const double *p, const double *c, gsize i)
{
  return v_catf (v_dtof (v_loadd (p + i) - v_loadd (c + i)),
                 v_dtof (v_loadd (p + i + VN / 2) - v_loadd (c + i + VN / 2)));
}

/* Depth in the rounded box at lanes i.., and its gradient: the distance
 * to the nearest side, or round a corner within the corner radius. */
TSR_VINLINE void
box_depth_lanes (const TsrPieceRow *pr, gsize i, VF lx, VF ly, VF *depth, VF *ddx, VF *ddy)
{
  const VF r = v_loadf (pr->radius + i);
  const VF sx = v_sel (lx < 0, v_splatf (-1.0f), v_splatf (1.0f));
  const VF sy = v_sel (ly < 0, v_splatf (-1.0f), v_splatf (1.0f));
  const VF qx = v_absf (lx) - v_loadf (pr->inner_x + i);
  const VF qy = v_absf (ly) - v_loadf (pr->inner_y + i);
  const VI corner = (qx > 0) & (qy > 0), along_x = qx > qy;
  const VF d = v_sqrtf (qx * qx + qy * qy);
  const VF zero = v_splatf (0.0f);

  *depth = v_sel (corner, r - d, v_sel (along_x, r - qx, r - qy));
  *ddx = v_sel (corner, -sx * qx / d, v_sel (along_x, -sx, zero));
  *ddy = v_sel (corner, -sy * qy / d, v_sel (along_x, zero, -sy));
}

static void
box_depth_row (const TsrPieceRow *pr, const double *x, const double *y, gsize n,
               double *depth, double *ddx, double *ddy)
{
  for (gsize i = 0; i < n; i += VN)
    {
      VF d, dx, dy;

      box_depth_lanes (pr, i, offset_lanes (x, pr->cx, i), offset_lanes (y, pr->cy, i), &d,
                       &dx, &dy);
      for (gsize k = 0; k < VN && i + k < n; k++)
        {
          depth[i + k] = d[k];
          ddx[i + k] = dx[k];
          ddy[i + k] = dy[k];
        }
    }
}

/* 0 to 1 as s goes from 0 to 1 (clamped), and its slope (k inside). */
TSR_VINLINE VF
ramp01 (VF s, VF *slope, float k)
{
  const VI in = (s > 0.0f) & (s < 1.0f);

  *slope = v_maskf (in, k);
  return v_minf (v_maxf (s, v_splatf (0.0f)), v_splatf (1.0f));
}

/* The look of a plain face (pieces-profile.h): sand and a mottle as large
 * as the chips, lighter patches where the mottle is high, and small dark
 * pits where the grit's noise is lowest. */
#define FACE_SAND    0.3f   /* grit's noise */
#define FACE_MOTTLE  0.15f  /* the wear's noise, everywhere */
#define FACE_PATCH   0.1f   /* more where it is over PATCH_FROM */
#define PATCH_FROM   0.2f
#define PIT_FROM     (-0.6f) /* grit's noise below this is a pit ... */
#define PIT_K        4.0f   /* ... fully one this much lower (1 / PIT_K) */
#define PIT_DEPTH    0.35f  /* in the colour; a third of that in the height */
#define FACE_GRAIN   0.4f   /* the pixel's own grain, in the colour */
#define SPECK_FROM   0.97f  /* pale specks of lime or sand where the grain passes this */
#define SPECK        0.4f
/* Colour a little darker over the bevel (it turns from the light) and in
 * a rim inside the edges: faint, as the same dark outline round every
 * piece reads as traced (blind judges named it in every bricks round);
 * the lit map and the cavities shade the relief.  A chip shows the
 * joint behind it, as in the height. */
#define BEVEL_SHADE  0.08f
#define RIM_SHADE    0.02f
/* The mortar's colour (its part of the ramp, as a fraction): sand and
 * grain, shaded towards the pieces. */
#define MORTAR_BASE  0.85f
#define MORTAR_SAND  0.14f
#define MORTAR_GRAIN 0.11f
#define MORTAR_SHADE 0.16f
/* The joint under a piece's overhang, away from the sky (above, a little
 * to the left): darker as far as the piece's own edge, its lift and the
 * wear's noise cast it, the far side of the joint lit; the dark band
 * strongest under a bed joint's upper brick, weaker beside a head joint. */
#define MORTAR_CAST  0.95f
#define SKY_X        (-0.45f)
#define SKY_Y        (-0.89f)

/* A face's slopes: a plain one's from the grit's and the wear's noise
 * (k_grit and k_wear its slopes along them), else the face pattern's. */
TSR_VINLINE void
face_slopes (const TsrProfileRow *row, gsize i, gboolean plain, VF k_grit, VF k_wear,
             VF grit_x, VF grit_y, VF wear_x, VF wear_y, VF *df_x, VF *df_y)
{
  if (plain)
    {
      *df_x = k_grit * grit_x + k_wear * wear_x;
      *df_y = k_grit * grit_y + k_wear * wear_y;
    }
  else
    {
      *df_x = v_loadf (row->face_x + i);
      *df_y = v_loadf (row->face_y + i);
    }
}

/* One vector of the profile; grad, plain, boxed and color are constants at
 * every call, so each combination compiles to its own loop. */
TSR_VINLINE void
profile_lanes (const TsrProfile *pf, const TsrProfileRow *row, gsize i, gboolean grad,
               gboolean plain, gboolean boxed, gboolean color, float *out, float *gx,
               float *gy)
{
  const float M = (float) TSR_MORTAR_TOP, g = (float) pf->grit;
  const float pits = 0.3f * g, d_mortar = -M * 0.3f * g;
  const float grit_face = FACE_SAND * g, mottle = FACE_MOTTLE * g, patch = FACE_PATCH * g;
  /* pits sink a third as far as they darken */
  const float pit_c = PIT_DEPTH * g, pit_h = color ? pit_c : pit_c / 3.0f;
  /* the face's middle: its relief is what it holds above and below */
  const float middle = plain ? 0.55f : 0.5f;
  const float wear_pixels = (float) pf->wear_pixels, inv_bevel = (float) pf->inv_bevel;
  const float bulge = (float) pf->bulge;
  const TsrPieceRow *pr = row->pieces;
  const VF skew = boxed ? v_loadf (pr->skew + i) : v_splatf (0.0f);
  const VF ox = offset_lanes (row->x, pr->cx, i), oy = offset_lanes (row->y, pr->cy, i);
  /* a box turned askew by a small angle: the point in its frame */
  const VF lx = ox + skew * oy, ly = oy - skew * ox;
  const VF grit = v_loadf (row->grit + i), wear = v_loadf (row->wear + i);
  const VF mortar = M * (1.0f - pits * (1.0f + grit));
  /* the wear eats up to wear_pixels into the edge, in chips where its
   * noise is high */
  const VF w01 = 0.5f * (1.0f + wear);
  const VF zero = v_splatf (0.0f), one = v_splatf (1.0f);
  VF depth, ddx = zero, ddy = zero;
  VF e, t, p, dp, face, f, top, v, pit = zero, dpit = zero, lift = zero, dlift = zero;
  VF dome, ddome;
  VI edge, inside, cut_in = { 0 };

  if (boxed)
    {
      const VF chip = v_sel (ly < 0.0f, v_loadf (pr->chip_top + i),
                             v_loadf (pr->chip_bottom + i));
      /* a chipped corner: the box cut by a line across it, chip pixels in
       * from the corner along each side */
      const VF sx = v_sel (lx < 0, v_splatf (-1.0f), v_splatf (1.0f));
      const VF sy = v_sel (ly < 0, v_splatf (-1.0f), v_splatf (1.0f));
      const VF cut = (v_loadf (pr->inner_x + i) + v_loadf (pr->inner_y + i)
                      + 2.0f * v_loadf (pr->radius + i) - v_absf (lx) - v_absf (ly) - chip)
                     * SQRT_HALF;
      box_depth_lanes (pr, i, lx, ly, &depth, &ddx, &ddy);
      cut_in = (chip > 0.0f) & (cut < depth);
      depth = v_sel (cut_in, cut, depth);
      ddx = v_sel (cut_in, -sx * SQRT_HALF, ddx);
      ddy = v_sel (cut_in, -sy * SQRT_HALF, ddy);
      /* back from the piece's turned frame to the image's */
      {
        const VF gx_turned = ddx;

        ddx = ddx - skew * ddy;
        ddy = skew * gx_turned + ddy;
      }
    }
  else
    {
      depth = v_loadf (pr->depth + i);
      if (grad || color)
        ddx = v_loadf (pr->ddx + i), ddy = v_loadf (pr->ddy + i);
    }
  /* and a hand-made piece's outline wanders in and out along it */
  e = depth - wear_pixels * w01 * w01 + bulge * wear;
  edge = e <= 0.0f;
  /* no bevel: a step up at the edge */
  t = pf->inv_bevel < G_MAXDOUBLE ? e * inv_bevel : v_sel (e > 0.0f, one, zero);
  p = v_sel (t < 1.0f, t * (2.0f - t), one);
  dp = pf->inv_bevel < G_MAXDOUBLE ? v_sel (t < 1.0f, (2.0f - 2.0f * t) * inv_bevel, zero)
                                   : zero;
  if (plain)
    {
      pit = ramp01 ((PIT_FROM - grit) * PIT_K, &dpit, PIT_K);
      lift = v_maxf (wear - PATCH_FROM, zero);
      dlift = v_maskf (wear > PATCH_FROM, 1.0f);
      /* fine grit over a mottle as large as the chips, lighter patches,
       * pits */
      face = 0.55f + grit_face * grit + mottle * wear + patch * lift - pit_h * pit;
    }
  else
    face = v_loadf (row->face + i);
  if (color)
    {
      /* the colour: the piece's tone over its face, darker over the bevel
       * and towards the edges, and the mortar's own sand, shaded next to
       * the pieces */
      const float inv_shadow = (float) pf->inv_shadow, amount = (float) pf->grain;
      const VF rim_k = v_loadf (pr->rim_k + i);
      const VF rim = one - v_minf (depth * rim_k, one);
      const VF shade = one - v_minf (v_maxf (-depth * inv_shadow, zero), one);
      /* a chip's broken clay lies below the bevel's start */
      const VF pc = v_maxf (p, zero);
      const VF grain = v_loadf (row->grain + i);
      const VF hue_x = v_loadf (pr->hue_x + i), hue_y = v_loadf (pr->hue_y + i);
      /* a chip or a dent in the outline shows the joint behind */
      const VI mortar_here = edge;
      VF fm;
      VI fm_inside;

      if (plain)
        face = face + FACE_GRAIN * g * grain
               + v_maskf (grain > SPECK_FROM * amount, SPECK * g * amount);
      f = face + v_loadf (pr->tone + i) + hue_x * ox + hue_y * oy
          - BEVEL_SHADE * (1.0f - pc) * (1.0f - pc) - RIM_SHADE * rim * rim;
      /* the sky's side: a > 0 where the point's piece lies towards the
       * sky, whose edge then casts over it; else the piece across the
       * joint does, gap - depth away */
      /* boxes only: a polygon's depth gradient turns in its corners'
       * rounding, whose curvature the kernel is not given */
      const VF a = boxed ? SKY_X * ddx + SKY_Y * ddy : zero, abs_a = v_absf (a);
      const VF u = v_sel (a > 0.0f, -depth, (float) pf->gap + depth);
      const VF reach = (float) pf->cast * (1.0f + 0.5f * wear + 4.0f * v_loadf (pr->lift + i));
      const VF cast = v_minf (v_maxf (reach - u, zero), one);

      fm = MORTAR_BASE + MORTAR_SAND * g * grit + MORTAR_GRAIN * grain
           - MORTAR_SHADE * shade * shade - MORTAR_CAST * abs_a * cast;
      fm_inside = (fm > 0.0f) & (fm < 0.999f);
      fm = M * v_minf (v_maxf (fm, zero), v_splatf (0.999f));
      /* a piece's colour stays off the mortar's part of the ramp */
      inside = (f > 0.01f) & (f < 1.0f);
      top = M + (1.0f - M) * v_minf (v_maxf (f, v_splatf (0.01f)), one);
      v_storef (out + i, v_sel (mortar_here, fm, top));
      if (grad)
        {
          /* the smooth parts' slopes (the grain is flat over a pixel) */
          const VF grit_x = v_loadf (row->grit_x + i), grit_y = v_loadf (row->grit_y + i);
          const VF wear_x = v_loadf (row->wear_x + i), wear_y = v_loadf (row->wear_y + i);
          const VF dw = wear_pixels * w01 - bulge;
          /* d(1 - pc)^2, d rim^2 and d shade^2 per unit of their
           * argument's slope */
          const VF k_bevel = v_sel (p > 0.0f, 2.0f * BEVEL_SHADE * (1.0f - pc) * dp, zero);
          const VF k_rim = v_sel (depth * rim_k < 1.0f, 2.0f * RIM_SHADE * rim * rim_k, zero);
          const VF k_shade = v_sel ((shade > 0.0f) & (shade < 1.0f),
                                    -2.0f * MORTAR_SHADE * shade * inv_shadow, zero);
          VF df_x, df_y, dm_x, dm_y;

          face_slopes (row, i, plain, grit_face + pit_h * dpit, mottle + patch * dlift,
                       grit_x, grit_y, wear_x, wear_y, &df_x, &df_y);
          df_x = df_x + v_loadf (pr->tone_x + i) + hue_x + k_bevel * (ddx - dw * wear_x)
                 + k_rim * ddx;
          df_y = df_y + v_loadf (pr->tone_y + i) + hue_y + k_bevel * (ddy - dw * wear_y)
                 + k_rim * ddy;
          /* the cast band's edge: d (reach - u) per unit slope */
          const VF k_cast = v_sel ((cast > 0.0f) & (cast < 1.0f), -MORTAR_CAST * abs_a, zero);
          const VF du = v_sel (a > 0.0f, v_splatf (-1.0f), one);
          const float k_reach = 0.5f * (float) pf->cast;

          /* round a box's corner the depth's gradient turns, and a with it:
           * its curvature from the corner's offsets q (the small skew's turn
           * of them left out) */
          VF da_x = zero, da_y = zero;

          if (boxed)
            {
              const VF qx = v_absf (lx) - v_loadf (pr->inner_x + i);
              const VF qy = v_absf (ly) - v_loadf (pr->inner_y + i);
              const VF d2 = qx * qx + qy * qy;
              const VI round = (qx > 0.0f) & (qy > 0.0f) & ~cut_in;
              const VF inv_d3 = v_sel (round, one / (d2 * v_sqrtf (d2)), zero);
              const VF sxy = v_sel ((lx < 0.0f) != (ly < 0.0f), v_splatf (-1.0f), one);
              const VF cross = sxy * qx * qy * inv_d3;
              const VF k_turn = -MORTAR_CAST * cast * v_sel (a < 0.0f, v_splatf (-1.0f), one);

              da_x = k_turn * (SKY_X * (-qy * qy * inv_d3) + SKY_Y * cross);
              da_y = k_turn * (SKY_X * cross + SKY_Y * (-qx * qx * inv_d3));
            }
          dm_x = M * (MORTAR_SAND * g * grit_x + k_shade * ddx
                      + k_cast * (k_reach * wear_x - du * ddx) + da_x);
          dm_y = M * (MORTAR_SAND * g * grit_y + k_shade * ddy
                      + k_cast * (k_reach * wear_y - du * ddy) + da_y);
          v_storef (gx + i, v_sel (mortar_here, v_sel (fm_inside, dm_x, zero),
                                   v_sel (inside, (1.0f - M) * df_x, zero)));
          v_storef (gy + i, v_sel (mortar_here, v_sel (fm_inside, dm_y, zero),
                                   v_sel (inside, (1.0f - M) * df_y, zero)));
        }
      return;
    }
  /* the height: the piece's lift and tilt, its face's relief, and the
   * bevel's profile */
  /* a dome: q (2 - q) of the depth over the half width, q = 1 from there */
  {
    const VF q = v_minf (depth * v_loadf (pr->rim_k + i) * (1.0f / 3.0f), one);

    dome = (float) pf->dome * q * (2.0f - q);
    ddome = v_sel (q < 1.0f, (float) pf->dome * (2.0f - 2.0f * q) * v_loadf (pr->rim_k + i)
                             * (1.0f / 3.0f), zero);
  }
  f = 0.55f + v_loadf (pr->lift + i) + (float) pf->relief * (face - middle) + dome
      + v_loadf (pr->lean_x + i) * ox + v_loadf (pr->lean_y + i) * oy;
  inside = (f > 0.0f) & (f < 1.0f);
  top = M + (1.0f - M) * v_sel (f > 1.0f, one, v_sel (f < 0.0f, zero, f));
  v = v_sel (edge, mortar, mortar + (top - mortar) * p);
  v_storef (out + i, v);
  if (grad)
    {
      const VF dw = wear_pixels * w01 - bulge;
      const VF grit_x = v_loadf (row->grit_x + i), grit_y = v_loadf (row->grit_y + i);
      const VF wear_x = v_loadf (row->wear_x + i), wear_y = v_loadf (row->wear_y + i);
      const VF dm_x = d_mortar * grit_x, dm_y = d_mortar * grit_y;
      VF df_x, df_y, dt_x, dt_y;

      face_slopes (row, i, plain, grit_face + pit_h * dpit, mottle + patch * dlift, grit_x,
                   grit_y, wear_x, wear_y, &df_x, &df_y);
      df_x = (float) pf->relief * df_x + v_loadf (pr->lean_x + i) + ddome * ddx;
      df_y = (float) pf->relief * df_y + v_loadf (pr->lean_y + i) + ddome * ddy;
      dt_x = v_sel (inside, (1.0f - M) * df_x, zero);
      dt_y = v_sel (inside, (1.0f - M) * df_y, zero);
      v_storef (gx + i, v_sel (edge, dm_x, dm_x * (1.0f - p) + dt_x * p
                                           + (top - mortar) * dp * (ddx - dw * wear_x)));
      v_storef (gy + i, v_sel (edge, dm_y, dm_y * (1.0f - p) + dt_y * p
                                           + (top - mortar) * dp * (ddy - dw * wear_y)));
    }
}

TSR_VINLINE void
profile_loop (const TsrProfile *pf, const TsrProfileRow *row, gsize n, gboolean grad,
              gboolean plain, gboolean boxed, gboolean color, float *out, float *gx,
              float *gy)
{
  for (gsize i = 0; i < n; i += VN)
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
