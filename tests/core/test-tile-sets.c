/* Tile sets (core/texture/tile-set.h): variants fit in every arrangement, corner
 * tiles along every edge whose corners agree, and their insides differ.
 *
 * Across each shared edge of an arrangement, the step from the last
 * column (row) of one tile to the first of the next is compared with the
 * steps between neighbouring columns inside the tiles, as test-tiling
 * does for a single tile's wrap; and the strips next to an edge are the
 * same, bit for bit, in every tile that has that edge. */
#include <string.h>
#include "test-helpers.h"

#define LEVEL (1.0 / 255.0)

typedef struct
{
  int    w, h, n;
  float *v[TSR_CORNER_TILES > TSR_MAX_VARIANTS ? TSR_CORNER_TILES : TSR_MAX_VARIANTS];
  TsrTileId id[TSR_MAX_VARIANTS];
  TsrTexture *tex[TSR_MAX_VARIANTS];   /* render_set's, kept for their slopes */
} TileSet;

/* The n tiles `kind` makes (variants 0 .. n-1, or the 16 corner tiles) of
 * pattern with the overrides that follow (NULL-terminated). */
static TileSet
render_set (TsrTileKind kind, int n, int w, int h, const char *pattern, ...)
{
  TileSet set = { w, h, n, { NULL }, { { 0 } }, { NULL } };
  va_list ap;

  va_start (ap, pattern);
  for (int t = 0; t < n; t++)
    {
      TsrTexture *tex;
      va_list copy;

      set.id[t] = kind == TSR_TILES_CORNERS ? tsr_tile_corner ((guint) t)
                                            : tsr_tile_variant ((guint) t);
      va_copy (copy, ap);
      tex = test_texture_va (pattern, w, h, &set.id[t], copy);
      va_end (copy);
      set.v[t] = test_render_scalar (tex, 0, 0, w, h, 1);
      set.tex[t] = tex;
    }
  va_end (ap);
  return set;
}

static void
free_set (TileSet *set)
{
  for (int t = 0; t < set->n; t++)
    {
      g_free (set->v[t]);
      if (set->tex[t] != NULL)
        tsr_texture_free (set->tex[t]);
    }
}

static float
at (const TileSet *s, int t, int x, int y)
{
  return s->v[t][y * s->w + x];
}

/* The largest mean |step| between neighbouring interior columns (across
 * TRUE) or rows of tile t. */
static double
interior_step (const TileSet *s, int t, gboolean across)
{
  const int lines = across ? s->w : s->h, along = across ? s->h : s->w;
  double most = 0.0;

  for (int l = 0; l + 1 < lines; l++)
    {
      double sum = 0.0;

      for (int k = 0; k < along; k++)
        sum += across ? fabs (at (s, t, l + 1, k) - at (s, t, l, k))
                      : fabs (at (s, t, k, l + 1) - at (s, t, k, l));
      most = MAX (most, sum / along);
    }
  return most;
}

/* Mean |step| from tile a to tile b placed right of it (across) or below. */
static double
seam_step (const TileSet *s, int a, int b, gboolean across)
{
  const int along = across ? s->h : s->w;
  double sum = 0.0;

  for (int k = 0; k < along; k++)
    sum += across ? fabs (at (s, b, 0, k) - at (s, a, s->w - 1, k))
                  : fabs (at (s, b, k, 0) - at (s, a, k, s->h - 1));
  return sum / along;
}

/* Largest difference between strip `line` (a column across, else a row)
 * of tiles a and b. */
static double
strip_diff (const TileSet *s, int a, int b, int line, gboolean across)
{
  const int along = across ? s->h : s->w;
  double most = 0.0;

  for (int k = 0; k < along; k++)
    most = MAX (most, across ? fabs (at (s, a, line, k) - at (s, b, line, k))
                             : fabs (at (s, a, k, line) - at (s, b, k, line)));
  return most;
}

/* Mean |difference| of tiles a and b over their middle half. */
static double
inside_diff (const TileSet *s, int a, int b)
{
  double sum = 0.0;
  int count = 0;

  for (int y = s->h / 4; y < 3 * s->h / 4; y++)
    for (int x = s->w / 4; x < 3 * s->w / 4; x++, count++)
      sum += fabs (at (s, a, x, y) - at (s, b, x, y));
  return sum / count;
}

/* Mean |difference| of tiles a and b averaged over blocks of `block`
 * pixels (their large features), over the middle half. */
