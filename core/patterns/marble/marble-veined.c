/* Veined marble: veins folded by the stone's flow, or cracks in still
 * stone.
 *
 * Marble's veins are seams that mineral-laden water filled while the
 * stone flowed and folded.  Here a family of veins is the zero-crossings
 * of bands folded by a many-octave fBm: d = |sin (pi (k . (u, v) + a f))|
 * is 0 on a vein.  Flowing stone has two families along one diagonal
 * drift, main veins and finer ones: the fold spreads a vein into a soft
 * grey band where it runs with the bands and squeezes it thin where it
 * runs against them, and its fine octaves feather it.  A field's own
 * zero-crossings (a threshold of |f|) would draw closed contour lines,
 * blobs and one-sided stains; the bands' slope is steady, so veins run
 * on.  Still stone (little turbulence: pink marble, Nero Marquina) cracks
 * instead: three families of near-straight bands in three directions,
 * lightly folded, cross one another and run on through the crossings;
 * finer cracks in places are the edges of cellular networks (F2 - F1 of
 * Worley noise).  Whole numbers of bands along the tile keep |sin|
 * periodic.
 * All fields are sampled at (x + shear_x y, y + shear_y x): the lattice is
 * sheared along the diagonal, so the veins share one drift, and whole
 * periods of x and y are still whole periods of the fields, so the stone
 * tiles at any W x H.  The clouds are sampled at (x, y), unsheared: clouds
 * streaked along the drift beside the veins read as a relief.
 *
 * A slow fBm fades each family in and out along its veins, another swells
 * and thins them, and a soft stain surrounds each.
 * A vein thinner than a pixel is drawn fainter and one pixel wide (its ink
 * box-filtered), and a layer whose cells a pixel cannot show is left out.
 *
 * Every step is differentiable almost everywhere, and the gradient is
 * carried through by the chain rule: the bands' and cells' own, the
 * widths' and fades', the sheared coordinates, and the warp's Jacobian. */
#include <math.h>

#include "math/hash.h"
#include "patterns/marble/marble-veined.h"
#include "math/trig.h"
#include "noise/noise-internal.h"

#define CRACK_STEP 2.6   /* each layer's cells this much smaller, from the main veins' */
#define CRACK_JITTER 0.65f /* feature points at least 0.35 cells apart */
#define HALO_WIDTH 5.0f  /* the stain around a vein, in vein widths */
#define MOTTLE_BASE 0.75f /* a crack's ink: MOTTLE_BASE + MOTTLE body */
#define MOTTLE      0.4f
/* The stone: STONE_BASE + STONE_CLOUD (0.5 + 0.5 body) + GRAIN grain,
 * at most 1 */
#define STONE_BASE  0.56f
#define STONE_CLOUD 0.36f
/* still stone's clouds this much more of the stone: the pale bands
 * between its cracks */
#define CRACKED_CLOUD 0.12f
#define GRAIN       0.05f
#define GRAIN_SIZE  2.0  /* pixels: a crystal, the finest the cells draw */
/* The clouds: soft blotches, their first octave BODY_SIZE main vein sizes
 * across, as long as wide (drawn out along the drift they streak into
 * ripples beside the veins, a relief) */
#define BODY_SIZE   0.8
#define BODY_PERSISTENCE 0.5

static const float layer_ink[TSR_VEIN_LAYERS] = { 0.5f, 0.14f };
/* Still stone's finer cracks: each layer shows where the fade field
 * passes from the first to the second value, finer layers over more of
 * the stone. */
static const float layer_fade[TSR_VEIN_LAYERS][2] = {
  { -0.55f, 0.05f }, { -0.6f, 0.0f },
};
/* ... and fully still (cracked, below): in places. */
static const float cracked_fade[TSR_VEIN_LAYERS][2] = {
  { -0.2f, 0.4f }, { -0.3f, 0.3f },
};
/* Flowing stone's veins: the main family's fold's first octave FLOW_SIZE
 * main vein sizes across, FLOW_DRIFT times as drawn out along the drift
 * as the other fields; the finer family's FLOW_STEP times finer. */
#define FLOW_SIZE  2.5
#define FLOW_DRIFT 3.0
#define FLOW_STEP  2.2
#define FLOW_PERSISTENCE 0.38
#define FLOW_SLANT 0.5   /* the finer veins' turn: (1, 0.5) against the drift's (1, 1) */
/* a field's value rises faster on one side of its zero-crossing than on
 * the other: a wide stain would shade one side, a relief */
#define FLOW_HALO 2.0f
/* bands across the tile, per main vein asked for; how far the fBm folds
 * them, in bands at turbulence 1 */
static const double flow_bands[2] = { 1.0, 2.0 };
static const double flow_fold[2] = { 0.5, 0.4 };
static const double flow_width[2] = { 0.4, 0.3 };
static const float flow_ink[2] = { 0.5f, 0.26f };
static const float flow_fade[2][2] = { { -0.8f, -0.1f }, { -0.2f, 0.4f } };
/* Still stone's cracks: three families of near-straight bands, a x / W +
 * b y / H, crossing one another and running on through the crossings; a
 * band per main vein asked for, folded by STILL_FOLD bands at turbulence
 * 1; each shows where the fade field passes its own range, so cracks
 * start and stop along their length. */
