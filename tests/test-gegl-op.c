/* tessera:texture, the GEGL operation (gegl/): its properties are the core's
 * parameters, and whatever GEGL asks of it — any rectangle, thread count,
 * mipmap level — it gives the core's pixels.  With TESSERA_CLI and GEGL_CLI
 * set, the gegl command line writes what `tessera render` writes. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gegl.h>
#include <gegl-plugin.h>   /* gegl_operation_get_format */
#include <gegl-paramspecs.h>
#include <png.h>

#include "tessera.h"

/* An enum property set by its nick, as gegl's command line does. */
static void
set_enum (GeglNode *node, const char *property, const char *nick)
{
  GParamSpec *p = gegl_operation_find_property ("tessera:texture", property);
  GEnumValue *v = g_enum_get_value_by_nick (G_PARAM_SPEC_ENUM (p)->enum_class, nick);

  g_assert_nonnull (v);
  gegl_node_set (node, property, v->value, NULL);
}

static GeglNode *
texture_node (GeglNode *graph, const char *pattern, int width, int height)
{
  GeglNode *node = gegl_node_new_child (graph, "operation", "tessera:texture", NULL);

  g_assert_nonnull (node);
  gegl_node_set (node, "width", width, "height", height, NULL);
  set_enum (node, "pattern", pattern);
  return node;
}

static float *
core_render (const TsrSettings *s, int width, int height, gboolean *opaque_grey)
{
  g_autoptr (GError) error = NULL;
  TsrTexture *tex = tsr_texture_new (s, width, height, NULL, &error);
  float      *rgba = g_new (float, 4 * (gsize) width * height);

  g_assert_no_error (error);
  g_assert_true (tsr_render (tex, 0, 0, width, height, rgba, 4 * (gsize) width, 1,
                             NULL, NULL, &error));
  if (opaque_grey != NULL)
    *opaque_grey = tsr_texture_is_opaque_grey (tex);
  tsr_texture_free (tex);
  return rgba;
}

static float *
node_render (GeglNode *node, const GeglRectangle *roi, double scale)
{
  float *rgba = g_new0 (float, 4 * (gsize) roi->width * roi->height);

  gegl_node_blit (node, scale, roi, babl_format ("R'G'B'A float"), rgba,
                  GEGL_AUTO_ROWSTRIDE, GEGL_BLIT_DEFAULT);
  return rgba;
}

static void
assert_same_rect (const float *got, const GeglRectangle *roi, const float *whole, int width)
{
  for (int y = 0; y < roi->height; y++)
    {
      const float *a = got + 4 * (gsize) y * roi->width;
      const float *b = whole + 4 * ((gsize) (roi->y + y) * width + roi->x);

      if (memcmp (a, b, 4 * sizeof (float) * roi->width) != 0)
        g_error ("row %d of (%d,%d %dx%d) differs from the core's", roi->y + y, roi->x,
                 roi->y, roi->width, roi->height);
    }
}

