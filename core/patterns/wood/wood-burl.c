/* Burl: the face of a burl, a growth where the fibre lost its direction
 * around clusters of dormant buds.
 *
 * The growth lines are level lines of ψ = N y / H + A B (x, y) + Σ eyes,
 * with B a few octaves of isotropic noise, strong enough (A ∂B against
 * N / H) that the lines fold into swirls and flowing loops instead of
 * running along a fibre, and no finer than 4 pixels (the fibre's
 * direction, which the sheen reads, must not turn from pixel to pixel).
 * The eyes (the buds) sit on a jittered grid of whole cells per tile; a
 * slow cluster field decides how many cells hold one, so that they gather
 * in clusters with bare figure between.  There are few, of every size from
 * pins to knots, each its own depth; each is a soft dark dot in a pale halo
 * and lifts ψ around it out to about a cell, so the lines wrap it.  The wood is darker where
 * the eyes gather, swells into rounded lumps, lit in their middles, with
 * soft dark crevices between them (along the zeros of a noise) that deepen
 * and fade along their length with the mottle (of one depth they read as
 * a net of worms), a mottle lightens and darkens patches,
 * and the fibre's direction (the level lines') changes how much light it
 * returns: the chatoyance that makes a polished burl shimmer in bands
 * across its swirls.  Coarse fibre speckles it.  Lines use the plank's
 * profile and filter (wood-rings.h), kept faint: across the lumps of a
 * polished burl they barely show.  B, the lumps, the mottle and the
 * clusters tile, the grid wraps and ψ climbs N a
 * tile, so it tiles exactly at any W x H. */
#include <math.h>

#include "math/hash.h"
#include "patterns/wood/wood-burl-rows.h"
#include "patterns/wood/wood-burl-shape.h"
#include "patterns/wood/wood-exp.h"
#include "patterns/wood/wood-internal.h"
#include "patterns/wood/wood-marks-rows.h"
#include "noise/noise-kernels.h"
#include "patterns/wood/wood-rings.h"

/* The swirl's strength, in rings per feature height at ring-noise 1. */
#define SWIRL 0.6
/* The mottle: ± this much of the value; its cells' size, of a feature,
 * and octaves at most. */
#define MOTTLE 0.17
#define MOTTLE_SIZE 0.9
#define MOTTLE_OCTAVES 3u
/* The clusters' cells' size, of a feature (at eye-clusters 0), and
 * octaves. */
#define CLUSTER_SIZE 1.3
#define CLUSTER_OCTAVES 2
/* Darker where the eyes gather: ± this much of the value. */
#define CLUSTER_TONE 0.4
/* The fibre's strength at grain 1 (wood_fibre). */
#define FIBRE_CONTRAST 0.7
/* How much longer along x than across a fibre's speckle is. */
#define FIBRE_DRAWN 1.5
/* Eyes: the share of cells with one where the cluster field is 0, how
 * much the field adds to it, how dark a dot is. */
#define EYE_SHARE 0.02
#define EYE_CLUSTER 1.4
/* Lumps: how dark the crevices between them are, and how wide, in the
 * lump noise's values about its zero. */
#define CREVICE 0.1
/* The open pores a pixel wide: ± this much at grain 1. */
#define PIXEL_PORES 0.06
/* How much lighter a lump is in its middle, away from its crevices. */
#define LUMP_LIGHT 0.2
/* The lumps lit from the upper left: ± this much of the value per unit of
 * the lump noise's slope over a lump's size (LUMP_SIZE of a feature), so
 * that they read as swellings of the wood, not a flat mottle. */
#define LUMP_RELIEF 0.1
#define LUMP_SIZE 0.45
/* The lumps are the swirls' relief: the crevices, the lumps' light and
 * their relief as above at ring-noise LUMPS_FULL, in proportion to it
 * (a burl of gentle swirls, flatter and streakier), at most LUMPS_MOST
 * times. */
#define LUMPS_FULL 0.7
#define LUMPS_MOST 2.0
#define EYE_DARK 0.9
/* An eye's dot fades out at this many times its radius: soft, not a
 * stamped disc. */
#define EYE_SOFT 1.5
/* An eye's radius, of a cell: EYE_R_MIN + EYE_R_SPREAD u², u even in
 * 0 .. 1, so most are pins and few are knots (eyes of one size read as
 * disks dropped on the wood); drawn out along x by up to 1 + EYE_DRAWN,
 * at most EYE_RX_MAX of a cell. */
#define EYE_R_MIN 0.14
#define EYE_R_SPREAD 0.3
#define EYE_DRAWN 0.8
#define EYE_RX_MAX 0.44
/* An eye's pale halo (the fibre bent round the bud, catching the light):
 * ± this much lighter, out to this many times its radius. */
#define EYE_HALO 0.14
#define EYE_HALO_R 2.6
/* eye-clusters (k, 0 .. 1): the share above, EYE_SHARE (1 - k) +
 * EYE_CLUSTER (1 + GATHER k) (cluster - GATHER_CUT k), so that at 1 the
 * eyes crowd where the field is high and leave the rest of the wood bare;
 * their dots greyer (EYE_DARK (1 - GREYER k): a bud's pith, not a hole)
 * in halos (1 + HALO_MORE k) as light; the mottle and the clusters'
 * darkness (1 - CALMER k) as strong, the figure's ground even between the
 * clusters; and flashes of pale wood, up to PALE k lighter, where the
 * mottle passes PALE_AT, their edges crisp (PALE_EDGE of the mottle's
 * values wide), as in amboyna and redwood burl. */
#define GATHER 5.0
#define GATHER_CUT 0.2
#define TIGHTER 0.0
#define BIGGER 0.7
#define CRISPER 0.25
#define GREYER 0.0
#define HALO_MORE 0.5
#define CALMER 0.5
#define DARKER 0.4
#define SHARPER 2.0
#define FLATTER 0.7
#define PALE 0.12

void
wood_burl_prepare (TsrTexture *tex, WoodState *st)
{
  const double s = tex->noise.scale, cell = MAX (0.3 * s, 4.0), fibre = MAX (3.0, s / 48.0);
  const double sx = s * sqrt (tex->noise.stretch), sy = s / sqrt (tex->noise.stretch);
  const guint octaves = (guint) tex->noise.octaves;

  guint swirl_octaves = 1;

  while (swirl_octaves < MIN (octaves, 5u) && 0.9 * MIN (sx, sy) / (2 << (swirl_octaves - 1)) >= 4.0)
    swirl_octaves++;
  wood_prepare_years (tex, st);
  wood_fractal_init (tex, TSR_SALT_WOOD_WOBBLE, 0.9 * sx, 0.9 * sy, swirl_octaves, 0.5,
                     &st->wobble);
  st->figure = st->p.ring_noise * SWIRL * st->rings_per_pixel * s;
  /* Fibre: coarse speckles drawn out along x, where a burl's growth lines
   * run on the whole: streaks the eyes sit in, not a blotchy cloud. */
  st->fibre_gain = wood_fibre_init (tex, FIBRE_DRAWN * fibre, fibre, 0.6,
                                    FIBRE_CONTRAST * st->p.grain, FALSE, &st->grain);
  /* Mottle: patches half a feature across. */
  wood_fractal_init (tex, TSR_SALT_WOOD_DRIFT, MOTTLE_SIZE * sx, MOTTLE_SIZE * sy,
                     MIN (octaves, MOTTLE_OCTAVES), 0.5, &st->drift);
  /* Lumps: rounded, a third of a cell to a cell across, with crevices
   * along the noise's zeros (a burl has no knots: it takes their salt). */
  wood_fractal_init (tex, TSR_SALT_WOOD_KNOTS, LUMP_SIZE * sx, LUMP_SIZE * sy, 2, 0.45,
                     &st->lumps);
  st->lump_size = LUMP_SIZE * sqrt (sx * sy);
  st->pore_seed = tsr_hash1 (st->year_seed, 2);
  st->eye_cols = tex->tileable ? MAX (1, (int) floor (tex->period_w / cell + 0.5)) : 0;
  st->eye_rows = tex->tileable ? MAX (1, (int) floor (tex->period_h / cell + 0.5)) : 0;
  st->eye_w = tex->tileable ? tex->period_w / (double) st->eye_cols : cell;
  st->eye_h = tex->tileable ? tex->period_h / (double) st->eye_rows : cell;
  /* Clusters: a few features across, smooth (a burl has no pores: it
   * takes their salt).  Also read at the centres of the eyes' cells,
   * whose eyes reach pixels within 0.31 + 0.94 of a cell of them
   * (eye_of_cell). */
  const double gathered = CLUSTER_SIZE * (1.0 - TIGHTER * st->p.eye_clusters);
  wood_fractal_init_reaching (tex, TSR_SALT_WOOD_PORES, gathered * sx, gathered * sy,
                              CLUSTER_OCTAVES, 0.4, 1.25 * MAX (st->eye_w, st->eye_h),
                              &st->clusters);
}

