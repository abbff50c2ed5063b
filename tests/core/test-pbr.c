/* PBR material maps: ambient occlusion against a brute-force horizon
 * search over the 16-bit height map, curvature's sign on bumps and
 * hollows, roughness per pattern and in the user's range, the packed
 * maps' channels, and every map of a shared evaluation equal to the map
 * rendered alone.  (Tiling and any-split equality: test-surface.) */
#include <string.h>

#include "tessera.h"
#include "test-helpers.h"

static float *
render_rgba (const TsrTexture *tex, int w, int h)
{
  float *rgba = g_new (float, 4 * (gsize) w * h);
  GError *error = NULL;

  g_assert_true (tsr_render (tex, 0, 0, w, h, rgba, 4 * (gsize) w, 1, NULL, NULL, &error));
  g_assert_no_error (error);
  return rgba;
}

static int
wrap (int v, int n)
{
  return ((v % n) + n) % n;
}

/* The occlusion relief.h describes, taking every pixel along each of the 8
 * directions out to the radius (not the code's sparser steps) over heights
 * rounded to 16 bits, as an engine's baker would read the height map. */
static float
brute_force_ao (const guint16 *h, int w, int hgt, int x, int y, int radius, float depth)
{
  static const int dirs[8][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 },
                                  { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
  const double here = h[y * w + x] / 65535.0;
  double sum = 0;

  for (int d = 0; d < 8; d++)
    {
      const double unit = sqrt (dirs[d][0] * dirs[d][0] + dirs[d][1] * dirs[d][1]);
      double best = 0;

      for (int k = 1; k * unit <= radius + 1e-9 || k == 1; k++)
        {
          const int qx = wrap (x + k * dirs[d][0], w), qy = wrap (y + k * dirs[d][1], hgt);
          const double t = depth * (h[qy * w + qx] / 65535.0 - here) / (k * unit);

          best = MAX (best, t);
        }
      sum += best / sqrt (1 + best * best);
    }
  return (float) MAX (0.0, 1.0 - sum / 8);
}

static int
cmp_float (gconstpointer a, gconstpointer b)
{
  const float x = *(const float *) a, y = *(const float *) b;
  return (x > y) - (x < y);
}

static void
test_ao_matches_brute_force (void)
{
  static const char *const cases[][3] = {
    { "clouds", "octaves=6", "normal-strength=16" },
    { "cells", "scale=30", "normal-strength=24" },
    { "wood", "seed=2", "normal-strength=8" },
    { "ridged", "octaves=5", "normal-strength=32" },
  };
  const int w = 97, h = 83, radius = 16;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      TsrTexture *height = test_texture (cases[c][0], w, h, cases[c][1], cases[c][2],
                                         "map=height", NULL);
      TsrTexture *ao = test_texture (cases[c][0], w, h, cases[c][1], cases[c][2], "map=ao",
                                     "ao-radius=16", NULL);
      g_autofree float *hm = render_rgba (height, w, h);
      g_autofree float *am = render_rgba (ao, w, h);
      g_autofree guint16 *h16 = g_new (guint16, w * h);
      g_autofree float *err = g_new (float, w * h);
      const float depth = (float) tsr_texture_get_settings (ao)->value[TSR_P_NORMAL_STRENGTH];
      double sum = 0, occluded = 0;

      for (int i = 0; i < w * h; i++)
        h16[i] = (guint16) test_reference_quantize (hm[4 * i], 65535);
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            const int i = y * w + x;
            const float ref = brute_force_ao (h16, w, h, x, y, radius, depth);

            err[i] = fabsf (am[4 * i] - ref);
            sum += err[i];
            occluded += 1.0 - ref;
          }
      qsort (err, (gsize) w * h, sizeof (float), cmp_float);
      g_test_message ("%s %s: |ao - brute force| mean %.4f, 99th percentile %.4f, max %.4f "
                      "(mean occlusion %.3f)", cases[c][0], cases[c][2], sum / (w * h),
                      err[w * h * 99 / 100], err[w * h - 1], occluded / (w * h));
      /* the occlusion must be there to compare */
      g_assert_cmpfloat (occluded / (w * h), >, 0.02);
      g_assert_cmpfloat (sum / (w * h), <, 0.01);
      g_assert_cmpfloat (err[w * h * 99 / 100], <, 0.05);
      tsr_texture_free (height);
      tsr_texture_free (ao);
    }
}

