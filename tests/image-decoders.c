/* Decoders for the CLI's other output formats: see image-decoders.h. */
#include <stdio.h>
#include <png.h>
#include <jpeglib.h>
#include <openexr.h>
#include <tiffio.h>
#include <webp/decode.h>

#include "image-decoders.h"

float *
decode_exr (const char *path, int *width, int *height)
{
  exr_context_t ctxt = NULL;
  exr_attr_box2i_t box;
  int chunk_rows = 0;
  gboolean grey = FALSE;
  float *rgba, *planes;

  g_assert_cmpint (exr_start_read (&ctxt, path, NULL), ==, EXR_ERR_SUCCESS);
  g_assert_cmpint (exr_get_data_window (ctxt, 0, &box), ==, EXR_ERR_SUCCESS);
  g_assert_cmpint (exr_get_scanlines_per_chunk (ctxt, 0, &chunk_rows), ==, EXR_ERR_SUCCESS);
  *width = box.max.x - box.min.x + 1;
  *height = box.max.y - box.min.y + 1;
  rgba = g_new0 (float, (gsize) *width * *height * 4);
  /* Decoded into one plane per channel, then interleaved here: OpenEXR
   * 3.1's unpacker misorders interleaved output of half channels. */
  planes = g_new (float, (gsize) *width * chunk_rows * 4);
  for (int y = 0; y < *height; y += chunk_rows)
    {
      exr_chunk_info_t cinfo;
      exr_decode_pipeline_t decode = { 0 };
      gsize plane;

      g_assert_cmpint (exr_read_scanline_chunk_info (ctxt, 0, y, &cinfo), ==, EXR_ERR_SUCCESS);
      g_assert_cmpint (exr_decoding_initialize (ctxt, 0, &cinfo, &decode), ==, EXR_ERR_SUCCESS);
      g_assert_true (decode.channel_count == 4 || decode.channel_count == 1);
      grey = decode.channel_count == 1;
      plane = (gsize) *width * cinfo.height;
      for (int c = 0; c < decode.channel_count; c++)
        {
          exr_coding_channel_info_t *ch = &decode.channels[c];
          const char n = ch->channel_name[0];
          int k = n == 'R' || n == 'Y' ? 0 : n == 'G' ? 1 : n == 'B' ? 2 : 3;
          ch->user_bytes_per_element = sizeof (float);
          ch->user_data_type = EXR_PIXEL_FLOAT;
          ch->user_pixel_stride = sizeof (float);
          ch->user_line_stride = sizeof (float) * *width;
          ch->decode_to_ptr = (uint8_t *) (planes + k * plane);
        }
      g_assert_cmpint (exr_decoding_choose_default_routines (ctxt, 0, &decode), ==,
                       EXR_ERR_SUCCESS);
      g_assert_cmpint (exr_decoding_run (ctxt, 0, &decode), ==, EXR_ERR_SUCCESS);
      exr_decoding_destroy (ctxt, &decode);
      /* a grey file's Y is R, G and B, and it is opaque */
      for (gsize i = 0; i < plane; i++)
        for (int k = 0; k < 4; k++)
          rgba[((gsize) y * *width + i) * 4 + k] = !grey ? planes[k * plane + i]
                                                   : k < 3 ? planes[i] : 1.0f;
    }
  g_free (planes);
  exr_finish (&ctxt);
  return rgba;
}

float *
decode_webp (const char *path, int *width, int *height)
{
  gchar *data;
  gsize size;
  guint8 *px;
  float *rgba;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  px = WebPDecodeRGBA ((const guint8 *) data, size, width, height);
  g_assert_nonnull (px);
  rgba = g_new (float, (gsize) *width * *height * 4);
  for (gsize i = 0; i < (gsize) *width * *height * 4; i++)
    rgba[i] = px[i] / 255.0f;
  WebPFree (px);
  g_free (data);
  return rgba;
}

