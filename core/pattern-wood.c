/* Wood, in two cuts.
 *
 * Plank (side grain): the face of a flat-sawn board.  The growth rings are
 * the level lines of a ring coordinate
 *     φ (x, y) = N y / H + A F (x, y) + Σ knots,
 * N whole rings down the tile and F low-frequency noise stretched along the
 * fibre (x).  Where A ∂F/∂y outweighs N / H the level lines close into the
 * long nested arches ("cathedrals") of a flat-sawn board; elsewhere they run
 * as wavy lines along the fibre.  φ (x, y + H) = φ (x, y) + N and F tiles,
 * so the fraction of φ, which is all the eye sees, tiles exactly at any W x H.
 * Each ring is asymmetric (soft earlywood darkening into latewood, then a
 * sharp edge to the next year) and box-filtered over the pixel, so ring
 * edges never stair-step; a ring's brightness varies a little by year.
 * Knots add a stretched bump to φ, so the rings flow around them, and show
 * their own branch's end grain in a dark core.
 *
 * End grain: the sawn ends of several trees packed in the tile, as in an
 * end-grain block.  A single centre cannot tile with round rings: any
 * smooth periodic distance has a second extreme and saddles somewhere in
 * the tile (a secondary centre, squarish rings).  So the tile holds a
 * jittered 2 x 2 grid of trees; a point's rings are its distance to the
 * nearest tree (round around each), wobbled by noise and box-filtered like
 * the plank's, and where two trees meet a dark glue line runs.  Distances
 * wrap across the tile edges, so it tiles at any W x H.
 *
 * Log: rings are level lines of the distance r from the tree's centre.
 * When tiling, the plain distance is replaced by its periodic form
 *     r² = (W/π)² sin² (π dx / W) + (H/π)² sin² (π dy / H),
 * which equals dx² + dy² near the centre (round rings there) and repeats
 * every W x H pixels, so the rings close up smoothly across the tile edges.
 *
 * Both cuts add fine grain (pores): noise stretched along the fibre. */
#include <math.h>

#include "hash.h"
#include "pattern-impl.h"
#include "trig.h"

#define MAX_KNOTS 12
#define TREE_GRID 2
#define N_TREES (TREE_GRID * TREE_GRID)

typedef struct
{
  double x, y;          /* centre, pixels */
  double inv_sx, inv_sy;/* 1 / its radii along and across the fibre */
  double lift;          /* rings it adds to φ at its centre */
  double core;          /* radius of its dark core, in units of inv_s */
} Knot;

typedef struct
{
  TsrWoodParams p;
  double        cx, cy;             /* end grain: the centre, pixels */
  double        rings_per_pixel;    /* end grain: along r; plank: down y */
  double        figure;             /* plank: A, rings */
  double        period_w, period_h; /* when tiling, else 0 */
  guint32       year_seed;
  int           n_rings;            /* plank: whole rings down the tile */
  int           n_knots;
  Knot          knots[MAX_KNOTS];
  double        tree_x[N_TREES], tree_y[N_TREES];   /* end grain: centres */
  TsrFractal    wobble, grain;
} WoodState;

static void
prepare_grain (TsrTexture *tex, WoodState *st)
{
  TsrFractalSpec spec;
  double grain_width;

  /* Thin streaks, long along x. */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 4, &spec);
  grain_width = MAX (1.5, tex->noise.scale / 48.0);
  spec.scale_y = grain_width;
  spec.scale_x = grain_width * st->p.grain_stretch;
  spec.octaves = 2;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  tsr_fractal_init (&st->grain, &spec);
}

static void
prepare_log (TsrTexture *tex, WoodState *st)
{
  TsrFractalSpec spec;
  double pw = tex->period_w, ph = tex->period_h;

  st->cx = st->p.center_x * pw;
  st->cy = st->p.center_y * ph;
  st->rings_per_pixel = st->p.rings / (0.5 * MIN (pw, ph));

  /* The rings' wobble: few, gentle octaves ("low persistence"). */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 3, &spec);
  spec.octaves = MIN (spec.octaves, 3u);
  spec.persistence *= 0.5;
  tsr_fractal_init (&st->wobble, &spec);
}

