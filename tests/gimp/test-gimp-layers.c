/* The plug-in's frames and material layers in the real GIMP 3: `frames`
 * turns the layer into frame 1 and adds frames 2 .. N above it, named for
 * GIMP's animation playback ("Frame 2 (83ms)"), and `material-layers`
 * adds the other maps of the material set above them, named as
 * `material-naming`'s engine names its files (Unreal by default: DirectX
 * normals, ORM); each holds the texture the CLI renders with that time or
 * map.  A channel cannot get them.
 *
 * Text layers (and GIMP 3.2's vector and link layers) get the texture as
 * GIMP 3.2's own render filters leave text and vector layers: pixels
 * written and the layer rasterized (its source kept for "Revert
 * Rasterize"), never a layer whose next text edit or file reload would
 * silently drop the texture.  (GIMP's own filters leave a link layer
 * unrasterized, so a reload of its file loses their work: Tessera
 * rasterizes it as well.) */
#include <string.h>

#include "gimp-batch.h"
#include "gimp-tests.h"
#include "image-io.h"
#include "tessera.h"

static const char *const expected_names[] = {
  "T_bg_ORM", "T_bg_Curvature", "T_bg_AO", "T_bg_Roughness", "T_bg_Normal", "T_bg_Height",
  "Frame 3 (83ms)", "Frame 2 (83ms)", "Frame 1 (83ms)",
};

static void
test_frames_and_material (void)
{
  const char *dir = gimp_work_dir ();
  g_autofree char *script = g_strdup_printf (
    "(let* ((a (tsr-image 64 48 RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                   #:pattern \"clouds\" #:seed 4 #:frames 3 #:material-layers TRUE)\n"
    "  (let* ((layers (car (gimp-image-get-layers img))) (n (vector-length layers)))\n"
    "    (tsr-out \"count\" n)\n"
    "    (let loop ((i 0))\n"
    "      (when (< i n)\n"
    "        (tsr-out (string-append \"name-\" (number->string i))\n"
    "                 (car (gimp-item-get-name (vector-ref layers i))))\n"
    "        (let loop2 ((k 0))\n"
    "          (when (< k n)\n"
    "            (gimp-item-set-visible (vector-ref layers k) (if (= k i) TRUE FALSE))\n"
    "            (loop2 (+ k 1))))\n"
    "        (tsr-export img (string-append \"%s/\" \"layer-\" (number->string i) \".png\") \"rgb8\")\n"
    "        (loop (+ i 1))))))\n"
    "(let* ((img (car (gimp-image-new 32 24 RGB)))\n"
    "       (ch (car (gimp-channel-new img \"mask\" 32 24 50.0 '(0 0 0)))))\n"
    "  (gimp-image-insert-channel img ch -1 0)\n"
    "  (tsr-out \"channel-error\" (tsr-try (lambda () (plug-in-tessera #:run-mode RUN-NONINTERACTIVE\n"
    "    #:image img #:drawables (vector ch) #:frames 2))))\n"
    "  (tsr-out \"channel-layers\" (vector-length (car (gimp-image-get-layers img)))))\n",
    dir);
  g_autoptr (GimpBatchResult) r = gimp_batch (script, 120, NULL, NULL);
  g_autofree char *count = gimp_batch_get (r, "count");
  g_autofree char *channel_error = gimp_batch_get (r, "channel-error");
  const char *frame2[] = { "clouds", "seed=4", "time=0.33333333333333331", "--size", "64x48", NULL };
  const char *frame3[] = { "clouds", "seed=4", "time=0.66666666666666663", "--size", "64x48", NULL };
  const char *frame1[] = { "clouds", "seed=4", "--size", "64x48", NULL };
  const char *height[] = { "clouds", "seed=4", "map=height", "--size", "64x48", NULL };
  const char *normal[] = { "clouds", "seed=4", "map=normal", "normal-format=directx", "--size",
                           "64x48", NULL };
  const char *rough[] = { "clouds", "seed=4", "map=roughness", "--size", "64x48", NULL };
  const char *ao[] = { "clouds", "seed=4", "map=ao", "--size", "64x48", NULL };
  const char *curv[] = { "clouds", "seed=4", "map=curvature", "--size", "64x48", NULL };
  const char *orm[] = { "clouds", "seed=4", "map=orm", "--size", "64x48", NULL };
  const char *const *want[] = { orm, curv, ao, rough, normal, height, frame3, frame2, frame1 };

  if (!r->ok)
    g_error ("GIMP failed:\n%s\n%s", r->out, r->err);
  g_assert_cmpstr (count, ==, "9");
  for (guint i = 0; i < G_N_ELEMENTS (expected_names); i++)
    {
      g_autofree char *key = g_strdup_printf ("name-%u", i);
      g_autofree char *name = gimp_batch_get (r, key);
      g_autofree char *layer_png = g_strdup_printf ("layer-%u.png", i);
      g_autofree char *cli_png = g_strdup_printf ("cli-%u.png", i);
      g_autoptr (TestImage) got = test_load_work_png (layer_png);
      g_autoptr (TestImage) cli = test_cli_render (cli_png, want[i]);
      gsize n_differ;

      g_assert_cmpstr (name, ==, expected_names[i]);
      if (test_max_levels (got, cli, &n_differ) > 0)
        g_error ("layer '%s' differs from tessera render in %" G_GSIZE_FORMAT " samples",
                 name, n_differ);
    }
  g_assert_nonnull (channel_error);
  g_assert_nonnull (strstr (channel_error, "'mask' is not a layer"));
  {
    g_autofree char *layers = gimp_batch_get (r, "channel-layers");
    g_assert_cmpstr (layers, ==, "0");
  }
}

