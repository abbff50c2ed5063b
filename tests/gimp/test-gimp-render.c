/* The plug-in in the real GIMP 3: every pattern into every kind of layer,
 * selections, offsets, several drawables, gradients, last values.
 *
 * One GIMP start renders everything (the first test that needs it runs
 * it); each test then checks the exported files against the core itself
 * and, at 8 bits, against the CLI: byte for byte. */
#include <string.h>

#include "gimp-batch.h"
#include "gimp-tests.h"
#include "image-io.h"
#include "reference.h"

#define W 97
#define H 61

/* Every render uses these besides its pattern: small features, so a 97x61
 * image holds a few of them. */
static const char *const base_kv[] = { "seed=3", "scale=24", NULL };

typedef struct
{
  const char *name;       /* file suffix and output key */
  const char *base;       /* Script-Fu image base type */
  const char *precision;
  const char *format;     /* tsr-export format */
  const char *ext;
} Kind;

static const Kind kinds[] = {
  { "rgb8",  "RGB",  "PRECISION-U8-NON-LINEAR",  "rgb8",  "png" },
  { "rgb16", "RGB",  "PRECISION-U16-NON-LINEAR", "rgb16", "png" },
  { "float", "RGB",  "PRECISION-FLOAT-LINEAR",   "tiff",  "tif" },
  { "gray8", "GRAY", "PRECISION-U8-NON-LINEAR",  "gray8", "png" },
};

/* Scenarios besides the pattern x kind grid. */
#define SEL_X 20
#define SEL_Y 10
#define SEL_W 40
#define SEL_H 30
#define OFF_LW 50    /* the offset layer: 50 x 40 at (30, 15) */
#define OFF_LH 40
#define OFF_X 30
#define OFF_Y 15
#define TOP_W 40     /* multi: a 40 x 30 layer at (5, 5) over a full one */
#define TOP_H 30
#define TOP_X 5
#define TOP_Y 5
#define LARGE 1024  /* clouds seed=3: babl's own rounding differs in 18 samples */

static GimpBatchResult *batch;

static char *
kind_file (const char *pattern, const Kind *k)
{
  char *name = g_strdup_printf ("%s-%s.%s", pattern, k->name, k->ext);
  char *path = gimp_work_file (name);
  g_free (name);
  return path;
}

/* (tsr-out "KEY" ok-or-error) around a body that renders and exports. */
static void
append_case (GString *s, const char *key, const char *body)
{
  g_string_append_printf (s, "(tsr-out \"%s\" (tsr-try (lambda ()\n%s\n 'ok)))\n", key, body);
}

static void
append_grid (GString *s)
{
  char *args = gimp_named_args (base_kv);

  for (guint p = 0; p < tsr_n_patterns; p++)
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      {
        char *file = kind_file (tsr_patterns[p]->name, &kinds[k]);
        char *key = g_strdup_printf ("render-%s-%s", tsr_patterns[p]->name, kinds[k].name);
        char *body = g_strdup_printf (
          "(let* ((a (tsr-image %d %d %s %s)) (img (car a)) (lay (cadr a)))\n"
          "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img\n"
          "                   #:drawables (vector lay) #:pattern \"%s\"%s)\n"
          "  (tsr-export img \"%s\" \"%s\")\n"
          "  (gimp-image-delete img))",
          W, H, kinds[k].base, kinds[k].precision, tsr_patterns[p]->name, args,
          file, kinds[k].format);
        append_case (s, key, body);
        g_free (body), g_free (key), g_free (file);
      }
  g_free (args);
}

/* A positional call: every argument, in the order of tsr_params[], each
 * at its table default except the pattern and the seed. */