/* Knots sit at seeded places in the tile, none closer than a knot's width
 * to another, so that two never merge into one odd blob. */
static void
prepare_knots (const TsrTexture *tex, WoodState *st)
{
  const double pw = tex->period_w, ph = tex->period_h;
  /* A knot is about a third of a feature across, wider along the fibre,
   * and never more than a sixth of the tile (it must fit its own tile). */
  double sy = MIN (0.3 * st->p.knot_size * tex->noise.scale, ph / 6.0);
  double sx = MIN (2.2 * sy, pw / 6.0);
  guint32 seed = tsr_hash1 ((guint32) tex->common.seed, 0x6b6e6f74);

  st->n_knots = 0;
  for (int k = 0, tries = 0; k < st->p.knots && tries < 64 * MAX_KNOTS; tries++)
    {
      guint32 h = tsr_hash1 (seed, tries);
      Knot *kn = &st->knots[st->n_knots];
      gboolean apart = TRUE;

      kn->x = tsr_hash_unit (h) * pw;
      kn->y = tsr_hash_unit (tsr_mix32 (h ^ 0x9e3779b9u)) * ph;
      for (int j = 0; j < st->n_knots; j++)
        {
          double dx = fabs (st->knots[j].x - kn->x), dy = fabs (st->knots[j].y - kn->y);
          if (tex->tileable)
            dx = MIN (dx, pw - dx), dy = MIN (dy, ph - dy);
          if ((dx * dx) / (9 * sx * sx) + (dy * dy) / (9 * sy * sy) < 1)
            apart = FALSE;
        }
      if (!apart)
        continue;
      double size = 0.7 + 0.6 * tsr_hash_unit (tsr_mix32 (h + 0x632be5abu));
      kn->inv_sx = 1.0 / (sx * size);
      kn->inv_sy = 1.0 / (sy * size);
      /* The rings bulge by a couple of years around a knot, either way. */
      kn->lift = (h & 1 ? 1.0 : -1.0) * (1.5 + 1.5 * tsr_hash_unit (tsr_mix32 (h + 7)));
      kn->core = 0.35;
      st->n_knots++;
      k++;
    }
}

static void
prepare_plank (TsrTexture *tex, WoodState *st)
{
  TsrFractalSpec spec;
  const double s = tex->noise.scale;

  st->n_rings = MAX (1, (int) floor (st->p.rings + 0.5));
  st->rings_per_pixel = tex->tileable ? st->n_rings / (double) tex->period_h
                                      : st->p.rings / (double) tex->period_h;
  /* The figure: long along the fibre, and strong enough (in rings per
   * feature height) to fold the lines into arches at the default wobble. */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 3, &spec);
  spec.scale_x *= 4.0;
  spec.scale_y *= 0.5;
  spec.octaves = MIN (spec.octaves, 2u);
  spec.persistence = 0.3;
  tsr_fractal_init (&st->wobble, &spec);
  st->figure = st->p.ring_noise * 0.45 * st->rings_per_pixel * s;
  prepare_knots (tex, st);
}

/* Trees on a jittered grid, each within the middle of its cell, so that
 * no two crowd each other out. */
static void
prepare_trees (TsrTexture *tex, WoodState *st)
{
  TsrFractalSpec spec;
  const double cw = tex->period_w / (double) TREE_GRID, ch = tex->period_h / (double) TREE_GRID;
  guint32 seed = tsr_hash1 ((guint32) tex->common.seed, 0x74726565);

  for (int k = 0; k < N_TREES; k++)
    {
      guint32 h = tsr_hash1 (seed, k);
      st->tree_x[k] = cw * ((k % TREE_GRID) + 0.25 + 0.5 * tsr_hash_unit (h));
      st->tree_y[k] = ch * ((k / TREE_GRID) + 0.25 + 0.5 * tsr_hash_unit (tsr_mix32 (h + 1)));
    }
  st->rings_per_pixel = st->p.rings / (0.5 * MIN (cw, ch));

  /* the rings' wobble, as the log's */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, 3, &spec);
  spec.octaves = MIN (spec.octaves, 3u);
  spec.persistence *= 0.5;
  tsr_fractal_init (&st->wobble, &spec);
}

