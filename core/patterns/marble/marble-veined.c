/* Veined marble: a hierarchy of fractures (marble-fractures.c) through a
 * cloudy, crystalline stone, drawn out along the stone's flow.
 *
 * All vein fields are sampled at (u, v) = (x + shear_x y, y + shear_y x),
 * warped by the stone's flow: the lattice is sheared along the diagonal,
 * so the veins share one drift, and whole periods of x and y are still
 * whole periods of the fields, so the stone tiles at any W x H.  The
 * clouds are sampled at the warped (x, y), unsheared: clouds streaked
 * along the drift beside the veins read as a relief.  A slow fBm lets
 * the main veins show and fade out, another swells and thins them.
 * The stone's crystals are two sizes of cells, unbent by the flow: grains
 * a pixel or two across, and crystals several pixels across whose
 * boundaries glint.  Still stone (little turbulence: pink marble, Nero
 * Marquina) is drawn out less, its clasts' tones differ more, and it has
 * pale crystalline bands where its main veins fade.
 *
 * Every step is differentiable almost everywhere, and the gradient is
 * carried through by the chain rule: the fractures', the sheared
 * coordinates', and the warp's Jacobian. */
#include <math.h>

#include "math/hash.h"
#include "patterns/pattern-impl.h"
#include "patterns/marble/marble-slow-fields.h"
#include "patterns/marble/marble-veined.h"
#include "patterns/marble/marble-veined-rows.h"
#include "math/trig.h"
#include "noise/noise-internal.h"
#include "noise/noise-kernels.h"

/* The stone: STONE_BASE + STONE_CLOUD (0.5 + 0.5 body) + crystals +
 * fracture tones, at most about 1 */
#define STONE_BASE  0.57f
#define STONE_CLOUD 0.34f
/* still stone's clouds this much more of the stone */
#define CRACKED_CLOUD 0.04f
/* ... and the stillest's clouds this much fainter */
#define STILL_CALM  0.4f
#define GRAIN       0.05f
#define CRUNCH      2.0f /* crisp cracked stone's grain, up to 1 + this times */
#define LENS_CRUNCH 1.0f /* ... and this much more with the lenses' web */
/* cracked stone's grains and crystals gather by its veins (sparkle along
 * their edges), down to GRAIN_QUIET of them in calm stone, where the
 * veins' ink is under GATHER (marble-veined-rows.h): a photograph's quiet
 * areas beside busy ones, not one even grain */
#define GRAIN_QUIET 0.4f
#define GRAIN_SIZE  1.6  /* pixels: a grain, the finest the cells draw */
#define CRYSTAL     0.05f /* a crystal's boundary, darker by this */
#define CRYSTAL_SIZE 5.0 /* pixels */
/* Inclusions: specks and dots a pixel or three across, where a fine
 * noise peaks above SPECK_FROM (marble-veined-rows.h), this much darker
 * at most */
#define SPECK_INK   0.22f
#define SPECK_SIZE  7.0    /* pixels */
/* Flowing stone's veins gather into darker knots and pale between them,
 * where the specks' noise runs from KNOT_FROM to KNOT_TO (marble-veined-rows.h): their ink times
 * 1 - 0.35 KNOT to 1 + 0.65 KNOT */
#define KNOT        0.9f
/* The clouds: soft blotches, their first octave BODY_SIZE main vein sizes
 * across */
#define BODY_SIZE   0.8
#define BODY_PERSISTENCE 0.55
/* ... or in cracked stone this much of the tile's side */
#define CRACKED_BODY 0.4
/* The fractures: the main veins' network NET_SIZE main vein sizes apart,
 * each order NET_STEP times finer, NET_DRIFT times (flowing stone) drawn
 * out along the drift */
#define NET_SIZE  0.75
#define NET_STEP  2.4
#define NET_DRIFT 1.3
/* still stone's: the shear alone draws cells out about twice; this
 * undoes most of it, so its fractures cross at all angles */
#define STILL_DRIFT 0.55
/* Still stone's pale crystalline bands, drawn out along the drift where
 * the fade field hides the main veins (from PALE_FROM to PALE_TO,
 * marble-veined-rows.h): this much lighter. */
#define PALE_BANDS  0.06f
/* Soft flowing stone's fibres: creased streaks STREAK_SIZE main vein
 * sizes across, STREAK_DRIFT times longer along the drift, this much of
 * the stone; its clouds SOFT_CLOUD more of it */