float *
decode_jpeg (const char *path, int *width, int *height)
{
  struct jpeg_decompress_struct cinfo;
  struct jpeg_error_mgr jerr;
  FILE *fp = fopen (path, "rb");
  guint8 *row;
  float *rgba;

  g_assert_nonnull (fp);
  cinfo.err = jpeg_std_error (&jerr);
  jpeg_create_decompress (&cinfo);
  jpeg_stdio_src (&cinfo, fp);
  g_assert_cmpint (jpeg_read_header (&cinfo, TRUE), ==, JPEG_HEADER_OK);
  cinfo.out_color_space = JCS_RGB;
  jpeg_start_decompress (&cinfo);
  *width = (int) cinfo.output_width;
  *height = (int) cinfo.output_height;
  row = g_malloc ((gsize) *width * 3);
  rgba = g_new (float, (gsize) *width * *height * 4);
  for (int y = 0; y < *height; y++)
    {
      g_assert_cmpuint (jpeg_read_scanlines (&cinfo, &row, 1), ==, 1);
      for (int x = 0; x < *width; x++)
        {
          float *px = rgba + ((gsize) y * *width + x) * 4;
          px[0] = row[3 * x] / 255.0f;
          px[1] = row[3 * x + 1] / 255.0f;
          px[2] = row[3 * x + 2] / 255.0f;
          px[3] = 1.0f;
        }
    }
  jpeg_finish_decompress (&cinfo);
  jpeg_destroy_decompress (&cinfo);
  fclose (fp);
  g_free (row);
  return rgba;
}

float *
decode_tiff_int (const char *path, int bits, int *width, int *height)
{
  TIFF *tif = TIFFOpen (path, "r");
  guint32 w = 0, h = 0;
  guint16 bps = 0, spp = 0, format = 0;
  guint8 *row;
  float *rgba;
  const double max = bits == 16 ? 65535.0 : 255.0;

  g_assert_nonnull (tif);
  g_assert_true (TIFFGetField (tif, TIFFTAG_IMAGEWIDTH, &w));
  g_assert_true (TIFFGetField (tif, TIFFTAG_IMAGELENGTH, &h));
  g_assert_true (TIFFGetFieldDefaulted (tif, TIFFTAG_BITSPERSAMPLE, &bps));
  g_assert_true (TIFFGetFieldDefaulted (tif, TIFFTAG_SAMPLESPERPIXEL, &spp));
  g_assert_true (TIFFGetFieldDefaulted (tif, TIFFTAG_SAMPLEFORMAT, &format));
  g_assert_cmpuint (bps, ==, bits);
  g_assert_true (spp == 1 || spp == 3 || spp == 4);
  g_assert_cmpuint (format, ==, SAMPLEFORMAT_UINT);
  row = g_malloc (TIFFScanlineSize (tif));
  rgba = g_new (float, (gsize) w * h * 4);
  for (guint32 y = 0; y < h; y++)
    {
      g_assert_cmpint (TIFFReadScanline (tif, row, y, 0), ==, 1);
      for (guint32 x = 0; x < w; x++)
        for (guint c = 0; c < 4; c++)
          {
            /* grey: the one sample is R, G and B */
            gboolean have = spp == 1 ? c < 3 : c < spp;
            gsize i = (gsize) x * spp + (spp == 1 ? 0 : c);
            double v = have ? (bits == 16 ? ((guint16 *) row)[i] : row[i]) / max : 1.0;
            rgba[((gsize) y * w + x) * 4 + c] = (float) v;
          }
    }
  TIFFClose (tif);
  g_free (row);
  *width = (int) w;
  *height = (int) h;
  return rgba;
}

