/* Plank (side grain): the face of a flat-sawn board.
 *
 * The growth lines are the level lines of a year coordinate ψ built from
 *     φ (x, y) = N y / H + A F (x, y) + Σ knots,
 * N whole rings down the tile and F low-frequency noise stretched along the
 * fibre (x).  Where A ∂F/∂y outweighs N / H the level lines close into the
 * long nested arches ("cathedrals") of a flat-sawn board; elsewhere they run
 * as wavy lines along the fibre.  Years are not equally wide: ψ = φ + a J (φ)
 * with J one-dimensional gradient noise over the years (a J' < 1, so ψ
 * still climbs), which packs some lines close and spreads others.
 * φ (x, y + H) = φ (x, y) + N, F tiles and J repeats every N years, so
 * everything the eye sees tiles exactly at any W x H.
 *
 * Each year is pale earlywood ending in a thin dark latewood line (the
 * plank profile of wood-rings.h), box-filtered over the pixel and kept
 * shallow: on a varnished board the pores carry the contrast.  Over it:
 *  - pore lines: dense rows of soft dark streaks along the growth lines
 *    (wood-pore-lines.c), fading where the lines turn steep;
 *  - fibre: soft noise stretched far along the fibre, sampled at
 *    (x, ψ H/N) so its streaks follow the growth lines (around knots too)
 *    (wood_fibre);
 *  - pores: fine flecks a few pixels long, which give the grain its
 *    pixel-to-pixel bite along the fibre;
 *  - drift: the board's colour in soft pale and dark bands, long along it
 *    and a few to a tile across it;
 *  - knots: a stretched bump in φ (the lines and the fibre swell around
 *    them) and the branch's own dark end grain in the core. */
#include <math.h>

#include "math/hash.h"
#include "math/trig.h"
#include "noise/noise-kernels.h"
#include "patterns/wood/wood-exp.h"
#include "patterns/wood/wood-internal.h"
#include "patterns/wood/wood-marks-rows.h"
#include "patterns/wood/wood-plank-shape.h"
#include "patterns/wood/wood-tone-rows.h"
#include "patterns/wood/wood-years-rows.h"
#include "patterns/wood/wood-rings.h"

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
  guint32 seed = tsr_hash1 ((guint32) tex->common.seed, TSR_SALT_WOOD_KNOTS);

  st->n_knots = 0;
  for (int k = 0, tries = 0; k < st->p.knots && tries < 64 * WOOD_MAX_KNOTS; tries++)
    {
      guint32 h = tsr_hash1 (seed, tries);
      WoodKnot *kn = &st->knots[st->n_knots];
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
      /* The lines bulge by a couple of years around a knot, either way. */
      kn->lift = (h & 1 ? 1.0 : -1.0) * (1.5 + 1.5 * tsr_hash_unit (tsr_mix32 (h + 7)));
      kn->core = KNOT_CORE;
      st->n_knots++;
      k++;
    }
}

void
wood_plank_prepare (TsrTexture *tex, WoodState *st)
{
  const double s = tex->noise.scale, fibre = 2.0 * MAX (2.0, s / 64.0);
  const double sx = s * sqrt (tex->noise.stretch), sy = s / sqrt (tex->noise.stretch);

  wood_prepare_years (tex, st);
  /* The figure: long along the fibre, gentle. */
  wood_fractal_init (tex, TSR_SALT_WOOD_WOBBLE, 3.0 * sx, sy, MIN ((guint) tex->noise.octaves, 2u), 0.3,
                     &st->wobble);
  st->figure = st->p.ring_noise * FIGURE * st->rings_per_pixel * s;
  /* The fibre: streaks from four pixels tall down to the thinnest the
   * fractal draws without aliasing (cells 2 pixels tall), both as
   * strong, grain-stretch times longer than tall. */
  st->fibre_gain = wood_fibre_init (tex, fibre * st->p.grain_stretch, fibre, 1.4,
                                    FIBRE_CONTRAST * st->p.grain, TRUE, &st->grain);
  /* Pores: flecks of the cut vessels, half again as long as tall, as
   * small as the fractal draws them. */
  wood_fractal_init (tex, TSR_SALT_WOOD_PORES, 4.0, 2.0, 1, 0.5, &st->pores);
  /* The drift: slow patches along the board, and bands along the growth
   * lines, a few to a tile (patches alone, one a tile along a small tile,
   * showed as a repeating stripe). */
  wood_fractal_init (tex, TSR_SALT_WOOD_DRIFT, 6.0 * sx, 0.8 * sy, 2, 0.5, &st->drift);
  st->band_height = 0.9 * sy;
  st->band_cells = 0;
  st->streak_length = STREAK_LENGTH;
  st->streak_cells = 0;
  if (tex->tileable)
    {
      st->band_cells = MAX (1, (int) floor (tex->period_h / st->band_height + 0.5));
      st->band_height = tex->period_h / (double) st->band_cells;
      st->streak_cells = MAX (1, (int) floor (tex->period_w / STREAK_LENGTH + 0.5));
      st->streak_length = tex->period_w / (double) st->streak_cells;
    }

  /* Pore lines two or three to a growth line at the default scale, their
   * noise's lattice twelve times as long as the fibre is tall (streaks
   * 30-90 pixels long at a 96-pixel tile). */
  wood_pore_lines_prepare (tex, st, 0.36 * fibre, 12.0 * fibre);
  prepare_knots (tex, st);
}

