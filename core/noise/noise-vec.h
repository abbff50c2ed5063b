/* Vector twins of the scalar noise helpers (noise-internal.h), for the
 * row kernels (noise-*-rows.c): the same operations in the same order, on
 * VN lanes (vec.h).  Where a formula is written once for both (hash steps,
 * fade, lattice value, sine polynomial) the twin uses that definition.
 */
#ifndef TSR_NOISE_VEC_H
#define TSR_NOISE_VEC_H

#include "math/vec.h"
#include "noise/noise-internal.h"
#include "noise/noise-kernels.h"

/* What every lattice basis' row kernels take from the configuration: the
 * seed, the periods (0: no wrap) and their inverses (0 without), and the
 * tile of a set (NULL: none). */
typedef struct
{
  guint32 seed;
  gint32  px, py;
  double  ipx, ipy;
  const TsrTileMap *tile;
} LatticeRow;

static inline void
lattice_row_init (LatticeRow *r, const TsrNoise2D *cfg)
{
  r->seed = cfg->seed;
  r->px = MAX (cfg->period_x, 0);
  r->py = MAX (cfg->period_y, 0);
  r->ipx = r->px > 0 ? 1.0 / r->px : 0.0;
  r->ipy = r->py > 0 ? 1.0 / r->py : 0.0;
  r->tile = cfg->tile.on ? &cfg->tile : NULL;
}

/* tsr_clamp_coord */
TSR_VINLINE VD
v_clamp_coord (VD v)
{
  return v_mind (v_maxd (v, v_splatd (-TSR_COORD_LIMIT)),
                 v_splatd (TSR_COORD_LIMIT));
}

/* tsr_split of two halves of clamped coordinates: the cells, and the
 * fractions returned. */
TSR_VINLINE VF
v_split (VD lo, VD hi, VI *cell)
{
  VIH ilo = v_dtoi (lo), ihi = v_dtoi (hi);
  VFH flo = v_dtof (lo - v_trunc_d (lo));
  VFH fhi = v_dtof (hi - v_trunc_d (hi));
  VF f = v_catf (flo, fhi);
  VI neg = f < 0.0f;

  *cell = v_cati (ilo, ihi) + neg;
  return f + v_maskf (neg, 1.0f);
}

/* Loads VN coordinates as two halves: the first m, the other lanes 0
 * (pad_last FALSE) or the last coordinate (pad_last TRUE, m >= 1: every
 * lane is then a sample of the row, for the row-coherent paths), each
 * times sx plus ox (double, no contraction: the same value as a caller
 * computing that coordinate first), clamped. */
TSR_VINLINE void
v_load_coords_ext (const double *src, gsize m, gboolean pad_last,
                   gboolean affine, double sx, double ox, VD *lo, VD *hi)
{
  if (m >= VN)
    {
      *lo = v_loadd (src);
      *hi = v_loadd (src + VN / 2);
    }
  else
    {
      double buf[VN];

      for (gsize k = 0; k < VN; k++)
        buf[k] = k < m ? src[k] : pad_last ? src[m - 1] : 0.0;
      *lo = v_loadd (buf);
      *hi = v_loadd (buf + VN / 2);
    }
  if (affine)
    {
      *lo = *lo * sx + ox;
      *hi = *hi * sx + ox;
    }
  *lo = v_clamp_coord (*lo);
  *hi = v_clamp_coord (*hi);
}

/* VN coordinates, the first m, padded with 0. */
TSR_VINLINE void
v_load_coords (const double *src, gsize m, VD *lo, VD *hi)
{
  v_load_coords_ext (src, m, FALSE, FALSE, 1.0, 0.0, lo, hi);
}

/* v_load_coords and v_split: the cells of VN coordinates, and the
 * fractions returned. */
TSR_VINLINE VF
v_load_split (const double *src, gsize m, VI *cell)
{
  VD lo, hi;

  v_load_coords (src, m, &lo, &hi);
  return v_split (lo, hi, cell);
}

/* Splits the ns coordinates at x (each times sx plus ox when affine) into
 * lattice cells and float fractions, and finds the lowest and highest cell
 * (padding lanes repeat the last sample, so they do not widen the range).
 * The first step of every row-coherent kernel. */
