/* Slate and flagstones (pattern `slate`): flat split stones fitted
 * against one another, as in a dry-laid slate wall or crazy paving.
 *
 * Every cell of a grid that repeats with the tile drops a slab:
 * elongated, angular (a skewed box with slanted ends and a corner or two
 * knocked off), of many sizes, turned near the courses' direction or,
 * now and then, any way.  Where slabs overlap, a point belongs to the one
 * it lies deepest in, so neighbours meet where they are equally deep and
 * fit against one another like stones chosen to interlock; each is
 * rounded over into its joint: where neighbours fit tightly, down to
 * their mean level less a little (the higher stone steps down onto the
 * lower, with a thin seam, rather than both into a groove of one width),
 * where the joint opens or none lies, down to the bed.  A stone's face is split along its cleavage (a noise
 * stretched along the slab) and carries a fine grit, and it has its own
 * level, lean and bulge.  The value is the height; its slope is analytic
 * (a slab's depth is the distance to its nearest side). */
#include <math.h>
#include <string.h>

#include "math/trig.h"
#include "noise/noise-kernels.h"
#include "patterns/pattern-impl.h"
#include "patterns/rock/rock-cells.h"
#include "patterns/rock/slate-depths-rows.h"

#define SLABS 1          /* slabs a cell */
#define SIDES TSR_SLAB_SIDES   /* a slab's sides: two long, two ends, two cut corners */
/* cells around a point's own whose slabs may reach it, at most: enough
 * for cells down to 8 px (block_reach); smaller ones lose the slabs'
 * farthest few pixels of shaping */
#define REACH_MOST 5
#define BLOCK (2 * REACH_MOST + 1)
/* the most points of a run whose depths are worked out at once */
#define RUN 64
/* the height where no slab lies: the bed they are laid on, in shadow,
 * and how far the dirt in it fills up the joints in places */
#define BED 0.1
#define DIRT 0.2
/* how far apart neighbours lie at most, pixels: they touch in places and
 * gape in others, where the dirt shows (wider where there is more of it) */
#define GAP 2.5
/* and the dirt's grain */
#define DIRT_GRAIN 0.05
/* how far a stone rounds over into its joint, as a share of its edge */
#define JOINT 1.1
/* how far the ragged edges move in and out, pixels */
#define RAG 0.3
/* Where neighbours fit tightly a stone falls not to the bed but to the
 * stones' local mean level, blended over BLEND pixels of depth, less DIP
 * (a thin shadowed seam); it reaches the bed at its own outline over
 * OUTLINE pixels */
#define BLEND 6.0
#define DIP 0.1
#define OUTLINE 3.0

typedef struct
{
  double  cx, cy;        /* centre, pixels (unwrapped) */
  double  at_x, at_y;    /* where in its cell it lies, 0 .. 1 (cx = (i + at_x) cw) */
  double  c, s;          /* its direction's cosine and sine */
  double  reach2;        /* the farthest from its centre it shapes a point, squared */
  double  nx[SIDES], ny[SIDES], off[SIDES];   /* sides in its own frame */
  double  gx[SIDES], gy[SIDES];   /* the depth's gradient in (x, y) where a side is nearest */
  double  level;         /* its height, 0 .. 1 */
  double  lean_x, lean_y;
  double  edge;          /* the width of its edge, pixels */
  double  inv_round;     /* 1 / how far it rounds over (JOINT edge) */
  double  rough;         /* its face's cleavage and grit, times the usual */
  double  bulge;
  double  inv_a2, inv_b2;   /* 1 / its half length, half width squared */
  double  ox, oy;        /* where in the cleavage noise it lies */
  double  grain;         /* its grit's scale, times the usual */
  float   hue, sat;      /* its own numbers for the colours' drift */
} Slab;

/* a tiling texture of up to this many cells keeps every cell's slab in
 * its state: a call's row would otherwise make a block of them again
 * (more would cost a small preview more to prepare than it saves) */
#define TABLE_MOST 4096

typedef struct
{
  TsrRockCells cells;
  TsrFractal   cleave, grit, rag, dirt;
  double       edge;     /* the width of the sharpest slab edge, pixels */
  double       shaping;  /* shaping_reach */
  int          reach;    /* block_reach */
  gboolean     table;    /* slab[] holds the tile's cells' slabs, row by row */
  Slab         slab[];
} SlateState;

/* The slabs of a block of cells around a point's: what a run of points
 * in one cell shares. */
typedef struct
{
  gboolean valid;
  long     i0, j0;
  /* each slab (the tile's table's, or made in slab[]) and its centre
   * here (the table's are a cell of the tile's) */
  const Slab *ref[BLOCK * BLOCK * SLABS];
  double   cx[BLOCK * BLOCK * SLABS], cy[BLOCK * BLOCK * SLABS];
  Slab     slab[BLOCK * BLOCK * SLABS];
  /* the slabs that can reach the middle cell, and how many */
  int      near[BLOCK * BLOCK * SLABS];
  int      n_near;
  /* along the row y = span_y (when spans), those whose span (the x
   * from lo to hi where one can shape a point) meets the cell, in the
   * same order, and how many: a row's run of points in the cell weighs
   * the few whose span holds the point */
  gboolean spans;
  double   span_y;
  const Slab *on_row[BLOCK * BLOCK * SLABS];
  double   on_cx[BLOCK * BLOCK * SLABS], on_cy[BLOCK * BLOCK * SLABS];
  double   lo[BLOCK * BLOCK * SLABS], hi[BLOCK * BLOCK * SLABS];
  int      n_on_row;
  /* the run of points from run_at to run_end (one cell, one y): for
   * each slab on the row, how deep each point lies in it, the side it
   * is nearest and the point in its frame */
  gboolean run;
  gsize    run_at, run_end;
  gsize    first[BLOCK * BLOCK * SLABS], last[BLOCK * BLOCK * SLABS];
  double   depth[BLOCK * BLOCK * SLABS][RUN + TSR_SLAB_PAD];
  gint64   side[BLOCK * BLOCK * SLABS][RUN + TSR_SLAB_PAD];
  double   u[BLOCK * BLOCK * SLABS][RUN + TSR_SLAB_PAD], v[BLOCK * BLOCK * SLABS][RUN + TSR_SLAB_PAD];
} SlabBlock;

