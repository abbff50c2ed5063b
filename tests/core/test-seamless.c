/* Seamless tiles from a photograph (core/photo/): made of the
 * photograph's own pixels, wrapping, any size, the same bits every time,
 * clear errors. */
#include <math.h>
#include <string.h>

#include "photo/seamless.h"
#include "photo/even-light.h"
#include "photo/photo-maps.h"
#include "photo/box-blur.h"
#include "photo/seamless-set.h"
#include "math/hash.h"
#include "texture/texture.h"

/* The tile of test_same_bits (see there). */
#define SEAMLESS_CHECKSUM 0x91f0fcff65d0a497u
/* Every material map of that tile (see test_maps_same_bits). */
#define MAPS_CHECKSUM 0x2da2e8d962680483u

/* A stand-in photograph: smooth random blobs (a few octaves of hashed
 * values, bilinearly interpolated) under a left-to-right ramp of light,
 * with grain, so its own edges do not meet.  With code, each pixel's grey also says
 * where it is (its last channel = its index / count), to find where every
 * pixel of a tile came from. */
static TsrImage *
make_photo (int w, int h, int channels, gboolean ramp)
{
  TsrImage *im = tsr_image_new (w, h, channels, NULL);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double v = 0.0;

        for (int o = 0, cell = 16; o < 3; o++, cell /= 2)
          {
            double fx = (double) x / cell, fy = (double) y / cell;
            int x0 = (int) fx, y0 = (int) fy;
            double ax = fx - x0, ay = fy - y0, c[4];

            for (int k = 0; k < 4; k++)
              c[k] = tsr_hash2_from1 (tsr_hash1 ((guint32) o, x0 + (k & 1)), y0 + (k >> 1))
                     / 4294967295.0;
            v += ((c[0] * (1 - ax) + c[1] * ax) * (1 - ay) + (c[2] * (1 - ax) + c[3] * ax) * ay)
                 / (1 << o);
          }
        /* Grain, as a photograph has. */
        v += 0.3 * tsr_hash2_from1 (tsr_hash1 (99u, x), y) / 4294967295.0;
        v = v / 2.05 * (ramp ? 0.4 + 0.6 * x / w : 1.0);
        for (int c = 0; c < channels; c++)
          im->pixels[((gsize) y * w + x) * channels + c] = (float) (v * (1.0 - 0.1 * c));
        if (tsr_image_has_alpha (im))
          im->pixels[((gsize) y * w + x) * channels + channels - 1] =
            (float) ((double) (y * w + x) / ((double) w * h));
      }
  return im;
}