static void
test_properties (void)
{
  guint               n = 0;
  g_autofree GParamSpec **pspecs = gegl_operation_list_properties ("tessera:texture", &n);
  GParamSpec         *pattern, *width;

  g_assert_nonnull (pspecs);
  g_assert_cmpuint (n, ==, TSR_P_COUNT + 3);
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      const TsrParamSpec *spec = &tsr_params[i];
      GParamSpec         *p = NULL;

      /* "time" is "loop-time": GIMP's filter settings have a "time" */
      for (guint j = 0; j < n; j++)
        if (strcmp (pspecs[j]->name, spec->id == TSR_P_TIME ? "loop-time" : spec->name) == 0)
          p = pspecs[j];
      g_assert_nonnull (p);
      g_assert_cmpstr (g_param_spec_get_nick (p), ==, spec->label);
      g_assert_cmpstr (g_param_spec_get_blurb (p), ==, spec->description);
      switch (spec->type)
        {
        case TSR_TYPE_INT:
          g_assert_true (G_IS_PARAM_SPEC_INT (p));
          g_assert_cmpint (G_PARAM_SPEC_INT (p)->minimum, ==, (gint) spec->min);
          g_assert_cmpint (G_PARAM_SPEC_INT (p)->maximum, ==, (gint) spec->max);
          g_assert_cmpint (G_PARAM_SPEC_INT (p)->default_value, ==, (gint) spec->def);
          break;
        case TSR_TYPE_DOUBLE:
          g_assert_true (G_IS_PARAM_SPEC_DOUBLE (p));
          g_assert_cmpfloat (G_PARAM_SPEC_DOUBLE (p)->minimum, ==, spec->min);
          g_assert_cmpfloat (G_PARAM_SPEC_DOUBLE (p)->maximum, ==, spec->max);
          g_assert_cmpfloat (G_PARAM_SPEC_DOUBLE (p)->default_value, ==, spec->def);
          break;
        case TSR_TYPE_BOOL:
          g_assert_true (G_IS_PARAM_SPEC_BOOLEAN (p));
          g_assert_cmpint (G_PARAM_SPEC_BOOLEAN (p)->default_value, ==, spec->def != 0);
          break;
        case TSR_TYPE_CHOICE:
          {
            GEnumClass *e = G_PARAM_SPEC_ENUM (p)->enum_class;

            g_assert_cmpuint (e->n_values, ==, spec->n_choices);
            for (guint c = 0; c < spec->n_choices; c++)
              {
                g_assert_cmpstr (e->values[c].value_nick, ==, spec->choices[c].name);
                g_assert_cmpstr (e->values[c].value_name, ==, spec->choices[c].label);
              }
            g_assert_cmpint (G_PARAM_SPEC_ENUM (p)->default_value, ==, (gint) spec->def);
          }
          break;
        case TSR_TYPE_COLOR:
          {
            GeglColor *def = gegl_param_spec_color_get_default (p);
            float      rgba[4];

            gegl_color_get_pixel (def, babl_format ("R'G'B'A float"), rgba);
            g_assert_cmpfloat (rgba[0], ==, spec->def_color.r);
            g_assert_cmpfloat (rgba[1], ==, spec->def_color.g);
            g_assert_cmpfloat (rgba[2], ==, spec->def_color.b);
            g_assert_cmpfloat (rgba[3], ==, spec->def_color.a);
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }

  pattern = gegl_operation_find_property ("tessera:texture", "pattern");
  g_assert_nonnull (pattern);
  g_assert_cmpuint (G_PARAM_SPEC_ENUM (pattern)->enum_class->n_values, ==, tsr_n_patterns);
  for (guint i = 0; i < tsr_n_patterns; i++)
    g_assert_cmpstr (G_PARAM_SPEC_ENUM (pattern)->enum_class->values[i].value_nick, ==,
                     tsr_patterns[i]->name);

  width = gegl_operation_find_property ("tessera:texture", "width");
  g_assert_cmpstr (gegl_param_spec_get_property_key (width, "role"), ==, "output-extent");

  g_assert_cmpstr (gegl_operation_get_key ("tessera:texture", "gimp:menu-path"), ==,
                   "<Image>/Filters/Render");
  g_assert_nonnull (gegl_operation_get_key ("tessera:texture", "gimp:menu-label"));
}

/* The GUI's visibility rules say what tsr_pattern_param_applies says. */
static void
test_visible_rules (void)
{
  struct { const char *name, *rule; } expected[] = {
    { "seed",      NULL },
    { "palette",   NULL },
    { "veins",     "pattern {marble} | (pattern {bricks, stones} & face {marble})" },
    { "rings",     "pattern {wood} | (pattern {bricks, stones} & face {wood})" },
    { "knots",     "(pattern {wood} & cut {plank}) | "
                   "(pattern {bricks, stones} & face {wood} & cut {plank})" },
    { "crest",     "pattern {water}" },
    { "octaves",   "pattern {clouds, turbulence, ridged, marble, wood, water, bricks, stones}" },
    { "jitter",    "pattern {cells} | "
                   "(pattern {clouds, turbulence, ridged, marble, wood, water, bricks, stones} "
                   "& basis {cells})" },
    { "color1",    "(pattern {perlin, simplex, value, cells, clouds, turbulence, ridged} & "
                   "palette {auto, colors}) | "
                   "(pattern {marble, wood, water, bricks, stones, slate, cracks} & palette {colors})" },
    { "gap",       "pattern {bricks, stones}" },
    { "offset",    "(pattern {bricks} & layout {running})" },
    { "normal-format", "map {normal}" },
    { "light-angle", "map {shaded}" },
  };


  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      GParamSpec *p = gegl_operation_find_property ("tessera:texture", expected[i].name);

      g_assert_nonnull (p);
      g_assert_cmpstr (gegl_param_spec_get_property_key (p, "visible"), ==, expected[i].rule);
    }
}

