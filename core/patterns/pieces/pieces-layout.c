/* The built-up layouts: which piece a point is on and how deep inside.
 *
 * Rows of pieces (running, stack, English, Flemish): row j of height rh
 * holds pieces of one or two widths, shifted by a whole-row rule that
 * depends on j modulo the rows, so the rows repeat with the tile; a run
 * of points on one piece finds it once.
 *
 * Herringbone, in units of a piece's width with pieces k units long:
 * horizontal pieces lie in every band a <= v < a + 1 at u in
 * [a + 2kn, a + 2kn + k), and vertical ones in every column c <= u < c + 1
 * at v in [c + 1 - 2k + 2kq, c + 1 - k + 2kq); together they cover the
 * plane once (the lattice of (1, 1) and (k + 1, 1 - k)), and repeat every
 * 2k units along both axes, so columns and rows must be multiples of 2k.
 *
 * Basket weave: squares of k by k units in a checkerboard, each holding k
 * pieces, across in the even squares and down in the odd ones.
 *
 * Hexagons: pointy-top, every other row shifted by half a hexagon, regular
 * in units where the centres are sqrt 3 apart along a row and rows 1.5
 * apart, stretched to the columns and rows asked for; the depth is the
 * exact distance to the nearest edge of the stretched hexagon.
 *
 * Stones: one point a cell of a columns x rows grid, within the middle of
 * its cell so that no two come close; a stone is the points' cell of a
 * power diagram (Voronoi's when the points weigh alike: irregularity 0),
 * its depth the distance to the nearest border with a neighbour (where
 * F2 - F1 is small). */
#include <math.h>
#include <string.h>

#include "math/hash.h"
#include "noise/noise-internal.h"
#include "patterns/pieces/pieces-hexagon-rows.h"
#include "patterns/pieces/pieces-layout.h"
#include "patterns/pieces/pieces-profile.h"
#include "patterns/seed-salts.h"

#define SQRT3 1.7320508075688772

/* How far a stone's point strays from its cell's centre, in cells: at
 * most a fifth each way keeps points 0.6 cells apart (no sliver of a
 * stone), and a point's nearest neighbours within the 3 x 3 cells around
 * it. */
#define STONE_JITTER 0.4
/* Irregular stones stray further, up to STONE_JITTER_MORE more: the grid
 * no longer shows, and the 3 x 3 cells around still hold the neighbours
 * that matter. */
#define STONE_JITTER_MORE 0.4

static inline double
stone_jitter (const TsrPiecesLayout *lay)
{
  return STONE_JITTER + STONE_JITTER_MORE * lay->irregular;
}

/* Hand-laid rows at full irregularity: bricks' lengths differ by up to
 * JOINT_SPREAD of a brick, courses' heights by up to COURSE_SPREAD of a
 * course (both under 1, so a piece never vanishes, and a point's piece is
 * in its own or the next slot). */
#define JOINT_SPREAD  0.4
#define COURSE_SPREAD 0.3

/* The largest power-diagram weight, in cell areas. */
#define STONE_WEIGHT 0.3

static inline int
wrap_int (long v, int period)
{
  long r = v % period;
  return (int) (r < 0 ? r + period : r);
}

static void layout_repeats (const TsrPiecesLayout *lay, int *across, int *down);

/* How far the bed joint above row j strays from its place, in row
 * heights: hand-laid courses differ in height by up to a third at full
 * irregularity.  From the row's index modulo the rows, so the courses
 * still repeat with the tile. */
static inline double
course_shift (const TsrPiecesLayout *lay, long j)
{
  if (lay->irregular <= 0.0)
    return 0.0;
  return COURSE_SPREAD * lay->irregular
         * (tsr_hash_unit (tsr_hash2 (lay->seed, wrap_int (j, lay->rows), 5)) - 0.5);
}

/* The course holding y (running, stack and English bond): course j runs
 * from j + course_shift (j) to j + 1 + course_shift (j + 1) row heights. */
static long
course_of (const TsrPiecesLayout *lay, double y)
{
  const long j = (long) floor (y / lay->rh);

  if (lay->irregular <= 0.0)
    return j;
  if (y < ((double) j + course_shift (lay, j)) * lay->rh)
    return j - 1;
  if (y >= ((double) (j + 1) + course_shift (lay, j + 1)) * lay->rh)
    return j + 1;
  return j;
}


void
tsr_pieces_layout_init (TsrPiecesLayout *lay, const TsrSettings *s, gboolean stones,
                        int pw, int ph)
{
  TsrPiecesParams pp;
  TsrBricksParams bp;
  TsrCommonParams cp;
  int across, down;

  tsr_pieces_params (s, &pp);
  tsr_bricks_params (s, &bp);
  tsr_common_params (s, &cp);
  lay->layout = stones ? TSR_LAYOUT_STONES : bp.layout;
  lay->ratio = bp.piece_ratio;
  lay->offset = lay->layout == TSR_LAYOUT_RUNNING ? bp.offset : 0.0;
  /* the counts rounded up to whole repeats of the layout, so any layout
   * renders with the other values as they are (their defaults too) */
  layout_repeats (lay, &across, &down);
  lay->columns = (pp.columns + across - 1) / across * across;
  lay->rows = (pp.rows + down - 1) / down * down;
  lay->cw = pw / (double) lay->columns;
  lay->rh = ph / (double) lay->rows;
  lay->row_shift = lay->layout == TSR_LAYOUT_RUNNING ? bp.row_shift : 0.0;
  lay->half_gap = 0.5 * pp.gap;
  lay->roundness = pp.roundness;
  lay->irregular = pp.irregularity;
  /* polygons' corners: rounded over up to 0.4 of the narrowest piece */
  lay->corner = 0.4 * lay->roundness * tsr_pieces_narrowest (lay);
  lay->seed = tsr_hash1 ((guint32) cp.seed,
                         stones ? TSR_SALT_PIECES_STONES : TSR_SALT_PIECES_BRICKS);
}