static void make_slab (const TsrRockCells *cells, double edge, long i, long j, int k, Slab *sl);
static double shaping_reach (const TsrRockCells *cells, double edge);
static int block_reach (const TsrRockCells *cells, double edge);

/* The slabs' cells across the tile. */
static void
slate_cells (const TsrTexture *tex, int *nx, int *ny)
{
  const double size = tsr_rock_size (tex);

  *nx = tsr_rock_count (tex->period_w, size);
  *ny = tsr_rock_count (tex->period_h, size);
}

static gboolean
slate_table (const TsrTexture *tex)
{
  int nx, ny;

  slate_cells (tex, &nx, &ny);
  return tex->tileable && (gint64) nx * ny <= TABLE_MOST;
}

static gsize
slate_state_size (const TsrTexture *tex)
{
  int nx, ny;

  slate_cells (tex, &nx, &ny);
  return sizeof (SlateState) + (slate_table (tex) ? (gsize) nx * ny * SLABS * sizeof (Slab) : 0);
}

static void
prepare_slate (TsrTexture *tex)
{
  SlateState *st = tex->state;
  int nx, ny;

  slate_cells (tex, &nx, &ny);

  tsr_rock_cells_init (&st->cells, tex, nx, ny, 1.0, 0.0,
                       tsr_hash1 ((guint32) tex->common.seed, TSR_SALT_SLATE_SLABS));
  /* cleavage: streaks a few pixels long along the slab, thin across */
  tsr_rock_noise_init (tex, TSR_SALT_SLATE_FIELDS, 16.0, 8.0, 4, FALSE, &st->cleave);
  /* grit in the slab's own frame, each stone's its own size */
  tsr_rock_noise_init (tex, TSR_SALT_SLATE_FIELDS + 1, 1.5, 1.5, 1, FALSE, &st->grit);
  /* split stone's edges are ragged, not cut: every outline moves in and
   * out by a pixel or two over a few pixels */
  tsr_rock_noise_init (tex, TSR_SALT_SLATE_FIELDS + 2, 8.0, 8.0, 1, TRUE, &st->rag);
  /* the dirt in the joints: grains of a pixel or two */
  tsr_rock_noise_init (tex, TSR_SALT_SLATE_FIELDS + 3, 2.0, 2.0, 1, TRUE, &st->dirt);
  st->edge = 1.5 * MAX (1, tex->footprint);
  st->shaping = shaping_reach (&st->cells, st->edge);
  st->reach = block_reach (&st->cells, st->edge);
  st->table = slate_table (tex);
  for (int j = 0; st->table && j < ny; j++)
    for (int i = 0; i < nx; i++)
      for (int k = 0; k < SLABS; k++)
        make_slab (&st->cells, st->edge, i, j, k, &st->slab[(j * nx + i) * SLABS + k]);
}

/* How far outside its sides a slab can still shape a point, pixels: where
 * some slab lies over the point (ragged depth above 0), one less deep than
 * the top one by BLEND or by twice the top one's rounding and joint (no
 * more than JOINT edge + GAP) counts for nothing, so a slab whose depth is
 * below minus the larger of the two never does; the ragged edge moves
 * every depth by up to RAG (two, to be safe), and a pixel more covers the
 * depths' rounding. */
static double
shaping_reach (const TsrRockCells *cells, double edge)
{
  const double widest = MIN (edge * 2.4, 0.2 * MIN (cells->cw, cells->ch) / JOINT);

  return MAX (BLEND, JOINT * widest + GAP) + 2.0 * RAG + 1.0;
}

/* How many cells around a point's own hold every slab that can shape
 * it: a slab's corners lie at most 2.52 cells (of sqrt (cw ch)) from its
 * centre (make_slab's a and b at their largest), moved out by the
 * shaping reach on two sides; a slab further than that many cells off
 * lies that far from any point of the cell. */
static int
block_reach (const TsrRockCells *cells, double edge)
{
  const double shorter = MIN (cells->cw, cells->ch);
  const double far = 2.52 * sqrt (cells->cw * cells->ch) + 2.0 * shaping_reach (cells, edge);

  return (int) MIN (REACH_MOST, ceil (far / shorter));
}