#define STREAKS      0.18f
#define STREAK_SIZE  0.3
#define STREAK_DRIFT 2.5
#define SOFT_CLOUD   0.5f
#define STREAK_MEAN  0.4f  /* the creases' field's mean, about */
/* Crisp cracked stone's lenses: pieces LENS_SIZE main vein sizes across
 * (before the shear draws them out), the finer LENS_STEP times smaller;
 * their veins' half-width in pixels and ink */
#define LENS_SIZE   2.6
#define LENS_STEP   2.2
#define LENS_WIDTH  0.75f
#define LENS_THIN   0.45f  /* ... times this squared to LENS_THICK squared along */
#define LENS_THICK  1.3f
#define LENS_INK    0.8f
#define LENS_SOFT   0.7f   /* of the joints' softest edge: crisper */
/* ... and the stillest crisp stone's (pink's): one size of larger pieces,
 * fuzzy veins in halos (faint cores, STILL_LENS_HALO pixels of stain),
 * their edges frayed and bent by the slow fields (straight cell edges
 * read as a polygon net), half of them hidden, paler along their length */
#define STILL_LENS_SIZE  0.9
#define STILL_LENS_WIDTH 0.9f
#define STILL_LENS_THIN  0.3f
#define STILL_LENS_INK   0.3f
#define STILL_LENS_PALE  0.35f
#define STILL_LENS_FRAY  0.6f   /* pixels */
#define STILL_LENS_BEND  0.15f  /* main vein sizes */
#define STILL_LENS_HIDE  0.5f
#define STILL_LENS_HALO  5.0f
#define STILL_LENS_HALO_INK 0.35f
/* The warp's fBm spreads about this much of its reach (fractal.c's gain);
 * an octave pushing a vein less than LEAST_PUSH pixels is not summed. */
#define WARP_SPREAD 0.68
#define LEAST_PUSH  0.1
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

/* The warp's octaves that move the stone by a third of a shown pixel or
 * more, typically (an octave's share of the fBm's spread, WARP_SPREAD of
 * `reach` pixels): a finer one only shifts the veins by less, which no
 * one sees, and costs as much as a coarse one. */
static guint
warp_octaves (const TsrFractalSpec *spec, double reach, double footprint)
{
  double sum_sq = 0.0, amp = 1.0;
  guint kept = 1;

  for (guint i = 0; i < spec->octaves; i++, amp *= spec->persistence)
    sum_sq += amp * amp;
  for (amp = spec->persistence; kept < spec->octaves; kept++, amp *= spec->persistence)
    if (WARP_SPREAD * reach * amp / sqrt (sum_sq) < LEAST_PUSH * MAX (footprint, 1.0))
      break;
  return kept;
}

/* A vein field's tile fit: read sheared and warped, and for corner tiles
 * at `cells` cells a period or more (their coarse lattices' cross-fade
 * leaves the shared edges a rounding apart, which a vein's steep edge
 * shows). */
static void
fold_fit (const TsrTexture *tex, const TsrMarbleVeined *mv, double cells, TsrFractalSpec *spec)
{
  if (tex->tile.kind == TSR_TILES_CORNERS)
    {
      spec->scale_x = MIN (spec->scale_x, tex->period_w / cells);
      spec->scale_y = MIN (spec->scale_y, tex->period_h / cells);
    }
  sheared_tile_fit (mv, spec);
}

/* Pixels along x across the finest cell of a field, read at the sheared
 * (u, v) (drift_y: v's change along x; 0 for one read at x, y), its cells
 * squeezed up to `stretch` times by the warp. */
static double
finest_cell_x (const TsrFractal *f, double drift_y, double stretch)
{
  const TsrOctave *o = &f->oct[f->n_octaves - 1];

  return 1.0 / ((o->fx + fabs (drift_y) * o->fy) * stretch);
}

/* ... and along y (drift_x: u's change along y). */
static double
finest_cell_y (const TsrFractal *f, double drift_x, double stretch)
{
  const TsrOctave *o = &f->oct[f->n_octaves - 1];

  return 1.0 / ((o->fy + fabs (drift_x) * o->fx) * stretch);
}