/* At each strict local maximum of the height (a bump's top) the curvature
 * is bright, at each strict local minimum dark. */
static void
test_curvature_sign (void)
{
  static const char *const patterns[][2] = { { "perlin", "scale=24" }, { "clouds", "octaves=3" },
                                             { "cells", "cells-mode=f2" } };
  const int w = 64, h = 64;

  for (guint p = 0; p < G_N_ELEMENTS (patterns); p++)
    {
      TsrTexture *height = test_texture (patterns[p][0], w, h, patterns[p][1], NULL);
      TsrTexture *curv = test_texture (patterns[p][0], w, h, patterns[p][1], "map=curvature",
                                       NULL);
      g_autofree float *v = test_render_scalar (height, 0, 0, w, h, 1);
      g_autofree float *c = render_rgba (curv, w, h);
      int tops = 0, pits = 0;

      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            const float here = v[y * w + x];
            gboolean top = here < 1.0f, pit = here > 0.0f;   /* clamped: flat */

            for (int dy = -1; dy <= 1; dy++)
              for (int dx = -1; dx <= 1; dx++)
                if (dx != 0 || dy != 0)
                  {
                    const float n = v[wrap (y + dy, h) * w + wrap (x + dx, w)];
                    top = top && here > n;
                    pit = pit && here < n;
                  }
            if (top)
              {
                g_assert_cmpfloat (c[4 * (y * w + x)], >, 0.5f);
                tops++;
              }
            if (pit)
              {
                g_assert_cmpfloat (c[4 * (y * w + x)], <, 0.5f);
                pits++;
              }
          }
      g_test_message ("%s: %d tops bright, %d pits dark", patterns[p][0], tops, pits);
      g_assert_cmpint (tops, >, 0);
      g_assert_cmpint (pits, >, 0);
      tsr_texture_free (height);
      tsr_texture_free (curv);
    }
}

/* Flat ground is mid-grey and fully open. */
static void
test_flat_is_neutral (void)
{
  TsrTexture *curv = test_texture ("clouds", 32, 32, "map=curvature", "normal-strength=0", NULL);
  TsrTexture *ao = test_texture ("clouds", 32, 32, "map=ao", "normal-strength=0", NULL);
  g_autofree float *c = render_rgba (curv, 32, 32);
  g_autofree float *a = render_rgba (ao, 32, 32);

  for (int i = 0; i < 32 * 32; i++)
    {
      g_assert_cmpfloat (c[4 * i], ==, 0.5f);
      g_assert_cmpfloat (a[4 * i], ==, 1.0f);
    }
  tsr_texture_free (curv);
  tsr_texture_free (ao);
}

/* Mean roughness over the pixels whose value is below lo and above hi. */
static void
roughness_by_value (const char *pattern, const char *setting, float lo, float hi,
                    double *low_mean, double *high_mean, float *min, float *max)
{
  const int w = 96, h = 96;
  TsrTexture *val = test_texture (pattern, w, h, setting, NULL);
  TsrTexture *rough = test_texture (pattern, w, h, setting, "map=roughness", NULL);
  g_autofree float *v = test_render_scalar (val, 0, 0, w, h, 1);
  g_autofree float *r = render_rgba (rough, w, h);
  double sum_lo = 0, sum_hi = 0;
  int n_lo = 0, n_hi = 0;

  *min = 1, *max = 0;
  for (int i = 0; i < w * h; i++)
    {
      *min = MIN (*min, r[4 * i]);
      *max = MAX (*max, r[4 * i]);
      if (v[i] < lo)
        sum_lo += r[4 * i], n_lo++;
      else if (v[i] > hi)
        sum_hi += r[4 * i], n_hi++;
    }
  g_assert_cmpint (n_lo, >, 0);
  g_assert_cmpint (n_hi, >, 0);
  *low_mean = sum_lo / n_lo;
  *high_mean = sum_hi / n_hi;
  tsr_texture_free (val);
  tsr_texture_free (rough);
}