/* Slab k of cell (i, j); its edge at least `edge` pixels wide. */
static void
make_slab (const TsrRockCells *cells, double edge, long i, long j, int k, Slab *sl)
{
  double px, py, pw;
  const guint32 h = tsr_mix32 (tsr_rock_cell_point (cells, i, j, &px, &py, &pw) + 977u * k);
  const double cell = sqrt (cells->cw * cells->ch);
  const double u = tsr_rock_unit (h, 4);
  /* most near the courses, one in six any way (angles in turns) */
  const double angle = tsr_rock_unit (h, 5) < 0.17 ? 0.5 * tsr_rock_unit (h, 6)
                                                 : 0.12 * (tsr_rock_unit (h, 6) - 0.5);
  const double a = cell * (0.7 + 0.85 * u * u);
  const double b = MAX (0.6 * cell, a * (0.35 + 0.3 * tsr_rock_unit (h, 7)));
  const double skew[4] = { 0.03 * (tsr_rock_unit (h, 8) - 0.5), 0.03 * (tsr_rock_unit (h, 9) - 0.5),
                           0.14 * (tsr_rock_unit (h, 10) - 0.5), 0.14 * (tsr_rock_unit (h, 11) - 0.5) };

  sl->at_x = tsr_rock_unit (h, 1);
  sl->at_y = tsr_rock_unit (h, 2);
  sl->cx = (i + sl->at_x) * cells->cw;
  sl->cy = (j + sl->at_y) * cells->ch;
  sl->c = tsr_cos_turns (angle);
  sl->s = tsr_sin_turns (angle);
  /* the long sides, a little off parallel, and the ends, slanted */
  sl->nx[0] = tsr_sin_turns (skew[0]), sl->ny[0] = tsr_cos_turns (skew[0]), sl->off[0] = b;
  sl->nx[1] = tsr_sin_turns (skew[1]), sl->ny[1] = -tsr_cos_turns (skew[1]), sl->off[1] = b;
  sl->nx[2] = tsr_cos_turns (skew[2]), sl->ny[2] = tsr_sin_turns (skew[2]), sl->off[2] = a;
  sl->nx[3] = -tsr_cos_turns (skew[3]), sl->ny[3] = tsr_sin_turns (skew[3]), sl->off[3] = a;
  /* two corners knocked off, by up to most of the half width */
  for (int c = 0; c < 2; c++)
    {
      const double sx = tsr_rock_unit (h, 12 + c) < 0.5 ? -1.0 : 1.0;
      const double sy = c == 0 ? 1.0 : -1.0;
      const double turn = 0.08 + 0.1 * tsr_rock_unit (h, 14 + c);
      const double cut = b * (0.1 + 0.8 * tsr_rock_unit (h, 16 + c));

      sl->nx[4 + c] = sx * tsr_cos_turns (turn);
      sl->ny[4 + c] = sy * tsr_sin_turns (turn);
      /* the plane through the corner (sx a, sy b), moved in by `cut` */
      sl->off[4 + c] = sl->nx[4 + c] * sx * a + sl->ny[4 + c] * sy * b - cut;
    }
  for (int k = 0; k < SIDES; k++)
    {
      /* minus the side's normal turned back */
      sl->gx[k] = -(sl->nx[k] * sl->c - sl->ny[k] * sl->s);
      sl->gy[k] = -(sl->nx[k] * sl->s + sl->ny[k] * sl->c);
    }
  sl->level = tsr_rock_unit (h, 18);
  /* a slab's tone drifts across it by up to a fifth of the range */
  sl->lean_x = 0.2 * (tsr_rock_unit (h, 19) - 0.5) / a;
  sl->lean_y = 0.2 * (tsr_rock_unit (h, 20) - 0.5) / a;
  /* split edges: some crisp, some worn round */
  sl->edge = MIN (edge * (0.8 + 1.6 * tsr_rock_unit (h, 23)),
                  0.2 * MIN (cells->cw, cells->ch) / JOINT);
  sl->inv_round = 1.0 / (JOINT * sl->edge);
  /* how far from its centre it shapes a point at all: the farthest
   * corner of its long sides and ends moved out by shaping_reach (the
   * cut corners only take from that) */
  {
    const double out = shaping_reach (cells, edge);
    static const int meet[4][2] = { { 0, 2 }, { 2, 1 }, { 1, 3 }, { 3, 0 } };
    double far2 = 0.0;

    for (int c = 0; c < 4; c++)
      {
        const int p = meet[c][0], q = meet[c][1];
        const double det = sl->nx[p] * sl->ny[q] - sl->nx[q] * sl->ny[p];
        const double u = ((sl->off[p] + out) * sl->ny[q] - (sl->off[q] + out) * sl->ny[p]) / det;
        const double v = (sl->nx[p] * (sl->off[q] + out) - sl->nx[q] * (sl->off[p] + out)) / det;

        far2 = MAX (far2, u * u + v * v);
      }
    /* a hair over, for the rounding of the depths it stands for; no
     * farther than the block's cells hold (only cells under 8 px) */
    const double cap = block_reach (cells, edge) * MIN (cells->cw, cells->ch);

    sl->reach2 = MIN (far2 * 1.0001 + 1.0, cap * cap);
  }
  /* how much cleavage and grit its face shows */
  sl->rough = 0.3 + 1.2 * tsr_rock_unit (h, 25);
  /* how far its middle bulges over its edges */
  sl->bulge = 0.1 * tsr_rock_unit (h, 26);
  sl->inv_a2 = 1.0 / (a * a);
  sl->inv_b2 = 1.0 / (b * b);
  sl->ox = 1000.0 * tsr_rock_unit (h, 21);
  /* stones of one wall from different beds: some warmer (iron), some
   * greyer or paler, most near the wall's own colour */
  sl->hue = (float) (2.0 * tsr_rock_unit (h, 27) - 1.0);
  sl->sat = (float) (2.0 * tsr_rock_unit (h, 28) - 1.0);
  sl->oy = 1000.0 * tsr_rock_unit (h, 22);
  /* fine-grained stones and coarse ones: grit 0.6 .. 1.6 times the usual */
  sl->grain = 0.6 + tsr_rock_unit (h, 29);
}