/* How deep a sample is in a knot's core (0: outside), the factor the
 * branch's own rings darken the wood by there, and their gradients. */
typedef struct
{
  double cover, cover_g[2];
  double tone, tone_g[2];
} KnotCore;

/* The knots a run of samples may reach (the others' bumps are cut off
 * there: plank_phase's d² > 16 on every sample). */
typedef struct
{
  int n, k[WOOD_MAX_KNOTS];
} KnotList;

/* The knots within reach of the rows y[0 .. n) (and h below them): by
 * their distance across the fibre alone (wrapped: the nearest of the
 * tile's copies), from the rows' middle, less half their spread and a
 * margin for rounding. */
static void
knots_near (const WoodState *st, const double *y, gsize n, double h, KnotList *near)
{
  double lo = y[0], hi = y[0];

  for (gsize i = 1; i < n; i++)
    lo = MIN (lo, y[i]), hi = MAX (hi, y[i]);
  hi += h;
  const double mid = 0.5 * (lo + hi), half = 0.5 * (hi - lo);

  near->n = 0;
  for (int k = 0; k < st->n_knots; k++)
    {
      const WoodKnot *kn = &st->knots[k];
      const double apart = fabs (wood_wrapped (mid - kn->y, st->period_h)) - half;

      if ((apart - 1e-6) * kn->inv_sy <= 4.001)
        near->k[near->n++] = k;
    }
}

/* φ at (x, y) (ψ before the years' noise) from the figure noise there
 * (fig, and its gradient fg when phi_g is not NULL, which gets φ's
 * gradient); core, when not NULL, gets the knot core the sample is in. */
static double
plank_phi (const WoodState *st, const KnotList *near, double x, double y, double fig,
           const double fg[2], double phi_g[2], KnotCore *core)
{
  double phi = st->rings_per_pixel * y + st->figure * fig;

  if (phi_g != NULL)
    phi_g[0] = st->figure * fg[0], phi_g[1] = st->rings_per_pixel + st->figure * fg[1];
  if (core != NULL)
    *core = (KnotCore) { 0 };
  for (int k = 0; k < near->n; k++)
    {
      const WoodKnot *kn = &st->knots[near->k[k]];
      double u = wood_wrapped (x - kn->x, st->period_w) * kn->inv_sx;
      double v = wood_wrapped (y - kn->y, st->period_h) * kn->inv_sy;
      double d2 = u * u + v * v;
      if (d2 > 16)
        continue;
      double bump = kn->lift * wood_exp_neg (d2);
      phi += bump;
      if (phi_g != NULL)
        phi_g[0] -= 2.0 * bump * u * kn->inv_sx, phi_g[1] -= 2.0 * bump * v * kn->inv_sy;
      double d = sqrt (d2), r = d / kn->core;
      double cover = 1.0 - CLAMP ((r - 1.0) * 2.0, 0.0, 1.0);
      if (core == NULL || cover <= core->cover)
        continue;
      /* dr/dx, dr/dy; the core's own rings, one or two, dark */
      double rx = d > 0 ? u * kn->inv_sx / (d * kn->core) : 0.0;
      double ry = d > 0 ? v * kn->inv_sy / (d * kn->core) : 0.0;
      double d_cover = r > 1.0 && r < 1.5 ? -2.0 : 0.0;
      double d_tone = -KNOT_RINGS * 2.0 * G_PI * 1.2 * tsr_sin_turns (1.2 * r);
      core->cover = cover;
      core->cover_g[0] = d_cover * rx, core->cover_g[1] = d_cover * ry;
      core->tone = KNOT_DARK + KNOT_RINGS * tsr_cos_turns (1.2 * r);
      core->tone_g[0] = d_tone * rx, core->tone_g[1] = d_tone * ry;
    }
  return phi;
}