TSR_VINLINE void
v_split_segment (const double *x, gsize ns, gboolean affine, double sx,
                 double ox, gint32 *cell, float *frac, gint32 *cmin,
                 gint32 *cmax)
{
  VI lo = v_splati (G_MAXINT32), hi = v_splati (G_MININT32);

  for (gsize i = 0; i < ns; i += VN)
    {
      VD xl, xh;
      VI c;

      v_load_coords_ext (x + i, ns - i, TRUE, affine, sx, ox, &xl, &xh);
      v_storef (frac + i, v_split (xl, xh, &c));
      v_storei (cell + i, c);
      lo = v_mini (c, lo);
      hi = v_maxi (c, hi);
    }
  *cmin = G_MAXINT32;
  *cmax = G_MININT32;
  for (int k = 0; k < VN; k++)
    {
      *cmin = MIN (*cmin, lo[k]);
      *cmax = MAX (*cmax, hi[k]);
    }
}

/* Whether y[0 .. n) are all equal (==: +0 and -0 give the same noise),
 * so that a kernel may take the row as one of constant y. */
TSR_VINLINE gboolean
v_row_y_constant (const double *y, gsize n)
{
  const VD y0 = v_splatd (n > 0 ? y[0] : 0.0);
  gsize i = 0;

  if (n == 0)
    return FALSE;
  while (i + VN <= n)
    {
      VL d = (VL) ((v_loadd (y + i) != y0) | (v_loadd (y + i + VN / 2) != y0));

      if (v_any ((VI) d))
        return FALSE;
      i += VN;
    }
  for (; i < n; i++)
    if (!(y[i] == y[0]))
      return FALSE;
  return TRUE;
}

/* The first m (<= VN) samples v into dst as a TsrSink of mode `mode`
 * (a constant where it is inlined) says. */
TSR_VINLINE void
v_sink (float *dst, gsize m, VF v, TsrSinkMode mode, const TsrSink *sink)
{
  if (mode == TSR_SINK_STORE)
    v_store_part (dst, m, v);
  else
    {
      VF d = v - sink->center;

      if (mode == TSR_SINK_TURBULENCE)
        d = v_absf (d);
      v_store_part (dst, m, v_load_part (dst, m) + sink->a * d);
    }
}

/* v_sink of TSR_SINK_FBM about a center of +0, which a kernel may take
 * for it: v - (+0) is v to the bit (-0 included), so the subtraction is
 * left out. */
TSR_VINLINE void
v_sink_fbm_at_0 (float *dst, gsize m, VF v, const TsrSink *sink)
{
  v_store_part (dst, m, v_load_part (dst, m) + sink->a * v);
}

/* Whether sink is fBm about +0 (v_sink_fbm_at_0), bit for bit. */
TSR_VINLINE gboolean
v_sink_fbm_at_0_ok (const TsrSink *sink)
{
  guint32 c;

  memcpy (&c, &sink->center, sizeof c);
  return sink->mode == TSR_SINK_FBM && c == 0;
}

/* copysignf (a, s) lane by lane */
TSR_VINLINE VF
v_copysignf (float a, VF s)
{
  return (VF) (((VU) s & 0x80000000u) | ((VU) v_splatf (a) & 0x7fffffffu));
}

/* v_sink of v, and of its gradient (dx, dy) into (gx, gy) */
TSR_VINLINE void
v_sink_grad (float *dst, float *gx, float *gy, gsize m, VF v, VF dx, VF dy,
             TsrSinkMode mode, const TsrSink *sink)
{
  v_sink (dst, m, v, mode, sink);
  if (mode == TSR_SINK_STORE)
    {
      v_store_part (gx, m, dx);
      v_store_part (gy, m, dy);
    }
  else if (mode == TSR_SINK_FBM)
    {
      v_store_part (gx, m, v_load_part (gx, m) + sink->ax * dx);
      v_store_part (gy, m, v_load_part (gy, m) + sink->ay * dy);
    }
  else
    {
      const VF d = v - sink->center;

      v_store_part (gx, m, v_load_part (gx, m) + v_copysignf (sink->ax, d) * dx);
      v_store_part (gy, m, v_load_part (gy, m) + v_copysignf (sink->ay, d) * dy);
    }
}

/* Hashes (hash.h). */
TSR_VINLINE VU
v_mix32 (VU h)
{
  TSR_MIX32_STEPS (h);
  return h;
}

