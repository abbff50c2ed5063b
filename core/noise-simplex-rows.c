/* Simplex noise rows (noise-simplex.c has the maths, the torus mapping of
 * periodic rows and the limiter), compiled once per instruction set
 * (noise-kernels.h).  Skew and floor in double, the rest in float.
 *
 * Cost per sample (GCC 12 -O2, AVX-512 pass; AVX2 in brackets): plain 2D
 * 3.0 ns (4.6), x periodic 5.9 (8.6), y periodic 8.3 (12.3), both 10.8
 * (15.3): a turns-to-sine/cosine pair in double per periodic axis
 * (computed once per row when the row's samples share y) and a 4-vertex
 * 3D or 5-vertex 4D kernel.
 */
#include "config.h"

#include "noise-simplex.h"
#include "noise-vec.h"

#define TORUS3_GAIN    1.831
#define TORUS4_GAIN    3.915

typedef struct
{
  guint32 seed;
  double  px, py;    /* periods in cells (torus paths) */
  double  ipx, ipy;  /* 1 / period */
  double  rx, ry;    /* circle radii, period / (2 pi) */
} SimplexRow;

/* kernel4 of noise-simplex.c, in float */
SIMPLEX_DEFINE_KERNEL4 (kernel4_v, VF, v_absf)

/* Ken Perlin's grad () in float (tsr_grad3 of the top four hash bits). */
TSR_VINLINE VF
grad3_v (VU h, VF x, VF y, VF z)
{
  VU k = h & 15u;
  VF u = v_sel ((VI) (k < 8u), x, y);
  VF v = v_sel ((VI) (k < 4u), y,
                v_sel ((VI) ((k == 12u) | (k == 14u)), x, z));

  return v_flipf (u, (k & 1u) << 31) + v_flipf (v, (k & 2u) << 30);
}

/* tsr_grad4 in float. */
TSR_VINLINE VF
grad4_v (VU h, VF x, VF y, VF z, VF w)
{
  VU zc = (h >> 3) & 3u;
  VF a = v_sel ((VI) (zc == 0u), y, x);
  VF b = v_sel ((VI) (zc <= 1u), z, y);
  VF c = v_sel ((VI) (zc == 3u), z, w);

  return v_flipf (a, (h & 1u) << 31) + v_flipf (b, (h & 2u) << 30)
         + v_flipf (c, (h & 4u) << 29);
}

/* The skew of simplex2_v for half a vector: cells and offsets. */
TSR_VINLINE void
skew2_half (VD x, VD y, VIH *i, VIH *j, VFH *x0, VFH *y0)
{
  VD s = (x + y) * F2;
  VD t;

  *i = v_dtoi (v_floor_d (x + s));
  *j = v_dtoi (v_floor_d (y + s));
  t = v_itod (*i + *j) * G2;
  *x0 = v_dtof (x - (v_itod (*i) - t));
  *y0 = v_dtof (y - (v_itod (*j) - t));
}

/* Plain 2D simplex noise of VN samples (clamped coordinates, halves):
 * skew and floor in double, the rest in float. */
