/* srgb_linear () against the plain power it stands in for (srgb-linear.h):
 * the same float bit for bit, over a fine comb of every float in [0, 1]
 * (all of them, about 10^9, take a few seconds and were checked once), the
 * ends of the table's steps, and values outside [0, 1]. */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "srgb-linear.h"

static void
assert_same (const SrgbLinear *table, float v)
{
  float fast = srgb_linear (table, v), exact = srgb_linear_exact (v);

  if (memcmp (&fast, &exact, sizeof fast) != 0)
    g_error ("v = %.9g: %.9g, expected %.9g", v, fast, exact);
}

static void
test_unit_range (void)
{
  SrgbLinear *table = g_new (SrgbLinear, 1);
  const guint32 one = 0x3f800000u;

  srgb_linear_init (table);
  for (guint32 u = 0; u <= one; u += 61)
    {
      float v;
      memcpy (&v, &u, sizeof v);
      assert_same (table, v);
    }
  /* Each step's ends and their neighbours. */
  for (int i = 0; i <= SRGB_LINEAR_STEPS; i++)
    {
      float v = (float) i / SRGB_LINEAR_STEPS;
      assert_same (table, v);
      assert_same (table, nextafterf (v, 0));
      assert_same (table, nextafterf (v, 2));
    }
  g_free (table);
}

static void
test_outside (void)
{
  static const float values[] = { -1.0f, -0.0f, 0.0f, 0.04045f, 1.0f, 1.5f, 1e30f };
  SrgbLinear *table = g_new (SrgbLinear, 1);
  float v;

  srgb_linear_init (table);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    assert_same (table, values[i]);
  assert_same (table, INFINITY);
  assert_same (table, -INFINITY);
  v = srgb_linear (table, NAN);
  g_assert_true (isnan (v));
  g_free (table);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/srgb-linear/unit-range", test_unit_range);
  g_test_add_func ("/srgb-linear/outside", test_outside);
  return g_test_run ();
}
