/* Cracked earth (pattern `cracks`): dried mud split into plates.
 *
 * Mud shrinks and cracks in a hierarchy: the first cracks run long and
 * close into plates of many sizes; later ones start from them and die
 * out inside a plate.  Here the plates are the cells of a power diagram
 * (rock-cells.h) seen through a smooth warp, so their borders wander;
 * the primary cracks are hairlines along those borders whose width
 * swells and thins along them; the secondary cracks are the borders of
 * a finer diagram, shown only near a primary crack and where a mask lets
 * them, thinning to nothing away from it: branches that taper and end.
 * A drying plate's edges curl up, so the height rises towards each crack
 * before dropping into it; the plates carry a mottle and a grit of their
 * own.  The value is the height: low in the cracks.  Every part is
 * differentiable (rock-slope.h), so the slopes are analytic. */
#include <math.h>

#include "patterns/pattern-impl.h"
#include "patterns/rock/rock-cells.h"
#include "patterns/rock/rock-slope.h"

/* secondary cells per primary cell, along each side */
#define FINER 1.7

typedef struct
{
  TsrRockCells plates, splits;
  TsrFractal   warp_x, warp_y, width, mask, mottle, grit;
  double       warp;        /* the warp's reach, pixels */
  double       half_width;  /* a primary crack's half width, pixels */
  double       reach;       /* how far from a primary crack branches show */
  double       curl;        /* how far a plate's edge rises, and over what */
  double       curl_reach;
  double       rim;         /* how high a crack's rim stands, and how wide */
  double       rim_reach;
  double       dome_reach;  /* a plate rises from its cracks over this */
  double       fp;          /* pixels a shown pixel spans */
} CracksState;

static void
prepare_cracks (TsrTexture *tex)
{
  CracksState *st = tex->state;
  const double size = tsr_rock_size (tex);
  const int nx = tsr_rock_count (tex->period_w, size);
  const int ny = tsr_rock_count (tex->period_h, size);
  const int fx = tsr_rock_count (tex->period_w, size / FINER);
  const int fy = tsr_rock_count (tex->period_h, size / FINER);
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
  st->warp = 0.14 * size;
  /* hairlines: a pixel or so wide on plates 40 pixels across, wider on
   * larger ones, less than in proportion */
  st->half_width = 1.5 * sqrt (size / 40.0);
  st->reach = 0.4 * size;
  /* a bevel a few pixels wide (broader reads as an airbrushed halo),
   * lower on small plates, all bevel otherwise */
  st->curl = 0.35 * MIN (1.0, size / 24.0);
  st->curl_reach = MAX (3.0, 0.1 * size);
  st->rim = 0.04;
  st->rim_reach = 2.0 * st->half_width + 2.0 * MAX (1, tex->footprint);
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

/* How much of the pixel a crack covers, as a slope. */
static inline TsrRockSlope
crack_cover (TsrRockSlope d, TsrRockSlope w, double fp)
{
  double dd, dw;
  const double c = tsr_rock_line_cover (d.v, w.v, fp, &dd, &dw);

  return rs (c, dd * d.x + dw * w.x, dd * d.y + dw * w.y);
}

static void
cracks_row (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
            float *gx, float *gy)
{
  const CracksState *st = tex->state;
  float f[6][TSR_CHUNK], fgx[6][TSR_CHUNK], fgy[6][TSR_CHUNK];
  const TsrFractal *fields[6] = { &st->warp_x, &st->warp_y, &st->width, &st->mask,
                                  &st->mottle, &st->grit };

  TsrRockAround *around = g_new (TsrRockAround, 2);

  around[0].valid = around[1].valid = FALSE;
  for (int k = 0; k < 6; k++)
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
      const TsrRockSlope w1 = rs_scale (rs_add (rs (0.15, 0, 0), rs_scale (rs_mul (open, open), 0.85)),
                                        st->half_width);
      /* branches near the primary cracks, where the mask lets them,
       * thinning to nothing away from them */
      const TsrRockSlope shown = rs_mul (rs_fall_off (d1, st->reach),
                                         rs_smooth_step (0.35, 0.75, mask));
      const TsrRockSlope w2 = rs_scale (rs_mul (shown, rs_add (rs (0.85, 0, 0),
                                                              rs_scale (swell, 0.4))),
                                        st->half_width);
      const TsrRockSlope c1 = crack_cover (d1, w1, st->fp);
      const TsrRockSlope c2 = crack_cover (d2, w2, st->fp);
      /* either crack: 1 - (1 - c1) (1 - c2) */
      const TsrRockSlope ink = rs_add (rs_add (c1, c2), rs_scale (rs_mul (c1, c2), -1.0));
      /* the plate's own level, its edges rounded a little over into its
       * cracks ((1 - d / r)^2 falls from the crack and levels off), and
       * along each crack a thin raised rim, curled up as it dried (the
       * light catches one side of it, the crack's shadow the other) */
      /* the valley wider where the crack opens wider */
      const TsrRockSlope curl = rs_add (rs_scale (fall_off_over (d1, rs_scale (rs_add (rs (0.5, 0, 0),
                                                                                   rs_scale (open, 0.5)),
                                                                           st->curl_reach)),
                                                  -st->curl),
                                        rs_scale (rs_mul (shown,
                                                          rs_fall_off (d2, 0.5 * st->curl_reach)),
                                                  -0.6 * st->curl));
      const TsrRockSlope rim = rs_add (rs_scale (rs_fall_off (d1, st->rim_reach), st->rim),
                                       rs_scale (rs_mul (shown, rs_fall_off (d2, st->rim_reach)),
                                                 0.6 * st->rim));
      TsrRockSlope h = rs (0.72 + 0.16 * (tsr_rock_unit (plate, 4) - 0.5), 0, 0);

      h = rs_add (rs_add (h, curl), rim);
      /* and its middle domed, as a plate that dried from its edges */
      h = rs_add (h, rs_scale (rs_smooth_step (0.0, st->dome_reach, d1), 0.08));
      h = rs_add (h, rs_scale (field (f[4], fgx[4], fgy[4], i), 0.1));
      h = rs_add (h, rs_scale (field (f[5], fgx[5], fgy[5], i), 0.012));
      /* into the crack: down to its floor, dark where it gapes, shallow
       * where it all but heals */
      h = rs_add (h, rs_mul (ink, rs_add (rs_add (rs (0.35, 0, 0), rs_scale (swell, -0.12)),
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
