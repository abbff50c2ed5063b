/* Prints what a whole material set costs against the colour map alone:
 * the colour, normal, height, roughness, ambient occlusion and ORM maps of
 * one texture from one shared evaluation (tsr_texture_emit_maps, in bands
 * and chunks of rows as `tessera render --material` takes them), and the
 * colour map as `tessera render --output` renders it, both as float RGBA
 * rows (no files), at 1 thread and at all threads.
 *
 *   bench-material [SIZE] [PATTERN [KEY=VALUE ...]]
 *                  (default 4096 clouds octaves=8)
 *
 * TSR_BENCH_REPEAT=N keeps the fastest of N runs.  It prints figures; it
 * asserts nothing about time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tessera.h"

static const TsrMap set_maps[] = { TSR_MAP_COLOR, TSR_MAP_NORMAL, TSR_MAP_HEIGHT,
                                   TSR_MAP_ROUGHNESS, TSR_MAP_AO, TSR_MAP_ORM };

/* A set's band: every map a file band of rows at a time
 * (tsr_texture_emit_maps), as `tessera render --material` takes them
 * (cli-material.c) to encode; here, like the colour map's bands, they are
 * made and not read. */
typedef struct
{
  const TsrTexture *tex;
  int               chunk_rows;
  GAsyncQueue      *scratches;
} SetJob;

static gboolean
take_rows (TsrMap map, int first_row, int n_rows, const float *rgba, gsize stride,
           gpointer user_data, GError **error)
{
  (void) map, (void) first_row, (void) n_rows, (void) rgba, (void) stride, (void) user_data;
  (void) error;
  return TRUE;
}

static gboolean
eval_set_band (TsrBand *band, gpointer user_data, GError **error)
{
  SetJob *job = user_data;
  TsrMapsScratch *scratch = g_async_queue_pop (job->scratches);
  guint32 maps = 0;
  gboolean ok;

  for (guint i = 0; i < G_N_ELEMENTS (set_maps); i++)
    maps |= 1u << set_maps[i];
  ok = tsr_texture_emit_maps (job->tex, maps, band->x, band->y, band->width, band->rows,
                              job->chunk_rows, take_rows, NULL, scratch, error);
  g_async_queue_push (job->scratches, scratch);
  return ok;
}

/* Best wall time of the runs; *cpu the best process CPU time. */
static double
time_job (const TsrTexture *tex, const TsrRenderJob *job, int repeat, double *cpu)
{
  double best = G_MAXDOUBLE;

  *cpu = G_MAXDOUBLE;
  for (int r = 0; r < repeat; r++)
    {
      const gint64 t0 = g_get_monotonic_time ();
      const clock_t c0 = clock ();
      GError *error = NULL;

      if (!tsr_render_bands (tex, job, &error))
        g_error ("render: %s", error->message);
      best = MIN (best, (g_get_monotonic_time () - t0) / 1e6);
      *cpu = MIN (*cpu, (double) (clock () - c0) / CLOCKS_PER_SEC);
    }
  return best;
}

int
main (int argc, char **argv)
{
  const int size = argc > 1 ? atoi (argv[1]) : 4096;
  const char *rep = g_getenv ("TSR_BENCH_REPEAT");
  const int repeat = rep ? CLAMP (atoi (rep), 1, 100) : 1;
  const int all = tsr_render_default_threads ();
  TsrSettings s;
  GError *error = NULL;
  TsrTexture *tex;
  GString *label = g_string_new (argc > 2 ? argv[2] : "clouds");

  if (size < 16 || size > 16384)
    {
      fprintf (stderr, "bench-material: SIZE must be 16 .. 16384\n");
      return 2;
    }
  if (!tsr_settings_init (&s, argc > 2 ? argv[2] : "clouds", &error)
      || (argc <= 3 && !tsr_settings_parse (&s, "octaves", "8", &error)))
    g_error ("%s", error->message);
  if (argc <= 3)
    g_string_append (label, " octaves=8");
  for (int i = 3; i < argc; i++)
    {
      char **kv = g_strsplit (argv[i], "=", 2);

      if (kv[1] == NULL || !tsr_settings_parse (&s, kv[0], kv[1], &error))
        g_error ("%s: %s", argv[i], error ? error->message : "expected KEY=VALUE");
      g_string_append_printf (label, " %s", argv[i]);
      g_strfreev (kv);
    }
  tex = tsr_texture_new (&s, size, size, NULL, &error);
  if (tex == NULL)
    g_error ("%s", error->message);

  printf ("%s, %dx%d: colour alone against the set (colour, normal, height, roughness, "
          "AO, ORM), float RGBA bands, best of %d\n", label->str, size, size, repeat);
  for (int threads = 1; threads <= all; threads = threads == all ? all + 1 : all)
    {
      const int halo = (int) s.value[TSR_P_AO_RADIUS];
      const TsrRenderJob colour = { .width = size, .height = size, .n_threads = threads };
      const int file_rows = MAX (1, 65536 / size);
      SetJob job = { tex, file_rows,
                     g_async_queue_new_full ((GDestroyNotify) tsr_maps_scratch_free) };
      const TsrRenderJob set = {
        .width = size, .height = size, .n_threads = threads,
        .band_rows = file_rows * MAX (1, (8 * (halo + 1) + file_rows - 1) / file_rows),
        .band_done = eval_set_band, .user_data = &job,
      };
      double c_colour, c_set;

      for (int i = 0; i < threads; i++)
        g_async_queue_push (job.scratches, tsr_maps_scratch_new ());
      const double t_colour = time_job (tex, &colour, repeat, &c_colour);
      const double t_set = time_job (NULL, &set, repeat, &c_set);

      printf ("  %d thread%s: colour %.3f s (%.3f s CPU), set %.3f s (%.3f s CPU): %.2fx "
              "(CPU %.2fx)\n", threads, threads > 1 ? "s" : "", t_colour, c_colour, t_set, c_set,
              t_set / t_colour, c_set / c_colour);
      g_async_queue_unref (job.scratches);
    }
  tsr_texture_free (tex);
  g_string_free (label, TRUE);
  return 0;
}