#define STILL_FAMILIES 3
static const int still_dir[STILL_FAMILIES][2] = { { 1, 2 }, { 2, -1 }, { 3, 1 } };
static const float still_fade[STILL_FAMILIES][2] = {
  { -0.7f, -0.2f }, { 0.3f, -0.2f }, { -0.45f, 0.05f },
};
#define STILL_FOLD  0.3
#define STILL_SIZE  1.2    /* the fold's first octave, in main vein sizes */
#define STILL_PERSISTENCE 0.3   /* little fine fold: near-straight segments */
#define STILL_WIDTH 0.2
#define STILL_INK   0.42f
#define STILL_HALO  2.5f
/* Still stone: its cracks' stain this much lighter and their widths this
 * much steadier. */
#define CRACKED_HALO  0.3
/* A vein's width along its length: w0 q^2, q = 1 + SWELL_DEPTH swell
 * within [SWELL_MIN, SWELL_MAX]: several-fold, and where q is small the
 * vein thins below a pixel and fades out, so veins start and end inside
 * the stone. */
#define SWELL_DEPTH 0.85f
#define SWELL_MIN   0.3f
#define SWELL_MAX   1.5f
/* Its edge frays into the crystals: the distance to its heart moves by
 * FRAY half-widths times the crystals' field, so the edge follows grains
 * rather than a smooth curve. */
#define FRAY        0.05f
/* the stain around a vein, darkest: a faint one (a wide, dark stain
 * reads as an embossed smear beside the vein) */
#define HALO_INK    0.15
/* Still stone's pale crystalline bands, drawn out along the drift where
 * the fade field hides the veins (from PALE_FROM to PALE_TO): this much
 * lighter. */
#define PALE_BANDS  0.15f
#define PALE_FROM   0.0f
#define PALE_TO     (-0.6f)
#define CRACKED_SWELL 0.2f

/* smoothstep from a to b, and its slope */
static inline float
smooth_step (float a, float b, float x, float *slope)
{
  const float t = CLAMP ((x - a) / (b - a), 0.0f, 1.0f);

  *slope = 6.0f * t * (1.0f - t) / (b - a);
  return t * t * (3.0f - 2.0f * t);
}

/* A fractal spec of the texture's noise, `size` pixels for its first
 * octave (the stretch kept), `drift` times longer along the drift: along
 * v when u is sheared (its cells' sides are along x and the diagonal),
 * along u when v is. */
static void
spec_of_size (const TsrTexture *tex, const TsrMarbleVeined *mv, guint32 salt, double size,
              double drift, TsrFractalSpec *spec)
{
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, salt, spec);
  spec->scale_x *= (mv->shear_y != 0.0 ? drift : 1.0) * size / tex->noise.scale;
  spec->scale_y *= (mv->shear_y != 0.0 ? 1.0 : drift) * size / tex->noise.scale;
}

/* A field sampled at the sheared, warped (u, v), as a tile of a set reads
 * it: at x = u - shear_x v, y = v - shear_y u (one shear is 0), up to the
 * warp's reach from where it is shown. */
static void
sheared_tile_fit (const TsrMarbleVeined *mv, TsrFractalSpec *spec)
{
  spec->tile.m[1] = -mv->shear_x;
  spec->tile.m[2] = -mv->shear_y;
  spec->tile.reach += mv->warp_pixels;
}

/* The shears: one of x + s y (period W when y moves by H: s = m W / H) or
 * y + s x (s = m H / W), whichever lets s be nearest 1 with a whole m, so
 * that the drift runs near the diagonal of any tile, not along the long
 * diagonal of a wide one. */
static void
choose_shear (const TsrTexture *tex, TsrMarbleVeined *mv)
{
  const double w = tex->period_w, h = tex->period_h;

  mv->shear_x = 1.0;
  mv->shear_y = 0.0;
  if (!tex->tileable)
    return;
  if (w > h)
    {
      mv->shear_x = 0.0;
      mv->shear_y = floor (w / h + 0.5) * h / w;
    }
  else
    mv->shear_x = floor (h / w + 0.5) * w / h;
}

/* How much the warp (warp_x, warp_y, moving a point up to `reach` pixels)
 * stretches the stone, typically: the RMS over a grid of points of its
 * Jacobian's size (1 without warp).  A vein's footprint grows with it, so
 * the fine warp does not break veins into dots. */
static double
warp_stretch (const TsrFractal *warp_x, const TsrFractal *warp_y, double reach,
              double period_w, double period_h)
{
  enum { GRID = 16 };
  double x[GRID], y[GRID], sum = 0.0;
  float w[GRID], xx[GRID], xy[GRID], yx[GRID], yy[GRID];

  for (int r = 0; r < GRID; r++)
    {
      for (int i = 0; i < GRID; i++)
        {
          x[i] = (i + 0.37) * period_w / GRID;
          y[i] = (r + 0.61) * period_h / GRID;
        }
      tsr_fractal_row_grad (warp_x, x, y, GRID, w, xx, xy);
      tsr_fractal_row_grad (warp_y, x, y, GRID, w, yx, yy);
      for (int i = 0; i < GRID; i++)
        {
          const double a = reach;
          const double j00 = 1 + a * xx[i], j01 = a * xy[i], j10 = a * yx[i], j11 = 1 + a * yy[i];

          sum += 0.5 * (j00 * j00 + j01 * j01 + j10 * j10 + j11 * j11);
        }
    }
  return MAX (1.0, sqrt (sum / (GRID * GRID)));
}

