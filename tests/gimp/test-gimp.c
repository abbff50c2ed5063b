/* Tessera in the real GIMP 3 (tests/gimp/).  Each group starts GIMP once
 * with a private profile holding the freshly built plug-in:
 *
 *   /gimp/render/   every pattern into 8-bit, 16-bit, float and gray layers,
 *                   selections, offsets, two drawables, gradients, last
 *                   values, the registered arguments
 *   /gimp/errors/   bad calls fail with a message and change nothing
 *   /gimp/cancel/   a plug-in killed mid-render (GIMP's cancel) changes nothing
 *   /gimp/undo/     one undo step, redo, the dialog (GIMP's UI under Xvfb)
 *   /gimp/bench/    GIMP's time for Tessera's clouds vs gegl:noise-solid
 *   /gimp/presets/  the `preset` argument renders what `tessera render --preset` does
 *   /gimp/seamless/ plug-in-tessera-seamless: the CLI's tile to the bit, refusals, undo
 *
 * `meson test --suite gimp` runs each group as its own test. */
#include "gimp-tests.h"

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  gimp_tests_add_render ();
  gimp_tests_add_errors ();
  gimp_tests_add_cancel ();
  gimp_tests_add_undo ();
  gimp_tests_add_bench ();
  gimp_tests_add_gegl ();
  gimp_tests_add_layers ();
  gimp_tests_add_tiles ();
  gimp_tests_add_presets ();
  gimp_tests_add_seamless ();
  return g_test_run ();
}
