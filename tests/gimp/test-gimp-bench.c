/* GIMP's own time for a tileable texture at 2048 x 2048 and 8192 x 8192,
 * in one GIMP session: Tessera's clouds (8 octaves) through the plug-in
 * (start-up and pixel transfer included) and through the GEGL operation
 * (merged as a filter, in GIMP's process), against GEGL's Solid Noise
 * (tileable, detail 8).  Wall time seen by Script-Fu.  It prints figures;
 * it asserts nothing about time. */
#include "gimp-batch.h"
#include "gimp-tests.h"

static void
test_bench (void)
{
  g_autofree char *script = g_strdup (
    "(define (tsr-bench size runs)\n"
    "  (let* ((a (tsr-image size size RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "    (define (plugin)\n"
    "      (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                       #:pattern \"clouds\" #:octaves 8 #:tileable TRUE))\n"
    "    (define (op)\n"
    "      (gimp-drawable-merge-new-filter lay \"tessera:texture\" 0 LAYER-MODE-REPLACE 1.0\n"
    "        \"pattern\" \"clouds\" \"octaves\" 8 \"tileable\" TRUE \"width\" size \"height\" size))\n"
    "    (define (solid)\n"
    "      (gimp-drawable-merge-new-filter lay \"gegl:noise-solid\" 0 LAYER-MODE-REPLACE 1.0\n"
    "        \"tileable\" TRUE \"detail\" 8 \"width\" (* 1.0 size) \"height\" (* 1.0 size)))\n"
    "    (define (timed f) (let ((t0 (tsr-now))) (f) (- (tsr-now) t0)))\n"
    "    (define (times f n) (if (= n 0) '() (cons (timed f) (times f (- n 1)))))\n"
    "    (tsr-out (string-append \"plugin-\" (number->string size)) (times plugin runs))\n"
    "    (tsr-out (string-append \"op-\" (number->string size)) (times op runs))\n"
    "    (tsr-out (string-append \"solid-\" (number->string size)) (times solid runs))\n"
    "    (gimp-image-delete img)))\n"
    "(let ((b (tsr-image 1 1 RGB PRECISION-U8-NON-LINEAR)))\n"
    "  (tsr-out \"startup\" (let ((t0 (tsr-now)))\n"
    "    (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image (car b) #:drawables (vector (cadr b)))\n"
    "    (- (tsr-now) t0))))\n"
    "(tsr-bench 2048 2)\n"
    "(tsr-bench 8192 1)\n");
  g_autoptr (GimpBatchResult) r = NULL;
  g_autofree char *startup = NULL;

  if (g_getenv ("TESSERA_GEGL_MODULE") == NULL)
    {
      g_test_skip ("built without the GEGL operation");
      return;
    }
  r = gimp_batch (script, 200, NULL, NULL);
  startup = gimp_batch_get (r, "startup");

  if (startup == NULL)
    g_error ("the benchmark did not run:\n%s\n%s", r->out, r->err);
  g_test_message ("benchmark, %u cores, seconds per run; Tessera start-up (1x1 render): %s",
                  g_get_num_processors (), startup);
  for (int size = 2048; size <= 8192; size *= 4)
    {
      g_autofree char *plugin_key = g_strdup_printf ("plugin-%d", size);
      g_autofree char *op_key = g_strdup_printf ("op-%d", size);
      g_autofree char *solid_key = g_strdup_printf ("solid-%d", size);
      g_autofree char *plugin = gimp_batch_get (r, plugin_key);
      g_autofree char *op = gimp_batch_get (r, op_key);
      g_autofree char *solid = gimp_batch_get (r, solid_key);

      if (plugin == NULL || op == NULL || solid == NULL)
        g_error ("the %d benchmark did not run:\n%s\n%s", size, r->out, r->err);
      g_test_message ("%dx%d: Tessera clouds octaves=8 tileable, plug-in: %s | tessera:texture "
                      "filter: %s | gegl:noise-solid tileable detail=8: %s",
                      size, size, plugin, op, solid);
    }
}

void
gimp_tests_add_bench (void)
{
  g_test_add_func ("/gimp/bench/clouds-vs-noise-solid", test_bench);
}