typedef struct
{
  double x, y, r, rx, reach, lift, depth, soft;
  /* 1 / reach², 1 / halo², 1 / the dot's half-axes² and the lift's slope
   * factor -6 lift / reach²: every sample an eye reaches multiplies by
   * them, a division's latency kept to one an eye */
  double inv_reach2, inv_halo2, inv_dot_x2, inv_dot_y2, lift_k;
} Eye;

/* The eye of grid cell (i, j), if it has one.  Inside the middle 0.62 of
 * its cell, its dot at most 0.66 of a cell in radius (1.5 r) and its reach
 * at most one cell: only the eyes of a sample's own and neighbouring
 * cells touch it, or half a pixel beyond it (cells are 2.7 pixels or
 * more, so an eye two cells on is at least 1 cell and half a pixel away). */
/* The cluster field at the centres of the eyes' cells a row of samples
 * reads (cells ci0 .. ci0 + cols - 1 by cj0 .. cj0 + rows - 1), computed
 * for the whole row at once: one point at a time, the fractal's set-up
 * cost several times its noise.  rows 0: none (a row that reaches too many
 * cells reads them one at a time). */
#define EYE_CLUSTERS_MAX 384
typedef struct
{
  gint32 ci0, cj0;
  int    cols, rows;
  float  v[EYE_CLUSTERS_MAX];
} EyeClusters;

/* The centre of the eyes' cell (i, j), taken from its wrapped index: the
 * same bits for the cell a tile on. */
static void
eye_cell_centre (const WoodState *st, gint32 i, gint32 j, double *cx, double *cy)
{
  *cx = (tsr_wrap (i, st->eye_cols) + 0.5) * st->eye_w;
  *cy = (tsr_wrap (j, st->eye_rows) + 0.5) * st->eye_h;
}

/* The cells the samples (x[i], y[i]) read (eyes_near: their own and their
 * neighbours) and the cluster field at their centres, a row of cells a
 * call (the same bits as a point a call). */
static void
eye_clusters_of_row (const WoodState *st, const double *x, const double *y, gsize n,
                     EyeClusters *ec)
{
  double lo_x = x[0], hi_x = x[0], lo_y = y[0], hi_y = y[0];

  for (gsize i = 1; i < n; i++)
    {
      lo_x = MIN (lo_x, x[i]), hi_x = MAX (hi_x, x[i]);
      lo_y = MIN (lo_y, y[i]), hi_y = MAX (hi_y, y[i]);
    }
  ec->rows = 0;
  if (!(hi_x - lo_x < TSR_CHUNK * st->eye_w && hi_y - lo_y < TSR_CHUNK * st->eye_h))
    return;
  const gint32 ci0 = (gint32) tsr_floor_d (lo_x / st->eye_w) - 1;
  const gint32 cj0 = (gint32) tsr_floor_d (lo_y / st->eye_h) - 1;
  const int cols = (gint32) tsr_floor_d (hi_x / st->eye_w) + 2 - ci0;
  const int rows = (gint32) tsr_floor_d (hi_y / st->eye_h) + 2 - cj0;

  if (cols > TSR_CHUNK || cols * rows > EYE_CLUSTERS_MAX)
    return;
  for (int r = 0; r < rows; r++)
    {
      double cx[TSR_CHUNK], cy[TSR_CHUNK];

      for (int c = 0; c < cols; c++)
        eye_cell_centre (st, ci0 + c, cj0 + r, &cx[c], &cy[c]);
      tsr_fractal_row (&st->clusters, cx, cy, (gsize) cols, &ec->v[r * cols]);
    }
  ec->ci0 = ci0, ec->cj0 = cj0, ec->cols = cols, ec->rows = rows;
}

/* The cluster field at the centre of the eyes' cell (i, j). */
static float
eye_cluster (const WoodState *st, const EyeClusters *ec, gint32 i, gint32 j)
{
  const gint32 c = i - ec->ci0, r = j - ec->cj0;
  double cx, cy;
  float cluster;

  if (ec->rows > 0 && c >= 0 && c < ec->cols && r >= 0 && r < ec->rows)
    return ec->v[r * ec->cols + c];
  eye_cell_centre (st, i, j, &cx, &cy);
  tsr_fractal_row (&st->clusters, &cx, &cy, 1, &cluster);
  return cluster;
}

static gboolean
eye_of_cell (const WoodState *st, const EyeClusters *ec, guint32 seed, gint32 i, gint32 j,
             Eye *e)
{
  const gint32 wi = tsr_wrap (i, st->eye_cols), wj = tsr_wrap (j, st->eye_rows);
  const guint32 h = tsr_hash2 (seed, wi, wj);
  const double cell = MIN (st->eye_w, st->eye_h);
  const float cluster = eye_cluster (st, ec, i, j);
  const double k = st->p.eye_clusters;
  if (tsr_hash_unit (h) >= EYE_SHARE * (1.0 - k)
                           + EYE_CLUSTER * (1.0 + GATHER * k) * (cluster - GATHER_CUT * k))
    return FALSE;
  const double u = tsr_hash_unit (tsr_mix32 (h + 3)), u2 = u * u;
  e->x = (i + 0.19 + 0.62 * tsr_hash_unit (tsr_mix32 (h + 1))) * st->eye_w;
  e->y = (j + 0.19 + 0.62 * tsr_hash_unit (tsr_mix32 (h + 2))) * st->eye_h;
  /* from pins to knots of every size between, each its own depth (a
   * bud's dark pith in paler wood), few pure black */
  e->r = (EYE_R_MIN + EYE_R_SPREAD * u2) * (1.0 + BIGGER * k) * cell;
  /* drawn out along the fibre (the growth lines run along x), a bud
   * pulled into the grain, not a round stamp; the dot's longer half-axis
   * within 0.44 of a cell */
  e->rx = MIN (e->r * (1.0 + EYE_DRAWN * tsr_hash_unit (tsr_mix32 (h + 6))), EYE_RX_MAX * cell);
  e->depth = 1.0 - 0.5 * tsr_hash_unit (tsr_mix32 (h + 5));
  e->soft = EYE_SOFT * (1.0 - CRISPER * k);
  e->reach = MIN (0.5 * cell + 1.8 * e->r, cell);
  e->lift = (h & 0x100 ? 1.0 : -1.0) * (0.5 + 0.7 * tsr_hash_unit (tsr_mix32 (h + 4)) + 3.0 * u2);
  const double halo_r = MIN (EYE_HALO_R * e->r, e->reach);
  e->inv_reach2 = 1.0 / (e->reach * e->reach);
  e->inv_halo2 = 1.0 / (halo_r * halo_r);
  e->inv_dot_x2 = 1.0 / (e->soft * e->soft * e->rx * e->rx);
  e->inv_dot_y2 = 1.0 / (e->soft * e->soft * e->r * e->r);
  e->lift_k = -6.0 * e->lift * e->inv_reach2;
  return TRUE;
}