/* Slab k of cell (i, j) into the block's place b: the tile's table's,
 * its centre moved to the cell, or made there. */
static void
slab_at (const SlateState *st, SlabBlock *sb, long i, long j, int k, int b)
{
  const TsrRockCells *cells = &st->cells;
  const Slab *sl;
  long iw, jw;

  if (!st->table)
    {
      make_slab (cells, st->edge, i, j, k, &sb->slab[b]);
      sb->ref[b] = &sb->slab[b];
      sb->cx[b] = sb->slab[b].cx;
      sb->cy[b] = sb->slab[b].cy;
      return;
    }
  iw = i % cells->nx;
  jw = j % cells->ny;
  iw += iw < 0 ? cells->nx : 0;
  jw += jw < 0 ? cells->ny : 0;
  sl = &st->slab[(jw * cells->nx + iw) * SLABS + k];
  sb->ref[b] = sl;
  sb->cx[b] = (i + sl->at_x) * cells->cw;
  sb->cy[b] = (j + sl->at_y) * cells->ch;
}

static void
slab_block (const SlateState *st, double x, double y, SlabBlock *sb)
{
  const TsrRockCells *cells = &st->cells;
  const long i0 = (long) floor (x / cells->cw), j0 = (long) floor (y / cells->ch);
  const int reach = st->reach, row = (2 * reach + 1) * SLABS;
  int n = 0;

  if (sb->valid && sb->i0 == i0 && sb->j0 == j0)
    return;
  if (sb->valid && sb->j0 == j0 && sb->i0 + 1 == i0)
    {
      /* one cell on along the row: the columns move over, one is new */
      for (int j = 0; j < 2 * reach + 1; j++)
        {
          /* (slabs made here stay where ref points) */
          if (st->table)
            memmove (&sb->ref[j * row], &sb->ref[j * row + SLABS],
                     (row - SLABS) * sizeof sb->ref[0]);
          else
            memmove (&sb->slab[j * row], &sb->slab[j * row + SLABS],
                     (row - SLABS) * sizeof sb->slab[0]);
          memmove (&sb->cx[j * row], &sb->cx[j * row + SLABS], (row - SLABS) * sizeof sb->cx[0]);
          memmove (&sb->cy[j * row], &sb->cy[j * row + SLABS], (row - SLABS) * sizeof sb->cy[0]);
          for (int k = 0; k < SLABS; k++)
            slab_at (st, sb, i0 + reach, j0 - reach + j, k, j * row + row - SLABS + k);
        }
    }
  else
    for (long j = j0 - reach; j <= j0 + reach; j++)
      for (long i = i0 - reach; i <= i0 + reach; i++)
        for (int k = 0; k < SLABS; k++)
          slab_at (st, sb, i, j, k, n++);
  sb->valid = TRUE;
  sb->spans = FALSE;
  sb->i0 = i0;
  sb->j0 = j0;
  /* those whose reach meets the middle cell's box */
  sb->n_near = 0;
  for (int k = 0; k < row * (2 * reach + 1); k++)
    {
      const double cx = sb->cx[k], cy = sb->cy[k];
      const double ex = MAX (0.0, MAX (i0 * cells->cw - cx, cx - (i0 + 1) * cells->cw));
      const double ey = MAX (0.0, MAX (j0 * cells->ch - cy, cy - (j0 + 1) * cells->ch));

      if (ex * ex + ey * ey <= sb->ref[k]->reach2)
        sb->near[sb->n_near++] = k;
    }
}

/* The near slabs' spans along the row y: where every side of one, moved
 * out by the shaping reach, lies ahead of the point (its depth above
 * minus that reach), an interval of x. */
static void
slab_spans (const SlateState *st, SlabBlock *sb, double y)
{
  /* the cell's columns, a pixel wider for the rounding of x / cw */
  const double x0 = sb->i0 * st->cells.cw - 1.0, x1 = (sb->i0 + 1) * st->cells.cw + 1.0;

  sb->n_on_row = 0;
  for (int k = 0; k < sb->n_near; k++)
    {
      const int at = sb->near[k];
      const Slab *sl = sb->ref[at];
      const double dy = y - sb->cy[at];
      double lo = -G_MAXDOUBLE, hi = G_MAXDOUBLE;

      for (int s = 0; s < SIDES; s++)
        {
          /* the side's normal turned back (minus the depth's
           * gradient there): its distance along it is a dx + b dy, at
           * most its offset and the reach */
          const double a = -sl->gx[s];
          const double b = -sl->gy[s];
          const double r = sl->off[s] + st->shaping - b * dy;

          if (a > 0.0)
            hi = MIN (hi, r / a);
          else if (a < 0.0)
            lo = MAX (lo, r / a);
          else if (r < 0.0)
            lo = G_MAXDOUBLE;
        }
      lo += sb->cx[at];
      hi += sb->cx[at];
      if (hi >= x0 && lo <= x1)
        {
          sb->on_row[sb->n_on_row] = sl;
          sb->on_cx[sb->n_on_row] = sb->cx[at];
          sb->on_cy[sb->n_on_row] = sb->cy[at];
          sb->lo[sb->n_on_row] = lo;
          sb->hi[sb->n_on_row] = hi;
          sb->n_on_row++;
        }
    }
  sb->spans = TRUE;
  sb->span_y = y;
}