/* The warp's second field's seed, from its first's. */
static guint32
warp_y_seed (guint32 warp_x_seed)
{
  return tsr_mix32 (warp_x_seed ^ 0x51ed270bu);
}

/* warp_stretch of the plain tile's warp (its first field's spec
 * `warp_x`), whichever tile of a set this is: the stretch sets how every
 * vein is drawn, at the edges too, and a tile's own warp, which differs
 * inside, would move it. */
static double
plain_warp_stretch (const TsrTexture *tex, const TsrFractalSpec *warp_x, double reach)
{
  TsrFractalSpec plain = *warp_x;
  TsrFractal fx, fy;

  plain.tile.id = NULL;
  tsr_fractal_init (&fx, &plain);
  plain.noise.seed = warp_y_seed (plain.noise.seed);
  tsr_fractal_init (&fy, &plain);
  return warp_stretch (&fx, &fy, reach, tex->period_w, tex->period_h);
}

/* A fold field's tile fit: read sheared and warped, and for corner tiles
 * at four cells a period or more (their coarse lattices' cross-fade
 * breaks the edges of a field folding several bands).  Returns the
 * square root of how much smaller its cells became (1: as asked): its
 * fold scaled by it neither squiggles the bands (the smaller cells at the
 * full fold) nor leaves them even stripes (scaled as much as the cells). */
static double
fold_fit (const TsrTexture *tex, const TsrMarbleVeined *mv, TsrFractalSpec *spec)
{
  double smaller = 1.0;

  if (tex->tile.kind == TSR_TILES_CORNERS)
    {
      const double sx = MIN (spec->scale_x, 0.25 * tex->period_w);
      const double sy = MIN (spec->scale_y, 0.25 * tex->period_h);

      smaller = MIN (sx / spec->scale_x, sy / spec->scale_y);
      spec->scale_x = sx;
      spec->scale_y = sy;
    }
  sheared_tile_fit (mv, spec);
  return sqrt (smaller);
}

/* A flow family's d (its fBm f, gradient fu, fv in (u, v)) and its
 * gradient in (u, v): *dk times (*du, *dv). */
static inline float
flow_distance (const TsrMarbleVeined *mv, int l, double u, double v, float f, float fu,
               float fv, float *dk, float *du, float *dv)
{
  const double phase = mv->flow_ku[l] * u + mv->flow_kv[l] * v + mv->flow_amp[l] * f;
  double t = 0.5 * phase, sn, cs;

  /* trig.h's functions, inline: the same bits */
  if (!(fabs (t) < TSR_COORD_LIMIT))
    t -= floor (t);
  tsr_sincos_turns_i (t, &sn, &cs);
  const float s = (float) sn, c = (float) cs;

  *dk = (s < 0.0f ? -(float) G_PI : (float) G_PI) * c;
  *du = (float) mv->flow_ku[l] + mv->flow_amp[l] * fu;
  *dv = (float) mv->flow_kv[l] + mv->flow_amp[l] * fv;
  return fabsf (s);
}

/* A flow family's pixel in units of its d: the RMS size of d's slope per
 * pixel over a grid of points of the plain tile's field at full size
 * (spec), the warp's stretch included. */
static float
flow_footprint (const TsrTexture *tex, TsrMarbleVeined *mv, int l, const TsrFractalSpec *spec,
                double stretch)
{
  enum { GRID = 24 };
  TsrFractalSpec plain = *spec;
  TsrFractal f;
  double x[GRID], y[GRID], u[GRID], v[GRID], slope2 = 0.0;
  float val[GRID], gu[GRID], gv[GRID];

  plain.tile.id = NULL;
  plain.footprint = 0.0;
  tsr_fractal_init (&f, &plain);
  for (int r = 0; r < GRID; r++)
    {
      for (int i = 0; i < GRID; i++)
        {
          x[i] = (i + 0.37) * tex->period_w / GRID;
          y[i] = (r + 0.61) * tex->period_h / GRID;
          u[i] = x[i] + mv->shear_x * y[i];
          v[i] = y[i] + mv->shear_y * x[i];
        }
      tsr_fractal_row_grad (&f, u, v, GRID, val, gu, gv);
      for (int i = 0; i < GRID; i++)
        {
          float dk, du, dv;

          flow_distance (mv, l, u[i], v[i], val[i], gu[i], gv[i], &dk, &du, &dv);
          du *= dk;
          dv *= dk;
          slope2 += (du + mv->shear_y * dv) * (du + mv->shear_y * dv)
                    + (mv->shear_x * du + dv) * (mv->shear_x * du + dv);
        }
    }
  return (float) (stretch * sqrt (slope2 / (GRID * GRID)));
}

