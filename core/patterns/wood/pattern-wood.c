/* Wood, in four cuts.
 *
 * Plank (side grain, wood-plank.c): the face of a flat-sawn board, thin
 * irregular growth lines along the fibre, folded into arches by the
 * figure, bent around knots, dense rows of fine dark pore streaks along them
 * (wood-pore-lines.c), soft streaky fibre and the board's colour drifting
 * along it.
 *
 * Burl (wood-burl.c): the face of a burl, where the growth lines swirl
 * around clusters of the dormant buds' eyes, with a sheen that follows
 * the fibre.
 *
 * End grain: the sawn ends of several trees packed in the tile, as in an
 * end-grain block.  A single centre cannot tile with round rings: any
 * smooth periodic distance has a second extreme and saddles somewhere in
 * the tile (a secondary centre, squarish rings).  So the tile holds a
 * jittered 2 x 2 grid of trees; a point's rings are its distance to the
 * nearest tree (round around each), wobbled by noise and box-filtered
 * (wood-rings.h), and where two trees meet a dark glue line runs.
 * Distances wrap across the tile edges, so it tiles at any W x H.
 *
 * Log: rings are level lines of the distance r from the tree's centre.
 * When tiling, the plain distance is replaced by its periodic form
 *     r² = (W/π)² sin² (π dx / W) + (H/π)² sin² (π dy / H),
 * which equals dx² + dy² near the centre (round rings there) and repeats
 * every W x H pixels, so the rings close up smoothly across the tile edges.
 *
 * End grain and log add fine pores: noise stretched along the fibre.
 * Every cut gives its gradient analytically, through the same recipe. */
#include <math.h>

#include "math/hash.h"
#include "math/trig.h"
#include "patterns/wood/wood-internal.h"
#include "patterns/wood/wood-rings.h"

static void
prepare_pores (TsrTexture *tex, WoodState *st)
{
  /* Thin streaks, long along x. */
  const double width = MAX (1.5, tex->noise.scale / 48.0);

  wood_fractal_init (tex, TSR_SALT_WOOD_GRAIN, width * st->p.grain_stretch, width, 2, 0.5, &st->grain);
}

/* The rings' wobble of a log or of end grain: few, gentle octaves ("low
 * persistence"). */
static void
prepare_ring_wobble (TsrTexture *tex, WoodState *st)
{
  TsrFractalSpec spec;

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_WOOD_WOBBLE, &spec);
  spec.octaves = MIN (spec.octaves, 3u);
  spec.persistence *= 0.5;
  tsr_fractal_init (&st->wobble, &spec);
}

static void
prepare_log (TsrTexture *tex, WoodState *st)
{
  double pw = tex->period_w, ph = tex->period_h;

  st->cx = st->p.center_x * pw;
  st->cy = st->p.center_y * ph;
  st->rings_per_pixel = st->p.rings / (0.5 * MIN (pw, ph));
  prepare_ring_wobble (tex, st);
}

/* Trees on a jittered grid, each within the middle of its cell, so that
 * no two crowd each other out. */
static void
prepare_trees (TsrTexture *tex, WoodState *st)
{
  const double cw = tex->period_w / (double) WOOD_TREE_GRID;
  const double ch = tex->period_h / (double) WOOD_TREE_GRID;
  guint32 seed = tsr_hash1 ((guint32) tex->common.seed, TSR_SALT_WOOD_TREES);

  for (int k = 0; k < WOOD_N_TREES; k++)
    {
      guint32 h = tsr_hash1 (seed, k);
      st->tree_x[k] = cw * ((k % WOOD_TREE_GRID) + 0.25 + 0.5 * tsr_hash_unit (h));
      st->tree_y[k] = ch * ((k / WOOD_TREE_GRID) + 0.25 + 0.5 * tsr_hash_unit (tsr_mix32 (h + 1)));
    }
  st->rings_per_pixel = st->p.rings / (0.5 * MIN (cw, ch));
  prepare_ring_wobble (tex, st);
}