/* Python, because Script-Fu cannot pass GIMP 3.2's GimpRasterizable.  Each
 * special layer gets a plain twin of its size and place in the same call:
 * the same settings and size give the same pixels, so the twin (checked
 * against the CLI elsewhere) is the reference. */
static const char rasterizable_script[] =
  "from gi.repository import Gimp, Gegl, Gio\n"
  "W, H = 64, 48\n"
  "img = Gimp.Image.new(W, H, Gimp.ImageBaseType.RGB)\n"
  "bg = Gimp.Layer.new(img, 'bg', W, H, Gimp.ImageType.RGB_IMAGE, 100, Gimp.LayerMode.NORMAL)\n"
  "img.insert_layer(bg, None, 0)\n"
  "font = Gimp.context_get_font()\n"
  "def text(words):\n"
  "    l = Gimp.TextLayer.new(img, words, font, 24, Gimp.Unit.pixel())\n"
  "    img.insert_layer(l, None, 0)\n"
  "    return l\n"
  "kinds = {'text': text('Tessera')}\n"
  "rasterizable = hasattr(Gimp, 'Rasterizable')\n"
  "print('TSR rasterizable', 'yes' if rasterizable else 'no')\n"
  "if rasterizable:\n"
  "    path = Gimp.Path.new(img, 'outline')\n"
  "    img.insert_path(path, None, 0)\n"
  "    s = path.bezier_stroke_new_moveto(4, 4)\n"
  "    path.bezier_stroke_lineto(s, 60, 8)\n"
  "    path.bezier_stroke_lineto(s, 30, 44)\n"
  "    path.stroke_close(s)\n"
  "    v = Gimp.VectorLayer.new(img, path)\n"
  "    img.insert_layer(v, None, 0)\n"
  "    kinds['vector'] = v\n"
  "    src = Gimp.Image.new(20, 10, Gimp.ImageBaseType.RGB)\n"
  "    sl = Gimp.Layer.new(src, 's', 20, 10, Gimp.ImageType.RGB_IMAGE, 100, Gimp.LayerMode.NORMAL)\n"
  "    src.insert_layer(sl, None, 0)\n"
  "    sl.fill(Gimp.FillType.WHITE)\n"
  "    f = Gio.File.new_for_path('%s/link-source.png')\n"
  "    Gimp.file_save(Gimp.RunMode.NONINTERACTIVE, src, f, None)\n"
  "    k = Gimp.LinkLayer.new(img, f)\n"
  "    img.insert_layer(k, None, 0)\n"
  "    kinds['link'] = k\n"
  "    own = text('GIMP')\n"
  "    own.merge_filter(Gimp.DrawableFilter.new(own, 'gegl:noise-solid', None))\n"
  "    print('TSR gimp-filter-rasterized', own.is_rasterized())\n"
  "before = {}\n"
  "def pixels(l):\n"
  "    r = Gegl.Rectangle.new(0, 0, l.get_width(), l.get_height())\n"
  "    return bytes(l.get_buffer().get(r, 1.0, \"R'G'B'A u8\", Gegl.AbyssPolicy.NONE))\n"
  "twins = {}\n"
  "for name, l in kinds.items():\n"
  "    t = Gimp.Layer.new(img, name + ' twin', l.get_width(), l.get_height(),\n"
  "                       Gimp.ImageType.RGBA_IMAGE, 100, Gimp.LayerMode.NORMAL)\n"
  "    img.insert_layer(t, None, 0)\n"
  "    t.set_offsets(*l.get_offsets()[1:])\n"
  "    twins[name] = t\n"
  "    before[name] = pixels(l)\n"
  "proc = Gimp.get_pdb().lookup_procedure('plug-in-tessera')\n"
  "c = proc.create_config()\n"
  "c.set_property('run-mode', Gimp.RunMode.NONINTERACTIVE)\n"
  "c.set_property('image', img)\n"
  "c.set_core_object_array('drawables', list(kinds.values()) + list(twins.values()))\n"
  "c.set_property('pattern', 'clouds')\n"
  "c.set_property('seed', 4)\n"
  "print('TSR status', proc.run(c).index(0) == Gimp.PDBStatusType.SUCCESS)\n"
  "for name, l in kinds.items():\n"
  "    l = Gimp.Item.get_by_id(l.get_id())\n"
  "    got = pixels(l)\n"
  "    print('TSR %%s-size' %% name, l.get_width(), l.get_height())\n"
  "    print('TSR %%s-textured' %% name, got == pixels(twins[name]) and got != before[name])\n"
  "    if rasterizable:\n"
  "        print('TSR %%s-rasterized' %% name, l.is_rasterized())\n";

