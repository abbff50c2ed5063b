/* Built-up patterns (bricks, stones): every layout covers the plane once
 * with the number of pieces its counts say, repeats bit for bit at odd
 * sizes and with a period smaller than the image, and refuses the counts
 * and gaps it cannot draw with an error naming them. */
#include <string.h>

#include "patterns/pieces/pieces-layout.h"
#include "test-helpers.h"
#include "texture/texture-internal.h"

typedef struct
{
  const char *pattern;
  const char *settings[6];
  int         pieces_per_tile;   /* with the counts below: 12 across, 8 down */
} LayoutCase;

/* 12 columns and 8 rows suit every layout (herringbone and basket weave
 * of piece-ratio 2 repeat every 4 units). */
static const LayoutCase layouts[] = {
  { "bricks", { "layout=running", NULL }, 12 * 8 },
  { "bricks", { "layout=running", "offset=0.3", "row-shift=0.4", NULL }, 12 * 8 },
  { "bricks", { "layout=stack", NULL }, 12 * 8 },
  { "bricks", { "layout=english", NULL }, 12 * 4 + 24 * 4 },
  { "bricks", { "layout=flemish", NULL }, 24 * 8 },
  { "bricks", { "layout=herringbone", NULL }, 12 * 8 / 2 },
  { "bricks", { "layout=basket", NULL }, 12 * 8 / 2 },
  { "bricks", { "layout=hexagon", NULL }, 12 * 8 },
  { "stones", { NULL }, 12 * 8 },
};

static void
settings_for (const LayoutCase *c, TsrSettings *s, const char *const *more)
{
  g_assert_true (tsr_settings_init (s, c->pattern, NULL));
  g_assert_true (tsr_settings_parse (s, "columns", "12", NULL));
  g_assert_true (tsr_settings_parse (s, "rows", "8", NULL));
  for (int pass = 0; pass < 2; pass++)
    for (const char *const *kv = pass ? more : c->settings; kv != NULL && *kv != NULL; kv++)
      {
        char **parts = g_strsplit (*kv, "=", 2);
        g_assert_true (tsr_settings_parse (s, parts[0], parts[1], NULL));
        g_strfreev (parts);
      }
}

/* Every point lies in the piece it is found on (gap and corners 0: the
 * cells cover the plane), and a tile holds as many pieces as the counts
 * say, each once: identities are the piece's index modulo the counts. */
static void
test_layouts_cover_once (void)
{
  const int pw = 240, ph = 160;

  for (guint k = 0; k < G_N_ELEMENTS (layouts); k++)
    {
      static const char *const exact[] = { "gap=0", "roundness=0", NULL };
      TsrSettings s;
      TsrPiecesLayout lay;
      GHashTable *ids = g_hash_table_new (NULL, NULL);
      GRand *rand = g_rand_new_with_seed (k);

      settings_for (&layouts[k], &s, exact);
      tsr_pieces_layout_init (&lay, &s, strcmp (layouts[k].pattern, "stones") == 0, pw, ph);
      g_assert_true (tsr_pieces_layout_check (&lay, NULL));
      for (int y = 0; y < ph; y++)
        for (int x = 0; x < pw; x++)
          {
            TsrPiece pc, again;
            const double px = x + 0.5, py = y + 0.5;

            tsr_pieces_locate (&lay, px, py, &pc);
            if (pc.depth < -1e-9)
              g_error ("%s %s: (%g, %g) lies outside its piece by %g", layouts[k].pattern,
                       layouts[k].settings[0], px, py, -pc.depth);
            g_hash_table_add (ids, GUINT_TO_POINTER (pc.id));
            /* the same piece a whole number of tiles away */
            tsr_pieces_locate (&lay, px + pw * (g_rand_int_range (rand, -5, 5)),
                               py + ph * (g_rand_int_range (rand, -5, 5)), &again);
            g_assert_cmpuint (again.id, ==, pc.id);
            g_assert_cmpfloat (fabs (again.depth - pc.depth), <, 1e-6);
          }
      if ((int) g_hash_table_size (ids) != layouts[k].pieces_per_tile)
        g_error ("%s %s: %u pieces a tile, expected %d", layouts[k].pattern,
                 layouts[k].settings[0], g_hash_table_size (ids), layouts[k].pieces_per_tile);
      g_hash_table_unref (ids);
      g_rand_free (rand);
    }
}

static void
render_rgba (const TsrTexture *tex, int x, int y, int w, int h, float *buf)
{
  GError *error = NULL;

  g_assert_true (tsr_render (tex, x, y, w, h, buf, (gsize) w * 4, 1, NULL, NULL, &error));
  g_assert_no_error (error);
}

