/* Tile sets with the options they accept: every pattern that makes tiles,
 * with time, rise (and time) and terrain, and every preset's settings
 * (coarse lattices, the marbles' webs), as variants and as corner tiles.
 * Each combination either is refused by the core (the CLI then exits 2
 * before writing) or gives shared edges equal bit for bit: every
 * variant's four edge lines are variant 0's, and two corner tiles with the
 * same corners along an edge have the same pixels along it. */
#include <string.h>

#include "presets.h"
#include "test-helpers.h"

#define SIDE      128
#define VARIANTS  4

typedef struct
{
  const char *name;
  const char *kv[3];      /* NULL-terminated */
  gboolean    terrain;    /* a second material: sand */
} Option;

static const Option options[] = {
  { "time", { "time=0.37", NULL }, FALSE },
  { "rise", { "rise=1", "time=0.5", NULL }, FALSE },
  { "terrain", { NULL }, TRUE },
  { "terrain with time", { "time=0.37", NULL }, TRUE },
};

/* One case: the settings, and whether a second material (sand) lies
 * over them; `what` names it in the messages. */
typedef struct
{
  char        what[96];
  TsrSettings s;
  gboolean    terrain;
} Case;

/* The case of pattern with option o (NULL: its defaults). */
static void
option_case (const char *pattern, const Option *o, Case *c)
{
  g_assert_true (tsr_settings_init (&c->s, pattern, NULL));
  for (int i = 0; o != NULL && o->kv[i] != NULL; i++)
    {
      char **kv = g_strsplit (o->kv[i], "=", 2);

      g_assert_true (tsr_settings_parse (&c->s, kv[0], kv[1], NULL));
      g_strfreev (kv);
    }
  c->terrain = o != NULL && o->terrain;
  g_snprintf (c->what, sizeof c->what, "%s %s", pattern, o != NULL ? o->name : "");
}

/* Tile id's RGBA, or NULL with the core's refusal in *error. */
static float *
render_tile (const Case *c, const TsrTileId *id, GError **error)
{
  TsrTexture *tex;
  float *rgba;

  tex = tsr_texture_new_tile (&c->s, SIDE, SIDE, NULL, id, error);
  if (tex == NULL)
    return NULL;
  if (c->terrain)
    {
      TsrRamp sand;

      tsr_ramp_palette (&sand, TSR_PALETTE_SAND);
      if (!tsr_texture_set_terrain (tex, &sand, error))
        {
          tsr_texture_free (tex);
          return NULL;
        }
    }
  rgba = g_new (float, 4 * SIDE * SIDE);
  g_assert_true (tsr_render (tex, 0, 0, SIDE, SIDE, rgba, 4 * SIDE, 1, NULL, NULL, NULL));
  tsr_texture_free (tex);
  return rgba;
}

enum { TOP, BOTTOM, LEFT, RIGHT };

/* Edge e's line of pixels, equal bit for bit in a and b. */
static gboolean
same_edge (const float *a, const float *b, int e)
{
  for (int k = 0; k < SIDE; k++)
    {
      const int x = e == LEFT ? 0 : e == RIGHT ? SIDE - 1 : k;
      const int y = e == TOP ? 0 : e == BOTTOM ? SIDE - 1 : k;

      if (memcmp (a + 4 * (y * SIDE + x), b + 4 * (y * SIDE + x), 4 * sizeof (float)) != 0)
        return FALSE;
    }
  return TRUE;
}

/* Whether corner tiles a and b have the same two corners along edge e. */
static gboolean
same_corners (const TsrTileId *a, const TsrTileId *b, int e)
{
  static const int ends[4][2] = {
    [TOP] = { TSR_CORNER_TL, TSR_CORNER_TR }, [BOTTOM] = { TSR_CORNER_BL, TSR_CORNER_BR },
    [LEFT] = { TSR_CORNER_TL, TSR_CORNER_BL }, [RIGHT] = { TSR_CORNER_TR, TSR_CORNER_BR },
  };

  return a->corner[ends[e][0]] == b->corner[ends[e][0]]
         && a->corner[ends[e][1]] == b->corner[ends[e][1]];
}

typedef struct
{
  int exact, refused, differ;
} Tally;

