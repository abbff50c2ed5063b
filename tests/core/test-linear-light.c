/* tsr_linear_light_row () against the plain formula it stands for
 * (linear-light.h): within 3 ulps of the double-precision curve rounded
 * to float over a fine comb of the floats in [0, 1] (all of them, about
 * 10^9, were checked by hand: of the 39.5 million above 0.04045, 49 %
 * exact, 96 % within 1 ulp, none further than 3; below, all exact), the
 * same bits as a golden hash of that comb on every instruction set (this
 * test runs once per set: TSR_NOISE_SIMD, tests/meson.build), exactly the
 * formula up to 0.04045 and above 1, rows of every length a vector can
 * leave over, in place and not, and RGBA rows whose alpha must come
 * through untouched. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "color/linear-light.h"

#define MAX_ULPS 3

static guint32
bits_of (float v)
{
  guint32 u;

  memcpy (&u, &v, sizeof u);
  return u;
}

static void
assert_near (float got, float v)
{
  const float exact = tsr_linear_light_exact (v);
  const gint64 ulps = llabs ((gint64) bits_of (got) - (gint64) bits_of (exact));

  if (ulps > MAX_ULPS)
    g_error ("v = %.9g (0x%08x): %.9g, %" G_GINT64_FORMAT " ulps from %.9g", v, bits_of (v),
             got, ulps, exact);
}

static void
assert_exact (float got, float v)
{
  const float exact = tsr_linear_light_exact (v);

  if (bits_of (got) != bits_of (exact))
    g_error ("v = %.9g (0x%08x): %.9g, expected %.9g", v, bits_of (v), got, exact);
}

static void
test_unit_range (void)
{
  const guint32 one = 0x3f800000u, stride = 61;
  const gsize n = one / stride + 1;
  float *v = g_new (float, n), *out = g_new (float, n);
  guint64 hash = 14695981039346656037ull;
  gsize k = 0;

  for (guint32 u = 0; u <= one; u += stride)
    memcpy (&v[k++], &u, sizeof (float));
  g_assert_cmpuint (k, ==, n);
  tsr_linear_light_row (v, n, FALSE, out);
  for (gsize i = 0; i < n; i++)
    {
      if (v[i] <= 0.04045f)
        assert_exact (out[i], v[i]);
      else
        assert_near (out[i], v[i]);
      hash = (hash ^ bits_of (out[i])) * 1099511628211ull;
    }
  /* The same bits on every instruction set: a change of the kernel's
   * arithmetic changes this on purpose. */
  g_assert_cmphex (hash, ==, 0xaff8fe163e3fdb23ull);
  g_free (v);
  g_free (out);
}

static void
test_ends (void)
{
  const float values[] = { -1.0f, -0.0f, 0.0f, FLT_MIN, 0x1p-140f, 0.04045f,
                           nextafterf (0.04045f, 1), nextafterf (0.04045f, 0), 1.0f,
                           nextafterf (1.0f, 2), 1.5f, 1e30f, INFINITY, -INFINITY };
  float out[G_N_ELEMENTS (values)], nan_in[5] = { 0.5f, NAN, 0.25f, -NAN, 0.75f }, nan_out[5];

  tsr_linear_light_row (values, G_N_ELEMENTS (values), FALSE, out);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    assert_exact (out[i], values[i]);
  tsr_linear_light_row (nan_in, 5, FALSE, nan_out);
  g_assert_true (isnan (nan_out[1]) && isnan (nan_out[3]));
  assert_near (nan_out[4], 0.75f);
}

/* Rows of 1 .. 70 values, whose tails are every part of a vector, in
 * place as well as into another buffer: each value the same as in a
 * whole row, the floats past the row untouched. */
static void
test_lengths (void)
{
  float v[70], whole[70], part[70], in_place[70];

  for (int i = 0; i < 70; i++)
    v[i] = (float) ((i * 37) % 70) / 69.0f;
  tsr_linear_light_row (v, 70, FALSE, whole);
  for (gsize n = 1; n <= 70; n++)
    {
      memcpy (part, v, sizeof v);
      tsr_linear_light_row (v, n, FALSE, part);
      memcpy (in_place, v, sizeof v);
      tsr_linear_light_row (in_place, n, FALSE, in_place);
      for (gsize i = 0; i < 70; i++)
        {
          const float expected = i < n ? whole[i] : v[i];

          g_assert_cmphex (bits_of (part[i]), ==, bits_of (expected));
          g_assert_cmphex (bits_of (in_place[i]), ==, bits_of (expected));
        }
    }
}

/* RGBA rows: colours through the curve, every alpha bit for bit as it
 * was, whatever it holds. */
static void
test_rgba (void)
{
  const float alphas[] = { 1.0f, 0.0f, 0.5f, 2.0f, -0.25f, NAN, 0.04f, 1e-3f, 0.999f };
  float px[4 * 19], out[4 * 19], plain[4 * 19];

  for (int i = 0; i < 4 * 19; i++)
    px[i] = i % 4 == 3 ? alphas[(i / 4) % G_N_ELEMENTS (alphas)]
                       : (float) ((i * 53) % 101) / 100.0f;
  tsr_linear_light_row (px, 4 * 19, FALSE, plain);
  for (gsize pixels = 1; pixels <= 19; pixels++)
    for (int place = 0; place < 2; place++)
      {
        if (place)
          {
            memcpy (out, px, sizeof px);
            tsr_linear_light_row (out, 4 * pixels, TRUE, out);
          }
        else
          tsr_linear_light_row (px, 4 * pixels, TRUE, out);
        for (gsize i = 0; i < 4 * pixels; i++)
          g_assert_cmphex (bits_of (out[i]), ==, bits_of (i % 4 == 3 ? px[i] : plain[i]));
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/linear-light/unit-range", test_unit_range);
  g_test_add_func ("/linear-light/ends", test_ends);
  g_test_add_func ("/linear-light/lengths", test_lengths);
  g_test_add_func ("/linear-light/rgba", test_rgba);
  return g_test_run ();
}
