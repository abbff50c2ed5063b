/* Tile sets keep the texture's look up to their edges: the statistics of
 * a row (its mean and contrast) are the same near an edge as in the
 * middle of a tile.
 *
 * A coarse lattice of a variant cross-fades from the lattice shared by
 * every tile (next to the edges) into the tile's own (inside).  Halfway,
 * the plain mean of two independent fields has 1/sqrt 2 of their
 * contrast; a floor of such tiles shows a pale, flat strip along every
 * row and column where tiles meet.  Here the rows' contrast and mean,
 * pooled over the variants of several seeds (variant 0, the plain tile,
 * left out), must stay within the spread the middle rows show. */
#include <string.h>
#include "test-helpers.h"

#define SIZE 128
#define VARIANTS 8

typedef struct
{
  double mean[SIZE], sd[SIZE];
} Profile;

/* Every line's contrast within `room` of the middle lines' mean
 * contrast (as a ratio), and its mean within `room` of that contrast of
 * the middle lines' mean.  Lines share the large features of their
 * neighbours and tiles the edge bands, so the pooled figures wander a
 * little (at 48 seeds, the contrast about 0.05 and the mean 0.17 of the
 * contrast; marble's at 24 seeds 0.12 and 0.12); a plain cross-fade
 * leaves 0.80 of the contrast (marble 0.72). */
static void
check_profile (const char *what, const Profile *p, double room)
{
  double sd_mid = 0.0, mean_mid = 0.0, worst_sd = 1.0, worst_mean = 0.0;
  int sd_at = 0, mean_at = 0;

  for (int line = 3 * SIZE / 8; line < 5 * SIZE / 8; line++)
    {
      sd_mid += p->sd[line] / (SIZE / 4);
      mean_mid += p->mean[line] / (SIZE / 4);
    }
  for (int line = 0; line < SIZE; line++)
    {
      const double r = p->sd[line] / sd_mid, m = fabs (p->mean[line] - mean_mid) / sd_mid;

      if (g_getenv ("TSR_PROFILE") != NULL)
        g_test_message ("%d %.4f %.4f", line, p->mean[line], p->sd[line]);
      if (fabs (r - 1.0) > fabs (worst_sd - 1.0))
        worst_sd = r, sd_at = line;
      if (m > worst_mean)
        worst_mean = m, mean_at = line;
    }
  g_test_message ("%s: contrast %.4f in the middle; line %d's %.3f of it; line %d's mean "
                  "%.3f of it from the middle's", what, sd_mid, sd_at, worst_sd, mean_at,
                  worst_mean);
  if (fabs (worst_sd - 1.0) > room)
    g_error ("%s: line %d's contrast is %.3f of the middle's", what, sd_at, worst_sd);
  if (worst_mean > 2.0 * room)
    g_error ("%s: line %d's mean is %.3f of the contrast from the middle's", what, mean_at,
             worst_mean);
}

/* Rows' (p[0]) and columns' (p[1]) mean and standard deviation over
 * the middle half of the other axis, pooled over variants
 * 1 .. VARIANTS-1 of `seeds` seeds of pattern with the overrides kv and
 * kv2 (NULL: none). */
static void
profiles_of (int seeds, const char *pattern, const char *kv, const char *kv2, Profile p[2])
{
  const gsize n = (gsize) seeds * (VARIANTS - 1) * (SIZE / 2);
  double sum[2][SIZE] = { { 0.0 } }, sq[2][SIZE] = { { 0.0 } };

  for (int seed = 0; seed < seeds; seed++)
    for (guint t = 1; t < VARIANTS; t++)
      {
        char *seed_kv = g_strdup_printf ("seed=%d", seed);
        const TsrTileId id = tsr_tile_variant (t);
        /* kv NULL ends the overrides there, kv2 with it */
        TsrTexture *tex = test_tile_texture (pattern, SIZE, SIZE, &id, seed_kv, kv, kv2, NULL);
        float *v = test_render_scalar (tex, 0, 0, SIZE, SIZE, 1);

        for (int across = 0; across < 2; across++)
          for (int line = 0; line < SIZE; line++)
            for (int k = SIZE / 4; k < 3 * SIZE / 4; k++)
              {
                const double x = across ? v[k * SIZE + line] : v[line * SIZE + k];

                sum[across][line] += x;
                sq[across][line] += x * x;
              }
        g_free (v);
        g_free (seed_kv);
        tsr_texture_free (tex);
      }
  for (int across = 0; across < 2; across++)
    for (int line = 0; line < SIZE; line++)
      {
        const double mean = sum[across][line] / n;

        p[across].mean[line] = mean;
        p[across].sd[line] = sqrt (MAX (0.0, sq[across][line] / n - mean * mean));
      }
}

static void
test_contrast (void)
{
  static const struct { int seeds; double room; const char *kv[3]; } cases[] = {
    { 48, 0.12, { "clouds", "scale=40", "octaves=2" } },
    { 48, 0.12, { "clouds", "scale=40", "basis=cells" } },
    { 48, 0.12, { "clouds", "scale=40", "basis=simplex" } },
    /* the README's floor: warped, sheared fields */
    { 24, 0.2, { "marble", "veins=5", NULL } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const char *const *kv = cases[c].kv;
      Profile p[2];

      profiles_of (cases[c].seeds, kv[0], kv[1], kv[2], p);
      for (int across = 0; across < 2; across++)
        {
          char *what = g_strdup_printf ("%s %s %s, %s", kv[0], kv[1], kv[2] ? kv[2] : "",
                                        across ? "columns" : "rows");

          check_profile (what, &p[across], cases[c].room);
          g_free (what);
        }
    }
}

/* The cross-fade's slopes are its derivative: where the window ramps
 * (the whole tile but the middle and the edges' few pixels), the
 * analytic gradient of a variant within float rounding of a central
 * difference of its values. */
static void
test_slopes (void)
{
  const double step = 1.0 / 64.0;
  const TsrTileId id = tsr_tile_variant (3);
  TsrTexture *tex = test_tile_texture ("clouds", SIZE, SIZE, &id, "scale=40", "octaves=2", NULL);
  double worst = 0.0;

  for (int k = 0; k < SIZE * SIZE; k += 37)
    {
      const double x = k % SIZE + 0.3, y = k / SIZE + 0.6;
      const double dx = (tsr_texture_value_at (tex, x + step, y)
                         - tsr_texture_value_at (tex, x - step, y)) / (2.0 * step);
      const double dy = (tsr_texture_value_at (tex, x, y + step)
                         - tsr_texture_value_at (tex, x, y - step)) / (2.0 * step);
      float v, gx, gy;

      g_assert_true (tsr_texture_gradient_at (tex, x, y, &v, &gx, &gy));
      worst = MAX (worst, MAX (fabs (gx - dx), fabs (gy - dy)));
    }
  g_test_message ("clouds scale=40, variant 3: slopes within %.2g of differences", worst);
  g_assert_cmpfloat (worst, <, 2e-4);
  tsr_texture_free (tex);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/tile-sets/contrast", test_contrast);
  g_test_add_func ("/core/tile-sets/blend-slopes", test_slopes);
  return g_test_run ();
}