TSR_VINLINE VU
v_hash1 (guint32 seed, VI x)
{
  return TSR_HASH1_STEP (v_mix32, seed, (VU) x);
}

TSR_VINLINE VU
v_hash2_from1 (VU h1, VI y)
{
  return TSR_HASH_NEXT_STEP (v_mix32, h1, (VU) y, TSR_HASH_Y);
}

TSR_VINLINE VU
v_hash3_from2 (VU h2, VI z)
{
  return TSR_HASH_NEXT_STEP (v_mix32, h2, (VU) z, TSR_HASH_Z);
}

TSR_VINLINE VU
v_hash4_from3 (VU h3, VI w)
{
  return TSR_HASH_NEXT_STEP (v_mix32, h3, (VU) w, TSR_HASH_W);
}

/* A point within the bands of both edges of an axis (bands over half a
 * tile: a coarse lattice) reaches both, so the tiles sharing either edge
 * must all hash it alike: along that axis this, which puts rx + 3 ry at
 * TSR_TILE_REGION_BOTH or past it whatever the other axis. */
#define TILE_REGION_BOTH 9.0

/* A tile of a set (tile-map.h): the region, 0 (before), 1 (inside) or 2
 * (after), or TILE_REGION_BOTH, along the axis of map coefficients c, of
 * the lattice points (ic, jc) (indices modulo one tile) and, with sided,
 * (i, j) (in the two-tile lattice).  Whether a point is near an edge is
 * decided on its place in one tile, so every tile that reads it decides
 * alike; which edge, on its place in the two tiles. */
TSR_VINLINE VD
v_axis_region (const double *c, double shift, VD ic, VD jc, VD i, VD j, double band,
               gboolean sided)
{
  const VD t = ic * c[0] + jc * c[1] + (c[2] + shift);
  const VD f = t - v_floor_d (t);
  const VL inside = (f >= band) & (1.0 - f >= band);
  const VL both = (f < band) & (1.0 - f < band);
  VD side = v_seld (both, v_splatd (TILE_REGION_BOTH), v_splatd (0.0));

  if (sided)
    {
      const VD u = i * c[0] + j * c[1] + c[2];
      const VD g = u - 2.0 * v_floor_d (0.5 * u);

      side = v_seld ((g >= 0.5) & (g < 1.5) & ~both, v_splatd (2.0), side);
    }
  return v_seld (inside, v_splatd (1.0), side);
}

/* Region rx + 3 ry of the lattice points of one half of the lanes. */
TSR_VINLINE VIH
v_tile_region_half (const TsrTileMap *m, double shift, VIH ic, VIH jc, VIH i, VIH j)
{
  const VD icd = v_itod (ic), jcd = v_itod (jc), id = v_itod (i), jd = v_itod (j);
  const VD rx = v_axis_region (m->tx, shift, icd, jcd, id, jd, m->band_x, m->doubled);
  const VD ry = v_axis_region (m->ty, shift, icd, jcd, id, jd, m->band_y, m->doubled);

  return v_dtoi (rx + 3.0 * ry);
}

/* The hash h of lattice points (i, j) (wrapped) as the tile of a set has
 * them: kept, or mixed with the salt of the point's region; a corner
 * tile's points hashed at their place in one tile.  Out of line: the
 * kernels call it at every hash, and only tiles of a set need it. */
static __attribute__ ((noinline, unused)) VU
v_tile_rehash (const LatticeRow *r, VU h, VI i, VI j)
{
  const TsrTileMap *m = r->tile;
  VI ic = i, jc = j, region;
  VU salt = (VU) v_splati (0);

  if (m->doubled)
    {
      ic -= (ic >= m->cells_x) & m->cells_x;
      jc -= (jc >= m->cells_y) & m->cells_y;
      h = v_hash2_from1 (v_hash1 (r->seed, ic), jc);
    }
  region = v_cati (v_tile_region_half (m, 0.0, v_loi (ic), v_loi (jc), v_loi (i), v_loi (j)),
                   v_tile_region_half (m, 0.0, v_hii (ic), v_hii (jc), v_hii (i), v_hii (j)));
  if (m->twin)
    {
      /* the point's second place, half a tile across and down */
      VI twin = v_cati (v_tile_region_half (m, 0.5, v_loi (ic), v_loi (jc), v_loi (i), v_loi (j)),
                        v_tile_region_half (m, 0.5, v_hii (ic), v_hii (jc), v_hii (i), v_hii (j)));

      region = v_seli ((region == 4) & (twin != 4), v_splati (0), region);
    }
  region = v_mini (region, v_splati (TSR_TILE_REGION_BOTH));
  for (int k = 0; k <= TSR_TILE_REGION_BOTH; k++)
    salt = (VU) v_seli (region == k, v_splati ((gint32) m->salt[k]), (VI) salt);
  return (VU) v_seli ((VI) (salt != 0u), (VI) v_mix32 (h ^ salt), (VI) h);
}