void
tsr_marble_veined_prepare (const TsrTexture *tex, double veins, double sharpness,
                           double turbulence, TsrMarbleVeined *mv)
{
  TsrFractalSpec spec;
  const double main_size = MAX (0.8 * MAX (tex->period_w, tex->period_h) / MAX (veins, 0.5), 4.0);
  /* Still stone (turbulence 0.3 and under) cracks rather than flows; from
   * 0.8 up the stone flows, and in between it is some of each. */
  float slope;
  const float cracked = smooth_step (0.8f, 0.3f, (float) turbulence, &slope);
  const float flowing = 1.0f - cracked;
  /* crisp stone, cracked (joints and all: from cracked 0.6) but not the
   * stillest: Carrara's web of lenses */
  const float web = CLAMP ((float) (sharpness - 2.0) / 2.0f, 0.0f, 1.0f)
                    * (1.0f - CLAMP ((cracked - 0.6f) / 0.2f, 0.0f, 1.0f))
                    * CLAMP ((cracked - 0.35f) / 0.25f, 0.0f, 1.0f);
  /* ... and the stillest's (pink's): larger pieces, hairlines in halos */
  const float pink = CLAMP ((float) (sharpness - 2.0) / 2.0f, 0.0f, 1.0f)
                     * CLAMP ((cracked - 0.6f) / 0.2f, 0.0f, 1.0f);
  double stretch, px[2][2], calm[2], drift;

  choose_shear (tex, mv);
  mv->stone_base = STONE_BASE - CRACKED_CLOUD * cracked;
  mv->stone_cloud = STONE_CLOUD + CRACKED_CLOUD * cracked;
  {
    /* the stillest stone (pink) is pale between its veins: its colour
     * sits in the halos round them, not in clouds of its own */
    const float still = CLAMP ((cracked - 0.6f) / 0.2f, 0.0f, 1.0f);
    const float calm = STILL_CALM * still * mv->stone_cloud;

    mv->stone_cloud -= calm;
    mv->stone_base += 0.6f * calm;
  }
  mv->pale = PALE_BANDS * cracked;
  /* the bands take the clouds' place: at most 1, about as light */
  mv->stone_cloud -= mv->pale;
  mv->stone_base += 0.4f * mv->pale;
  /* the grains fade out as a shown pixel grows past one; crisper
   * stone (Carrara's fine calcite) has crisper grains */
  mv->grain_ink = GRAIN * (1.0f - 0.5f * cracked)
                  * CLAMP ((float) sqrt (sharpness / 2.0), 1.0f, 1.6f)
                  * CLAMP (2.0f - (float) tex->footprint, 0.0f, 1.0f);
  {
    /* crisp, cracked stone that is not the stillest (Carrara) is
     * crunchy: its calcite glints pixel by pixel */
    const float still = CLAMP ((cracked - 0.6f) / 0.2f, 0.0f, 1.0f);

    mv->grain_ink *= 1.0f + (CRUNCH + (web > 0.5f ? LENS_CRUNCH : 0.0f)) * cracked * (1.0f - still)
                            * CLAMP ((float) (sharpness - 2.0) / 2.0f, 0.0f, 1.0f);
  }
  mv->crystal_ink = CRYSTAL * (1.0f - 0.3f * cracked);
  {
    /* gathered in crisp (Carrara) or the stillest (pink) cracked stone */
    const float still = CLAMP ((cracked - 0.6f) / 0.2f, 0.0f, 1.0f);
    const float crisp = CLAMP ((float) (sharpness - 2.0) / 2.0f, 0.0f, 1.0f);

    mv->quiet = 1.0f - (1.0f - GRAIN_QUIET) * cracked * MAX (still, crisp);
  }

  spec_of_size (tex, mv, TSR_SALT_MARBLE_WARP, 0.9 * main_size, 1.0, &spec);
  spec.persistence = 0.35;
  spec.lacunarity = 2.0;
  mv->warp_pixels = 0.15 * turbulence * main_size;
  /* the stretch of every octave: the finest, too faint to move a vein,
   * still crease it */
  stretch = plain_warp_stretch (tex, &spec, mv->warp_pixels);
  spec.octaves = warp_octaves (&spec, mv->warp_pixels, tex->footprint);
  tsr_fractal_init (&mv->warp_x, &spec);
  spec.noise.seed = warp_y_seed (spec.noise.seed);
  tsr_fractal_init (&mv->warp_y, &spec);

  /* the clouds: blotches with no drift of their own, sampled at the
   * warped (x, y); an octave fewer than asked: the finer ones are below
   * the crystals, which carry the pixel's detail */
  /* cracked stone's clouds are broad drifts, whatever its veins: at its
   * veins' size, dark blots between the veins read as cells */
  spec_of_size (tex, mv, TSR_SALT_MARBLE_BODY,
                BODY_SIZE * MAX (main_size, main_size + cracked * (CRACKED_BODY * MAX (tex->period_w,
                                                                                    tex->period_h)
                                                                   - main_size)),
                1.0, &spec);
  spec.octaves = MAX (spec.octaves, 2u) - 1;
  spec.persistence = BODY_PERSISTENCE;
  spec.lacunarity = 2.0;
  spec.tile.reach += mv->warp_pixels;
  tsr_fractal_init (&mv->body, &spec);

  /* the grains: equant cells, unbent by the flow (sampled at (x, y)) */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_MARBLE_BODY, &spec);
  spec.noise.seed = tsr_mix32 (spec.noise.seed ^ 0x67726e73u);
  spec.basis = TSR_BASIS_CELLS;
  spec.noise.cells_mode = TSR_CELLS_F1;
  spec.noise.jitter = 1.0f;
  spec.scale_x = spec.scale_y = GRAIN_SIZE;
  spec.octaves = 1;
  tsr_fractal_init (&mv->grain, &spec);
  /* ... and the crystals, whose boundaries (F2 - F1 near 0) glint */
  spec.noise.seed = tsr_mix32 (spec.noise.seed ^ 0x63727973u);
  spec.noise.cells_mode = TSR_CELLS_F2_MINUS_F1;
  spec.noise.jitter = 0.9f;
  spec.scale_x = spec.scale_y = CRYSTAL_SIZE;
  tsr_fractal_init (&mv->crystal, &spec);

  /* ... and the inclusions, unbent too */
  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_MARBLE_BODY, &spec);
  spec.noise.seed = tsr_mix32 (spec.noise.seed ^ 0x73706b73u);
  spec.basis = TSR_BASIS_SIMPLEX;   /* round dots: a lattice's peaks are drawn out along its axes */
  spec.scale_x = spec.scale_y = SPECK_SIZE;
  spec.octaves = 1;
  tsr_fractal_init (&mv->specks, &spec);
  /* specks and knots a zoomed-out pixel cannot show (as the fractures'
   * finer orders) fade out rather than alias */
  const float shown = CLAMP ((0.3f - (float) (tex->footprint / SPECK_SIZE)) / 0.15f, 0.0f, 1.0f);

  mv->speck_ink = SPECK_INK * flowing * shown;
  mv->knot = KNOT * flowing * shown;

  spec_of_size (tex, mv, TSR_SALT_MARBLE_FADE, 0.8 * main_size, 1.0, &spec);
  fold_fit (tex, mv, 4.0, &spec);
  spec.octaves = 3;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  tsr_fractal_init (&mv->fade, &spec);

  /* soft stone (Calacatta's, vein-sharpness under 2): fibrous streaks
   * of crystals along the drift, crisp creases, and clouds of more
   * contrast */
  {
    const float soft = CLAMP (2.0f - (float) sharpness, 0.0f, 1.0f);

    mv->streak_ink = STREAKS * soft * flowing;
    mv->stone_cloud *= 1.0f + SOFT_CLOUD * soft * flowing;
    mv->stone_base -= 0.5f * SOFT_CLOUD * soft * flowing * STONE_CLOUD + STREAK_MEAN * mv->streak_ink;
    spec_of_size (tex, mv, TSR_SALT_MARBLE_STREAKS, STREAK_SIZE * main_size, STREAK_DRIFT, &spec);
    sheared_tile_fit (mv, &spec);
    spec.mode = TSR_FRACTAL_TURBULENCE;   /* creases: crisp fibres */
    spec.octaves = 3;
    spec.persistence = 0.6;
    spec.lacunarity = 2.0;
    tsr_fractal_init (&mv->streaks, &spec);
  }

  spec_of_size (tex, mv, TSR_SALT_MARBLE_SWELL, 0.9 * main_size, 1.0, &spec);
  fold_fit (tex, mv, 8.0, &spec);
  spec.octaves = 3;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  tsr_fractal_init (&mv->swell, &spec);

  /* the fractures: one octave an order, drawn out along the drift the
   * more the stone flowed */
  drift = STILL_DRIFT + flowing * (1.0 - STILL_DRIFT + NET_DRIFT * MIN (turbulence, 1.5));
  spec_of_size (tex, mv, TSR_SALT_MARBLE_FLOW_VEINS, NET_SIZE * (1.0 - 0.55 * cracked) * main_size,
                drift, &spec);
  /* the branches: about as long as wide, so they cross the main veins */
  calm[0] = mv->shear_y != 0.0 ? STILL_DRIFT / drift : 1.0;
  calm[1] = mv->shear_y != 0.0 ? 1.0 : STILL_DRIFT / drift;
  fold_fit (tex, mv, 4.0, &spec);
  px[0][0] = 1.0;
  px[0][1] = mv->shear_y;
  px[1][0] = mv->shear_x;
  px[1][1] = 1.0;
  tsr_marble_fractures_prepare (&mv->net, &spec, NET_STEP, main_size, tex->footprint, stretch, px, calm, sharpness,
                                flowing, cracked, veins);
  {
    const TsrLensLook carrara = {
      .size = LENS_SIZE * main_size, .step = LENS_STEP, .sizes = TSR_LENS_SIZES,
      .width = LENS_WIDTH, .swell_low = LENS_THIN, .swell_top = LENS_THICK,
      .ink = web > 0.5f ? LENS_INK : 0.0f, .fp = LENS_SOFT * mv->net.joint_fp,
    };
    const TsrLensLook rosa = {
      .size = STILL_LENS_SIZE * main_size, .step = LENS_STEP, .sizes = 1,
      .width = STILL_LENS_WIDTH, .swell_low = STILL_LENS_THIN, .swell_top = LENS_THICK,
      .ink = STILL_LENS_INK, .pale = STILL_LENS_PALE, .fp = LENS_SOFT * mv->net.joint_fp,
      .fray = STILL_LENS_FRAY, .halo = STILL_LENS_HALO, .halo_ink = STILL_LENS_HALO_INK,
      .hide = STILL_LENS_HIDE, .bend = STILL_LENS_BEND * (float) main_size,
    };

    tsr_marble_lenses_prepare (&mv->lenses, &spec, pink > 0.5f ? &rosa : &carrara, px);
  }
  {
    double finest = MIN (MIN (finest_cell_x (&mv->warp_x, 0.0, 1.0),
                              finest_cell_x (&mv->body, 0.0, stretch)),
                         MIN (finest_cell_x (&mv->fade, mv->shear_y, stretch),
                              finest_cell_x (&mv->swell, mv->shear_y, stretch)));
    double finest_y = MIN (MIN (finest_cell_y (&mv->warp_x, 0.0, 1.0),
                                finest_cell_y (&mv->body, 0.0, stretch)),
                           MIN (finest_cell_y (&mv->fade, mv->shear_x, stretch),
                                finest_cell_y (&mv->swell, mv->shear_x, stretch)));

    if (mv->streak_ink > 0.0f)
      {
        finest = MIN (finest, finest_cell_x (&mv->streaks, mv->shear_y, stretch));
        finest_y = MIN (finest_y, finest_cell_y (&mv->streaks, mv->shear_x, stretch));
      }
    mv->slow_grid = tsr_marble_slow_grid (tex, finest, tex->period_w);
    /* the band grid: where the grid runs along rows, at a pixel a point
     * (a zoomed-out view's points, footprint pixels apart, would need more
     * nodes than points) */
    mv->slow_grid_y = mv->slow_grid > 0.0 && tex->footprint == 1
                      ? tsr_marble_slow_grid (tex, finest_y, tex->period_h) : 0.0;
  }
  {
    double cells[TSR_FRACTURE_ORDERS], cells_y[TSR_FRACTURE_ORDERS];

    for (int k = 0; k < mv->net.n; k++)
      {
        cells[k] = finest_cell_x (&mv->net.net[k], mv->shear_y, stretch);
        cells_y[k] = finest_cell_y (&mv->net.net[k], mv->shear_x, stretch);
      }
    mv->grid_orders = tsr_marble_grid_orders (mv, mv->slow_grid, cells, mv->net.n);
    mv->slow_grid_y = tsr_marble_band_rows (tex, mv, cells_y, &mv->band_orders);
  }
}