/* The eyes of a cell and of its eight neighbours, slot (j + 1) 3 + i + 1
 * for the cell (i, j) away: all that touch a point of the cell, or half a
 * pixel beyond it.  Kept while a row of samples stays in the cell, and
 * shifted a column when it moves to the next. */
typedef struct
{
  gboolean filled;
  gint32   ci, cj;
  gboolean has[9];
  Eye      eyes[9];
  int      n_live;     /* the slots that have an eye, in order */
  int      live[9];
  /* with at_y, every sample is read at this y (a colour map's row): the
   * eyes too far above or below it to reach it are not listed */
  gboolean at_y;
  double   y;
} EyesNear;

static void
eyes_near (const WoodState *st, const EyeClusters *ec, double x, double y, EyesNear *near)
{
  const gint32 ci = (gint32) tsr_floor_d (x / st->eye_w);
  /* a row of one y keeps its row of cells */
  const gint32 cj = near->filled && near->at_y ? near->cj : (gint32) tsr_floor_d (y / st->eye_h);

  if (near->filled && near->cj == cj && near->ci == ci)
    return;
  const guint32 seed = tsr_hash1 (st->year_seed, 0x65796573);
  if (near->filled && near->cj == cj && near->ci + 1 == ci)
    for (int r = 0; r < 3; r++)
      {
        Eye *row = &near->eyes[3 * r];
        gboolean *has = &near->has[3 * r];

        row[0] = row[1], has[0] = has[1];
        row[1] = row[2], has[1] = has[2];
        has[2] = eye_of_cell (st, ec, seed, ci + 1, cj - 1 + r, &row[2]);
      }
  else
    for (int k = 0; k < 9; k++)
      near->has[k] = eye_of_cell (st, ec, seed, ci - 1 + k % 3, cj - 1 + k / 3, &near->eyes[k]);
  near->filled = TRUE, near->ci = ci, near->cj = cj;
  near->n_live = 0;
  for (int k = 0; k < 9; k++)
    {
      /* eyes_at's q of dy alone: d² >= dy², so q >= that >= 1 */
      const double dy = near->y - near->eyes[k].y;

      if (near->has[k] && !(near->at_y && dy * dy * near->eyes[k].inv_reach2 >= 1.0))
        near->live[near->n_live++] = k;
    }
}

/* How dark the eyes' dots make a point, how light their halos, and the
 * gradients of both. */
typedef struct
{
  double dark, dark_g[2];
  double halo, halo_g[2];
} EyeShade;

/* The eyes' lift of ψ at (x, y) (into lift, its gradient into lift_g when
 * not NULL) and, when shade is not NULL, their dots and halos there (with
 * shade_slopes, their gradients too). */
static void
eyes_at (const EyesNear *near, double x, double y, double *lift, double lift_g[2],
         EyeShade *shade, gboolean shade_slopes)
{
  *lift = 0.0;
  if (lift_g != NULL)
    lift_g[0] = lift_g[1] = 0.0;
  if (shade != NULL)
    *shade = (EyeShade) { 0 };
  for (int m = 0; m < near->n_live; m++)
    {
      const Eye *e = &near->eyes[near->live[m]];
      const double dx = x - e->x, dy = y - e->y, d2 = dx * dx + dy * dy;
      const double q = d2 * e->inv_reach2;
      if (q >= 1.0)
        continue;
      /* (1 - q)³: smooth, and nothing at the reach */
      *lift += e->lift * (1.0 - q) * (1.0 - q) * (1.0 - q);
      if (lift_g != NULL)
        {
          const double k = e->lift_k * (1.0 - q) * (1.0 - q);
          lift_g[0] += k * dx, lift_g[1] += k * dy;
        }
      if (shade == NULL)
        continue;
      /* a pale halo, (1 - c)², out to EYE_HALO_R r (within the reach) */
      const double ch = d2 * e->inv_halo2;
      if (ch < 1.0)
        {
          shade->halo += (1.0 - ch) * (1.0 - ch);
          if (shade_slopes)
            {
              shade->halo_g[0] -= 4.0 * (1.0 - ch) * dx * e->inv_halo2;
              shade->halo_g[1] -= 4.0 * (1.0 - ch) * dy * e->inv_halo2;
            }
        }
      /* a soft dot, (1 - c)², fading out at EYE_SOFT (rx, r): drawn out along x only */
      const double c = dx * dx * e->inv_dot_x2 + dy * dy * e->inv_dot_y2;
      if (c >= 1.0)
        continue;
      shade->dark += e->depth * (1.0 - c) * (1.0 - c);
      if (!shade_slopes)
        continue;
      shade->dark_g[0] -= 4.0 * e->depth * (1.0 - c) * dx * e->inv_dot_x2;
      shade->dark_g[1] -= 4.0 * e->depth * (1.0 - c) * dy * e->inv_dot_y2;
    }
}

/* The value's row kernel on the samples from .. n - 1 of row, into out:
 * its whole vectors in place, the rest copied into a whole vector's room
 * (so every sample takes the kernel's bits, with no scalar copy of it). */
static void
burl_values (const WoodBurlRow *row, gsize from, gsize n, float *out)
{
  enum { ROOM = 16 };   /* whole vectors at every VN */
  const WoodBurlRowFn kernel = TSR_ISA_PICK (wood_burl_row_base, wood_burl_row_avx2,
                                             wood_burl_row_avx512);
  WoodBurlRow at = *row;
  float fl[5][ROOM], v[ROOM];
  double db[6][ROOM];
  const float **fp[5] = { &at.fibre, &at.mottle, &at.cluster, &at.lump, &at.lump_on };
  const double **dp[6] = { &at.lines, &at.slope_x, &at.slope_y, &at.dark, &at.halo, &at.units };

  if (from >= n)
    return;
  for (int a = 0; a < 5; a++)
    *fp[a] += from;
  for (int a = 0; a < 6; a++)
    *dp[a] += from;
  const gsize done = from + kernel (&at, n - from, out + from), left = n - done;

  if (left == 0)
    return;
  /* the last samples, and copies of the last to fill the room */
  for (gsize i = 0; i < ROOM; i++)
    {
      const gsize k = done - from + MIN (i, left - 1);

      for (int a = 0; a < 5; a++)
        fl[a][i] = (*fp[a])[k];
      for (int a = 0; a < 6; a++)
        db[a][i] = (*dp[a])[k];
    }
  for (int a = 0; a < 5; a++)
    *fp[a] = fl[a];
  for (int a = 0; a < 6; a++)
    *dp[a] = db[a];
  kernel (&at, ROOM, v);
  memcpy (out + done, v, left * sizeof (float));
}