void
tsr_marble_veined_prepare (const TsrTexture *tex, double veins, double sharpness,
                           double turbulence, TsrMarbleVeined *mv)
{
  TsrFractalSpec spec;
  const double main_size = MAX (0.8 * MAX (tex->period_w, tex->period_h) / MAX (veins, 0.5), 4.0);
  /* Still stone (turbulence 0.3 and under) cracks rather than flows: its
   * main cracks join into a net of long straight segments; from 0.8 up
   * the stone flows, and in between it is some of each. */
  float d_cracked;
  const float cracked = smooth_step (0.8f, 0.3f, (float) turbulence, &d_cracked);
  const double width = 0.1 / sqrt (sharpness);
  double size = main_size, stretch, fold_scale;

  /* Turbulence, the stone's flow, also drew it out along the drift: the
   * shear alone makes cells about twice as long as wide; this makes them
   * 1.2 (still stone, the cracks of pink marble) to 2.6 times. */
  const double drift = 0.6 + 0.7 * MIN (turbulence, 1.0);
  /* From 0.55 to 0.8 the cracks give way to the flow's veins. */
  float d_flowing;
  const float flowing = smooth_step (0.55f, 0.8f, (float) turbulence, &d_flowing);

  choose_shear (tex, mv);
  mv->swell_depth = SWELL_DEPTH * (1.0f - CRACKED_SWELL * cracked);
  mv->stone_base = STONE_BASE - CRACKED_CLOUD * cracked;
  mv->stone_cloud = STONE_CLOUD + CRACKED_CLOUD * cracked;
  mv->pale = PALE_BANDS * cracked;
  /* the bands take the clouds' place: at most 1, about as light */
  mv->stone_cloud -= mv->pale;
  mv->stone_base += 0.4f * mv->pale;
  mv->grain_ink = GRAIN * (1.0f - 0.4f * cracked);
  /* sharper veins leave less of a stain */
  mv->halo_ink = (float) (HALO_INK * MIN (1.0, sqrt (2.0 / sharpness)) * (1.0 - CRACKED_HALO * cracked));

  spec_of_size (tex, mv, TSR_SALT_MARBLE_WARP, 0.9 * main_size, 1.0, &spec);
  spec.persistence = 0.4;
  spec.lacunarity = 2.0;
  tsr_fractal_init (&mv->warp_x, &spec);
  mv->warp_pixels = 0.15 * turbulence * main_size;
  stretch = plain_warp_stretch (tex, &spec, mv->warp_pixels);
  spec.noise.seed = warp_y_seed (spec.noise.seed);
  tsr_fractal_init (&mv->warp_y, &spec);

  /* the clouds: blotches with no drift of their own, sampled at the
   * warped (x, y); an octave fewer than asked: the finer ones (under 1 %
   * of the stone's tone each) are below the crystals, which carry the
   * pixel's detail, and each costs a warped lookup */
  spec_of_size (tex, mv, TSR_SALT_MARBLE_BODY, BODY_SIZE * main_size, 1.0, &spec);
  spec.octaves = MAX (spec.octaves, 2u) - 1;
  spec.persistence = BODY_PERSISTENCE;
  spec.lacunarity = 2.0;
  spec.tile.reach += mv->warp_pixels;
  tsr_fractal_init (&mv->body, &spec);

  /* the crystals: equant cells, unbent by the flow (sampled at (x, y)) */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_MARBLE_BODY, &spec);
  spec.noise.seed = tsr_mix32 (spec.noise.seed ^ 0x67726e73u);
  spec.basis = TSR_BASIS_CELLS;
  spec.noise.cells_mode = TSR_CELLS_F1;
  spec.noise.jitter = 1.0f;
  spec.scale_x = spec.scale_y = GRAIN_SIZE;
  spec.octaves = 1;
  tsr_fractal_init (&mv->grain, &spec);

  spec_of_size (tex, mv, TSR_SALT_MARBLE_FADE, 0.8 * main_size, 1.0, &spec);
  sheared_tile_fit (mv, &spec);
  spec.octaves = 3;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  tsr_fractal_init (&mv->fade, &spec);

  spec_of_size (tex, mv, TSR_SALT_MARBLE_SWELL, 0.9 * main_size, 1.0, &spec);
  sheared_tile_fit (mv, &spec);
  spec.octaves = 3;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  tsr_fractal_init (&mv->swell, &spec);

  mv->n_layers = 0;
  size = main_size / CRACK_STEP;
  for (int l = 0; l < (flowing < 1.0f ? TSR_VEIN_LAYERS : 0); l++)
    {
      const TsrOctave *oct;
      float fp;

      spec_of_size (tex, mv, TSR_SALT_MARBLE_VEINS + 1 + (guint32) l, size, drift, &spec);
      spec.basis = TSR_BASIS_CELLS;
      spec.noise.cells_mode = TSR_CELLS_F2_MINUS_F1;
      /* F2 - F1 grows away from the edge between two points as their
       * distance apart: points that nearly meet would draw a wedge of a
       * vein.  Kept apart, veins taper little. */
      spec.noise.jitter = CRACK_JITTER;
      spec.octaves = 1;
      sheared_tile_fit (mv, &spec);
      tsr_fractal_init (&mv->cracks[l], &spec);
      oct = &mv->cracks[l].oct[0];
      /* F2 - F1 mapped to [0, 1] changes by about 1 a lattice cell across
       * an edge; a pixel step moves (u, v) by (1, shear_y) along x and
       * (shear_x, 1) along y. */
      fp = (float) (stretch * MAX (hypot (oct->fx, mv->shear_y * oct->fy),
                                   hypot (mv->shear_x * oct->fx, oct->fy)));
      /* cells under about 3 pixels: nothing a pixel can show */
      if (fp > 0.45f)
        break;
      /* a shown pixel zoomed out spans tex->footprint texture pixels */
      mv->footprint[l] = fp * (float) tex->footprint;
      mv->width[l] = (float) width;
      mv->ink[l] = layer_ink[l] * (1.0f - flowing);
      for (int k = 0; k < 2; k++)
        {
          float *to = k ? &mv->fade_to[l] : &mv->fade_from[l];
          *to = layer_fade[l][k] + (cracked_fade[l][k] - layer_fade[l][k]) * cracked;
        }
      mv->n_layers = l + 1;
      size /= CRACK_STEP;
    }

  mv->n_flow = 0;
  size = FLOW_SIZE * main_size;
  for (int l = 0; l < (flowing > 0.0f ? 2 : 0); l++)
    {
      const double bands = MAX (1.0, floor (flow_bands[l] * veins + 0.5));
      const int k = mv->n_flow;

      spec_of_size (tex, mv, TSR_SALT_MARBLE_FLOW_VEINS + (guint32) l, size,
                    FLOW_DRIFT * drift, &spec);
      /* the finer family: an octave fewer, its finest the same size */
      spec.octaves = MAX (spec.octaves - (guint) l, 1u);
      spec.persistence = FLOW_PERSISTENCE;
      fold_scale = fold_fit (tex, mv, &spec);
      tsr_fractal_init (&mv->fold[l], &spec);
      mv->flow_field[k] = l;
      /* the main veins: bands across the drift, whole numbers of them
       * along the sheared axis (d is |sin|, so an odd number tiles too);
       * the finer ones at (a, b) bands a period, as still stone's cracks,
       * turned about 18 degrees off the drift, so that they cross the
       * main veins at a slant, split from them and join them rather than
       * run beside them */
      if (l == 0)
        {
          mv->flow_ku[k] = mv->shear_y != 0.0 ? 0.0 : bands / tex->period_w;
          mv->flow_kv[k] = mv->shear_y != 0.0 ? bands / tex->period_h : 0.0;
        }
      else
        {
          const double w = tex->period_w, h = tex->period_h;
          const double a = mv->shear_y != 0.0
                           ? floor (FLOW_SLANT * bands * mv->shear_y * w / h + 0.5) : bands;
          const double b = mv->shear_y != 0.0
                           ? bands : floor (FLOW_SLANT * bands * mv->shear_x * h / w + 0.5);

          mv->flow_ku[k] = a / w - b * mv->shear_y / h;
          mv->flow_kv[k] = b / h - a * mv->shear_x / w;
        }
      mv->flow_amp[k] = (float) (flow_fold[l] * turbulence * bands * fold_scale);
      mv->flow_footprint[k] = flow_footprint (tex, mv, k, &spec, stretch) * (float) tex->footprint;
      mv->flow_width[k] = (float) (flow_width[l] / sqrt (sharpness));
      mv->flow_ink[k] = flow_ink[l] * flowing;
      mv->flow_fade_from[k] = flow_fade[l][0];
      mv->flow_fade_to[k] = flow_fade[l][1];
      mv->flow_halo[k] = FLOW_HALO;
      mv->n_flow = k + 1;
      size /= FLOW_STEP;
    }
  if (flowing < 1.0f)
    {
      /* still stone's cracks, in three directions, at (a, b) bands a
       * period: in (u, v), (ku, kv) = (a / W - b shear_y / H,
       * b / H - a shear_x / W) */
      const double per = MAX (1.0, floor (veins + 0.5));

      spec_of_size (tex, mv, TSR_SALT_MARBLE_FLOW_VEINS + 2, STILL_SIZE * main_size, 1.0, &spec);
      spec.persistence = STILL_PERSISTENCE;
      fold_scale = fold_fit (tex, mv, &spec);
      tsr_fractal_init (&mv->fold[2], &spec);
      for (int l = 0; l < STILL_FAMILIES; l++)
        {
          const double a = per * still_dir[l][0], b = per * still_dir[l][1];
          const int k = mv->n_flow;

          mv->flow_field[k] = 2;
          mv->flow_ku[k] = a / tex->period_w - b * mv->shear_y / tex->period_h;
          mv->flow_kv[k] = b / tex->period_h - a * mv->shear_x / tex->period_w;
          mv->flow_amp[k] = (float) (STILL_FOLD * turbulence * per * fold_scale);
          mv->flow_footprint[k] = flow_footprint (tex, mv, k, &spec, stretch)
                                  * (float) tex->footprint;
          mv->flow_width[k] = (float) (STILL_WIDTH / sqrt (sharpness));
          mv->flow_ink[k] = STILL_INK * (1.0f - flowing);
          mv->flow_fade_from[k] = still_fade[l][0];
          mv->flow_fade_to[k] = still_fade[l][1];
          mv->flow_halo[k] = STILL_HALO;
          mv->n_flow = k + 1;
        }
    }
}

