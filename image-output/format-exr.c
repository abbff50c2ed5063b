/* OpenEXR, half or float, linear light (data as it is), Rec. 709 / sRGB
 * chromaticities, RGBA or Y alone: chunks are encoded in bands on the
 * render threads and written in order through OpenEXR's C API
 * (exr-bands.h). */
#include "encoders/exr-bands.h"
#include "format-backend.h"
#include "encoders/zlib-chunks.h"

/* Float EXR: deflate's gain on float mantissas is nearly all the
 * repetition of flat channels (an opaque alpha), which this keeps at a
 * fraction of the time (1024² clouds palette=sky: 12.6 MB against level
 * 1's 12.1 MB, 0.16 G instructions of writing against 0.84 G).  Halves
 * keep level 1: their high bytes compress (5.7 MB against 3.3 MB). */
#define FLOAT_DEFAULT_LEVEL ZLIB_CHUNKS_REPEATS
#define HALF_DEFAULT_LEVEL  1

typedef struct
{
  FormatFile    base;
  ExrFile      *exr;
  ExrBandFormat band;    /* how bands are encoded */
} ExrOutput;

static void
exr_close (FormatFile *file)
{
  ExrOutput *f = (ExrOutput *) file;

  exr_file_free (f->exr);
  g_free (f);
}

static FormatFile *
exr_open (const FileSpec *spec, GError **error)
{
  ExrOutput *f = g_new0 (ExrOutput, 1);

  f->base.spec = *spec;
  f->exr = exr_file_new (spec->fd, spec->width, spec->height, spec->depth, spec->channels,
                         spec->setting, error);
  if (f->exr == NULL)
    {
      exr_close (&f->base);
      return NULL;
    }
  f->base.band_rows = exr_file_chunk_rows (f->exr);
  f->band = (ExrBandFormat) {
    .width = spec->width, .bits = spec->depth, .level = spec->setting,
    .chunk_rows = f->base.band_rows, .channels = spec->channels,
    .linear = spec->linear,
  };
  return &f->base;
}

static FormatBand *
exr_band_new (const FormatFile *file)
{
  return (FormatBand *) exr_band_encoder_new (&((const ExrOutput *) file)->band);
}

static void
exr_band_free (FormatBand *band)
{
  exr_band_encoder_free ((ExrBandEncoder *) band);
}

static gboolean
exr_encode (const FormatFile *file, FormatBand *band, const float *rgba, gsize stride,
            int first_row, int n_rows, GError **error)
{
  (void) file;
  (void) first_row;
  return exr_band_encode ((ExrBandEncoder *) band, rgba, stride, n_rows, error);
}

static gboolean
exr_write (FormatFile *file, const FormatBand *band, int first_row, int n_rows,
           GError **error)
{
  (void) n_rows;
  return exr_file_write_band (((ExrOutput *) file)->exr, (const ExrBandEncoder *) band,
                              first_row, error);
}

static gboolean
exr_finish (FormatFile *file, GError **error)
{
  ExrOutput *f = (ExrOutput *) file;
  gboolean ok = exr_file_finish (f->exr, error);

  exr_file_free (f->exr);
  f->exr = NULL;
  return ok;
}

static int
exr_default_setting (int depth)
{
  return depth == 32 ? FLOAT_DEFAULT_LEVEL : HALF_DEFAULT_LEVEL;
}

/* Always with alpha; Y alone for an opaque grey image. */
static int
exr_channels (int depth, const ImageContent *content)
{
  (void) depth;
  return content->grey && !content->alpha ? 1 : 4;
}

const FormatBackend format_exr = {
  .name = "EXR", .extensions = ".exr",
  .depths = FORMAT_DEPTH (16) | FORMAT_DEPTH (32),
  .float_depths = FORMAT_DEPTH (16) | FORMAT_DEPTH (32), .usual_depth = 32,
  .alpha = TRUE, .setting = FORMAT_LEVEL,
  .default_setting = exr_default_setting, .channels = exr_channels,
  .open = exr_open, .band_new = exr_band_new, .band_free = exr_band_free,
  .encode = exr_encode, .write = exr_write, .finish = exr_finish, .close = exr_close,
};