static void
prepare_wood (TsrTexture *tex)
{
  WoodState *st = tex->state;

  tsr_wood_params (&tex->s, &st->p);
  st->period_w = tex->tileable ? tex->period_w : 0;
  st->period_h = tex->tileable ? tex->period_h : 0;
  st->year_seed = tsr_hash1 ((guint32) tex->common.seed, 0x79656172);
  if (st->p.cut == TSR_WOOD_LOG)
    prepare_log (tex, st);
  else if (st->p.cut == TSR_WOOD_END)
    prepare_trees (tex, st);
  else
    prepare_plank (tex, st);
  prepare_grain (tex, st);
}

static inline double
periodic_offset (double d, double period)
{
  /* (P/π) sin (π d / P): d near the centre, periodic in P. */
  return period > 0 ? period * (1.0 / G_PI) * tsr_sin_turns (0.5 * d / period) : d;
}

/* The shortest offset from a knot, across tile edges when tiling. */
static inline double
wrapped (double d, double period)
{
  return period > 0 ? d - period * floor (d / period + 0.5) : d;
}

static void
eval_log (const TsrTexture *tex, const double *x, const double *y,
          gsize n, float *out)
{
  const WoodState *st = tex->state;
  float wobble[TSR_CHUNK], grain[TSR_CHUNK];
  const float grain_amount = (float) st->p.grain;

  tsr_fractal_row (&st->wobble, x, y, n, wobble);
  tsr_fractal_row (&st->grain, x, y, n, grain);
  for (gsize i = 0; i < n; i++)
    {
      double dx = periodic_offset (x[i] - st->cx, st->period_w);
      double dy = periodic_offset (y[i] - st->cy, st->period_h);
      double phase = sqrt (dx * dx + dy * dy) * st->rings_per_pixel + st->p.ring_noise * wobble[i];
      float ring = (float) (phase - floor (phase));
      float r2 = ring * ring, late = r2 * r2 * r2;        /* dark latewood at the ring's end */
      float v = (0.92f - 0.3f * ring) * (1.0f - 0.7f * late);
      float g = 0.5f + 0.5f * grain[i];
      out[i] = v * (1.0f - grain_amount * 0.6f * g);
    }
}

/* One year's ring across φ's fraction t: earlywood at EARLY until A, darkening
 * linearly to LATE at B, latewood to the year's end, then the sharp edge to
 * the next year's earlywood. */
#define RING_A 0.62
#define RING_B 0.82
#define RING_EARLY 0.90
#define RING_LATE 0.40

/* ∫ from 0 to t of the profile, t in [0, 1]. */
static inline double
ring_integral_part (double t)
{
  if (t <= RING_A)
    return RING_EARLY * t;
  double acc = RING_EARLY * RING_A;
  if (t <= RING_B)
    {
      double u = (t - RING_A) / (RING_B - RING_A);
      return acc + (t - RING_A) * (RING_EARLY + 0.5 * (RING_LATE - RING_EARLY) * u);
    }
  acc += (RING_B - RING_A) * 0.5 * (RING_EARLY + RING_LATE);
  return acc + RING_LATE * (t - RING_B);
}

static inline double
ring_integral (double phi)
{
  const double year = ring_integral_part (1.0);
  double whole = floor (phi);
  return whole * year + ring_integral_part (phi - whole);
}

static inline double
ring_profile (double t)
{
  if (t <= RING_A)
    return RING_EARLY;
  if (t <= RING_B)
    return RING_EARLY + (RING_LATE - RING_EARLY) * (t - RING_A) / (RING_B - RING_A);
  return RING_LATE;
}

/* The profile averaged over a pixel whose footprint spans w of φ (one and
 * a half pixels): the exact box filter, from the profile's integral.
 * Rings only a few pixels wide still alias under a box (neighbours half a
 * ring apart differ by the whole swing), so, as octaves finer than two
 * pixels fade, rings fade to their mean from 3.75 pixels wide (w = 0.4)
 * to 2 (w = 0.75). */