/* The first of the n rising x past v: x > v (past), x >= v (!past). */
static gsize
rise_past (const double *x, gsize n, double v, gboolean past)
{
  gsize lo = 0, hi = n;

  while (lo < hi)
    {
      const gsize mid = (lo + hi) / 2;

      if (past ? x[mid] > v : x[mid] >= v)
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

/* The run of points from x[at], y[at] on (while they stay in its cell,
 * on its y, at most RUN): its block, spans, and each span's points'
 * depths in its slab. */
static void
slab_run (const SlateState *st, SlabBlock *sb, const double *x, const double *y, gsize n,
          gsize at)
{
  const TsrSlabDepthsFn depths = TSR_ISA_PICK (tsr_slab_depths_base, tsr_slab_depths_avx2,
                                               tsr_slab_depths_avx512);
  double rx[RUN + TSR_SLAB_PAD], ry[RUN + TSR_SLAB_PAD];
  double x0 = x[at], x1 = x[at];
  /* whether the run's x rise (a row's do): a span's points are then
   * the run's between two binary searches */
  gboolean sorted = TRUE;
  gsize end = at + 1;
  double in_x0, in_x1;

  slab_block (st, x[at], y[at], sb);
  if (!sb->spans || sb->span_y != y[at])
    slab_spans (st, sb, y[at]);
  /* the cell's columns, a millionth of a cell in from each side: an x
   * between them is surely in the cell by floor (x / cw) too, one
   * outside is asked that way */
  in_x0 = (sb->i0 + 1e-6) * st->cells.cw;
  in_x1 = (sb->i0 + 1 - 1e-6) * st->cells.cw;
  /* (the run's x range and whether they rise, found as it grows) */
  while (end < n && end - at < RUN && y[end] == y[at]
         && ((x[end] > in_x0 && x[end] < in_x1)
             || (long) floor (x[end] / st->cells.cw) == sb->i0))
    {
      sorted = sorted && x[end - 1] <= x[end];
      x0 = MIN (x0, x[end]);
      x1 = MAX (x1, x[end]);
      end++;
    }
  /* the kernel's arrays, the last point repeated past the run */
  memcpy (rx, x + at, (end - at) * sizeof rx[0]);
  memcpy (ry, y + at, (end - at) * sizeof ry[0]);
  for (gsize p = end - at; p < RUN + TSR_SLAB_PAD; p++)
    {
      rx[p] = x[end - 1];
      ry[p] = y[end - 1];
    }
  for (int k = 0; k < sb->n_on_row; k++)
    {
      const Slab *sl = sb->on_row[k];
      gsize first = 0, last = end - at - 1;
      TsrSlabSides sides;

      /* the points its span may hold: all of them where it holds the
       * run's box (the kernel tells them apart) */
      if (x1 < sb->lo[k] || x0 > sb->hi[k])
        first = RUN, last = 0;
      else if (sorted && (x0 < sb->lo[k] || x1 > sb->hi[k]))
        {
          first = rise_past (rx, end - at, sb->lo[k], FALSE);
          last = rise_past (rx, end - at, sb->hi[k], TRUE);
          if (last == 0 || first >= last)
            first = RUN, last = 0;
          else
            last--;
        }
      else if (x0 < sb->lo[k] || x1 > sb->hi[k])
        {
          first = RUN, last = 0;
          for (gsize p = 0; p < end - at; p++)
            if (!(rx[p] < sb->lo[k] || rx[p] > sb->hi[k]))
              {
                first = MIN (first, p);
                last = p;
              }
        }
      sb->first[k] = first;
      sb->last[k] = last;
      if (first > last)
        continue;
      sides.cx = sb->on_cx[k];
      sides.cy = sb->on_cy[k];
      sides.c = sl->c;
      sides.s = sl->s;
      sides.reach2 = sl->reach2;
      sides.lo = sb->lo[k];
      sides.hi = sb->hi[k];
      memcpy (sides.nx, sl->nx, sizeof sides.nx);
      memcpy (sides.ny, sl->ny, sizeof sides.ny);
      memcpy (sides.off, sl->off, sizeof sides.off);
      depths (&sides, rx + first, ry + first, last + 1 - first, sb->depth[k] + first,
              sb->side[k] + first, sb->u[k] + first, sb->v[k] + first);
    }
  sb->run = TRUE;
  sb->run_at = at;
  sb->run_end = end;
}

/* The slabs that reach (x, y) (ragged by rag, its slope rgx, rgy): how
 * deep the point lies in each, which of the row's slabs it is and the
 * side it is nearest; their count, and the deepest (top) into *top.  The
 * depth's gradient and the point in the slab's frame are read from them
 * only for the few slabs that need them (over_gx, over_gy, over_u,
 * over_v). */
typedef struct
{
  const Slab *slab[BLOCK * BLOCK * SLABS];
  double d[BLOCK * BLOCK * SLABS];
  int on[BLOCK * BLOCK * SLABS], side[BLOCK * BLOCK * SLABS];
  gsize p;            /* the point in its run */
  double rgx, rgy;
} Over;

/* d depth / d (x, y) of over slab k: minus the side's normal turned back */
static inline __attribute__ ((always_inline)) double
over_gx (const Over *o, int k)
{
  return o->slab[k]->gx[o->side[k]] + RAG * o->rgx;
}

static inline __attribute__ ((always_inline)) double
over_gy (const Over *o, int k)
{
  return o->slab[k]->gy[o->side[k]] + RAG * o->rgy;
}

/* the point in over slab k's frame */
static inline __attribute__ ((always_inline)) double
over_u (const SlabBlock *sb, const Over *o, int k)
{
  return sb->u[o->on[k]][o->p];
}

static inline __attribute__ ((always_inline)) double
over_v (const SlabBlock *sb, const Over *o, int k)
{
  return sb->v[o->on[k]][o->p];
}

/* (inlined in the points' loop: a call a point, its arguments and
 * spills, cost as much as its work) */
static inline __attribute__ ((always_inline)) int
slabs_over (const SlateState *st, SlabBlock *sb, const double *x, const double *y, gsize n,
            gsize i, double rag, double rgx, double rgy, Over *o, int *top)
{
  gsize p;
  int m = 0;

  *top = 0;
  if (!sb->run || i < sb->run_at || i >= sb->run_end)
    slab_run (st, sb, x, y, n, i);
  p = i - sb->run_at;
  o->p = p;
  o->rgx = rgx;
  o->rgy = rgy;
  for (int k = 0; k < sb->n_on_row; k++)
    {
      const Slab *sl = sb->on_row[k];
      const int side = (int) sb->side[k][p];
      double d;

      /* out of its span it shapes nothing: the same as out of reach */
      if (p < sb->first[k] || p > sb->last[k] || side < 0)
        continue;
      d = sb->depth[k][p] + RAG * rag;
      o->slab[m] = sl, o->d[m] = d;
      o->on[m] = k, o->side[m] = side;
      if (m == 0 || d > o->d[*top])
        *top = m;
      m++;
    }
  return m;
}

/* The slab's own height at (u, v) in its frame, less its face's detail:
 * its level, lean and bulge; the slope in (x, y) into *sx, *sy. */
static inline __attribute__ ((always_inline)) double
slab_level (const Slab *sl, double u, double v, double *sx, double *sy)
{
  const double su = sl->lean_x - 2.0 * sl->bulge * u * sl->inv_a2;
  const double sv = sl->lean_y - 2.0 * sl->bulge * v * sl->inv_b2;

  *sx = su * sl->c - sv * sl->s;
  *sy = su * sl->s + sv * sl->c;
  return 0.45 + 0.4 * sl->level + sl->lean_x * u + sl->lean_y * v
         + sl->bulge * (1.0 - u * u * sl->inv_a2 - v * v * sl->inv_b2);
}

/* The level a stone falls to at its joint, and its slope: where
 * neighbours fit tightly, the local mean of the stones' levels (weighted by
 * how near each lies to being the top one, so that it is the same seen
 * from either side of a joint and blends round three-way junctions), a
 * little below it; where the joint opens (open, its slope dopen), the bed;
 * and the bed at a stone's own outline, where no neighbour meets it.
 * The top one's own level and slope (slab_level) into *top_level, *tx,
 * *ty. */
static inline __attribute__ ((always_inline)) double
joint_level (const SlabBlock *sb, const Over *o, int m, int top, double floor, double fx,
             double fy, double open, double dopen_x, double dopen_y, double *jx, double *jy,
             double *top_level, double *tx, double *ty)
{
  const Slab *const *over = o->slab;
  const double *od = o->d;
  const double tgx = over_gx (o, top), tgy = over_gy (o, top);
  const double inv = 1.0 / BLEND;
  double w_sum = 0.0, l_sum = 0.0, wx = 0.0, wy = 0.0, lx = 0.0, ly = 0.0;
  double mean, mx, my, c, cx, cy;

  for (int k = 0; k < m; k++)
    {
      const double t = (od[top] - od[k]) * inv;

      if (t < 1.0)
        {
          const double w = (1.0 - t) * (1.0 - t), dw = -2.0 * (1.0 - t) * inv;
          double sx, sy;
          const double l = slab_level (over[k], over_u (sb, o, k), over_v (sb, o, k), &sx, &sy);
          const double kgx = over_gx (o, k), kgy = over_gy (o, k);

          if (k == top)
            *top_level = l, *tx = sx, *ty = sy;
          w_sum += w;
          l_sum += w * l;
          /* d w = dw (d od[top] - d od[k]) */
          wx += dw * (tgx - kgx) * l + w * sx;
          wy += dw * (tgy - kgy) * l + w * sy;
          lx += dw * (tgx - kgx);
          ly += dw * (tgy - kgy);
        }
    }
  mean = l_sum / w_sum - DIP;
  mx = (wx - lx * (l_sum / w_sum)) / w_sum;
  my = (wy - ly * (l_sum / w_sum)) / w_sum;
  {
    /* how tight the joint is, and how far in from the outline */
    const double e = CLAMP (od[top] * (1.0 / OUTLINE), 0.0, 1.0);
    const double out = e * (2.0 - e);
    const double dout = od[top] < OUTLINE ? (2.0 - 2.0 * e) / OUTLINE : 0.0;
    const double tight = CLAMP (1.0 - open, 0.0, 1.0);
    const double in = open > 0.0 && open < 1.0 ? 1.0 : 0.0;

    c = tight * out;
    cx = -in * dopen_x * out + tight * dout * tgx;
    cy = -in * dopen_y * out + tight * dout * tgy;
  }
  *jx = fx * (1.0 - c) + c * mx + (mean - floor) * cx;
  *jy = fy * (1.0 - c) + c * my + (mean - floor) * cy;
  return floor + (mean - floor) * c;
}

/* The dirt's grain where a colour map reads it, into dt: at the points
 * not wholly on a stone's face (ramp < 1: it is weighed by 1 - ramp),
 * 0 at the others.  A point's value is its own, whichever others are
 * asked with it, so the same bits. */
static void
dirt_in_joints (const SlateState *st, const double *x, const double *y, gsize n,
                const double *ramp, float *dt)
{
  double jx[TSR_CHUNK], jy[TSR_CHUNK];
  float jd[TSR_CHUNK];
  gsize at[TSR_CHUNK], m = 0;

  for (gsize i = 0; i < n; i++)
    if (ramp[i] < 1.0)
      {
        at[m] = i;
        jx[m] = x[i];
        jy[m] = y[i];
        m++;
      }
  memset (dt, 0, n * sizeof dt[0]);
  if (m == 0)
    return;
  tsr_fractal_row_grad (&st->dirt, jx, jy, m, jd, NULL, NULL);
  for (gsize k = 0; k < m; k++)
    dt[at[k]] = jd[k];
}

/* The row's heights, and with slopes their gradient into gx, gy:
 * compiled for each, so that a colour map's values leave out the slopes'
 * arithmetic they never read (the same bits). */
static inline __attribute__ ((always_inline)) void
slate_points (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
              float *gx, float *gy, gboolean slopes)
{
  const SlateState *st = tex->state;
  SlabBlock *sb = g_new (SlabBlock, 1);
  /* whether a slab lies over the point, and its direction (the block's
   * slabs move on as the row does) */
  gboolean on[TSR_CHUNK];
  double tc[TSR_CHUNK], ts[TSR_CHUNK];
  double cu[TSR_CHUNK], cv[TSR_CHUNK], base[TSR_CHUNK], bx[TSR_CHUNK], by[TSR_CHUNK];
  double gu[TSR_CHUNK], gv[TSR_CHUNK], gk[TSR_CHUNK];
  double ramp[TSR_CHUNK], rx[TSR_CHUNK], ry[TSR_CHUNK], rough[TSR_CHUNK];
  float cl[TSR_CHUNK], clu[TSR_CHUNK], clv[TSR_CHUNK], gr[TSR_CHUNK], grx[TSR_CHUNK],
        gry[TSR_CHUNK], rg[TSR_CHUNK], rgx[TSR_CHUNK], rgy[TSR_CHUNK], dt[TSR_CHUNK],
        dtx[TSR_CHUNK], dty[TSR_CHUNK];

  sb->valid = FALSE;
  sb->run = FALSE;
  /* every point sets its ramp below; GCC 14 and later cannot see it */
  memset (ramp, 0, n * sizeof ramp[0]);
  tsr_fractal_row_grad (&st->rag, x, y, n, rg, gx != NULL ? rgx : NULL, rgy);
  for (gsize i = 0; gx == NULL && i < n; i++)
    rgx[i] = rgy[i] = 0.0f;
  for (gsize i = 0; i < n; i++)
    {
      /* the slabs near the point, how deep it lies in each, and the
       * deepest (top) */
      Over o;
      int top;
      const int m = slabs_over (st, sb, x, y, n, i, rg[i], rgx[i], rgy[i], &o, &top);
      const Slab *const *over = o.slab;
      const double *od = o.d;
      /* the joints' floor: the bed, filled with dirt in places */
      const double floor = BED + DIRT * (1.0 + rg[i]);
      const double fx = DIRT * rgx[i], fy = DIRT * rgy[i];

      on[i] = m > 0 && od[top] > 0.0;
      if (!on[i])
        {
          /* the gap between the slabs */
          rough[i] = 1.0;
          base[i] = floor;
          ramp[i] = 0.0;
          if (slopes)
            {
              tc[i] = 1.0;
              ts[i] = 0.0;
              bx[i] = fx;
              by[i] = fy;
              rx[i] = ry[i] = 0.0;
            }
          cu[i] = x[i];
          cv[i] = y[i];
          if (slopes)
            {
              gu[i] = x[i];
              gv[i] = y[i];
              gk[i] = 1.0;
            }
          continue;
        }
      {
        /* the stone the point lies deepest in, fitted against the
         * others: its edge is where it and another are equally deep (the
         * difference of the depths over the difference of their slopes
         * away), or its own outline, whichever is nearer; it falls over
         * its edge into the joint there */
        const Slab *first = over[top];
        const double edge = JOINT * first->edge;
        /* the joint's width here, as the dirt's */
        const double open = 0.5 + 0.5 * rg[i];
        const double gap = GAP * open * open;
        /* past the rounding the face is level: how far past does not
         * matter, nor another slab that far off (slopes differ by 2 at most) */
        const double tgx = over_gx (&o, top), tgy = over_gy (&o, top);
        const double tu = over_u (sb, &o, top), tv = over_v (sb, &o, top);
        double d1 = MIN (od[top], edge + GAP), g1x = tgx, g1y = tgy;

        for (int k = 0; k < m; k++)
          if (k != top && od[top] - od[k] < 2.0 * d1)
            {
              const double ax = tgx - over_gx (&o, k), ay = tgy - over_gy (&o, k);
              const double len = sqrt (ax * ax + ay * ay);

              if (len > 0.1 && od[top] - od[k] < d1 * len)
                {
                  d1 = (od[top] - od[k]) / len;
                  g1x = ax / len;
                  g1y = ay / len;
                }
            }
        /* the joint opened by its width */
        d1 -= gap;
        g1x -= GAP * open * rgx[i];
        g1y -= GAP * open * rgy[i];
        /* rounded over: steep at the joint, level on the face */
        const double e1 = CLAMP (d1 * first->inv_round, 0.0, 1.0);
        const double s1 = e1 * (2.0 - e1);
        const double ds1 = d1 > 0.0 && d1 < edge ? (2.0 - 2.0 * e1) / edge : 0.0;
        double sx = 0.0, sy = 0.0, level = 0.0, jx, jy;
        /* (the top one is within BLEND of itself: its level comes too) */
        const double joint = joint_level (sb, &o, m, top, floor, fx, fy,
                                          open, 0.5 * rgx[i], 0.5 * rgy[i], &jx, &jy, &level,
                                          &sx, &sy);
        const double lv = level - joint;

        base[i] = joint + lv * s1;
        rough[i] = first->rough;
        ramp[i] = s1;
        if (slopes)
          {
            bx[i] = lv * ds1 * g1x + s1 * (sx - jx) + jx;
            by[i] = lv * ds1 * g1y + s1 * (sy - jy) + jy;
            tc[i] = first->c;
            ts[i] = first->s;
            rx[i] = ds1 * g1x;
            ry[i] = ds1 * g1y;
          }
        cu[i] = tu + first->ox;
        cv[i] = tv + first->oy;
        /* the grit's frame (a slope's only) */
        if (slopes)
          {
            gk[i] = 1.0 / first->grain;
            gu[i] = tu * gk[i] + first->oy;
            gv[i] = tv * gk[i] + first->ox;
          }
      }
    }
  tsr_fractal_row_grad (&st->cleave, cu, cv, n, cl, gx != NULL ? clu : NULL, clv);
  /* the grit (features of 0.9 to 2.4 pixels, half faded by the fractal's
   * band limit) moves a height by half a percent at most: only a slope
   * shows it, so a colour map leaves it out */
  if (slopes)
    tsr_fractal_row_grad (&st->grit, gu, gv, n, gr, grx, gry);
  if (slopes)
    tsr_fractal_row_grad (&st->dirt, x, y, n, dt, dtx, dty);
  else
    dirt_in_joints (st, x, y, n, ramp, dt);
  for (gsize i = 0; i < n; i++)
    {
      /* the face's detail, on the stones only: cleavage along the slab
       * and grit of the stone's own size (both in its frame); where the
       * stone falls into its joint, the dirt's grain instead */
      const double c = 0.1 * rough[i], g = 0.01 * rough[i];
      const double detail = !on[i] ? 0.0 : slopes ? c * cl[i] + g * gr[i] : c * cl[i];
      const double r = ramp[i];

      out[i] = (float) (base[i] + detail * r + DIRT_GRAIN * dt[i] * (1.0 - r));
      if (slopes)
        {
          /* the slopes turned back from the slab's frame */
          const double du = on[i] ? c * clu[i] + g * gk[i] * grx[i] : 0.0;
          const double dv = on[i] ? c * clv[i] + g * gk[i] * gry[i] : 0.0;
          const double k = detail - DIRT_GRAIN * dt[i];

          gx[i] = (float) (bx[i] + (du * tc[i] - dv * ts[i]) * r + k * rx[i]
                           + DIRT_GRAIN * dtx[i] * (1.0 - r));
          gy[i] = (float) (by[i] + (du * ts[i] + dv * tc[i]) * r + k * ry[i]
                           + DIRT_GRAIN * dty[i] * (1.0 - r));
        }
    }
  g_free (sb);
}

static void
slate_row (const TsrTexture *tex, const double *x, const double *y, gsize n, float *out,
           float *gx, float *gy)
{
  if (gx != NULL)
    slate_points (tex, x, y, n, out, gx, gy, TRUE);
  else
    slate_points (tex, x, y, n, out, NULL, NULL, FALSE);
}

TSR_PATTERN_EVALS (eval_slate, eval_slate_grad, slate_row)

/* The colours' drift (TsrPattern.piece_tint): the numbers of the stone the
 * point lies deepest in, 0 where none lies (the bed's dirt one colour). */
static void
slate_tint (const TsrTexture *tex, const double *x, const double *y, gsize n, const float *v,
            float *hue, float *sat)
{
  const SlateState *st = tex->state;
  SlabBlock *sb = g_new (SlabBlock, 1);
  float rg[TSR_CHUNK];

  (void) v;
  sb->valid = FALSE;
  sb->run = FALSE;
  tsr_fractal_row (&st->rag, x, y, n, rg);
  for (gsize i = 0; i < n; i++)
    {
      Over o;
      int top;
      const int m = slabs_over (st, sb, x, y, n, i, rg[i], 0.0, 0.0, &o, &top);
      const gboolean on = m > 0 && o.d[top] > 0.0;

      hue[i] = on ? o.slab[top]->hue : 0.0f;
      sat[i] = on ? o.slab[top]->sat : 0.0f;
    }
  g_free (sb);
}

/* Split slate is smooth on its cleavage faces, the gaps dusty. */
static const TsrRoughness slate_roughness = { 0.95f, 0.45f };

const TsrPattern tsr_pattern_slate = {
  .name = "slate",
  .label = N_("Slate and flagstones"),
  .description = N_("Flat split stones of every size and direction fitted against one "
                    "another in dark joints, as in a dry-laid slate wall or crazy paving"),
  .basis = TSR_BASIS_PERLIN,
  .own_group = -1,
  .palette = TSR_PALETTE_STONE,
  .state_size = sizeof (SlateState),
  .state_size_for = slate_state_size,
  .prepare = prepare_slate,
  .eval = eval_slate,
  .eval_grad = eval_slate_grad,
  .roughness = &slate_roughness,
  .piece_tint = slate_tint,
};