int
file_channels (const char *path)
{
  int channels = 0;

  if (g_str_has_suffix (path, ".png"))
    {
      FILE *fp = fopen (path, "rb");
      png_structp png = png_create_read_struct (PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
      png_infop info = png_create_info_struct (png);

      g_assert_nonnull (fp);
      if (setjmp (png_jmpbuf (png)))
        g_error ("%s: not a valid PNG", path);
      png_init_io (png, fp);
      png_read_info (png, info);
      channels = png_get_channels (png, info);
      png_destroy_read_struct (&png, &info, NULL);
      fclose (fp);
    }
  else if (g_str_has_suffix (path, ".tif"))
    {
      TIFF *tif = TIFFOpen (path, "r");
      guint16 spp = 0, photometric = 0;

      g_assert_nonnull (tif);
      g_assert_true (TIFFGetFieldDefaulted (tif, TIFFTAG_SAMPLESPERPIXEL, &spp));
      g_assert_true (TIFFGetField (tif, TIFFTAG_PHOTOMETRIC, &photometric));
      g_assert_cmpuint (photometric, ==, spp <= 2 ? PHOTOMETRIC_MINISBLACK : PHOTOMETRIC_RGB);
      channels = spp;
      TIFFClose (tif);
    }
  else if (g_str_has_suffix (path, ".exr"))
    {
      exr_context_t ctxt = NULL;
      const exr_attr_chlist_t *list = NULL;

      g_assert_cmpint (exr_start_read (&ctxt, path, NULL), ==, EXR_ERR_SUCCESS);
      g_assert_cmpint (exr_get_channels (ctxt, 0, &list), ==, EXR_ERR_SUCCESS);
      channels = list->num_channels;
      if (channels == 1)
        g_assert_cmpstr (list->entries[0].name.str, ==, "Y");
      exr_finish (&ctxt);
    }
  else if (g_str_has_suffix (path, ".jpg"))
    {
      struct jpeg_decompress_struct cinfo;
      struct jpeg_error_mgr jerr;
      FILE *fp = fopen (path, "rb");

      g_assert_nonnull (fp);
      cinfo.err = jpeg_std_error (&jerr);
      jpeg_create_decompress (&cinfo);
      jpeg_stdio_src (&cinfo, fp);
      g_assert_cmpint (jpeg_read_header (&cinfo, TRUE), ==, JPEG_HEADER_OK);
      channels = cinfo.num_components;
      jpeg_destroy_decompress (&cinfo);
      fclose (fp);
    }
  else if (g_str_has_suffix (path, ".webp"))
    {
      gchar *data;
      gsize size;
      WebPBitstreamFeatures features;

      g_assert_true (g_file_get_contents (path, &data, &size, NULL));
      g_assert_cmpint (WebPGetFeatures ((const guint8 *) data, size, &features), ==,
                       VP8_STATUS_OK);
      channels = features.has_alpha ? 4 : 3;
      g_free (data);
    }
  else
    g_error ("%s: no reader for this extension", path);
  return channels;
}

gboolean
tiff_has_profile (const char *path)
{
  TIFF *tif = TIFFOpen (path, "r");
  guint32 length = 0;
  const guint8 *icc = NULL;
  gboolean has;

  g_assert_nonnull (tif);
  has = TIFFGetField (tif, TIFFTAG_ICCPROFILE, &length, &icc) && length > 0;
  TIFFClose (tif);
  return has;
}

float *
decode_png (const char *path, int *width, int *height, int *bits)
{
  FILE *fp = fopen (path, "rb");
  png_structp png = png_create_read_struct (PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png_create_info_struct (png);
  png_bytep row;
  float *rgba;
  int channels;

  g_assert_nonnull (fp);
  g_assert_nonnull (info);
  if (setjmp (png_jmpbuf (png)))
    g_error ("%s: not a valid PNG", path);
  png_init_io (png, fp);
  png_read_info (png, info);
  *width = (int) png_get_image_width (png, info);
  *height = (int) png_get_image_height (png, info);
  *bits = png_get_bit_depth (png, info);
  channels = png_get_channels (png, info);
  g_assert_cmpint (png_get_color_type (png, info) & PNG_COLOR_MASK_PALETTE, ==, 0);
  rgba = g_new (float, 4 * (gsize) *width * *height);
  row = g_malloc (png_get_rowbytes (png, info));
  for (int y = 0; y < *height; y++)
    {
      png_read_row (png, row, NULL);
      for (int x = 0; x < *width; x++)
        for (int c = 0; c < 4; c++)
          {
            /* a grey file's one sample is R, G and B, its second alpha */
            const int k = channels > 2 ? c : c < 3 ? 0 : 1;
            const int i = x * channels + k;
            const float max = *bits == 16 ? 65535.0f : 255.0f;
            float v = 1.0f;

            if (k < channels)
              v = (*bits == 16 ? (float) (row[2 * i] << 8 | row[2 * i + 1]) : row[i]) / max;
            rgba[4 * ((gsize) y * *width + x) + c] = v;
          }
    }
  png_read_end (png, NULL);
  png_destroy_read_struct (&png, &info, NULL);
  g_free (row);
  fclose (fp);
  return rgba;
}