static inline double
ring_filtered (double phi, double w)
{
  const double mean = ring_integral_part (1.0);
  double v;

  if (w < 1e-3)
    return ring_profile (phi - floor (phi));
  w = MIN (w, 64.0);
  v = (ring_integral (phi + 0.5 * w) - ring_integral (phi - 0.5 * w)) / w;
  return mean + (v - mean) * CLAMP ((0.75 - w) / 0.35, 0.0, 1.0);
}

/* Each year a little lighter or darker (a plank's years repeat with the
 * tile), blended smoothly into the next so that no edge appears; tree
 * picks the tree of an end-grain block. */
static inline double
year_tone (const WoodState *st, double phi, guint32 tree)
{
  const guint32 seed = tsr_hash1 (st->year_seed, (gint32) tree);
  double whole = floor (phi), t = phi - whole;
  gint32 year = (gint32) whole, next = year + 1;

  if (st->p.cut == TSR_WOOD_PLANK && st->period_h > 0)
    year = tsr_wrap (year, st->n_rings), next = tsr_wrap (next, st->n_rings);
  double tone = tsr_hash_unit (tsr_hash1 (seed, year));
  double tone_next = tsr_hash_unit (tsr_hash1 (seed, next));
  return 0.9 + 0.2 * (tone + (tone_next - tone) * t * t * (3 - 2 * t));
}

/* The rings' footprint on a pixel comes from φ half a pixel on in x and in
 * y: the pure function at sub-pixel offsets, never neighbouring pixels, so
 * tiles and thread splits give the same bits. */
#define FOOTPRINT_STEP 0.5

/* A fractal at (x, y) and FOOTPRINT_STEP on along x and along y. */
static void
row_with_steps (const TsrFractal *f, const double *x, const double *y, gsize n,
                float *v, float *v_x, float *v_y)
{
  double xs[TSR_CHUNK], ys[TSR_CHUNK];

  tsr_fractal_row (f, x, y, n, v);
  for (gsize i = 0; i < n; i++)
    xs[i] = x[i] + FOOTPRINT_STEP, ys[i] = y[i];
  tsr_fractal_row (f, xs, ys, n, v_x);
  for (gsize i = 0; i < n; i++)
    xs[i] = x[i], ys[i] = y[i] + FOOTPRINT_STEP;
  tsr_fractal_row (f, xs, ys, n, v_y);
}

/* φ without its figure noise: the rings' slope down the tile and the knots'
 * bulges; *core gets how deep the sample is in a knot's core (0: outside). */
static inline double
plank_phase (const WoodState *st, double x, double y, double figure, double *core,
             double *core_r)
{
  double phi = st->rings_per_pixel * y + st->figure * figure;

  *core = 0;
  *core_r = 0;
  for (int k = 0; k < st->n_knots; k++)
    {
      const Knot *kn = &st->knots[k];
      double u = wrapped (x - kn->x, st->period_w) * kn->inv_sx;
      double v = wrapped (y - kn->y, st->period_h) * kn->inv_sy;
      double d2 = u * u + v * v;
      if (d2 > 16)
        continue;
      phi += kn->lift * exp (-d2);
      double r = sqrt (d2) / kn->core;
      if (r < 1.5)
        {
          *core = MAX (*core, 1.0 - CLAMP ((r - 1.0) * 2.0, 0.0, 1.0));
          *core_r = r;
        }
    }
  return phi;
}

static void
eval_plank (const TsrTexture *tex, const double *x, const double *y,
            gsize n, float *out)
{
  const WoodState *st = tex->state;
  float fig[TSR_CHUNK], fig_x[TSR_CHUNK], fig_y[TSR_CHUNK], grain[TSR_CHUNK];
  const float grain_amount = (float) st->p.grain;
  const double h = FOOTPRINT_STEP;

  row_with_steps (&st->wobble, x, y, n, fig, fig_x, fig_y);
  tsr_fractal_row (&st->grain, x, y, n, grain);

  for (gsize i = 0; i < n; i++)
    {
      double core, core_r, c2, r2;
      double phi = plank_phase (st, x[i], y[i], fig[i], &core, &core_r);
      double dx = (plank_phase (st, x[i] + h, y[i], fig_x[i], &c2, &r2) - phi) / h;
      double dy = (plank_phase (st, x[i], y[i] + h, fig_y[i], &c2, &r2) - phi) / h;
      /* A box one and a half pixels wide: a one-pixel box still lets an
       * edge that falls between two pixels jump the whole way. */
      double w = 1.5 * sqrt (dx * dx + dy * dy);
      double v = ring_filtered (phi, w);

      v *= year_tone (st, phi, 0);

      /* Pores: streaks along the fibre, plainer in the dense latewood. */
      float g = 0.5f + 0.5f * grain[i];
      v *= 1.0 - grain_amount * 0.6 * g * (0.4 + 0.6 * v);

      /* A knot's core: the branch's own end grain, dark. */
      if (core > 0)
        {
          double rings = 0.16 + 0.08 * tsr_cos_turns (2.5 * core_r);
          v += (rings - v) * core;
        }
      out[i] = (float) CLAMP (v, 0.0, 1.0);
    }
}

