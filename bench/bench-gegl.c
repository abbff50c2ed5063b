/* The live filter without GIMP: tessera:texture seen on a canvas at
 * 100 %, 50 %, 25 % or 12.5 % (mipmap level 0 .. 3), through GEGL's API,
 * along one of three paths:
 *
 *   gimp    what GIMP 3.0 and 3.2 do: the projection (a full-size buffer
 *           of the image's format, R'G'B'A u8 for 8-bit) is rendered at
 *           level 0 in chunks, gegl_node_blit_buffer (graph, projection,
 *           chunk, 0, GEGL_ABYSS_NONE), whatever the zoom (GimpProjection's
 *           chunk renderer through GimpTileHandlerValidate), the filter
 *           behind a cache as GimpDrawableFilter's applicator keeps it;
 *           then the canvas reads the projection at the zoom's scale,
 *           gegl_buffer_get (projection, rect, scale, ..., GEGL_ABYSS_CLAMP),
 *           and GEGL builds the level from level 0 (GeglTileHandlerZoom).
 *   level   gegl_node_blit_buffer (node, full-size buffer, full-size rect,
 *           L, GEGL_ABYSS_NONE), which no GIMP calls: GEGL renders level L
 *           and then copies the full-size rect at level 0 into the buffer.
 *   mipmap  gegl_node_blit (node, 1 / 2^L, shown rect, ...) with
 *           mipmap-rendering on: the op renders level L, one sample a
 *           shown pixel (what a GEGL client that asks for levels gets).
 *
 * Prints the seconds of each run, wall and CPU (every thread's, which a
 * machine shared with other work inflates less), for the whole and for
 * its two parts on the gimp path (render, show); the medians; and the
 * shown pixels' mean, to see they are the texture's.  Asserts nothing.
 *
 *   GEGL_PATH=BUILD/gegl bench-gegl SIZE [LEVEL [PATH [RUNS [PATTERN [OCTAVES]]]]]
 *   (defaults: level 0, gimp, 3 runs, clouds, 8 octaves; tiling on)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
#include <gegl.h>

/* GIMP's first chunk of projection work; it then sizes chunks to 1/15 s,
 * which changes how the work is cut, not how much there is. */
#define CHUNK 256

static gint
compare_seconds (gconstpointer a, gconstpointer b)
{
  const double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The CPU seconds of every thread of the process so far. */
static double
cpu_seconds (void)
{
  struct timespec t;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double) t.tv_sec + t.tv_nsec / 1e9;
}

static double
median (GArray *seconds)
{
  g_array_sort (seconds, compare_seconds);
  return g_array_index (seconds, double, (seconds->len - 1) / 2);
}

static GeglNode *
texture_node (GeglNode *graph, const char *pattern, int size, int octaves)
{
  GeglNode   *node = gegl_node_new_child (graph, "operation", "tessera:texture", NULL);
  GParamSpec *p = gegl_operation_find_property ("tessera:texture", "pattern");
  GEnumValue *v = g_enum_get_value_by_nick (G_PARAM_SPEC_ENUM (p)->enum_class, pattern);

  if (v == NULL)
    {
      fprintf (stderr, "unknown pattern %s\n", pattern);
      exit (2);
    }
  gegl_node_set (node, "width", size, "height", size, "octaves", octaves, "tileable", TRUE,
                 "pattern", v->value, NULL);
  return node;
}

/* The mean of the first channel of `n` R'G'B'A u8 pixels, 0 .. 1. */
static double
mean_red (const guint8 *px, gsize n)
{
  double sum = 0.0;

  for (gsize i = 0; i < n; i++)
    sum += px[4 * i];
  return sum / (255.0 * (double) n);
}

typedef struct
{
  double render, show;    /* CPU seconds of the two parts (gimp path) */
  double shown_mean;
} Run;

/* GIMP's canvas: the projection at level 0 in chunks, then read at scale. */
static void
run_gimp (GeglNode *graph, GeglNode *node, int size, int level, const Babl *format,
          guint8 *shown, Run *run)
{
  const GeglRectangle whole = { 0, 0, size, size };
  const int           n = size >> level;
  GeglBuffer         *projection = gegl_buffer_new (&whole, format);
  GeglNode           *cache = gegl_node_new_child (graph, "operation", "gegl:cache", NULL);
  double              c = cpu_seconds ();

  gegl_node_link (node, cache);
  for (int y = 0; y < size; y += CHUNK)
    for (int x = 0; x < size; x += CHUNK)
      {
        const GeglRectangle chunk = { x, y, MIN (CHUNK, size - x), MIN (CHUNK, size - y) };

        gegl_node_blit_buffer (cache, projection, &chunk, 0, GEGL_ABYSS_NONE);
      }
  run->render = cpu_seconds () - c;
  c = cpu_seconds ();
  gegl_buffer_get (projection, GEGL_RECTANGLE (0, 0, n, n), 1.0 / (1 << level), format, shown,
                   GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_CLAMP | GEGL_BUFFER_FILTER_AUTO);
  run->show = cpu_seconds () - c;
  g_object_unref (projection);
}

/* The path the last benchmark timed: a blit at level L into a full-size
 * buffer, then that buffer read at level L. */