/* The repeats of a tile, colours and normal maps, faces of wood and
 * marble too: the same floats to the last bit, at odd tile sizes, the
 * period the canvas or smaller than it.  Each layout takes each variant at
 * one of the sizes, in turn, so that every layout meets every size and
 * every variant every size, at a third of the renders of all three each
 * (the sanitizers make these renders twenty times slower). */
static void
test_repeats_bit_identical (void)
{
  static const char *const variants[][5] = {
    { "map=color", NULL },
    { "map=normal", "wear=0.8", NULL },
    { "face=wood", "map=shaded", NULL },
    { "face=marble", "distortion=0.3", NULL },
  };
  static const int sizes[][4] = {   /* canvas, period (0: the canvas) */
    { 241, 163, 0, 0 }, { 900, 700, 193, 131 }, { 131, 299, 0, 0 },
  };

  for (guint k = 0; k < G_N_ELEMENTS (layouts); k++)
    for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
      {
        const guint z = (k + v) % G_N_ELEMENTS (sizes);
        const int pw = sizes[z][2] ? sizes[z][2] : sizes[z][0];
        const int ph = sizes[z][3] ? sizes[z][3] : sizes[z][1];
        const int w = pw + 7, h = ph + 5;
        static const int shifts[][2] = { { 1, 0 }, { 0, 1 }, { -3, 2 }, { 4, -7 } };
        char period[2][32];
        const char *more[8] = { NULL };
        TsrSettings s;
        TsrTexture *tex;
        float *a = g_new (float, (gsize) w * h * 4), *b = g_new (float, (gsize) w * h * 4);
        int m = 0;

        g_snprintf (period[0], sizeof period[0], "period-w=%d", sizes[z][2]);
        g_snprintf (period[1], sizeof period[1], "period-h=%d", sizes[z][3]);
        more[m++] = period[0];
        more[m++] = period[1];
        for (int i = 0; variants[v][i] != NULL; i++)
          more[m++] = variants[v][i];
        settings_for (&layouts[k], &s, more);
        tex = tsr_texture_new (&s, sizes[z][0], sizes[z][1], NULL, NULL);
        g_assert_nonnull (tex);
        render_rgba (tex, 0, 0, w, h, a);
        for (guint t = 0; t < G_N_ELEMENTS (shifts); t++)
          {
            render_rgba (tex, shifts[t][0] * pw, shifts[t][1] * ph, w, h, b);
            if (memcmp (a, b, sizeof (float) * w * h * 4) != 0)
              g_error ("%s %s %s, period %dx%d: the repeat (%d, %d) tiles on differs",
                       layouts[k].pattern, layouts[k].settings[0] ? layouts[k].settings[0] : "",
                       variants[v][0], pw, ph, shifts[t][0], shifts[t][1]);
          }
        /* and the pieces do show: the canvas is not one flat colour */
        g_assert_cmpfloat (fabs (a[0] - a[4 * (w / 2 + (gsize) w * (h / 3))])
                           + fabs (a[1] - a[4 * (w / 3 + (gsize) w * (h / 2)) + 1]), >, 0.0);
        g_free (a), g_free (b);
        tsr_texture_free (tex);
      }
}

/* Settings of pattern with up to four "key=value" overrides. */
static void
settings_with (TsrSettings *s, const char *pattern, const char *const *kv)
{
  g_assert_true (tsr_settings_init (s, pattern, NULL));
  for (int i = 0; i < 4 && kv[i] != NULL; i++)
    {
      char **parts = g_strsplit (kv[i], "=", 2);
      g_assert_true (tsr_settings_parse (s, parts[0], parts[1], NULL));
      g_strfreev (parts);
    }
}

/* Counts a layout cannot tile are rounded up to its repeat, which the
 * texture says (every layout renders with the other values at their
 * defaults); a gap as wide as the pieces, or pieces under 2 pixels, are
 * refused with an error naming the parameter. */