/* v_tile_rehash; h itself without a tile, so plain textures keep their
 * bits. */
TSR_VINLINE VU
v_tile_hash (const LatticeRow *r, VU h, VI i, VI j)
{
  return G_LIKELY (r->tile == NULL) ? h : v_tile_rehash (r, h, i, j);
}

/* v_hash2_from1 of a lattice point (i, j) whose column hashes to h1, as
 * the tile has it. */
TSR_VINLINE VU
v_point_hash (const LatticeRow *r, VU h1, VI i, VI j)
{
  return v_tile_hash (r, v_hash2_from1 (h1, j), i, j);
}

/* v_point_hash where `tiled` says whether r has a tile: a constant in a
 * kernel specialised for the plain lattice, which then has no test. */
TSR_VINLINE VU
v_point_hash_if (const LatticeRow *r, gboolean tiled, VU h1, VI i, VI j)
{
  const VU h = v_hash2_from1 (h1, j);

  return tiled ? v_tile_rehash (r, h, i, j) : h;
}

/* tsr_lattice_value */
TSR_VINLINE VF
v_lattice_value (VU h)
{
  return TSR_LATTICE_VALUE (v_itof ((VI) (h >> 8)));
}

/* The gradient components of tsr_grad2f from a hash's top four bits,
 * held in the low four bits of each lane of k (the bits above ignored). */
#if !defined(__clang__) && (VN == 16 || VN == 8)
TSR_VINLINE void
v_grad2_nibble (VI k, VF *gx, VF *gy)
{
#define TSR_G2A(k) ((k) & 1 ? (float) TSR_G2_C2 : (float) TSR_G2_C1)
#define TSR_G2B(k) ((k) & 1 ? (float) TSR_G2_S2 : (float) TSR_G2_S1)
#define TSR_G2GX(k) (((k) & 4 ? -1.0f : 1.0f) * ((k) & 2 ? TSR_G2B (k) : TSR_G2A (k)))
#define TSR_G2GY(k) (((k) & 8 ? -1.0f : 1.0f) * ((k) & 2 ? TSR_G2A (k) : TSR_G2B (k)))
#if VN == 16
  const VF tx = { TSR_G2GX (0), TSR_G2GX (1), TSR_G2GX (2), TSR_G2GX (3),
                  TSR_G2GX (4), TSR_G2GX (5), TSR_G2GX (6), TSR_G2GX (7),
                  TSR_G2GX (8), TSR_G2GX (9), TSR_G2GX (10), TSR_G2GX (11),
                  TSR_G2GX (12), TSR_G2GX (13), TSR_G2GX (14), TSR_G2GX (15) };
  const VF ty = { TSR_G2GY (0), TSR_G2GY (1), TSR_G2GY (2), TSR_G2GY (3),
                  TSR_G2GY (4), TSR_G2GY (5), TSR_G2GY (6), TSR_G2GY (7),
                  TSR_G2GY (8), TSR_G2GY (9), TSR_G2GY (10), TSR_G2GY (11),
                  TSR_G2GY (12), TSR_G2GY (13), TSR_G2GY (14), TSR_G2GY (15) };

  *gx = __builtin_shuffle (tx, k);
  *gy = __builtin_shuffle (ty, k);
#else
  /* x: bits 0, 1, 2; y: bits 0, 1 and its sign, bit 3, flipped in */
  const VF tx = { TSR_G2GX (0), TSR_G2GX (1), TSR_G2GX (2), TSR_G2GX (3),
                  TSR_G2GX (4), TSR_G2GX (5), TSR_G2GX (6), TSR_G2GX (7) };
  const VF ty = { TSR_G2GY (0), TSR_G2GY (1), TSR_G2GY (2), TSR_G2GY (3),
                  TSR_G2GY (0), TSR_G2GY (1), TSR_G2GY (2), TSR_G2GY (3) };

  *gx = __builtin_shuffle (tx, k);
  *gy = (VF) ((VU) __builtin_shuffle (ty, k) ^ ((VU) (k << 28) & 0x80000000u));
#endif
#undef TSR_G2A
#undef TSR_G2B
#undef TSR_G2GX
#undef TSR_G2GY
}
#endif