TSR_VINLINE VF
simplex2_v (guint32 seed, VD xl, VD xh, VD yl, VD yh)
{
  VIH il, ih, jl, jh;
  VFH x0l, x0h, y0l, y0h;

  skew2_half (xl, yl, &il, &jl, &x0l, &y0l);
  skew2_half (xh, yh, &ih, &jh, &x0h, &y0h);

  VI i = v_cati (il, ih), j = v_cati (jl, jh);
  VF x0 = v_catf (x0l, x0h), y0 = v_catf (y0l, y0h);
  VI m1 = x0 > y0;                      /* i1 = 1, j1 = 0 */
  VF x1 = x0 - v_maskf (m1, 1.0f) + (float) G2;
  VF y1 = y0 - v_maskf (~m1, 1.0f) + (float) G2;
  VF x2 = x0 - 1.0f + (float) (2 * G2);
  VF y2 = y0 - 1.0f + (float) (2 * G2);
  VU ha = v_hash1 (seed, i), hb = v_hash1 (seed, i + 1);
  VU h0 = v_hash2_from1 (ha, j);
  VU h1 = v_hash2_from1 ((VU) v_seli (m1, (VI) hb, (VI) ha), j + 1 + m1);
  VU h2 = v_hash2_from1 (hb, j + 1);
  VF nsum = kernel4_v (0.5f - x0 * x0 - y0 * y0) * v_grad2f (h0, x0, y0)
            + kernel4_v (0.5f - x1 * x1 - y1 * y1) * v_grad2f (h1, x1, y1)
            + kernel4_v (0.5f - x2 * x2 - y2 * y2) * v_grad2f (h2, x2, y2);

  return nsum * (float) SIMPLEX2_SCALE;
}

/* The skew of simplex3_v for half a vector: cells and offsets. */
TSR_VINLINE void
skew3_half (VD x, VD y, VD z, VIH *i, VIH *j, VIH *k, VFH *x0, VFH *y0,
            VFH *z0)
{
  VD s = (x + y + z) * F3;
  VD t;

  *i = v_dtoi (v_floor_d (x + s));
  *j = v_dtoi (v_floor_d (y + s));
  *k = v_dtoi (v_floor_d (z + s));
  t = v_itod (*i + *j + *k) * G3;
  *x0 = v_dtof (x - (v_itod (*i) - t));
  *y0 = v_dtof (y - (v_itod (*j) - t));
  *z0 = v_dtof (z - (v_itod (*k) - t));
}

/* 3D simplex noise (the torus paths): skew and floor in double, the rest
 * in float; unscaled by the limiter. */
TSR_VINLINE VF
simplex3_v (guint32 seed, VD xl, VD xh, VD yl, VD yh, VD zl, VD zh)
{
  VIH il, ih, jl, jh, kl, kh;
  VFH x0l, x0h, y0l, y0h, z0l, z0h;

  skew3_half (xl, yl, zl, &il, &jl, &kl, &x0l, &y0l, &z0l);
  skew3_half (xh, yh, zh, &ih, &jh, &kh, &x0h, &y0h, &z0h);

  VI i = v_cati (il, ih), j = v_cati (jl, jh), k = v_cati (kl, kh);
  VF x0 = v_catf (x0l, x0h), y0 = v_catf (y0l, y0h), z0 = v_catf (z0l, z0h);

  /* Ranks (0..2) of the components, ties broken by axis order. */
  VI rx = -(x0 >= y0) - (x0 >= z0);
  VI ry = -(y0 > x0) - (y0 >= z0);
  VI rz = -(z0 > x0) - (z0 > y0);
  VI i1 = rx >= 2, j1 = ry >= 2, k1 = rz >= 2;   /* masks */
  VI i2 = rx >= 1, j2 = ry >= 1, k2 = rz >= 1;
  const float g = (float) G3, g2 = (float) (2 * G3), g3 = (float) (3 * G3 - 1);

  VF x1 = x0 - v_maskf (i1, 1.0f) + g, y1 = y0 - v_maskf (j1, 1.0f) + g;
  VF z1 = z0 - v_maskf (k1, 1.0f) + g;
  VF x2 = x0 - v_maskf (i2, 1.0f) + g2, y2 = y0 - v_maskf (j2, 1.0f) + g2;
  VF z2 = z0 - v_maskf (k2, 1.0f) + g2;
  VF x3 = x0 + g3, y3 = y0 + g3, z3 = z0 + g3;

  VU ha = v_hash1 (seed, i), hb = v_hash1 (seed, i + 1);
  VU h0 = v_hash3_from2 (v_hash2_from1 (ha, j), k);
  VU h1 = v_hash3_from2 (v_hash2_from1 ((VU) v_seli (i1, (VI) hb, (VI) ha),
                                       j - j1), k - k1);
  VU h2 = v_hash3_from2 (v_hash2_from1 ((VU) v_seli (i2, (VI) hb, (VI) ha),
                                       j - j2), k - k2);
  VU h3 = v_hash3_from2 (v_hash2_from1 (hb, j + 1), k + 1);

  VF n = kernel4_v (0.5f - x0 * x0 - y0 * y0 - z0 * z0)
         * grad3_v (h0 >> 28, x0, y0, z0)
         + kernel4_v (0.5f - x1 * x1 - y1 * y1 - z1 * z1)
         * grad3_v (h1 >> 28, x1, y1, z1)
         + kernel4_v (0.5f - x2 * x2 - y2 * y2 - z2 * z2)
         * grad3_v (h2 >> 28, x2, y2, z2)
         + kernel4_v (0.5f - x3 * x3 - y3 * y3 - z3 * z3)
         * grad3_v (h3 >> 28, x3, y3, z3);

  return n * (float) SIMPLEX3_SCALE;
}

