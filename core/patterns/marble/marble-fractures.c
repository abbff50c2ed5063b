/* Veined marble's fractures.
 *
 * Marble's veins are fractures that calcite and clay filled: a few wide
 * ones, soft at their edges, and many finer ones splitting off them and
 * dying out in the stone.  Order k's network is the zero-set of octave k
 * of one noise (the zero-set of a smooth random field is a net of long
 * meandering curves, never a cell polygon), its distance d = |n| / s,
 * s the octave's RMS slope: d is about the distance to the vein where n
 * is steep, and wider where n is shallow, so a vein's width changes
 * several-fold along it on its own, and more with the swell field.
 * A finer order shows near its parent (within `reach` of it, fading and
 * thinning with the distance), and only faintly away from it: branches
 * off the main veins that taper out.  The main veins show where the fade
 * field lets them, so they too start and end inside the stone; their
 * soft wide blur (a symmetric stain, no one-sided emboss) carries the
 * hierarchy's widest scale.  The finest order is calcite: lighter, not
 * darker.  Each order's sign splits the stone into patches on either side
 * of its veins, and each patch takes its own tone: veins bound clasts.
 *
 * Every quantity carries its slope in (u, v) (TsrSlope), by the chain
 * rule, for the analytic normals. */
#include <math.h>
#include <string.h>

#include "noise/noise-kernels.h"
#include "patterns/marble/marble-fractures.h"
#include "patterns/marble/marble-fractures-rows.h"
#include "patterns/patterns.h"

#define GRID 24
#define MAIN_SIZE 34.0
/* a vein's edge is no sharper than this many pixels at vein-sharpness 2
 * (as 1 / sqrt of it): a photograph's are soft */
#define SOFT 2.0f
/* flowing stone's main veins never vanish: they thin and pale to this */
#define MAIN_FLOOR 0.3f
/* the joints, from cracked JOINT_FROM (none) to JOINT_TO (all) */
#define JOINT_FROM   0.35f
#define JOINT_TO     0.6f
#define JOINT_INK    0.9f
#define JOINT_WIDTH  0.6f    /* half-width, pixels, before thick */
#define JOINT_WOBBLE 3.0f    /* pixels the main net's noise bends them */
#define JOINT_BLUR   4.0f
#define JOINT_BLUR_INK 0.14f
#define STILL_BLUR_INK 0.24f  /* ... in the stillest stone (pink): its red halos */
#define JOINT_FLOOR  0.5f    /* how much of a joint shows where it fades */
/* Beyond the first half of the families (JOINT_WHOLE at least) a joint
 * shows in patches only
 * (none where it fades, hidden over more of the stone), at PATCH_INK to 1
 * of its ink: a net of every family, whole, reads as a regular lattice;
 * the stillest stone has PATCH_EXTRA more such families: crackled
 * clusters, cells of many sizes. */
#define JOINT_WHOLE  2
#define PATCH_INK    0.6f
#define PATCH_HIDE   0.1f
#define PATCH_EXTRA  2
#define CROSS_INK    0.55f   /* a crossing joint's ink, of a bedded one's */
#define JOINT_CLAST  0.012f  /* the clasts' tones, +- */
/* a family's width and blur, times JOINT_THIN .. JOINT_THIN + JOINT_WIDE
 * (most thin, a few wide: the square of a uniform number), but for the
 * stillest stone's (pink's, whose joints are few: a wide one reads as a
 * drawn lattice) */
#define JOINT_THIN   0.5f
#define JOINT_WIDE   1.6f
/* ... whose first family leads instead: LEAD_WIDE times as wide, the
 * others LEAD_REST times as wide and dark */
#define LEAD_WIDE    1.7f
#define LEAD_REST    0.7f
#define CRISP_WIDE   2.2f
#define LENS_VARY    0.5f
#define LENS_JOINTS  0
#define LENS_ORDERS  0.0f
#define STILL_ORDERS 0.4f
/* A fracture runs straight between kinks: each joint is pushed off its
 * line by KINK times the distance to the nearest branch line (order 1's
 * zero-set), saturating at KINK_CAP pixels, so it bends in a sharp V
 * where a branch meets it and runs straight between: angular cracks, not
 * ruled lines or smooth waves.  Its width follows the swell's square by
 * VARY (still stone) to VARY_FLOWING: wide dark runs and hairlines along
 * one crack. */