static void
test_rasterizable (void)
{
  g_autofree char *script = g_strdup_printf (rasterizable_script, gimp_work_dir ());
  g_autoptr (GimpBatchResult) r = gimp_batch_python (script, 120);
  g_autofree char *status = gimp_batch_get (r, "status");
  g_autofree char *rasterizable = gimp_batch_get (r, "rasterizable");
  gboolean gimp_3_2 = g_strcmp0 (rasterizable, "yes") == 0;
  const char *const kinds[] = { "text", "vector", "link" };

  if (!r->ok)
    g_error ("GIMP failed:\n%s\n%s", r->out, r->err);
  g_assert_cmpstr (status, ==, "True");
  if (gimp_3_2)
    {
      g_autofree char *own = gimp_batch_get (r, "gimp-filter-rasterized");
      g_assert_cmpstr (own, ==, "True");
    }
  for (guint i = 0; i < (gimp_3_2 ? G_N_ELEMENTS (kinds) : 1); i++)
    {
      g_autofree char *key = g_strdup_printf ("%s-textured", kinds[i]);
      g_autofree char *textured = gimp_batch_get (r, key);
      g_autofree char *rkey = g_strdup_printf ("%s-rasterized", kinds[i]);
      g_autofree char *rasterized = gimp_batch_get (r, rkey);
      g_autofree char *skey = g_strdup_printf ("%s-size", kinds[i]);
      g_autofree char *size = gimp_batch_get (r, skey);

      g_test_message ("%s layer (%s): textured %s, rasterized %s", kinds[i], size, textured,
                      rasterized ? rasterized : "(GIMP 3.0 has no rasterizable layers)");
      if (g_strcmp0 (textured, "True") != 0)
        g_error ("the %s layer does not hold the texture:\n%s\n%s", kinds[i], r->out, r->err);
      if (gimp_3_2 && g_strcmp0 (rasterized, "True") != 0)
        g_error ("the %s layer was not rasterized as GIMP's own filters leave it:\n%s",
                 kinds[i], r->out);
    }
}

/* The largest difference of two images' raw samples (same size and
 * channels). */
static int
max_raw_difference (const TestImage *a, const TestImage *b)
{
  int worst = 0;

  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  g_assert_cmpint (a->channels, ==, b->channels);
  for (gsize i = 0; i < (gsize) a->width * a->height * a->channels; i++)
    worst = MAX (worst, ABS ((int) a->raw[i] - (int) b->raw[i]));
  return worst;
}

/* `material-folder` exports the set from Script-Fu in the same call:
 * glTF's files, each the CLI's pixels of its map, at the set's depths
 * from an 8-bit image (8-bit maps, the height 16-bit grey as the CLI's
 * `--depth 16`, within one level of 65535: GIMP's grey is the luminance
 * of equal R'G'B'); a folder that is missing is refused before anything
 * is rendered. */