/* The light the fibre returns as it turns: 1 + SHEEN cos 2 (θ - θ0), θ the
 * direction of ψ's slope (dx, dy), θ0 = 26.6° (cos 2θ0 = 0.6, sin 2θ0 =
 * 0.8), with inv_m 1 / (dx² + dy² + the floor); with `grad`, its gradient
 * into grad. */
static double
sheen (const WoodSlope *sl, gboolean grad_asked, double grad[2], double inv_m)
{
  const double dx = sl->s[0], dy = sl->s[1];
  const double f = (0.6 * (dx * dx - dy * dy) + 0.8 * 2.0 * dx * dy) * inv_m;

  if (grad_asked)
    for (int a = 0; a < 2; a++)
      {
        const double ddx = sl->d[a][0], ddy = sl->d[a][1];
        const double d_a = 2.0 * (dx * ddx - dy * ddy), d_b = 2.0 * (ddx * dy + dx * ddy);
        const double d_m = 2.0 * (dx * ddx + dy * ddy);

        grad[a] = SHEEN * (0.6 * d_a + 0.8 * d_b - f * d_m) * inv_m;
      }
  return 1.0 + SHEEN * f;
}

/* The fractal fields a row of samples reads, values (and for a
 * gradient, their slopes) at the samples: the swirl at the sample and
 * (gradient) WOOD_SLOPE_STEP on along x and y, the fibre, mottle and
 * clusters, the lumps at the sample and half a pixel on along the
 * diagonal. */
typedef struct
{
  const float *swirl[3], *swirl_x[3], *swirl_y[3];
  const float *fibre, *fibre_g[2], *mottle, *mottle_g[2], *cluster, *cluster_g[2];
  const float *lump[2], *lump_x[2], *lump_y[2];
} BurlFields;

/* ψ at sample i of a row (x, y), and with `second` WOOD_SLOPE_STEP on
 * along x and y (psi[0 .. 2]), their gradients g, ψ's slope and the
 * eyes' shade there. */
static inline void
burl_psi (const WoodState *st, const BurlFields *f, const EyeClusters *ec, EyesNear *near,
          double x, double y, gsize i, gboolean second, double psi[3], double g[3][2],
          WoodSlope *sl, EyeShade *es)
{
  const double e = WOOD_SLOPE_STEP;

  *sl = (WoodSlope) { { 0 }, { { 0 } } };
  *es = (EyeShade) { 0 };
  eyes_near (st, ec, x, y, near);
  for (int s = 0; s < (second ? 3 : 1); s++)
    {
      const double px = x + (s == 1 ? e : 0.0), py = y + (s == 2 ? e : 0.0);
      double lift, lift_g[2];

      eyes_at (near, px, py, &lift, lift_g, s == 0 ? es : NULL, second);
      psi[s] = st->rings_per_pixel * py + st->figure * f->swirl[s][i] + lift;
      g[s][0] = st->figure * f->swirl_x[s][i] + lift_g[0];
      g[s][1] = st->rings_per_pixel + st->figure * f->swirl_y[s][i] + lift_g[1];
    }
  wood_slope_of_gradients (g, second, sl);
}

/* The most cells along a row the eyes' kernel lists eyes from. */
#define ROW_EYE_COLS (TSR_CHUNK + 4)

/* The most rows of cells an eye grid holds. */
#define GRID_ROWS 8

/* The eyes of a block of cells, ci0 .. ci0 + cols - 1 along x and cj0 ..
 * cj0 + rows - 1 down, for a band of rows of pixels of one run along x:
 * each cell's eye worked out once, where each row of pixels would work
 * out the three rows of cells about it. */
typedef struct
{
  gint32   ci0, cj0;
  int      cols, rows;
  gboolean has[GRID_ROWS][ROW_EYE_COLS];
  Eye      eyes[GRID_ROWS][ROW_EYE_COLS];
} EyeGrid;

/* The grid of the cells the rows y[0 .. rows) of the run x[0 .. n) read
 * (eyes_row's), into grid; FALSE where they span too many cells. */
static gboolean
eye_grid (const WoodState *st, const double *x, gsize n, const double *y, gsize rows,
          EyeGrid *grid)
{
  if (n == 0 || rows == 0)
    return FALSE;
  double lo = x[0], hi = x[0], top = y[0], bottom = y[0];

  for (gsize i = 1; i < n; i++)
    lo = MIN (lo, x[i]), hi = MAX (hi, x[i]);
  for (gsize r = 1; r < rows; r++)
    top = MIN (top, y[r]), bottom = MAX (bottom, y[r]);
  const gint32 ci0 = (gint32) tsr_floor_d (lo / st->eye_w) - 1;
  const gint32 ci1 = (gint32) tsr_floor_d (hi / st->eye_w) + 1;
  const gint32 cj0 = (gint32) tsr_floor_d (top / st->eye_h) - 1;
  const gint32 cj1 = (gint32) tsr_floor_d (bottom / st->eye_h) + 1;
  const guint32 seed = tsr_hash1 (st->year_seed, 0x65796573);

  if (ci1 - ci0 >= ROW_EYE_COLS || cj1 - cj0 >= GRID_ROWS)
    return FALSE;
  grid->ci0 = ci0, grid->cj0 = cj0, grid->cols = ci1 - ci0 + 1, grid->rows = cj1 - cj0 + 1;
  for (int r = 0; r < grid->rows; r++)
    {
      /* the cluster field at the row of cells' centres (eye_clusters_of_row's) */
      EyeClusters ec = { ci0, cj0 + r, grid->cols, 1, { 0 } };
      double cx[ROW_EYE_COLS], cy[ROW_EYE_COLS];

      for (int c = 0; c < grid->cols; c++)
        eye_cell_centre (st, ci0 + c, cj0 + r, &cx[c], &cy[c]);
      tsr_fractal_row (&st->clusters, cx, cy, (gsize) grid->cols, ec.v);
      for (int c = 0; c < grid->cols; c++)
        grid->has[r][c] = eye_of_cell (st, &ec, seed, ci0 + c, cj0 + r, &grid->eyes[r][c]);
    }
  return TRUE;
}

/* A colour map's row of one y: ψ, the footprint, ψ's slope and the eyes'
 * dots and halos of its whole vectors through the row kernel, the eyes
 * that may reach the row listed first (burl_psi's and eyes_near's: the
 * cells of the row and the rows above and below it, down then along, as
 * eyes_near's slots order them, those too far above or below left out),
 * from the grid where it holds them, else from the clusters ec.  Returns
 * how many samples that was (0 where the row spans too many cells, or
 * neither has its cells). */