static char *
positional_call (const char *pattern, int seed)
{
  GString *c = g_string_new (NULL);

  g_string_append_printf (c, "(plug-in-tessera RUN-NONINTERACTIVE img (vector lay) \"%s\"", pattern);
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      const TsrParamSpec *p = &tsr_params[i];
      char num[G_ASCII_DTOSTR_BUF_SIZE];

      switch (p->type)
        {
        case TSR_TYPE_INT:
          g_string_append_printf (c, " %d", i == TSR_P_SEED ? seed : (int) p->def);
          break;
        case TSR_TYPE_DOUBLE:
          g_ascii_formatd (num, sizeof num, "%.17g", p->def);
          g_string_append_printf (c, " %s%s", num, strpbrk (num, ".e") ? "" : ".0");
          break;
        case TSR_TYPE_BOOL:
          g_string_append (c, p->def != 0 ? " TRUE" : " FALSE");
          break;
        case TSR_TYPE_CHOICE:
          g_string_append_printf (c, " \"%s\"", p->choices[(guint) p->def].name);
          break;
        case TSR_TYPE_COLOR:
          g_string_append_printf (c, " '(%u %u %u)", (guint) (p->def_color.r * 255 + 0.5f),
                                  (guint) (p->def_color.g * 255 + 0.5f),
                                  (guint) (p->def_color.b * 255 + 0.5f));
          break;
        default:
          g_assert_not_reached ();
        }
    }
  g_string_append (c, " \"\")");   /* gradient */
  return g_string_free (c, FALSE);
}

static void
append_scenarios (GString *s)
{
  char *args = gimp_named_args (base_kv);
  char *f1 = gimp_work_file ("selection.png");
  char *f2 = gimp_work_file ("offset.png");
  char *f3 = gimp_work_file ("multi.png");
  char *f4 = gimp_work_file ("gradient.png");
  char *f5 = gimp_work_file ("gradient-spectrum.png");
  char *f6 = gimp_work_file ("lastvals-a.png");
  char *f7 = gimp_work_file ("lastvals-b.png");
  char *body;

  /* Positional arguments, in the tables' order. */
  {
    char *call = positional_call ("marble", 7);
    char *f = gimp_work_file ("positional.png");
    body = g_strdup_printf (
      "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
      "  %s\n"
      "  (tsr-export img \"%s\" \"rgb8\") (gimp-image-delete img))", W, H, call, f);
    append_case (s, "positional", body);
    g_free (body), g_free (call), g_free (f);
  }

  /* A rectangular selection: only its pixels change. */
  body = g_strdup_printf (
    "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (gimp-image-select-rectangle img CHANNEL-OP-REPLACE %d %d %d %d)\n"
    "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                   #:pattern \"clouds\"%s)\n"
    "  (tsr-export img \"%s\" \"rgb8\") (gimp-image-delete img))",
    W, H, SEL_X, SEL_Y, SEL_W, SEL_H, args, f1);
  append_case (s, "selection", body);
  g_free (body);

  /* A layer smaller than the image, offset: texture coordinates are the
   * layer's, the selection (image coordinates) clips it. */
  body = g_strdup_printf (
    "(let* ((img (car (gimp-image-new %d %d RGB)))\n"
    "       (lay (car (gimp-layer-new img \"small\" %d %d RGB-IMAGE 100 LAYER-MODE-NORMAL))))\n"
    "  (gimp-image-insert-layer img lay 0 0)\n"
    "  (gimp-layer-set-offsets lay %d %d)\n"
    "  (gimp-drawable-fill lay FILL-WHITE)\n"
    "  (gimp-image-select-rectangle img CHANNEL-OP-REPLACE 10 10 40 30)\n"
    "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                   #:pattern \"turbulence\"%s)\n"
    "  (gimp-selection-none img)\n"
    "  (gimp-image-resize-to-layers img)\n"
    "  (tsr-export img \"%s\" \"rgb8\") (gimp-image-delete img))",
    W, H, OFF_LW, OFF_LH, OFF_X, OFF_Y, args, f2);
  append_case (s, "offset", body);
  g_free (body);

  /* Two drawables in one call: each gets a texture of its own size. */
  body = g_strdup_printf (
    "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a))\n"
    "       (top (car (gimp-layer-new img \"top\" %d %d RGB-IMAGE 100 LAYER-MODE-NORMAL))))\n"
    "  (gimp-image-insert-layer img top 0 0)\n"
    "  (gimp-layer-set-offsets top %d %d)\n"
    "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector top lay)\n"
    "                   #:pattern \"cells\"%s)\n"
    "  (tsr-export img \"%s\" \"rgb8\") (gimp-image-delete img))",
    W, H, TOP_W, TOP_H, TOP_X, TOP_Y, args, f3);
  append_case (s, "multi", body);
  g_free (body);

  /* A GIMP gradient: FG to BG (RGB) from black to red is the core's two
   * colours black and red. */
  body = g_strdup_printf (
    "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (gimp-context-set-foreground '(0 0 0))\n"
    "  (gimp-context-set-background '(255 0 0))\n"
    "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                   #:pattern \"clouds\" #:gradient \"FG to BG (RGB)\"%s)\n"
    "  (tsr-export img \"%s\" \"rgb8\") (gimp-image-delete img))",
    W, H, args, f4);
  append_case (s, "gradient", body);
  g_free (body);

  body = g_strdup_printf (
    "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                   #:pattern \"perlin\" #:gradient \"Full Saturation Spectrum CCW\"%s)\n"
    "  (tsr-export img \"%s\" \"rgb8\") (gimp-image-delete img))",
    W, H, args, f5);
  append_case (s, "gradient-spectrum", body);
  g_free (body);

  /* RUN-WITH-LAST-VALS after non-interactive runs only: GIMP 3 saves last
   * values after interactive runs (gimp_procedure_config_end_run), so this
   * renders the defaults.  The GUI test checks it after the dialog. */
  body = g_strdup_printf (
    "(let* ((a (tsr-image %d %d RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                   #:pattern \"wood\" #:seed 11 #:scale 30.0 #:rings 5.0)\n"
    "  (tsr-export img \"%s\" \"rgb8\")\n"
    "  (plug-in-tessera #:run-mode RUN-WITH-LAST-VALS #:image img #:drawables (vector lay))\n"
    "  (tsr-export img \"%s\" \"rgb8\") (gimp-image-delete img))",
    W, H, f6, f7);
  append_case (s, "lastvals", body);
  g_free (body);

  /* A million pixels into RGB and RGBA layers: enough samples to meet
   * rounding differences (babl's float -> u8 alone gives 18 here). */
  for (int alpha = 0; alpha < 2; alpha++)
    {
      char *f = gimp_work_file (alpha ? "large-rgba.png" : "large-rgb.png");
      body = g_strdup_printf (
        "(let* ((img (car (gimp-image-new %d %d RGB)))\n"
        "       (lay (car (gimp-layer-new img \"bg\" %d %d %s 100 LAYER-MODE-NORMAL))))\n"
        "  (gimp-image-insert-layer img lay 0 0)\n"
        "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
        "                   #:pattern \"clouds\" #:seed 3)\n"
        "  (tsr-export img \"%s\" \"%s\") (gimp-image-delete img))",
        LARGE, LARGE, LARGE, LARGE, alpha ? "RGBA-IMAGE" : "RGB-IMAGE", f,
        alpha ? "rgba8" : "rgb8");
      append_case (s, alpha ? "large-rgba" : "large-rgb", body);
      g_free (body), g_free (f);
    }

  g_free (args);
  g_free (f1), g_free (f2), g_free (f3), g_free (f4), g_free (f5), g_free (f6), g_free (f7);
}

