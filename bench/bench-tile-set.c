/* Prints what a tile set costs against one tile of the same size: the
 * 16-tile grass/sand corner set (terrain) and 8 marble variants, each
 * against one plain tile, at one thread, as wall and process CPU time
 * (best of TSR_BENCH_REPEAT runs, default 3) and their ratio.  Textures
 * are made and rendered through the core's API into float RGBA, as the
 * plug-in does; writing files is left out.
 *
 *   bench-tile-set [SIZE]       (default 256)
 *
 * It prints figures; it asserts nothing about time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tessera.h"

typedef struct
{
  const char *label;
  const char *pattern;
  const char *kv[4];
  TsrTileKind kind;
  int         n;            /* tiles of the set */
  gboolean    terrain;      /* sand at the corners of colour 1 */
} Case;

static double
cpu_seconds (void)
{
  return (double) clock () / CLOCKS_PER_SEC;
}

static void
settings_of (const Case *c, TsrSettings *s)
{
  GError *error = NULL;

  if (!tsr_settings_init (s, c->pattern, &error))
    g_error ("%s", error->message);
  for (guint i = 0; i < G_N_ELEMENTS (c->kv) && c->kv[i] != NULL; i++)
    {
      char **kv = g_strsplit (c->kv[i], "=", 2);

      if (!tsr_settings_parse (s, kv[0], kv[1], &error))
        g_error ("%s", error->message);
      g_strfreev (kv);
    }
}

/* Renders n tiles (tile NULL: the plain tile, once) of size x size;
 * returns the wall seconds, *cpu the CPU seconds. */
static double
render_tiles (const Case *c, gboolean set, int size, float *buf, double *cpu)
{
  const gint64 t0 = g_get_monotonic_time ();
  const double c0 = cpu_seconds ();
  const int    n = set ? c->n : 1;
  TsrSettings  s;
  TsrRamp      sand;

  settings_of (c, &s);
  tsr_ramp_palette (&sand, TSR_PALETTE_SAND);
  for (int t = 0; t < n; t++)
    {
      const TsrTileId id = c->kind == TSR_TILES_CORNERS ? tsr_tile_corner ((guint) t)
                                                         : tsr_tile_variant ((guint) t);
      GError *error = NULL;
      TsrTexture *tex = tsr_texture_new_tile (&s, size, size, NULL, set ? &id : NULL, &error);

      if (tex == NULL)
        g_error ("%s", error->message);
      if (set && c->terrain && !tsr_texture_set_terrain (tex, &sand, &error))
        g_error ("%s", error->message);
      if (!tsr_render (tex, 0, 0, size, size, buf, (gsize) size * 4, 1, NULL, NULL, &error))
        g_error ("%s", error->message);
      tsr_texture_free (tex);
    }
  *cpu = cpu_seconds () - c0;
  return (g_get_monotonic_time () - t0) / 1e6;
}

int
main (int argc, char **argv)
{
  static const Case cases[] = {
    { "grass/sand corner set", "clouds", { "palette=grass", "scale=40", "seed=3", NULL },
      TSR_TILES_CORNERS, TSR_CORNER_TILES, TRUE },
    { "marble variants", "marble",
      { "palette=carrara", "veins=2", "scale=128", "seed=11" }, TSR_TILES_VARIANTS, 8, FALSE },
  };
  const int size = argc > 1 ? atoi (argv[1]) : 256;
  const char *env = g_getenv ("TSR_BENCH_REPEAT");
  const int repeat = env != NULL ? MAX (1, atoi (env)) : 3;
  float *buf;

  if (size < 16 || size > 8192)
    {
      fprintf (stderr, "bench-tile-set: SIZE must be 16 .. 8192\n");
      return 2;
    }
  buf = g_new (float, (gsize) size * size * 4);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      double wall[2] = { G_MAXDOUBLE, G_MAXDOUBLE }, cpu[2] = { G_MAXDOUBLE, G_MAXDOUBLE };

      for (int r = 0; r < repeat; r++)
        for (int set = 0; set < 2; set++)
          {
            double cs;
            const double ws = render_tiles (&cases[c], set, size, buf, &cs);

            wall[set] = MIN (wall[set], ws);
            cpu[set] = MIN (cpu[set], cs);
          }
      printf ("%-22s %dx%d, 1 thread: one tile %.3f s (%.3f s CPU), %d tiles %.3f s "
              "(%.3f s CPU): %.1fx the CPU of one tile, %.2fx a tile's each\n",
              cases[c].label, size, size, wall[0], cpu[0], cases[c].n, wall[1], cpu[1],
              cpu[1] / cpu[0], cpu[1] / cpu[0] / cases[c].n);
      fflush (stdout);
    }
  g_free (buf);
  return 0;
}