static gsize
eyes_row (const WoodState *st, const BurlFields *f, const EyeGrid *grid, const EyeClusters *ec,
          const double *x, const double span[2], double y, gsize n, double *psi, double *foot,
          double *slope_x, double *slope_y, double *dark, double *halo)
{
  const double lo = span[0], hi = span[1];
  const gint32 ci0 = (gint32) tsr_floor_d (lo / st->eye_w) - 1;
  const gint32 ci1 = (gint32) tsr_floor_d (hi / st->eye_w) + 1;
  const gint32 cj = (gint32) tsr_floor_d (y / st->eye_h);
  const guint32 seed = tsr_hash1 (st->year_seed, 0x65796573);
  WoodRowEye eyes[3 * ROW_EYE_COLS];
  int n_eyes = 0;

  const gboolean gridded = grid != NULL && ci0 >= grid->ci0 && ci1 < grid->ci0 + grid->cols
                           && cj - 1 >= grid->cj0 && cj + 1 < grid->cj0 + grid->rows;

  if (ci1 - ci0 >= ROW_EYE_COLS || (!gridded && ec == NULL))
    return 0;
  for (gint32 j = cj - 1; j <= cj + 1; j++)
    for (gint32 i = ci0; i <= ci1; i++)
      {
        Eye e;

        if (gridded)
          {
            if (!grid->has[j - grid->cj0][i - grid->ci0])
              continue;
            e = grid->eyes[j - grid->cj0][i - grid->ci0];
          }
        else if (!eye_of_cell (st, ec, seed, i, j, &e))
          continue;
        if ((y - e.y) * (y - e.y) * e.inv_reach2 >= 1.0)
          continue;
        /* the span along x a pixel wider than the reach each side: a
         * sample outside it is out of reach whatever the rounding */
        eyes[n_eyes++] = (WoodRowEye) {
          e.x, e.y, e.lift, e.lift_k, e.inv_reach2, e.inv_halo2, e.inv_dot_x2, e.inv_dot_y2,
          e.depth, e.x - e.reach - 1.0, e.x + e.reach + 1.0
        };
      }
  const WoodEyesRow row = {
    x, y, f->swirl[0], f->swirl_x[0], f->swirl_y[0], eyes, n_eyes, st->rings_per_pixel,
    st->figure, st->shown_pixel, psi, foot, slope_x, slope_y, dark, halo
  };
  const WoodEyesRowFn kernel = TSR_ISA_PICK (wood_eyes_row_base, wood_eyes_row_avx2,
                                             wood_eyes_row_avx512);

  return kernel (&row, n);
}

/* The burl at the samples of a row from its fields: span the least and
 * the most x, one_y TRUE where every y is y[0] (a band's row). */