static const GimpBatchResult *
render_batch (void)
{
  GString *s;

  if (batch != NULL)
    return batch;
  s = g_string_new (NULL);
  append_grid (s);
  append_scenarios (s);
  batch = gimp_batch (s->str, 150, NULL, NULL);
  g_test_message ("GIMP rendered %u patterns x %u kinds and the scenarios in %.1f s",
                  tsr_n_patterns, (guint) G_N_ELEMENTS (kinds), batch->seconds);
  g_string_free (s, TRUE);
  return batch;
}

static void
assert_case_ok (const char *key)
{
  char *v = gimp_batch_get (render_batch (), key);

  if (g_strcmp0 (v, "ok") != 0)
    g_error ("%s: %s\nGIMP's output:\n%s\n%s", key, v ? v : "(no result printed)",
             render_batch ()->out, render_batch ()->err);
  g_free (v);
}

static TestImage *
read_export (const char *path)
{
  GError *error = NULL;
  TestImage *im = g_str_has_suffix (path, ".tif") ? test_image_read_tiff (path, &error)
                                                  : test_image_read_png (path, &error);
  g_assert_no_error (error);
  return im;
}

/* ---- the pattern x kind grid ------------------------------------------- */

static float *
grid_reference (const char *pattern)
{
  TsrTexture *tex = ref_texture (pattern, base_kv, W, H, NULL);
  float *rgba = ref_rgba (tex, 0, 0, W, H);
  tsr_texture_free (tex);
  return rgba;
}

