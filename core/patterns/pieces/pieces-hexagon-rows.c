/* The hexagons' search, VN / 2 points a vector (pieces-hexagon-rows.h):
 * pieces-layout.c's locate_hexagon with its branches as selects.  A point
 * lies in the hexagon of row j = floor (v / 1.5) or of row j + 1 (in
 * units where centres are sqrt 3 apart along a row and rows 1.5 apart);
 * each row's candidate is the one whose column is nearest, its depth the
 * two nearest of its three edges' distances, rounded over the corner, and
 * the point takes the deeper (row j on a tie). */
#include <math.h>
#include <string.h>

#include "math/vec.h"
#include "patterns/pieces/pieces-edges-vec.h"
#include "patterns/pieces/pieces-hexagon-rows.h"

#define SQRT3 1.7320508075688772

/* The edges' normals in units, as pieces-layout.c has them. */
static const double hex_nx[3] = { 1.0, 0.5, -0.5 }, hex_ny[3] = { 0.0, 0.5 * SQRT3, 0.5 * SQRT3 };

/* One row's candidate: its column, centre (units) and the depth. */
typedef struct
{
  VD i, cu, cv, depth, dx, dy;
} HexLanes;

TSR_VINLINE HexLanes
hexagon_in_row (const TsrHexagonShape *hs, VD u, VD v, VD j)
{
  const VD one = v_splatd (1.0);
  const VL all = (VL) { 0 } == 0;
  /* rows' parity (the rows are even, so j's is j modulo the rows') */
  const VL odd = (v_trunc_d (j * 0.5) * 2.0) != j;
  const VD shift = v_maskd (odd, 0.5);
  HexLanes h;
  EdgesLanes ne = edges_lanes_init ();

  h.i = v_floor_d (u * (1.0 / SQRT3) - shift + 0.5);
  h.cu = SQRT3 * (h.i + shift);
  h.cv = 1.5 * j;
  for (int e = 0; e < 3; e++)
    {
      const VD proj = hex_nx[e] * (u - h.cu) + hex_ny[e] * (v - h.cv);
      /* the sign taken out of the product exactly */
      const VD s = v_seld (proj < 0, one, -one);
      const VD d = (0.5 * SQRT3 - v_absd (proj)) * hs->per_len[e];

      edges_lanes_add (&ne, all, d, s * hs->ux[e], s * hs->uy[e]);
    }
  /* the corners rounded over `corner` pixels: a polynomial smooth minimum
   * of the two nearest edges */
  h.depth = ne.d0;
  h.dx = ne.g0x;
  h.dy = ne.g0y;
  if (hs->corner > 0 && v_any ((VI) (ne.d1 - ne.d0 < hs->corner)))
    {
      /* (only vectors near a corner divide) */
      const double r = hs->corner;
      const VD gap = ne.d1 - ne.d0;
      const VL round = gap < r;
      const VD k = (r - gap) / r;

      h.depth = v_seld (round, ne.d0 - 0.25 * r * k * k, ne.d0);
      h.dx = v_seld (round, (1.0 - 0.5 * k) * ne.g0x + 0.5 * k * ne.g1x, ne.g0x);
      h.dy = v_seld (round, (1.0 - 0.5 * k) * ne.g0y + 0.5 * k * ne.g1y, ne.g0y);
    }
  h.depth = h.depth - hs->half_gap;
  return h;
}

TSR_VINLINE void
store_lanes (double *p, VD v)
{
  memcpy (p, &v, sizeof v);
}

/* The points px, py (VN / 2 each) into out's lanes from i. */
TSR_VINLINE void
hexagon_lanes (const TsrHexagonShape *hs, const double *px, const double *py,
               TsrHexagonRow *out, gsize i)
{
  const VD x = v_loadd (px), y = v_loadd (py);
  const VD u = x * hs->per_x, v = y * hs->per_y;
  const VD j = v_floor_d (v * (1.0 / 1.5));
  /* A point inside one candidate by more than rounding could move its
   * edges' distances (eps, pixels) is outside the other, whose depth is
   * then below -half_gap + eps: the first candidate taken (the row whose
   * centres are nearer the first lane) decides where all lanes are that
   * deep in it, with the scalar search's choice. */
  const VD clear = 1e-9 + 1e-12 * (v_absd (x) + v_absd (y)) - hs->half_gap;
  const gboolean upper_first = v[0] - 1.5 * j[0] < 0.75;
  HexLanes a, b;
  VL lower;

  if (upper_first)
    {
      a = hexagon_in_row (hs, u, v, j);
      b = a;
      if (!v_any ((VI) ~(a.depth > clear)))
        lower = (VL) { 0 } != 0;
      else
        {
          b = hexagon_in_row (hs, u, v, j + 1.0);
          lower = b.depth > a.depth;
        }
    }
  else
    {
      b = hexagon_in_row (hs, u, v, j + 1.0);
      a = b;
      if (!v_any ((VI) ~(b.depth > clear)))
        lower = (VL) { 0 } == 0;
      else
        {
          a = hexagon_in_row (hs, u, v, j);
          lower = b.depth > a.depth;
        }
    }

  store_lanes (out->i + i, v_seld (lower, b.i, a.i));
  store_lanes (out->j + i, v_seld (lower, j + 1.0, j));
  store_lanes (out->cx + i, v_seld (lower, b.cu, a.cu) * hs->unit_x);
  store_lanes (out->cy + i, v_seld (lower, b.cv, a.cv) * hs->unit_y);
  store_lanes (out->depth + i, v_seld (lower, b.depth, a.depth));
  store_lanes (out->dx + i, v_seld (lower, b.dx, a.dx));
  store_lanes (out->dy + i, v_seld (lower, b.dy, a.dy));
}

static void
hexagon_row (const TsrHexagonShape *hs, const double *x, const double *y, gsize n,
             TsrHexagonRow *out)
{
  const gsize whole = n / (VN / 2) * (VN / 2);
  double xs[VN / 2], ys[VN / 2];

  for (gsize i = 0; i < whole; i += VN / 2)
    hexagon_lanes (hs, x + i, y + i, out, i);
  if (whole == n)
    return;
  /* the last points, the last one again to a whole vector (out has room) */
  for (gsize k = 0; k < VN / 2; k++)
    {
      xs[k] = x[MIN (whole + k, n - 1)];
      ys[k] = y[MIN (whole + k, n - 1)];
    }
  hexagon_lanes (hs, xs, ys, out, whole);
}

#define KERNELS_NAME_(isa) tsr_hexagon_kernels_##isa
#define KERNELS_NAME(isa)  KERNELS_NAME_ (isa)

const TsrHexagonKernels KERNELS_NAME (TSR_ISA) = { hexagon_row };