/* The row from its slow fields, the band grid's (with its orders) or the
 * grid's along rows. */
static void
veined_from_slow (const TsrMarbleVeined *mv, int orders, const double *x, const double *y,
                  gsize n, const TsrMarbleSlow *slow, float *out, float *gx, float *gy)
{
  const gboolean grad = gx != NULL;
  const float a = (float) mv->warp_pixels;
  const float sx = (float) mv->shear_x, sy = (float) mv->shear_y;
  const float *const wxx = slow->wxx, *const wxy = slow->wxy, *const wyx = slow->wyx,
              *const wyy = slow->wyy, *const body = slow->body;
  float bu[TSR_CHUNK], bv[TSR_CHUNK];
  float grain[TSR_CHUNK], grx[TSR_CHUNK], gry[TSR_CHUNK];
  float cryst[TSR_CHUNK], crx[TSR_CHUNK], cry[TSR_CHUNK];
  float speck[TSR_CHUNK], spx[TSR_CHUNK], spy[TSR_CHUNK];
  TsrSlope fade[TSR_CHUNK], swell[TSR_CHUNK], veins[TSR_CHUNK], tone[TSR_CHUNK];
  double u[TSR_CHUNK], v[TSR_CHUNK];

  for (gsize i = 0; i < n; i++)
    {
      const double qx = x[i] + mv->warp_pixels * slow->wx[i], qy = y[i] + mv->warp_pixels * slow->wy[i];

      u[i] = qx + mv->shear_x * qy;
      v[i] = qy + mv->shear_y * qx;
    }
  if (grad)
    for (gsize i = 0; i < n; i++)
      {
        /* in (u, v): (x, y) = (u - shear_x v, v - shear_y u), one shear 0 */
        const float bqx = slow->bqx[i], bqy = slow->bqy[i];

        bu[i] = bqx - sy * bqy;
        bv[i] = bqy - sx * bqx;
      }
  tsr_fractal_row_grad (&mv->grain, x, y, n, grain, grad ? grx : NULL, gry);
  tsr_fractal_row_grad (&mv->crystal, x, y, n, cryst, grad ? crx : NULL, cry);
  tsr_fractal_row_grad (&mv->specks, x, y, n, speck, grad ? spx : NULL, spy);
  for (gsize i = 0; i < n; i++)
    {
      fade[i] = (TsrSlope) { slow->fade[i], grad ? slow->fu[i] : 0.0f, grad ? slow->fv[i] : 0.0f };
      swell[i] = (TsrSlope) { slow->swell[i], grad ? slow->su[i] : 0.0f, grad ? slow->sv[i] : 0.0f };
    }
  {
    TsrFractureNoise given = { .n = orders };

    for (int k = 0; k < orders; k++)
      {
        given.val[k] = slow->net[k];
        given.gu[k] = slow->nu[k];
        given.gv[k] = slow->nv[k];
      }
    tsr_marble_fractures_row (&mv->net, u, v, n, swell, fade, &given, grad, veins, tone);
  }
  if (mv->streak_ink > 0.0f)
    for (gsize i = 0; i < n; i++)
      tone[i] = sl_add (tone[i], sl (mv->streak_ink * slow->streaks[i],
                                     grad ? mv->streak_ink * slow->tu[i] : 0.0f,
                                     grad ? mv->streak_ink * slow->tv[i] : 0.0f));
  if (mv->lenses.n > 0)
    {
      TsrSlope keep[TSR_CHUNK];

      for (gsize i = 0; i < n; i++)
        keep[i] = sl (1.0f - veins[i].v, -veins[i].u, -veins[i].w);
      tsr_marble_lenses_row (&mv->lenses, u, v, n, swell, fade, grad, keep);
      for (gsize i = 0; i < n; i++)
        veins[i] = sl (1.0f - keep[i].v, -keep[i].u, -keep[i].w);
    }

  if (!grad)
    {
      /* a colour map's: the same steps as below, a vector at a time */
      const TsrVeinedRowFn kernel = TSR_ISA_PICK (tsr_veined_row_base, tsr_veined_row_avx2,
                                                  tsr_veined_row_avx512);
      float ink[TSR_CHUNK], tn[TSR_CHUNK];
      const TsrVeinedRowIn in = {
        .body = body, .grain = grain, .cryst = cryst, .speck = speck, .fade = slow->fade,
        .veins = ink, .tone = tn,
      };

      for (gsize i = 0; i < n; i++)
        {
          ink[i] = veins[i].v;
          tn[i] = tone[i].v;
        }
      kernel (mv, &in, n, out);
      return;
    }
  /* a gradient's: the values as the kernel's, with their slopes */
  for (gsize i = 0; i < n; i++)
    {
      float pslope;
      const float pale = mv->pale * smooth_step (PALE_FROM, PALE_TO, fade[i].v, &pslope);
      /* a crystal's boundary: F2 - F1 near its least (as the fBm curve
       * maps it, about -0.68) */
      const float ct = CLAMP ((cryst[i] - CRYSTAL_EDGE) * 6.0f, 0.0f, 1.0f);
      const float glint = (1.0f - ct) * (1.0f - ct);
      const float dglint = ct > 0.0f && ct < 1.0f ? -2.0f * (1.0f - ct) * 6.0f : 0.0f;
      /* the grains, gathered by the veins */
      float gslope = 0.0f;
      const float gather = mv->quiet < 1.0f
                           ? mv->quiet + (1.0f - mv->quiet) * smooth_step (0.0f, GATHER, veins[i].v,
                                                                            &gslope)
                           : 1.0f;
      const float dgather = (1.0f - mv->quiet) * gslope;
      const float crunch = mv->grain_ink * grain[i] - mv->crystal_ink * glint;
      const float stone = mv->stone_base + mv->stone_cloud * (0.5f + 0.5f * body[i])
                          + gather * (mv->grain_ink * grain[i]) - gather * (mv->crystal_ink * glint)
                          + pale + tone[i].v;
      /* knots: the veins darker where the specks' noise is high, paler
       * where low, as V = vv m / (1 + vv (m - 1)), which stays in [0, 1] */
      float kslope;
      const float vv = veins[i].v;
      const float m = 1.0f + mv->knot * (smooth_step (KNOT_FROM, KNOT_TO, speck[i], &kslope) - 0.35f);
      const float den = 1.0f + vv * (m - 1.0f);
      const float dv_dvv = m / (den * den), dv_dm = vv * (1.0f - vv) / (den * den);
      const float keep = 1.0f - vv * m / den;
      float sslope;
      const float pit = mv->speck_ink * smooth_step (SPECK_FROM, SPECK_FROM + SPECK_SPAN, speck[i],
                                                     &sslope);

      out[i] = stone * keep * (1.0f - pit);
      /* in (u, v), then in the unwarped (x + warp, y + warp), then per
       * pixel through the warp's Jacobian; the crystals' own slope is
       * per pixel already */
      const float ku = 0.5f * mv->stone_cloud * bu[i] + mv->pale * pslope * fade[i].u
                       + tone[i].u + crunch * dgather * veins[i].u;
      const float kv = 0.5f * mv->stone_cloud * bv[i] + mv->pale * pslope * fade[i].w
                       + tone[i].w + crunch * dgather * veins[i].w;
      const float ou = ku * keep - stone * dv_dvv * veins[i].u;
      const float ov = kv * keep - stone * dv_dvv * veins[i].w;
      const float oqx = ou + sy * ov, oqy = sx * ou + ov;
      const float kc = -mv->crystal_ink * dglint;

      const float dpit = mv->speck_ink * sslope;
      /* d out / d speck, through the pits and the knots */
      const float ds = -stone * keep * dpit - stone * dv_dm * mv->knot * kslope * (1.0f - pit);

      gx[i] = (oqx * (1.0f + a * wxx[i]) + oqy * (a * wyx[i])
               + gather * (mv->grain_ink * grx[i] + kc * crx[i]) * keep) * (1.0f - pit)
              + ds * spx[i];
      gy[i] = (oqx * (a * wxy[i]) + oqy * (1.0f + a * wyy[i])
               + gather * (mv->grain_ink * gry[i] + kc * cry[i]) * keep) * (1.0f - pit)
              + ds * spy[i];
    }
}