/* How much of a pixel a vein of half-width w covers at distance d from its
 * heart, the pixel spanning fp (all in units of F2 - F1): a smooth step
 * 1 -> 0 around d = w, no sharper than the pixel, and a vein thinner than
 * the pixel keeps its ink (w / fp) rather than breaking up.  Its partial
 * derivatives in d and w into *dd and *dw. */
static inline float
vein_cover_within_cell (float d, float w, float fp, float *dd, float *dw)
{
  const float edge = MAX (w, fp);
  const float t = CLAMP (d / edge, 0.0f, 1.0f);
  const float step = 1.0f - t * t * (3.0f - 2.0f * t);
  const float dstep = -6.0f * t * (1.0f - t);   /* d step / dt */

  if (w >= fp)
    {
      *dd = dstep / w;
      *dw = dstep * -t / w;
      return step;
    }
  *dd = dstep / fp * (w / fp);
  *dw = step / fp;
  return step * (w / fp);
}

/* vein_cover_within_cell, and for a pixel wider than a cell (a zoomed-out
 * view: fp > 1) the cover of a one-cell pixel drawn towards its mean over
 * the cell, w / 2 (d about evenly spread over [0, 1]), as 1 / fp: the
 * pixel holds about fp^2 cells, and its average varies the less. */