/* The gradient of tsr_grad2f, as its two components.  With 16 or 8
 * lanes, looked up by register permutation in tables of the very floats
 * the selects below produce (v_grad2_nibble). */
TSR_VINLINE void
v_grad2_vec (VU h, VF *gx, VF *gy)
{
#if !defined(__clang__) && (VN == 16 || VN == 8)
  v_grad2_nibble ((VI) (h >> 28), gx, gy);
#else
  VI m28 = v_bit (h, 28), m29 = v_bit (h, 29);
  VF a = v_sel (m28, v_splatf ((float) TSR_G2_C2),
                        v_splatf ((float) TSR_G2_C1));
  VF b = v_sel (m28, v_splatf ((float) TSR_G2_S2),
                        v_splatf ((float) TSR_G2_S1));

  *gx = v_flipf (v_sel (m29, b, a), (h << 1) & 0x80000000u);
  *gy = v_flipf (v_sel (m29, a, b), h & 0x80000000u);
#endif
}

/* tsr_grad2f */
TSR_VINLINE VF
v_grad2f (VU h, VF dx, VF dy)
{
  VF gx, gy;

  v_grad2_vec (h, &gx, &gy);
  return gx * dx + gy * dy;
}

/* tsr_fadef */
TSR_VINLINE VF
v_fadef (VF t)
{
  return TSR_FADE (t);
}

/* tsr_guardf */
TSR_VINLINE VF
v_guardf (VF v)
{
  return v_minf (v_maxf (v, v_splatf (-1.0f)), v_splatf (1.0f));
}

/* tsr_wrap_add (w, 1, p) and tsr_wrap_add (w, -1, p), p >= 0. */
TSR_VINLINE VI
v_wrap_inc (VI w, gint32 p)
{
  VU r = (VU) w + 1u;

  return (VI) (r - ((VU) (r >= (guint32) p) & (guint32) p));
}

TSR_VINLINE VI
v_wrap_dec (VI w, gint32 p)
{
  VI r = w - 1;

  return r + ((r < 0) & p);
}

/* tsr_wrap (i, p) for p >= 1 and |i| <= 2^30 (tsr_wrap_v). */
TSR_VINLINE VI
v_wrap_slow (VI i, gint32 p, double inv_p)
{
  VD lo = v_itod (v_loi (i));
  VD hi = v_itod (v_hii (i));
  VIH qlo = v_dtoi (v_floor_d ((lo + 0.5) * inv_p));
  VIH qhi = v_dtoi (v_floor_d ((hi + 0.5) * inv_p));
  VU q = (VU) v_cati (qlo, qhi);

  return (VI) ((VU) i - q * (guint32) p);
}

/* tsr_wrap (i, p) of whole numbers held in doubles, |i| <= 2^30, with
 * inv_p = 1 / p (p 0: no wrap), as tsr_wrap_v takes it: exact. */
TSR_VINLINE VD
v_wrap_whole_d (VD i, gint32 p, double inv_p)
{
  return p > 0 ? i - p * v_floor_d ((i + 0.5) * inv_p) : i;
}

/* tsr_hash_unit of every lane of h, as doubles: the low and high halves
 * (its top 24 bits times 2^-24, exact in a float as in a double). */
TSR_VINLINE void
v_hash_unit_d (VU h, VD *lo, VD *hi)
{
  const VI top = (VI) (h >> 8);

  *lo = v_itod (v_loi (top)) * (1.0 / 16777216.0);
  *hi = v_itod (v_hii (top)) * (1.0 / 16777216.0);
}

/* tsr_wrap (i, p), p >= 1, i clamped cells.  *base is a multiple of p
 * (start with 0) kept from call to call along a row: when every lane lies
 * within two periods past it (the usual case) one conditional subtraction
 * wraps them; otherwise *base moves to the start of lane 0's period and
 * that is tried again; otherwise the division above.  The same values
 * whichever way, so the choice does not show. */