/* Every pattern, several non-default settings: the op's pixels are the
 * core's, bit for bit, over the whole canvas, odd rectangles and any
 * number of GEGL threads; an opaque grey texture goes out as one channel
 * (Y' float), any other as R'G'B'A float. */
static void
test_pixels (void)
{
  const int   width = 97, height = 61;
  const char *extra[][2] = {
    { NULL, NULL }, { "distortion", "1.5" }, { "tileable", "false" },
    { "palette", "fire" }, { "color1", "#336699" }, { "time", "0.3" }, { "map", "normal" },
    { "map", "height" },
  };
  const GeglRectangle rois[] = {
    { 0, 0, 97, 61 }, { 13, 7, 20, 33 }, { 96, 0, 1, 61 }, { 0, 60, 97, 1 }, { 40, 30, 57, 31 },
  };

  for (int threads = 1; threads <= 3; threads += 2)
    {
      g_object_set (gegl_config (), "threads", threads, NULL);
      for (guint p = 0; p < tsr_n_patterns; p++)
        for (guint e = 0; e < G_N_ELEMENTS (extra); e++)
          {
            GeglNode         *graph = gegl_node_new ();
            GeglNode         *node = texture_node (graph, tsr_patterns[p]->name, width, height);
            TsrSettings       s;
            gboolean          grey;
            g_autofree float *whole = NULL;

            g_assert_true (tsr_settings_init (&s, tsr_patterns[p]->name, NULL));
            gegl_node_set (node, "seed", 7, NULL);
            g_assert_true (tsr_settings_parse (&s, "seed", "7", NULL));
            if (extra[e][0] != NULL)
              {
                g_assert_true (tsr_settings_parse (&s, extra[e][0], extra[e][1], NULL));
                if (strcmp (extra[e][0], "color1") == 0)
                  {
                    GeglColor *color = gegl_color_new (extra[e][1]);
                    gegl_node_set (node, "color1", color, NULL);
                    g_object_unref (color);
                  }
                else if (strcmp (extra[e][0], "time") == 0)
                  gegl_node_set (node, "loop-time", 0.3, NULL);
                else if (strcmp (extra[e][0], "palette") == 0 || strcmp (extra[e][0], "map") == 0)
                  set_enum (node, extra[e][0], extra[e][1]);
                else if (strcmp (extra[e][0], "tileable") == 0)
                  gegl_node_set (node, "tileable", FALSE, NULL);
                else
                  gegl_node_set (node, extra[e][0], g_ascii_strtod (extra[e][1], NULL), NULL);
              }
            whole = core_render (&s, width, height, &grey);
            for (guint r = 0; r < G_N_ELEMENTS (rois); r++)
              {
                g_autofree float *got = node_render (node, &rois[r], 1.0);
                assert_same_rect (got, &rois[r], whole, width);
              }
            g_assert_true (gegl_operation_get_format (gegl_node_get_gegl_operation (node),
                                                      "output")
                           == babl_format (grey ? "Y' float" : "R'G'B'A float"));
            g_object_unref (graph);
          }
    }
}

/* Zoomed-out views rendered at mipmap level L, as a blit at scale 1 / 2^L
 * does with mipmap rendering on (GIMP 3.0 and 3.2 do not: their canvas
 * renders level 0 and GEGL scales it down): the core's zoomed texture
 * (texture-zoomed.h), bit for bit, one sample a shown pixel; each close to
 * the average of the 2^L x 2^L full-size pixels it covers. */