static void
burl_samples (const WoodState *st, const double *x, const double *y, gsize n,
              const double span[2], gboolean one_y, const BurlFields *f, const EyeGrid *grid,
              float *out, float *gx, float *gy)
{
  /* the relief's light from the upper left, per unit of the lumps' slope
   * over their size */
  const double lumpy = MIN (st->p.ring_noise / LUMPS_FULL, LUMPS_MOST);
  const double relief = lumpy * LUMP_RELIEF * st->lump_size * G_SQRT2 * 0.5 / WOOD_FOOTPRINT_STEP;
  const double flatter = 1.0 - FLATTER * st->p.eye_clusters;
  const double crevice_k = flatter * lumpy * CREVICE, light_k = flatter * lumpy * LUMP_LIGHT;
  const double contrast = FIBRE_CONTRAST * st->p.grain;
  const double k = st->p.eye_clusters;
  const double mottle_k = MOTTLE * (1.0 - CALMER * k), cluster_k = CLUSTER_TONE * (1.0 - DARKER * k);
  const double eye_dark_k = EYE_DARK * (1.0 - GREYER * k), halo_k = EYE_HALO * (1.0 + HALO_MORE * k);
  const double pale_k = PALE * k, pores_k = PIXEL_PORES * (1.0 + SHARPER * k);
  /* where ψ's slope is under about half the rings' own (round an eye's
   * centre, at a saddle) the fibre has no clear direction, and its
   * direction from two close samples would be mostly rounding: the sheen
   * fades there */
  const double floor2 = 0.25 * st->rings_per_pixel * st->rings_per_pixel;
  EyesNear near = { 0 };
  EyeClusters clusters_at_eyes;
  WoodLinesCache lines_cache = { 0 };
  double psi_row[TSR_CHUNK], w_row[TSR_CHUNK], lines_row[TSR_CHUNK];
  WoodSlope sl_row[TSR_CHUNK];
  EyeShade es_row[TSR_CHUNK];
  double slope_x[TSR_CHUNK], slope_y[TSR_CHUNK], dark_row[TSR_CHUNK], halo_row[TSR_CHUNK];
  double speck_row[TSR_CHUNK];

  /* the cluster field at the eyes' cells, where the grid does not give
   * the eyes */
  gboolean clustered = gx != NULL || grid == NULL;

  if (clustered)
    eye_clusters_of_row (st, x, y, n, &clusters_at_eyes);
  /* A colour map: ψ, its slope and footprint, the eyes' shade, the pixel
   * pores and the crevices' and lumps' bells first, then the growth lines
   * of the row and the value from its parts in kernels. */
  /* the pixel pores' hash units, in a kernel where vectors multiply
   * 32-bit numbers (not SSE2: as the plank's marks) */
  const WoodMarksRow marks = {
    .pixel_seed = st->pore_seed ^ WOOD_PIXEL_PORES_SALT, .period_w = st->period_w,
    .period_h = st->period_h, .shown_pixel = st->shown_pixel
  };
  const WoodPixelUnitsFn units = TSR_ISA_PICK (NULL, wood_pixel_units_avx2,
                                               wood_pixel_units_avx512);
  const gsize united = units != NULL && gx == NULL ? units (&marks, x, y, n, speck_row) : 0;
  const WoodBurlRow row = {
    f->fibre, f->mottle, f->cluster, f->lump[0], f->lump[1],
    lines_row, slope_x, slope_y, dark_row, halo_row, speck_row,
    st->fibre_gain, contrast, floor2, mottle_k, cluster_k, eye_dark_k, halo_k,
    pale_k, crevice_k, light_k, relief, pores_k * st->p.grain / MAX (st->shown_pixel, 1.0)
  };

  /* the units the kernel did not give (SSE2, gradients) */
  for (gsize i = united; i < n; i++)
    speck_row[i] = tsr_hash_unit (
      tsr_hash2 (marks.pixel_seed, tsr_wrap ((gint32) tsr_floor_d (x[i]), (gint32) st->period_w),
                 tsr_wrap ((gint32) tsr_floor_d (y[i]), (gint32) st->period_h)));
  if (gx == NULL)
    {
      near.at_y = TRUE, near.y = y[0];
      for (gsize i = 1; i < n && !one_y; i++)
        near.at_y &= y[i] == y[0];
      const gsize eyed = near.at_y ? eyes_row (st, f, grid, clustered ? &clusters_at_eyes : NULL,
                                               x, span, y[0], n, psi_row, w_row, slope_x, slope_y,
                                               dark_row, halo_row)
                                   : 0;

      if (eyed < n && !clustered)
        eye_clusters_of_row (st, x, y, n, &clusters_at_eyes), clustered = TRUE;

      for (gsize i = eyed; i < n; i++)
        {
          double psi[3], g[3][2], dw[2];

          burl_psi (st, f, &clusters_at_eyes, &near, x[i], y[i], i, FALSE, psi, g, &sl_row[i],
                    &es_row[i]);
          psi_row[i] = psi[0];
          w_row[i] = wood_footprint_of_slope (&sl_row[i], FALSE, st->shown_pixel, dw);
          slope_x[i] = sl_row[i].s[0], slope_y[i] = sl_row[i].s[1];
          dark_row[i] = es_row[i].dark, halo_row[i] = es_row[i].halo;
        }
      wood_growth_lines_row (st, psi_row, w_row, n, 0.0, lines_row);
      burl_values (&row, 0, n, out);
      return;
    }
  /* A gradient: the value's parts and their slopes a sample at a time,
   * the value from its parts through the kernel (a colour map's bits). */
  for (gsize i = 0; i < n; i++)
    {
      double psi[3], g[3][2], lines_g[2], sheen_g[2] = { 0.0, 0.0 }, dw[2];
      WoodSlope sl;
      EyeShade es;

      burl_psi (st, f, &clusters_at_eyes, &near, x[i], y[i], i, TRUE, psi, g, &sl, &es);
      const double w = wood_footprint_of_slope (&sl, TRUE, st->shown_pixel, dw);
      const double ring_lines = wood_growth_lines (st, &lines_cache, psi[0], g[0], w, dw, 0.0,
                                                   lines_g);
      const double lines = LINES_MEAN + LINES_DEPTH * (ring_lines - LINES_MEAN);
      /* one division for the sheen's 1 / m and the crevices' 1 / cw */
      const double m = sl.s[0] * sl.s[0] + sl.s[1] * sl.s[1] + floor2;
      const double cw = CREVICE_WIDTH * (1.0 + CREVICE_SPREAD * f->cluster[i]);
      const double inv = 1.0 / (m * cw);
      const double shine = sheen (&sl, gx != NULL, sheen_g, cw * inv);
      double d_fibre = 0, d_strength;
      const double speckle = st->fibre_gain
                                   * wood_fibre (f->fibre[i], contrast, gx ? &d_fibre : NULL,
                                                 &d_strength);
      const double patches = (1.0 + mottle_k * f->mottle[i]) * (1.0 - cluster_k * f->cluster[i]);
      /* the lines' own shade, about 0 .. 1, carried into the eye */
      const double ring_shade = (ring_lines - 0.3) * (1.0 / 0.6);
      const double eye_depth = eye_dark_k * (1.0 - EYE_LINES + EYE_LINES * ring_shade);
      const double dark = es.dark, halo = MIN (es.halo, 1.0);
      const double eye_dot = 1.0 - eye_depth * MIN (dark, 1.0), eye_halo = 1.0 + halo_k * halo;
      const double eye = eye_dot * eye_halo;
      const double speck = wood_pixel_pores (st, x[i], y[i], pores_k * st->p.grain);
      /* crevices deeper and shallower along their length with the mottle,
       * the lumps lit in their middles */
      const double vary = 1.0 + CREVICE_VARY * f->mottle[i];
      const double lv = f->lump[0][i];
      const double cm = lv * (m * inv), gauss = wood_exp_neg (cm * cm);
      const double cleft = crevice_k * vary * gauss;
      const double bm = lv * (1.0 / LUMP_BODY), body = wood_exp_neg (bm * bm);
      const double lit = 1.0 + relief * (f->lump[1][i] - lv);
      const double crevice = (1.0 - cleft) * (1.0 + light_k * (1.0 - body)) * lit;
      /* the pale flashes: smoothstep of the mottle across PALE_AT ± PALE_EDGE */
      const double pale_at = f->mottle[i] - PALE_SHUNS * f->cluster[i];
      const double pt = CLAMP ((pale_at - PALE_AT) * (0.5 / PALE_EDGE) + 0.5, 0.0, 1.0);
      const double pale = 1.0 + pale_k * pt * pt * (3.0 - 2.0 * pt);
      const double v = BURL_TONE * lines * shine * speckle * patches * eye * crevice * speck * pale;

      lines_row[i] = ring_lines, slope_x[i] = sl.s[0], slope_y[i] = sl.s[1];
      dark_row[i] = es.dark, halo_row[i] = es.halo;
      double grad[2];

      for (int a = 0; a < 2; a++)
        {
          const double d_speckle = st->fibre_gain * d_fibre * f->fibre_g[a][i];
          const double m_g = f->mottle_g[a][i];
          const double c_g = f->cluster_g[a][i];
          const double d_patches = mottle_k * m_g * (1.0 - cluster_k * f->cluster[i])
                                   - (1.0 + mottle_k * f->mottle[i]) * cluster_k * c_g;
          const double d_dot = -(dark < 1.0 ? eye_depth * es.dark_g[a] : 0.0)
                               - eye_dark_k * EYE_LINES * lines_g[a] / 0.6 * MIN (dark, 1.0);
          const double d_eye = d_dot * eye_halo
                               + eye_dot * (es.halo < 1.0 ? halo_k * es.halo_g[a] : 0.0);
          const double d_pale = pale_k * 6.0 * pt * (1.0 - pt) * (m_g - PALE_SHUNS * c_g)
                                / (2.0 * PALE_EDGE);
          const double l_g = a == 0 ? f->lump_x[0][i] : f->lump_y[0][i];
          const double lg1 = a == 0 ? f->lump_x[1][i] : f->lump_y[1][i];
          const double d_lit = relief * (lg1 - l_g);
          /* cm = lump / cw, both varying */
          const double cw_g = CREVICE_WIDTH * CREVICE_SPREAD * c_g;
          const double cm_g = (l_g - cm * cw_g) / cw;
          const double d_cleft = crevice_k * (CREVICE_VARY * m_g * gauss
                                            - vary * gauss * 2.0 * cm * cm_g);
          const double d_body = -body * 2.0 * bm / LUMP_BODY * l_g;
          const double d_crevice = (-d_cleft * (1.0 + light_k * (1.0 - body))
                                    - (1.0 - cleft) * light_k * d_body) * lit
                                   + (1.0 - cleft) * (1.0 + light_k * (1.0 - body)) * d_lit;

          /* d (lines shine speckle patches eye crevice), factor by factor */
          grad[a] = pale * speck * BURL_TONE * ((LINES_DEPTH * lines_g[a] * shine * speckle * patches * eye
                                  + lines * sheen_g[a] * speckle * patches * eye
                                  + lines * shine * (d_speckle * patches * eye
                                                     + speckle * d_patches * eye
                                                     + speckle * patches * d_eye))
                                 * crevice
                                 + lines * shine * speckle * patches * eye * d_crevice)
                    + speck * BURL_TONE * lines * shine * speckle * patches * eye * crevice * d_pale;
        }
      const gboolean clipped = v < 0.0 || v > 1.0;
      gx[i] = clipped ? 0.0f : (float) grad[0];
      gy[i] = clipped ? 0.0f : (float) grad[1];
    }
  burl_values (&row, 0, n, out);
}

/* The mottle and the clusters are slow fields: their finest cells span 14
 * pixels and more at the sizes that cost time (28 and 83 at 2048²).  A
 * colour map takes them on a grid along x: Catmull-Rom's cubic through
 * four grid columns a quarter of the finest cell apart misses a wave of
 * that cell by at most 0.12 of it (marble-slow-fields.c's reasoning), and
 * the finest octave is a small part of a field.  Each value is a function
 * of the point alone (its y, the four columns round its x), so any
 * region, thread count or chunk gives the same bits. */
#define SLOW_STEPS 4.0
/* ... a step at least this many shown pixels, or every point is exact */
#define SLOW_LEAST 2.0

/* A field's grid: its step along x (0: none) and columns a period (0:
 * the texture does not tile). */
typedef struct
{
  double step, inv_step;
  gint32 cols;
} SlowGrid;

