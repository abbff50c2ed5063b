/* Improved Perlin (gradient) noise: Ken Perlin, "Improving Noise",
 * SIGGRAPH 2002.  Fade 6t^5 - 15t^4 + 10t^3; each lattice corner's
 * gradient dotted with the offset to the sample, blended by the fade.
 *
 * Gradients and scale factors (the bounds are the supremum over every
 * gradient assignment, found by exhaustive search over the cell and
 * refinement, see bench/bench-noise.c --bounds):
 *
 *   2D  16 unit vectors at 11.25 + k * 22.5 degrees, tsr_hash2 of the
 *       (wrapped) corner.  Sup |noise| = 0.6953527 (at (0.527, 0.5) of a
 *       cell; not sqrt(1/2) = 0.7071 because no gradient points exactly
 *       along a cell diagonal), so the output is multiplied by
 *       PERLIN2_SCALE = 1.438119: range [-1, 1], reached only in the
 *       limit.  Empirical std of the scaled noise 0.31, 99.9th
 *       percentile 0.80.
 *   3D  Ken Perlin's 12 edge gradients and grad().  Seed 0 uses his
 *       reference permutation, so the value equals his reference
 *       ImprovedNoise.noise (x, y, z) (0.13691995878400012 at
 *       (3.14, 42, 7)); other seeds hash corners with tsr_hash3.  Not
 *       rescaled, to stay equal to the reference: the sup of this function
 *       is 1.0363538 (at (0.5, 0.355, 0.481) of a cell whose 8 gradients
 *       all point the right way), so the final [-1, 1] guard can act:
 *       about 1 sample in 10^7 (seed 0 and hashed seeds alike), by at most
 *       0.036.  Empirical std 0.27.
 *   4D  32 gradients (0, +-1, +-1, +-1) and permutations, tsr_hash4.
 *       Sup 1.5365823 -> PERLIN4_SCALE = 0.6507949.  The sup needs all 16
 *       gradients aligned, so typical values stay low: std 0.19, 99.9th
 *       percentile 0.52, largest of 2 * 10^5 samples about 0.7.
 *
 * Periodic rows hash tsr_wrap (corner, period), so the lattice repeats
 * exactly every period cells and the noise is continuous across the wrap.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "noise/noise-internal.h"
#include "noise/noise-kernels.h"
#include "noise/noise-perlin.h"

#define PERLIN4_SCALE 0.6507949   /* < 1 / 1.5365823 */

/* ---------------------------------------------------------------------
 * Raw samples (double)
 */
static double
perlin2 (guint32 seed, double x, double y)
{
  double xd = tsr_clamp_coord (x), yd = tsr_clamp_coord (y);
  gint32 ix = tsr_floor_i (xd), iy = tsr_floor_i (yd);
  double fx = xd - ix, fy = yd - iy;
  guint32 hx0 = tsr_hash1 (seed, ix), hx1 = tsr_hash1 (seed, ix + 1);
  double g00 = tsr_grad2 (tsr_hash2_from1 (hx0, iy), fx, fy);
  double g10 = tsr_grad2 (tsr_hash2_from1 (hx1, iy), fx - 1.0, fy);
  double g01 = tsr_grad2 (tsr_hash2_from1 (hx0, iy + 1), fx, fy - 1.0);
  double g11 = tsr_grad2 (tsr_hash2_from1 (hx1, iy + 1), fx - 1.0, fy - 1.0);
  double u = tsr_fade (fx), v = tsr_fade (fy);
  double a = g00 + u * (g10 - g00);
  double b = g01 + u * (g11 - g01);

  return tsr_guard ((a + v * (b - a)) * (double) PERLIN2_SCALE);
}

/* Ken Perlin's reference permutation (public domain, "Improving Noise",
 * 2002), used for seed 0 in 3D. */
static const guint8 ken_perm[256] = {
  151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225,
  140, 36, 103, 30, 69, 142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148,
  247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117, 35, 11, 32,
  57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175,
  74, 165, 71, 134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122,
  60, 211, 133, 230, 220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54,
  65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89, 18, 169,
  200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186, 3, 64,
  52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212,
  207, 206, 59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213,
  119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43, 172, 9,
  129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104,
  218, 246, 97, 228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162, 241,
  81, 51, 145, 235, 249, 14, 239, 107, 49, 192, 214, 31, 181, 199, 106, 157,
  184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93,
  222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180
};