static inline float
vein_cover (float d, float w, float fp, float *dd, float *dw)
{
  float cover, keep;

  if (fp <= 1.0f)
    return vein_cover_within_cell (d, w, fp, dd, dw);
  keep = 1.0f / fp;
  cover = vein_cover_within_cell (d, w, 1.0f, dd, dw);
  *dd *= keep;
  *dw = *dw * keep + 0.5f * (1.0f - keep);
  return 0.5f * w + (cover - 0.5f * w) * keep;
}

/* The stain a vein left in the stone around it: (1 - d / r)^3 out to the
 * reach r, which fades with no edge of its own; its partial derivatives
 * in d and r into *dd and *dr. */
static inline float
stain (float d, float r, float *dd, float *dr)
{
  const float t = CLAMP (d / r, 0.0f, 1.0f), s = 1.0f - t;

  *dd = d > 0.0f ? -3.0f * s * s / r : 0.0f;   /* nothing where clamped */
  *dr = 3.0f * s * s * t / r;
  return s * s * s;
}

/* stain, and for a pixel wider than a cell (fp > 1) drawn towards its mean
 * over the cell (d about evenly spread over [0, 1]) as 1 / fp, as
 * vein_cover is. */
static inline float
stain_shown (float d, float r, float fp, float *dd, float *dr)
{
  float v = stain (d, r, dd, dr), keep, s, mean, d_mean;

  if (fp <= 1.0f)
    return v;
  keep = 1.0f / fp;
  /* the mean of (1 - d / r)^3 over d in [0, 1]: r / 4 (1 - s^4) */
  s = r > 1.0f ? 1.0f - 1.0f / r : 0.0f;
  mean = 0.25f * r * (1.0f - s * s * s * s);
  d_mean = 0.25f * (1.0f - s * s * s * s) - (r > 1.0f ? s * s * s / r : 0.0f);
  *dd *= keep;
  *dr = *dr * keep + d_mean * (1.0f - keep);
  return mean + (v - mean) * keep;
}

/* How a family of veins is drawn: half-width and a pixel in units of its
 * distance d, its ink, and where the fade field shows it. */
typedef struct
{
  float w0, fp, ink, fade_from, fade_to;
  float mottle_base, mottle;   /* the ink times mottle_base + mottle body */
  float halo;                  /* the stain's reach, in vein widths */
} VeinShape;

/* The fields every vein reads at a row's points, each with its gradient
 * in (u, v). */
typedef struct
{
  const float *body, *bu, *bv, *fade, *fu, *fv, *swell, *su, *sv;
  const float *grain, *grx, *gry;   /* the crystals, their gradient per pixel */
} StoneFields;

/* Whether the fade field f hides a family that shows from `from` to `to`
 * (smooth_step's t clamped to 0): it then adds nothing, nor any slope. */
static inline gboolean
fade_hides (float from, float to, float f)
{
  return (f - from) / (to - from) <= 0.0f;
}

/* Whether any of flow families first .. last shows at any of n points. */
static gboolean
field_shows (const TsrMarbleVeined *mv, int first, int last, const float *fade, gsize n)
{
  for (int l = first; l <= last; l++)
    for (gsize i = 0; i < n; i++)
      if (!fade_hides (mv->flow_fade_from[l], mv->flow_fade_to[l], fade[i]))
        return TRUE;
  return FALSE;
}

/* Inks pixel i with a vein at distance d from its heart, whose gradient
 * in (u, v) is k (du ku, dv kv), over the veins drawn so far (veins[i]
 * and their gradient vu[i], vv[i]). */