TSR_VINLINE void
skew4_half (VD x, VD y, VD z, VD w, VIH *i, VIH *j, VIH *k, VIH *l,
            VFH *x0, VFH *y0, VFH *z0, VFH *w0)
{
  VD s = (x + y + z + w) * F4;
  VD t;

  *i = v_dtoi (v_floor_d (x + s));
  *j = v_dtoi (v_floor_d (y + s));
  *k = v_dtoi (v_floor_d (z + s));
  *l = v_dtoi (v_floor_d (w + s));
  /* summed in double, as simplex4 (noise-simplex.c) sums them */
  t = (v_itod (*i) + v_itod (*j) + v_itod (*k) + v_itod (*l)) * G4;
  *x0 = v_dtof (x - (v_itod (*i) - t));
  *y0 = v_dtof (y - (v_itod (*j) - t));
  *z0 = v_dtof (z - (v_itod (*k) - t));
  *w0 = v_dtof (w - (v_itod (*l) - t));
}

/* 4D simplex noise (both axes periodic). */
TSR_VINLINE VF
simplex4_v (guint32 seed, VD xl, VD xh, VD yl, VD yh, VD zl, VD zh, VD wl,
            VD wh)
{
  VIH il, ih, jl, jh, kl, kh, ll, lh;
  VFH x0l, x0h, y0l, y0h, z0l, z0h, w0l, w0h;

  skew4_half (xl, yl, zl, wl, &il, &jl, &kl, &ll, &x0l, &y0l, &z0l, &w0l);
  skew4_half (xh, yh, zh, wh, &ih, &jh, &kh, &lh, &x0h, &y0h, &z0h, &w0h);

  VI i = v_cati (il, ih), j = v_cati (jl, jh), k = v_cati (kl, kh);
  VI l = v_cati (ll, lh);
  VF x0 = v_catf (x0l, x0h), y0 = v_catf (y0l, y0h), z0 = v_catf (z0l, z0h);
  VF w0 = v_catf (w0l, w0h);

  VI rx = -(x0 >= y0) - (x0 >= z0) - (x0 >= w0);
  VI ry = -(y0 > x0) - (y0 >= z0) - (y0 >= w0);
  VI rz = -(z0 > x0) - (z0 > y0) - (z0 >= w0);
  VI rw = -(w0 > x0) - (w0 > y0) - (w0 > z0);
  VI i1 = rx >= 3, j1 = ry >= 3, k1 = rz >= 3, l1 = rw >= 3;   /* masks */
  VI i2 = rx >= 2, j2 = ry >= 2, k2 = rz >= 2, l2 = rw >= 2;
  VI i3 = rx >= 1, j3 = ry >= 1, k3 = rz >= 1, l3 = rw >= 1;
  const float g = (float) G4, g2 = (float) (2 * G4), g3 = (float) (3 * G4);
  const float g4 = (float) (4 * G4 - 1);

  VF x1 = x0 - v_maskf (i1, 1.0f) + g, y1 = y0 - v_maskf (j1, 1.0f) + g;
  VF z1 = z0 - v_maskf (k1, 1.0f) + g, w1 = w0 - v_maskf (l1, 1.0f) + g;
  VF x2 = x0 - v_maskf (i2, 1.0f) + g2, y2 = y0 - v_maskf (j2, 1.0f) + g2;
  VF z2 = z0 - v_maskf (k2, 1.0f) + g2, w2 = w0 - v_maskf (l2, 1.0f) + g2;
  VF x3 = x0 - v_maskf (i3, 1.0f) + g3, y3 = y0 - v_maskf (j3, 1.0f) + g3;
  VF z3 = z0 - v_maskf (k3, 1.0f) + g3, w3 = w0 - v_maskf (l3, 1.0f) + g3;
  VF x4 = x0 + g4, y4 = y0 + g4, z4 = z0 + g4, w4 = w0 + g4;

  VU ha = v_hash1 (seed, i), hb = v_hash1 (seed, i + 1);
  VU h0 = v_hash4_from3 (v_hash3_from2 (v_hash2_from1 (ha, j), k), l);
  VU h1 = v_hash4_from3 (v_hash3_from2 (
              v_hash2_from1 ((VU) v_seli (i1, (VI) hb, (VI) ha), j - j1),
              k - k1), l - l1);
  VU h2 = v_hash4_from3 (v_hash3_from2 (
              v_hash2_from1 ((VU) v_seli (i2, (VI) hb, (VI) ha), j - j2),
              k - k2), l - l2);
  VU h3 = v_hash4_from3 (v_hash3_from2 (
              v_hash2_from1 ((VU) v_seli (i3, (VI) hb, (VI) ha), j - j3),
              k - k3), l - l3);
  VU h4 = v_hash4_from3 (v_hash3_from2 (v_hash2_from1 (hb, j + 1), k + 1),
                         l + 1);

  VF n = kernel4_v (0.5f - x0 * x0 - y0 * y0 - z0 * z0 - w0 * w0)
         * grad4_v (h0 >> 27, x0, y0, z0, w0)
         + kernel4_v (0.5f - x1 * x1 - y1 * y1 - z1 * z1 - w1 * w1)
         * grad4_v (h1 >> 27, x1, y1, z1, w1)
         + kernel4_v (0.5f - x2 * x2 - y2 * y2 - z2 * z2 - w2 * w2)
         * grad4_v (h2 >> 27, x2, y2, z2, w2)
         + kernel4_v (0.5f - x3 * x3 - y3 * y3 - z3 * z3 - w3 * w3)
         * grad4_v (h3 >> 27, x3, y3, z3, w3)
         + kernel4_v (0.5f - x4 * x4 - y4 * y4 - z4 * z4 - w4 * w4)
         * grad4_v (h4 >> 27, x4, y4, z4, w4);

  return n * (float) SIMPLEX4_SCALE;
}