/* Checks every exported colour sample against expect (pixel, channel),
 * within tol; reports the worst. */
typedef double (*Expect) (const float *rgba, int c);

static void
compare (const char *what, const TestImage *im, const float *ref, Expect expect,
         int n_color, double tol)
{
  double worst = 0, worst_got = 0, worst_want = 0;
  int worst_i = 0, bad = 0;

  for (int i = 0; i < im->width * im->height; i++)
    for (int c = 0; c < MIN (n_color, im->channels); c++)
      {
        double e = expect (ref + 4 * i, c);
        double got = im->depth == 32 ? im->value[i * im->channels + c]
                                     : im->raw[i * im->channels + c];
        double d = fabs (got - e);
        bad += d > tol;
        if (d > worst)
          worst = d, worst_i = i, worst_got = got, worst_want = e;
      }
  if (bad > 0)
    g_error ("%s: %d samples differ from the core by more than %g (worst at %d,%d: %.9g, "
             "expected %.9g)", what, bad, tol, worst_i % im->width, worst_i / im->width,
             worst_got, worst_want);
  if (g_test_verbose ())
    g_test_message ("%s: worst difference from the core %g", what, worst);
}

static double expect_u8 (const float *p, int c) { return test_reference_quantize (p[c], 255); }
static double expect_u16 (const float *p, int c) { return test_reference_quantize (p[c], 65535); }
static double expect_linear (const float *p, int c) { return ref_srgb_to_linear (p[c]); }
static double expect_gray8 (const float *p, int c G_GNUC_UNUSED)
{
  return test_reference_quantize ((float) ref_linear_to_srgb (ref_luminance (p)), 255);
}

/* The layer tiles: its first column and row are the core's texture one
 * pixel past the tile's last, to the body's tolerance.  What continues
 * the layer across its wrap is exactly known, so no step between
 * neighbours has to be guessed at (a brick joint may lie on the wrap). */
static void
check_wraps (const char *what, const char *pattern, const TestImage *im, Expect expect,
             int n_color, double tol)
{
  TsrTexture *tex = ref_texture (pattern, base_kv, W, H, NULL);
  float *past[2] = { ref_rgba (tex, W, 0, 1, H), ref_rgba (tex, 0, H, W, 1) };

  for (int across = 0; across < 2; across++)
    for (int i = 0; i < (across ? W : H); i++)
      for (int c = 0; c < MIN (n_color, im->channels); c++)
        {
          const int x = across ? i : 0, y = across ? 0 : i;
          const gsize at = ((gsize) y * im->width + x) * im->channels + c;
          double want = expect (past[across] + 4 * i, c);
          double got = im->depth == 32 ? im->value[at] : im->raw[at];

          if (fabs (got - want) > tol)
            g_error ("%s: seam: the layer's first %s is %.9g at (%d, %d), where the texture "
                     "continued past the tile's last gives %.9g", what,
                     across ? "row" : "column", got, x, y, want);
        }
  g_free (past[0]), g_free (past[1]);
  tsr_texture_free (tex);
}

static void
check_grid_image (const char *pattern, const Kind *k, const TestImage *im, const float *ref,
                  Expect expect, double tol)
{
  char *what = g_strdup_printf ("%s/%s", pattern, k->name);
  gboolean gray = strcmp (k->base, "GRAY") == 0;

  if (im->width != W || im->height != H)
    g_error ("%s: exported %dx%d, expected %dx%d", what, im->width, im->height, W, H);
  g_assert_cmpint (im->channels, ==, gray ? 1 : 3);
  test_check_varied (what, im);
  compare (what, im, ref, expect, im->channels, tol);
  check_wraps (what, pattern, im, expect, im->channels, tol);
  g_free (what);
}