/* Polished marble, rougher veins; wood rougher in its dark lines; noise
 * from its value; always within the user's range. */
static void
test_roughness_per_pattern (void)
{
  double lo, hi;
  float min, max;

  roughness_by_value ("marble", "seed=1", 0.3f, 0.8f, &lo, &hi, &min, &max);
  g_test_message ("marble: veins %.3f, stone %.3f", lo, hi);
  g_assert_cmpfloat (hi, <, 0.2);
  g_assert_cmpfloat (lo, >, hi + 0.1);
  roughness_by_value ("wood", "seed=1", 0.3f, 0.7f, &lo, &hi, &min, &max);
  g_test_message ("wood: latewood and pores %.3f, earlywood %.3f", lo, hi);
  g_assert_cmpfloat (lo, >, hi + 0.1);
  roughness_by_value ("clouds", "roughness-min=0.2", 0.4f, 0.6f, &lo, &hi, &min, &max);
  g_assert_cmpfloat (lo, <, hi);
  g_assert_cmpfloat (min, >=, 0.2f);
  g_assert_cmpfloat (max, <=, 0.9f + 1e-6f);
  roughness_by_value ("clouds", "roughness-max=0.3", 0.4f, 0.6f, &lo, &hi, &min, &max);
  g_assert_cmpfloat (max, <=, 0.3f + 1e-6f);
  g_assert_cmpfloat (min, >=, 0.05f - 1e-6f);
}

/* tsr_texture_eval_maps of every map but `shaded` at once gives each
 * map's own pixels, and the packed maps hold the single ones. */
static void
test_shared_evaluation (void)
{
  static const char *const patterns[][2] = { { "clouds", "octaves=8" }, { "marble", "style=banded" },
                                             { "wood", "distortion=0.3" } };
  const int w = 45, h = 29, x0 = -7, y0 = 11;
  TsrMapsScratch *scratch = tsr_maps_scratch_new ();   /* reused across patterns */

  for (guint p = 0; p < G_N_ELEMENTS (patterns); p++)
    {
      TsrTexture *tex = test_texture (patterns[p][0], 60, 50, patterns[p][1], "metallic=0.25",
                                      "normal-format=directx", NULL);
      float *all[TSR_MAP_COUNT] = { NULL };
      guint32 maps = 0;

      for (int m = 0; m < TSR_MAP_COUNT; m++)
        if (m != TSR_MAP_SHADED)
          {
            all[m] = g_new (float, 4 * w * h);
            maps |= 1u << m;
          }
      tsr_texture_eval_maps (tex, maps, x0, y0, w, h, all, 4 * w, scratch);
      for (int m = 0; m < TSR_MAP_COUNT; m++)
        {
          TsrSettings s = *tsr_texture_get_settings (tex);
          TsrTexture *one;
          g_autofree float *alone = g_new (float, 4 * w * h);
          GError *error = NULL;

          if (all[m] == NULL)
            continue;
          s.value[TSR_P_MAP] = m;
          one = tsr_texture_new (&s, 60, 50, NULL, &error);
          g_assert_no_error (error);
          g_assert_true (tsr_render (one, x0, y0, w, h, alone, 4 * w, 2, NULL, NULL, &error));
          g_assert_cmpmem (all[m], sizeof (float) * 4 * w * h, alone, sizeof (float) * 4 * w * h);
          tsr_texture_free (one);
        }
      for (int i = 0; i < w * h; i++)
        {
          const float *orm = all[TSR_MAP_ORM] + 4 * i, *mask = all[TSR_MAP_MASK_HDRP] + 4 * i;
          const float ao = all[TSR_MAP_AO][4 * i], rough = all[TSR_MAP_ROUGHNESS][4 * i];

          g_assert_cmpfloat (orm[0], ==, ao);
          g_assert_cmpfloat (orm[1], ==, rough);
          g_assert_cmpfloat (orm[2], ==, 0.25f);
          g_assert_cmpfloat (mask[0], ==, 0.25f);
          g_assert_cmpfloat (mask[1], ==, ao);
          g_assert_cmpfloat (mask[2], ==, 0.0f);
          g_assert_cmpfloat (mask[3], ==, 1.0f - rough);
        }
      for (int m = 0; m < TSR_MAP_COUNT; m++)
        g_free (all[m]);
      tsr_texture_free (tex);
    }
  tsr_maps_scratch_free (scratch);
}