static void
test_impossible_combinations (void)
{
  static const struct
  {
    const char *settings[4];
    int columns, rows;
  } rounded[] = {
    { { "rows=7", NULL }, 3, 8 },
    { { "layout=english", "rows=5", NULL }, 3, 6 },
    { { "layout=flemish", "rows=9", NULL }, 3, 10 },
    { { "layout=hexagon", "rows=3", NULL }, 3, 4 },
    { { "layout=herringbone", "columns=6", "rows=8", NULL }, 8, 8 },
    { { "layout=herringbone", "columns=8", "rows=10", NULL }, 8, 12 },
    { { "layout=basket", "piece-ratio=3", "columns=8", "rows=12" }, 12, 12 },
    { { "layout=herringbone", NULL }, 4, 8 },
    { { "layout=basket", NULL }, 4, 8 },
  };
  static const struct
  {
    const char *pattern, *settings[4], *names;
  } bad[] = {
    { "bricks", { "gap=32", NULL }, "gap" },
    { "bricks", { "layout=flemish", "gap=29", NULL }, "gap" },
    { "bricks", { "columns=500", NULL }, "columns" },
    { "stones", { "gap=40", NULL }, "gap" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (rounded); k++)
    {
      TsrSettings s;
      TsrTexture *tex;
      int columns = 0, rows = 0;

      settings_with (&s, "bricks", rounded[k].settings);
      tex = tsr_texture_new (&s, 256, 192, NULL, NULL);
      g_assert_nonnull (tex);
      g_assert_true (tsr_texture_piece_counts (tex, &columns, &rows));
      g_assert_cmpint (columns, ==, rounded[k].columns);
      g_assert_cmpint (rows, ==, rounded[k].rows);
      tsr_texture_free (tex);
      /* the running bond without an offset is a stack: any rows */
      if (k == 0)
        {
          g_assert_true (tsr_settings_parse (&s, "offset", "0", NULL));
          tex = tsr_texture_new (&s, 256, 192, NULL, NULL);
          g_assert_false (tsr_texture_piece_counts (tex, &columns, &rows));
          g_assert_cmpint (rows, ==, 7);
          tsr_texture_free (tex);
        }
    }
  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      TsrSettings s;
      GError *error = NULL;

      settings_with (&s, bad[k].pattern, bad[k].settings);
      g_assert_null (tsr_texture_new (&s, 256, 192, NULL, &error));
      g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE);
      if (!g_str_has_prefix (error->message, bad[k].names))
        g_error ("%s %s: the error does not name %s: %s", bad[k].pattern, bad[k].settings[0],
                 bad[k].names, error->message);
      g_clear_error (&error);
    }
}

/* A running bond of 4 x 4 pieces on 128 x 128, its values at the pixels
 * of row y: heights (map=height) or the ramp's positions (map=color). */
#define APART_SIZE 128

static void
values_apart (const char *map, const char *const *more, int y, float *out)
{
  static const LayoutCase bond = { "bricks", { "layout=stack", "columns=4", "rows=4", NULL }, 0 };
  TsrSettings s;
  TsrTexture *tex;

  settings_for (&bond, &s, more);
  g_assert_true (tsr_settings_parse (&s, "columns", "4", NULL));
  g_assert_true (tsr_settings_parse (&s, "rows", "4", NULL));
  g_assert_true (tsr_settings_parse (&s, "map", map, NULL));
  tex = tsr_texture_new (&s, APART_SIZE, APART_SIZE, NULL, NULL);
  g_assert_nonnull (tex);
  tsr_texture_values_row (tex, 0, y, APART_SIZE, out);
  tsr_texture_free (tex);
}

/* Colour and height apart: with no tilt, grit or wear, every piece's face
 * is as high as every other's however different their colours (a darker
 * piece is not a lower one). */
static void
test_darker_not_lower (void)
{
  static const char *const flat[] = { "tilt=0", "grit=0", "wear=0", "piece-tone=1", NULL };
  float height[APART_SIZE], color[APART_SIZE];
  double lo = 1, hi = 0;

  for (int row = 0; row < 4; row++)
    {
      const int y = row * APART_SIZE / 4 + APART_SIZE / 8;

      values_apart ("height", flat, y, height);
      values_apart ("color", flat, y, color);
      for (int col = 0; col < 4; col++)
        {
          const int x = col * APART_SIZE / 4 + APART_SIZE / 8;

          g_assert_cmpfloat (height[x], ==, height[APART_SIZE / 8]);
          lo = MIN (lo, color[x]);
          hi = MAX (hi, color[x]);
        }
    }
  /* ... while their colours spread over the palette */
  g_assert_cmpfloat (hi - lo, >, 0.2);
}

/* face-relief scales how much a wood face shows in the height (linearly,
 * where the bevel has risen), and leaves the colours alone. */