/* Rows for which a layout repeats ("every 2 rows"), and the columns. */
static void
layout_repeats (const TsrPiecesLayout *lay, int *across, int *down)
{
  *across = 1;
  *down = 1;
  switch (lay->layout)
    {
    case TSR_LAYOUT_RUNNING:
      *down = lay->offset > 0.0 && lay->offset < 1.0 ? 2 : 1;
      break;
    case TSR_LAYOUT_ENGLISH:
    case TSR_LAYOUT_FLEMISH:
    case TSR_LAYOUT_HEXAGON:
      *down = 2;
      break;
    case TSR_LAYOUT_HERRINGBONE:
    case TSR_LAYOUT_BASKET:
      *across = *down = 2 * lay->ratio;
      break;
    default:
      break;
    }
}

double
tsr_pieces_narrowest (const TsrPiecesLayout *lay)
{
  switch (lay->layout)
    {
    case TSR_LAYOUT_ENGLISH:
      return MIN ((1.0 - JOINT_SPREAD * lay->irregular) * 0.5 * lay->cw,
                  (1.0 - COURSE_SPREAD * lay->irregular) * lay->rh);
    case TSR_LAYOUT_FLEMISH:
      return MIN (lay->cw / 3.0, (1.0 - COURSE_SPREAD * lay->irregular) * lay->rh);
    case TSR_LAYOUT_HEXAGON:
      /* across flats along a row; the slanted sides' width down it */
      return MIN (lay->cw, lay->rh * 2.0 / 1.5 * (SQRT3 / 2.0));
    case TSR_LAYOUT_STONES:
      /* irregular points may come closer (stone_jitter): a sliver between
       * them is mortar, as between real stones */
      return (1.0 - STONE_JITTER) * MIN (lay->cw, lay->rh);
    case TSR_LAYOUT_RUNNING:
    case TSR_LAYOUT_STACK:
      /* hand-laid: the shortest brick and the lowest course */
      return MIN ((1.0 - JOINT_SPREAD * lay->irregular) * lay->cw,
                  (1.0 - COURSE_SPREAD * lay->irregular) * lay->rh);
    default:
      return MIN (lay->cw, lay->rh);
    }
}

gboolean
tsr_pieces_layout_check (const TsrPiecesLayout *lay, GError **error)
{
  const char *name = lay->layout == TSR_LAYOUT_STONES
                     ? "stones" : tsr_brick_layout_choices[lay->layout].name;
  double narrow;

  if (lay->cw < 2.0 || lay->rh < 2.0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: %d across a tile of %.0f pixels makes pieces less than 2 pixels "
                   "wide", lay->cw < 2.0 ? "columns" : "rows",
                   lay->cw < 2.0 ? lay->columns : lay->rows,
                   lay->cw < 2.0 ? lay->cw * lay->columns : lay->rh * lay->rows);
      return FALSE;
    }
  narrow = tsr_pieces_narrowest (lay);
  if (2.0 * lay->half_gap >= narrow)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "gap: %g pixels is as wide as the narrowest piece of layout=%s "
                   "(%.1f pixels at this tile size): make the gap smaller, or the "
                   "pieces larger (fewer columns or rows)",
                   2.0 * lay->half_gap, name, narrow);
      return FALSE;
    }
  return TRUE;
}

/* The two nearest edges of a polygonal piece, their distances and the
 * distances' gradients, as found edge by edge. */
typedef struct
{
  double d[2], g[2][2];
} NearestEdges;

static inline void
edges_init (NearestEdges *ne)
{
  *ne = (NearestEdges) { { G_MAXDOUBLE, G_MAXDOUBLE }, { { 0, 0 }, { 0, 0 } } };
}

static inline void
edges_add (NearestEdges *ne, double d, double gx, double gy)
{
  const int k = d < ne->d[0] ? 0 : d < ne->d[1] ? 1 : 2;

  if (k == 2)
    return;
  if (k == 0)
    {
      ne->d[1] = ne->d[0];
      ne->g[1][0] = ne->g[0][0], ne->g[1][1] = ne->g[0][1];
    }
  ne->d[k] = d;
  ne->g[k][0] = gx, ne->g[k][1] = gy;
}

/* The depth from the nearest edges, corners rounded over `radius` pixels
 * (a polynomial smooth minimum of the two nearest: no libm, and its
 * gradient in closed form), less half the gap. */
static void
edges_depth (const TsrPiecesLayout *lay, const NearestEdges *ne, double radius, TsrPiece *pc)
{
  const double gap = ne->d[1] - ne->d[0];

  pc->depth = ne->d[0];
  pc->dx = ne->g[0][0];
  pc->dy = ne->g[0][1];
  if (radius > 0 && gap < radius)
    {
      const double h = (radius - gap) / radius;

      pc->depth -= 0.25 * radius * h * h;
      pc->dx = (1.0 - 0.5 * h) * ne->g[0][0] + 0.5 * h * ne->g[1][0];
      pc->dy = (1.0 - 0.5 * h) * ne->g[0][1] + 0.5 * h * ne->g[1][1];
    }
  pc->depth -= lay->half_gap;
}