/* ψ from φ (and its gradient g from φ's, phi_g, when g is not NULL): the
 * years' noise J through jitter. */
static inline double
plank_years (const WoodState *st, WoodNoiseCache *jitter, double phi, const double phi_g[2],
             double g[2])
{
  double slope;
  /* J's lattice points mid-year, so that the lines themselves move */
  const double psi = phi + YEAR_JITTER * wood_noise_1d_cached (jitter, st->year_seed ^ WOOD_JITTER_SALT,
                                                               phi + 0.5, st->year_period, &slope);

  if (g != NULL)
    g[0] = phi_g[0] * (1.0 + YEAR_JITTER * slope), g[1] = phi_g[1] * (1.0 + YEAR_JITTER * slope);
  return psi;
}

/* ψ at (x, y) from the figure noise there (fig, and its gradient fg when
 * g is not NULL, which gets ψ's gradient); core, when not NULL, gets the
 * knot core the sample is in; the years' noise J through jitter. */
static double
plank_phase (const WoodState *st, const KnotList *near, WoodNoiseCache *jitter, double x,
             double y, double fig, const double fg[2], double g[2], KnotCore *core)
{
  double phi_g[2] = { 0.0, 0.0 };
  const double phi = plank_phi (st, near, x, y, fig, fg, g != NULL ? phi_g : NULL, core);

  return plank_years (st, jitter, phi, phi_g, g);
}

/* The colour bands at yg (ψ in pixels down the tile: along the growth
 * lines), about -1 .. 1: two octaves of one-dimensional noise, the
 * second three times as fine (through cache[0] and cache[1]); *slope
 * their slope along yg. */
static inline double
colour_bands (const WoodState *st, WoodNoiseCache cache[2], double yg, double *slope)
{
  const guint32 seed = st->year_seed ^ WOOD_BANDS_SALT;
  const double t = yg / st->band_height;
  double s0, s1;
  const double b = wood_noise_1d_cached (&cache[0], seed, t, st->band_cells, &s0)
                   + 0.4 * wood_noise_1d_cached (&cache[1], seed + 1, 3.0 * t + 0.5,
                                                 3 * st->band_cells, &s1);

  *slope = 1.4 * (s0 + 1.2 * s1) / st->band_height;
  return 1.4 * b;
}

/* The colour bands, the pixel streaks' numbers and the pixel pores'
 * hash units of a colour map's run of samples: the row kernel for whole
 * vectors, colour_bands, wood_pixel_streaks and wood_pixel_pores for the
 * rest (the same numbers). */
static void
marks_row (const WoodState *st, const double *x, const double *y, const double *yg, gsize n,
           double *bands, double *streaks, double *pores)
{
  const WoodMarksRow row = {
    st->year_seed ^ WOOD_BANDS_SALT, st->pore_seed ^ WOOD_STREAKS_SALT,
    st->pore_seed ^ WOOD_PIXEL_PORES_SALT, st->band_cells, st->streak_cells, st->band_height,
    st->streak_length, st->period_w, st->period_h, st->shown_pixel
  };
  /* not on SSE2, whose hashes in every lane cost more than the scalar
   * functions' kept ones (no 32-bit vector multiply) */
  const WoodMarksRowFn kernel = TSR_ISA_PICK (NULL, wood_marks_row_avx2, wood_marks_row_avx512);
  WoodNoiseCache bands_cache[2] = { { 0 }, { 0 } };
  WoodStreakRow streak_row = { 0 };

  for (gsize i = kernel != NULL ? kernel (&row, x, y, yg, n, bands, streaks, pores) : 0; i < n;
       i++)
    {
      const gint32 pi = tsr_wrap ((gint32) tsr_floor_d (x[i]), (gint32) st->period_w);
      const gint32 pj = tsr_wrap ((gint32) tsr_floor_d (y[i]), (gint32) st->period_h);
      double slope;

      bands[i] = colour_bands (st, bands_cache, yg[i], &slope);
      streaks[i] = wood_pixel_streaks (st, &streak_row, x[i], yg[i]);
      pores[i] = tsr_hash_unit (tsr_hash2 (row.pixel_seed, pi, pj));
    }
}