static void
test_face_relief_scales (void)
{
  static const char *const r0[] = { "face=wood", "tilt=0", "face-relief=0", NULL };
  static const char *const r1[] = { "face=wood", "tilt=0", "face-relief=0.25", NULL };
  static const char *const r2[] = { "face=wood", "tilt=0", "face-relief=0.5", NULL };
  float h0[APART_SIZE], h1[APART_SIZE], h2[APART_SIZE], c0[APART_SIZE], c2[APART_SIZE];
  double most = 0;
  int flat = 0;

  for (int y = 8; y < APART_SIZE; y += 32)
    {
      values_apart ("height", r0, y, h0);
      values_apart ("height", r1, y, h1);
      values_apart ("height", r2, y, h2);
      values_apart ("color", r0, y, c0);
      values_apart ("color", r2, y, c2);
      g_assert_cmpmem (c0, sizeof c0, c2, sizeof c2);
      for (int x = 0; x < APART_SIZE; x++)
        {
          /* relief 0 leaves the faces flat: the highest value of the row */
          if (h0[x] != h0[APART_SIZE / 8])
            continue;
          flat++;
          g_assert_cmpfloat_with_epsilon (h2[x] - h0[x], 2.0f * (h1[x] - h0[x]), 1e-5);
          most = MAX (most, fabs (h2[x] - h0[x]));
        }
    }
  g_assert_cmpint (flat, >, APART_SIZE);
  g_assert_cmpfloat (most, >, 0.02);
}

/* A wood or marble face is drawn with that pattern's own settings (the
 * groups bricks borrow), which change nothing on a plain face. */
static void
test_faces_read_their_settings (void)
{
  static const char *const cases[][3] = {
    { "face=wood", "rings=24", "rings=60" },
    { "face=wood", "knots=0", "knots=6" },
    { "face=marble", "veins=3", "veins=9" },
    { "face=marble", "style=veined", "style=banded" },
    { "face=plain", "rings=24", "rings=60" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      const char *const a[] = { cases[k][0], cases[k][1], NULL };
      const char *const b[] = { cases[k][0], cases[k][2], NULL };
      float va[APART_SIZE], vb[APART_SIZE];
      gboolean differ = FALSE;

      for (int y = 8; y < APART_SIZE && !differ; y += 16)
        {
          values_apart ("color", a, y, va);
          values_apart ("color", b, y, vb);
          differ = memcmp (va, vb, sizeof va) != 0;
        }
      g_assert_true (differ == (k + 1 < G_N_ELEMENTS (cases)));
    }
}

/* A board as long as the tile (a stack of one column) shows its grain
 * once along it: no stretch of its face repeats half a board on. */
static void
test_long_board_no_repeat (void)
{
  static const LayoutCase planks = {
    "bricks", { "layout=stack", "face=wood", "tilt=0", "wear=0", "grit=0", NULL }, 0
  };
  static const char *const one_column[] = { "columns=1", "rows=4", NULL };
  TsrSettings s;
  TsrTexture *tex;
  float v[APART_SIZE];
  int same = 0, total = 0;

  settings_for (&planks, &s, one_column);
  tex = tsr_texture_new (&s, APART_SIZE, APART_SIZE, NULL, NULL);
  g_assert_nonnull (tex);
  for (int y = APART_SIZE / 16; y < APART_SIZE; y += APART_SIZE / 4)
    {
      tsr_texture_values_row (tex, 0, y, APART_SIZE, v);
      /* away from the board's ends, where the mortar is */
      for (int x = 8; x < APART_SIZE / 2 - 8; x++, total++)
        same += fabsf (v[x] - v[x + APART_SIZE / 2]) < 1e-3f;
    }
  tsr_texture_free (tex);
  /* a face half the tile wide repeated every point */
  g_assert_cmpint (same, <, total / 4);
}

/* Rows taken together (eval_rows: bands of rows share their pieces, a
 * quarter-turned face is taken a column at a time) give the bits of rows
 * taken one at a time (eval), values and gradients, over tall blocks. */
static void
test_rows_together_same_bits (void)
{
  static const LayoutCase cases[] = {
    { "bricks", { "face=marble", "columns=4", "rows=4", NULL }, 0 },
    { "bricks", { "layout=stack", "face=wood", NULL }, 0 },
    { "bricks", { "layout=herringbone", "face=marble", NULL }, 0 },
  };
  enum { W = 96, ROWS = 64 };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      TsrSettings s;
      TsrTexture *tex;
      double x[W], y[ROWS], ys[W];
      float *v = g_new (float, 3 * ROWS * W), *gx = v + ROWS * W, *gy = gx + ROWS * W;
      float one[W], one_x[W], one_y[W];

      settings_for (&cases[k], &s, NULL);
      tex = tsr_texture_new (&s, 192, 160, NULL, NULL);
      g_assert_nonnull (tex);
      for (int i = 0; i < W; i++)
        x[i] = 40.5 + i;
      for (int r = 0; r < ROWS; r++)
        y[r] = 7.5 + r;
      for (int grad = 0; grad < 2; grad++)
        {
          tex->pattern->eval_rows (tex, x, y, ROWS, W, v, grad ? gx : NULL, grad ? gy : NULL, W);
          for (int r = 0; r < ROWS; r++)
            {
              for (int i = 0; i < W; i++)
                ys[i] = y[r];
              if (grad)
                tex->pattern->eval_grad (tex, x, ys, W, one, one_x, one_y);
              else
                tex->pattern->eval (tex, x, ys, W, one);
              g_assert_cmpmem (one, sizeof one, v + r * W, sizeof one);
              if (grad)
                {
                  g_assert_cmpmem (one_x, sizeof one_x, gx + r * W, sizeof one_x);
                  g_assert_cmpmem (one_y, sizeof one_y, gy + r * W, sizeof one_y);
                }
            }
        }
      g_free (v);
      tsr_texture_free (tex);
    }
}

