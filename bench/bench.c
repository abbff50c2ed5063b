/* Prints how fast every pattern renders: 4096 x 4096 float RGBA, tiling on,
 * at 1 thread and at all threads, in Msamples/s, each with its time as a
 * multiple of clouds octaves=8's (issue 36's measure: "within 5x"); then
 * every preset (frontend/presets.c), likewise; and, as a
 * reference on the same grid, stb_perlin_fbm_noise3 (8 octaves, one thread).
 *
 *   bench [SIZE] [pattern ...]      (default 4096, every pattern and preset)
 *
 * An argument preset:NAME renders that preset; a pattern or a preset
 * after 'clouds octaves=8' gets its ratio to it:
 *   bench 2048 'clouds octaves=8' water preset:pink-marble
 *
 * A pattern or preset argument may carry settings after spaces, as one
 * argument:
 *   bench 4096 'clouds octaves=8' 'preset:pink-marble map=normal'
 * TSR_BENCH_REPEAT=N times every render N times and keeps the fastest
 * (default 1); the 1-thread figure also shows its process CPU time, which
 * other jobs on a shared machine disturb less than wall time.
 * TSR_BENCH_STB=0 skips the stb reference.
 * TSR_BENCH_REGION=WxH renders each texture as WxH regions, one call each
 * (as GIMP's live filter asks for its chunks, split among GEGL's
 * threads): a pattern whose cost depends on the region's shape shows it.
 *
 * It prints figures; it asserts nothing about time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tessera.h"
#include "presets.h"

#define STB_PERLIN_IMPLEMENTATION
#include <stb/stb_perlin.h>

static int repeat = 1;
/* TSR_BENCH_REGION's width and height; 0: the whole texture in one call */
static int region_w, region_h;

/* Process CPU time (all threads). */
static double
cpu_seconds (void)
{
  return (double) clock () / CLOCKS_PER_SEC;
}

/* Best wall time of `repeat` renders; *cpu gets the best CPU time. */
static double
time_render (const TsrTexture *tex, int size, float *buf, int threads,
             double *cpu)
{
  double best = G_MAXDOUBLE, best_cpu = G_MAXDOUBLE;

  for (int r = 0; r < repeat; r++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double c0 = cpu_seconds ();
      GError *error = NULL;

      const int w = region_w > 0 ? region_w : size, h = region_h > 0 ? region_h : size;

      for (int y = 0; y < size; y += h)
        for (int x = 0; x < size; x += w)
          if (!tsr_render (tex, x, y, MIN (w, size - x), MIN (h, size - y),
                           buf + ((gsize) y * size + x) * 4, (gsize) size * 4, threads, NULL,
                           NULL, &error))
            g_error ("render: %s", error->message);
      best = MIN (best, (g_get_monotonic_time () - t0) / 1e6);
      best_cpu = MIN (best_cpu, cpu_seconds () - c0);
    }
  if (cpu)
    *cpu = best_cpu;
  return best;
}

/* A render's seconds: wall at all threads, CPU at one. */
typedef struct
{
  double wall, cpu;
} Seconds;

/* Renders settings s at 1 thread and at all; prints the figures under
 * `label`, and with `clouds` (the reference's seconds) not NULL the ratios
 * to it: wall at all threads, and one thread's CPU, which other jobs on a
 * shared machine disturb far less.  Returns its seconds. */
static Seconds
bench_settings (const TsrSettings *s, const char *label, int size, float *buf,
                const Seconds *clouds)
{
  GError *error = NULL;
  TsrTexture *tex;
  double t1, tn, c1, mpx = (double) size * size / 1e6;
  int all = tsr_render_default_threads ();

  tex = tsr_texture_new (s, size, size, NULL, &error);
  if (!tex)
    g_error ("%s", error->message);

  t1 = time_render (tex, size, buf, 1, &c1);
  tn = time_render (tex, size, buf, all, NULL);
  printf ("%-34s %8.3f s %8.1f Msamples/s (1 thread, %.3f s CPU) %8.3f s %8.1f Msamples/s (%d threads)",
          label, t1, mpx / t1, c1, tn, mpx / tn, all);
  if (clouds != NULL)
    printf (" %6.1fx clouds (%.1fx in CPU)", tn / clouds->wall, c1 / clouds->cpu);
  printf ("\n");
  fflush (stdout);
  tsr_texture_free (tex);
  return (Seconds) { tn, c1 };
}

/* Applies "key=value" words after a pattern's or a preset's own settings,
 * and names them in the label. */
static void
apply_extra (TsrSettings *s, const char *const *extra, GString *label)
{
  GError *error = NULL;

  for (guint i = 0; extra && extra[i]; i++)
    {
      char **kv = g_strsplit (extra[i], "=", 2);

      if (kv[1] == NULL)
        g_error ("bench: '%s' is not key=value", extra[i]);
      if (!tsr_settings_parse (s, kv[0], kv[1], &error))
        g_error ("%s", error->message);
      g_string_append_printf (label, " %s", extra[i]);
      g_strfreev (kv);
    }
}