static guint64
image_hash (const TsrImage *im)
{
  guint64 h = 14695981039346656037ull;
  const guint8 *b = (const guint8 *) im->pixels;

  for (gsize i = 0; i < sizeof (float) * im->width * im->height * im->channels; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

/* The mean |step| between neighbours along x inside, and across the wrap. */
static void
steps_x (const TsrImage *im, double *inside, double *wrap)
{
  const int w = im->width, h = im->height, n = im->channels;
  double s = 0.0, t = 0.0;

  for (int y = 0; y < h; y++)
    {
      const float *row = im->pixels + (gsize) y * w * n;

      for (int x = 0; x + 1 < w; x++)
        s += fabsf (row[(x + 1) * n] - row[x * n]);
      t += fabsf (row[0] - row[(w - 1) * n]);
    }
  *inside = s / ((double) (w - 1) * h);
  *wrap = t / h;
}

static TsrImage *
transposed (const TsrImage *im)
{
  TsrImage *t = tsr_image_new (im->height, im->width, im->channels, NULL);

  for (int y = 0; y < im->height; y++)
    for (int x = 0; x < im->width; x++)
      memcpy (t->pixels + ((gsize) x * im->height + y) * im->channels,
              im->pixels + ((gsize) y * im->width + x) * im->channels,
              sizeof (float) * im->channels);
  return t;
}

/* Every pixel of the tile is a pixel of the photograph, whole (all its
 * channels): no blend anywhere. */
static void
test_pixels_are_the_photographs (void)
{
  g_autoptr (TsrImage) photo = make_photo (160, 120, 4, TRUE);
  TsrSeamlessSettings s;
  g_autoptr (TsrImage) tile = NULL;
  const gsize count = (gsize) photo->width * photo->height;

  tsr_seamless_settings_init (&s);
  tile = tsr_seamless (photo, 200, 90, &s, NULL);
  g_assert_nonnull (tile);
  g_assert_cmpint (tile->channels, ==, 4);
  for (gsize i = 0; i < (gsize) tile->width * tile->height; i++)
    {
      const float *p = tile->pixels + i * 4;
      gsize k = (gsize) lrint ((double) p[3] * count);

      g_assert_cmpuint (k, <, count);
      g_assert_cmpmem (p, sizeof (float) * 4, photo->pixels + k * 4, sizeof (float) * 4);
    }
}

/* The photograph's edges step far more than its inside; the tile's wrap
 * steps like its inside, both ways. */
static void
test_wraps (void)
{
  g_autoptr (TsrImage) photo = make_photo (256, 192, 3, TRUE);
  TsrSeamlessSettings s;
  double in, wrap;

  tsr_seamless_settings_init (&s);
  steps_x (photo, &in, &wrap);
  g_assert_cmpfloat (wrap, >, 3.0 * in);
  for (int size = 0; size < 3; size++)
    {
      static const int sides[3][2] = { { 256, 192 }, { 512, 320 }, { 100, 260 } };
      g_autoptr (TsrImage) tile = tsr_seamless (photo, sides[size][0], sides[size][1], &s, NULL);
      g_autoptr (TsrImage) turned = transposed (tile);

      g_assert_cmpint (tile->width, ==, sides[size][0]);
      g_assert_cmpint (tile->height, ==, sides[size][1]);
      steps_x (tile, &in, &wrap);
      g_test_message ("%dx%d: x wrap %.4f inside %.4f", tile->width, tile->height, wrap, in);
      g_assert_cmpfloat (wrap, <=, 1.15 * in);
      steps_x (turned, &in, &wrap);
      g_test_message ("%dx%d: y wrap %.4f inside %.4f", tile->width, tile->height, wrap, in);
      g_assert_cmpfloat (wrap, <=, 1.15 * in);
    }
}

/* Same photograph and settings, same bits; another seed, another tile.  The checksum is the tile's on x86-64 when
 * it was written: a change is a change of every user's tiles, made on
 * purpose and said in the commit. */
static void
test_same_bits (void)
{
  g_autoptr (TsrImage) photo = make_photo (128, 128, 3, TRUE);
  TsrSeamlessSettings s;
  guint64 first = 0;

  tsr_seamless_settings_init (&s);
  for (int run = 0; run < 2; run++)
    {
      g_autoptr (TsrImage) tile = tsr_seamless (photo, 300, 200, &s, NULL);

      if (run == 0)
        first = image_hash (tile);
      g_assert_cmpuint (image_hash (tile), ==, first);
    }
  g_test_message ("checksum %016" G_GINT64_MODIFIER "x", first);
  g_assert_cmpuint (first, ==, (guint64) SEAMLESS_CHECKSUM);
  s.value[TSR_SP_SEED] = 7;
  {
    g_autoptr (TsrImage) other = tsr_seamless (photo, 300, 200, &s, NULL);

    g_assert_cmpuint (image_hash (other), !=, first);
  }
}

/* Grey, grey + alpha, RGB and RGBA photographs; the smallest photograph
 * and tile; a tile smaller than the patches. */
static void
test_channels_and_sizes (void)
{
  TsrSeamlessSettings s;

  tsr_seamless_settings_init (&s);
  for (int channels = 1; channels <= 4; channels++)
    {
      g_autoptr (TsrImage) photo = make_photo (TSR_PHOTO_MIN_SIDE, 40, channels, FALSE);
      g_autoptr (TsrImage) tile = tsr_seamless (photo, TSR_PHOTO_MIN_SIDE, 333, &s, NULL);

      g_assert_nonnull (tile);
      g_assert_cmpint (tile->channels, ==, channels);
    }
  {
    g_autoptr (TsrImage) photo = make_photo (400, 400, 3, FALSE);
    g_autoptr (TsrImage) tile = tsr_seamless (photo, 20, 17, &s, NULL);

    g_assert_nonnull (tile);
  }
}

static void
test_errors (void)
{
  g_autoptr (TsrImage) small = make_photo (15, 40, 3, FALSE);
  g_autoptr (TsrImage) photo = make_photo (64, 64, 3, FALSE);
  TsrSeamlessSettings s;
  GError *error = NULL;

  tsr_seamless_settings_init (&s);
  g_assert_null (tsr_seamless (small, 64, 64, &s, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "15x40"));
  g_clear_error (&error);
  g_assert_null (tsr_seamless (photo, 15, 64, &s, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE);
  g_clear_error (&error);
  g_assert_null (tsr_seamless (photo, 32769, 16, &s, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE);
  g_clear_error (&error);
  g_assert_null (tsr_seamless (photo, 20000, 20000, &s, &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE);
  g_clear_error (&error);

  g_assert_false (tsr_seamless_settings_parse (&s, "sead", "1", &error));
  g_assert_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_PARAMETER);
  g_assert_nonnull (strstr (error->message, "sead"));
  g_clear_error (&error);
  for (guint i = 0; i < 5; i++)
    {
      static const char *bad[][2] = { { "seed", "-1" }, { "patch", "1.5" }, { "overlap", "0.9" },
                                      { "even-light", "nan" }, { "candidates", "" } };

      g_assert_false (tsr_seamless_settings_parse (&s, bad[i][0], bad[i][1], &error));
      g_assert_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE);
      g_assert_nonnull (strstr (error->message, bad[i][0]));
      g_clear_error (&error);
    }
  g_assert_true (tsr_seamless_settings_parse (&s, "even-light", "0.5", &error));
  g_assert_cmpfloat (s.value[TSR_SP_EVEN_LIGHT], ==, 0.5);
}

/* Evening out the light flattens the ramp across the photograph and
 * keeps the fine detail's contrast within a few percent. */
static void
test_even_light (void)
{
  g_autoptr (TsrImage) photo = make_photo (256, 128, 1, TRUE);
  g_autoptr (TsrImage) flat = make_photo (256, 128, 1, TRUE);
  double left[2] = { 0, 0 }, right[2] = { 0, 0 };

  tsr_even_light (flat, 1.0, 64);
  for (int y = 0; y < 128; y++)
    for (int x = 0; x < 32; x++)
      {
        left[0] += photo->pixels[y * 256 + x];
        right[0] += photo->pixels[y * 256 + 255 - x];
        left[1] += flat->pixels[y * 256 + x];
        right[1] += flat->pixels[y * 256 + 255 - x];
      }
  g_test_message ("right / left: photograph %.3f, evened %.3f", right[0] / left[0],
                  right[1] / left[1]);
  g_assert_cmpfloat (right[0] / left[0], >, 1.8);
  g_assert_cmpfloat (fabs (right[1] / left[1] - 1.0), <, 0.15);
}


/* The maps a set holds from a photograph: every kind but the colour (the
 * tile itself) and the shaded view. */
static const TsrMap photo_maps[] = { TSR_MAP_HEIGHT, TSR_MAP_NORMAL, TSR_MAP_ROUGHNESS,
                                     TSR_MAP_AO, TSR_MAP_CURVATURE, TSR_MAP_ORM,
                                     TSR_MAP_MASK_HDRP };
#define N_PHOTO_MAPS G_N_ELEMENTS (photo_maps)

static guint32
all_photo_maps (void)
{
  guint32 bits = 0;

  for (gsize m = 0; m < N_PHOTO_MAPS; m++)
    bits |= 1u << photo_maps[m];
  return bits;
}

/* The tile turned round the torus by (dx, dy): pixel (x, y) of the result
 * is (x + dx, y + dy) of the tile, wrapped. */
static TsrImage *
rolled (const TsrImage *im, int dx, int dy)
{
  TsrImage *r = tsr_image_new (im->width, im->height, im->channels, NULL);

  for (int y = 0; y < im->height; y++)
    for (int x = 0; x < im->width; x++)
      memcpy (r->pixels + ((gsize) y * im->width + x) * im->channels,
              im->pixels + ((gsize) ((y + dy) % im->height) * im->width + (x + dx) % im->width)
                           * im->channels,
              sizeof (float) * im->channels);
  return r;
}

static TsrPhotoMaps *
maps_of (const TsrImage *tile, const TsrHeightParams *hp)
{
  TsrSettings s;

  tsr_photo_maps_settings_init (&s);
  return tsr_photo_maps_new (tile, hp, &s, all_photo_maps ());
}

static const TsrHeightParams default_height = { 0.5, FALSE, FALSE, 32 };

/* Every map wraps: the maps of the tile turned round the torus are its
 * maps turned the same way (to float rounding: the blurs' sums start
 * elsewhere), so nothing in them knows where the tile's edges are.  A map
 * that read its edges as edges (blurs held there, slopes one-sided,
 * occlusion clipped) differs there by far more. */
static void
test_maps_wrap (void)
{
  g_autoptr (TsrImage) photo = make_photo (160, 128, 3, TRUE);
  TsrSeamlessSettings s;
  g_autoptr (TsrImage) tile = NULL;
  g_autoptr (TsrImage) turned = NULL;
  g_autoptr (TsrPhotoMaps) maps = NULL;
  g_autoptr (TsrPhotoMaps) turned_maps = NULL;
  const int w = 120, h = 96, dx = 37, dy = 61;
  float *a = g_new (float, 4 * w), *b = g_new (float, 4 * w);

  tsr_seamless_settings_init (&s);
  tile = tsr_seamless (photo, w, h, &s, NULL);
  turned = rolled (tile, dx, dy);
  maps = maps_of (tile, &default_height);
  turned_maps = maps_of (turned, &default_height);
  for (gsize m = 0; m < N_PHOTO_MAPS; m++)
    {
      double worst = 0.0, sum = 0.0;

      for (int y = 0; y < h; y++)
        {
          tsr_photo_maps_row (turned_maps, photo_maps[m], y, a);
          tsr_photo_maps_row (maps, photo_maps[m], (y + dy) % h, b);
          for (int x = 0; x < w; x++)
            for (int c = 0; c < 4; c++)
              {
                double d = fabs (a[4 * x + c] - b[4 * ((x + dx) % w) + c]);

                worst = MAX (worst, d);
                sum += d;
              }
        }
      g_test_message ("%s: turned round the torus, largest difference %.2g, mean %.2g",
                      tsr_map_kinds[photo_maps[m]].name, worst, sum / (4.0 * w * h));
      g_assert_cmpfloat (worst, <, 2e-3);
      g_assert_cmpfloat (sum / (4.0 * w * h), <, 1e-5);
    }
  g_free (a);
  g_free (b);
}

/* The correlation of two planes. */
static double
correlation (const float *a, const float *b, gsize n)
{
  double ma = 0, mb = 0, ab = 0, aa = 0, bb = 0;

  for (gsize i = 0; i < n; i++)
    ma += a[i], mb += b[i];
  ma /= n, mb /= n;
  for (gsize i = 0; i < n; i++)
    {
      ab += (a[i] - ma) * (b[i] - mb);
      aa += (a[i] - ma) * (a[i] - ma);
      bb += (b[i] - mb) * (b[i] - mb);
    }
  return ab / sqrt (aa * bb);
}

/* Light is not height: the tile under a slow wave of light (wrapping, as
 * a tile's must) gives nearly the height of the tile as it is, while its
 * luminance has changed far more; and the height follows the shading's
 * detail. */
static void
test_height_not_light (void)
{
  g_autoptr (TsrImage) photo = make_photo (256, 256, 1, FALSE);
  g_autoptr (TsrImage) lit = NULL;
  TsrSeamlessSettings s;
  g_autoptr (TsrImage) tile = NULL;
  const int w = 256, h = 256;
  const gsize n = (gsize) w * h;
  float *even, *under, *detail = g_new (float, n);
  double moved;

  tsr_seamless_settings_init (&s);
  tile = tsr_seamless (photo, w, h, &s, NULL);
  lit = tsr_image_new (w, h, 1, NULL);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      lit->pixels[y * w + x] = tile->pixels[y * w + x]
                               * (float) (0.6 + 0.35 * sin (2 * G_PI * (x + 0.5 * y) / w));
  even = tsr_photo_height (tile, &default_height);
  under = tsr_photo_height (lit, &default_height);
  moved = correlation (tile->pixels, lit->pixels, n);
  g_test_message ("correlation with the tile: its height %.3f, its luminance %.3f",
                  correlation (even, under, n), moved);
  g_assert_cmpfloat (correlation (even, under, n), >, 0.9);
  g_assert_cmpfloat (correlation (even, under, n), >, moved + 0.2);
  /* the height follows the tile's own detail (its grey less a blur) */
  memcpy (detail, tile->pixels, sizeof (float) * n);
  tsr_box_blur (detail, w, h, 48, TRUE);
  for (gsize i = 0; i < n; i++)
    detail[i] = tile->pixels[i] - detail[i];
  g_assert_cmpfloat (correlation (even, detail, n), >, 0.5);
  g_free (even);
  g_free (under);
  g_free (detail);
}

/* Fine detail's share: the mean |Laplacian| of the heights. */
static double
fine_detail (const float *h, int w, int rows)
{
  double sum = 0.0;

  for (int y = 0; y < rows; y++)
    for (int x = 0; x < w; x++)
      sum += fabs (4 * h[y * w + x] - h[y * w + (x + 1) % w] - h[y * w + (x + w - 1) % w]
                   - h[((y + 1) % rows) * w + x] - h[((y + rows - 1) % rows) * w + x]);
  return sum / ((double) w * rows);
}

/* balance moves the height from fine detail to large forms; invert turns
 * it upside down, exactly. */
static void
test_height_balance_and_invert (void)
{
  g_autoptr (TsrImage) photo = make_photo (192, 192, 3, FALSE);
  TsrSeamlessSettings s;
  g_autoptr (TsrImage) tile = NULL;
  TsrHeightParams hp = default_height;
  float *h[3], *inverted;
  double fine[3];

  tsr_seamless_settings_init (&s);
  tile = tsr_seamless (photo, 128, 128, &s, NULL);
  for (int k = 0; k < 3; k++)
    {
      hp.balance = k * 0.5;
      h[k] = tsr_photo_height (tile, &hp);
      fine[k] = fine_detail (h[k], 128, 128);
    }
  g_test_message ("fine detail at balance 0, 0.5, 1: %.4f %.4f %.4f", fine[0], fine[1],
                  fine[2]);
  g_assert_cmpfloat (fine[0], >, 1.2 * fine[1]);
  g_assert_cmpfloat (fine[1], >, 1.2 * fine[2]);
  hp.balance = 0.5;
  hp.invert = TRUE;
  inverted = tsr_photo_height (tile, &hp);
  for (int i = 0; i < 128 * 128; i++)
    g_assert_cmpfloat (inverted[i], ==, 1.0f - h[1][i]);
  for (int k = 0; k < 3; k++)
    g_free (h[k]);
  g_free (inverted);
}

/* Same tile, same maps, bit for bit: the checksum of every map of the
 * tile of test_same_bits's settings on x86-64 when it was written. */
static void
test_maps_same_bits (void)
{
  g_autoptr (TsrImage) photo = make_photo (128, 128, 3, TRUE);
  TsrSeamlessSettings s;
  g_autoptr (TsrImage) tile = NULL;
  g_autoptr (TsrPhotoMaps) maps = NULL;
  float *row = g_new (float, 4 * 128);
  guint64 sum = 14695981039346656037ull;

  tsr_seamless_settings_init (&s);
  s.value[TSR_SP_SEED] = 7;
  tile = tsr_seamless (photo, 128, 128, &s, NULL);
  maps = maps_of (tile, &default_height);
  for (gsize m = 0; m < N_PHOTO_MAPS; m++)
    for (int y = 0; y < 128; y++)
      {
        const guint8 *b = (const guint8 *) row;

        tsr_photo_maps_row (maps, photo_maps[m], y, row);
        for (gsize i = 0; i < sizeof (float) * 4 * 128; i++)
          sum = (sum ^ b[i]) * 1099511628211ull;
      }
  g_test_message ("maps checksum %016" G_GINT64_MODIFIER "x", sum);
  g_assert_cmphex (sum, ==, MAPS_CHECKSUM);
  g_free (row);
}

/* The mean step (channel 0) from A's last column to B's first, and from
 * A's last row to B's first with `down`. */
static double
seam_step (const TsrImage *a, const TsrImage *b, gboolean down)
{
  const int w = a->width, h = a->height, n = a->channels, len = down ? w : h;
  double sum = 0.0;

  for (int k = 0; k < len; k++)
    {
      const gsize from = down ? ((gsize) (h - 1) * w + k) : ((gsize) k * w + w - 1);
      const gsize to = down ? (gsize) k : (gsize) k * w;

      sum += fabsf (b->pixels[to * n] - a->pixels[from * n]);
    }
  return sum / len;
}

/* The mean step between neighbours inside a tile, both ways. */
static double
inside_step (const TsrImage *im)
{
  g_autoptr (TsrImage) turned = transposed (im);
  double x, y, wrap;

  steps_x (im, &x, &wrap);
  steps_x (turned, &y, &wrap);
  return 0.5 * (x + y);
}

/* Whether the bands `depth` deep along edge e (0 top, 1 bottom, 2 left,
 * 3 right) of two tiles are the same bits. */
static gboolean
same_band (const TsrImage *a, const TsrImage *b, int e, int depth)
{
  const int w = a->width, h = a->height, n = a->channels;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        const gboolean in = e == 0 ? y < depth : e == 1 ? y >= h - depth
                            : e == 2 ? x < depth : x >= w - depth;
        const gsize at = ((gsize) y * w + x) * n;

        if (in && memcmp (a->pixels + at, b->pixels + at, sizeof (float) * n) != 0)
          return FALSE;
      }
  return TRUE;
}

/* The share of pixels of two tiles that differ. */
static double
differing (const TsrImage *a, const TsrImage *b)
{
  const gsize count = (gsize) a->width * a->height;
  gsize d = 0;

  for (gsize i = 0; i < count; i++)
    d += memcmp (a->pixels + i * a->channels, b->pixels + i * b->channels,
                 sizeof (float) * a->channels) != 0;
  return (double) d / count;
}

static void
free_tiles (TsrImage **tiles, int n)
{
  for (int k = 0; k < n; k++)
    tsr_image_free (tiles[k]);
  g_free (tiles);
}

/* Variants: the edges' bands the same bits in every variant, so any
 * variant fits any other as the plain tile fits itself; the insides
 * differ; variant 0 is the plain tile. */
static void
test_variants (void)
{
  g_autoptr (TsrImage) photo = make_photo (160, 128, 3, TRUE);
  g_autoptr (TsrImage) plain = NULL;
  TsrSeamlessSettings s;
  TsrTileId ids[5];
  TsrImage **tiles;
  int depth;

  tsr_seamless_settings_init (&s);
  for (int k = 0; k < 5; k++)
    ids[k] = tsr_tile_variant ((guint) k);
  tiles = tsr_seamless_tile_set (photo, 120, 100, &s, ids, 5, NULL);
  depth = tsr_seamless_set_edge (photo, 120, 100, &s);
  g_test_message ("variants of 120x100: edges the same %d pixels deep", depth);
  g_assert_cmpint (depth, >=, 8);
  plain = tsr_seamless (photo, 120, 100, &s, NULL);
  g_assert_cmpfloat (differing (tiles[0], plain), ==, 0.0);
  for (int k = 1; k < 5; k++)
    {
      for (int e = 0; e < 4; e++)
        g_assert_true (same_band (tiles[0], tiles[k], e, depth));
      g_test_message ("variant %d: %.0f %% of its pixels differ from variant 0", k,
                      100 * differing (tiles[0], tiles[k]));
      g_assert_cmpfloat (differing (tiles[0], tiles[k]), >, 0.2);
      for (int m = 1; m < k; m++)
        g_assert_cmpfloat (differing (tiles[m], tiles[k]), >, 0.2);
    }
  free_tiles (tiles, 5);
}

/* Corner tiles: the tiles with the same two corners along an edge have
 * the same band there; every tile fits every neighbour its corners allow
 * (the step across the edge like a step inside); the 16 differ. */
static void
test_corner_tiles (void)
{
  g_autoptr (TsrImage) photo = make_photo (192, 160, 3, TRUE);
  TsrSeamlessSettings s;
  TsrTileId ids[16];
  TsrImage **tiles;
  double inside = 0.0, worst = 0.0;
  int depth;

  tsr_seamless_settings_init (&s);
  s.value[TSR_SP_SEED] = 5;
  for (guint k = 0; k < 16; k++)
    ids[k] = tsr_tile_corner (k);
  tiles = tsr_seamless_tile_set (photo, 128, 112, &s, ids, 16, NULL);
  depth = tsr_seamless_set_edge (photo, 128, 112, &s);
  g_assert_cmpint (depth, >=, 8);
  for (int k = 0; k < 16; k++)
    inside = MAX (inside, inside_step (tiles[k]));
  for (int a = 0; a < 16; a++)
    for (int b = 0; b < 16; b++)
      {
        const guint8 *ca = ids[a].corner, *cb = ids[b].corner;

        /* b to the right of a */
        if (ca[TSR_CORNER_TR] == cb[TSR_CORNER_TL] && ca[TSR_CORNER_BR] == cb[TSR_CORNER_BL])
          worst = MAX (worst, seam_step (tiles[a], tiles[b], FALSE));
        /* b below a */
        if (ca[TSR_CORNER_BL] == cb[TSR_CORNER_TL] && ca[TSR_CORNER_BR] == cb[TSR_CORNER_TR])
          worst = MAX (worst, seam_step (tiles[a], tiles[b], TRUE));
        /* the same corners along an edge, the same band */
        if (ca[TSR_CORNER_TL] == cb[TSR_CORNER_TL] && ca[TSR_CORNER_TR] == cb[TSR_CORNER_TR])
          g_assert_true (same_band (tiles[a], tiles[b], 0, depth));
        if (ca[TSR_CORNER_BL] == cb[TSR_CORNER_BL] && ca[TSR_CORNER_BR] == cb[TSR_CORNER_BR])
          g_assert_true (same_band (tiles[a], tiles[b], 1, depth));
        if (ca[TSR_CORNER_TL] == cb[TSR_CORNER_TL] && ca[TSR_CORNER_BL] == cb[TSR_CORNER_BL])
          g_assert_true (same_band (tiles[a], tiles[b], 2, depth));
        if (ca[TSR_CORNER_TR] == cb[TSR_CORNER_TR] && ca[TSR_CORNER_BR] == cb[TSR_CORNER_BR])
          g_assert_true (same_band (tiles[a], tiles[b], 3, depth));
        if (a != b)
          g_assert_cmpfloat (differing (tiles[a], tiles[b]), >, 0.2);
      }
  g_test_message ("corner tiles: roughest step across an edge %.4f, roughest tile's mean "
                  "inside %.4f; bands %d deep", worst, inside, depth);
  g_assert_cmpfloat (worst, <=, 1.25 * inside);
  free_tiles (tiles, 16);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/seamless/pixels-are-the-photographs", test_pixels_are_the_photographs);
  g_test_add_func ("/seamless/wraps", test_wraps);
  g_test_add_func ("/seamless/same-bits", test_same_bits);
  g_test_add_func ("/seamless/channels-and-sizes", test_channels_and_sizes);
  g_test_add_func ("/seamless/errors", test_errors);
  g_test_add_func ("/seamless/even-light", test_even_light);
  g_test_add_func ("/seamless/maps-wrap", test_maps_wrap);
  g_test_add_func ("/seamless/height-not-light", test_height_not_light);
  g_test_add_func ("/seamless/height-balance-and-invert", test_height_balance_and_invert);
  g_test_add_func ("/seamless/maps-same-bits", test_maps_same_bits);
  g_test_add_func ("/seamless/variants", test_variants);
  g_test_add_func ("/seamless/corner-tiles", test_corner_tiles);
  return g_test_run ();
}