/* How level the growth lines run (1 along x, 0 across it), squared: the
 * pore lines' dashes are cut along x, so where the lines turn steep (round
 * a knot) they would stand as bars across the fibre; they fade there.
 * From ψ's slope; with `grad`, its gradient into d. */
static inline double
lines_level (const WoodSlope *sl, gboolean grad, double d[2])
{
  const double sx = sl->s[0], sy = sl->s[1], s2 = sx * sx + sy * sy;
  const double a = s2 > 0 ? sy * sy / s2 : 1.0;

  if (grad)
    for (int k = 0; k < 2; k++)
      {
        const double dsx = sl->d[k][0], dsy = sl->d[k][1];
        const double da = s2 > 0 ? 2.0 * sx * sy * (sx * dsy - sy * dsx) / (s2 * s2) : 0.0;

        d[k] = 2.0 * a * da;
      }
  return a * a;
}

/* φ (with the knots' cores' tone and cover), ψ, ψ in pixels down the tile, the
 * footprint, how level the lines run and the fibre's fade of a colour
 * map's run of samples from the figure and its gradient: the row kernel
 * for whole vectors, wood_plank_row's own steps for the rest (the same
 * numbers). */
static void
years_row (const WoodState *st, const KnotList *near, const double *x, const double *y,
           const float *fig, const float *fig_x, const float *fig_y, gsize n,
           double fibre_per_footprint, double *knot_tone, double *knot_cover, double *psi,
           double *yg, double *foot, double *level, double *fibre_fade)
{
  WoodKnot knots[WOOD_MAX_KNOTS];

  for (int k = 0; k < near->n; k++)
    knots[k] = st->knots[near->k[k]];
  const WoodYearsRow row = {
    x, y, fig, fig_x, fig_y, knots, near->n, knot_tone, knot_cover, psi, yg, foot, level,
    fibre_fade, st->year_seed ^ WOOD_JITTER_SALT, st->year_period, st->rings_per_pixel,
    st->figure, st->period_w, st->period_h, st->shown_pixel, fibre_per_footprint
  };
  /* not on SSE2, whose hashes in every lane cost more than the scalar
   * loop's kept ones (no 32-bit vector multiply) */
  const WoodYearsRowFn kernel = TSR_ISA_PICK (NULL, wood_years_row_avx2, wood_years_row_avx512);
  WoodNoiseCache jitter = { 0 };
  const gsize done = kernel != NULL ? kernel (&row, n) : 0;

  for (gsize i = done; i < n; i++)
    {
      const double fg[2] = { fig_x[i], fig_y[i] };
      double phi_g[2], g[3][2], dw[2];
      WoodSlope sl = { { 0 }, { { 0 } } };
      KnotCore core;
      const double phi = plank_phi (st, near, x[i], y[i], fig[i], fg, phi_g, &core);

      knot_tone[i] = core.tone, knot_cover[i] = core.cover;

      psi[i] = plank_years (st, &jitter, phi, phi_g, g[0]);
      wood_slope_of_gradients (g, FALSE, &sl);
      foot[i] = wood_footprint_of_slope (&sl, FALSE, st->shown_pixel, dw);
      yg[i] = psi[i] / st->rings_per_pixel;
      level[i] = lines_level (&sl, FALSE, NULL);
      const double crowd = foot[i] * fibre_per_footprint, crowd4 = crowd * crowd * crowd * crowd;
      fibre_fade[i] = 1.0 / (1.0 + crowd4);
    }
}

/* wood_plank_row, the fields a band of rows shares (wood_plank_rows)
 * given for a colour map (NULL: computed here). */