gboolean
tsr_pieces_boxed (const TsrPiecesLayout *lay)
{
  return lay->layout != TSR_LAYOUT_HEXAGON && lay->layout != TSR_LAYOUT_STONES;
}

gboolean
tsr_pieces_band (const TsrPiecesLayout *lay, double y, gint64 *band)
{
  switch (lay->layout)
    {
    case TSR_LAYOUT_RUNNING:
    case TSR_LAYOUT_STACK:
    case TSR_LAYOUT_ENGLISH:
      *band = course_of (lay, y);
      return TRUE;
    default:
      return FALSE;
    }
}

void
tsr_pieces_box_shape (const TsrPiecesLayout *lay, const TsrPiece *pc, double *inner_x,
                      double *inner_y, double *radius)
{
  const double ax = pc->hx - lay->half_gap, ay = pc->hy - lay->half_gap;
  const double r = lay->roundness * MIN (ax, ay);

  *inner_x = ax - r;
  *inner_y = ay - r;
  *radius = r;
}

/* A piece of a row: width w pixels, index i (of `count` a row) in row j
 * (jm: j modulo the rows), the course's height as course_shift moves it. */
static void
row_piece (const TsrPiecesLayout *lay, double left, double w, long i, int count, long j,
           int jm, TsrPiece *pc)
{
  const double top = course_shift (lay, j), bottom = course_shift (lay, j + 1);

  pc->cx = left + 0.5 * w;
  pc->hx = 0.5 * w;
  pc->cy = ((double) j + 0.5 + 0.5 * (top + bottom)) * lay->rh;
  pc->hy = 0.5 * (1.0 + bottom - top) * lay->rh;
  pc->turned = FALSE;
  pc->id = tsr_hash3 (lay->seed, wrap_int (i, count), jm, 0);
}

/* A row of pieces of one width (running, stack, English): row jm's piece
 * width, its shift in widths, and pieces a period. */
static void
row_geometry (const TsrPiecesLayout *lay, int jm, double *w, double *s, int *count)
{
  const gboolean odd = (jm & 1) != 0;

  if (lay->layout == TSR_LAYOUT_ENGLISH)
    {
      /* headers (half a brick) centred on the stretchers' joints */
      *w = odd ? 0.5 * lay->cw : lay->cw;
      *s = odd ? -0.5 : 0.0;
      *count = odd ? 2 * lay->columns : lay->columns;
      return;
    }
  *w = lay->cw;
  *s = odd ? lay->offset : 0.0;
  if (lay->row_shift > 0.0)
    *s += lay->row_shift * (tsr_hash_unit (tsr_hash2 (lay->seed, jm, 1)) - 0.5);
  *count = lay->columns;
}

static void
locate_flemish (const TsrPiecesLayout *lay, double x, double y, TsrPiece *pc)
{
  /* stretcher (2/3) and header (1/3) a column, every other row shifted
   * half a column: headers centred on the stretchers */
  const long j = course_of (lay, y);
  const int jm = wrap_int (j, lay->rows);
  const double s = (jm & 1) ? 0.5 : 0.0, t = x / lay->cw - s;
  const long p = (long) floor (t);
  const gboolean header = t - (double) p >= 2.0 / 3.0;
  const double left = (p + s + (header ? 2.0 / 3.0 : 0.0)) * lay->cw;

  row_piece (lay, left, (header ? 1.0 / 3.0 : 2.0 / 3.0) * lay->cw,
             2 * (long) wrap_int (p, lay->columns) + header, 2 * lay->columns, j, jm, pc);
}

/* How far joint k of row jm (the left end of piece k) strays from its
 * place, in piece widths: hand-laid bricks differ in length by up to
 * JOINT_SPREAD at full irregularity.  From the joint's index modulo the row's
 * count, so the rows still repeat with the tile. */
static inline double
joint_shift (const TsrPiecesLayout *lay, long k, int count, int jm)
{
  if (lay->irregular <= 0.0)
    return 0.0;
  return JOINT_SPREAD * lay->irregular
         * (tsr_hash_unit (tsr_hash3 (lay->seed, wrap_int (k, count), jm, 4)) - 0.5);
}

/* Running, stack and English bond along a row of points: a piece is found
 * once for the run of points on it, by the same arithmetic as for one;
 * piece i runs from joint i to joint i + 1 (joint_shift).  With ends NULL
 * each point's piece into pc; else the runs' (a new one wherever a piece
 * is found again), their ends into ends, and their count returned. */
static gsize
locate_row_run (const TsrPiecesLayout *lay, const double *x, const double *y, gsize n,
                TsrPiece *pc, gsize *ends)
{
  double y_row = 0, w = 0, s = 0, t_lo = 0, t_hi = 0;
  long j = 0;
  int jm = 0, count = 0;
  gboolean have_row = FALSE, have_piece = FALSE;
  TsrPiece last = { 0 };
  gsize runs = 0;

  for (gsize k = 0; k < n; k++)
    {
      double t;
      long i;

      if (!have_row || y[k] != y_row)
        {
          y_row = y[k];
          j = course_of (lay, y_row);
          jm = wrap_int (j, lay->rows);
          row_geometry (lay, jm, &w, &s, &count);
          have_row = TRUE;
          have_piece = FALSE;
        }
      t = x[k] / w - s;
      /* the piece is found again only when t leaves the last one */
      if (!have_piece || t < t_lo || t >= t_hi)
        {
          i = (long) floor (t);
          if (t < (double) i + joint_shift (lay, i, count, jm))
            i--;
          else if (t >= (double) (i + 1) + joint_shift (lay, i + 1, count, jm))
            i++;
          t_lo = (double) i + joint_shift (lay, i, count, jm);
          t_hi = (double) (i + 1) + joint_shift (lay, i + 1, count, jm);
          row_piece (lay, (t_lo + s) * w, (t_hi - t_lo) * w, i, count, j, jm, &last);
          have_piece = TRUE;
          if (ends != NULL)
            {
              if (runs > 0)
                ends[runs - 1] = k;
              pc[runs++] = last;
            }
        }
      if (ends == NULL)
        pc[k] = last;
    }
  if (ends != NULL && runs > 0)
    ends[runs - 1] = n;
  return runs;
}