static void
prepare_wood (TsrTexture *tex)
{
  WoodState *st = tex->state;

  tsr_wood_params (&tex->s, &st->p);
  st->shown_pixel = tex->footprint;
  st->period_w = tex->tileable ? tex->period_w : 0;
  st->period_h = tex->tileable ? tex->period_h : 0;
  st->year_seed = tsr_hash1 ((guint32) tex->common.seed, TSR_SALT_WOOD_YEARS);
  switch (st->p.cut)
    {
    case TSR_WOOD_LOG:
      prepare_log (tex, st);
      prepare_pores (tex, st);
      break;
    case TSR_WOOD_END:
      prepare_trees (tex, st);
      prepare_pores (tex, st);
      break;
    case TSR_WOOD_BURL:
      wood_burl_prepare (tex, st);
      break;
    case TSR_WOOD_PLANK:
    default:
      wood_plank_prepare (tex, st);
      break;
    }
  wood_tint_prepare (tex, st);
}

static inline double
periodic_offset (double d, double period)
{
  /* (P/π) sin (π d / P): d near the centre, periodic in P. */
  return period > 0 ? period * (1.0 / G_PI) * tsr_sin_turns (0.5 * d / period) : d;
}

static inline double
periodic_offset_slope (double d, double period)
{
  return period > 0 ? tsr_cos_turns (0.5 * d / period) : 1.0;
}

static inline void
log_row (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
         float *gx, float *gy)
{
  const WoodState *st = tex->state;
  float wobble[TSR_CHUNK], wobble_x[TSR_CHUNK], wobble_y[TSR_CHUNK];
  float grain[TSR_CHUNK], grain_x[TSR_CHUNK], grain_y[TSR_CHUNK];
  const float grain_amount = (float) st->p.grain;

  tsr_fractal_row_grad (&st->wobble, x, y, n, wobble, gx ? wobble_x : NULL, wobble_y);
  tsr_fractal_row_grad (&st->grain, x, y, n, grain, gx ? grain_x : NULL, grain_y);
  for (gsize i = 0; i < n; i++)
    {
      double dx = periodic_offset (x[i] - st->cx, st->period_w);
      double dy = periodic_offset (y[i] - st->cy, st->period_h);
      double r = sqrt (dx * dx + dy * dy);
      double phase = r * st->rings_per_pixel + st->p.ring_noise * wobble[i];
      float ring = (float) (phase - floor (phase));
      float r2 = ring * ring, late = r2 * r2 * r2;        /* dark latewood at the ring's end */
      float v = ((float) LOG_EARLY - (float) LOG_DRIFT * ring) * (1.0f - (float) LOG_LATE * late);
      float g = 0.5f + 0.5f * grain[i];
      out[i] = v * (1.0f - grain_amount * 0.6f * g);
      if (gx != NULL)
        {
          const double sx = periodic_offset_slope (x[i] - st->cx, st->period_w);
          const double sy = periodic_offset_slope (y[i] - st->cy, st->period_h);
          const double k = r > 0 ? st->rings_per_pixel / r : 0.0;
          const double phase_x = k * dx * sx + st->p.ring_noise * wobble_x[i];
          const double phase_y = k * dy * sy + st->p.ring_noise * wobble_y[i];
          const double dv = -LOG_DRIFT * (1.0 - LOG_LATE * late)
                            - (LOG_EARLY - LOG_DRIFT * ring) * 6.0 * LOG_LATE * r2 * r2 * ring;
          const double pores = 1.0 - grain_amount * 0.6 * g, dpores = -grain_amount * 0.3;

          gx[i] = (float) (dv * phase_x * pores + v * dpores * grain_x[i]);
          gy[i] = (float) (dv * phase_y * pores + v * dpores * grain_y[i]);
        }
    }
}

/* What a ring row with a footprint draws on: the wobble at each point and
 * at its two footprint steps (wood_footprint's three samples), and the
 * grain at the point, with their slopes when `slopes`. */
typedef struct
{
  float wobble[3][TSR_CHUNK], wobble_x[3][TSR_CHUNK], wobble_y[3][TSR_CHUNK];
  float grain[TSR_CHUNK], grain_x[TSR_CHUNK], grain_y[TSR_CHUNK];
} RingNoise;