/* The largest difference, over the pieces of a 4 x 4 stack bond, between
 * the colour near a piece's ends (its second and seventh eighths, inside
 * the bevel and the rim) and in its middle quarter, averaged over its
 * middle rows. */
static double
ends_against_middle (const char *const *more)
{
  const int size = APART_SIZE / 4;
  /* per piece: the left end, the middle, the right end */
  double sum[4][4][3] = { { { 0 } } };
  double most = 0;
  float color[APART_SIZE];

  for (int row = 0; row < 4; row++)
    for (int y = row * size + size / 4; y < row * size + 3 * size / 4; y++)
      {
        values_apart ("color", more, y, color);
        for (int x = 0; x < APART_SIZE; x++)
          {
            const int col = x / size, at = (x % size) * 8 / size;

            if (at == 1)
              sum[row][col][0] += color[x];
            else if (at == 3 || at == 4)
              sum[row][col][1] += 0.5 * color[x];
            else if (at == 6)
              sum[row][col][2] += color[x];
          }
      }
  for (int row = 0; row < 4; row++)
    for (int col = 0; col < 4; col++)
      {
        most = MAX (most, fabs (sum[row][col][0] - sum[row][col][1]));
        most = MAX (most, fabs (sum[row][col][2] - sum[row][col][1]));
      }
  /* sums over size / 2 rows of size / 8 pixels each */
  return most / (size / 2 * (size / 8));
}

/* A plain brick's colour varies within it (a drift, burnt ends) as fired
 * clay does, with piece-tone, where the rest of its face (grit, mottle)
 * does not: more with rough faces; glazed ones (little grit) hardly. */
static void
test_fired_within_piece (void)
{
  static const char *const rough[2][4] = { { "grit=0.5", "piece-tone=0", "wear=0", NULL },
                                           { "grit=0.5", "piece-tone=1", "wear=0", NULL } };
  static const char *const glazed[2][4] = { { "grit=0.05", "piece-tone=0", "wear=0", NULL },
                                            { "grit=0.05", "piece-tone=1", "wear=0", NULL } };
  const double r = ends_against_middle (rough[1]) - ends_against_middle (rough[0]);
  const double g = ends_against_middle (glazed[1]) - ends_against_middle (glazed[0]);

  g_test_message ("ends against middle, piece-tone 1 less 0: rough %.3f, glazed %.3f", r, g);
  g_assert_cmpfloat (r, >, 0.03);
  g_assert_cmpfloat (g, <, 0.5 * r);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/bricks/layouts-cover-once", test_layouts_cover_once);
  g_test_add_func ("/core/bricks/repeats-bit-identical", test_repeats_bit_identical);
  g_test_add_func ("/core/bricks/impossible-combinations", test_impossible_combinations);
  g_test_add_func ("/core/bricks/darker-not-lower", test_darker_not_lower);
  g_test_add_func ("/core/bricks/face-relief-scales", test_face_relief_scales);
  g_test_add_func ("/core/bricks/faces-read-their-settings", test_faces_read_their_settings);
  g_test_add_func ("/core/bricks/long-board-no-repeat", test_long_board_no_repeat);
  g_test_add_func ("/core/bricks/rows-together-same-bits", test_rows_together_same_bits);
  g_test_add_func ("/core/bricks/fired-within-piece", test_fired_within_piece);
  return g_test_run ();
}
