/* The live filter without GIMP: tessera:texture rendered through GEGL's
 * API, as GIMP asks for it: into a tiled GeglBuffer of the given babl
 * format, at a mipmap level (a zoomed-out canvas).  Prints the seconds
 * of each run, wall and CPU (every thread's, which a machine shared with
 * other work inflates less), the best and the medians; asserts nothing.
 *
 *   GEGL_PATH=BUILD/gegl bench-gegl SIZE [LEVEL [FORMAT [RUNS [PATTERN [OCTAVES]]]]]
 *   (defaults: level 0, "R'G'B'A u8", 3 runs, clouds, 8 octaves; tiling on)
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <time.h>
#include <gegl.h>

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


int
main (int argc, char **argv)
{
  int         size, level, runs, octaves;
  const char *format, *pattern;
  double      best = G_MAXDOUBLE;
  GArray     *seconds = g_array_new (FALSE, FALSE, sizeof (double));
  GArray     *cpu = g_array_new (FALSE, FALSE, sizeof (double));

  gegl_init (&argc, &argv);
  if (argc < 2)
    {
      fprintf (stderr, "usage: %s SIZE [LEVEL [FORMAT [RUNS [PATTERN [OCTAVES]]]]]\n", argv[0]);
      return 2;
    }
  size = atoi (argv[1]);
  level = argc > 2 ? atoi (argv[2]) : 0;
  format = argc > 3 ? argv[3] : "R'G'B'A u8";
  runs = argc > 4 ? atoi (argv[4]) : 3;
  pattern = argc > 5 ? argv[5] : "clouds";
  octaves = argc > 6 ? atoi (argv[6]) : 8;
  if (!gegl_has_operation ("tessera:texture"))
    {
      fprintf (stderr, "tessera:texture not found: set GEGL_PATH to the build's gegl/\n");
      return 1;
    }
  /* GIMP's default tile cache, half the memory: GEGL's own (512 MiB)
   * swaps an 8192² render to disk */
  g_object_set (gegl_config (), "mipmap-rendering", level > 0, "tile-cache-size",
                (guint64) sysconf (_SC_PHYS_PAGES) * (guint64) sysconf (_SC_PAGESIZE) / 2, NULL);

  for (int run = 0; run < runs; run++)
    {
      /* a new graph each run: no cache of the previous render */
      GeglNode           *graph = gegl_node_new ();
      GeglNode           *node = gegl_node_new_child (graph, "operation", "tessera:texture", NULL);
      const int           shown = size >> level;
      const GeglRectangle roi = { 0, 0, size, size };
      /* as GIMP's projection does: a full-size buffer, whose mipmap level
       * `level` is rendered */
      GeglBuffer         *buffer = gegl_buffer_new (&roi, babl_format (format));
      gint64              t0;
      double              s, c;

      gegl_node_set (node, "width", size, "height", size, "octaves", octaves,
                     "tileable", TRUE, NULL);
      /* no cache of the op's float output (1 GiB at 8192²): the blit's
       * buffer is the output */
      g_object_set (node, "dont-cache", TRUE, NULL);
      {
        GParamSpec *p = gegl_operation_find_property ("tessera:texture", "pattern");
        GEnumValue *v = g_enum_get_value_by_nick (G_PARAM_SPEC_ENUM (p)->enum_class, pattern);
        if (v == NULL)
          {
            fprintf (stderr, "unknown pattern %s\n", pattern);
            return 2;
          }
        gegl_node_set (node, "pattern", v->value, NULL);
      }
      t0 = g_get_monotonic_time ();
      c = cpu_seconds ();
      gegl_node_blit_buffer (node, buffer, &roi, level, GEGL_ABYSS_NONE);
      c = cpu_seconds () - c;
      s = (g_get_monotonic_time () - t0) / 1e6;
      best = MIN (best, s);
      g_array_append_val (seconds, s);
      g_array_append_val (cpu, c);
      printf ("%s %d² level %d (%d² shown) into %s: %.3f s, CPU %.3f s\n", pattern, size,
              level, shown, format, s, c);
      g_object_unref (buffer);
      g_object_unref (graph);
    }
  printf ("best of %d: %.3f s\n", runs, best);
  if (runs > 0)
    {
      printf ("median of %d: %.3f s\n", runs, median (seconds));
      printf ("median CPU of %d: %.3f s\n", runs, median (cpu));
    }
  g_array_unref (seconds);
  g_array_unref (cpu);
  gegl_exit ();
  return 0;
}