/* A piece of the unit grids (herringbone, basket) from its box in units
 * [u0, u0 + w) x [v0, v0 + h); its centre, doubled, wrapped into the
 * tile, is its identity. */
static void
unit_piece (const TsrPiecesLayout *lay, long u0, long v0, int w, int h, TsrPiece *pc)
{
  pc->cx = (u0 + 0.5 * w) * lay->cw;
  pc->cy = (v0 + 0.5 * h) * lay->rh;
  pc->hx = 0.5 * w * lay->cw;
  pc->hy = 0.5 * h * lay->rh;
  pc->turned = h > w;
  pc->id = tsr_hash3 (lay->seed, wrap_int (2 * u0 + w, 2 * lay->columns),
                      wrap_int (2 * v0 + h, 2 * lay->rows), 1);
}

/* The unit piece a run of points last found, by its box: neighbouring
 * points mostly share a piece, which is then hashed once (the same
 * numbers).  valid is FALSE before the run. */
typedef struct
{
  gboolean valid;
  long     u0, v0;
  int      w, h;
  TsrPiece piece;
} UnitCache;

static void
unit_piece_cached (const TsrPiecesLayout *lay, long u0, long v0, int w, int h, UnitCache *cache,
                   TsrPiece *pc)
{
  if (!cache->valid || cache->u0 != u0 || cache->v0 != v0 || cache->w != w || cache->h != h)
    {
      unit_piece (lay, u0, v0, w, h, &cache->piece);
      *cache = (UnitCache) { TRUE, u0, v0, w, h, cache->piece };
    }
  /* unit_piece's fields, no others */
  pc->cx = cache->piece.cx;
  pc->cy = cache->piece.cy;
  pc->hx = cache->piece.hx;
  pc->hy = cache->piece.hy;
  pc->turned = cache->piece.turned;
  pc->id = cache->piece.id;
}

/* floor (v) as a long: by truncation and a correction where v is well
 * inside gint32 (libm's floor is long on the SSE2 baseline). */
static inline long
floor_long (double v)
{
  return fabs (v) < 1e9 ? (long) tsr_floor_d (v) : (long) floor (v);
}

static void
locate_herringbone (const TsrPiecesLayout *lay, double x, double y, UnitCache *cache,
                    TsrPiece *pc)
{
  const double u = x / lay->cw, v = y / lay->rh;
  const long k = lay->ratio, a = floor_long (v);
  const long n = floor_long ((u - (double) a) / (double) (2 * k));

  if (u - (double) (a + 2 * k * n) < (double) k)
    unit_piece_cached (lay, a + 2 * k * n, a, (int) k, 1, cache, pc);
  else
    {
      const long c = floor_long (u), base = c + 1 - 2 * k;
      const long q = floor_long ((v - (double) base) / (double) (2 * k));

      unit_piece_cached (lay, c, base + 2 * k * q, 1, (int) k, cache, pc);
    }
}

/* The herringbone's pieces at n points: a point well inside the last
 * piece's box (by more than rounding could move locate_herringbone's
 * tests) is on that piece, as the search would find; the others search. */
static void
locate_herringbone_row (const TsrPiecesLayout *lay, const double *x, const double *y, gsize n,
                        TsrPiece *pc)
{
  UnitCache cache = { .valid = FALSE };
  double x_lo = 0, x_hi = -1, y_lo = 0, y_hi = -1;

  for (gsize i = 0; i < n; i++)
    {
      if (!(x[i] > x_lo && x[i] < x_hi && y[i] > y_lo && y[i] < y_hi))
        {
          const TsrPiece *p = &cache.piece;
          double margin;

          locate_herringbone (lay, x[i], y[i], &cache, &pc[i]);
          margin = 1e-9 * (fabs (p->cx) + fabs (p->cy) + p->hx + p->hy);
          x_lo = p->cx - p->hx + margin;
          x_hi = p->cx + p->hx - margin;
          y_lo = p->cy - p->hy + margin;
          y_hi = p->cy + p->hy - margin;
          continue;
        }
      /* unit_piece's fields, no others */
      pc[i].cx = cache.piece.cx;
      pc[i].cy = cache.piece.cy;
      pc[i].hx = cache.piece.hx;
      pc[i].hy = cache.piece.hy;
      pc[i].turned = cache.piece.turned;
      pc[i].id = cache.piece.id;
    }
}

static void
locate_basket (const TsrPiecesLayout *lay, double x, double y, TsrPiece *pc)
{
  const double u = x / lay->cw, v = y / lay->rh;
  const long k = lay->ratio;
  const long bi = (long) floor (u / (double) k), bj = (long) floor (v / (double) k);

  if (((bi + bj) & 1) == 0)
    unit_piece (lay, bi * k, (long) floor (v), (int) k, 1, pc);
  else
    unit_piece (lay, (long) floor (u), bj * k, 1, (int) k, pc);
}

