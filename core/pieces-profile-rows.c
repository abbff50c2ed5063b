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

/* One vector of the profile; grad, plain and boxed are constants at
 * every call, so each combination compiles to its own loop. */
TSR_VINLINE void
profile_lanes (const TsrProfile *pf, const TsrProfileRow *row, gsize i, gboolean grad,
               gboolean plain, gboolean boxed, float *out, float *gx, float *gy)
{
  const double M = TSR_MORTAR_TOP, g = pf->grit;
  const double pits = 0.3 * g, d_mortar = -TSR_MORTAR_TOP * 0.3 * g;
  const double grit_face = 0.2 * g, mottle = 0.3 * g;
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
  VD e, t, p, dp, face, f, top, v;
  VL edge, inside;

  if (boxed)
    box_depth_lanes (pr, i, lx, ly, &depth, &ddx, &ddy);
  else
    {
      depth = v_loadd (pr->depth + i);
      if (grad)
        ddx = v_loadd (pr->ddx + i), ddy = v_loadd (pr->ddy + i);
    }
  e = depth - pf->wear_pixels * w01 * w01;
  edge = e <= 0.0;
  if (plain)
    /* fine grit over a mottle as large as the chips */
    face = 0.55 + grit_face * grit + mottle * wear;
  else
    face = v_loadf_d (row->face + i);
  if (pf->color)
    {
      /* the colour: the piece's tone over its face, flat to the edge */
      f = face + v_loadd (pr->tone + i);
      p = one;
      dp = zero;
    }
  else
    {
      /* the height: the piece's lift and tilt, its face's relief, and
       * the bevel's profile */
      t = e * pf->inv_bevel;
      p = sel (t < 1.0, t * (2.0 - t), one);
      dp = sel (t < 1.0, (2.0 - 2.0 * t) * pf->inv_bevel, zero);
      f = 0.55 + v_loadd (pr->lift + i) + pf->relief * (face - middle)
          + v_loadd (pr->lean_x + i) * lx + v_loadd (pr->lean_y + i) * ly;
    }
  inside = (f > 0.0) & (f < 1.0);
  top = M + (1.0 - M) * sel (f > 1.0, one, sel (f < 0.0, zero, f));
  v = sel (edge, mortar, mortar + (top - mortar) * p);
  v_store_d_f (out + i, v);
  if (grad)
    {
      const VD dw = pf->wear_pixels * w01;
      const VD grit_x = v_loadf_d (row->grit_x + i), grit_y = v_loadf_d (row->grit_y + i);
      const VD wear_x = v_loadf_d (row->wear_x + i), wear_y = v_loadf_d (row->wear_y + i);
      const VD dm_x = d_mortar * grit_x, dm_y = d_mortar * grit_y;
      VD df_x, df_y, dt_x, dt_y;

      if (plain)
        {
          df_x = grit_face * grit_x + mottle * wear_x;
          df_y = grit_face * grit_y + mottle * wear_y;
        }
      else
        df_x = v_loadf_d (row->face_x + i), df_y = v_loadf_d (row->face_y + i);
      if (!pf->color)
        {
          df_x = pf->relief * df_x + v_loadd (pr->lean_x + i);
          df_y = pf->relief * df_y + v_loadd (pr->lean_y + i);
        }
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
              gboolean plain, gboolean boxed, float *out, float *gx, float *gy)
{
  for (gsize i = 0; i < n; i += NH)
    profile_lanes (pf, row, i, grad, plain, boxed, out, gx, gy);
}

static void
profile_row (const TsrProfile *pf, const TsrProfileRow *row, gsize n, float *out, float *gx,
             float *gy)
{
  const gboolean plain = row->face == NULL;

  /* each case its own loop, its flags constant */
  switch ((gx != NULL) * 4 + plain * 2 + pf->boxed)
    {
    case 0: profile_loop (pf, row, n, FALSE, FALSE, FALSE, out, gx, gy); break;
    case 1: profile_loop (pf, row, n, FALSE, FALSE, TRUE, out, gx, gy); break;
    case 2: profile_loop (pf, row, n, FALSE, TRUE, FALSE, out, gx, gy); break;
    case 3: profile_loop (pf, row, n, FALSE, TRUE, TRUE, out, gx, gy); break;
    case 4: profile_loop (pf, row, n, TRUE, FALSE, FALSE, out, gx, gy); break;
    case 5: profile_loop (pf, row, n, TRUE, FALSE, TRUE, out, gx, gy); break;
    case 6: profile_loop (pf, row, n, TRUE, TRUE, FALSE, out, gx, gy); break;
    default: profile_loop (pf, row, n, TRUE, TRUE, TRUE, out, gx, gy); break;
    }
}

#define KERNELS_NAME_(isa) tsr_pieces_kernels_##isa
#define KERNELS_NAME(isa)  KERNELS_NAME_ (isa)

const TsrPiecesKernels KERNELS_NAME (TSR_ISA) = { profile_row, box_depth_row };