static inline void
ring_noise_rows (const WoodState *st, const double *x, const double *y, gsize n,
                 gboolean slopes, RingNoise *rn)
{
  wood_fractal_steps (&st->wobble, x, y, n, 3, WOOD_FOOTPRINT_STEP, rn->wobble,
                      slopes ? rn->wobble_x : NULL, rn->wobble_y);
  tsr_fractal_row_grad (&st->grain, x, y, n, rn->grain, slopes ? rn->grain_x : NULL,
                        rn->grain_y);
}

/* A log zoomed out (a shown pixel spans shown_pixel > 1 texture pixels):
 * its rings box-filtered over the shown pixel and faded to their mean once
 * too fine for it, as end grain's are (wood-rings.h), so that a shown
 * pixel is near the average of the pixels it covers.  Full size keeps
 * log_row's unfiltered rings, whose pixels are fixed by the goldens. */
static inline void
log_row_zoomed (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
                float *gx, float *gy)
{
  const WoodState *st = tex->state;
  const double h = WOOD_FOOTPRINT_STEP, k = st->rings_per_pixel, noise = st->p.ring_noise;
  const double grain_amount = st->p.grain;
  RingNoise rn;

  ring_noise_rows (st, x, y, n, gx != NULL, &rn);
  for (gsize i = 0; i < n; i++)
    {
      const double px[3] = { x[i], x[i] + h, x[i] };
      const double py[3] = { y[i], y[i], y[i] + h };
      double phi[3], g[3][2], dw[2], d_phi = 0, d_w = 0;

      for (int s = 0; s < 3; s++)
        {
          const double dx = periodic_offset (px[s] - st->cx, st->period_w);
          const double dy = periodic_offset (py[s] - st->cy, st->period_h);
          const double r = sqrt (dx * dx + dy * dy);

          phi[s] = r * k + noise * rn.wobble[s][i];
          if (gx != NULL)
            {
              const double kr = r > 0 ? k / r : 0.0;

              g[s][0] = kr * dx * periodic_offset_slope (px[s] - st->cx, st->period_w)
                        + noise * rn.wobble_x[s][i];
              g[s][1] = kr * dy * periodic_offset_slope (py[s] - st->cy, st->period_h)
                        + noise * rn.wobble_y[s][i];
            }
        }
      const double w = wood_footprint (phi, gx ? g : NULL, st->shown_pixel, dw);
      const double rings = wood_ring_filtered (&wood_profile_log, phi[0], w,
                                               gx ? &d_phi : NULL, &d_w);
      const double pores = 1.0 - grain_amount * 0.6 * (0.5 + 0.5 * rn.grain[i]);

      out[i] = (float) (rings * pores);
      if (gx != NULL)
        {
          const double d_pores = -grain_amount * 0.3;

          gx[i] = (float) ((d_phi * g[0][0] + d_w * dw[0]) * pores
                           + rings * d_pores * rn.grain_x[i]);
          gy[i] = (float) ((d_phi * g[0][1] + d_w * dw[1]) * pores
                           + rings * d_pores * rn.grain_y[i]);
        }
    }
}

/* The nearest tree and the second nearest (across the tile's edges when
 * tiling): their distances and the offsets from them to the point. */
typedef struct
{
  int    tree;
  double d1, d2;
  double o1[2], o2[2];
} Nearest;

static inline void
nearest_trees (const WoodState *st, double x, double y, Nearest *nr)
{
  double a = G_MAXDOUBLE, b = G_MAXDOUBLE, dx[WOOD_N_TREES], dy[WOOD_N_TREES];
  int second = 0;

  nr->tree = 0;
  for (int k = 0; k < WOOD_N_TREES; k++)
    {
      dx[k] = wood_wrapped (x - st->tree_x[k], st->period_w);
      dy[k] = wood_wrapped (y - st->tree_y[k], st->period_h);
      double d = dx[k] * dx[k] + dy[k] * dy[k];
      if (d < a)
        b = a, a = d, second = nr->tree, nr->tree = k;
      else if (d < b)
        b = d, second = k;
    }
  nr->d1 = sqrt (a);
  nr->d2 = sqrt (b);
  nr->o1[0] = dx[nr->tree], nr->o1[1] = dy[nr->tree];
  nr->o2[0] = dx[second], nr->o2[1] = dy[second];
}