/* The hexagons' edges' normals in units. */
static const double hex_nx[3] = { 1.0, 0.5, -0.5 }, hex_ny[3] = { 0.0, 0.5 * SQRT3, 0.5 * SQRT3 };

/* What a run of points shares in finding hexagons: units a pixel along
 * x and y, the edges' normals in pixels (unit, and the reciprocals of
 * their lengths before: products, not divisions, a point), and the last
 * hexagon's hash in each parity of rows (each point asks rows j and
 * j + 1). */
typedef struct
{
  double  per_x, per_y, ux[3], uy[3], per_len[3];
  long    i[2], j[2];
  guint32 id[2];
} HexRun;

static void
hex_run_init (const TsrPiecesLayout *lay, HexRun *hr)
{
  const double px_u = lay->cw / SQRT3, px_v = lay->rh / 1.5;

  for (int e = 0; e < 3; e++)
    {
      /* the edge's normal in pixels: (nx / px_u, ny / px_v), normalised */
      const double mx = hex_nx[e] / px_u, my = hex_ny[e] / px_v, len = sqrt (mx * mx + my * my);

      hr->ux[e] = mx / len;
      hr->uy[e] = my / len;
      hr->per_len[e] = 1.0 / len;
    }
  hr->per_x = 1.0 / px_u;
  hr->per_y = 1.0 / px_v;
  hr->i[0] = hr->i[1] = hr->j[0] = hr->j[1] = G_MINLONG;
}

/* The hexagon of row j (and its column) nearest (u, v), in units. */
static void
hexagon_in_row (const TsrPiecesLayout *lay, HexRun *hr, double u, double v, long j, TsrPiece *pc)
{
  const double px_u = lay->cw / SQRT3, px_v = lay->rh / 1.5;
  const int jm = wrap_int (j, lay->rows);
  const double shift = (jm & 1) ? 0.5 : 0.0;
  const long i = (long) floor (u * (1.0 / SQRT3) - shift + 0.5);
  const double cu = SQRT3 * (i + shift), cv = 1.5 * j;
  const int slot = (int) (j & 1);
  NearestEdges ne;

  if (hr->i[slot] != i || hr->j[slot] != j)
    {
      hr->id[slot] = tsr_hash3 (lay->seed, wrap_int (i, lay->columns), jm, 2);
      hr->i[slot] = i;
      hr->j[slot] = j;
    }
  pc->cx = cu * px_u;
  pc->cy = cv * px_v;
  pc->hx = 0.5 * lay->cw;
  pc->hy = px_v;
  pc->turned = FALSE;
  pc->id = hr->id[slot];
  edges_init (&ne);
  for (int e = 0; e < 3; e++)
    {
      const double proj = hex_nx[e] * (u - cu) + hex_ny[e] * (v - cv);
      /* (s mx) / len, s = +-1: the sign taken out of the product exactly */
      const double s = proj < 0 ? 1.0 : -1.0;

      edges_add (&ne, (0.5 * SQRT3 - fabs (proj)) * hr->per_len[e], s * hr->ux[e], s * hr->uy[e]);
    }
  edges_depth (lay, &ne, lay->corner, pc);
}

/* inlined into the row's loop (locate_row's other layouts' code must not
 * crowd it out) */
static inline __attribute__ ((always_inline)) void
locate_hexagon (const TsrPiecesLayout *lay, HexRun *hr, double x, double y, TsrPiece *pc)
{
  const double u = x * hr->per_x, v = y * hr->per_y;
  const long j = (long) floor (v * (1.0 / 1.5));
  TsrPiece other;

  hexagon_in_row (lay, hr, u, v, j, pc);
  hexagon_in_row (lay, hr, u, v, j + 1, &other);
  if (other.depth > pc->depth)
    *pc = other;
}

/* The hexagons of n <= TSR_CHUNK points: the search in the kernel
 * (pieces-hexagon-rows.c, the same bits as locate_hexagon), each
 * hexagon's hash kept for the run of points on it. */
static void
hexagon_chunk (const TsrPiecesLayout *lay, const TsrHexagonShape *hs, HexRun *hr,
               const double *x, const double *y, gsize n, TsrPiece *pc)
{
  TsrHexagonRow *h = g_new (TsrHexagonRow, 1);

  TSR_ISA_PICK (&tsr_hexagon_kernels_base, &tsr_hexagon_kernels_avx2,
                &tsr_hexagon_kernels_avx512)->row (hs, x, y, n, h);
  for (gsize k = 0; k < n; k++)
    {
      const long i = (long) h->i[k], j = (long) h->j[k];
      const int slot = (int) (j & 1);

      if (hr->i[slot] != i || hr->j[slot] != j)
        {
          hr->id[slot] = tsr_hash3 (lay->seed, wrap_int (i, lay->columns),
                                    wrap_int (j, lay->rows), 2);
          hr->i[slot] = i;
          hr->j[slot] = j;
        }
      pc[k].id = hr->id[slot];
      pc[k].cx = h->cx[k];
      pc[k].cy = h->cy[k];
      pc[k].hx = 0.5 * lay->cw;
      pc[k].hy = hs->unit_y;
      pc[k].turned = FALSE;
      pc[k].depth = h->depth[k];
      pc[k].dx = h->dx[k];
      pc[k].dy = h->dy[k];
    }
  g_free (h);
}

/* The hexagons of n points: chunks through the kernel where its floors
 * hold (positions within 2^30 units), else a point at a time. */
