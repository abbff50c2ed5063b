/* Cracked earth (pattern `cracks`): dried mud split into plates.
 *
 * Mud shrinks and cracks in a hierarchy: the first cracks run long and
 * close into plates of many sizes; later ones start from them and die
 * out inside a plate.  Here the mud is split into pieces, the cells of a
 * power diagram (rock-cells.h) seen through a smooth warp, and the pieces
 * are gathered into plates by a coarser diagram (a piece belongs to the
 * plate its point lies in): the primary cracks run along the borders
 * between plates, so a plate's outline is a crooked run of its pieces'
 * borders, and plates take one to several pieces, of any shape; their
 * width swells and thins along them, and they heal shut here and there.
 * Some borders between pieces of one plate crack too, finer and
 * shallower, and end where they meet a healed border: the secondary
 * cracks.  A drying plate's edge curls up into a thin lip before it drops
 * into its crack; the plates carry a mottle, crumbs and a grit of their
 * own.  The value is the height: low in the cracks.  Every part is
 * differentiable (rock-slope.h), so the slopes are analytic. */
#include <math.h>
#include <string.h>

#include "patterns/pattern-impl.h"
#include "noise/noise-kernels.h"
#include "patterns/rock/cracks-mud-rows.h"
#include "patterns/rock/rock-cells.h"
#include "patterns/rock/rock-power-rows.h"
#include "patterns/rock/rock-slope.h"

/* the pieces' cells and the plates' this many times the size asked for */
#define PIECE_SPAN 0.8
#define PLATE_SPAN 1.6
/* the share of borders within a plate that crack finer */
#define FINER_SHARE 0.3
/* plate to plate, their level (and so their tone) differs by up to this */
#define PLATE_TONE 0.16
/* the least roughness of a plate's top, of the mean (the most 2 - this) */
#define ROUGH_LEAST 0.5
/* crumbs on a plate's top, this share of the size across */
#define LUMP_SIZE 0.14
/* the noise fields read a row at a time */
#define FIELDS 7
/* the most points of a run whose power distances are worked out at once */
#define RUN 64