#define KINK         0.8f
#define KINK_CAP     3.0f    /* pixels, before unit */
#define VARY         1.0f

/* order[0 .. n - 1], shuffled by the hash stream *h */
static void
shuffle (int *order, int n, guint32 *h)
{
  for (int i = 0; i < n; i++)
    order[i] = i;
  for (int i = n - 1; i > 0; i--)
    {
      const int j = (int) ((*h = tsr_mix32 (*h + 0x9e3779b9u)) % (guint32) (i + 1));
      const int tmp = order[i];

      order[i] = order[j];
      order[j] = tmp;
    }
}

/* Still stone's joints: a few families of straight fractures, each the
 * lines a x / W + b y / H + off in Z for small whole a, b (a closed line
 * round the torus, so it tiles), in directions drawn from the seed, as
 * (u, v) = (x + sx y, y + sy x) reads them.  They take the main veins'
 * place the stiller the stone is: noise's zero-sets meander and close
 * into loops, a fracture runs straight and meets others at angles. */
static void
prepare_joints (TsrMarbleFractures *mf, const TsrFractalSpec *spec, const double px[2][2],
                double pixel, float thick, float unit, float cracked, double veins, float crisp)
{
  /* never along x or y: a ruler-straight line along the tile's side
   * shows what made it.  Stone is bedded: most joints run near one
   * diagonal (BED, as a x + s b y for the seed's s = +-1), a few cross it
   * (CROSS, as a x - s b y), fainter, in that rhythm (RHYTHM: 1 bedded, 0
   * crossing) */
  static const int bed[][2] = { { 1, 1 }, { 2, 1 }, { 1, 2 }, { 3, 2 }, { 2, 3 }, { 3, 1 } };
  static const int cross[][2] = { { 1, 1 }, { 2, 1 }, { 1, 2 } };
  static const int rhythm[TSR_FRACTURE_JOINTS] = { 1, 0, 1, 1, 0, 1, 1, 0 };
  /* crisp stone that is not the stillest (Carrara) flows: every joint
   * runs within about 20 degrees of the diagonal, none crosses, and they
   * meet at narrow angles round lens-shaped clasts (a lattice of two
   * directions gave it away) */
  static const int flow[][2] = { { 1, 1 }, { 2, 1 }, { 1, 2 }, { 3, 2 }, { 2, 3 }, { 4, 3 } };
  enum { BED = G_N_ELEMENTS (bed), CROSS = G_N_ELEMENTS (cross) };
  G_STATIC_ASSERT (G_N_ELEMENTS (flow) == BED);
  const double w = spec->period_w > 0 ? spec->period_w : 256.0;
  const double h = spec->period_h > 0 ? spec->period_h : 256.0;
  const double sx = px[1][0], sy = px[0][1];
  int bed_order[BED], cross_order[CROSS], nb = 0, nc = 0;
  guint32 hsh = tsr_mix32 (spec->noise.seed ^ 0x6a6f696eu);
  const float t = CLAMP ((cracked - JOINT_FROM) / (JOINT_TO - JOINT_FROM), 0.0f, 1.0f);
  /* the stillest stone (pink): few branches, short; Nero keeps its crackle */
  const float still = CLAMP ((cracked - 0.6f) / 0.2f, 0.0f, 1.0f);
  const double s = (hsh & 1u) ? 1.0 : -1.0;
  const gboolean lens = crisp * (1.0f - still) > 0.5f;
  const int (*beds)[2] = lens ? flow : bed;

  mf->joint_ink = JOINT_INK * t * t * (3.0f - 2.0f * t);
  mf->joints = 0;
  if (mf->joint_ink <= 0.0f)
    return;
  /* the simplest three (one or two lines across a tile) first: more
   * lines of a family run parallel across the tile */
  shuffle (bed_order, 3, &hsh);
  shuffle (bed_order + 3, BED - 3, &hsh);
  for (int i = 3; i < BED; i++)
    bed_order[i] += 3;
  shuffle (cross_order, CROSS, &hsh);
  mf->joints = CLAMP ((int) floor (1.7 + 1.2 * veins) + (still > 0.5f ? PATCH_EXTRA : 0), 2,
                      TSR_FRACTURE_JOINTS);
  /* crisp flowing stone's web is its lenses' (marble-lenses.c): a few
   * long joints through it, no parallel families */
  if (lens)
    mf->joints = LENS_JOINTS;
  for (int k = 0; k < mf->joints; k++)
    {
      const gboolean bedded = rhythm[k] || lens;
      const int *ab = bedded ? beds[bed_order[nb++ % BED]] : cross[cross_order[nc++ % CROSS]];
      const double a = ab[0], b = (bedded ? s : -s) * ab[1];

      hsh = tsr_mix32 (hsh + 0x9e3779b9u);
      mf->cu[k] = (float) (a / w - b * sy / h);
      mf->cv[k] = (float) (-a * sx / w + b / h);
      mf->gnorm[k] = (float) sqrt ((a / w) * (a / w) + (b / h) * (b / h));
      mf->off[k] = (float) ((hsh >> 8) * (1.0 / 16777216.0));
      mf->fade_sign[k] = (hsh & 1u) ? 1.0f : -1.0f;
      mf->fade_off[k] = 0.3f * (float) (((hsh >> 1) & 127u) / 127.0) - 0.15f;
      mf->joint_weight[k] = bedded ? 1.0f : CROSS_INK;
      {
        const float r = (float) (tsr_mix32 (hsh ^ 0x77696465u) >> 8) * (1.0f / 16777216.0f);

        mf->joint_wide[k] = 1.0f + (JOINT_THIN + JOINT_WIDE * r * r - 1.0f) * (1.0f - still);
        /* the stillest stone has one main crack, the rest finer and paler */
        mf->joint_wide[k] *= 1.0f + still * (k == 0 ? LEAD_WIDE - 1.0f : LEAD_REST - 1.0f);
        mf->joint_weight[k] *= 1.0f + still * (k == 0 ? 0.0f : LEAD_REST - 1.0f);
        /* a wide family is paler: its calcite less stained */
        mf->joint_weight[k] *= 1.0f - 0.35f * r * r * (1.0f - still);
      }
      mf->joint_floor[k] = JOINT_FLOOR;
      if (k >= MAX (JOINT_WHOLE, mf->joints / 2))
        {
          const float r = (float) (tsr_mix32 (hsh ^ 0x70617463u) >> 8) * (1.0f / 16777216.0f);

          mf->joint_floor[k] = 0.0f;
          mf->fade_off[k] -= PATCH_HIDE;
          mf->joint_weight[k] *= PATCH_INK + (1.0f - PATCH_INK) * r;
        }
    }
  /* the stillest stone's hairlines are finer, their halos carry the red */
  mf->joint_width = JOINT_WIDTH * MAX (thick, 1.2f) * (1.0f - 0.3f * still);
  /* crisp stone that is not the stillest (Carrara): veins wider than a
   * pixel, so they show their whole ink with a crisp edge, not as a faint
   * glow a pixel's width spreads */
  mf->joint_width *= 1.0f + (CRISP_WIDE - 1.0f) * crisp * (1.0f - still);
  mf->joint_wobble = JOINT_WOBBLE * MIN (unit, 1.2f);
  mf->joint_fp = (float) pixel;
  mf->joint_blur = JOINT_BLUR * unit;
  /* hazy bands round Nero's and Carrara's veins */
  mf->joint_blur_ink = JOINT_BLUR_INK + (STILL_BLUR_INK - JOINT_BLUR_INK) * still;
  mf->joint_clast = JOINT_CLAST * t;
  mf->strand_gap = STRAND_GAP * MIN (unit, 1.2f);
  mf->strand_pale = still;
  /* at the branches' net; without it, in crisp stone (Carrara), at the
   * main net's */
  mf->kink = mf->n > 1 ? KINK : KINK * crisp * (1.0f - still);
  mf->kink_net = mf->n > 1 ? 1 : 0;
  mf->kink_cap = KINK_CAP * MIN (unit, 1.2f);
  /* ... and less so in flowing, crisp stone, whose veins run on */
  mf->vary = VARY * t * (lens ? LENS_VARY : 1.0f);
  /* the widest a joint's vein (0.5 + 0.5 swell_top its width) or blur
   * reaches */
  for (int k = 0; k < mf->joints; k++)
    mf->joint_near[k] = MAX (mf->joint_wide[k]
                             * MAX (mf->joint_blur, mf->joint_width * (0.5f + 0.5f * mf->swell_top)),
                             mf->joint_fp) + mf->strand_gap;
  /* the meandering main veins give way */
  mf->ink[0] *= 1.0f - t;
  mf->blur_ink[0] *= 1.0f - t;
  /* the branches keep to the joints: shown all over, their closed loops
   * read as a cell net */
  mf->floor[1] *= 1.0f - 0.7f * t;
  mf->floor[2] *= 1.0f - 0.7f * t;
  /* pink's branches and twigs faint: spurs all along a joint comb it */
  mf->ink[1] *= 1.0f - 0.5f * t * still;
  mf->ink[2] *= 1.0f - 0.85f * t * still;
  /* the branches stay close to the joints, and at pink's stillness do not
   * comb them with whiskers all one length */
  mf->reach[1] *= (1.0f - 0.5f * t) * (1.0f - 0.6f * still);
  mf->reach[2] *= (1.0f - 0.5f * t) * (1.0f - 0.6f * still);
  /* the lenses' web takes the branches' place: theirs, along the drift,
   * read as parallel streaks; pink keeps some, fainter */
  if (lens || crisp * still > 0.5f)
    for (int k = 1; k < TSR_FRACTURE_ORDERS; k++)
      {
        mf->ink[k] *= lens ? LENS_ORDERS : STILL_ORDERS;
        mf->blur_ink[k] *= lens ? LENS_ORDERS : STILL_ORDERS;
      }
}