static void
locate_hexagon_row (const TsrPiecesLayout *lay, const double *x, const double *y, gsize n,
                    TsrPiece *pc)
{
  TsrHexagonShape hs = { lay->cw / SQRT3, lay->rh / 1.5, 0, 0, { 0 }, { 0 }, { 0 }, lay->corner,
                         lay->half_gap };
  HexRun hr;

  hex_run_init (lay, &hr);
  hs.per_x = hr.per_x;
  hs.per_y = hr.per_y;
  memcpy (hs.ux, hr.ux, sizeof hs.ux);
  memcpy (hs.uy, hr.uy, sizeof hs.uy);
  memcpy (hs.per_len, hr.per_len, sizeof hs.per_len);
  for (gsize start = 0, m; start < n; start += m)
    {
      double far_x = 0, far_y = 0;

      m = MIN (TSR_CHUNK, n - start);
      for (gsize k = start; k < start + m; k++)
        {
          far_x = MAX (far_x, fabs (x[k]));
          far_y = MAX (far_y, fabs (y[k]));
        }
      if (far_x < 1e9 * hs.unit_x && far_y < 1e9 * hs.unit_y)
        hexagon_chunk (lay, &hs, &hr, x + start, y + start, m, pc + start);
      else
        for (gsize k = start; k < start + m; k++)
          locate_hexagon (lay, &hr, x[k], y[k], &pc[k]);
    }
}

/* Cell (i, j)'s stone point, pixels. */
static void
stone_point (const TsrPiecesLayout *lay, long i, long j, guint32 *id, double *px, double *py,
             double *pw)
{
  const guint32 h = tsr_hash3 (lay->seed, wrap_int (i, lay->columns), wrap_int (j, lay->rows), 3);

  *id = h;
  *px = (i + 0.5 + stone_jitter (lay) * (tsr_hash_unit (h) - 0.5)) * lay->cw;
  *py = (j + 0.5 + stone_jitter (lay) * (tsr_hash_unit (tsr_mix32 (h + 1)) - 0.5)) * lay->rh;
  /* a power diagram's weight (pixels squared): heavier points take larger
   * stones from their lighter neighbours, the borders still straight
   * lines; up to a third of a cell's size at full irregularity keeps every
   * border within the 3 x 3 cells around */
  *pw = lay->irregular * STONE_WEIGHT * lay->cw * lay->rh * tsr_hash_unit (tsr_mix32 (h + 2));
}

/* The stone points of the 3 x 3 cells around cell (i0, j0), and the
 * bisectors between them as the kernel finds them: what a run of points
 * in one cell shares. */
typedef struct
{
  gboolean      valid;
  long          i0, j0;
  guint32       id[9];
  TsrStoneCells cells;
} StoneCells;

static void
stone_cells (const TsrPiecesLayout *lay, long i0, long j0, StoneCells *sc)
{
  if (sc->valid && sc->i0 == i0 && sc->j0 == j0)
    return;
  for (int k = 0; k < 9; k++)
    {
      stone_point (lay, i0 + k % 3 - 1, j0 + k / 3 - 1, &sc->id[k], &sc->cells.sx[k],
                   &sc->cells.sy[k], &sc->cells.sw[k]);
      sc->cells.pair_ready[k] = FALSE;
    }
  sc->valid = TRUE;
  sc->i0 = i0;
  sc->j0 = j0;
}

/* The stones of the points from start to end of one cell, their edges
 * found (e). */
static void
stones_of (const TsrPiecesLayout *lay, const StoneCells *sc, const TsrStoneEdges *e, gsize start,
           gsize end, TsrPiece *pc)
{
  for (gsize i = start; i < end; i++)
    {
      const int m = e->nearest[i];
      const NearestEdges ne = { { e->d0[i], e->d1[i] },
                                { { e->g0x[i], e->g0y[i] }, { e->g1x[i], e->g1y[i] } } };

      pc[i].id = sc->id[m];
      pc[i].cx = sc->cells.sx[m];
      pc[i].cy = sc->cells.sy[m];
      pc[i].hx = 0.5 * lay->cw;
      pc[i].hy = 0.5 * lay->rh;
      pc[i].turned = FALSE;
      edges_depth (lay, &ne, lay->corner, &pc[i]);
    }
}

/* A caller's stone cells kept between rows: direct-mapped by the cell's
 * column modulo 8 and row modulo 2 (a row's runs step along x, the rows
 * of a block cross a few cells down); and the cells' columns of the last
 * row's x (a block's rows share them): runs up to col_end[k] in column
 * col[k]. */
#define STONE_MEMO_SLOTS 16

struct TsrPiecesMemo
{
  StoneCells    cells[STONE_MEMO_SLOTS];
  TsrStoneEdges edges;
  gsize         col_n, col_runs;
  double        col_x[TSR_CHUNK];
  long          col[TSR_CHUNK];
  gsize         col_end[TSR_CHUNK];
};

TsrPiecesMemo *
tsr_pieces_memo_new (void)
{
  TsrPiecesMemo *memo = g_new (TsrPiecesMemo, 1);

  for (int k = 0; k < STONE_MEMO_SLOTS; k++)
    memo->cells[k].valid = FALSE;
  memo->col_n = 0;
  return memo;
}

void
tsr_pieces_memo_free (TsrPiecesMemo *memo)
{
  g_free (memo);
}

/* The runs of n <= TSR_CHUNK points (x[i], y[i]) in one stone cell: run k
 * in cell (ci[k], cj[k]) up to end[k]; returns their count.  A row of one
 * y (one_y: every y[i] is y[0]) takes its columns from the memo when its
 * x are the memo's last. */