static void
run_level (GeglNode *node, int size, int level, const Babl *format, guint8 *shown)
{
  const GeglRectangle whole = { 0, 0, size, size };
  const int           n = size >> level;
  GeglBuffer         *buffer = gegl_buffer_new (&whole, format);

  gegl_node_blit_buffer (node, buffer, &whole, level, GEGL_ABYSS_NONE);
  gegl_buffer_get (buffer, GEGL_RECTANGLE (0, 0, n, n), 1.0 / (1 << level), format, shown,
                   GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
  g_object_unref (buffer);
}

/* One view along `path`: the one function callgrind is told to count
 * (--toggle-collect=bench_view), so not inlined. */
static G_GNUC_NO_INLINE void
bench_view (const char *path, GeglNode *graph, GeglNode *node, int size, int level,
            const Babl *format, guint8 *shown, Run *run)
{
  const int n = size >> level;

  if (strcmp (path, "gimp") == 0)
    run_gimp (graph, node, size, level, format, shown, run);
  else if (strcmp (path, "level") == 0)
    run_level (node, size, level, format, shown);
  else
    gegl_node_blit (node, 1.0 / (1 << level), GEGL_RECTANGLE (0, 0, n, n), format, shown,
                    GEGL_AUTO_ROWSTRIDE, GEGL_BLIT_DEFAULT);
}

int
main (int argc, char **argv)
{
  int         size, level, runs, octaves;
  const char *path, *pattern;
  const Babl *format;
  GArray     *seconds = g_array_new (FALSE, FALSE, sizeof (double));
  GArray     *cpu = g_array_new (FALSE, FALSE, sizeof (double));
  GArray     *render = g_array_new (FALSE, FALSE, sizeof (double));
  GArray     *show = g_array_new (FALSE, FALSE, sizeof (double));

  gegl_init (&argc, &argv);
  if (argc < 2)
    {
      fprintf (stderr, "usage: %s SIZE [LEVEL [gimp|level|mipmap [RUNS [PATTERN [OCTAVES]]]]]\n",
               argv[0]);
      return 2;
    }
  size = atoi (argv[1]);
  level = argc > 2 ? atoi (argv[2]) : 0;
  path = argc > 3 ? argv[3] : "gimp";
  runs = argc > 4 ? atoi (argv[4]) : 3;
  pattern = argc > 5 ? argv[5] : "clouds";
  octaves = argc > 6 ? atoi (argv[6]) : 8;
  if (size < 1 || level < 0 || level > 8 || runs < 1
      || (strcmp (path, "gimp") != 0 && strcmp (path, "level") != 0
          && strcmp (path, "mipmap") != 0))
    {
      fprintf (stderr, "bad arguments: SIZE >= 1, LEVEL 0 .. 8, PATH gimp, level or mipmap, "
               "RUNS >= 1\n");
      return 2;
    }
  if (!gegl_has_operation ("tessera:texture"))
    {
      fprintf (stderr, "tessera:texture not found: set GEGL_PATH to the build's gegl/\n");
      return 1;
    }
  /* GIMP's defaults: a thread a core (unless GEGL_THREADS says, e.g. 1
   * under callgrind), a tile cache of half the memory (GEGL's own, 512 MiB,
   * swaps an 8192² render to disk), and no mipmap rendering. */
  g_object_set (gegl_config (), "mipmap-rendering", strcmp (path, "mipmap") == 0,
                "tile-cache-size",
                (guint64) sysconf (_SC_PHYS_PAGES) * (guint64) sysconf (_SC_PAGESIZE) / 2, NULL);
  if (g_getenv ("GEGL_THREADS") == NULL)
    g_object_set (gegl_config (), "threads", MIN (g_get_num_processors (), 64), NULL);
  /* the projection's format for an 8-bit perceptual RGB image */
  format = babl_format ("R'G'B'A u8");

  for (int r = 0; r < runs; r++)
    {
      /* a new graph each run: no cache of the previous render */
      GeglNode *graph = gegl_node_new ();
      GeglNode *node = texture_node (graph, pattern, size, octaves);
      const int n = size >> level;
      guint8   *shown = g_malloc (4 * (gsize) n * n);
      Run       run = { 0 };
      gint64    t0 = g_get_monotonic_time ();
      double    c = cpu_seconds (), s;

      bench_view (path, graph, node, size, level, format, shown, &run);
      c = cpu_seconds () - c;
      s = (g_get_monotonic_time () - t0) / 1e6;
      run.shown_mean = mean_red (shown, (gsize) n * n);
      g_array_append_val (seconds, s);
      g_array_append_val (cpu, c);
      g_array_append_val (render, run.render);
      g_array_append_val (show, run.show);
      printf ("%s %d² level %d (%d² shown), %s path: %.3f s, CPU %.3f s", pattern, size, level,
              n, path, s, c);
      if (strcmp (path, "gimp") == 0)
        printf (" (render %.3f, show %.3f)", run.render, run.show);
      printf (", shown red mean %.3f\n", run.shown_mean);
      g_free (shown);
      g_object_unref (graph);
    }
  printf ("median of %d: %.3f s\n", runs, median (seconds));
  printf ("median CPU of %d: %.3f s\n", runs, median (cpu));
  if (strcmp (path, "gimp") == 0)
    printf ("median CPU render, show: %.3f %.3f s\n", median (render), median (show));
  g_array_unref (seconds);
  g_array_unref (cpu);
  g_array_unref (render);
  g_array_unref (show);
  gegl_exit ();
  return 0;
}
