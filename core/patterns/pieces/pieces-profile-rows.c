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
#include <math.h>
#include <string.h>

#include "noise/noise-kernels.h"
#include "patterns/pieces/pieces-edges-vec.h"
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
#define FACE_SAND    0.14f  /* grit's noise */
#define FACE_MOTTLE  0.15f  /* the wear's noise, everywhere */
#define FACE_PATCH   0.1f   /* more where it is over PATCH_FROM */
#define PATCH_FROM   0.2f
#define PIT_FROM     (-0.6f) /* grit's noise below this is a pit ... */
#define PIT_K        4.0f   /* ... fully one this much lower (1 / PIT_K) */
#define PIT_DEPTH    0.25f  /* in the colour; a third of that in the height */
#define FACE_GRAIN   0.35f  /* the pixel's own grain, in the colour */
#define SPECK_FROM   0.97f  /* pale specks of lime or sand where the grain passes this */
#define SPECK        0.4f
/* Colour a little darker over the bevel (it turns from the light) and in
 * a rim inside the edges: faint, as the same dark outline round every
 * piece reads as traced (blind judges named it in every bricks round);
 * the lit map and the cavities shade the relief.  A chip shows the
 * joint behind it, as in the height. */
#define BEVEL_SHADE  0.08f
#define RIM_SHADE    0.02f
/* how many bevels in from a weathered brick's edge its arris' light
 * reaches (TsrProfile.arris) */
#define ARRIS_WIDTH  2.0f
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
#define SKY_X        (-0.6f)
#define SKY_Y        (-0.8f)
/* the band's weight: the cosine to the sky, times this, at most 1 (a head
 * joint as black as a bed joint; they are in the photographs) */
#define CAST_TURN    1.6f
/* how far the band's edge wanders with the wear's noise, as a share */
#define CAST_WANDER  0.3f
/* and on a weathered wall with the stain's, about a course across */
#define CAST_STAIN   0.6f
/* a weathered wall's: mostly the stain's, so that the lit strip widens and
 * narrows over a brick's length (the wear's finer noise made blobs) */
#define CAST_WANDER_WEATHERED 0.1f
#define CAST_STAIN_WEATHERED  1.0f
/* how much longer a proud piece's shadow is, per unit of its lift; on a
 * weathered wall more (its bricks stand out unevenly) */
#define CAST_LIFT    2.5f
#define CAST_LIFT_WEATHERED 4.0f
/* a weathered wall's shadow keeps to its side of the joint, bed and head
 * alike, as light from above casts it: from REACH_LEAST of the joint to
 * all but LIT_LEAST pixels of it, a lit strip of mortar between it and the
 * brick across (shaded right across, the joints read as a black outline
 * round every brick); the reach's wander, REACH_SPAN of the overhang's
 * reach about it, spread over that range evenly (clamped, the strip is
 * of two widths) */
#define REACH_LEAST  0.35f
#define LIT_LEAST    (-0.6f)
#define REACH_SPAN   2.0f
/* 1 / the pixels the band's edge takes to fade (a photograph's shadow
 * edge is soft over two or so; over one it reads as stair-stepped) */
#define CAST_SOFT    0.5f
/* Boxes: the joint's lit side a pale lip, shaded next to the piece only
 * this much (the photographs' lip is brightest at the brick) */
#define LIP_SHADE    0.0f
#define LIP_BASE     0.92f
/* a weathered wall's lit strip as bright as the sky makes lime (it faces
 * up, in the open) and as gritty as its sand */
#define LIP_LIT      0.82f
#define LIP_GRAIN    0.12f
/* Boards of wood butt together: their joint a dark crack, no lit lip
 * (on dark mortar the lip's place in the ramp, taken over by the board's
 * anti-aliased edge, is a pale line along every board) */
#define CRACK_BASE   0.3f
/* and in the height, the lip raised, the shaded side sunk (a raked joint) */
#define LIP_RAISE    0.15f
#define LIP_TRENCH   0.1f
/* Weathered plain boxes (TsrProfile.stain), on the stain's noise s times
 * the piece's own weathering: pale, greyer worn patches where s is high,
 * soot where it is low, a little of s itself, everywhere; in the height
 * a broad unevenness of the face and hollows under the soot; and where s
 * is lowest the arris broken off, the joint's black showing.  Pits and the
 * grain weaker: the same small black pits on every face read as stamped. */