/* The distances to the nearest tree and to the second nearest (across the
 * tile's edges when tiling). */
static inline int
nearest_trees (const WoodState *st, double x, double y, double *d1, double *d2)
{
  double a = G_MAXDOUBLE, b = G_MAXDOUBLE;
  int nearest = 0;

  for (int k = 0; k < N_TREES; k++)
    {
      double dx = wrapped (x - st->tree_x[k], st->period_w);
      double dy = wrapped (y - st->tree_y[k], st->period_h);
      double d = dx * dx + dy * dy;
      if (d < a)
        b = a, a = d, nearest = k;
      else if (d < b)
        b = d;
    }
  *d1 = sqrt (a);
  *d2 = sqrt (b);
  return nearest;
}

static void
eval_trees (const TsrTexture *tex, const double *x, const double *y,
            gsize n, float *out)
{
  const WoodState *st = tex->state;
  float wobble[TSR_CHUNK], wobble_x[TSR_CHUNK], wobble_y[TSR_CHUNK], grain[TSR_CHUNK];
  const double h = FOOTPRINT_STEP, k = st->rings_per_pixel, noise = 2.0 * st->p.ring_noise;

  row_with_steps (&st->wobble, x, y, n, wobble, wobble_x, wobble_y);
  tsr_fractal_row (&st->grain, x, y, n, grain);

  for (gsize i = 0; i < n; i++)
    {
      double d1, d2, e1, e2;
      int tree = nearest_trees (st, x[i], y[i], &d1, &d2);
      double phi = d1 * k + noise * wobble[i];
      nearest_trees (st, x[i] + h, y[i], &e1, &e2);
      double dx = (e1 * k + noise * wobble_x[i] - phi) / h;
      nearest_trees (st, x[i], y[i] + h, &e1, &e2);
      double dy = (e1 * k + noise * wobble_y[i] - phi) / h;
      double v = ring_filtered (phi, 1.5 * sqrt (dx * dx + dy * dy));

      v *= year_tone (st, phi, (guint32) tree);
      /* pores: fine dots in the earlywood */
      v *= 1.0 - st->p.grain * 0.35 * (0.5 + 0.5 * grain[i]);
      /* the glue line where two trees meet: (d2 - d1) / 2 is about the
       * distance to it, in pixels; a soft line a few pixels wide */
      double t = CLAMP ((d2 - d1) * 0.5 / 3.0, 0.0, 1.0);
      v *= 0.5 + 0.5 * t * (2.0 - t);
      out[i] = (float) CLAMP (v, 0.0, 1.0);
    }
}

static void
eval_wood (const TsrTexture *tex, const double *x, const double *y,
           gsize n, float *out)
{
  const WoodState *st = tex->state;

  if (st->p.cut == TSR_WOOD_LOG)
    eval_log (tex, x, y, n, out);
  else if (st->p.cut == TSR_WOOD_END)
    eval_trees (tex, x, y, n, out);
  else
    eval_plank (tex, x, y, n, out);
}

const TsrPattern tsr_pattern_wood = {
  "wood", N_("Wood"),
  N_("A plank's growth lines and arches, or a log's rings, with fine grain and knots"),
  TSR_BASIS_CHOSEN, TSR_GROUP_WOOD, TSR_PALETTE_WOOD,
  sizeof (WoodState), prepare_wood, eval_wood, NULL, NULL
};