static inline void
trees_row (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
           float *gx, float *gy)
{
  const WoodState *st = tex->state;
  const double h = WOOD_FOOTPRINT_STEP, k = st->rings_per_pixel, noise = 2.0 * st->p.ring_noise;
  RingNoise rn;

  ring_noise_rows (st, x, y, n, gx != NULL, &rn);

  for (gsize i = 0; i < n; i++)
    {
      const double px[3] = { x[i], x[i] + h, x[i] };
      const double py[3] = { y[i], y[i], y[i] + h };
      double phi[3], g[3][2], dw[2], d_phi = 0, d_w = 0, d_tone = 0;
      Nearest nr[3];

      for (int s = 0; s < 3; s++)
        {
          nearest_trees (st, px[s], py[s], &nr[s]);
          phi[s] = nr[s].d1 * k + noise * rn.wobble[s][i];
          if (gx != NULL)
            for (int a = 0; a < 2; a++)
              g[s][a] = (nr[s].d1 > 0 ? k * nr[s].o1[a] / nr[s].d1 : 0.0)
                        + noise * (a ? rn.wobble_y[s][i] : rn.wobble_x[s][i]);
        }
      double w = wood_footprint (phi, gx ? g : NULL, st->shown_pixel, dw);
      double rings = wood_ring_filtered (&wood_profile_end_grain, phi[0], w,
                                         gx ? &d_phi : NULL, &d_w);
      double tone = wood_year_tone (tsr_hash1 (st->year_seed, (gint32) nr[0].tree), phi[0], 0,
                                    gx ? &d_tone : NULL, NULL);
      /* pores: fine dots in the earlywood */
      double pores = 1.0 - st->p.grain * 0.35 * (0.5 + 0.5 * rn.grain[i]);
      /* the glue line where two trees meet: (d2 - d1) / 2 is about the
       * distance to it, in pixels; a soft line a few pixels wide */
      double t = CLAMP ((nr[0].d2 - nr[0].d1) * 0.5 / 3.0, 0.0, 1.0);
      double glue = 0.5 + 0.5 * t * (2.0 - t);
      double v = rings * tone;

      v *= pores;
      v *= glue;
      out[i] = (float) CLAMP (v, 0.0, 1.0);
      if (gx != NULL)
        {
          double grad[2];

          for (int a = 0; a < 2; a++)
            {
              const double d_rings = d_phi * g[0][a] + d_w * dw[a];
              const double d_pores = -st->p.grain * 0.175 * (a ? rn.grain_y[i] : rn.grain_x[i]);
              const double d1 = nr[0].d1 > 0 ? nr[0].o1[a] / nr[0].d1 : 0.0;
              const double d2 = nr[0].d2 > 0 ? nr[0].o2[a] / nr[0].d2 : 0.0;
              const double d_t = t > 0.0 && t < 1.0 ? (d2 - d1) * 0.5 / 3.0 : 0.0;
              const double d_glue = (1.0 - t) * d_t;

              grad[a] = (d_rings * tone + rings * d_tone * g[0][a]) * pores * glue
                        + rings * tone * (d_pores * glue + pores * d_glue);
            }
          gx[i] = (float) grad[0];
          gy[i] = (float) grad[1];
        }
    }
}

static inline void
wood_row (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
          float *gx, float *gy)
{
  const WoodState *st = tex->state;

  switch (st->p.cut)
    {
    case TSR_WOOD_LOG:
      if (st->shown_pixel > 1)
        log_row_zoomed (tex, x, y, n, out, gx, gy);
      else
        log_row (tex, x, y, n, out, gx, gy);
      break;
    case TSR_WOOD_END:
      trees_row (tex, x, y, n, out, gx, gy);
      break;
    case TSR_WOOD_BURL:
      wood_burl_row (tex, x, y, n, out, gx, gy);
      break;
    case TSR_WOOD_PLANK:
    default:
      wood_plank_row (tex, x, y, n, out, gx, gy);
      break;
    }
}