/* The shared evaluation with a dither added per map
 * (tsr_texture_dither_rgba_rows, as the plug-in's shared pass hands each
 * layer its own levels) gives each map exactly as a texture of that map
 * rendered alone for those levels; the dither does change the pixels. */
static void
test_shared_evaluation_dithered (void)
{
  const int w = 37, h = 21, x0 = 5, y0 = -3;
  const guint levels[] = { 255, 65535 };
  TsrTexture *tex = test_texture ("clouds", 40, 30, "dither=true", "normal-format=directx", NULL);
  const TsrMap maps[] = { TSR_MAP_COLOR, TSR_MAP_HEIGHT, TSR_MAP_NORMAL, TSR_MAP_AO,
                          TSR_MAP_ORM };
  float *all[TSR_MAP_COUNT] = { NULL };
  guint32 bits = 0;
  gsize changed = 0;

  for (guint k = 0; k < G_N_ELEMENTS (maps); k++)
    {
      all[maps[k]] = g_new (float, 4 * w * h);
      bits |= 1u << maps[k];
    }
  tsr_texture_eval_maps (tex, bits, x0, y0, w, h, all, 4 * w, NULL);
  for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
    for (guint k = 0; k < G_N_ELEMENTS (maps); k++)
      {
        TsrSettings s = *tsr_texture_get_settings (tex);
        g_autofree float *shared = g_memdup2 (all[maps[k]], sizeof (float) * 4 * w * h);
        g_autofree float *alone = g_new (float, 4 * w * h);
        GError *error = NULL;
        TsrTexture *one;

        tsr_texture_dither_rgba_rows (tex, levels[l], x0, y0, w, h, shared, 4 * w);
        for (int i = 0; i < 4 * w * h; i++)
          changed += shared[i] != all[maps[k]][i];
        s.value[TSR_P_MAP] = maps[k];
        one = tsr_texture_new (&s, 40, 30, NULL, &error);
        g_assert_no_error (error);
        tsr_texture_set_output_levels (one, levels[l]);
        g_assert_true (tsr_render (one, x0, y0, w, h, alone, 4 * w, 2, NULL, NULL, &error));
        g_assert_cmpmem (shared, sizeof (float) * 4 * w * h, alone, sizeof (float) * 4 * w * h);
        tsr_texture_free (one);
      }
  g_assert_cmpuint (changed, >, 0);
  for (guint k = 0; k < G_N_ELEMENTS (maps); k++)
    g_free (all[maps[k]]);
  tsr_texture_free (tex);
}

/* What tsr_texture_emit_maps hands over, copied into whole maps. */
typedef struct
{
  float *maps[TSR_MAP_COUNT];
  int    w, chunk, next_row[TSR_MAP_COUNT];
} Emitted;

static gboolean
copy_chunk (TsrMap map, int first_row, int n_rows, const float *rgba, gsize stride,
            gpointer user_data, GError **error)
{
  Emitted *e = user_data;

  (void) error;
  /* chunks of every map in row order, each `chunk` rows but the last */
  g_assert_cmpint (first_row, ==, e->next_row[map]);
  g_assert_cmpint (first_row % e->chunk, ==, 0);
  e->next_row[map] = first_row + n_rows;
  for (int r = 0; r < n_rows; r++)
    memcpy (e->maps[map] + 4 * (gsize) (first_row + r) * e->w, rgba + (gsize) r * stride,
            sizeof (float) * 4 * e->w);
  return TRUE;
}