/* p[i & 511] of the reference, whose table is the permutation twice. */
static inline guint32
ken_p (gint32 i)
{
  return ken_perm[i & 255];
}

static double
perlin3 (guint32 seed, const double *p)
{
  double x = tsr_clamp_coord (p[0]);
  double y = tsr_clamp_coord (p[1]);
  double z = tsr_clamp_coord (p[2]);
  gint32 ix = tsr_floor_i (x), iy = tsr_floor_i (y), iz = tsr_floor_i (z);
  guint32 h[8];  /* corner (i, j, k) at index i + 2j + 4k */

  x -= ix;
  y -= iy;
  z -= iz;

  if (seed == 0)
    {
      /* The reference's nested lookups, with X, Y, Z = floor & 255. */
      gint32 X = ix & 255, Y = iy & 255, Z = iz & 255;
      gint32 A = ken_p (X) + Y, AA = ken_p (A) + Z, AB = ken_p (A + 1) + Z;
      gint32 B = ken_p (X + 1) + Y, BA = ken_p (B) + Z, BB = ken_p (B + 1) + Z;

      h[0] = ken_p (AA);
      h[1] = ken_p (BA);
      h[2] = ken_p (AB);
      h[3] = ken_p (BB);
      h[4] = ken_p (AA + 1);
      h[5] = ken_p (BA + 1);
      h[6] = ken_p (AB + 1);
      h[7] = ken_p (BB + 1);
    }
  else
    {
      for (int c = 0; c < 8; c++)
        h[c] = tsr_hash3 (seed, ix + (c & 1), iy + ((c >> 1) & 1),
                          iz + (c >> 2)) >> 28;
    }

  /* Same operation order as the reference (lerp (t, a, b) = a + t (b - a)),
   * so seed 0 reproduces it to the last bit. */
  double u = tsr_fade (x), v = tsr_fade (y), w = tsr_fade (z);
  double g0 = tsr_grad3 (h[0], x, y, z);
  double g1 = tsr_grad3 (h[1], x - 1, y, z);
  double g2 = tsr_grad3 (h[2], x, y - 1, z);
  double g3 = tsr_grad3 (h[3], x - 1, y - 1, z);
  double g4 = tsr_grad3 (h[4], x, y, z - 1);
  double g5 = tsr_grad3 (h[5], x - 1, y, z - 1);
  double g6 = tsr_grad3 (h[6], x, y - 1, z - 1);
  double g7 = tsr_grad3 (h[7], x - 1, y - 1, z - 1);
  double a0 = g0 + u * (g1 - g0);
  double a1 = g2 + u * (g3 - g2);
  double a2 = g4 + u * (g5 - g4);
  double a3 = g6 + u * (g7 - g6);
  double b0 = a0 + v * (a1 - a0);
  double b1 = a2 + v * (a3 - a2);

  return tsr_guard (b0 + w * (b1 - b0));
}

static double
perlin4 (guint32 seed, const double *p)
{
  gint32 i[4];
  double f[4], fd[4];
  double acc[16];

  for (int c = 0; c < 4; c++)
    {
      double v = tsr_clamp_coord (p[c]);
      i[c] = tsr_floor_i (v);
      f[c] = v - i[c];
      fd[c] = tsr_fade (f[c]);
    }

  for (int k = 0; k < 16; k++)
    {
      int o0 = k & 1, o1 = (k >> 1) & 1, o2 = (k >> 2) & 1, o3 = k >> 3;
      guint32 h = tsr_hash4 (seed, i[0] + o0, i[1] + o1, i[2] + o2,
                             i[3] + o3);
      acc[k] = tsr_grad4 (h >> 27, f[0] - o0, f[1] - o1, f[2] - o2,
                          f[3] - o3);
    }

  /* Blend along x, then y, z, w. */
  for (int c = 0, len = 16; c < 4; c++, len /= 2)
    for (int k = 0; k < len / 2; k++)
      acc[k] = acc[2 * k] + fd[c] * (acc[2 * k + 1] - acc[2 * k]);

  return tsr_guard (acc[0] * PERLIN4_SCALE);
}

double
tsr_perlin_sample (guint32 seed, int dims, const double *p)
{
  switch (dims)
    {
    case 2:
      return perlin2 (seed, p[0], p[1]);
    case 3:
      return perlin3 (seed, p);
    case 4:
      return perlin4 (seed, p);
    default:
      g_return_val_if_reached (0.0);
    }
}