#define STAIN_TONE   0.14f
/* weathered clay is deeper red-brown on the whole than a new brick */
#define STAIN_DEEPER 0.1f
#define PALE         0.04f
#define PALE_FROM    0.12f
#define PALE_K       2.0f
#define SOOT         0.05f
#define SOOT_FROM    (-0.3f)
#define SOOT_K       3.0f
#define STAIN_HEIGHT 0.04f
#define HOLLOW       0.05f
#define HOLLOW_FROM  (-0.35f)
#define HOLLOW_K     4.0f
#define BITE_FROM    (-0.45f)
#define BITE_K       2.5f
#define STAIN_PITS   0.3f
#define STAIN_BULGE  0.2f
/* scratches along the courses (weathered bricks' face only: all over, they
 * read as wood grain) */
#define STREAK       0.22f
/* the pixels over which a split brick's two tones blend */
#define SPLIT_SOFT   12.0f

/* How the cosine to the sky, SKY_X ddx + SKY_Y ddy, turns per unit step
 * along x (*a_x) and y (*a_y): round a box's corner, where the depth's
 * gradient turns (its curvature from the corner's offsets q); nothing
 * along a straight side or a chip's cut (the small skew's turn left out). */
TSR_VINLINE void
sky_turn (const TsrPieceRow *pr, gsize i, VF lx, VF ly, VI cut_in, VF *a_x, VF *a_y)
{
  const VF zero = v_splatf (0.0f), one = v_splatf (1.0f);
  const VF qx = v_absf (lx) - v_loadf (pr->inner_x + i);
  const VF qy = v_absf (ly) - v_loadf (pr->inner_y + i);
  const VF d2 = qx * qx + qy * qy;
  const VI round = (qx > 0.0f) & (qy > 0.0f) & ~cut_in;
  const VF inv_d3 = v_sel (round, one / (d2 * v_sqrtf (d2)), zero);
  const VF sxy = v_sel ((lx < 0.0f) != (ly < 0.0f), v_splatf (-1.0f), one);
  const VF cross = sxy * qx * qy * inv_d3;

  *a_x = SKY_X * (-qy * qy * inv_d3) + SKY_Y * cross;
  *a_y = SKY_X * cross + SKY_Y * (-qx * qx * inv_d3);
}

/* A box's joint under its overhang (boxes only): how much of the sky a
 * point in the joint (or in a dent in the piece, which shows the joint)
 * loses, 0 to 1, and with grad its gradient.  The sky's side: a > 0 where
 * the point's piece lies towards the sky, whose edge then casts over it;
 * else the piece across the joint does, gap - depth away.  The band is
 * weighted by the cosine a (times CAST_TURN, at most 1), continuous round
 * corners, where its gradient takes the cosine's turn (sky_turn).  Its
 * reach wanders by the share `wander` (joint_wander). */
TSR_VINLINE VF
joint_cast (const TsrProfile *pf, const TsrPieceRow *pr, gsize i, gboolean grad, VF lx, VF ly,
            VI cut_in, VF depth, VF ddx, VF ddy, VF wander, VF wander_x, VF wander_y,
            gboolean weathered, VF *wc_x, VF *wc_y)
{
  const VF zero = v_splatf (0.0f), one = v_splatf (1.0f);
  /* a weathered wall's courses: how far a brick's lift reaches, kept to
   * its side of the joint */
  const float lift_k = weathered ? CAST_LIFT_WEATHERED : CAST_LIFT;
  const VF a = SKY_X * ddx + SKY_Y * ddy;
  /* on a weathered wall at full strength round the corners too: faded
   * there, where the cosine passes 0, a lit tick showed at every corner
   * (the sides meet on the diagonal, a step a lit strip's width long) */
  const VF wa = weathered ? one : v_minf (CAST_TURN * v_absf (a), one);
  const VF u = v_sel (a > 0.0f, -depth, (float) pf->gap + depth);
  const VF along = (float) pf->cast * (1.0f + wander + lift_k * v_loadf (pr->lift + i));
  const float least = REACH_LEAST * (float) pf->gap;
  const float most = MAX (least, (float) pf->gap - LIT_LEAST);
  const float span = REACH_SPAN * (float) pf->cast;
  const VF s = (along - (float) pf->cast + 0.5f * span) * (1.0f / span);
  const VF reach = weathered ? least + (most - least) * v_minf (v_maxf (s, zero), one) : along;
  const VF cast = v_minf (v_maxf (CAST_SOFT * (reach - u) + 0.5f, zero), one);

  if (grad)
    {
      /* the band's edge: d (reach - u) per unit slope */
      const VF k_cast = v_sel ((cast > 0.0f) & (cast < 1.0f), CAST_SOFT * wa, zero);
      const VF du = v_sel (a > 0.0f, v_splatf (-1.0f), one);
      const VF k_reach = weathered ? v_maskf ((s > 0.0f) & (s < 1.0f),
                                              (most - least) / span * (float) pf->cast)
                                   : v_splatf ((float) pf->cast);
      const VF k_turn = weathered ? zero
                                  : v_sel (CAST_TURN * v_absf (a) < 1.0f,
                                           CAST_TURN * cast
                                           * v_sel (a < 0.0f, v_splatf (-1.0f), one), zero);
      VF a_x, a_y;

      sky_turn (pr, i, lx, ly, cut_in, &a_x, &a_y);
      *wc_x = k_cast * (k_reach * wander_x - du * ddx) + k_turn * a_x;
      *wc_y = k_cast * (k_reach * wander_y - du * ddy) + k_turn * a_y;
    }
  return wa * cast;
}