static void
plank_row (const TsrTexture *tex, const double *x, const double *y, gsize n,
           const WoodPlankFields *given, float *out, float *gx, float *gy)
{
  const WoodState *st = tex->state;
  float fig[3][TSR_CHUNK], fig_x[3][TSR_CHUNK], fig_y[3][TSR_CHUNK];
  WoodRowField fibre, drift, pores;
  double rings[TSR_CHUNK], rings_g[TSR_CHUNK][2], psi_g[TSR_CHUNK][2], yg[TSR_CHUNK];
  double psi0[TSR_CHUNK], pore_q[TSR_CHUNK], pore_wq[TSR_CHUNK], pore_dark[TSR_CHUNK];
  double marks_bands[TSR_CHUNK], marks_streaks[TSR_CHUNK], marks_pores[TSR_CHUNK];
  double knot_tone[TSR_CHUNK], knot_cover[TSR_CHUNK];
  double fibre_fade[TSR_CHUNK], fade_g[TSR_CHUNK][2], foot[TSR_CHUNK], foot_g[TSR_CHUNK][2];
  double level[TSR_CHUNK], level_g[TSR_CHUNK][2];
  KnotCore core[TSR_CHUNK];
  KnotList near;
  WoodPoreCache pore_cache = { 0 };
  WoodNoiseCache jitter = { 0 }, bands_cache[2] = { { 0 }, { 0 } };
  WoodLinesCache lines_cache = { 0 };
  WoodStreakRow streak_row = { 0 };
  /* the footprint (1.5 |∇ψ|) where the fibre is three times as dense as
   * usual; zoomed out the fibre's own octaves fade with the shown pixel,
   * so that is the footprint of a full-size pixel */
  const double fibre_per_footprint = 1.0 / (3.0 * 1.5 * st->rings_per_pixel * st->shown_pixel);
  const double h = WOOD_SLOPE_STEP, contrast = FIBRE_CONTRAST * st->p.grain;
  const int samples = gx != NULL ? 3 : 1;
  const double lines_depth = PORE_LINES * st->p.grain;
  const double rows_per_pixel = st->rows_per_year * st->rings_per_pixel;
  const double wq = PORE_FOOTPRINT * st->rows_per_year;

  if (n == 0)
    return;
  /* a band's row (given fields) has one y */
  knots_near (st, y, given != NULL ? 1 : n, h, &near);
  /* ψ's own gradient sizes the rings' filter and levels the pore lines;
   * a gradient wants that gradient's slope too, from ψ's gradients a
   * small step on along x and y */
  if (given == NULL)
    {
      wood_fractal_steps (&st->wobble, x, y, n, samples, h, fig, fig_x, fig_y);
      wood_field_row (&st->drift, x, y, n, gx != NULL, &drift);
      wood_field_row (&st->pores, x, y, n, gx != NULL, &pores);
    }
  const float *const fig0 = given ? given->figure : fig[0];
  const float *const fig0_x = given ? given->figure_x : fig_x[0];
  const float *const fig0_y = given ? given->figure_y : fig_y[0];
  const float *const drift_v = given ? given->drift : drift.v;
  const float *const pores_v = given ? given->pores : pores.v;

  /* For a colour map: φ, the knots' cores, the years and what ψ's
   * gradient gives in a row. */
  if (gx == NULL)
    years_row (st, &near, x, y, fig0, fig0_x, fig0_y, n, fibre_per_footprint, knot_tone,
               knot_cover, psi0, yg, foot, level, fibre_fade);
  /* For a gradient: the growth lines, each year's tone, the knots' cores. */
  for (gsize i = 0; i < (gx != NULL ? n : 0); i++)
    {
      double psi[3], g[3][2], dw[2];
      WoodSlope sl = { { 0 }, { { 0 } } };

      for (int s = 0; s < samples; s++)
        {
          const double fg[2] = { fig_x[s][i], fig_y[s][i] };
          psi[s] = plank_phase (st, &near, &jitter, x[i] + (s == 1 ? h : 0.0),
                                y[i] + (s == 2 ? h : 0.0), fig[s][i], fg, g[s],
                                s == 0 ? &core[i] : NULL);
        }
      wood_slope_of_gradients (g, gx != NULL, &sl);
      const double w = wood_footprint_of_slope (&sl, gx != NULL, st->shown_pixel, dw);
      if (gx != NULL)
        rings[i] = wood_growth_lines (st, &lines_cache, psi[0], g[0], w, dw, FINE, rings_g[i]);
      psi0[i] = psi[0];
      yg[i] = psi[0] / st->rings_per_pixel;
      foot[i] = w;
      level[i] = lines_level (&sl, gx != NULL, level_g[i]);
      /* Where the lines crowd (round a knot, in an arch's tip) the fibre,
       * sampled along ψ, crowds too: it fades there before it can alias,
       * to half at three times its usual density. */
      const double crowd = w * fibre_per_footprint, crowd4 = crowd * crowd * crowd * crowd;
      fibre_fade[i] = 1.0 / (1.0 + crowd4);
      if (gx != NULL)
        for (int a = 0; a < 2; a++)
          {
            psi_g[i][a] = g[0][a], foot_g[i][a] = dw[a];
            fade_g[i][a] = -4.0 * crowd * crowd * crowd * fibre_per_footprint * dw[a]
                           * fibre_fade[i] * fibre_fade[i];
          }
    }

  if (gx == NULL)
    {
      wood_growth_lines_row (st, psi0, foot, n, FINE, rings);
      for (gsize i = 0; i < n; i++)
        pore_q[i] = yg[i] * rows_per_pixel, pore_wq[i] = wq * foot[i];
      wood_pore_lines_row (st, x, pore_q, pore_wq, n, given ? given->pore_memo : NULL,
                           pore_dark);
      marks_row (st, x, y, yg, n, marks_bands, marks_streaks, marks_pores);
    }

  /* The fibre follows the growth lines: sampled at (x, ψ H / N). */
  wood_field_row (&st->grain, x, yg, n, gx != NULL, &fibre);

  gsize done = 0;
  if (gx == NULL)
    {
      const WoodToneRowFn kernel = TSR_ISA_PICK (wood_tone_row_base, wood_tone_row_avx2,
                                                 wood_tone_row_avx512);
      const WoodToneRow row = {
        fibre.v, drift_v, pores_v, fibre_fade, marks_bands, marks_streaks, marks_pores, level,
        rings, pore_dark, knot_tone, knot_cover, st->fibre_gain, contrast, st->p.grain,
        lines_depth, PIXEL_PORES * st->p.grain / MAX (st->shown_pixel, 1.0)
      };

      done = kernel (&row, n, out);
    }
  for (gsize i = done; i < n; i++)
    {
      double d_fibre = 0, d_strength = 0, d_lines[3];
      const double streaks = st->fibre_gain * wood_fibre (fibre.v[i], contrast * fibre_fade[i],
                                                          gx ? &d_fibre : NULL, &d_strength);
      double band_slope = 0;
      const double bands = gx ? colour_bands (st, bands_cache, yg[i], &band_slope)
                              : marks_bands[i];
      const double colour = 1.0 + DRIFT * ((1.0 - BANDS) * drift_v[i] + BANDS * bands);
      /* the streaks fade where the lines turn steep, as the pore lines do,
       * and crowd in patches with the drift (flecks of one density all
       * over read as noise) */
      const double streak_u = gx ? wood_pixel_streaks (st, &streak_row, x[i], yg[i])
                                 : marks_streaks[i];
      /* open pores darken more than the fibre between them shines: pale
       * dashes as strong as the dark read as bright flecks everywhere */
      const double streak_n = STREAKS * st->p.grain * (streak_u > 0 ? streak_u : STREAK_PALE * streak_u);
      const double patchy = 1.0 + STREAK_PATCHES * drift_v[i];
      const double pixel = gx ? wood_pixel_pores (st, x[i], y[i], PIXEL_PORES * st->p.grain)
                              : wood_pixel_pores_of (st, marks_pores[i], PIXEL_PORES * st->p.grain);
      const double speck = pixel * (1.0 - streak_n * level[i] * patchy);
      const double flecks = 1.0 - PORES * st->p.grain * pores_v[i];
      const double pore = flecks * speck;
      const double fray = 1.0 + FRAY * pores_v[i];
      const double growth = GROWTH_MEAN + (rings[i] - GROWTH_MEAN) * GROWTH_LINES * fray;
      const double dark = gx ? wood_pore_lines (st, &pore_cache, x[i], yg[i] * rows_per_pixel,
                                                wq * foot[i], d_lines)
                             : pore_dark[i];
      /* 1 / (1 + k + k² / 2), near exp (-k): dark rows deepen without
       * ever clipping to the palette's black, however strong the grain */
      const double k = lines_depth * level[i] * dark, soft = 1.0 + k + 0.5 * k * k;
      const double lines = 1.0 / soft;
      /* a colour map's knot cores are years_row's */
      const KnotCore *kc = &core[i];
      const double k_tone = gx ? kc->tone : knot_tone[i], k_cover = gx ? kc->cover : knot_cover[i];
      const double v = TONE * growth * streaks * colour * pore * lines;
      const double knot = 1.0 - (1.0 - k_tone) * k_cover;
      const double out_v = v * knot;

      out[i] = (float) CLAMP (out_v, 0.0, 1.0);
      if (gx != NULL)
        {
          double grad[2];

          for (int a = 0; a < 2; a++)
            {
              /* the fibre's gradient through its coordinate ψ / rings_per_pixel */
              const double f_g = (a == 0 ? fibre.g[0][i] : 0.0)
                                 + fibre.g[1][i] * psi_g[i][a] / st->rings_per_pixel;
              const double d_streaks = st->fibre_gain
                                       * (d_fibre * f_g + d_strength * contrast * fade_g[i][a]);
              const double d_colour = DRIFT * ((1.0 - BANDS) * drift.g[a][i]
                                               + BANDS * band_slope * psi_g[i][a]
                                                 / st->rings_per_pixel);
              const double d_pore = -PORES * st->p.grain * pores.g[a][i] * speck
                                    - flecks * pixel * streak_n
                                      * (level_g[i][a] * patchy
                                         + level[i] * STREAK_PATCHES * drift.g[a][i]);
              const double d_growth = GROWTH_LINES * (rings_g[i][a] * fray
                                                      + (rings[i] - GROWTH_MEAN) * FRAY
                                                        * pores.g[a][i]);
              /* the pore lines through x, their row q = ψ × rows_per_year
               * and their footprint */
              const double d_dark = (a == 0 ? d_lines[0] : 0.0)
                                    + d_lines[1] * st->rows_per_year * psi_g[i][a]
                                    + d_lines[2] * wq * foot_g[i][a];
              const double d_l = -(1.0 + k) * lines * lines * lines_depth
                                 * (level_g[i][a] * dark + level[i] * d_dark);
              const double dv = TONE * (d_growth * streaks * colour * pore * lines
                                        + growth * (d_streaks * colour * pore * lines
                                                    + streaks * d_colour * pore * lines
                                                    + streaks * colour * d_pore * lines
                                                    + streaks * colour * pore * d_l));

              grad[a] = dv * knot + v * (kc->cover * kc->tone_g[a]
                                         - (1.0 - kc->tone) * kc->cover_g[a]);
            }
          const gboolean clipped = out_v < 0.0 || out_v > 1.0;
          gx[i] = clipped ? 0.0f : (float) grad[0];
          gy[i] = clipped ? 0.0f : (float) grad[1];
        }
    }
}