static gsize
cell_runs (const TsrPiecesLayout *lay, TsrPiecesMemo *memo, const double *x, const double *y,
           gboolean one_y, gsize n, long *ci, long *cj, gsize *end)
{
  gsize runs = 0;

  if (one_y && memo != NULL)
    {
      const long j = (long) floor (y[0] / lay->rh);

      if (memo->col_n != n || memcmp (memo->col_x, x, n * sizeof *x) != 0)
        {
          memo->col_runs = 0;
          for (gsize i = 0; i < n; i++)
            {
              const long c = (long) floor (x[i] / lay->cw);

              if (memo->col_runs == 0 || c != memo->col[memo->col_runs - 1])
                memo->col[memo->col_runs++] = c;
              memo->col_end[memo->col_runs - 1] = i + 1;
            }
          memcpy (memo->col_x, x, n * sizeof *x);
          memo->col_n = n;
        }
      for (gsize k = 0; k < memo->col_runs; k++)
        {
          ci[k] = memo->col[k];
          cj[k] = j;
          end[k] = memo->col_end[k];
        }
      return memo->col_runs;
    }
  for (gsize i = 0; i < n; i++)
    {
      const long c = (long) floor (x[i] / lay->cw), r = (long) floor (y[i] / lay->rh);

      if (runs == 0 || c != ci[runs - 1] || r != cj[runs - 1])
        {
          ci[runs] = c;
          cj[runs++] = r;
        }
      end[runs - 1] = i + 1;
    }
  return runs;
}

/* The stones of n points (x[i], y[i]): runs of points in one cell at a
 * time through the kernel, each cell's points and bisectors in its slot
 * of the `slots` (1 or STONE_MEMO_SLOTS) at sc; the edges found into e. */
static void
locate_stones (const TsrPiecesLayout *lay, TsrPiecesMemo *memo, const double *x,
               const double *y, gsize n, StoneCells *cells, int slots, TsrStoneEdges *e,
               TsrPiece *pc)
{
  long ci[TSR_CHUNK], cj[TSR_CHUNK];
  gsize end[TSR_CHUNK];

  for (gsize at = 0, m; at < n; at += m)
    {
      gboolean one_y = memo != NULL;
      gsize runs;

      m = MIN (TSR_CHUNK, n - at);
      for (gsize i = 1; one_y && i < m; i++)
        one_y = y[at + i] == y[at];
      runs = cell_runs (lay, memo, x + at, y + at, one_y, m, ci, cj, end);

      for (gsize k = 0, start = 0; k < runs; start = end[k++])
        {
          StoneCells *sc = &cells[slots == 1 ? 0 : (ci[k] & 7) | (cj[k] & 1) << 3];

          stone_cells (lay, ci[k], cj[k], sc);
          tsr_pieces_stone_row (&sc->cells, x + at + start, y + at + start, end[k] - start, e,
                                start);
          stones_of (lay, sc, e, start, end[k], pc + at);
        }
    }
}

gsize
tsr_pieces_locate_stone_runs (const TsrPiecesLayout *lay, TsrPiecesMemo *memo, const double *x,
                              const double *y, gboolean one_y, gsize n, TsrPiece *pieces,
                              gsize *ends, float *depth, float *ddx, float *ddy)
{
  long ci[TSR_CHUNK], cj[TSR_CHUNK];
  gsize end[TSR_CHUNK], cells, runs = 0;
  TsrStoneEdges *e = &memo->edges;

  g_assert (lay->layout == TSR_LAYOUT_STONES && n > 0 && n <= TSR_CHUNK);
  cells = cell_runs (lay, memo, x, y, one_y, n, ci, cj, end);
  for (gsize k = 0, start = 0; k < cells; start = end[k++])
    {
      StoneCells *sc = &memo->cells[(ci[k] & 7) | (cj[k] & 1) << 3];

      stone_cells (lay, ci[k], cj[k], sc);
      tsr_pieces_stone_row (&sc->cells, x + start, y + start, end[k] - start, e, start);
      for (gsize i = start; i < end[k]; i++)
        if (i == start || e->nearest[i] != e->nearest[i - 1])
          {
            const int m = e->nearest[i];

            /* a stone's run goes on across a cell's border */
            if (runs > 0 && pieces[runs - 1].id == sc->id[m]
                && pieces[runs - 1].cx == sc->cells.sx[m] && pieces[runs - 1].cy == sc->cells.sy[m])
              continue;
            if (runs > 0)
              ends[runs - 1] = i;
            pieces[runs++] = (TsrPiece) { .id = sc->id[m], .cx = sc->cells.sx[m],
                                          .cy = sc->cells.sy[m], .hx = 0.5 * lay->cw,
                                          .hy = 0.5 * lay->rh, .turned = FALSE };
          }
      ends[runs - 1] = end[k];
    }
  /* the kernel's last vector reads past n: the last point's edges */
  for (gsize i = n; i < (n + 7) / 8 * 8; i++)
    {
      e->d0[i] = e->d0[n - 1];
      e->d1[i] = e->d1[n - 1];
      e->g0x[i] = e->g0x[n - 1];
      e->g0y[i] = e->g0y[n - 1];
      e->g1x[i] = e->g1x[n - 1];
      e->g1y[i] = e->g1y[n - 1];
    }
  tsr_pieces_stone_depth_row (e, n, lay->corner, lay->half_gap, depth, ddx, ddy);
  /* the padding: the last point's */
  for (gsize i = n; i < TSR_CHUNK; i++)
    {
      depth[i] = depth[n - 1];
      ddx[i] = ddx[n - 1];
      ddy[i] = ddy[n - 1];
    }
  return runs;
}