static gboolean
refuse_chunk (TsrMap map, int first_row, int n_rows, const float *rgba, gsize stride,
              gpointer user_data, GError **error)
{
  int *calls = user_data;

  (void) map, (void) first_row, (void) n_rows, (void) rgba, (void) stride;
  ++*calls;
  g_set_error (error, TSR_ERROR, TSR_ERROR_CANCELLED, "stop");
  return FALSE;
}

/* The maps handed over a few rows at a time (the planes' ring of rows
 * wrapping many times, the occlusion's and curvature's reach across
 * chunks) are the maps evaluated at once; a callback's FALSE stops it. */
static void
test_emitted_chunks (void)
{
  static const char *const patterns[][2] = { { "clouds", "ao-radius=5" },
                                             { "wood", "ao-radius=1" },
                                             { "bricks", "ao-radius=9" } };
  const int w = 37, h = 31, x0 = -5, y0 = 7, chunks[] = { 1, 3, 8, 31 };
  guint32 maps = 0;
  TsrMapsScratch *scratch = tsr_maps_scratch_new ();

  for (int m = 0; m < TSR_MAP_COUNT; m++)
    if (m != TSR_MAP_SHADED)
      maps |= 1u << m;
  for (guint p = 0; p < G_N_ELEMENTS (patterns); p++)
    {
      TsrTexture *tex = test_texture (patterns[p][0], 50, 40, patterns[p][1], NULL);
      float *all[TSR_MAP_COUNT] = { NULL };

      for (int m = 0; m < TSR_MAP_COUNT; m++)
        if (maps & (1u << m))
          all[m] = g_new (float, 4 * w * h);
      tsr_texture_eval_maps (tex, maps, x0, y0, w, h, all, 4 * w, NULL);
      for (guint c = 0; c < G_N_ELEMENTS (chunks); c++)
        {
          Emitted e = { .w = w, .chunk = chunks[c] };
          GError *error = NULL;
          int calls = 0;

          for (int m = 0; m < TSR_MAP_COUNT; m++)
            if (all[m] != NULL)
              e.maps[m] = g_new0 (float, 4 * w * h);
          g_assert_true (tsr_texture_emit_maps (tex, maps, x0, y0, w, h, chunks[c], copy_chunk,
                                                &e, scratch, &error));
          g_assert_no_error (error);
          for (int m = 0; m < TSR_MAP_COUNT; m++)
            if (all[m] != NULL)
              {
                g_assert_cmpint (e.next_row[m], ==, h);
                g_assert_cmpmem (e.maps[m], sizeof (float) * 4 * w * h, all[m],
                                 sizeof (float) * 4 * w * h);
                g_free (e.maps[m]);
              }
          g_assert_false (tsr_texture_emit_maps (tex, maps, x0, y0, w, h, chunks[c],
                                                 refuse_chunk, &calls, scratch, &error));
          g_assert_error (error, TSR_ERROR, TSR_ERROR_CANCELLED);
          g_assert_cmpint (calls, ==, 1);
          g_clear_error (&error);
        }
      for (int m = 0; m < TSR_MAP_COUNT; m++)
        g_free (all[m]);
      tsr_texture_free (tex);
    }
  tsr_maps_scratch_free (scratch);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pbr/ao-matches-brute-force", test_ao_matches_brute_force);
  g_test_add_func ("/pbr/curvature-sign", test_curvature_sign);
  g_test_add_func ("/pbr/flat-is-neutral", test_flat_is_neutral);
  g_test_add_func ("/pbr/roughness-per-pattern", test_roughness_per_pattern);
  g_test_add_func ("/pbr/shared-evaluation", test_shared_evaluation);
  g_test_add_func ("/pbr/shared-evaluation-dithered", test_shared_evaluation_dithered);
  g_test_add_func ("/pbr/emitted-chunks", test_emitted_chunks);
  return g_test_run ();
}