static SlowGrid
slow_grid (const TsrTexture *tex, const WoodState *st, double finest_cell)
{
  const double step = finest_cell / SLOW_STEPS;
  SlowGrid g = { 0.0, 0.0, 0 };

  /* a tile of a set keeps its fields the plain tile's only at its edges'
   * points; a warped texture's rows are not of one y */
  if (step < SLOW_LEAST * MAX (st->shown_pixel, 1.0) || tex->tile.kind != TSR_TILES_NONE
      || tex->warp)
    return g;
  if (tex->tileable && tex->period_w > 0)
    {
      g.cols = MAX (1, (gint32) floor (tex->period_w / step + 0.5));
      g.step = tex->period_w / (double) g.cols;
    }
  else
    g.step = step;
  g.inv_step = 1.0 / g.step;
  return g;
}

/* The mottle's and the clusters' grids. */
static void
slow_grids (const TsrTexture *tex, const WoodState *st, SlowGrid *mottle, SlowGrid *cluster)
{
  const double sx = tex->noise.scale * sqrt (tex->noise.stretch);
  const guint octaves = MIN ((guint) tex->noise.octaves, MOTTLE_OCTAVES);
  const double gathered = CLUSTER_SIZE * (1.0 - TIGHTER * st->p.eye_clusters);

  *mottle = slow_grid (tex, st, MOTTLE_SIZE * sx / (1u << (octaves - 1)));
  *cluster = slow_grid (tex, st, gathered * sx / (1u << (CLUSTER_OCTAVES - 1)));
}

/* Where the samples x[0 .. n) sit on a grid: the column k at or before
 * each and its cubic's four weights (columns k - 1 .. k + 2). */
typedef struct
{
  gint32 k[TSR_CHUNK];
  float  w[4][TSR_CHUNK];
} SlowAt;

static void
slow_at (const SlowGrid *g, const double *x, gsize n, SlowAt *at)
{
  for (gsize i = 0; i < n; i++)
    {
      const double u = x[i] * g->inv_step, k = tsr_floor_d (u), t = u - k;

      at->k[i] = (gint32) k;
      at->w[0][i] = (float) (0.5 * t * ((2.0 - t) * t - 1.0));
      at->w[1][i] = (float) (0.5 * (t * t * (3.0 * t - 5.0) + 2.0));
      at->w[2][i] = (float) (0.5 * t * ((4.0 - 3.0 * t) * t + 1.0));
      at->w[3][i] = (float) (0.5 * (t - 1.0) * t * t);
    }
}

/* The grid's columns k0 .. k0 + cols - 1 (their x into cx) that the
 * samples i0 .. *i1 - 1 read, as many of those from i0 on (up to n) as
 * TSR_CHUNK columns hold; returns k0. */
static gint32
slow_columns (const SlowGrid *g, const SlowAt *at, gsize i0, gsize n, gsize *i1, gsize *cols,
              double *cx)
{
  gint32 lo = at->k[i0], hi = lo;
  gsize i = i0 + 1;

  /* the columns k - 1 .. k + 2 of each sample */
  while (i < n && MAX (hi, at->k[i]) - MIN (lo, at->k[i]) + 4 <= TSR_CHUNK)
    lo = MIN (lo, at->k[i]), hi = MAX (hi, at->k[i]), i++;
  *i1 = i;
  *cols = (gsize) (hi + 2 - lo + 2);
  for (gsize c = 0; c < *cols; c++)
    cx[c] = (g->cols > 0 ? tsr_wrap (lo - 1 + (gint32) c, g->cols) : lo - 1 + (gint32) c) * g->step;
  return lo - 1;
}

/* The field f on `rows` (at most BURL_ROWS) rows at y[0 .. rows) of the
 * samples x[from .. n), row r's sample i into out[r stride + i]: exact
 * with no grid, else from its columns, those of a run of samples a
 * call. */
#define BURL_ROWS 8
static void
slow_rows (const TsrFractal *f, const SlowGrid *g, const SlowAt *at, const double *x,
           const double *y, gsize rows, gsize from, gsize n, float *out, gsize stride)
{
  if (g->step == 0.0)
    {
      tsr_fractal_rows (f, x + from, y, rows, n - from, out + from, stride);
      return;
    }
  for (gsize i0 = from, i1; i0 < n; i0 = i1)
    {
      gsize cols;
      double cx[TSR_CHUNK];
      const gint32 k0 = slow_columns (g, at, i0, n, &i1, &cols, cx);
      /* the row kernel's lookups read 16 past the last column */
      float v[BURL_ROWS][TSR_CHUNK + 16];
      gint32 col[TSR_CHUNK];
      const WoodSlowRowFn kernel = TSR_ISA_PICK (wood_slow_row_base, wood_slow_row_avx2,
                                                 wood_slow_row_avx512);

      tsr_fractal_rows (f, cx, y, rows, cols, v[0], TSR_CHUNK + 16);
      for (gsize r = 0; r < rows; r++)
        memset (&v[r][cols], 0, 16 * sizeof (float));
      for (gsize i = i0; i < i1; i++)
        col[i - i0] = at->k[i] - 1 - k0;

      const WoodSlowRow row = {
        col, { at->w[0] + i0, at->w[1] + i0, at->w[2] + i0, at->w[3] + i0 }, v[0],
        TSR_CHUNK + 16, rows, stride
      };

      for (gsize i = kernel (&row, i1 - i0, out + i0); i < i1 - i0; i++)
        for (gsize r = 0; r < rows; r++)
          {
            const float *c = &v[r][col[i]];

            out[r * stride + i0 + i] = row.w[0][i] * c[0] + row.w[1][i] * c[1]
                                       + row.w[2][i] * c[2] + row.w[3][i] * c[3];
          }
    }
}

/* slow_rows' values of one row at y of the samples x[from .. n) into
 * out->v, and the slopes of the same cubics into out->g (along x, from
 * its weights' slopes; along y, through the columns' own). */
static void
slow_row_grad (const TsrFractal *f, const SlowGrid *g, const SlowAt *at, const double *x,
               double y, gsize from, gsize n, WoodRowField *out)
{
  for (gsize i0 = from, i1; i0 < n; i0 = i1)
    {
      gsize cols;
      double cx[TSR_CHUNK], cy[TSR_CHUNK];
      float v[TSR_CHUNK], vx[TSR_CHUNK], vy[TSR_CHUNK];
      const gint32 k0 = slow_columns (g, at, i0, n, &i1, &cols, cx);

      for (gsize c = 0; c < cols; c++)
        cy[c] = y;
      tsr_fractal_row_grad (f, cx, cy, cols, v, vx, vy);
      for (gsize i = i0; i < i1; i++)
        {
          const gsize c = (gsize) (at->k[i] - 1 - k0);
          const double t = x[i] * g->inv_step - at->k[i];
          const double dw[4] = {
            0.5 * ((4.0 - 3.0 * t) * t - 1.0), 0.5 * t * (9.0 * t - 10.0),
            0.5 * ((8.0 - 9.0 * t) * t + 1.0), 0.5 * t * (3.0 * t - 2.0)
          };

          out->v[i] = at->w[0][i] * v[c] + at->w[1][i] * v[c + 1] + at->w[2][i] * v[c + 2]
                      + at->w[3][i] * v[c + 3];
          out->g[0][i] = (float) ((dw[0] * v[c] + dw[1] * v[c + 1] + dw[2] * v[c + 2]
                                   + dw[3] * v[c + 3]) * g->inv_step);
          out->g[1][i] = at->w[0][i] * vy[c] + at->w[1][i] * vy[c + 1]
                         + at->w[2][i] * vy[c + 2] + at->w[3][i] * vy[c + 3];
        }
    }
}