/* How far the overhang's reach wanders, as a share, and its gradient:
 * with the wear's noise, and on a weathered wall with the stain's too, so
 * that the shadow is deep in places and gone in others. */
TSR_VINLINE VF
joint_wander (const TsrProfileRow *row, gsize i, gboolean grad, gboolean stained, VF wear,
              VF *w_x, VF *w_y)
{
  const VF zero = v_splatf (0.0f);
  const VF stain = stained ? v_loadf (row->stain + i) : zero;
  const float k_wear = stained ? CAST_WANDER_WEATHERED : CAST_WANDER;
  const float k_stain = stained ? CAST_STAIN_WEATHERED : CAST_STAIN;

  if (grad)
    {
      *w_x = k_wear * v_loadf (row->wear_x + i)
             + (stained ? k_stain * v_loadf (row->stain_x + i) : zero);
      *w_y = k_wear * v_loadf (row->wear_y + i)
             + (stained ? k_stain * v_loadf (row->stain_y + i) : zero);
    }
  return k_wear * wear + k_stain * stain;
}

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
  /* weathered bricks' own stains take the place of half the mottle */
  const float calm = plain && boxed && pf->stain > 0.0 ? 1.0f - 0.5f * (float) pf->stain : 1.0f;
  const float grit_face = FACE_SAND * g, mottle = FACE_MOTTLE * g * calm,
              patch = FACE_PATCH * g * calm;
  /* pits sink a third as far as they darken */
  const float pit_c = PIT_DEPTH * g, pit_h = color ? pit_c : pit_c / 3.0f;
  /* the face's middle: its relief is what it holds above and below */
  const float middle = plain ? 0.55f : 0.5f;
  const float wear_pixels = (float) pf->wear_pixels, inv_bevel = (float) pf->inv_bevel;
  /* a weathered brick's outline wanders with its stain rather than the
   * wear's finer noise (which reads as a noise-displaced edge) */
  const float bulge = (float) pf->bulge * (plain && boxed && pf->stain > 0.0 ? 0.3f : 1.0f);
  const TsrPieceRow *pr = row->pieces;
  const VF skew = boxed ? v_loadf (pr->skew + i) : v_splatf (0.0f);
  const VF ox = offset_lanes (row->x, pr->cx, i), oy = offset_lanes (row->y, pr->cy, i);
  /* a box turned askew by a small angle: the point in its frame */
  const VF lx = ox + skew * oy, ly = oy - skew * ox;
  const VF grit = v_loadf (row->grit + i), wear = v_loadf (row->wear + i);
  VF mortar = M * (1.0f - pits * (1.0f + grit));
  /* weathered plain boxes: the stain's noise times the piece's weathering */
  const gboolean stained = plain && boxed && pf->stain > 0.0;
  const float st_amount = (float) pf->stain;
  const VF weather = stained ? v_loadf (pr->weather + i) : v_splatf (0.0f);
  const VF sw = stained ? weather * v_loadf (row->stain + i) : v_splatf (0.0f);
  VF bite = v_splatf (0.0f), dbite = v_splatf (0.0f);
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
  if (stained)
    {
      /* the outline wandering at the stain's larger scale too, and broken
       * off where the stain is lowest */
      bite = ramp01 ((BITE_FROM - sw) * BITE_K, &dbite, BITE_K);
      e = e + (float) pf->bite * (STAIN_BULGE * sw - bite);
    }
  edge = e <= 0.0f;
  /* no bevel: a step up at the edge; a box's bevel its own */
  {
    const VF k_bevel = boxed ? inv_bevel * v_loadf (pr->bevel_k + i) : v_splatf (inv_bevel);

    t = pf->inv_bevel < G_MAXDOUBLE ? e * k_bevel : v_sel (e > 0.0f, one, zero);
    p = v_sel (t < 1.0f, t * (2.0f - t), one);
    dp = pf->inv_bevel < G_MAXDOUBLE ? v_sel (t < 1.0f, (2.0f - 2.0f * t) * k_bevel, zero)
                                     : zero;
  }
  if (plain)
    {
      pit = ramp01 ((PIT_FROM - grit) * PIT_K, &dpit, PIT_K);
      if (stained)
        pit = STAIN_PITS * pit, dpit = STAIN_PITS * dpit;
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
      const float mortar_shade = boxed ? LIP_SHADE : MORTAR_SHADE;
      /* weathered bricks' faces keep their colour to the arris: the
       * cavities and the light shade the relief (a dark rim round every
       * brick reads as an outline) */
      const float bevel_shade = stained ? 0.0f : BEVEL_SHADE;
      const float rim_shade = stained ? 0.0f : RIM_SHADE;
      /* a chip's broken clay lies below the bevel's start */
      const VF pc = v_maxf (p, zero);
      const VF grain = v_loadf (row->grain + i);
      const VF hue_x = v_loadf (pr->hue_x + i), hue_y = v_loadf (pr->hue_y + i);
      /* a chip or a dent in the outline shows the joint behind */
      const VI mortar_here = edge;
      VF fm, dalpha;
      VI fm_inside;

      VF pale = zero, dpale = zero, soot = zero, dsoot = zero, split = zero, dsplit = zero;

      if (plain)
        face = face + FACE_GRAIN * g * (stained ? 0.45f + 0.2f * weather : one) * grain
               + v_maskf (grain > SPECK_FROM * amount, SPECK * g * amount);
      if (stained)
        {
          pale = ramp01 ((sw - PALE_FROM) * PALE_K, &dpale, PALE_K);
          soot = ramp01 ((SOOT_FROM - sw) * SOOT_K, &dsoot, SOOT_K);
          face = face + st_amount * (STAIN_TONE * sw + PALE * pale - SOOT * soot - STAIN_DEEPER)
                 + STREAK * g * v_loadf (row->streak + i);
          /* a brick weathered in two tones either side of a line across
           * it, SPLIT_SOFT pixels soft (sharper reads as cut) */
          split = ramp01 ((v_loadf (pr->split_nx + i) * ox + v_loadf (pr->split_ny + i) * oy
                           - v_loadf (pr->split_c + i)) * (1.0f / SPLIT_SOFT) + 0.5f,
                          &dsplit, 1.0f / SPLIT_SOFT);
          face = face + v_loadf (pr->split_k + i) * split;
        }
      /* a worn arris' light: the cosine of its turn to the sky (> 0 turned
       * away), over ARRIS_WIDTH bevels in from the edge, fading as (1 - q)^2 */
      const VF a_sky = SKY_X * ddx + SKY_Y * ddy;
      const VF k_q = pf->inv_bevel < G_MAXDOUBLE
                     ? (1.0f / ARRIS_WIDTH) * inv_bevel * v_loadf (pr->bevel_k + i)
                     : v_splatf (1.0f / ARRIS_WIDTH);
      VF dq;
      const VF q = ramp01 (e * k_q, &dq, 1.0f);
      const VF arris = (float) pf->arris * (1.0f - q) * (1.0f - q);

      dq = dq * k_q;
      f = face + v_loadf (pr->tone + i) + hue_x * ox + hue_y * oy
          - bevel_shade * (1.0f - pc) * (1.0f - pc) - rim_shade * rim * rim - arris * a_sky;
      /* the joint's cast shade, boxes only: a polygon's depth gradient
       * turns in its corners' rounding, whose curvature the kernel is not
       * given */
      VF wc_x = zero, wc_y = zero, wn_x = zero, wn_y = zero;
      const VF wn = boxed ? joint_wander (row, i, grad, stained, wear, &wn_x, &wn_y) : zero;
      const VF wc = boxed ? joint_cast (pf, pr, i, grad, lx, ly, cut_in, depth, ddx, ddy, wn,
                                        wn_x, wn_y, stained, &wc_x, &wc_y)
                          : zero;

      fm = (boxed ? (pf->crack ? CRACK_BASE : stained ? LIP_LIT : LIP_BASE) : MORTAR_BASE)
           + (boxed ? 0.8f : 1.0f) * MORTAR_SAND * g * grit
           + (stained ? LIP_GRAIN : boxed ? 0.5f * MORTAR_GRAIN : MORTAR_GRAIN) * grain
           - mortar_shade * shade * shade - MORTAR_CAST * wc;
      fm_inside = (fm > 0.0f) & (fm < 0.999f);
      fm = M * v_minf (v_maxf (fm, zero), v_splatf (0.999f));
      /* a piece's colour stays off the mortar's part of the ramp */
      inside = (f > 0.01f) & (f < 1.0f);
      top = M + (1.0f - M) * v_minf (v_maxf (f, v_splatf (0.01f)), one);
      /* The outline anti-aliased: the piece covers alpha of a pixel on its
       * edge.  The two colours lie in two parts of the ramp, so a pixel
       * takes the part of the side it mostly is on and, in it, the place
       * as bright as the other side's (a ramp's place stands for its
       * brightness), blended by the share: black shadow to dark clay,
       * a pale lip to pale clay, never through the ramp between.  (Boxes
       * only, so far: stones keep their step.) */
      const VF alpha = ramp01 (e * (float) pf->inv_pixel + 0.5f, &dalpha, (float) pf->inv_pixel);
      const VI on_piece = ~mortar_here;
      const VF brick_like = M + (1.0f - M) * (fm * (1.0f / M));
      const VF mortar_like = M * (top - M) * (1.0f / (1.0f - M)) * 0.999f;
      const VF from = v_sel (on_piece, brick_like, fm), to = v_sel (on_piece, top, mortar_like);
      v_storef (out + i, boxed ? from + alpha * (to - from) : v_sel (mortar_here, fm, top));
      if (grad)
        {
          /* the smooth parts' slopes (the grain is flat over a pixel) */
          const VF grit_x = v_loadf (row->grit_x + i), grit_y = v_loadf (row->grit_y + i);
          const VF wear_x = v_loadf (row->wear_x + i), wear_y = v_loadf (row->wear_y + i);
          const VF dw = wear_pixels * w01 - bulge;
          /* the stain's slopes (the piece's weathering is flat over it) */
          const VF sw_x = stained ? weather * v_loadf (row->stain_x + i) : zero;
          const VF sw_y = stained ? weather * v_loadf (row->stain_y + i) : zero;
          /* d e per unit of the stain's slope, and the face's */
          const VF k_bite = (float) pf->bite * (dbite + STAIN_BULGE);
          const VF k_face = st_amount * (STAIN_TONE + PALE * dpale + SOOT * dsoot);
          /* d(1 - pc)^2, d rim^2 and d shade^2 per unit of their
           * argument's slope */
          const VF k_bevel = v_sel (p > 0.0f, 2.0f * bevel_shade * (1.0f - pc) * dp, zero)
                             + 2.0f * (float) pf->arris * a_sky * (1.0f - q) * dq;
          const VF k_rim = v_sel (depth * rim_k < 1.0f, 2.0f * rim_shade * rim * rim_k, zero);
          const VF k_shade = v_sel ((shade > 0.0f) & (shade < 1.0f),
                                    -2.0f * mortar_shade * shade * inv_shadow, zero);
          VF df_x, df_y, dm_x, dm_y;

          face_slopes (row, i, plain, grit_face + pit_h * dpit, mottle + patch * dlift,
                       grit_x, grit_y, wear_x, wear_y, &df_x, &df_y);
          df_x = df_x + v_loadf (pr->tone_x + i) + hue_x
                 + k_bevel * (ddx - dw * wear_x + k_bite * sw_x) + k_rim * ddx + k_face * sw_x;
          df_y = df_y + v_loadf (pr->tone_y + i) + hue_y
                 + k_bevel * (ddy - dw * wear_y + k_bite * sw_y) + k_rim * ddy + k_face * sw_y;
          if (pf->arris > 0.0)
            {
              /* the arris' light turning round the corners */
              VF a_x, a_y;

              sky_turn (pr, i, lx, ly, cut_in, &a_x, &a_y);
              df_x = df_x - arris * a_x;
              df_y = df_y - arris * a_y;
            }
          if (stained)
            {
              const VF k_split = v_loadf (pr->split_k + i) * dsplit;

              df_x = df_x + k_split * v_loadf (pr->split_nx + i);
              df_y = df_y + k_split * v_loadf (pr->split_ny + i);
            }
          dm_x = M * ((boxed ? 0.8f : 1.0f) * MORTAR_SAND * g * grit_x + k_shade * ddx - MORTAR_CAST * wc_x);
          dm_y = M * ((boxed ? 0.8f : 1.0f) * MORTAR_SAND * g * grit_y + k_shade * ddy - MORTAR_CAST * wc_y);
          {
            /* the two sides' slopes, the like places' by the same scales,
             * and the share's (e's slope) */
            const VF dfm_x = v_sel (fm_inside, dm_x, zero), dfm_y = v_sel (fm_inside, dm_y, zero);
            const VF dtop_x = v_sel (inside, (1.0f - M) * df_x, zero);
            const VF dtop_y = v_sel (inside, (1.0f - M) * df_y, zero);
            const VF dfrom_x = v_sel (on_piece, (1.0f - M) / M * dfm_x, dfm_x);
            const VF dfrom_y = v_sel (on_piece, (1.0f - M) / M * dfm_y, dfm_y);
            const VF dto_x = v_sel (on_piece, dtop_x, 0.999f * M / (1.0f - M) * dtop_x);
            const VF dto_y = v_sel (on_piece, dtop_y, 0.999f * M / (1.0f - M) * dtop_y);
            const VF de_x = ddx - dw * wear_x + k_bite * sw_x;
            const VF de_y = ddy - dw * wear_y + k_bite * sw_y;

            if (boxed)
              {
                v_storef (gx + i, dfrom_x + alpha * (dto_x - dfrom_x) + (to - from) * dalpha * de_x);
                v_storef (gy + i, dfrom_y + alpha * (dto_y - dfrom_y) + (to - from) * dalpha * de_y);
              }
            else
              {
                v_storef (gx + i, v_sel (mortar_here, dfm_x, dtop_x));
                v_storef (gy + i, v_sel (mortar_here, dfm_y, dtop_y));
              }
          }
        }
      return;
    }
  /* the height: the piece's lift and tilt, its face's relief, and the
   * bevel's profile */
  /* a dome: q (2 - q) of the depth over the half width, q = 1 from there */
  {
    const VF q = v_minf (depth * v_loadf (pr->rim_k + i) * (1.0f / 3.0f), one);

    const VF dome_k = boxed ? (float) pf->dome * v_loadf (pr->dome_k + i)
                            : v_splatf ((float) pf->dome);

    dome = dome_k * q * (2.0f - q);
    ddome = v_sel (q < 1.0f, dome_k * (2.0f - 2.0f * q) * v_loadf (pr->rim_k + i)
                             * (1.0f / 3.0f), zero);
  }
  f = 0.55f + v_loadf (pr->lift + i) + (float) pf->relief * (face - middle) + dome
      + v_loadf (pr->lean_x + i) * ox + v_loadf (pr->lean_y + i) * oy;
  VF hollow = zero, dhollow = zero, wc_x = zero, wc_y = zero;

  if (stained)
    {
      /* a weathered wall's joint raked: deep under the brick that shades
       * it, up to a lip against the one across it (the colour's lit lip) */
      VF wn_x = zero, wn_y = zero;
      const VF wn = joint_wander (row, i, grad, stained, wear, &wn_x, &wn_y);
      const VF wc = joint_cast (pf, pr, i, grad, lx, ly, cut_in, depth, ddx, ddy, wn, wn_x,
                                wn_y, TRUE, &wc_x, &wc_y);

      mortar = mortar + LIP_RAISE * (1.0f - wc) - LIP_TRENCH * wc;
    }

  if (stained)
    {
      /* the face uneven over the stain, sunk in hollows under the soot */
      hollow = ramp01 ((HOLLOW_FROM - sw) * HOLLOW_K, &dhollow, HOLLOW_K);
      f = f + st_amount * (STAIN_HEIGHT * sw - HOLLOW * hollow);
    }
  inside = (f > 0.0f) & (f < 1.0f);
  top = M + (1.0f - M) * v_sel (f > 1.0f, one, v_sel (f < 0.0f, zero, f));
  v = v_sel (edge, mortar, mortar + (top - mortar) * p);
  v_storef (out + i, v);
  if (grad)
    {
      const VF dw = wear_pixels * w01 - bulge;
      const VF grit_x = v_loadf (row->grit_x + i), grit_y = v_loadf (row->grit_y + i);
      const VF wear_x = v_loadf (row->wear_x + i), wear_y = v_loadf (row->wear_y + i);
      const VF dm_x = d_mortar * grit_x - (LIP_RAISE + LIP_TRENCH) * wc_x;
      const VF dm_y = d_mortar * grit_y - (LIP_RAISE + LIP_TRENCH) * wc_y;
      VF df_x, df_y, dt_x, dt_y;

      face_slopes (row, i, plain, grit_face + pit_h * dpit, mottle + patch * dlift, grit_x,
                   grit_y, wear_x, wear_y, &df_x, &df_y);
      const VF sw_x = stained ? weather * v_loadf (row->stain_x + i) : zero;
      const VF sw_y = stained ? weather * v_loadf (row->stain_y + i) : zero;
      const VF k_face = st_amount * (STAIN_HEIGHT + HOLLOW * dhollow);
      const VF k_bite = (float) pf->bite * (dbite + STAIN_BULGE);

      df_x = (float) pf->relief * df_x + v_loadf (pr->lean_x + i) + ddome * ddx + k_face * sw_x;
      df_y = (float) pf->relief * df_y + v_loadf (pr->lean_y + i) + ddome * ddy + k_face * sw_y;
      dt_x = v_sel (inside, (1.0f - M) * df_x, zero);
      dt_y = v_sel (inside, (1.0f - M) * df_y, zero);
      v_storef (gx + i, v_sel (edge, dm_x, dm_x * (1.0f - p) + dt_x * p
                                           + (top - mortar) * dp
                                             * (ddx - dw * wear_x + k_bite * sw_x)));
      v_storef (gy + i, v_sel (edge, dm_y, dm_y * (1.0f - p) + dt_y * p
                                           + (top - mortar) * dp
                                             * (ddy - dw * wear_y + k_bite * sw_y)));
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

/* The bisectors between point m and the others. */
static void
stone_pairs (TsrStoneCells *sc, int m)
{
  for (int k = 0; k < 9; k++)
    if (k != m)
      {
        const double ex = sc->sx[m] - sc->sx[k], ey = sc->sy[m] - sc->sy[k];
        const double len = sqrt (ex * ex + ey * ey);

        sc->ux[m][k] = ex / len;
        sc->uy[m][k] = ey / len;
        sc->inv_2len[m][k] = 0.5 / len;
      }
  /* never read: a lane's own point is no border of its own */
  sc->ux[m][m] = sc->uy[m][m] = sc->inv_2len[m][m] = 0.0;
  sc->pair_ready[m] = TRUE;
}

/* Table t's entries [nearest][k] at the lanes' nearest. */
TSR_VINLINE VD
pair_lanes (const double (*t)[9], const gint64 *m, int k)
{
  double v[VN / 2];

  for (int l = 0; l < VN / 2; l++)
    v[l] = t[m[l]][k];
  return v_loadd (v);
}

/* VN / 2 points a vector, in double as pieces-layout.c's scalar search
 * did: the same operations in the same order in every lane. */
static void
stone_row (TsrStoneCells *sc, const double *x, const double *y, gsize n, TsrStoneEdges *out,
           gsize at)
{
  double xs[TSR_CHUNK], ys[TSR_CHUNK];

  /* the run's points, the last one again to whole vectors */
  for (gsize i = 0; i < (n + VN / 2 - 1) / (VN / 2) * (VN / 2); i++)
    {
      xs[i] = x[MIN (i, n - 1)];
      ys[i] = y[MIN (i, n - 1)];
    }
  for (gsize i = 0; i < n; i += VN / 2)
    {
      const VD px = v_loadd (xs + i), py = v_loadd (ys + i), far = v_splatd (G_MAXDOUBLE);
      EdgesLanes ne = edges_lanes_init ();
      VD d[9], best = far;
      VL nearest = (VL) { 0 };
      gint64 m[VN / 2];
      gboolean same = TRUE;

      for (int k = 0; k < 9; k++)
        {
          const VD ex = px - v_splatd (sc->sx[k]), ey = py - v_splatd (sc->sy[k]);
          VL lt;

          d[k] = ex * ex + ey * ey - v_splatd (sc->sw[k]);
          lt = d[k] < best;
          best = v_seld (lt, d[k], best);
          nearest = (nearest & ~lt) | (((VL) { 0 } + k) & lt);
        }
      memcpy (m, &nearest, sizeof m);
      for (int l = 0; l < VN / 2; l++)
        {
          same = same && m[l] == m[0];
          if (!sc->pair_ready[m[l]])
            stone_pairs (sc, (int) m[l]);
        }
      if (same)
        {
          /* every lane's nearest the same: its own point is no border in
           * any lane, the others' in all */
          const int m0 = (int) m[0];
          const VL all = (VL) { 0 } == 0;

          for (int k = 0; k < 9; k++)
            if (k != m0)
              edges_lanes_add (&ne, all, (d[k] - best) * v_splatd (sc->inv_2len[m0][k]),
                               v_splatd (sc->ux[m0][k]), v_splatd (sc->uy[m0][k]));
        }
      else
        for (int k = 0; k < 9; k++)
          {
            const VL other = nearest != ((VL) { 0 } + k);
            const VD b = (d[k] - best) * pair_lanes (sc->inv_2len, m, k);
            const VD gx = pair_lanes (sc->ux, m, k), gy = pair_lanes (sc->uy, m, k);

            edges_lanes_add (&ne, other, b, gx, gy);
          }
      /* whole vectors: out's arrays have room for one past TSR_CHUNK */
      for (gsize l = 0; l < VN / 2; l++)
        out->nearest[at + i + l] = (gint32) m[l];
      memcpy (out->d0 + at + i, &ne.d0, sizeof ne.d0);
      memcpy (out->d1 + at + i, &ne.d1, sizeof ne.d1);
      memcpy (out->g0x + at + i, &ne.g0x, sizeof ne.g0x);
      memcpy (out->g0y + at + i, &ne.g0y, sizeof ne.g0y);
      memcpy (out->g1x + at + i, &ne.g1x, sizeof ne.g1x);
      memcpy (out->g1y + at + i, &ne.g1y, sizeof ne.g1y);
    }
}

/* pieces-layout.c's edges_depth a vector of lanes at a time: the corner's
 * rounding selected where the two nearest edges are within the radius
 * (worked out only in vectors with such a lane), the same operations in
 * the same order. */
static void
stone_depth_row (const TsrStoneEdges *e, gsize n, double radius, double half_gap, float *depth,
                 float *ddx, float *ddy)
{
  for (gsize i = 0; i < n; i += VN / 2)
    {
      const VD d0 = v_loadd (e->d0 + i), g0x = v_loadd (e->g0x + i), g0y = v_loadd (e->g0y + i);
      const VL round = radius > 0 ? v_loadd (e->d1 + i) - d0 < radius : (VL) { 0 };
      VD d = d0, dx = g0x, dy = g0y;

      if (v_any ((VI) round))
        {
          const VD h = (radius - (v_loadd (e->d1 + i) - d0)) / radius;

          d = v_seld (round, d0 - 0.25 * radius * h * h, d0);
          dx = v_seld (round, (1.0 - 0.5 * h) * g0x + 0.5 * h * v_loadd (e->g1x + i), g0x);
          dy = v_seld (round, (1.0 - 0.5 * h) * g0y + 0.5 * h * v_loadd (e->g1y + i), g0y);
        }
      v_store_d_f (depth + i, d - half_gap);
      v_store_d_f (ddx + i, dx);
      v_store_d_f (ddy + i, dy);
    }
}

#define KERNELS_NAME_(isa) tsr_pieces_kernels_##isa
#define KERNELS_NAME(isa)  KERNELS_NAME_ (isa)

const TsrPiecesKernels KERNELS_NAME (TSR_ISA) = { stone_row, stone_depth_row, profile_row,
                                                    box_depth_row };