static void
test_material_export (void)
{
  const char *dir = gimp_work_dir ();
  g_autofree char *set = g_build_filename (dir, "set", NULL);
  g_autofree char *script = g_strdup_printf (
    "(let* ((a (tsr-image 64 48 RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (gimp-item-set-name lay \"oak\")\n"
    "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                   #:pattern \"clouds\" #:seed 4 #:material-layers TRUE\n"
    "                   #:material-naming \"gltf\" #:material-folder \"%s\")\n"
    "  (tsr-out \"layers\" (vector-length (car (gimp-image-get-layers img))))\n"
    "  (tsr-out \"missing-error\" (tsr-try (lambda () (plug-in-tessera\n"
    "    #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "    #:material-layers TRUE #:material-folder \"%s/missing\"))))\n"
    "  (tsr-out \"layers-after\" (vector-length (car (gimp-image-get-layers img)))))\n",
    set, set);
  static const char *const files[] = {
    "oak_baseColor.png", "oak_normal.png", "oak_height.png", "oak_roughness.png",
    "oak_occlusion.png", "oak_curvature.png", "oak_occlusionRoughnessMetallic.png",
  };
  static const char *const maps[] = {
    "map=color", "map=normal", "map=height", "map=roughness", "map=ao", "map=curvature",
    "map=orm",
  };
  static const TsrMap map_ids[] = {
    TSR_MAP_COLOR, TSR_MAP_NORMAL, TSR_MAP_HEIGHT, TSR_MAP_ROUGHNESS, TSR_MAP_AO,
    TSR_MAP_CURVATURE, TSR_MAP_ORM,
  };
  g_autoptr (GimpBatchResult) r = NULL;
  g_autofree char *layers = NULL, *missing = NULL, *after = NULL;

  g_assert_cmpint (g_mkdir_with_parents (set, 0700), ==, 0);
  r = gimp_batch (script, 120, NULL, NULL);
  if (!r->ok)
    g_error ("GIMP failed:\n%s\n%s", r->out, r->err);
  layers = gimp_batch_get (r, "layers");
  missing = gimp_batch_get (r, "missing-error");
  after = gimp_batch_get (r, "layers-after");
  g_assert_cmpstr (layers, ==, "7");
  g_assert_nonnull (missing);
  g_assert_nonnull (strstr (missing, "missing"));
  g_assert_cmpstr (after, ==, "7");
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *name = g_build_filename ("set", files[i], NULL);
      g_autofree char *cli_png = g_strdup_printf ("cli-export-%u.png", i);
      const char *args[] = { "clouds", "seed=4", maps[i], "--size", "64x48", NULL };
      const char *args16[] = { "clouds", "seed=4", maps[i], "--size", "64x48", "--depth", "16",
                               NULL };
      const gboolean height = strcmp (maps[i], "map=height") == 0;
      g_autoptr (TestImage) got = test_load_work_png (name);
      g_autoptr (TestImage) cli = test_cli_render (cli_png, height ? args16 : args);
      gsize n_differ;

      g_test_message ("%s: %d-bit, %d channels", files[i], got->depth, got->channels);
      g_assert_cmpint (got->depth, ==, height ? 16 : 8);
      /* grey or RGB as the CLI writes the map: both read
       * tsr_settings_content (the map kind's row and the colours; these
       * clouds' default colours are grey, so is their colour file) */
      g_assert_cmpint (got->channels, ==, cli->channels);
      g_assert_cmpint (got->channels, ==, tsr_map_kind (map_ids[i])->grey || i == 0 ? 1 : 3);
      if (height)
        {
          g_assert_cmpint (got->channels, ==, 1);
          g_assert_cmpint (max_raw_difference (got, cli), <=, 1);
        }
      else if (test_max_levels (got, cli, &n_differ) > 0)
        g_error ("%s differs from tessera render %s in %" G_GSIZE_FORMAT " samples", files[i],
                 maps[i], n_differ);
    }
}

/* `material-folder` with a part of the layer selected: the layers show
 * the texture inside the selection, as any render, but every exported
 * file holds the whole texture (an engine takes the file, not the
 * layer).  A folder nothing can be written in is refused before anything
 * is rendered, the folder named, no file written and the image as it was:
 * a folder under a regular file (not even root can make it), and /proc,
 * which refuses new files whatever the permissions say. */
