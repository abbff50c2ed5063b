/* GIMP's own time for a 2048 x 2048 tileable texture: Tessera's clouds
 * (8 octaves) against GEGL's Solid Noise (tileable, detail 8, the layer's
 * size).  Wall time seen by Script-Fu, the plug-in's start-up included.
 * It prints figures; it asserts nothing about time. */
#include "gimp-batch.h"
#include "gimp-tests.h"

#define BS 2048

static void
test_bench (void)
{
  char *script = g_strdup_printf (
    "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a))\n"
    "       (b (tsr-image 1 1 RGB PRECISION-U8-NON-LINEAR)))\n"
    "  (define (tessera)\n"
    "    (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                     #:pattern \"clouds\" #:octaves 8 #:tileable TRUE))\n"
    "  (define (solid)\n"
    "    (gimp-drawable-merge-new-filter lay \"gegl:noise-solid\" 0 LAYER-MODE-REPLACE 1.0\n"
    "      \"tileable\" TRUE \"detail\" 8 \"width\" %d.0 \"height\" %d.0))\n"
    "  (define (timed f) (let ((t0 (tsr-now))) (f) (- (tsr-now) t0)))\n"
    "  (tsr-out \"startup\" (timed (lambda () (plug-in-tessera #:run-mode RUN-NONINTERACTIVE\n"
    "     #:image (car b) #:drawables (vector (cadr b))))))\n"
    "  (tsr-out \"tessera\" (timed tessera) (timed tessera))\n"
    "  (tsr-out \"solid\" (timed solid) (timed solid)))",
    BS, BS, BS, BS);
  g_autoptr (GimpBatchResult) r = gimp_batch (script, 120, NULL, NULL);
  char *startup = gimp_batch_get (r, "startup");
  char *tessera = gimp_batch_get (r, "tessera");
  char *solid = gimp_batch_get (r, "solid");

  if (startup == NULL || tessera == NULL || solid == NULL)
    g_error ("the benchmark did not run:\n%s\n%s", r->out, r->err);
  g_test_message ("benchmark %dx%d, %u cores, seconds per run (two runs each): "
                  "Tessera clouds octaves=8 tileable: %s | gegl:noise-solid tileable detail=8: %s"
                  " | Tessera start-up (1x1 render): %s",
                  BS, BS, g_get_num_processors (), tessera, solid, startup);
  g_free (startup), g_free (tessera), g_free (solid), g_free (script);
}

void
gimp_tests_add_bench (void)
{
  g_test_add_func ("/gimp/bench/clouds-vs-noise-solid", test_bench);
}