/* `tessera render PATTERN seed=3 scale=24 --size WxH --depth D`, read back;
 * NULL when the CLI is not known. */
static TestImage *
cli_render (const char *pattern, int depth)
{
  const char *cli = g_getenv ("TESSERA_CLI");
  char *out, *size, *d;
  int status = -1;
  GError *error = NULL;
  TestImage *im;

  if (cli == NULL)
    return NULL;
  out = g_strdup_printf ("%s/cli-%s-%d.png", gimp_work_dir (), pattern, depth);
  size = g_strdup_printf ("%dx%d", W, H);
  d = g_strdup_printf ("%d", depth);
  {
    const char *argv[] = { cli, "render", pattern, base_kv[0], base_kv[1], "--size", size,
                           "--depth", d, "-o", out, NULL };
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL,
                  &status, &error);
  }
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  im = read_export (out);
  g_free (out), g_free (size), g_free (d);
  return im;
}

static void
check_same_as_cli (const char *what, const char *pattern, const TestImage *im)
{
  g_autoptr (TestImage) c = cli_render (pattern, im->depth);

  if (c == NULL)
    {
      g_test_message ("TESSERA_CLI not set: %s compared with the core only", what);
      return;
    }
  g_assert_cmpint (c->width, ==, im->width);
  g_assert_cmpint (c->height, ==, im->height);
  g_assert_cmpint (c->depth, ==, im->depth);
  /* the CLI writes a grey texture as one grey channel, GIMP's RGB layer as
   * three equal ones */
  for (int y = 0; y < im->height; y++)
    for (int x = 0; x < im->width; x++)
      for (int k = 0; k < MAX (im->channels, c->channels); k++)
        if (test_image_raw_at (c, x, y, k) != test_image_raw_at (im, x, y, k))
          g_error ("%s: GIMP's export differs from `tessera render ... --depth %d` at "
                   "(%d, %d)", what, im->depth, x, y);
}

static void
test_render_rgb8 (void)
{
  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      const char *name = tsr_patterns[p]->name;
      char *key = g_strdup_printf ("render-%s-rgb8", name);
      char *file = kind_file (name, &kinds[0]);
      g_autoptr (TestImage) im = NULL;
      float *ref = grid_reference (name);
      char *what = g_strdup_printf ("%s/rgb8", name);

      assert_case_ok (key);
      im = read_export (file);
      g_assert_cmpint (im->depth, ==, 8);
      check_grid_image (name, &kinds[0], im, ref, expect_u8, 0);   /* byte-equal to the core */
      check_same_as_cli (what, name, im);         /* ... and to the CLI */
      g_free (ref), g_free (key), g_free (file), g_free (what);
    }
}

static void
check_kind (guint k, Expect expect, double tol)
{
  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      const char *name = tsr_patterns[p]->name;
      char *key = g_strdup_printf ("render-%s-%s", name, kinds[k].name);
      char *file = kind_file (name, &kinds[k]);
      char *what = g_strdup_printf ("%s/%s", name, kinds[k].name);
      g_autoptr (TestImage) im = NULL;
      float *ref = grid_reference (name);

      assert_case_ok (key);
      im = read_export (file);
      check_grid_image (name, &kinds[k], im, ref, expect, tol);
      if (k == 1)
        check_same_as_cli (what, name, im);
      if (k == 2)
        test_check_float_levels (what, im);
      g_free (ref), g_free (key), g_free (file), g_free (what);
    }
}

static void
test_render_rgb16 (void)
{
  /* The plug-in rounds 16-bit sRGB itself, as the CLI does: exact. */
  check_kind (1, expect_u16, 0);
}

static void
test_render_float (void)
{
  /* A linear float layer: babl removes the sRGB curve, nothing is quantised. */
  check_kind (2, expect_linear, 2e-6);
}

static void
test_render_gray (void)
{
  /* GIMP's gray is the luminance of the colours, in 8 bits. */
  check_kind (3, expect_gray8, 1);
}

/* ---- scenarios -------------------------------------------------------- */