/* The piece at (x, y); a box's depth is left to the kernels.  cache:
 * the herringbone's last piece along a run of points. */
static void
locate_piece (const TsrPiecesLayout *lay, double x, double y, UnitCache *cache,
              TsrPiece *piece)
{
  switch (lay->layout)
    {
    case TSR_LAYOUT_HERRINGBONE:
      locate_herringbone (lay, x, y, cache, piece);
      break;
    case TSR_LAYOUT_BASKET:
      locate_basket (lay, x, y, piece);
      break;
    case TSR_LAYOUT_HEXAGON:
      {
        HexRun hr;

        hex_run_init (lay, &hr);
        locate_hexagon (lay, &hr, x, y, piece);
        break;
      }
    case TSR_LAYOUT_STONES:
      {
        StoneCells sc = { .valid = FALSE };
        TsrStoneEdges *e = g_new (TsrStoneEdges, 1);

        locate_stones (lay, NULL, &x, &y, 1, &sc, 1, e, piece);
        g_free (e);
        break;
      }
    case TSR_LAYOUT_FLEMISH:
      locate_flemish (lay, x, y, piece);
      break;
    default:
      locate_row_run (lay, &x, &y, 1, piece, NULL);
      break;
    }
}

void
tsr_pieces_locate (const TsrPiecesLayout *lay, double x, double y, TsrPiece *piece)
{
  UnitCache cache = { .valid = FALSE };

  locate_piece (lay, x, y, &cache, piece);
  if (tsr_pieces_boxed (lay))
    {
      TsrPieceRow *pr = g_new (TsrPieceRow, 1);
      double xs[TSR_CHUNK] = { x }, ys[TSR_CHUNK] = { y };
      double depth[TSR_CHUNK], ddx[TSR_CHUNK], ddy[TSR_CHUNK];
      double inner_x, inner_y, radius;

      /* a row of one point: the other lanes are zeros */
      memset (pr, 0, sizeof *pr);
      pr->cx[0] = piece->cx;
      pr->cy[0] = piece->cy;
      tsr_pieces_box_shape (lay, piece, &inner_x, &inner_y, &radius);
      pr->inner_x[0] = (float) inner_x;
      pr->inner_y[0] = (float) inner_y;
      pr->radius[0] = (float) radius;
      tsr_pieces_box_depth_row (pr, xs, ys, 1, depth, ddx, ddy);
      piece->depth = depth[0];
      piece->dx = ddx[0];
      piece->dy = ddy[0];
      g_free (pr);
    }
}

void
tsr_pieces_locate_row (const TsrPiecesLayout *lay, const double *x, const double *y, gsize n,
                       TsrPiece *pieces)
{
  tsr_pieces_locate_row_memo (lay, NULL, x, y, n, pieces);
}

void
tsr_pieces_locate_row_memo (const TsrPiecesLayout *lay, TsrPiecesMemo *memo, const double *x,
                            const double *y, gsize n, TsrPiece *pieces)
{
  switch (lay->layout)
    {
    case TSR_LAYOUT_RUNNING:
    case TSR_LAYOUT_STACK:
    case TSR_LAYOUT_ENGLISH:
      locate_row_run (lay, x, y, n, pieces, NULL);
      break;
    case TSR_LAYOUT_STONES:
      {
        StoneCells sc = { .valid = FALSE };
        TsrStoneEdges *e;

        if (memo != NULL)
          {
            locate_stones (lay, memo, x, y, n, memo->cells, STONE_MEMO_SLOTS, &memo->edges,
                           pieces);
            break;
          }
        e = g_new (TsrStoneEdges, 1);
        locate_stones (lay, NULL, x, y, n, &sc, 1, e, pieces);
        g_free (e);
        break;
      }
    case TSR_LAYOUT_HEXAGON:
      locate_hexagon_row (lay, x, y, n, pieces);
      break;
    case TSR_LAYOUT_HERRINGBONE:
      locate_herringbone_row (lay, x, y, n, pieces);
      break;
    default:
      {
        UnitCache cache = { .valid = FALSE };

        for (gsize i = 0; i < n; i++)
          locate_piece (lay, x[i], y[i], &cache, &pieces[i]);
        break;
      }
    }
}

static inline gboolean
same_piece (const TsrPiece *a, const TsrPiece *b)
{
  return a->id == b->id && a->cx == b->cx && a->cy == b->cy && a->hx == b->hx
         && a->hy == b->hy && a->turned == b->turned;
}

gsize
tsr_pieces_locate_runs (const TsrPiecesLayout *lay, const double *x, const double *y, gsize n,
                        TsrPiece *pieces, gsize *ends)
{
  gsize runs = 0;

  switch (lay->layout)
    {
    case TSR_LAYOUT_RUNNING:
    case TSR_LAYOUT_STACK:
    case TSR_LAYOUT_ENGLISH:
      return locate_row_run (lay, x, y, n, pieces, ends);
    default:
      tsr_pieces_locate_row (lay, x, y, n, pieces);
      for (gsize k = 0; k < n; k++)
        {
          if (runs > 0 && same_piece (&pieces[k], &pieces[runs - 1]))
            {
              ends[runs - 1] = k + 1;
              continue;
            }
          pieces[runs] = pieces[k];
          ends[runs++] = k + 1;
        }
      return runs;
    }
}