TSR_VINLINE VI
v_wrap (VI i, gint32 p, double inv_p, guint32 *base)
{
  const guint32 up = (guint32) p;

  if (G_LIKELY (p <= (1 << 30)))
    {
      /* Unsigned differences (mod 2^32): a lane before *base (at most
       * ~2^30 before) lands above 2^31 >= 2p and is rejected. */
      VU r = (VU) i - *base;

      if (G_LIKELY (!v_any ((VI) (r >= 2u * up))))
        return (VI) (r - ((VU) (r >= up) & up));
      *base = (guint32) i[0] - (guint32) tsr_wrap_v (i[0], p, inv_p);
      r = (VU) i - *base;
      if (!v_any ((VI) (r >= 2u * up)))
        return (VI) (r - ((VU) (r >= up) & up));
    }
  return v_wrap_slow (i, p, inv_p);
}

/* Row tables.  A row of constant y touches few lattice columns; their
 * integer work (hashes, gradient picks) is done once per column into
 * tables, and each sample looks its columns up.  Integer results are
 * exact, so this changes no bit.
 *
 * Where VN samples find their columns in a table of the columns from
 * cmin: idx = cell - cmin per lane; when near, every lane lies within VN
 * columns of base (rel = idx - base) and one register permutation fetches
 * a column (v_lookup), otherwise a gather does. */
typedef struct
{
  VI       idx, rel;
  gint32   base;
  gboolean near;
} TableSpot;

TSR_VINLINE TableSpot
v_table_spot (const gint32 *cell, gint32 cmin)
{
  TableSpot s;

  s.idx = v_loadi (cell) - cmin;
  s.base = MIN (s.idx[0], s.idx[VN - 1]);
  s.rel = s.idx - s.base;
  s.near = !v_any ((VI) ((VU) s.rel >= (guint32) VN));
  return s;
}

/* v_table_spot of every vector of a segment of ns (padded to a multiple
 * of VN) cells, for kernels that look the same columns up row after row:
 * base[k] is vector k's base, or -1 where it is not near, and rel holds
 * each lane's rel (near) or idx (not near). */
TSR_VINLINE void
v_table_spots (const gint32 *cell, gsize ns, gint32 cmin, gint32 *base, gint32 *rel)
{
  for (gsize i = 0; i < ns; i += VN)
    {
      const TableSpot s = v_table_spot (cell + i, cmin);

      base[i / VN] = s.near ? s.base : -1;
      v_storei (rel + i, s.near ? s.rel : s.idx);
    }
}

/* t[idx[k] + offset] for every lane. */
TSR_VINLINE VF
v_table_get (const float *t, const TableSpot *s, int offset)
{
  return s->near ? v_lookup (t + s->base + offset, s->rel)
                 : v_gather (t, s->idx + offset);
}

/* Lookups load whole vectors past the last of a table's cols columns:
 * makes that memory defined (its lanes are never picked). */
TSR_VINLINE void
v_table_end (float *t, gint32 cols)
{
  v_storef (t + (cols + VN - 1) / VN * VN, v_splatf (0.0f));
}

/* tsr_sincos_quadrant_i's pick with q's low bits as integers: the same
 * bits.  q (|q| < 2^30) is the low bits of q + 1.5 * 2^52, in two's
 * complement.  Where q is even sn * 1 + cs * 0 is sn + 0 (cs > 0: a -0
 * becomes +0), where it is odd cs; the sign is -1 where bit 1 of q (the
 * sine) or of q + 1 (the cosine) is set, and multiplied in as there. */
TSR_VINLINE void
v_sincos_quadrant (VD q, VD sn, VD cs, VD *sin_out, VD *cos_out)
{
  typedef guint64 VUL __attribute__ ((vector_size (sizeof (VD))));
  const VUL bits = (VUL) (q + 6755399441055744.0);
  const VL odd = (VL) -(bits & 1u);
  const VUL one = (VUL) v_splatd (1.0);
  const VD even_pick = sn + 0.0;

  *sin_out = v_seld (odd, cs, even_pick) * (VD) (one ^ ((bits & 2u) << 62));
  *cos_out = v_seld (odd, even_pick, cs) * (VD) (one ^ (((bits + 1u) & 2u) << 62));
}

/* tsr_sincos_turns_i, lane by lane. */
TSR_DEFINE_SINCOS_TURNS (v_sincos_turns, VD, v_floor_d, v_sincos_quadrant)

#endif
