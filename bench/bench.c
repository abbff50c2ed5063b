/* Prints how fast every pattern renders: 4096 x 4096 float RGBA, tiling on,
 * at 1 thread and at all threads, in Msamples/s; and, as a reference on the
 * same grid, stb_perlin_fbm_noise3 (8 octaves, one thread).
 *
 *   bench [SIZE] [pattern ...]      (default 4096 and every pattern)
 *
 * It prints figures; it asserts nothing about time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera.h"

#define STB_PERLIN_IMPLEMENTATION
#include <stb/stb_perlin.h>

static double
time_render (const TsrTexture *tex, int size, float *buf, int threads)
{
  gint64 t0 = g_get_monotonic_time ();
  GError *error = NULL;
  if (!tsr_render (tex, 0, 0, size, size, buf, (gsize) size * 4, threads, NULL, NULL, &error))
    g_error ("render: %s", error->message);
  return (g_get_monotonic_time () - t0) / 1e6;
}

static void
bench_pattern (const char *name, const char *const *extra, int size, float *buf)
{
  TsrSettings s;
  GError *error = NULL;
  TsrTexture *tex;
  double t1, tn, mpx = (double) size * size / 1e6;
  int all = tsr_render_default_threads ();
  GString *label = g_string_new (name);

  if (!tsr_settings_init (&s, name, &error))
    g_error ("%s", error->message);
  for (guint i = 0; extra && extra[i]; i++)
    {
      char **kv = g_strsplit (extra[i], "=", 2);
      if (!tsr_settings_parse (&s, kv[0], kv[1], &error))
        g_error ("%s", error->message);
      g_string_append_printf (label, " %s", extra[i]);
      g_strfreev (kv);
    }
  tex = tsr_texture_new (&s, size, size, NULL, &error);
  if (!tex)
    g_error ("%s", error->message);

  t1 = time_render (tex, size, buf, 1);
  tn = time_render (tex, size, buf, all);
  printf ("%-34s %8.3f s %8.1f Msamples/s (1 thread) %8.3f s %8.1f Msamples/s (%d threads)\n",
          label->str, t1, mpx / t1, tn, mpx / tn, all);
  fflush (stdout);
  g_string_free (label, TRUE);
  tsr_texture_free (tex);
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

  if (size < 16 || size > 16384)
    {
      fprintf (stderr, "bench: SIZE must be 16 .. 16384\n");
      return 2;
    }
  buf = g_new (float, (gsize) size * size * 4);
  memset (buf, 0, sizeof (float) * (gsize) size * size * 4);   /* fault pages in first */
  printf ("Tessera %s bench: %dx%d float RGBA, tiling on, defaults unless shown\n",
          TESSERA_VERSION_STRING, size, size);

  if (argc > 2)
    for (int i = 2; i < argc; i++)
      bench_pattern (argv[i], NULL, size, buf);
  else
    {
      bench_pattern ("clouds", eight, size, buf);
      for (guint p = 0; p < tsr_n_patterns; p++)
        bench_pattern (tsr_patterns[p].name, NULL, size, buf);
    }
  bench_stb (size, buf);
  g_free (buf);
  return 0;
}
