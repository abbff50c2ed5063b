/* Cracked earth (pattern `cracks`): dried mud split into plates.
 *
 * Mud shrinks and cracks in a hierarchy: the first cracks run long and
 * close into plates of many sizes; later ones start from them and die
 * out inside a plate.  Here the plates are the cells of a power diagram
 * (rock-cells.h) seen through a smooth warp, so their borders wander;
 * the primary cracks are hairlines along those borders whose width
 * swells and thins along them; the secondary cracks are the borders of
 * a finer diagram: right across some plates (which so split into
 * smaller ones), and elsewhere only near a primary crack and where a
 * mask lets them, thinning to nothing away from it: branches that taper
 * and end.  A drying plate's edge curls up into a thin lip before it
 * drops into its crack; the plates carry a mottle, crumbs and a grit of
 * their own.  The value is the height: low in the cracks.  Every part is
 * differentiable (rock-slope.h), so the slopes are analytic. */
#include <math.h>

#include "patterns/pattern-impl.h"
#include "patterns/rock/rock-cells.h"
#include "patterns/rock/rock-slope.h"

/* secondary cells per primary cell, along each side */
#define FINER 1.7
/* a primary crack heals shut where its swell falls from HEAL_TO to
 * HEAL_FROM: it ends inside the mud, and the plates either side are one */
#define HEAL_FROM (-0.9)
#define HEAL_TO   (-0.6)
/* a crack's walls slope over this many times the pixel's soft edge (a
 * crisp one-pixel wall reads, lit, as a line drawn round every plate),
 * and no wider: a crack wider than its walls has a flat floor */
#define CRACK_SOFT 1.4
/* the plates' cells this many times the size asked for, before some of
 * them split: the pieces' sizes spread from a third of it to twice */
#define PLATE_SPAN 1.35
/* the share of plates crossed right through by finer cracks */
#define SPLIT_SHARE 0.5
/* plate to plate, their level (and so their tone) differs by up to this */
#define PLATE_TONE 0.18
/* crumbs on a plate's top, this share of the size across */
#define LUMP_SIZE 0.14
/* the noise fields read a row at a time */
#define FIELDS 7

typedef struct
{
  TsrRockCells plates, splits;
  TsrFractal   warp_x, warp_y, width, mask, mottle, lumps, grit;
  double       warp;        /* the warp's reach, pixels */
  double       half_width;  /* a primary crack's half width, pixels */
  double       reach;       /* how far from a primary crack branches show */
  double       curl;        /* how far a plate's edge rounds over, and over what */
  double       curl_reach;
  double       rim;         /* how high a plate's lip stands, and how wide */
  double       rim_reach;
  double       dome_reach;  /* a plate rises from its cracks over this */
  double       fp;          /* pixels a shown pixel spans */
} CracksState;

static void
prepare_cracks (TsrTexture *tex)
{
  CracksState *st = tex->state;
  const double size = tsr_rock_size (tex);
  const int nx = tsr_rock_count (tex->period_w, PLATE_SPAN * size);
  const int ny = tsr_rock_count (tex->period_h, PLATE_SPAN * size);
  const int fx = tsr_rock_count (tex->period_w, PLATE_SPAN * size / FINER);
  const int fy = tsr_rock_count (tex->period_h, PLATE_SPAN * size / FINER);
  const guint32 seed = tsr_hash1 ((guint32) tex->common.seed, TSR_SALT_CRACKS_CELLS);

  tsr_rock_cells_init (&st->plates, tex, nx, ny, 0.9, 0.3, seed);
  tsr_rock_cells_init (&st->splits, tex, fx, fy, 0.9, 0.15, tsr_mix32 (seed + 1));
  tsr_rock_noise_init (tex, TSR_SALT_CRACKS_FIELDS, 0.7 * size, 0.7 * size, 2, TRUE,
                       &st->warp_x);
  tsr_rock_noise_init (tex, TSR_SALT_CRACKS_FIELDS + 1, 0.7 * size, 0.7 * size, 2, TRUE,
                       &st->warp_y);
  tsr_rock_noise_init (tex, TSR_SALT_CRACKS_FIELDS + 2, 0.4 * size, 0.4 * size, 2, TRUE,
                       &st->width);
  tsr_rock_noise_init (tex, TSR_SALT_CRACKS_FIELDS + 3, 0.5 * size, 0.5 * size, 2, TRUE,
                       &st->mask);
  tsr_rock_noise_init (tex, TSR_SALT_CRACKS_FIELDS + 4, 0.4 * size, 0.4 * size, 4, TRUE,
                       &st->mottle);
  tsr_rock_noise_init (tex, TSR_SALT_CRACKS_FIELDS + 5, 1.5, 1.5, 1, TRUE, &st->grit);
  tsr_rock_noise_init (tex, TSR_SALT_CRACKS_FIELDS + 6, LUMP_SIZE * size, LUMP_SIZE * size,
                       2, TRUE, &st->lumps);
  st->warp = 0.14 * size;
  /* hairlines: a pixel or so wide on plates 40 pixels across, wider on
   * larger ones, less than in proportion */
  st->half_width = 1.5 * sqrt (size / 40.0);
  st->reach = 0.4 * size;
  /* a rounding a pixel or two wide and low, and a lip as narrow: a
   * broader bevel reads, lit, as an airbrushed band down one side of
   * every crack */
  st->curl = 0.06 * MIN (1.0, size / 24.0);
  st->curl_reach = MAX (2.0, 0.06 * size);
  st->rim = 0.1;
  st->rim_reach = 1.5 * st->half_width + 1.5 * MAX (1, tex->footprint);
  st->dome_reach = 0.4 * size;
  st->fp = tex->footprint;
}