TSR_PATTERN_EVALS (eval_wood, eval_wood_grad, wood_row)

#ifndef WOOD_ROWS_LEAST_POINTS
#define WOOD_ROWS_LEAST_POINTS 16
#endif

/* The rows of a band too short to pay a band's set-up (a turned piece's
 * face taken a texture row at a time: many face rows of a point or a few)
 * as points, a chunk of them a call (the same bits). */
static void
wood_short_rows (const TsrTexture *tex, const double *x, const double *y, gsize rows, gsize n,
                 float *out, float *gx, float *gy, gsize stride)
{
  double px[TSR_CHUNK], py[TSR_CHUNK];
  float v[TSR_CHUNK], vx[TSR_CHUNK], vy[TSR_CHUNK];
  const gsize per_call = TSR_CHUNK / n;

  for (gsize r0 = 0; r0 < rows; r0 += per_call)
    {
      const gsize m = MIN (per_call, rows - r0);

      tsr_band_rows_as_points (x, y, r0, m, n, px, py);
      wood_row (tex, px, py, m * n, v, gx != NULL ? vx : NULL, gy != NULL ? vy : NULL);
      tsr_band_rows_from_points (v, vx, vy, m, n, out + r0 * stride,
                                 gx != NULL ? gx + r0 * stride : NULL,
                                 gy != NULL ? gy + r0 * stride : NULL, stride);
    }
}

/* A block of rows of constant y: a plank's and a burl's colour maps share
 * their fractals' work across the rows; the rest row by row. */
static void
wood_rows (const TsrTexture *tex, const double *x, const double *y, gsize rows, gsize n,
           float *out, float *gx, float *gy, gsize stride)
{
  const WoodState *st = tex->state;
  double ys[TSR_CHUNK];

  if (n < WOOD_ROWS_LEAST_POINTS && rows > 1)
    {
      wood_short_rows (tex, x, y, rows, n, out, gx, gy, stride);
      return;
    }
  if (gx == NULL && st->p.cut == TSR_WOOD_BURL)
    {
      wood_burl_rows (tex, x, y, rows, n, out, stride);
      return;
    }
  if (gx == NULL && st->p.cut == TSR_WOOD_PLANK)
    {
      wood_plank_rows (tex, x, y, rows, n, out, stride);
      return;
    }
  for (gsize r = 0; r < rows; r++)
    {
      for (gsize i = 0; i < n; i++)
        ys[i] = y[r];
      wood_row (tex, x, ys, n, out + r * stride, gx != NULL ? gx + r * stride : NULL,
                gy != NULL ? gy + r * stride : NULL);
    }
}

/* Open pores and latewood lines (low values) rougher than the earlywood. */
static const TsrRoughness wood_roughness = { 1.0f, 0.45f };

/* An eye's cell past an edge is the cell a tile back (wood-burl.c), whose
 * cluster a corner tile keeps with the far edge's colours. */
static gboolean
check_wood_tiles (const TsrTexture *tex, GError **error)
{
  if (tex->tile.kind == TSR_TILES_CORNERS && tex->s.value[TSR_P_CUT] == TSR_WOOD_BURL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "corner tiles: wood cut=burl makes variants but not corner tiles (an eye "
                   "past an edge is read on the tile's far side; cut=plank, end and log make "
                   "them)");
      return FALSE;
    }
  return TRUE;
}

const TsrPattern tsr_pattern_wood = {
  .name = "wood",
  .label = N_("Wood"),
  .description = N_("A plank's growth lines and streaky fibre, a burl's swirls, or the rings "
                    "of end grain and logs, with knots"),
  .basis = TSR_BASIS_CHOSEN,
  .own_group = TSR_GROUP_WOOD,
  .palette = TSR_PALETTE_WOOD,
  .state_size = sizeof (WoodState),
  .prepare = prepare_wood,
  .eval = eval_wood,
  .eval_grad = eval_wood_grad,
  .eval_rows = wood_rows,
  .roughness = &wood_roughness,
  .tile_sets = TSR_TILE_SETS_ALL,
  .tile_check = check_wood_tiles,
  .piece_tint = wood_tint,
};