static inline void
ink_vein (const TsrMarbleVeined *mv, const VeinShape *shape, const StoneFields *f, gsize i,
          gboolean grad, float d, float k, float du, float dv, float ku, float kv,
          float *veins, float *vu, float *vv, float *vx, float *vy)
{
  const float w0 = shape->w0, fp = shape->fp, ink = shape->ink;
  const float q_raw = 1.0f + mv->swell_depth * f->swell[i];
  const float q = CLAMP (q_raw, SWELL_MIN, SWELL_MAX);
  const float w = w0 * q * q;
  /* d w / d swell, 0 where q is clamped */
  const float dw_ds = q == q_raw ? 2.0f * q * w0 * mv->swell_depth : 0.0f;
  const float frayed = d + FRAY * w * f->grain[i];
  const float de = MAX (frayed, 0.0f);
  float fslope, cd, cw, hd, hw;

  if (fade_hides (shape->fade_from, shape->fade_to, f->fade[i]))
    return;
  const float shown = smooth_step (shape->fade_from, shape->fade_to, f->fade[i], &fslope);
  /* (cd is 0 where de is clamped: the step is flat at 0) */
  const float cover = vein_cover (de, w, fp, &cd, &cw)
                      + mv->halo_ink * stain_shown (d, shape->halo * w, fp, &hd, &hw);
  /* the vein's ink mottled by the stone's own clouds: veins feather into
   * strands and grains rather than keep one tone */
  const float inked = ink * (shape->mottle_base + shape->mottle * f->body[i]);
  const float raw = inked * shown * cover;
  const float c = MIN (raw, 1.0f);

  if (grad)
    {
      /* dc = dinked shown cover + inked (dshown cover + shown dcover),
       * nothing where clipped */
      const float kd = raw < 1.0f ? inked * shown * (cd + mv->halo_ink * hd) : 0.0f;
      const float kw = raw < 1.0f ? inked * shown
                                    * (cw + cd * FRAY * f->grain[i]
                                       + mv->halo_ink * shape->halo * hw) * dw_ds : 0.0f;
      /* the fray's crystals, per pixel */
      const float kg = raw < 1.0f ? inked * shown * cd * FRAY * w : 0.0f;
      const float kf = raw < 1.0f ? inked * cover * fslope : 0.0f;
      const float kb = raw < 1.0f ? ink * shape->mottle * shown * cover : 0.0f;
      const float dcu = kd * k * du * ku + kw * f->su[i] + kf * f->fu[i] + kb * f->bu[i];
      const float dcv = kd * k * dv * kv + kw * f->sv[i] + kf * f->fv[i] + kb * f->bv[i];

      vu[i] = vu[i] * (1.0f - c) + (1.0f - veins[i]) * dcu;
      vv[i] = vv[i] * (1.0f - c) + (1.0f - veins[i]) * dcv;
      vx[i] = vx[i] * (1.0f - c) + (1.0f - veins[i]) * kg * f->grx[i];
      vy[i] = vy[i] * (1.0f - c) + (1.0f - veins[i]) * kg * f->gry[i];
    }
  veins[i] += (1.0f - veins[i]) * c;
}

