/* Rendered rows to an image file of any format: see image-output.h. */
#include <string.h>

#include "atomic-file.h"
#include "format-backend.h"
#include "image-output.h"

/* Bands of about this many pixels, whatever the thread count: so the
 * file's bytes (PNG's compressed pieces) are the same for any --threads,
 * and a few bands in flight bound the memory. */
#define BAND_PIXELS 65536

struct _ImageOutput
{
  ImageFormat   format;
  AtomicFile   *file;
  FormatFile   *encoder;      /* the format's file, on file's descriptor */
  int           rows_written;
  ImageBand    *own_band;     /* for rows not encoded ahead */
  float        *pending;      /* image_output_write_rows: rows short of a band */
  int           n_pending;
};

struct _ImageBand
{
  FormatBand *band;           /* NULL when the format needs none */
  void      (*free) (FormatBand *band);
};

/* The format's errors say what failed; the output's name the file too. */
static void
name_the_file (const ImageOutput *out, GError **error)
{
  if (error != NULL && *error != NULL)
    g_prefix_error (error, "cannot write '%s': ", atomic_file_path (out->file));
}

static void
output_free (ImageOutput *out)
{
  if (out->encoder != NULL)
    out->format.backend->close (out->encoder);
  image_band_free (out->own_band);
  g_free (out->pending);
  g_free (out);
}

void
image_output_abort (ImageOutput *out)
{
  if (out == NULL)
    return;
  atomic_file_abort (out->file);
  output_free (out);
}

ImageOutput *
image_output_new (const char *path, ImageFormat format, const ImageOptions *options,
                  int width, int height, const ImageContent *content, GError **error)
{
  const FormatBackend *b = format.backend;
  ImageOutput *out;
  FileSpec spec;

  g_return_val_if_fail (width > 0 && height > 0, NULL);

  out = g_new0 (ImageOutput, 1);
  out->format = format;
  out->file = atomic_file_new (path, error);
  if (out->file == NULL)
    {
      output_free (out);
      return NULL;
    }
  spec = (FileSpec) {
    .fd = atomic_file_fd (out->file), .name = atomic_file_temp_path (out->file),
    .width = width, .height = height, .depth = format.depth,
    .channels = b->channels (format.depth, content),
    .setting = image_format_setting (format, options),
    .linear = image_format_is_float (format) && !content->data, .data = content->data, .stop = options ? options->stop : NULL,
  };
  out->encoder = b->open (&spec, error);
  if (out->encoder == NULL)
    {
      name_the_file (out, error);
      image_output_abort (out);
      return NULL;
    }
  return out;
}

int
image_output_channels (const ImageOutput *out)
{
  return out->encoder->spec.channels;
}

ImageBand *
image_band_new (const ImageOutput *out)
{
  ImageBand *band = g_new0 (ImageBand, 1);

  if (out->format.backend->band_new != NULL)
    {
      band->band = out->format.backend->band_new (out->encoder);
      band->free = out->format.backend->band_free;
    }
  return band;
}

void
image_band_free (ImageBand *band)
{
  if (band == NULL)
    return;
  if (band->band != NULL)
    band->free (band->band);
  g_free (band);
}

int
image_output_band_rows (const ImageOutput *out)
{
  const FileSpec *spec = &out->encoder->spec;
  const int unit = out->encoder->band_rows;
  const int rows = CLAMP (BAND_PIXELS / spec->width, 1, spec->height);

  return MIN ((rows + unit - 1) / unit * unit, spec->height);
}

gboolean
image_output_encode (const ImageOutput *out, ImageBand *band, const float *rgba, gsize stride,
                     int first_row, int n_rows, GError **error)
{
  return out->format.backend->encode (out->encoder, band->band, rgba, stride, first_row,
                                      n_rows, error);
}

gboolean
image_output_write_band (ImageOutput *out, const ImageBand *band, int n_rows, GError **error)
{
  const FormatBackend *b = out->format.backend;

  g_return_val_if_fail (n_rows >= 0 && n_rows <= out->encoder->spec.height - out->rows_written,
                        FALSE);
  if (b->write != NULL && !b->write (out->encoder, band->band, out->rows_written, n_rows, error))
    {
      name_the_file (out, error);
      return FALSE;
    }
  out->rows_written += n_rows;
  return TRUE;
}

/* Encodes and writes rows on this thread. */
static gboolean
encode_and_write (ImageOutput *out, const float *rgba, gsize stride, int n_rows,
                  GError **error)
{
  if (out->own_band == NULL)
    out->own_band = image_band_new (out);
  if (!image_output_encode (out, out->own_band, rgba, stride, out->rows_written, n_rows, error))
    {
      name_the_file (out, error);
      return FALSE;
    }
  return image_output_write_band (out, out->own_band, n_rows, error);
}

gboolean
image_output_write_rows (ImageOutput *out, const float *rgba, gsize stride, int n_rows,
                         GError **error)
{
  const int band = image_output_band_rows (out), height = out->encoder->spec.height;
  const gsize row_floats = (gsize) out->encoder->spec.width * 4;

  g_return_val_if_fail (n_rows >= 0 && out->n_pending + n_rows <= height - out->rows_written,
                        FALSE);
  while (n_rows > 0)
    {
      /* Whole bands straight from the caller's rows... */
      if (out->n_pending == 0 && (n_rows >= band || out->rows_written + n_rows == height))
        {
          int rows = MIN (band, n_rows);
          if (!encode_and_write (out, rgba, stride, rows, error))
            return FALSE;
          rgba += (gsize) rows * stride;
          n_rows -= rows;
          continue;
        }
      /* ...the others kept until they make one. */
      if (out->pending == NULL)
        out->pending = g_new (float, row_floats * band);
      memcpy (out->pending + row_floats * out->n_pending, rgba, row_floats * sizeof (float));
      rgba += stride;
      n_rows--;
      if (++out->n_pending == band || out->rows_written + out->n_pending == height)
        {
          int rows = out->n_pending;
          out->n_pending = 0;
          if (!encode_and_write (out, out->pending, row_floats, rows, error))
            return FALSE;
        }
    }
  return TRUE;
}

AtomicFile *
image_output_finish_file (ImageOutput *out, GError **error)
{
  const int height = out->encoder->spec.height;
  AtomicFile *file;

  if (out->rows_written != height)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   "cannot write '%s': only %d of %d rows were given",
                   atomic_file_path (out->file), out->rows_written, height);
      image_output_abort (out);
      return NULL;
    }
  if (!out->format.backend->finish (out->encoder, error))
    {
      name_the_file (out, error);
      image_output_abort (out);
      return NULL;
    }
  file = out->file;
  out->file = NULL;
  output_free (out);
  return file;
}

gboolean
image_output_finish (ImageOutput *out, GError **error)
{
  AtomicFile *file = image_output_finish_file (out, error);

  return file != NULL && atomic_file_commit (file, error);
}