typedef struct
{
  TsrRockCells pieces, plates;
  TsrFractal   warp_x, warp_y, width, mask, mottle, lumps, grit;
  double       warp;        /* the warp's reach, pixels */
  double       half_width;  /* a primary crack's half width, pixels */
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
  /* two plates a period at least: one would have no border to crack */
  const int nx = MAX (2, tsr_rock_count (tex->period_w, PLATE_SPAN * size));
  const int ny = MAX (2, tsr_rock_count (tex->period_h, PLATE_SPAN * size));
  const int px = tsr_rock_count (tex->period_w, PIECE_SPAN * size);
  const int py = tsr_rock_count (tex->period_h, PIECE_SPAN * size);
  const guint32 seed = tsr_hash1 ((guint32) tex->common.seed, TSR_SALT_CRACKS_CELLS);

  tsr_rock_cells_init (&st->pieces, tex, px, py, 0.9, 0.3, seed);
  tsr_rock_cells_init (&st->plates, tex, nx, ny, 0.9, 0.3, tsr_mix32 (seed + 1));
  tsr_rock_noise_init (tex, TSR_SALT_CRACKS_FIELDS, 1.2 * size, 1.2 * size, 1, TRUE,
                       &st->warp_x);
  tsr_rock_noise_init (tex, TSR_SALT_CRACKS_FIELDS + 1, 1.2 * size, 1.2 * size, 1, TRUE,
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
  /* the warp bends the borders over several pieces; one long octave, as
   * where it squeezes the plane a crack widens into a blot */
  st->warp = 0.2 * size;
  /* hairlines: a pixel or so wide on plates 40 pixels across, wider on
   * larger ones, less than in proportion */
  st->half_width = 1.8 * sqrt (size / 40.0);
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
field (const float *v, const float *gx, const float *gy, gsize i, gboolean slopes)
{
  return rs (v[i], slopes ? gx[i] : 0.0, slopes ? gy[i] : 0.0);
}

/* The plate of each piece a call's row meets (a piece's plate is the
 * one its point lies in), by piece: direct-mapped as TsrRockMemo is. */
typedef struct
{
  long    i[TSR_ROCK_MEMO], j[TSR_ROCK_MEMO];
  guint32 plate[TSR_ROCK_MEMO];
} PlateMemo;

/* What each border of the piece a point lies in is, for the pieces
 * around and the nearest of them: both constant over a run of points. */
enum { PRIMARY, FINER, KINDS };
typedef struct
{
  gboolean valid;
  long     i0, j0;
  int      nearest;
  guint32  plate;                  /* the nearest piece's */
  /* the pieces around whose borders with the nearest crack, of each
   * kind, in order, and those borders' bisectors (sqrt and divisions
   * once for all the runs that meet them) */
  int      n[KINDS];
  guint8   k[KINDS][TSR_ROCK_AROUND];
  TsrRockBisectors bis;
} BorderKinds;

/* Everything a call keeps while its row runs over the same pieces; and
 * for the row's (warped) points from run_at to run_end, in one piece's
 * cell, their power distances from the pieces around and the nearest
 * (when powers: a row's points at a time). */
typedef struct
{
  TsrRockAround pieces;
  TsrRockMemo   plate_cells;
  PlateMemo     plates;
  /* by cell and nearest piece, direct-mapped as TsrRockMemo is: the next
   * rows meet the same ones */
  BorderKinds   kinds[TSR_ROCK_MEMO];
  gboolean      powers;
  gsize         run_at, run_end;
  double        power[TSR_ROCK_AROUND][RUN + 2 * TSR_ROCK_POWER_PAD];
  gint64        nearest[RUN + 2 * TSR_ROCK_POWER_PAD];
  /* and each of the row's points' plate, its tone and roughness, and
   * nearest border of each kind (by the point's index in the row, as
   * far as the runs went; readable to whole vectors) */
  guint32       plate[TSR_CHUNK];
  double        tone[TSR_CHUNK + TSR_ROCK_POWER_PAD], rough[TSR_CHUNK + TSR_ROCK_POWER_PAD];
  double        depth[KINDS][TSR_CHUNK + TSR_ROCK_POWER_PAD];
  double        nx[KINDS][TSR_CHUNK + TSR_ROCK_POWER_PAD], ny[KINDS][TSR_CHUNK + TSR_ROCK_POWER_PAD];
} CracksRun;

/* A border's distance from the warped point q and its direction (a unit
 * normal, warped); far away where there is none. */
typedef struct
{
  double depth, nx, ny;
} Border;

/* A unit value of the border between pieces a and b, the same from
 * either side. */
static inline double
border_unit (guint32 a, guint32 b)
{
  return tsr_rock_unit (MIN (a, b) ^ tsr_mix32 (MAX (a, b)), 7);
}

/* The plate piece (i, j), whose point is (px, py), belongs to. */
static guint32
piece_plate (const CracksState *st, CracksRun *run, long i, long j, double px, double py)
{
  PlateMemo *pm = &run->plates;
  const int s = tsr_rock_memo_slot (i, j);

  if (pm->i[s] != i || pm->j[s] != j)
    {
      pm->plate[s] = tsr_rock_cells_nearest (&st->plates, &run->plate_cells, px, py);
      pm->i[s] = i;
      pm->j[s] = j;
    }
  return pm->plate[s];
}

/* The kinds of the borders of the nearest piece m of those around. */
static const BorderKinds *
border_kinds (const CracksState *st, CracksRun *run, int m)
{
  const TsrRockAround *ar = &run->pieces;
  BorderKinds *bk = &run->kinds[(tsr_rock_memo_slot (ar->i0, ar->j0) + 37 * m) % TSR_ROCK_MEMO];
  guint32 plate[TSR_ROCK_AROUND];
  int k = 0;

  if (bk->valid && bk->i0 == ar->i0 && bk->j0 == ar->j0 && bk->nearest == m)
    return bk;
  for (long j = ar->j0 - TSR_ROCK_REACH; j <= ar->j0 + TSR_ROCK_REACH; j++)
    for (long i = ar->i0 - TSR_ROCK_REACH; i <= ar->i0 + TSR_ROCK_REACH; i++, k++)
      plate[k] = piece_plate (st, run, i, j, ar->sx[k], ar->sy[k]);
  bk->n[PRIMARY] = bk->n[FINER] = 0;
  for (k = 0; k < TSR_ROCK_AROUND; k++)
    {
      const int kind = k == m ? KINDS
                       : plate[k] != plate[m] ? PRIMARY
                       : border_unit (ar->id[m], ar->id[k]) < FINER_SHARE ? FINER : KINDS;

      if (kind != KINDS)
        bk->k[kind][bk->n[kind]++] = (guint8) k;
    }
  for (int kind = PRIMARY; kind < KINDS; kind++)
    tsr_rock_bisectors (ar, m, bk->k[kind], bk->n[kind], &bk->bis);
  bk->plate = plate[m];
  bk->valid = TRUE;
  bk->i0 = ar->i0;
  bk->j0 = ar->j0;
  bk->nearest = m;
  return bk;
}

/* The run of the row's warped points from qx[at], qy[at] on while they
 * stay in one piece's cell (at most RUN): its pieces around, and each
 * point's power distances from them and nearest (the row kernel). */
static void
power_run (const CracksState *st, CracksRun *run, const double *qx, const double *qy, gsize n,
           gsize at)
{
  const TsrRockPowerFn power = TSR_ISA_PICK (tsr_rock_power_base, tsr_rock_power_avx2,
                                             tsr_rock_power_avx512);
  const TsrRockBordersFn borders = TSR_ISA_PICK (tsr_rock_borders_base, tsr_rock_borders_avx2,
                                                 tsr_rock_borders_avx512);
  const TsrRockCells *c = &st->pieces;
  const long i0 = (long) floor (qx[at] / c->cw), j0 = (long) floor (qy[at] / c->ch);
  const gsize stride = RUN + 2 * TSR_ROCK_POWER_PAD;
  TsrRockAround *ar = &run->pieces;
  double bx[RUN + 2 * TSR_ROCK_POWER_PAD], by[RUN + 2 * TSR_ROCK_POWER_PAD];
  gsize end = at + 1, len;

  /* the cell's box, a millionth of a cell in from each side: a point
   * inside it is surely in the cell by floor (q / cw) too, one outside
   * is asked that way */
  const double in_x0 = (i0 + 1e-6) * c->cw, in_x1 = (i0 + 1 - 1e-6) * c->cw;
  const double in_y0 = (j0 + 1e-6) * c->ch, in_y1 = (j0 + 1 - 1e-6) * c->ch;

  while (end < n && end - at < RUN
         && ((qx[end] > in_x0 && qx[end] < in_x1 && qy[end] > in_y0 && qy[end] < in_y1)
             || ((long) floor (qx[end] / c->cw) == i0 && (long) floor (qy[end] / c->ch) == j0)))
    end++;
  len = end - at;
  /* padded with the last to whole vectors, and a vector on: the borders'
   * runs within this one read as far */
  memcpy (bx, qx + at, len * sizeof bx[0]);
  memcpy (by, qy + at, len * sizeof by[0]);
  for (gsize p = len; p < len + 2 * TSR_ROCK_POWER_PAD - 2; p++)
    {
      bx[p] = qx[end - 1];
      by[p] = qy[end - 1];
    }
  tsr_rock_around_cells (c, qx[at], qy[at], ar);
  power (ar, bx, by, len + TSR_ROCK_POWER_PAD - 1, run->power[0], stride, run->nearest);
  /* the borders of each run of points with one nearest */
  for (gsize p = 0, q; p < len; p = q)
    {
      const int m = (int) run->nearest[p];

      for (q = p + 1; q < len && run->nearest[q] == m; q++)
        ;
      const BorderKinds *bk = border_kinds (st, run, m);

      for (int kind = PRIMARY; kind < KINDS; kind++)
        borders (&bk->bis, run->power[0] + p, stride, m, bk->k[kind], bk->n[kind], q - p,
                 run->depth[kind] + at + p, run->nx[kind] + at + p, run->ny[kind] + at + p);
      {
        /* the plate's level and roughness */
        const guint32 plate = bk->plate;
        const double tone = 0.68 + PLATE_TONE * (tsr_rock_unit (plate, 4) - 0.5);
        const double rough = ROUGH_LEAST + (2.0 - 2.0 * ROUGH_LEAST) * tsr_rock_unit (plate, 6);

        for (gsize r = at + p; r < at + q; r++)
          {
            run->plate[r] = plate;
            run->tone[r] = tone;
            run->rough[r] = rough;
          }
      }
    }
  run->powers = TRUE;
  run->run_at = at;
  run->run_end = end;
}

/* The piece the warped point i lies in, its plate into *plate, and its
 * nearest border on another plate (a primary crack) and its nearest with
 * one of its own plate that cracks (a finer one): each the distance to
 * the bisector of the two pieces' power distances
 * (tsr_rock_cells_around's, a run at a time). */
static void
crack_borders (const CracksState *st, CracksRun *run, const double *qx, const double *qy,
               gsize n, gsize i, guint32 *plate, Border *primary, Border *finer)
{
  if (!run->powers || i < run->run_at || i >= run->run_end)
    power_run (st, run, qx, qy, n, i);
  *plate = run->plate[i];
  *primary = (Border) { run->depth[PRIMARY][i], run->nx[PRIMARY][i], run->ny[PRIMARY][i] };
  *finer = (Border) { run->depth[FINER][i], run->nx[FINER][i], run->ny[FINER][i] };
}

/* A border's depth as a slope in the unwarped point: the gradient through
 * the warp's Jacobian (I + warp * J). */
static inline TsrRockSlope
warped_depth (const Border *e, double warp, TsrRockSlope wx, TsrRockSlope wy)
{
  return rs (e->depth, e->nx * (1.0 + warp * wx.x) + e->ny * warp * wy.x,
             e->nx * warp * wx.y + e->ny * (1.0 + warp * wy.y));
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

/* How much of the pixel a crack covers, as a slope: a V down to its
 * floor, whose walls soften as it narrows (a crisp floor and walls read
 * as a line drawn in ink). */
static inline TsrRockSlope
crack_cover (TsrRockSlope d, TsrRockSlope w, double fp)
{
  double dd, dw;
  const double c = tsr_rock_line_cover (d.v, w.v, fp, &dd, &dw);

  return rs (c, dd * d.x + dw * w.x, dd * d.y + dw * w.y);
}

/* The noise fields at a row's points, values and slopes (zeros when the
 * slopes are not asked for: the ones worked out from them are not read). */
typedef struct
{
  const float *v[FIELDS], *gx[FIELDS], *gy[FIELDS];
} Fields;

static const float no_slopes[TSR_CHUNK];

static void
fields_of (const CracksState *st, const TsrFractal *fields[FIELDS])
{
  fields[0] = &st->warp_x, fields[1] = &st->warp_y, fields[2] = &st->width;
  fields[3] = &st->mask, fields[4] = &st->mottle, fields[5] = &st->grit;
  fields[6] = &st->lumps;
}

/* A run that knows no cells yet (what it keeps holds for any rows). */
static void
run_init (CracksRun *run)
{
  tsr_rock_around_init (&run->pieces);
  tsr_rock_memo_init (&run->plate_cells);
  for (int s = 0; s < TSR_ROCK_MEMO; s++)
    run->plates.i[s] = run->plates.j[s] = G_MINLONG;
  for (int s = 0; s < TSR_ROCK_MEMO; s++)
    run->kinds[s].valid = FALSE;
}

/* The height of the mud at n points of a row, whose fields are fd, and
 * with slopes its gradient into gx, gy: compiled for each, so that a
 * colour map's values leave out the slopes' arithmetic (the values never
 * read it: the same bits). */
static inline __attribute__ ((always_inline)) void
mud_points (const CracksState *st, const double *x, const double *y, gsize n,
            const Fields *fd, CracksRun *run, float *out, float *gx, float *gy, gboolean slopes)
{
  const float *const *f = fd->v, *const *fgx = fd->gx, *const *fgy = fd->gy;
  /* the warped points, the row's first */
  double qx[TSR_CHUNK], qy[TSR_CHUNK];

  for (gsize i = 0; i < n; i++)
    {
      qx[i] = x[i] + st->warp * (double) f[0][i];
      qy[i] = y[i] + st->warp * (double) f[1][i];
    }
  run->powers = FALSE;
  for (gsize i = 0; i < n; i++)
    {
      const TsrRockSlope wx = field (f[0], fgx[0], fgy[0], i, slopes);
      const TsrRockSlope wy = field (f[1], fgx[1], fgy[1], i, slopes);
      const TsrRockSlope swell = field (f[2], fgx[2], fgy[2], i, slopes);
      const TsrRockSlope mask = field (f[3], fgx[3], fgy[3], i, slopes);
      guint32 plate;
      Border b1, b2;
      TsrRockSlope d1, d2;

      crack_borders (st, run, qx, qy, n, i, &plate, &b1, &b2);
      d1 = warped_depth (&b1, st->warp, wx, wy);
      d2 = warped_depth (&b2, st->warp, wx, wy);
      /* a primary crack's width swells and thins along it several-fold,
       * (1 + swell)^2: from a hairline that all but heals to twice and more
       * the usual */
      const TsrRockSlope open = rs_add (rs (1.0, 0, 0), swell);
      const TsrRockSlope w1 = rs_mul (rs_scale (rs_add (rs (0.65, 0, 0),
                                                        rs_scale (rs_mul (open, open), 0.2)),
                                                st->half_width),
                                      rs_smooth_step (HEAL_FROM, HEAL_TO, swell));
      /* the finer cracks heal shut where the mask falls, and are not
       * drawn alongside a primary crack: a finer border running beside
       * one, a pixel or two off, would double it into a dark blot (the
       * borders' directions are constant within each, so this keeps the
       * slopes whole) */
      const double along = rs_smooth_step (0.75, 0.95,
                                           rs (fabs (b1.nx * b2.nx + b1.ny * b2.ny), 0, 0)).v;
      const TsrRockSlope shown = rs_mul (rs_smooth_step (-0.8, -0.45, mask),
                                         rs_add (rs (1.0, 0, 0),
                                                 rs_scale (rs_fall_off (d1, 4.0 * st->half_width),
                                                           -along)));
      const TsrRockSlope w2 = rs_scale (rs_mul (shown, rs_add (rs (0.7, 0, 0),
                                                              rs_scale (swell, 0.4))),
                                        st->half_width);
      const TsrRockSlope c1 = crack_cover (d1, w1, CRACK_SOFT * st->fp);
      const TsrRockSlope c2 = crack_cover (d2, w2, CRACK_SOFT * st->fp);
      /* a drying plate's edge curls up into a thin lip along each crack
       * (lit on one side of it, in shadow on the other), rounding over
       * only at the very edge */
      /* a plate's edge curls more where its crack opened wider: the lip
       * comes and goes along a crack */
      const TsrRockSlope lip = rs_add (rs_scale (rs_mul (rs_fall_off (d1, st->rim_reach),
                                                         rs_add (rs (0.4, 0, 0),
                                                                 rs_scale (open, 0.6))),
                                                 st->rim),
                                       rs_scale (rs_mul (shown, rs_fall_off (d2, st->rim_reach)),
                                                 0.5 * st->rim));
      const TsrRockSlope curl = rs_scale (fall_off_over (d1, rs_scale (rs_add (rs (0.5, 0, 0),
                                                                              rs_scale (open, 0.5)),
                                                                      st->curl_reach)),
                                          -st->curl);
      const double rough = ROUGH_LEAST + (2.0 - 2.0 * ROUGH_LEAST) * tsr_rock_unit (plate, 6);
      TsrRockSlope h = rs (0.68 + PLATE_TONE * (tsr_rock_unit (plate, 4) - 0.5), 0, 0);

      h = rs_add (rs_add (h, curl), lip);
      /* and its middle domed, as a plate that dried from its edges */
      h = rs_add (h, rs_scale (rs_smooth_step (0.0, st->dome_reach, d1), 0.08));
      /* a broad mottle, and crumbs and grit on its top, some plates
       * rougher than others */
      h = rs_add (h, rs_scale (field (f[4], fgx[4], fgy[4], i, slopes), 0.06));
      h = rs_add (h, rs_scale (field (f[6], fgx[6], fgy[6], i, slopes), 0.045 * rough));
      h = rs_add (h, rs_scale (field (f[5], fgx[5], fgy[5], i, slopes), 0.015 * rough));
      /* into the cracks: a finer one shallow, a primary one down to its
       * floor, dark where it gapes, shallow where it all but heals */
      h = rs_add (h, rs_mul (c2, rs_add (rs (0.45, 0, 0), rs_scale (h, -1.0))));
      h = rs_add (h, rs_mul (c1, rs_add (rs_add (rs (0.22, 0, 0), rs_scale (swell, -0.08)),
                                         rs_scale (h, -1.0))));
      out[i] = (float) h.v;
      if (slopes)
        {
          gx[i] = (float) h.x;
          gy[i] = (float) h.y;
        }
    }
}

/* mud_points' values alone (a colour map's), by the row kernel: each
 * point's borders and plate first, run by run.  The fields' rows are
 * TSR_CHUNK long, so readable to whole vectors. */
G_STATIC_ASSERT (TSR_CHUNK % TSR_ROCK_POWER_PAD == 0);

static void
mud_values (const CracksState *st, const double *x, const double *y, gsize n, const Fields *fd,
            CracksRun *run, float *out)
{
  const TsrMudRowFn kernel = TSR_ISA_PICK (tsr_mud_row_base, tsr_mud_row_avx2,
                                           tsr_mud_row_avx512);
  const TsrMudShape shape = { st->half_width, st->curl, st->curl_reach, st->rim, st->rim_reach,
                              st->dome_reach, st->fp };
  const float *const *f = fd->v;
  const TsrMudRowIn in = { run->depth[PRIMARY], run->depth[FINER], run->nx[PRIMARY],
                           run->ny[PRIMARY], run->nx[FINER], run->ny[FINER], run->tone,
                           run->rough, f[2], f[3], f[4], f[5], f[6] };
  double qx[TSR_CHUNK], qy[TSR_CHUNK];
  float h[TSR_CHUNK + TSR_ROCK_POWER_PAD];

  for (gsize i = 0; i < n; i++)
    {
      qx[i] = x[i] + st->warp * (double) f[0][i];
      qy[i] = y[i] + st->warp * (double) f[1][i];
    }
  for (gsize i = 0; i < n; i = run->run_end)
    power_run (st, run, qx, qy, n, i);
  /* padded with the last to whole vectors */
  for (gsize i = n; i < n + TSR_ROCK_POWER_PAD; i++)
    {
      run->tone[i] = run->tone[n - 1];
      run->rough[i] = run->rough[n - 1];
      for (int kind = PRIMARY; kind < KINDS; kind++)
        {
          run->depth[kind][i] = run->depth[kind][n - 1];
          run->nx[kind][i] = run->nx[kind][n - 1];
          run->ny[kind][i] = run->ny[kind][n - 1];
        }
    }
  kernel (&shape, &in, n, h);
  memcpy (out, h, n * sizeof *out);
}

static void
cracks_points (const CracksState *st, const double *x, const double *y, gsize n,
               const Fields *fd, CracksRun *run, float *out, float *gx, float *gy)
{
  if (gx != NULL)
    mud_points (st, x, y, n, fd, run, out, gx, gy, TRUE);
  else if (n > 0)
    mud_values (st, x, y, n, fd, run, out);
}

static void
cracks_row (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
            float *gx, float *gy)
{
  const CracksState *st = tex->state;
  float f[FIELDS][TSR_CHUNK], fgx[FIELDS][TSR_CHUNK], fgy[FIELDS][TSR_CHUNK];
  const TsrFractal *fields[FIELDS];
  CracksRun *run = g_new (CracksRun, 1);
  Fields fd;

  fields_of (st, fields);
  run_init (run);
  for (int k = 0; k < FIELDS; k++)
    {
      tsr_fractal_row_grad (fields[k], x, y, n, f[k], gx != NULL ? fgx[k] : NULL, fgy[k]);
      fd.v[k] = f[k];
      fd.gx[k] = gx != NULL ? fgx[k] : no_slopes;
      fd.gy[k] = gx != NULL ? fgy[k] : no_slopes;
    }
  cracks_points (st, x, y, n, &fd, run, out, gx, gy);
  g_free (run);
}

/* Rows whose fields are computed together: as many as the fractal sums
 * values in one pass (fractal.c's SINK_ROWS; slopes go 8 at a time) */
#define FIELD_ROWS 16

/* A block of rows of constant y: the fields' lattice work along x is
 * shared by FIELD_ROWS rows at a time (the same bits as a row's). */
typedef struct
{
  float v[FIELDS][FIELD_ROWS][TSR_CHUNK], gx[FIELDS][FIELD_ROWS][TSR_CHUNK],
        gy[FIELDS][FIELD_ROWS][TSR_CHUNK];
  double ys[TSR_CHUNK];
  CracksRun run;
} CracksBlock;

static void
cracks_rows (const TsrTexture *tex, const double *x, const double *y, gsize rows, gsize n,
             float *out, float *gx, float *gy, gsize stride)
{
  const CracksState *st = tex->state;
  const TsrFractal *fields[FIELDS];
  CracksBlock *cb = g_new (CracksBlock, 1);

  fields_of (st, fields);
  run_init (&cb->run);
  for (gsize r0 = 0; r0 < rows; r0 += FIELD_ROWS)
    {
      const gsize m = MIN ((gsize) FIELD_ROWS, rows - r0);

      for (int k = 0; k < FIELDS; k++)
        tsr_fractal_rows_grad (fields[k], x, y + r0, m, n, cb->v[k][0],
                               gx != NULL ? cb->gx[k][0] : NULL, cb->gy[k][0], TSR_CHUNK);
      for (gsize r = r0; r < r0 + m; r++)
        {
          Fields fd;

          for (int k = 0; k < FIELDS; k++)
            {
              fd.v[k] = cb->v[k][r - r0];
              fd.gx[k] = gx != NULL ? cb->gx[k][r - r0] : no_slopes;
              fd.gy[k] = gx != NULL ? cb->gy[k][r - r0] : no_slopes;
            }
          for (gsize i = 0; i < n; i++)
            cb->ys[i] = y[r];
          cracks_points (st, x, cb->ys, n, &fd, &cb->run, out + r * stride,
                         gx != NULL ? gx + r * stride : NULL, gy != NULL ? gy + r * stride : NULL);
        }
    }
  g_free (cb);
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
  .eval_rows = cracks_rows,
  .roughness = &cracks_roughness,
};