/* The limiter s (v) = k v / sqrt (1 + (k^2 - 1) v^2); |v| <= 1 up to
 * rounding (the final guard absorbs the rest). */
TSR_VINLINE VF
soft_gain_v (VF v, float k)
{
  return k * v / v_sqrtf (1.0f + (k * k - 1.0f) * (v * v));
}

/* Circle coordinates of one axis, half a vector: (R cos, R sin) of v / P
 * turns (tsr_sincos_turns_i). */
TSR_VINLINE void
circle_v (VD v, double inv_p, double radius, VD *c, VD *s)
{
  VD sn, cs;

  v_sincos_turns (v * inv_p, &sn, &cs);
  *c = radius * cs;
  *s = radius * sn;
}

/* mode: 0 plain, 1 x periodic, 2 y periodic, 3 both.  A row of constant
 * y (y_same) computes its circle once; the same operations, the same
 * bits. */
TSR_ALWAYS_INLINE void
simplex2_rows_v (const SimplexRow *r, int mode, gboolean y_same,
                 const double *x, const double *y, gsize n, float *out)
{
  const guint32 seed = r->seed;
  VD ycl = { 0 }, ysl = { 0 };

  if ((mode & 2) && y_same)
    {
      double sn, cs;

      tsr_sincos_turns_i (tsr_clamp_coord (y[0]) * r->ipy, &sn, &cs);
      ycl = v_splatd (r->ry * cs);
      ysl = v_splatd (r->ry * sn);
    }

  for (gsize i = 0; i < n; i += VN)
    {
      gsize m = MIN ((gsize) VN, n - i);
      VD xl, xh, yl, yh;
      VF v;

      v_load_coords (x + i, m, &xl, &xh);
      v_load_coords (y + i, m, &yl, &yh);
      if (mode == 0)
        v = simplex2_v (seed, xl, xh, yl, yh);
      else
        {
          VD xcl, xch, xsl, xsh, ycl2, ych, ysl2, ysh;

          if (mode & 1)
            {
              circle_v (xl, r->ipx, r->rx, &xcl, &xsl);
              circle_v (xh, r->ipx, r->rx, &xch, &xsh);
            }
          if (mode & 2)
            {
              if (y_same)
                {
                  ycl2 = ych = ycl;
                  ysl2 = ysh = ysl;
                }
              else
                {
                  circle_v (yl, r->ipy, r->ry, &ycl2, &ysl2);
                  circle_v (yh, r->ipy, r->ry, &ych, &ysh);
                }
            }
          if (mode == 3)
            v = soft_gain_v (simplex4_v (seed, xcl, xch, xsl, xsh, ycl2, ych,
                                         ysl2, ysh), (float) TORUS4_GAIN);
          else if (mode == 1)
            v = soft_gain_v (simplex3_v (seed, xcl, xch, xsl, xsh, yl, yh),
                             (float) TORUS3_GAIN);
          else
            v = soft_gain_v (simplex3_v (seed, xl, xh, ycl2, ych, ysl2, ysh),
                             (float) TORUS3_GAIN);
        }
      v_store_part (out + i, m, v_guardf (v));
    }
}