static void
test_material_export_selection_and_refusals (void)
{
  const char *dir = gimp_work_dir ();
  g_autofree char *set = g_build_filename (dir, "set-selection", NULL);
  g_autofree char *plain = g_build_filename (dir, "plain-file", NULL);
  g_autofree char *under = g_build_filename (plain, "set", NULL);
  g_autofree char *script = g_strdup_printf (
    "(let* ((a (tsr-image 64 48 RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (gimp-item-set-name lay \"oak\")\n"
    "  (gimp-image-select-rectangle img CHANNEL-OP-REPLACE 10 8 20 16)\n"
    "  (plug-in-tessera #:run-mode RUN-NONINTERACTIVE #:image img #:drawables (vector lay)\n"
    "                   #:pattern \"clouds\" #:seed 4 #:material-layers TRUE\n"
    "                   #:material-naming \"gltf\" #:material-folder \"%s\"))\n"
    "(let* ((a (tsr-image 64 48 RGB PRECISION-U8-NON-LINEAR)) (img (car a)) (lay (cadr a)))\n"
    "  (gimp-item-set-name lay \"elm\")\n"
    "  (gimp-image-select-rectangle img CHANNEL-OP-REPLACE 5 5 20 10)\n"
    "  (gimp-drawable-edit-fill lay FILL-FOREGROUND)\n"
    "  (gimp-selection-none img)\n"
    "  (tsr-export img \"%s/refused-before.png\" \"rgb8\")\n"
    "  (tsr-out \"under-file\" (tsr-try (lambda () (plug-in-tessera #:run-mode RUN-NONINTERACTIVE\n"
    "    #:image img #:drawables (vector lay) #:material-layers TRUE\n"
    "    #:material-folder \"%s\"))))\n"
    "  (tsr-out \"proc\" (tsr-try (lambda () (plug-in-tessera #:run-mode RUN-NONINTERACTIVE\n"
    "    #:image img #:drawables (vector lay) #:material-layers TRUE\n"
    "    #:material-folder \"/proc\"))))\n"
    "  (tsr-out \"layers\" (vector-length (car (gimp-image-get-layers img))))\n"
    "  (tsr-out \"name\" (car (gimp-item-get-name lay)))\n"
    "  (tsr-export img \"%s/refused-after.png\" \"rgb8\"))\n",
    set, dir, under, dir);
  static const char *const files[] = { "oak_baseColor.png", "oak_occlusion.png",
                                       "oak_occlusionRoughnessMetallic.png" };
  static const char *const maps[] = { "map=color", "map=ao", "map=orm" };
  g_autoptr (GimpBatchResult) r = NULL;
  g_autoptr (TestImage) before = NULL;
  g_autoptr (TestImage) after = NULL;
  g_autofree char *under_file = NULL, *proc = NULL, *layers = NULL, *name = NULL;
  g_autofree char *content = NULL;

  g_assert_cmpint (g_mkdir_with_parents (set, 0700), ==, 0);
  g_assert_true (g_file_set_contents (plain, "not a folder", -1, NULL));
  r = gimp_batch (script, 120, NULL, NULL);
  if (!r->ok)
    g_error ("GIMP failed:\n%s\n%s", r->out, r->err);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *file = g_build_filename ("set-selection", files[i], NULL);
      g_autofree char *cli_png = g_strdup_printf ("cli-selection-%u.png", i);
      const char *args[] = { "clouds", "seed=4", maps[i], "--size", "64x48", NULL };
      g_autoptr (TestImage) got = test_load_work_png (file);
      g_autoptr (TestImage) cli = test_cli_render (cli_png, args);
      gsize n_differ;

      if (test_max_levels (got, cli, &n_differ) > 0)
        g_error ("%s, exported with a part selected, differs from the whole texture (tessera "
                 "render %s) in %" G_GSIZE_FORMAT " samples", files[i], maps[i], n_differ);
    }

  under_file = gimp_batch_get (r, "under-file");
  proc = gimp_batch_get (r, "proc");
  layers = gimp_batch_get (r, "layers");
  name = gimp_batch_get (r, "name");
  g_test_message ("under a file: %s", under_file);
  g_test_message ("/proc: %s", proc);
  g_assert_nonnull (under_file);
  g_assert_nonnull (strstr (under_file, under));
  g_assert_nonnull (strstr (under_file, "is not a folder"));
  g_assert_nonnull (proc);
  g_assert_nonnull (strstr (proc, "cannot write in '/proc'"));
  g_assert_cmpstr (layers, ==, "1");
  g_assert_cmpstr (name, ==, "elm");
  before = test_load_work_png ("refused-before.png");
  after = test_load_work_png ("refused-after.png");
  test_check_same ("the image after refused folders", before, after);
  g_assert_true (g_file_get_contents (plain, &content, NULL, NULL));
  g_assert_cmpstr (content, ==, "not a folder");
}

void
gimp_tests_add_layers (void)
{
  g_test_add_func ("/gimp/layers/frames-and-material", test_frames_and_material);
  g_test_add_func ("/gimp/layers/text-vector-link", test_rasterizable);
  g_test_add_func ("/gimp/layers/material-export", test_material_export);
  g_test_add_func ("/gimp/layers/material-export-selection-and-refusals",
                   test_material_export_selection_and_refusals);
}
