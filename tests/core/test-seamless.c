/* Seamless tiles from a photograph (core/photo/): made of the
 * photograph's own pixels, wrapping, any size, the same bits every time,
 * clear errors. */
#include <math.h>
#include <string.h>

#include "photo/seamless.h"
#include "photo/even-light.h"
#include "math/hash.h"
#include "texture/texture.h"

/* The tile of test_same_bits (see there). */
#define SEAMLESS_CHECKSUM 0x91f0fcff65d0a497u

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
  return g_test_run ();
}