void
tsr_marble_veined_row (const TsrMarbleVeined *mv, const double *x, const double *y,
                       gsize n, float *out, float *gx, float *gy)
{
  const gboolean grad = gx != NULL;
  const float a = (float) mv->warp_pixels;
  const float sx = (float) mv->shear_x, sy = (float) mv->shear_y;
  float wx[TSR_CHUNK], wy[TSR_CHUNK], wxx[TSR_CHUNK], wxy[TSR_CHUNK], wyx[TSR_CHUNK],
        wyy[TSR_CHUNK];
  float body[TSR_CHUNK], bu[TSR_CHUNK], bv[TSR_CHUNK];
  float grain[TSR_CHUNK], grx[TSR_CHUNK], gry[TSR_CHUNK];
  float fade[TSR_CHUNK], fu[TSR_CHUNK], fv[TSR_CHUNK];
  float swell[TSR_CHUNK], su[TSR_CHUNK], sv[TSR_CHUNK];
  float crack[TSR_CHUNK], cu[TSR_CHUNK], cv[TSR_CHUNK];
  float veins[TSR_CHUNK], vu[TSR_CHUNK], vv[TSR_CHUNK], vx[TSR_CHUNK], vy[TSR_CHUNK];
  double u[TSR_CHUNK], v[TSR_CHUNK], lx[TSR_CHUNK], ly[TSR_CHUNK];
  StoneFields fields;

  g_assert (n <= TSR_CHUNK);
  if (grad)
    {
      tsr_fractal_row_grad (&mv->warp_x, x, y, n, wx, wxx, wxy);
      tsr_fractal_row_grad (&mv->warp_y, x, y, n, wy, wyx, wyy);
    }
  else
    {
      tsr_fractal_row (&mv->warp_x, x, y, n, wx);
      tsr_fractal_row (&mv->warp_y, x, y, n, wy);
    }
  for (gsize i = 0; i < n; i++)
    {
      const double qx = x[i] + mv->warp_pixels * wx[i], qy = y[i] + mv->warp_pixels * wy[i];

      u[i] = qx + mv->shear_x * qy;
      v[i] = qy + mv->shear_y * qx;
      lx[i] = qx;
      ly[i] = qy;
      veins[i] = vu[i] = vv[i] = vx[i] = vy[i] = 0.0f;
    }
  tsr_fractal_row_grad (&mv->body, lx, ly, n, body, grad ? bu : NULL, bv);
  if (grad)
    for (gsize i = 0; i < n; i++)
      {
        /* in (u, v): (x, y) = (u - shear_x v, v - shear_y u), one shear 0 */
        const float bqx = bu[i], bqy = bv[i];

        bu[i] = bqx - sy * bqy;
        bv[i] = bqy - sx * bqx;
      }
  tsr_fractal_row_grad (&mv->grain, x, y, n, grain, grad ? grx : NULL, gry);
  tsr_fractal_row_grad (&mv->fade, u, v, n, fade, grad ? fu : NULL, fv);
  tsr_fractal_row_grad (&mv->swell, u, v, n, swell, grad ? su : NULL, sv);
  fields = (StoneFields) { body, bu, bv, fade, fu, fv, swell, su, sv, grain, grx, gry };

  for (int l = 0; l < mv->n_layers; l++)
    {
      const TsrOctave *oct = &mv->cracks[l].oct[0];
      const float fx = (float) oct->fx, fy = (float) oct->fy;
      const VeinShape shape = { mv->width[l], mv->footprint[l], mv->ink[l], mv->fade_from[l],
                                mv->fade_to[l], MOTTLE_BASE, MOTTLE, HALO_WIDTH };

      for (gsize i = 0; i < n; i++)
        {
          lx[i] = u[i] * oct->fx + oct->ox;
          ly[i] = v[i] * oct->fy + oct->oy;
        }
      if (grad)
        tsr_fractal_octave_row_grad (&mv->cracks[l], 0, lx, ly, n, crack, cu, cv);
      else
        tsr_fractal_octave_row (&mv->cracks[l], 0, lx, ly, n, crack);
      for (gsize i = 0; i < n; i++)
        /* the distance to the crack, 0 on it */
        ink_vein (mv, &shape, &fields, i, grad, 0.5f * (crack[i] + 1.0f), 0.5f,
                  grad ? cu[i] : 0.0f, grad ? cv[i] : 0.0f, fx, fy, veins, vu, vv, vx, vy);
    }

  for (int l = 0, field = -1; l < mv->n_flow; l++)
    {
      /* unmottled: the clouds' slope across a vein would shade one side
       * of it darker, a relief */
      const VeinShape shape = { mv->flow_width[l], mv->flow_footprint[l], mv->flow_ink[l],
                                mv->flow_fade_from[l], mv->flow_fade_to[l], 1.0f, 0.0f,
                                mv->flow_halo[l] };

      if (mv->flow_field[l] != field)
        {
          /* families are in order of their fields: each read once, and
           * not at all where the fade field hides all of them */
          int last = l;

          field = mv->flow_field[l];
          while (last + 1 < mv->n_flow && mv->flow_field[last + 1] == field)
            last++;
          if (!field_shows (mv, l, last, fade, n))
            {
              l = last;
              continue;
            }
          tsr_fractal_row_grad (&mv->fold[field], u, v, n, crack, grad ? cu : NULL, cv);
        }
      for (gsize i = 0; i < n; i++)
        {
          float dk, du, dv;

          if (fade_hides (shape.fade_from, shape.fade_to, fade[i]))
            continue;
          const float d = flow_distance (mv, l, u[i], v[i], crack[i], grad ? cu[i] : 0.0f,
                                         grad ? cv[i] : 0.0f, &dk, &du, &dv);

          ink_vein (mv, &shape, &fields, i, grad, d, dk, du, dv, 1.0f, 1.0f, veins, vu, vv, vx, vy);
        }
    }

  for (gsize i = 0; i < n; i++)
    {
      float pslope;
      const float pale = mv->pale * smooth_step (PALE_FROM, PALE_TO, fade[i], &pslope);
      const float stone = mv->stone_base + mv->stone_cloud * (0.5f + 0.5f * body[i])
                          + mv->grain_ink * grain[i] + pale;

      out[i] = stone * (1.0f - veins[i]);
      if (grad)
        {
          /* in (u, v), then in the unwarped (x + warp, y + warp), then per
           * pixel through the warp's Jacobian; the crystals' own slope is
           * per pixel already */
          const float ku = 0.5f * mv->stone_cloud * bu[i] + mv->pale * pslope * fu[i];
          const float kv = 0.5f * mv->stone_cloud * bv[i] + mv->pale * pslope * fv[i];
          const float ou = ku * (1.0f - veins[i]) - stone * vu[i];
          const float ov = kv * (1.0f - veins[i]) - stone * vv[i];
          const float oqx = ou + sy * ov, oqy = sx * ou + ov;

          gx[i] = oqx * (1.0f + a * wxx[i]) + oqy * (a * wyx[i])
                  + mv->grain_ink * grx[i] * (1.0f - veins[i]) - stone * vx[i];
          gy[i] = oqx * (a * wxy[i]) + oqy * (1.0f + a * wyy[i])
                  + mv->grain_ink * gry[i] * (1.0f - veins[i]) - stone * vy[i];
        }
    }
}
