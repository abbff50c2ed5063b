/* JPEG with libjpeg: grey and colour (YCbCr, RGB) files, 8 bits; CMYK
 * files are refused. */
#include <setjmp.h>
#include <stdio.h>

#include <glib/gstdio.h>
#include <jpeglib.h>

#include "image-input-backend.h"

typedef struct
{
  struct jpeg_error_mgr base;
  jmp_buf               jump;
  char                  message[JMSG_LENGTH_MAX];
} JpegFailure;

static void
on_jpeg_error (j_common_ptr cinfo)
{
  JpegFailure *failure = (JpegFailure *) cinfo->err;

  failure->base.format_message (cinfo, failure->message);
  longjmp (failure->jump, 1);
}

static void
on_jpeg_message (j_common_ptr cinfo)
{
  (void) cinfo;
}

TsrImage *
input_jpeg_read (const char *path, ImageInputInfo *info, GError **error)
{
  struct jpeg_decompress_struct cinfo;
  JpegFailure failure;
  FILE *f = g_fopen (path, "rb");
  TsrImage *volatile im = NULL;
  guint8 *volatile row = NULL;

  if (f == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot read '%s'", path);
      return NULL;
    }
  cinfo.err = jpeg_std_error (&failure.base);
  failure.base.error_exit = on_jpeg_error;
  failure.base.output_message = on_jpeg_message;
  if (setjmp (failure.jump))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "'%s': damaged JPEG file (%s)",
                   path, failure.message);
      tsr_image_free (im);
      g_free (row);
      jpeg_destroy_decompress (&cinfo);
      fclose (f);
      return NULL;
    }
  jpeg_create_decompress (&cinfo);
  jpeg_stdio_src (&cinfo, f);
  jpeg_read_header (&cinfo, TRUE);
  if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "'%s': CMYK JPEG files are not read (save it as RGB)", path);
      jpeg_destroy_decompress (&cinfo);
      fclose (f);
      return NULL;
    }
  cinfo.out_color_space = cinfo.num_components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_start_decompress (&cinfo);
  info->depth = 8;
  if ((im = input_image_new (path, (int) cinfo.output_width, (int) cinfo.output_height,
                             cinfo.output_components, error)) == NULL)
    {
      jpeg_destroy_decompress (&cinfo);
      fclose (f);
      return NULL;
    }
  row = g_malloc ((gsize) cinfo.output_width * cinfo.output_components);
  while (cinfo.output_scanline < cinfo.output_height)
    {
      JSAMPROW rows[1] = { row };
      float *dst = im->pixels + (gsize) cinfo.output_scanline * im->width * im->channels;

      jpeg_read_scanlines (&cinfo, rows, 1);
      for (gsize i = 0; i < (gsize) im->width * im->channels; i++)
        dst[i] = row[i] / 255.0f;
    }
  jpeg_finish_decompress (&cinfo);
  jpeg_destroy_decompress (&cinfo);
  fclose (f);
  g_free (row);
  return im;
}