/* The mottle and the clusters along a row (x[i], y[i]), with grad their
 * slopes too: slow_rows or slow_row_grad on each run of samples of one
 * y (a field with no grid exact at every sample). */
static void
slow_row (const TsrTexture *tex, const WoodState *st, const double *x, const double *y,
          gsize n, gboolean grad, WoodRowField *mottle, WoodRowField *cluster)
{
  const TsrFractal *fields[2] = { &st->drift, &st->clusters };
  WoodRowField *out[2] = { mottle, cluster };
  SlowGrid g[2];
  SlowAt *at = g_new (SlowAt, 1);

  slow_grids (tex, st, &g[0], &g[1]);
  for (int a = 0; a < 2; a++)
    {
      if (g[a].step == 0.0)
        {
          wood_field_row (fields[a], x, y, n, grad, out[a]);
          continue;
        }
      slow_at (&g[a], x, n, at);
      for (gsize i0 = 0, i1; i0 < n; i0 = i1)
        {
          for (i1 = i0 + 1; i1 < n && y[i1] == y[i0]; i1++)
            ;
          if (grad)
            slow_row_grad (fields[a], &g[a], at, x, y[i0], i0, i1, out[a]);
          else
            slow_rows (fields[a], &g[a], at, x, y + i0, 1, i0, i1, out[a]->v, 0);
        }
    }
  g_free (at);
}

void
wood_burl_row (const TsrTexture *tex, const double *x, const double *y, gsize n,
               float *out, float *gx, float *gy)
{
  const WoodState *st = tex->state;
  float swirl[3][TSR_CHUNK], swirl_x[3][TSR_CHUNK], swirl_y[3][TSR_CHUNK];
  WoodRowField fibre, mottle, cluster;
  float lump[2][TSR_CHUNK], lump_x[2][TSR_CHUNK], lump_y[2][TSR_CHUNK];
  double xs[TSR_CHUNK], ys[TSR_CHUNK];
  const double h = WOOD_FOOTPRINT_STEP, e = WOOD_SLOPE_STEP;
  const int samples = gx != NULL ? 3 : 1;

  /* ψ's own gradient sizes the rings' filter and turns the sheen; a
   * gradient wants that gradient's slope too, from ψ's gradients a small
   * step on along x and y */
  wood_fractal_steps (&st->wobble, x, y, n, samples, e, swirl, swirl_x, swirl_y);
  wood_field_row (&st->grain, x, y, n, gx != NULL, &fibre);
  slow_row (tex, st, x, y, n, gx != NULL, &mottle, &cluster);
  /* the lumps at the sample and half a pixel on along the diagonal, the
   * light's direction: their difference is the slope the relief lights */
  for (gsize i = 0; i < n; i++)
    xs[i] = x[i] + h, ys[i] = y[i] + h;
  for (int k = 0; k < 2; k++)
    {
      const double *at_x = k == 0 ? x : xs, *at_y = k == 0 ? y : ys;

      if (gx != NULL)
        tsr_fractal_row_grad (&st->lumps, at_x, at_y, n, lump[k], lump_x[k], lump_y[k]);
      else
        tsr_fractal_row (&st->lumps, at_x, at_y, n, lump[k]);
    }
  const BurlFields f = {
    { swirl[0], swirl[1], swirl[2] }, { swirl_x[0], swirl_x[1], swirl_x[2] },
    { swirl_y[0], swirl_y[1], swirl_y[2] },
    fibre.v, { fibre.g[0], fibre.g[1] }, mottle.v, { mottle.g[0], mottle.g[1] },
    cluster.v, { cluster.g[0], cluster.g[1] },
    { lump[0], lump[1] }, { lump_x[0], lump_x[1] }, { lump_y[0], lump_y[1] }
  };

  double span[2] = { n > 0 ? x[0] : 0.0, n > 0 ? x[0] : 0.0 };

  for (gsize i = 1; i < n; i++)
    span[0] = MIN (span[0], x[i]), span[1] = MAX (span[1], x[i]);
  burl_samples (st, x, y, n, span, FALSE, &f, NULL, out, gx, gy);
}

void
wood_burl_rows (const TsrTexture *tex, const double *x, const double *y, gsize rows, gsize n,
                float *out, gsize stride)
{
  const WoodState *st = tex->state;
  float swirl[BURL_ROWS][TSR_CHUNK], swirl_x[BURL_ROWS][TSR_CHUNK], swirl_y[BURL_ROWS][TSR_CHUNK];
  float fibre[BURL_ROWS][TSR_CHUNK], mottle[BURL_ROWS][TSR_CHUNK];
  float cluster[BURL_ROWS][TSR_CHUNK], lump[2][BURL_ROWS][TSR_CHUNK];
  double xs[TSR_CHUNK], ys[TSR_CHUNK], yh[BURL_ROWS];
  const double h = WOOD_FOOTPRINT_STEP;
  /* on the heap: a grid is some 130 KiB */
  EyeGrid *grid = g_new (EyeGrid, 1);
  /* the run's span along x, the same for every row */
  double span[2] = { n > 0 ? x[0] : 0.0, n > 0 ? x[0] : 0.0 };
  SlowGrid gm, gc;
  SlowAt *at = g_new (SlowAt, 2);

  slow_grids (tex, st, &gm, &gc);
  slow_at (&gm, x, n, &at[0]);
  slow_at (&gc, x, n, &at[1]);

  for (gsize i = 0; i < n; i++)
    {
      xs[i] = x[i] + h;
      span[0] = MIN (span[0], x[i]), span[1] = MAX (span[1], x[i]);
    }
  for (gsize r0 = 0; r0 < rows; r0 += BURL_ROWS)
    {
      const gsize m = MIN ((gsize) BURL_ROWS, rows - r0);

      /* wood_burl_row's fields, a band of rows a call (the same bits) */
      tsr_fractal_rows_grad (&st->wobble, x, y + r0, m, n, swirl[0], swirl_x[0], swirl_y[0],
                             TSR_CHUNK);
      tsr_fractal_rows (&st->grain, x, y + r0, m, n, fibre[0], TSR_CHUNK);
      slow_rows (&st->drift, &gm, &at[0], x, y + r0, m, 0, n, mottle[0], TSR_CHUNK);
      slow_rows (&st->clusters, &gc, &at[1], x, y + r0, m, 0, n, cluster[0], TSR_CHUNK);
      for (gsize r = 0; r < m; r++)
        yh[r] = y[r0 + r] + h;
      tsr_fractal_rows (&st->lumps, x, y + r0, m, n, lump[0][0], TSR_CHUNK);
      tsr_fractal_rows (&st->lumps, xs, yh, m, n, lump[1][0], TSR_CHUNK);
      const gboolean gridded = eye_grid (st, x, n, y + r0, m, grid);

      for (gsize r = 0; r < m; r++)
        {
          const BurlFields f = {
            .swirl = { swirl[r] }, .swirl_x = { swirl_x[r] }, .swirl_y = { swirl_y[r] },
            .fibre = fibre[r], .mottle = mottle[r],
            .cluster = cluster[r], .lump = { lump[0][r], lump[1][r] }
          };

          for (gsize i = 0; i < n; i++)
            ys[i] = y[r0 + r];
          burl_samples (st, x, ys, n, span, TRUE, &f, gridded ? grid : NULL, out + (r0 + r) * stride, NULL,
                        NULL);
        }
    }
  g_free (grid);
  g_free (at);
}