static void
test_selection (void)
{
  g_autoptr (TestImage) im = NULL;
  char *file = gimp_work_file ("selection.png");
  TsrTexture *tex = ref_texture ("clouds", base_kv, W, H, NULL);
  float *ref = ref_rgba (tex, 0, 0, W, H);
  int changed = 0;

  assert_case_ok ("selection");
  im = read_export (file);
  g_assert_cmpint (im->width, ==, W);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        gboolean inside = x >= SEL_X && x < SEL_X + SEL_W && y >= SEL_Y && y < SEL_Y + SEL_H;
        for (int c = 0; c < 3; c++)
          {
            guint got = im->raw[(y * W + x) * 3 + c];
            guint want = inside ? test_reference_quantize (ref[(y * W + x) * 4 + c], 255) : 255;
            if (got != want)
              g_error ("selection: pixel %d,%d channel %d is %u, expected %u (%s the selection)",
                       x, y, c, got, want, inside ? "inside" : "outside");
            changed += got != 255;
          }
      }
  g_assert_cmpint (changed, >, 0);
  g_free (ref), g_free (file);
  tsr_texture_free (tex);
}

static void
test_offset_layer (void)
{
  g_autoptr (TestImage) im = NULL;
  char *file = gimp_work_file ("offset.png");
  TsrTexture *tex = ref_texture ("turbulence", base_kv, OFF_LW, OFF_LH, NULL);
  float *ref = ref_rgba (tex, 0, 0, OFF_LW, OFF_LH);
  /* The selection (10, 10, 40, 30) in layer coordinates. */
  const int x0 = MAX (0, 10 - OFF_X), y0 = MAX (0, 10 - OFF_Y);
  const int x1 = MIN (OFF_LW, 50 - OFF_X), y1 = MIN (OFF_LH, 40 - OFF_Y);

  assert_case_ok ("offset");
  im = read_export (file);
  g_assert_cmpint (im->width, ==, OFF_LW);
  g_assert_cmpint (im->height, ==, OFF_LH);
  for (int y = 0; y < OFF_LH; y++)
    for (int x = 0; x < OFF_LW; x++)
      for (int c = 0; c < 3; c++)
        {
          gboolean inside = x >= x0 && x < x1 && y >= y0 && y < y1;
          guint got = im->raw[(y * OFF_LW + x) * 3 + c];
          guint want = inside ? test_reference_quantize (ref[(y * OFF_LW + x) * 4 + c], 255) : 255;
          if (got != want)
            g_error ("offset layer: pixel %d,%d channel %d is %u, expected %u", x, y, c, got, want);
        }
  g_free (ref), g_free (file);
  tsr_texture_free (tex);
}

static void
test_multi_drawable (void)
{
  g_autoptr (TestImage) im = NULL;
  char *file = gimp_work_file ("multi.png");
  TsrTexture *big = ref_texture ("cells", base_kv, W, H, NULL);
  TsrTexture *small = ref_texture ("cells", base_kv, TOP_W, TOP_H, NULL);
  float *rb = ref_rgba (big, 0, 0, W, H), *rs = ref_rgba (small, 0, 0, TOP_W, TOP_H);

  assert_case_ok ("multi");
  im = read_export (file);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        gboolean top = x >= TOP_X && x < TOP_X + TOP_W && y >= TOP_Y && y < TOP_Y + TOP_H;
        const float *p = top ? rs + 4 * ((y - TOP_Y) * TOP_W + (x - TOP_X)) : rb + 4 * (y * W + x);
        for (int c = 0; c < 3; c++)
          if (im->raw[(y * W + x) * 3 + c] != test_reference_quantize (p[c], 255))
            g_error ("two drawables: pixel %d,%d differs from the %s layer's own texture",
                     x, y, top ? "top" : "bottom");
      }
  g_free (rb), g_free (rs), g_free (file);
  tsr_texture_free (big), tsr_texture_free (small);
}