void
tsr_marble_veined_row (const TsrMarbleVeined *mv, gboolean bands, const double *x,
                       const double *y, gsize n, float *out, float *gx, float *gy)
{
  TsrMarbleSlow slow;

  g_assert (n <= TSR_CHUNK);
  bands = bands && mv->slow_grid_y > 0.0;
  tsr_marble_slow_fields (mv, bands, x, y, n, gx != NULL, &slow);
  veined_from_slow (mv, mv->grid_orders, x, y, n, &slow, out, gx, gy);
}

/* Without the band grid: as many rows a call as fill a chunk, so that
 * short rows (a turned tile's face) share the call's set-up; the grid
 * along rows takes each run of one y on its own, so the bits are the
 * same as row by row. */
static void
veined_rows_batched (const TsrMarbleVeined *mv, const double *x, const double *y,
                     gsize rows, gsize n, float *out, float *gx, float *gy, gsize stride)
{
  const gsize per_call = TSR_CHUNK / MAX (n, 1);
  double xs[TSR_CHUNK], ys[TSR_CHUNK];
  float o[TSR_CHUNK], ox[TSR_CHUNK], oy[TSR_CHUNK];

  if (n == 0)
    return;

  for (gsize r0 = 0; r0 < rows; r0 += per_call)
    {
      const gsize m = MIN (per_call, rows - r0);

      tsr_band_rows_as_points (x, y, r0, m, n, xs, ys);
      tsr_marble_veined_row (mv, TRUE, xs, ys, m * n, o, gx ? ox : NULL, gy ? oy : NULL);
      tsr_band_rows_from_points (o, ox, oy, m, n, out + r0 * stride,
                                 gx ? gx + r0 * stride : NULL, gy ? gy + r0 * stride : NULL,
                                 stride);
    }
}