static void
simplex_row_init (SimplexRow *r, const TsrNoise2D *cfg)
{
  r->seed = cfg->seed;
  r->px = cfg->period_x > 0 ? cfg->period_x : 0.0;
  r->py = cfg->period_y > 0 ? cfg->period_y : 0.0;
  r->ipx = r->px > 0 ? 1.0 / r->px : 0.0;
  r->ipy = r->py > 0 ? 1.0 / r->py : 0.0;
  r->rx = r->px * (1.0 / (2.0 * G_PI));
  r->ry = r->py * (1.0 / (2.0 * G_PI));
}

static void
simplex2_row (const TsrNoise2D *cfg, const double *x, const double *y,
              gsize n, float *out)
{
  SimplexRow r;
  int mode;

  simplex_row_init (&r, cfg);
  mode = (r.px > 0 ? 1 : 0) | (r.py > 0 ? 2 : 0);

  /* One specialised loop per mode (mode is a constant in each call). */
  if (mode == 3)
    {
      if (v_row_y_constant (y, n))
        simplex2_rows_v (&r, 3, TRUE, x, y, n, out);
      else
        simplex2_rows_v (&r, 3, FALSE, x, y, n, out);
    }
  else if (mode == 2)
    {
      if (v_row_y_constant (y, n))
        simplex2_rows_v (&r, 2, TRUE, x, y, n, out);
      else
        simplex2_rows_v (&r, 2, FALSE, x, y, n, out);
    }
  else if (mode == 1)
    simplex2_rows_v (&r, 1, FALSE, x, y, n, out);
  else
    simplex2_rows_v (&r, 0, FALSE, x, y, n, out);
}

TSR_ROW_KERNELS (simplex) = {
  .row = simplex2_row,
  .row_affine = NULL,
};