static void
test_gradient (void)
{
  static const char *const kv[] = { "seed=3", "scale=24", "palette=colors",
                                    "color1=#000000", "color2=#ff0000", NULL };
  g_autoptr (TestImage) im = NULL;
  g_autoptr (TestImage) spectrum = NULL;
  char *file = gimp_work_file ("gradient.png");
  char *file2 = gimp_work_file ("gradient-spectrum.png");
  TsrTexture *tex = ref_texture ("clouds", kv, W, H, NULL);
  float *ref = ref_rgba (tex, 0, 0, W, H);
  int hue_spread = 0;

  assert_case_ok ("gradient");
  im = read_export (file);
  /* 256 samples of GIMP's perceptual blend vs the core's two colours:
   * the same line, so within a rounding step. */
  compare ("gradient FG to BG (RGB)", im, ref, expect_u8, 3, 1);

  assert_case_ok ("gradient-spectrum");
  spectrum = read_export (file2);
  for (int i = 0; i < W * H; i++)
    {
      const guint16 *px = spectrum->raw + 3 * i;
      hue_spread |= (px[0] > 200 && px[1] < 80) << 0;   /* reds */
      hue_spread |= (px[1] > 200 && px[0] < 80) << 1;   /* greens */
      hue_spread |= (px[2] > 200 && px[0] < 80) << 2;   /* blues */
    }
  if (hue_spread != 7)
    g_error ("gradient 'Full Saturation Spectrum CCW': expected reds, greens and blues (mask %d)",
             hue_spread);
  g_free (ref), g_free (file), g_free (file2);
  tsr_texture_free (tex);
}

static void
test_last_vals (void)
{
  g_autoptr (TestImage) a = NULL;
  g_autoptr (TestImage) b = NULL;
  char *fa = gimp_work_file ("lastvals-a.png"), *fb = gimp_work_file ("lastvals-b.png");
  TsrTexture *tex = ref_texture ("clouds", NULL, W, H, NULL);
  float *ref = ref_rgba (tex, 0, 0, W, H);

  assert_case_ok ("lastvals");
  a = read_export (fa);
  b = read_export (fb);
  if (memcmp (a->raw, b->raw, sizeof (guint16) * W * H * 3) == 0)
    g_error ("RUN-WITH-LAST-VALS repeated a non-interactive run: GIMP 3 should not save those");
  compare ("RUN-WITH-LAST-VALS with no interactive run: the defaults", b, ref, expect_u8, 3, 0);
  g_free (ref), g_free (fa), g_free (fb);
  tsr_texture_free (tex);
}

static void
test_positional (void)
{
  g_autoptr (TestImage) im = NULL;
  char *f = gimp_work_file ("positional.png");
  TsrTexture *tex = ref_texture ("marble", (const char *const[]) { "seed=7", NULL }, W, H, NULL);
  float *ref = ref_rgba (tex, 0, 0, W, H);

  assert_case_ok ("positional");
  im = read_export (f);
  compare ("positional call", im, ref, expect_u8, 3, 0);
  g_free (ref), g_free (f);
  tsr_texture_free (tex);
}

static void
test_large (void)
{
  TsrTexture *tex = ref_texture ("clouds", (const char *const[]) { "seed=3", NULL },
                                 LARGE, LARGE, NULL);
  float *ref = ref_rgba (tex, 0, 0, LARGE, LARGE);

  for (int alpha = 0; alpha < 2; alpha++)
    {
      char *f = gimp_work_file (alpha ? "large-rgba.png" : "large-rgb.png");
      g_autoptr (TestImage) im = NULL;

      assert_case_ok (alpha ? "large-rgba" : "large-rgb");
      im = read_export (f);
      g_assert_cmpint (im->channels, ==, alpha ? 4 : 3);
      compare (alpha ? "1024x1024 RGBA" : "1024x1024 RGB", im, ref, expect_u8, 4, 0);
      g_free (f);
    }
  g_free (ref);
  tsr_texture_free (tex);
}

/* ---- registration ----------------------------------------------------- */

/* The procedure GIMP registered, as pluginrc records it: menu, label, image
 * types, and every argument from the tables, in order, with its range. */