static double
coarse_diff (const TileSet *s, int a, int b, int block)
{
  double sum = 0.0;
  int count = 0;

  for (int by = s->h / 4; by + block <= 3 * s->h / 4; by += block)
    for (int bx = s->w / 4; bx + block <= 3 * s->w / 4; bx += block, count++)
      {
        double d = 0.0;

        for (int y = by; y < by + block; y++)
          for (int x = bx; x < bx + block; x++)
            d += at (s, a, x, y) - at (s, b, x, y);
        sum += fabs (d) / (block * block);
      }
  return sum / count;
}

/* Tile a followed by tile b (right of it, or below) fits: the strips on
 * both sides are those of tile `ref_a` and `ref_b` with the same edges,
 * and the step across is no rougher than the tiles' insides. */
static void
check_fit (const char *what, const TileSet *s, int a, int b, gboolean across)
{
  const double seam = seam_step (s, a, b, across);
  const double inside = MAX (interior_step (s, a, across), interior_step (s, b, across));

  if (!(seam <= 1.25 * inside + 1e-4))
    g_error ("%s: tiles %d | %d (%s): seam step %.4f against %.4f inside",
             what, a, b, across ? "across" : "down", seam, inside);
}

static void
check_variants (const char *what, const TileSet *s)
{
  for (int a = 0; a < s->n; a++)
    {
      for (int b = 0; b < s->n; b++)
        {
          check_fit (what, s, a, b, TRUE);
          check_fit (what, s, a, b, FALSE);
        }
      /* every variant's edge strips are the plain tile's */
      for (int across = 0; across < 2; across++)
        {
          const int last = (across ? s->w : s->h) - 1;
          const double d = MAX (strip_diff (s, a, 0, 0, across),
                                strip_diff (s, a, 0, last, across));

          if (d != 0.0)
            g_error ("%s: variant %d's edge strips differ from variant 0's by %.6f", what, a, d);
        }
      for (int b = 0; b < a; b++)
        if (inside_diff (s, a, b) < 0.02)
          g_error ("%s: variants %d and %d are alike inside (%.4f)", what, a, b,
                   inside_diff (s, a, b));
    }
}