/* One set of case c; the tally counts its outcome. */
static void
check_set (const Case *c, TsrTileKind kind, Tally *tally)
{
  const int n = kind == TSR_TILES_CORNERS ? TSR_CORNER_TILES : VARIANTS;
  const char *what = kind == TSR_TILES_CORNERS ? "corner tiles" : "variants";
  TsrTileId id[TSR_CORNER_TILES];
  float *px[TSR_CORNER_TILES] = { NULL };
  GError *error = NULL;
  int differ = 0;

  for (int t = 0; t < n; t++)
    {
      id[t] = kind == TSR_TILES_CORNERS ? tsr_tile_corner ((guint) t)
                                        : tsr_tile_variant ((guint) t);
      px[t] = render_tile (c, &id[t], &error);
      if (px[t] == NULL)
        {
          g_test_message ("%s, %s: refused (%s)", c->what, what, error->message);
          g_clear_error (&error);
          tally->refused++;
          for (int u = 0; u < t; u++)
            g_free (px[u]);
          return;
        }
    }
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      for (int e = TOP; e <= RIGHT; e++)
        if ((kind == TSR_TILES_VARIANTS || same_corners (&id[a], &id[b], e))
            && !same_edge (px[a], px[b], e))
          differ++;
  if (differ > 0)
    g_test_message ("%s, %s: %d shared edges differ", c->what, what, differ);
  if (differ > 0)
    tally->differ++;
  else
    tally->exact++;
  for (int t = 0; t < n; t++)
    g_free (px[t]);
}

/* Whether pattern makes a plain set of this kind at all. */
static gboolean
makes_set (const char *pattern, TsrTileKind kind)
{
  const TsrTileId id = kind == TSR_TILES_CORNERS ? tsr_tile_corner (5) : tsr_tile_variant (1);
  Case c;
  float *px;

  option_case (pattern, NULL, &c);
  px = render_tile (&c, &id, NULL);
  g_free (px);
  return px != NULL;
}

static void
test_options_keep_edges (void)
{
  Tally tally = { 0, 0, 0 };
  int sets = 0;

  for (guint p = 0; p < tsr_n_patterns; p++)
    for (int kind = TSR_TILES_VARIANTS; kind <= TSR_TILES_CORNERS; kind++)
      {
        const char *pattern = tsr_patterns[p]->name;

        if (!makes_set (pattern, (TsrTileKind) kind))
          continue;
        sets++;
        for (guint o = 0; o < G_N_ELEMENTS (options); o++)
          if (!(options[o].terrain && kind != TSR_TILES_CORNERS))
            {
              Case c;

              option_case (pattern, &options[o], &c);
              check_set (&c, (TsrTileKind) kind, &tally);
            }
      }
  g_test_message ("%d pattern x kind sets; option cases: %d exact, %d refused, %d with "
                  "edges that differ", sets, tally.exact, tally.refused, tally.differ);
  /* every case measured first: the messages say which differ */
  g_assert_cmpint (tally.differ, ==, 0);
  /* the patterns that make tiles, both kinds, and most cases taken */
  g_assert_cmpint (sets, >=, 20);
  g_assert_cmpint (tally.exact, >, tally.refused);
}

/* Every preset's settings: scales of a tile or more (the clouds', the
 * sky's), the marbles' veins and webs; those the core refuses are
 * counted. */
static void
test_presets_keep_edges (void)
{
  Tally tally = { 0, 0, 0 };

  for (guint p = 0; p < tsr_n_presets; p++)
    for (int kind = TSR_TILES_VARIANTS; kind <= TSR_TILES_CORNERS; kind++)
      {
        Case c = { .terrain = FALSE };

        g_strlcpy (c.what, tsr_presets[p].name, sizeof c.what);
        g_assert_true (tsr_settings_init (&c.s, tsr_presets[p].pattern, NULL));
        g_assert_true (tsr_preset_apply (&tsr_presets[p], &c.s, NULL));
        check_set (&c, (TsrTileKind) kind, &tally);
      }
  g_test_message ("presets: %d sets exact, %d refused, %d with edges that differ", tally.exact,
                  tally.refused, tally.differ);
  g_assert_cmpint (tally.differ, ==, 0);
  g_assert_cmpint (tally.exact, >, tally.refused);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/tile-sets/options-keep-edges", test_options_keep_edges);
  g_test_add_func ("/core/tile-sets/presets-keep-edges", test_presets_keep_edges);
  return g_test_run ();
}