static void
test_levels (void)
{
  const int         width = 256, height = 192;
  TsrSettings       s;
  g_autofree float *whole = NULL;

  g_assert_true (tsr_settings_init (&s, "clouds", NULL));
  g_assert_true (tsr_settings_parse (&s, "octaves", "8", NULL));
  whole = core_render (&s, width, height, NULL);
  /* Two threads: GEGL 0.4.44 splits a 128-pixel-wide level-1 blit over
   * three as 42 + 43 + 42 columns and leaves the last one unrendered. */
  g_object_set (gegl_config (), "threads", 2, NULL);
  g_object_set (gegl_config (), "mipmap-rendering", TRUE, NULL);
  for (int level = 1; level <= 3; level++)
    {
      const int           f = 1 << level;
      const GeglRectangle roi = { 0, 0, width / f, height / f };
      /* a new graph: GEGL would otherwise build this level from the cache
       * of the previous one */
      GeglNode           *graph = gegl_node_new ();
      GeglNode           *node = texture_node (graph, "clouds", width, height);
      g_autofree float   *got = NULL;
      g_autofree float   *want = g_new (float, 4 * (gsize) roi.width * roi.height);
      TsrTexture         *zoomed = tsr_texture_new_zoomed (&s, width, height, NULL, level, NULL);
      double              sum = 0.0, worst = 0.0;

      gegl_node_set (node, "octaves", 8, NULL);
      got = node_render (node, &roi, 1.0 / f);
      tsr_texture_eval_rgba_rows (zoomed, roi.x, roi.y, roi.width, roi.height, want,
                                  4 * (gsize) roi.width);
      g_assert_true (memcmp (got, want, 4 * sizeof (float) * roi.width * roi.height) == 0);
      for (int y = 0; y < roi.height; y++)
        for (int x = 0; x < roi.width; x++)
          for (int c = 0; c < 4; c++)
            {
              double avg = 0.0, d;

              for (int j = 0; j < f; j++)
                for (int i = 0; i < f; i++)
                  avg += whole[4 * ((gsize) ((roi.y + y) * f + j) * width + (roi.x + x) * f + i) + c];
              d = fabs (got[4 * ((gsize) y * roi.width + x) + c] - avg / (f * f));
              sum += d;
              worst = MAX (worst, d);
            }
      sum /= 4.0 * roi.width * roi.height;
      g_test_message ("level %d: %.4f on average, %.4f at worst from the blocks' averages",
                      level, sum, worst);
      if (sum > 0.015 || worst > 0.1)
        g_error ("level %d: the shown pixels are %.4f on average, %.4f at worst from the "
                 "averages of the pixels they cover", level, sum, worst);
      tsr_texture_free (zoomed);
      g_object_unref (graph);
    }
  g_object_set (gegl_config (), "mipmap-rendering", FALSE, NULL);
}

/* A property change after a render makes a new texture. */
static void
test_property_change (void)
{
  const GeglRectangle roi = { 0, 0, 64, 48 };
  GeglNode           *graph = gegl_node_new ();
  GeglNode           *node = texture_node (graph, "clouds", 64, 48);
  g_autofree float   *first = node_render (node, &roi, 1.0);
  g_autofree float   *second = NULL;
  g_autofree float   *want = NULL;
  TsrSettings         s;

  gegl_node_set (node, "seed", 99, NULL);
  second = node_render (node, &roi, 1.0);
  g_assert_true (memcmp (first, second, 4 * sizeof (float) * 64 * 48) != 0);
  g_assert_true (tsr_settings_init (&s, "clouds", NULL));
  g_assert_true (tsr_settings_parse (&s, "seed", "99", NULL));
  want = core_render (&s, 64, 48, NULL);
  assert_same_rect (second, &roi, want, 64);
  g_object_unref (graph);
}

/* Settings the pattern cannot draw (bricks' pieces under 2 pixels wide)
 * are named when rendered, once, and render transparent; passing through
 * them while setting properties one at a time names nothing. */
static void
test_impossible_settings (void)
{
  const GeglRectangle roi = { 0, 0, 64, 48 };
  GeglNode           *graph = gegl_node_new ();
  GeglNode           *node = texture_node (graph, "bricks", 64, 48);
  g_autofree float   *good = NULL, *bad = NULL, *again = NULL;

  gegl_node_set (node, "columns", 64, NULL);
  gegl_node_get_bounding_box (node);   /* prepares the node */
  gegl_node_set (node, "columns", 8, NULL);
  good = node_render (node, &roi, 1.0);
  g_assert_cmpfloat (good[3], ==, 1.0f);

  gegl_node_set (node, "columns", 64, NULL);
  g_test_expect_message (NULL, G_LOG_LEVEL_WARNING,
                         "tessera:texture: columns: 64 across a tile of 64 pixels*");
  bad = node_render (node, &roi, 1.0);
  g_test_assert_expected_messages ();
  for (gsize i = 0; i < 4 * (gsize) roi.width * roi.height; i++)
    g_assert_cmpfloat (bad[i], ==, 0.0f);
  again = node_render (node, &roi, 1.0);   /* named once */
  g_assert_cmpmem (again, 4 * sizeof (float) * 64 * 48, bad, 4 * sizeof (float) * 64 * 48);
  g_object_unref (graph);
}