void
tsr_marble_fractures_prepare (TsrMarbleFractures *mf, const TsrFractalSpec *spec,
                              double step, double main_size, double footprint,
                              double stretch, const double px[2][2], const double calm[2],
                              double sharpness, float flowing, float cracked, double veins)
{
  /* widths and reaches below are for main veins MAIN_SIZE pixels apart;
   * veins further apart are wider, less than in proportion */
  const float unit = (float) (main_size / MAIN_SIZE);
  const float thick = powf (unit, 0.75f);
  const double pw = spec->period_w > 0 ? spec->period_w : 256.0;
  const double ph = spec->period_h > 0 ? spec->period_h : 256.0;
  const float sharp = (float) (1.0 / sqrt (sqrt (sharpness / 2.0)));
  /* sharper veins have crisper edges too (Carrara's calcite, pink's cracks) */
  const float soft = MAX (1.0f, SOFT * (float) (1.0 / sqrt (sharpness / 2.0)));
  /* main veins, branches, twigs: darker; veinlets: calcite, lighter */
  static const float width[TSR_FRACTURE_ORDERS] = { 2.8f, 1.3f, 0.7f, 0.5f };
  static const float ink[TSR_FRACTURE_ORDERS] = { 0.38f, 0.32f, 0.3f, -0.12f };
  static const float blur[TSR_FRACTURE_ORDERS] = { 9.0f, 4.0f, 0.0f, 0.0f };
  static const float blur_ink[TSR_FRACTURE_ORDERS] = { 0.16f, 0.08f, 0.0f, 0.0f };
  static const float reach[TSR_FRACTURE_ORDERS] = { 0.0f, 18.0f, 9.0f, 6.0f };
  static const float floor_[TSR_FRACTURE_ORDERS] = { 0.0f, 0.45f, 0.2f, 0.08f };
  static const float clast[TSR_FRACTURE_ORDERS] = { 0.035f, 0.02f, 0.0f, 0.0f };
  TsrFractalSpec order = *spec;

  order.octaves = 1;
  mf->n = 0;
  for (int k = 0; k < TSR_FRACTURE_ORDERS; k++)
    {
      TsrFractalSpec plain;
      TsrFractal f;
      const TsrOctave *oct;
      double u[GRID], v[GRID], s2 = 0.0, p2 = 0.0;
      float val[GRID], gu[GRID], gv[GRID];

      /* one octave an order, each `step` finer */
      if (k > 0)
        {
          order.scale_x *= (k == 1 ? calm[0] : 1.0) / step;
          order.scale_y *= (k == 1 ? calm[1] : 1.0) / step;
          order.noise.seed = tsr_mix32 (order.noise.seed + 0x9e3779b9u);
        }
      plain = order;
      plain.tile.id = NULL;
      plain.footprint = 0.0;
      tsr_fractal_init (&f, &plain);
      oct = &f.oct[0];
      for (int r = 0; r < GRID; r++)
        {
          for (int i = 0; i < GRID; i++)
            {
              const double x = (i + 0.37) * pw / GRID, y = (r + 0.61) * ph / GRID;

              u[i] = px[0][0] * x + px[1][0] * y;
              v[i] = px[0][1] * x + px[1][1] * y;
            }
          tsr_fractal_row_grad (&f, u, v, GRID, val, gu, gv);
          for (int i = 0; i < GRID; i++)
            {
              const double nu = gu[i], nv = gv[i];
              const double sx = nu * px[0][0] + nv * px[0][1], sy = nu * px[1][0] + nv * px[1][1];

              s2 += nu * nu + nv * nv;
              p2 += sx * sx + sy * sy;
            }
        }
      mf->slope[k] = (float) sqrt (s2 / (GRID * GRID));
      /* a pixel in units of d, the warp's stretch and a zoomed-out view
       * included; a network whose spacing (about a cell) a shown pixel
       * cannot show is left out */
      mf->fp[k] = soft * (float) (stretch * footprint * sqrt (p2 / (GRID * GRID)) / mf->slope[k]);
      if (stretch * footprint * MAX (oct->fx, oct->fy) > 0.3)
        break;
      mf->width[k] = width[k] * sharp * thick;
      mf->ink[k] = ink[k] * (k == 0 ? 1.0f : 1.0f + 0.2f * cracked);
      mf->blur[k] = blur[k] * unit * (1.0f - 0.4f * cracked);
      mf->blur_ink[k] = blur_ink[k] * sharp * (0.3f + 0.7f * flowing);
      mf->reach[k] = reach[k] * unit;
      mf->floor[k] = floor_[k] * (1.0f - 0.5f * cracked);
      mf->clast[k] = clast[k] * (1.0f + 0.5f * cracked);
      tsr_fractal_init (&mf->net[k], &order);
      mf->n = k + 1;
    }
  mf->clast_soft = 8.0f * unit;
  mf->swell_depth = 0.85f * (1.0f - 0.3f * cracked);
  mf->swell_top = 1.25f;
  mf->main_floor = MAIN_FLOOR * flowing;
  prepare_joints (mf, spec, px, soft * stretch * footprint, sharp * thick, unit, cracked, veins,
                  CLAMP ((float) (sharpness - 2.0) / 2.0f, 0.0f, 1.0f));
}