/* A field's value and gradient at point i. */
static inline TsrRockSlope
field (const float *v, const float *gx, const float *gy, gsize i)
{
  return rs (v[i], gx[i], gy[i]);
}

/* A cell's depth at the warped point q, as a slope in the unwarped
 * point: the gradient through the warp's Jacobian (I + warp * J). */
static TsrRockSlope
warped_depth (const TsrRockCells *cells, TsrRockAround *around, double qx, double qy,
              double warp, TsrRockSlope wx, TsrRockSlope wy, guint32 *id)
{
  TsrRockCell c;

  tsr_rock_cells_locate (cells, qx, qy, around, &c);
  *id = c.id;
  return rs (c.depth, c.dx * (1.0 + warp * wx.x) + c.dy * warp * wy.x,
             c.dx * warp * wx.y + c.dy * (1.0 + warp * wy.y));
}

/* 1 at d = 0 falling to 0 at d = r, (1 - d / r)^2, where r varies too. */
static inline TsrRockSlope
fall_off_over (TsrRockSlope d, TsrRockSlope r)
{
  const double t = d.v / r.v;

  if (t >= 1.0 || t < 0.0)
    return rs (t < 0.0 ? 1.0 : 0.0, 0.0, 0.0);
  /* dt = (dd - t dr) / r */
  return rs ((1.0 - t) * (1.0 - t), -2.0 * (1.0 - t) * (d.x - t * r.x) / r.v,
             -2.0 * (1.0 - t) * (d.y - t * r.y) / r.v);
}

/* How much of the pixel a crack covers, as a slope: a crack wider than
 * its wall has a flat floor and walls `wall` pixels wide (a V the width
 * of the crack reads, lit, as a soft band down one side of it). */
static inline TsrRockSlope
crack_cover (TsrRockSlope d, TsrRockSlope w, double fp)
{
  const double wall = 1.3 * MAX (fp, 1.0);
  double dd, dw;

  if (w.v > wall)
    {
      const double t = CLAMP ((d.v - (w.v - wall)) / wall, 0.0, 1.0);
      const double dstep = 6.0 * t * (1.0 - t) / wall;

      dd = -dstep;
      dw = dstep;
      return rs (1.0 - t * t * (3.0 - 2.0 * t), dd * d.x + dw * w.x, dd * d.y + dw * w.y);
    }
  {
    const double c = tsr_rock_line_cover (d.v, w.v, fp, &dd, &dw);

    return rs (c, dd * d.x + dw * w.x, dd * d.y + dw * w.y);
  }
}