/* One band's rows from its grid, as many rows a call of the point kernels
 * as fill a chunk: a turned tile's face in a thin region comes as many
 * rows of a few points, whose calls' set-up would otherwise dominate.  A
 * point's value does not depend on the others in its call: the same bits. */
static void
veined_band (const TsrMarbleVeined *mv, TsrMarbleBand *band, const double *x, const double *y,
             gsize rows, gsize n, float *out, float *gx, float *gy, gsize stride)
{
  const gsize per_call = TSR_CHUNK / n;
  double xs[TSR_CHUNK], ys[TSR_CHUNK];
  float o[TSR_CHUNK], ox[TSR_CHUNK], oy[TSR_CHUNK];
  TsrMarbleSlow slow;

  for (gsize r0 = 0; r0 < rows; r0 += per_call)
    {
      const gsize m = MIN (per_call, rows - r0);

      tsr_band_rows_as_points (x, y, r0, m, n, xs, ys);
      for (gsize r = 0; r < m; r++)
        tsr_marble_band_fields (band, (int) (r0 + r), &slow, r * n);
      if (m == 1)
        {
          const gsize at = r0 * stride;

          veined_from_slow (mv, mv->grid_orders, xs, ys, n, &slow, out + at,
                            gx ? gx + at : NULL, gy ? gy + at : NULL);
          continue;
        }
      veined_from_slow (mv, mv->grid_orders, xs, ys, m * n, &slow, o, gx ? ox : NULL,
                        gy ? oy : NULL);
      tsr_band_rows_from_points (o, ox, oy, m, n, out + r0 * stride,
                                 gx ? gx + r0 * stride : NULL, gy ? gy + r0 * stride : NULL,
                                 stride);
    }
}

void
tsr_marble_veined_rows (const TsrMarbleVeined *mv, const double *x, const double *y,
                        gsize rows, gsize n, float *out, float *gx, float *gy, gsize stride)
{
  g_assert (n <= TSR_CHUNK);
  if (mv->slow_grid_y <= 0.0)
    {
      veined_rows_batched (mv, x, y, rows, n, out, gx, gy, stride);
      return;
    }
  if (n == 0)
    return;
  for (gsize r0 = 0; r0 < rows; r0 += TSR_MARBLE_BAND_ROWS)
    {
      const gsize m = MIN (TSR_MARBLE_BAND_ROWS, rows - r0);
      TsrMarbleBand *band = tsr_marble_band_new (mv, x, n, y + r0, (int) m, gx != NULL);

      veined_band (mv, band, x, y + r0, m, n, out + r0 * stride, gx ? gx + r0 * stride : NULL,
                   gy ? gy + r0 * stride : NULL, stride);
      tsr_marble_band_free (band);
    }
}