static guint8 *
read_png_rgba (const char *path, int *width, int *height)
{
  png_image image = { .version = PNG_IMAGE_VERSION };
  guint8   *pixels;

  g_assert_true (png_image_begin_read_from_file (&image, path));
  /* gegl's png-save tags its RGB files sRGB but writes a grey texture's
   * Y' as 16-bit grey without gAMA or sRGB chunks, which the simplified
   * API would otherwise take for linear */
  image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
  image.format = PNG_FORMAT_RGBA;
  pixels = g_malloc (PNG_IMAGE_SIZE (image));
  g_assert_true (png_image_finish_read (&image, NULL, pixels, 0, NULL));
  *width = (int) image.width;
  *height = (int) image.height;
  return pixels;
}

static void
run (char **argv)
{
  g_autofree char *err = NULL;
  int              status = 0;

  g_assert_true (g_spawn_sync (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err,
                               &status, NULL));
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed: %s", argv[0], err);
}

/* `gegl -o x.png -- tessera:texture pattern=P seed=7 width=301 height=203`
 * writes what `tessera render P seed=7 --size 301x203` writes, within the
 * one level by which babl's rounding may differ from the core's. */
static void
test_gegl_cli (void)
{
  const char      *gegl_cli = g_getenv ("GEGL_CLI");
  const char      *tessera_cli = g_getenv ("TESSERA_CLI");
  g_autofree char *dir = NULL;

  if (gegl_cli == NULL || tessera_cli == NULL)
    {
      g_test_skip ("GEGL_CLI and TESSERA_CLI not set");
      return;
    }
  dir = g_dir_make_tmp ("tessera-gegl-XXXXXX", NULL);
  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      const char      *name = tsr_patterns[p]->name;
      g_autofree char *op_png = g_build_filename (dir, "op.png", NULL);
      g_autofree char *cli_png = g_build_filename (dir, "cli.png", NULL);
      g_autofree char *pattern_arg = g_strdup_printf ("pattern=%s", name);
      char *gegl_argv[] = { (char *) gegl_cli, "-o", op_png, "--", "tessera:texture",
                            pattern_arg, "seed=7", "width=301", "height=203", NULL };
      char *cli_argv[] = { (char *) tessera_cli, "render", (char *) name, "seed=7",
                           "--size", "301x203", "--output", cli_png, NULL };
      g_autofree guint8 *a = NULL, *b = NULL;
      int                aw, ah, bw, bh, worst = 0;

      run (gegl_argv);
      run (cli_argv);
      a = read_png_rgba (op_png, &aw, &ah);
      b = read_png_rgba (cli_png, &bw, &bh);
      g_assert_cmpint (aw, ==, 301);
      g_assert_cmpint (ah, ==, 203);
      g_assert_cmpint (bw, ==, aw);
      g_assert_cmpint (bh, ==, ah);
      for (gsize i = 0; i < 4 * (gsize) aw * ah; i++)
        worst = MAX (worst, ABS ((int) a[i] - (int) b[i]));
      if (worst > 1)
        g_error ("%s: gegl's PNG is %d levels from tessera's", name, worst);
      g_remove (op_png);
      g_remove (cli_png);
    }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  gegl_init (&argc, &argv);
  if (!gegl_has_operation ("tessera:texture"))
    g_error ("tessera:texture not found: GEGL_PATH=%s", g_getenv ("GEGL_PATH"));

  g_test_add_func ("/gegl-op/properties", test_properties);
  g_test_add_func ("/gegl-op/visible-rules", test_visible_rules);
  g_test_add_func ("/gegl-op/pixels", test_pixels);
  g_test_add_func ("/gegl-op/levels", test_levels);
  g_test_add_func ("/gegl-op/property-change", test_property_change);
  g_test_add_func ("/gegl-op/impossible-settings", test_impossible_settings);
  g_test_add_func ("/gegl-op/gegl-cli", test_gegl_cli);
  {
    int status = g_test_run ();
    gegl_exit ();
    return status;
  }
}