static void
cracks_row (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
            float *gx, float *gy)
{
  const CracksState *st = tex->state;
  float f[FIELDS][TSR_CHUNK], fgx[FIELDS][TSR_CHUNK], fgy[FIELDS][TSR_CHUNK];
  const TsrFractal *fields[FIELDS] = { &st->warp_x, &st->warp_y, &st->width, &st->mask,
                                  &st->mottle, &st->grit, &st->lumps };

  TsrRockAround *around = g_new (TsrRockAround, 2);

  around[0].valid = around[1].valid = FALSE;
  for (int k = 0; k < FIELDS; k++)
    {
      tsr_fractal_row_grad (fields[k], x, y, n, f[k], gx != NULL ? fgx[k] : NULL, fgy[k]);
      /* values only: the slopes worked out below are not read */
      for (gsize i = 0; gx == NULL && i < n; i++)
        fgx[k][i] = fgy[k][i] = 0.0f;
    }
  for (gsize i = 0; i < n; i++)
    {
      const TsrRockSlope wx = field (f[0], fgx[0], fgy[0], i);
      const TsrRockSlope wy = field (f[1], fgx[1], fgy[1], i);
      const TsrRockSlope swell = field (f[2], fgx[2], fgy[2], i);
      const TsrRockSlope mask = field (f[3], fgx[3], fgy[3], i);
      const double qx = x[i] + st->warp * wx.v, qy = y[i] + st->warp * wy.v;
      guint32 plate, split;
      const TsrRockSlope d1 = warped_depth (&st->plates, &around[0], qx, qy, st->warp, wx, wy, &plate);
      const TsrRockSlope d2 = warped_depth (&st->splits, &around[1], qx, qy, st->warp, wx, wy, &split);
      /* a primary crack's width swells and thins along it several-fold,
       * (1 + swell)^2: from a hairline that all but heals to twice and more
       * the usual */
      const TsrRockSlope open = rs_add (rs (1.0, 0, 0), swell);
      const TsrRockSlope w1 = rs_mul (rs_scale (rs_add (rs (0.6, 0, 0),
                                                        rs_scale (rs_mul (open, open), 0.3)),
                                                st->half_width),
                                      rs_smooth_step (HEAL_FROM, HEAL_TO, swell));
      /* some plates are crossed right through by finer cracks (healing
       * shut here and there where the mask falls): plates of many sizes;
       * elsewhere branches near the primary cracks, where the mask lets
       * them, thinning to nothing away from them */
      const TsrRockSlope shown = tsr_rock_unit (plate, 5) < SPLIT_SHARE
                                 ? rs_smooth_step (-0.55, -0.15, mask)
                                 : rs_mul (rs_fall_off (d1, st->reach),
                                           rs_smooth_step (0.35, 0.75, mask));
      const TsrRockSlope w2 = rs_scale (rs_mul (shown, rs_add (rs (0.8, 0, 0),
                                                              rs_scale (swell, 0.4))),
                                        st->half_width);
      const TsrRockSlope c1 = crack_cover (d1, w1, CRACK_SOFT * st->fp);
      const TsrRockSlope c2 = crack_cover (d2, w2, CRACK_SOFT * st->fp);
      /* a drying plate's edge curls up into a thin lip along each crack
       * (lit on one side of it, in shadow on the other), rounding over
       * only at the very edge */
      const TsrRockSlope lip = rs_add (rs_scale (rs_fall_off (d1, st->rim_reach), st->rim),
                                       rs_scale (rs_mul (shown, rs_fall_off (d2, st->rim_reach)),
                                                 0.7 * st->rim));
      const TsrRockSlope curl = rs_scale (fall_off_over (d1, rs_scale (rs_add (rs (0.5, 0, 0),
                                                                              rs_scale (open, 0.5)),
                                                                      st->curl_reach)),
                                          -st->curl);
      TsrRockSlope h = rs (0.68 + PLATE_TONE * (tsr_rock_unit (plate, 4) - 0.5), 0, 0);

      h = rs_add (rs_add (h, curl), lip);
      /* and its middle domed, as a plate that dried from its edges */
      h = rs_add (h, rs_scale (rs_smooth_step (0.0, st->dome_reach, d1), 0.08));
      /* a broad mottle, crumbs and grit on its top */
      h = rs_add (h, rs_scale (field (f[4], fgx[4], fgy[4], i), 0.06));
      h = rs_add (h, rs_scale (field (f[6], fgx[6], fgy[6], i), 0.045));
      h = rs_add (h, rs_scale (field (f[5], fgx[5], fgy[5], i), 0.015));
      /* into the cracks: a finer one shallow, a primary one down to its
       * floor, dark where it gapes, shallow where it all but heals */
      h = rs_add (h, rs_mul (c2, rs_add (rs (0.4, 0, 0), rs_scale (h, -1.0))));
      h = rs_add (h, rs_mul (c1, rs_add (rs_add (rs (0.22, 0, 0), rs_scale (swell, -0.08)),
                                         rs_scale (h, -1.0))));
      out[i] = (float) h.v;
      if (gx != NULL)
        {
          gx[i] = (float) h.x;
          gy[i] = (float) h.y;
        }
    }
  g_free (around);
}

TSR_PATTERN_EVALS (eval_cracks, eval_cracks_grad, cracks_row)

/* Dry mud is matt; its cracks' shadowed floors no less. */
static const TsrRoughness cracks_roughness = { 0.95f, 0.8f };

const TsrPattern tsr_pattern_cracks = {
  .name = "cracks",
  .label = N_("Cracked earth"),
  .description = N_("Dried mud split into plates of many sizes by thin wandering cracks "
                    "that branch, taper and end, the plates' edges curled up"),
  .basis = TSR_BASIS_PERLIN,
  .own_group = -1,
  .palette = TSR_PALETTE_SAND,
  .state_size = sizeof (CracksState),
  .prepare = prepare_cracks,
  .eval = eval_cracks,
  .eval_grad = eval_cracks_grad,
  .roughness = &cracks_roughness,
};