void
wood_plank_row (const TsrTexture *tex, const double *x, const double *y, gsize n,
                float *out, float *gx, float *gy)
{
  plank_row (tex, x, y, n, NULL, out, gx, gy);
}

/* Rows of the fields computed together (the fractals' own band). */
#define PLANK_ROWS 8

void
wood_plank_rows (const TsrTexture *tex, const double *x, const double *y, gsize rows, gsize n,
                 float *out, gsize stride)
{
  const WoodState *st = tex->state;
  float fig[PLANK_ROWS][TSR_CHUNK], fig_x[PLANK_ROWS][TSR_CHUNK], fig_y[PLANK_ROWS][TSR_CHUNK];
  float drift[PLANK_ROWS][TSR_CHUNK], pores[PLANK_ROWS][TSR_CHUNK];
  double ys[TSR_CHUNK];
  /* the rows' samples share one x list */
  WoodPoreMemo *memo = g_new (WoodPoreMemo, 1);

  if (n == 0)
    {
      g_free (memo);
      return;
    }
  wood_pore_memo_clear (memo);
  for (gsize r0 = 0; r0 < rows; r0 += PLANK_ROWS)
    {
      const gsize m = MIN ((gsize) PLANK_ROWS, rows - r0);

      /* plank_row's fields, a band of rows a call (the same bits) */
      tsr_fractal_rows_grad (&st->wobble, x, y + r0, m, n, fig[0], fig_x[0], fig_y[0],
                             TSR_CHUNK);
      tsr_fractal_rows (&st->drift, x, y + r0, m, n, drift[0], TSR_CHUNK);
      tsr_fractal_rows (&st->pores, x, y + r0, m, n, pores[0], TSR_CHUNK);
      for (gsize r = 0; r < m; r++)
        {
          const WoodPlankFields f = { fig[r], fig_x[r], fig_y[r], drift[r], pores[r], memo };

          for (gsize i = 0; i < n; i++)
            ys[i] = y[r0 + r];
          plank_row (tex, x, ys, n, &f, out + (r0 + r) * stride, NULL, NULL);
        }
    }
  g_free (memo);
}