static void
test_variants (void)
{
  static const char *const cases[][4] = {
    { "clouds", "octaves=6", NULL },
    { "clouds", "basis=value", "smoothing=true" },
    { "clouds", "basis=cells", "cells-mode=f2-f1" },
    { "turbulence", "distortion=0.5", NULL },
    { "ridged", "stretch=2", NULL },
    { "perlin", NULL },
    { "value", "interpolation=cubic", "scale=12" },
    { "cells", "scale=10", NULL },
    { "simplex", NULL },
    { "clouds", "basis=simplex", "distortion=0.3" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      char *what = g_strjoinv (" ", (char **) cases[c]);
      TileSet s = render_set (TSR_TILES_VARIANTS, 5, 96, 80, cases[c][0], "scale=24",
                              "seed=3", cases[c][1], cases[c][2], NULL);

      check_variants (what, &s);
      free_set (&s);
      g_free (what);
    }
}

/* Marble's fields are sheared along the drift and warped by its flow;
 * water's networks and sources are the same in every tile, and so are
 * wood's knots, eyes and trees, and the plank's fibre along its lines. */
static void
test_marble_water (void)
{
  static const char *const cases[][3] = {
    { "veins=4", NULL },
    { "style=banded", NULL },
    { "veins=4", "distortion=0.2" },
  };
  static const char *const others[][3] = {
    { "water", NULL },
    { "water", "water-style=ripples" }, { "water", "water-style=rings" },
    { "wood", "cut=plank" }, { "wood", "cut=burl" }, { "wood", "cut=end" },
    { "wood", "cut=log" }, { "bricks", NULL }, { "bricks", "face=marble" },
    { "stones", NULL },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      TileSet s = render_set (TSR_TILES_VARIANTS, 4, 192, 160, "marble", "seed=4",
                              cases[c][0], cases[c][1], NULL);

      check_variants (cases[c][0], &s);
      free_set (&s);
    }
  for (guint c = 0; c < G_N_ELEMENTS (others); c++)
    {
      TileSet s = render_set (TSR_TILES_VARIANTS, 4, 192, 160, others[c][0], "seed=4",
                              others[c][1], NULL);

      check_variants (others[c][1] ? others[c][1] : others[c][0], &s);
      free_set (&s);
    }
}

/* Every legal neighbour pair of the 16 corner tiles fits; strips next to
 * an edge are alike (within `alike`) exactly when the edge's colours are. */
static void
check_corners (const char *what, const TileSet *set, double alike)
{
  const TileSet s = *set;
  int fits = 0, unfits = 0;

  for (int a = 0; a < s.n; a++)
    for (int b = 0; b < s.n; b++)
      {
        const guint8 *ca = s.id[a].corner, *cb = s.id[b].corner;
        const gboolean right = ca[TSR_CORNER_TR] == cb[TSR_CORNER_TL]
                               && ca[TSR_CORNER_BR] == cb[TSR_CORNER_BL];
        const gboolean below = ca[TSR_CORNER_BL] == cb[TSR_CORNER_TL]
                               && ca[TSR_CORNER_BR] == cb[TSR_CORNER_TR];
        /* the strips next to a's right edge are those of every tile
         * with the same right edge, and only of those */
        const gboolean same_right = ca[TSR_CORNER_TR] == cb[TSR_CORNER_TR]
                                    && ca[TSR_CORNER_BR] == cb[TSR_CORNER_BR];
        const double d = strip_diff (&s, a, b, s.w - 1, TRUE);

        if (right)
          check_fit (what, &s, a, b, TRUE), fits++;
        else
          unfits++;
        if (below)
          check_fit (what, &s, a, b, FALSE);
        if (same_right ? d > alike : d < 10 * LEVEL)
          g_error ("%s: tiles %d and %d, right strips %s but differ by %.3g",
                   what, a, b, same_right ? "alike" : "not alike", d);
        if (a != b && inside_diff (&s, a, b) < 0.02)
          g_error ("%s: tiles %d and %d are alike inside", what, a, b);
      }
  g_assert_cmpint (fits, ==, 16 * 4);
  g_assert_cmpint (unfits, ==, 16 * 12);
}

/* Features larger than the edge bands differ between tiles too: averaged
 * over blocks of a sixth of the tile, the middles of marble's and clouds'
 * variants differ (their coarse lattices cross-fade into the tile's own
 * inside) clearly more than the fixed bands alone let them, while the
 * edges stay those of variant 0 (check_variants). */
static void
test_large_features (void)
{
  static const struct { const char *kv[3]; double least_mean; } cases[] = {
    /* without the cross-fade: 0.034 and 0.099; marble with it 0.042 before
     * its veins' varying widths (issue 35), 0.0418-0.0419 after, 0.0416 with
     * the fractures (their clouds 0.34 of the stone) */
    { { "marble", "veins=4", NULL }, 0.040 },
    { { "clouds", "scale=64", "octaves=6" }, 0.14 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const char *const *kv = cases[c].kv;
      TileSet s = render_set (TSR_TILES_VARIANTS, 6, 192, 160, kv[0], "seed=4", kv[1], kv[2],
                              NULL);
      double least = G_MAXDOUBLE, sum = 0.0;
      int pairs = 0;

      check_variants (kv[0], &s);
      for (int a = 0; a < s.n; a++)
        for (int b = 0; b < a; b++, pairs++)
          {
            const double d = coarse_diff (&s, a, b, 32);

            least = MIN (least, d);
            sum += d;
          }
      g_test_message ("%s %s: 32-pixel blocks of the middle differ by %.4f on average, "
                      "%.4f at least", kv[0], kv[1], sum / pairs, least);
      g_assert_cmpfloat (sum / pairs, >, cases[c].least_mean);
      free_set (&s);
    }
}

/* Edges match bit for bit, whatever the number of variants: the values
 * of the strips next to each edge and the analytic slopes at their pixels
 * are variant 0's, in every variant.  Marble veins=5 at 192 x 192 reads
 * the most that a tile's inside could move (its warp's stretch, its
 * coarse lattices' cross-fade). */
static void
test_exact_edges (void)
{
  static const struct { int n, w, h; const char *kv[2]; } cases[] = {
    { 6, 192, 160, { "veins=4", NULL } }, { 8, 192, 160, { "veins=4", NULL } },
    { 6, 192, 192, { "veins=5", NULL } }, { 8, 192, 192, { "veins=5", NULL } },
    { 8, 192, 160, { "veins=5", "distortion=0.2" } },
  };
  double worst = 0.0;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const int n = cases[c].n, w = cases[c].w, h = cases[c].h;
      TileSet s = render_set (TSR_TILES_VARIANTS, n, w, h, "marble", "seed=4",
                              cases[c].kv[0], cases[c].kv[1], NULL);
      double value_diff = 0.0, slope_diff = 0.0;

      for (int t = 1; t < n; t++)
        for (int across = 0; across < 2; across++)
          {
            const int along = across ? h : w, last = (across ? w : h) - 1;

            value_diff = MAX (value_diff, MAX (strip_diff (&s, t, 0, 0, across),
                                               strip_diff (&s, t, 0, last, across)));
            for (int k = 0; k < along; k++)
              for (int side = 0; side < 2; side++)
                {
                  const double edge = side ? last + 0.5 : 0.5;
                  const double px = across ? edge : k + 0.5, py = across ? k + 0.5 : edge;
                  float v0, gx0, gy0, v, gx, gy;

                  tsr_texture_gradient_at (s.tex[0], px, py, &v0, &gx0, &gy0);
                  tsr_texture_gradient_at (s.tex[t], px, py, &v, &gx, &gy);
                  slope_diff = MAX (slope_diff, MAX (fabs (v - v0),
                                                     MAX (fabs (gx - gx0), fabs (gy - gy0))));
                }
          }
      g_test_message ("marble %s %s, %d variants at %d x %d: edge values differ from "
                      "variant 0's by %.6f at most, slopes by %.6f", cases[c].kv[0],
                      cases[c].kv[1] ? cases[c].kv[1] : "", n, w, h, value_diff, slope_diff);
      worst = MAX (worst, MAX (value_diff, slope_diff));
      free_set (&s);
    }
  /* every case measured first: the messages say which differ */
  g_assert_cmpfloat (worst, ==, 0.0);
}

static void
test_corners (void)
{
  static const char *const bases[] = { "basis=perlin", "basis=simplex" };
  static const char *const cuts[][2] = {
    { "wood", "cut=plank" }, { "wood", "cut=end" }, { "wood", "cut=log" },
    { "bricks", "layout=flemish" }, { "stones", NULL },
    { "marble", "veins=5" },
  };

  for (guint b = 0; b < G_N_ELEMENTS (bases); b++)
    {
      TileSet s = render_set (TSR_TILES_CORNERS, TSR_CORNER_TILES, 80, 80, "clouds",
                              "scale=24", "seed=9", "distortion=0.3", bases[b], NULL);

      check_corners (bases[b], &s, 0.0);
      free_set (&s);
    }
  for (guint c = 0; c < G_N_ELEMENTS (cuts); c++)
    {
      TileSet s = render_set (TSR_TILES_CORNERS, TSR_CORNER_TILES, 160, 160, cuts[c][0],
                              "seed=9", cuts[c][1], NULL);

      check_corners (cuts[c][0], &s, 0.0);
      free_set (&s);
    }
}

/* Terrain: grass at the corners of colour 0, sand at those of colour 1.
 * The tiles are compared by their colours' mean, which tells the two
 * palettes apart. */
static void
test_terrain (void)
{
  const int w = 96, h = 96;
  TileSet s = { w, h, TSR_CORNER_TILES, { NULL }, { { 0 } }, { NULL } };
  TsrSettings st;
  TsrRamp sand;
  float *rgba = g_new (float, 4 * w * h);

  g_assert_true (tsr_settings_init (&st, "clouds", NULL));
  g_assert_true (tsr_settings_parse (&st, "palette", "grass", NULL));
  g_assert_true (tsr_settings_parse (&st, "scale", "32", NULL));
  tsr_ramp_palette (&sand, TSR_PALETTE_SAND);
  for (int t = 0; t < s.n; t++)
    {
      TsrTexture *tex;

      s.id[t] = tsr_tile_corner ((guint) t);
      tex = tsr_texture_new_tile (&st, w, h, NULL, &s.id[t], NULL);
      g_assert_true (tsr_texture_set_terrain (tex, &sand, NULL));
      g_assert_true (tsr_render (tex, 0, 0, w, h, rgba, 4 * w, 1, NULL, NULL, NULL));
      s.v[t] = g_new (float, w * h);
      for (int i = 0; i < w * h; i++)
        s.v[t][i] = (rgba[4 * i] + rgba[4 * i + 1] + rgba[4 * i + 2]) / 3.0f;
      tsr_texture_free (tex);
    }
  /* the edge pixels blend their edge's two corners alone: bit for bit */
  check_corners ("terrain", &s, 0.0);
  /* all grass, all sand: each corner's material around it */
  {
    double grass = 0.0, sand_mean = 0.0;

    for (int i = 0; i < w * h; i++)
      grass += s.v[0][i], sand_mean += s.v[15][i];
    grass /= w * h;
    sand_mean /= w * h;
    g_assert_cmpfloat (grass, <, 0.4);
    g_assert_cmpfloat (sand_mean, >, 0.55);
    /* tile 1, sand at the top left only: that corner as all-sand's, the
     * opposite one as all-grass's */
    g_assert_cmpfloat (fabs (at (&s, 1, 1, 1) - at (&s, 15, 1, 1)), <=, LEVEL);
    g_assert_cmpfloat (fabs (at (&s, 1, w - 2, h - 2) - at (&s, 0, w - 2, h - 2)), <=, LEVEL);
    g_assert_cmpfloat (fabs (at (&s, 1, 1, 1) - at (&s, 0, 1, 1)), >, 0.1);
  }
  g_free (rgba);
  free_set (&s);
}

/* Normal maps need the slopes to meet too: the analytic gradient at the
 * edge pixels is the same in every variant. */
static void
test_slopes (void)
{
  TsrSettings s;
  TsrTexture *tex[3];

  g_assert_true (tsr_settings_init (&s, "clouds", NULL));
  g_assert_true (tsr_settings_parse (&s, "distortion", "0.4", NULL));
  for (int t = 0; t < 3; t++)
    {
      TsrTileId id = tsr_tile_variant ((guint) t);

      tex[t] = tsr_texture_new_tile (&s, 64, 64, NULL, &id, NULL);
      g_assert_nonnull (tex[t]);
    }
  for (int k = 0; k < 64; k++)
    {
      const double pos[4][2] = { { 0.5, k + 0.5 }, { 63.5, k + 0.5 },
                                 { k + 0.5, 0.5 }, { k + 0.5, 63.5 } };

      for (int p = 0; p < 4; p++)
        {
          float v0, gx0, gy0;

          tsr_texture_gradient_at (tex[0], pos[p][0], pos[p][1], &v0, &gx0, &gy0);
          for (int t = 1; t < 3; t++)
            {
              float v, gx, gy;

              tsr_texture_gradient_at (tex[t], pos[p][0], pos[p][1], &v, &gx, &gy);
              g_assert_cmpfloat (v, ==, v0);
              g_assert_cmpfloat (gx, ==, gx0);
              g_assert_cmpfloat (gy, ==, gy0);
            }
        }
    }
  for (int t = 0; t < 3; t++)
    tsr_texture_free (tex[t]);
}

static void
expect_refused (const char *pattern, const char *kv, int w, int h, TsrTileKind kind,
                const char *needle)
{
  TsrSettings s;
  GError *error = NULL;
  TsrTileId id = kind == TSR_TILES_CORNERS ? tsr_tile_corner (5) : tsr_tile_variant (1);

  g_assert_true (tsr_settings_init (&s, pattern, NULL));
  if (kv != NULL)
    {
      char **p = g_strsplit (kv, "=", 2);
      g_assert_true (tsr_settings_parse (&s, p[0], p[1], NULL));
      g_strfreev (p);
    }
  if (tsr_texture_new_tile (&s, w, h, NULL, &id, &error) != NULL)
    g_error ("%s %s %dx%d: not refused", pattern, kv ? kv : "", w, h);
  if (strstr (error->message, needle) == NULL)
    g_error ("%s %s: \"%s\" does not say \"%s\"", pattern, kv ? kv : "", error->message, needle);
  g_clear_error (&error);
}

static void
test_refused (void)
{
  expect_refused ("clouds", NULL, 8, 64, TSR_TILES_VARIANTS, "too small");
  expect_refused ("clouds", "distortion=4", 64, 64, TSR_TILES_VARIANTS, "every lattice point");
  expect_refused ("wood", "cut=burl", 160, 160, TSR_TILES_CORNERS, "cut=burl");
  expect_refused ("clouds", "tileable=false", 64, 64, TSR_TILES_VARIANTS, "tileable");
  expect_refused ("clouds", "period-w=32", 64, 64, TSR_TILES_VARIANTS, "period");
  expect_refused ("clouds", "rise=1", 64, 64, TSR_TILES_CORNERS, "rise");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/tile-sets/variants", test_variants);
  g_test_add_func ("/core/tile-sets/marble-water", test_marble_water);
  g_test_add_func ("/core/tile-sets/large-features", test_large_features);
  g_test_add_func ("/core/tile-sets/exact-edges", test_exact_edges);
  g_test_add_func ("/core/tile-sets/corners", test_corners);
  g_test_add_func ("/core/tile-sets/terrain", test_terrain);
  g_test_add_func ("/core/tile-sets/slopes", test_slopes);
  g_test_add_func ("/core/tile-sets/refused", test_refused);
  return g_test_run ();
}