static void
test_registration (void)
{
  char *rc_path = g_build_filename (gimp_profile_dir (), "pluginrc", NULL);
  char *rc = NULL, *block, *end;
  const char *at;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  render_batch ();
  g_assert_true (g_file_get_contents (rc_path, &rc, NULL, NULL));
  at = strstr (rc, "(proc-def \"plug-in-tessera\"");
  g_assert_nonnull (at);
  end = strstr (at + 1, "(proc-def ");
  block = end ? g_strndup (at, (gsize) (end - at)) : g_strdup (at);

  g_assert_nonnull (strstr (block, "\"Tessera: Render into _Layer…\""));
  /* GIMP 3.0 records the path as registered, 3.2 without its last '/'. */
  g_assert_true (strstr (block, "(menu-path \"<Image>/Filters/Render/\")") != NULL
                 || strstr (block, "(menu-path \"<Image>/Filters/Render\")") != NULL);
  g_assert_nonnull (strstr (block, "\"RGB*, GRAY*\""));

  g_ptr_array_add (names, g_strdup ("run-mode"));
  g_ptr_array_add (names, g_strdup ("image"));
  g_ptr_array_add (names, g_strdup ("drawables"));
  g_ptr_array_add (names, g_strdup ("pattern"));
  for (guint i = 0; i < TSR_P_COUNT; i++)
    g_ptr_array_add (names, g_strdup (tsr_params[i].name));
  g_ptr_array_add (names, g_strdup ("gradient"));

  at = block;
  for (guint i = 0; i < names->len; i++)
    {
      /* (proc-arg N "GParamX" "value-type" "name" ... ) */
      char *needle = g_strdup_printf ("\" \"%s\" \"", (char *) names->pdata[i]);
      const char *found = strstr (at, needle);
      if (found == NULL)
        g_error ("pluginrc: argument %u '%s' missing or out of order", i, (char *) names->pdata[i]);
      if (i >= 4 && i < 4 + TSR_P_COUNT)
        {
          const TsrParamSpec *spec = &tsr_params[i - 4];
          const char *eol = strchr (found, '\n');
          char *line = g_strndup (found, (gsize) (eol - found));
          if (spec->type == TSR_TYPE_INT || spec->type == TSR_TYPE_DOUBLE)
            {
              /* ... flags MIN MAX DEFAULT) */
              char **tok = g_strsplit (line, " ", -1);
              guint n = g_strv_length (tok);
              double lo = g_ascii_strtod (tok[n - 3], NULL);
              double hi = g_ascii_strtod (tok[n - 2], NULL);
              double def = g_ascii_strtod (tok[n - 1], NULL);   /* strtod stops at ')' */
              if (lo != spec->min || hi != spec->max || fabs (def - spec->def) > 1e-12)
                g_error ("pluginrc: '%s' registered as %g .. %g default %g, the table says %g .. %g default %g",
                         spec->name, lo, hi, def, spec->min, spec->max, spec->def);
              g_strfreev (tok);
            }
          else if (spec->type == TSR_TYPE_CHOICE)
            for (guint c = 0; c < spec->n_choices; c++)
              {
                char *nick = g_strdup_printf ("\"%s\" %u ", spec->choices[c].name, c);
                if (strstr (line, nick) == NULL)
                  g_error ("pluginrc: '%s' lacks choice %s", spec->name, nick);
                g_free (nick);
              }
          g_free (line);
        }
      at = found + 1;
      g_free (needle);
    }
  g_ptr_array_unref (names);
  g_free (block), g_free (rc), g_free (rc_path);
}

void
gimp_tests_add_render (void)
{
  g_test_add_func ("/gimp/render/rgb8-equals-core-and-cli", test_render_rgb8);
  g_test_add_func ("/gimp/render/rgb16", test_render_rgb16);
  g_test_add_func ("/gimp/render/float32-linear", test_render_float);
  g_test_add_func ("/gimp/render/gray8", test_render_gray);
  g_test_add_func ("/gimp/render/positional-arguments", test_positional);
  g_test_add_func ("/gimp/render/selection", test_selection);
  g_test_add_func ("/gimp/render/offset-layer", test_offset_layer);
  g_test_add_func ("/gimp/render/two-drawables", test_multi_drawable);
  g_test_add_func ("/gimp/render/gradient", test_gradient);
  g_test_add_func ("/gimp/render/last-vals-batch", test_last_vals);
  g_test_add_func ("/gimp/render/rgb8-large", test_large);
  g_test_add_func ("/gimp/render/registration", test_registration);
}