/* The fractures' rows: the orders' noise (and its slopes for a gradient),
 * then the row kernel, on arrays padded to whole vectors with the last
 * sample. */
void
tsr_marble_fractures_row (const TsrMarbleFractures *mf, const double *u, const double *v,
                          gsize n, const TsrSlope *swell, const TsrSlope *fade,
                          const TsrFractureNoise *given, gboolean grad, TsrSlope *veins,
                          TsrSlope *tone)
{
  const TsrFracturesRowFn kernel = TSR_ISA_PICK (tsr_fractures_row_base, tsr_fractures_row_avx2,
                                                 tsr_fractures_row_avx512);
  /* the branches' net, ahead of its order: the joints kink at it */
  const gboolean early = mf->joints > 0 && mf->kink > 0.0f && mf->kink_net == 1;
  const gsize whole = (n + 15) & ~(gsize) 15;
  float val[TSR_FRACTURE_ORDERS][TSR_CHUNK], gu[TSR_FRACTURE_ORDERS][TSR_CHUNK],
        gv[TSR_FRACTURE_ORDERS][TSR_CHUNK];
  float sw[3][TSR_CHUNK], fd[3][TSR_CHUNK], keep[3][TSR_CHUNK], tn[3][TSR_CHUNK];
  double pu[TSR_CHUNK], pv[TSR_CHUNK];
  TsrFracturesRowIn in = {
    .swell = sw[0], .swell_u = sw[1], .swell_w = sw[2],
    .fade = fd[0], .fade_u = fd[1], .fade_w = fd[2], .u = pu, .v = pv,
  };
  const TsrFracturesRowOut out = { keep[0], keep[1], keep[2], tn[0], tn[1], tn[2] };

  g_assert (n > 0 && whole <= TSR_CHUNK);
  /* for a colour map, an order without ink, blur or clasts (white
   * marble's finer ones) changes nothing, and those after it only read
   * it as their parent; the joints are drawn with order 0 */
  in.orders = grad ? mf->n : mf->joints > 0 ? MIN (mf->n, 1) : 0;
  for (int k = 0; k < mf->n && !grad; k++)
    if (mf->ink[k] != 0.0f || (mf->blur[k] > 0.0f && mf->blur_ink[k] != 0.0f)
        || mf->clast[k] > 0.0f)
      in.orders = k + 1;
  for (int k = 0; k < TSR_FRACTURE_ORDERS; k++)
    {
      in.val[k] = val[k];
      in.gu[k] = grad ? gu[k] : NULL;
      in.gv[k] = grad ? gv[k] : NULL;
      if (k >= in.orders && !(k == 1 && early))
        continue;
      if (k < given->n)
        {
          memcpy (val[k], given->val[k], n * sizeof (float));
          if (grad)
            {
              memcpy (gu[k], given->gu[k], n * sizeof (float));
              memcpy (gv[k], given->gv[k], n * sizeof (float));
            }
        }
      else
        tsr_fractal_row_grad (&mf->net[k], u, v, n, val[k], in.gu[k] ? gu[k] : NULL,
                              in.gv[k] ? gv[k] : NULL);
      for (gsize i = n; i < whole; i++)
        {
          val[k][i] = val[k][n - 1];
          if (grad)
            gu[k][i] = gu[k][n - 1], gv[k][i] = gv[k][n - 1];
        }
    }
  for (gsize i = 0; i < whole; i++)
    {
      const gsize at = MIN (i, n - 1);

      sw[0][i] = swell[at].v;
      fd[0][i] = fade[at].v;
      pu[i] = u[at];
      pv[i] = v[at];
    }
  if (grad)
    for (gsize i = 0; i < whole; i++)
      {
        const gsize at = MIN (i, n - 1);

        sw[1][i] = swell[at].u, sw[2][i] = swell[at].w;
        fd[1][i] = fade[at].u, fd[2][i] = fade[at].w;
      }
  kernel (mf, &in, n, &out);
  for (gsize i = 0; i < n && grad; i++)
    {
      veins[i] = sl (1.0f - keep[0][i], -keep[1][i], -keep[2][i]);
      tone[i] = sl (tn[0][i], tn[1][i], tn[2][i]);
    }
  for (gsize i = 0; i < n && !grad; i++)
    {
      veins[i] = sl (1.0f - keep[0][i], 0.0f, 0.0f);
      tone[i] = sl (tn[0][i], 0.0f, 0.0f);
    }
}