static Seconds
bench_pattern (const char *name, const char *const *extra, int size, float *buf,
               const Seconds *clouds)
{
  TsrSettings s;
  GError *error = NULL;
  GString *label = g_string_new (name);
  Seconds tn;

  if (!tsr_settings_init (&s, name, &error))
    g_error ("%s", error->message);
  apply_extra (&s, extra, label);
  tn = bench_settings (&s, label->str, size, buf, clouds);
  g_string_free (label, TRUE);
  return tn;
}

/* A preset, as the dialog applies it (tiling on), then any extra settings,
 * against clouds. */
static void
bench_preset (const TsrPreset *preset, const char *const *extra, int size, float *buf,
              const Seconds *clouds)
{
  TsrSettings s;
  GError *error = NULL;
  GString *label = g_string_new ("preset ");

  g_string_append (label, preset->name);
  if (!tsr_settings_init (&s, preset->pattern, &error)
      || !tsr_preset_apply (preset, &s, &error))
    g_error ("preset %s: %s", preset->name, error->message);
  apply_extra (&s, extra, label);
  bench_settings (&s, label->str, size, buf, clouds);
  g_string_free (label, TRUE);
}

static void
bench_stb (int size, float *buf)
{
  gint64 t0 = g_get_monotonic_time ();
  double t, mpx = (double) size * size / 1e6;
  const float f = 1.0f / 128.0f;

  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      buf[(gsize) y * size + x] = stb_perlin_fbm_noise3 ((x + 0.5f) * f, (y + 0.5f) * f, 0.0f,
                                                         2.0f, 0.5f, 8);
  t = (g_get_monotonic_time () - t0) / 1e6;
  printf ("%-34s %8.3f s %8.1f Msamples/s (1 thread, not tileable; reference)\n",
          "stb_perlin_fbm_noise3 8 octaves", t, mpx / t);
}

int
main (int argc, char **argv)
{
  int size = argc > 1 ? atoi (argv[1]) : 4096;
  float *buf;
  static const char *const eight[] = { "octaves=8", NULL };
  const char *rep = g_getenv ("TSR_BENCH_REPEAT");

  const char *region = g_getenv ("TSR_BENCH_REGION");

  if (rep)
    repeat = CLAMP (atoi (rep), 1, 100);
  if (region && (sscanf (region, "%dx%d", &region_w, &region_h) != 2 || region_w < 1
                 || region_h < 1))
    {
      fprintf (stderr, "bench: TSR_BENCH_REGION must be WxH (e.g. 2048x16), not '%s'\n", region);
      return 2;
    }

  if (size < 16 || size > 16384)
    {
      fprintf (stderr, "bench: SIZE must be 16 .. 16384\n");
      return 2;
    }
  buf = g_new (float, (gsize) size * size * 4);
  memset (buf, 0, sizeof (float) * (gsize) size * size * 4);   /* fault pages in first */
  printf ("Tessera %s bench: %dx%d float RGBA, tiling on, defaults unless shown",
          TESSERA_VERSION_STRING, size, size);
  if (region_w > 0)
    printf (", as %dx%d regions", region_w, region_h);
  printf ("\n");

  if (argc > 2)
    {
      Seconds clouds = { 0.0, 0.0 };
      gboolean have_clouds = FALSE;

      for (int i = 2; i < argc; i++)
        {
          /* "name key=value ...": the settings follow the name. */
          char **words = g_strsplit_set (argv[i], " \t", -1);
          GPtrArray *extra = g_ptr_array_new ();
          Seconds t;

          for (guint w = 1; words[w]; w++)
            if (words[w][0] != '\0')
              g_ptr_array_add (extra, words[w]);
          g_ptr_array_add (extra, NULL);
          if (g_str_has_prefix (words[0], "preset:"))
            {
              const TsrPreset *preset = tsr_preset_lookup (words[0] + strlen ("preset:"));

              if (preset == NULL)
                {
                  fprintf (stderr, "bench: no preset named '%s'\n", words[0] + strlen ("preset:"));
                  return 2;
                }
              bench_preset (preset, (const char *const *) extra->pdata, size, buf,
                            have_clouds ? &clouds : NULL);
              g_ptr_array_free (extra, TRUE);
              g_strfreev (words);
              continue;
            }
          t = bench_pattern (words[0], (const char *const *) extra->pdata, size, buf,
                             have_clouds ? &clouds : NULL);
          if (strcmp (argv[i], "clouds octaves=8") == 0)
            clouds = t, have_clouds = TRUE;
          g_ptr_array_free (extra, TRUE);
          g_strfreev (words);
        }
    }
  else
    {
      const Seconds clouds = bench_pattern ("clouds", eight, size, buf, NULL);

      for (guint p = 0; p < tsr_n_patterns; p++)
        bench_pattern (tsr_patterns[p]->name, NULL, size, buf, &clouds);
      for (guint p = 0; p < tsr_n_presets; p++)
        bench_preset (&tsr_presets[p], NULL, size, buf, &clouds);
    }
  if (g_strcmp0 (g_getenv ("TSR_BENCH_STB"), "0") != 0)
    bench_stb (size, buf);
  g_free (buf);
  return 0;
}
