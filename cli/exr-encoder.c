/* OpenEXR output through its C API (OpenEXRCore): scanline chunks of
 * linear-light RGBA, written through our own descriptor with pwrite.
 * Rows arrive in bands of any height; they are gathered into the
 * compression's chunk height (16 lines for ZIP) before each chunk. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <unistd.h>
#include <openexr.h>
#include <half.h>

#include "image-writer.h"
#include "stream-encoders.h"

typedef struct
{
  StreamEncoder  base;
  int            fd;
  exr_context_t  ctxt;
  int            chunk_rows;     /* scanlines per chunk */
  float         *chunk;          /* chunk_rows rows of linear RGBA */
  guint16       *halves;         /* the chunk as planes of halves (16-bit files) */
  float         *planes;         /* ... or of floats (32-bit files) */
  int            pending;        /* rows in chunk */
  int            next_y;         /* first row of the chunk being gathered */
  int            saved_errno;
} ExrEncoder;

static int64_t
write_fn (exr_const_context_t ctxt, void *userdata, const void *buffer, uint64_t size,
          uint64_t offset, exr_stream_error_func_ptr_t error_cb)
{
  ExrEncoder *e = userdata;
  const guint8 *p = buffer;
  uint64_t done = 0;

  while (done < size)
    {
      ssize_t n = pwrite (e->fd, p + done, size - done, (off_t) (offset + done));
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          e->saved_errno = n < 0 ? errno : EIO;
          error_cb (ctxt, EXR_ERR_WRITE_IO, "%s", g_strerror (e->saved_errno));
          return -1;
        }
      done += (uint64_t) n;
    }
  return (int64_t) done;
}

static gboolean
check (ExrEncoder *e, exr_result_t rv, GError **error)
{
  if (rv == EXR_ERR_SUCCESS)
    return TRUE;
  if (e->saved_errno != 0)
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e->saved_errno), "%s",
                 g_strerror (e->saved_errno));
  else
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "OpenEXR: %s",
                 exr_get_error_code_as_string (rv));
  return FALSE;
}

/* The gathered rows as one chunk; channels are stored A, B, G, R. */
static gboolean
write_chunk (ExrEncoder *e, GError **error)
{
  exr_chunk_info_t cinfo;
  exr_encode_pipeline_t encoder;
  exr_result_t rv;

  rv = exr_write_scanline_chunk_info (e->ctxt, 0, e->next_y, &cinfo);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_encoding_initialize (e->ctxt, 0, &cinfo, &encoder);
  if (rv != EXR_ERR_SUCCESS)
    return check (e, rv, error);
  /* Channels go planar, one plane each (the layout OpenEXR stores a
   * chunk in), so packing is a copy.  Halves are made here with Imath's
   * rounding, OpenEXR's own: the packer does not convert. */
  const gsize plane = (gsize) e->pending * e->base.width;
  for (gsize i = 0; i < plane; i++)
    for (int k = 0; k < 4; k++)
      {
        float v = e->chunk[4 * i + k];
        if (e->halves != NULL)
          e->halves[k * plane + i] = imath_float_to_half (v);
        else
          e->planes[k * plane + i] = v;
      }
  for (int c = 0; c < encoder.channel_count; c++)
    {
      exr_coding_channel_info_t *ch = &encoder.channels[c];
      /* "A", "B", "G", "R": the plane of each. */
      int k = ch->channel_name[0] == 'R' ? 0 : ch->channel_name[0] == 'G' ? 1
            : ch->channel_name[0] == 'B' ? 2 : 3;
      int size = e->halves != NULL ? 2 : 4;
      ch->user_bytes_per_element = (int16_t) size;
      ch->user_data_type = e->halves != NULL ? EXR_PIXEL_HALF : EXR_PIXEL_FLOAT;
      ch->user_pixel_stride = size;
      ch->user_line_stride = size * e->base.width;
      ch->encode_from_ptr = e->halves != NULL ? (const uint8_t *) (e->halves + k * plane)
                                              : (const uint8_t *) (e->planes + k * plane);
    }
  rv = exr_encoding_choose_default_routines (e->ctxt, 0, &encoder);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_encoding_run (e->ctxt, 0, &encoder);
  exr_encoding_destroy (e->ctxt, &encoder);
  e->next_y += e->pending;
  e->pending = 0;
  return check (e, rv, error);
}

static gboolean
exr_rows (StreamEncoder *base, const float *rgba, gsize stride, int n_rows, GError **error)
{
  ExrEncoder *e = (ExrEncoder *) base;

  for (int r = 0; r < n_rows; r++)
    {
      const float *src = rgba + (gsize) r * stride;
      float *dst = e->chunk + (gsize) e->pending * base->width * 4;

      for (int x = 0; x < base->width; x++)
        {
          dst[4 * x + 0] = image_srgb_to_linear (src[4 * x + 0]);
          dst[4 * x + 1] = image_srgb_to_linear (src[4 * x + 1]);
          dst[4 * x + 2] = image_srgb_to_linear (src[4 * x + 2]);
          dst[4 * x + 3] = src[4 * x + 3];
        }
      if (++e->pending == e->chunk_rows && !write_chunk (e, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
exr_finish_file (StreamEncoder *base, GError **error)
{
  ExrEncoder *e = (ExrEncoder *) base;

  if (e->pending > 0 && !write_chunk (e, error))
    return FALSE;
  /* exr_finish writes the chunk offset table. */
  if (!check (e, exr_finish (&e->ctxt), error))
    return FALSE;
  e->ctxt = NULL;
  return TRUE;
}

static void
exr_free (StreamEncoder *base)
{
  ExrEncoder *e = (ExrEncoder *) base;

  if (e->ctxt != NULL)
    exr_finish (&e->ctxt);
  g_free (e->chunk);
  g_free (e->halves);
  g_free (e->planes);
  g_free (e);
}

static const StreamEncoderClass exr_class = { exr_rows, exr_finish_file, exr_free };

StreamEncoder *
exr_encoder_new (int fd, int width, int height, int bits, int level, GError **error)
{
  /* sRGB / Rec. 709 primaries, D65 white. */
  static const exr_attr_chromaticities_t srgb = {
    0.64f, 0.33f, 0.30f, 0.60f, 0.15f, 0.06f, 0.3127f, 0.3290f
  };
  static const char *const names[] = { "A", "B", "G", "R" };
  exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
  exr_pixel_type_t type = bits == 16 ? EXR_PIXEL_HALF : EXR_PIXEL_FLOAT;
  ExrEncoder *e = g_new0 (ExrEncoder, 1);
  exr_result_t rv;
  int part = 0;

  e->base.klass = &exr_class;
  e->base.width = width;
  e->base.height = height;
  e->fd = fd;
  init.user_data = e;
  init.write_fn = write_fn;
  init.max_image_width = width;
  init.max_image_height = height;

  rv = exr_start_write (&e->ctxt, "tessera", EXR_WRITE_FILE_DIRECTLY, &init);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_add_part (e->ctxt, "rgba", EXR_STORAGE_SCANLINE, &part);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_initialize_required_attr_simple (e->ctxt, part, width, height,
                                              level > 0 ? EXR_COMPRESSION_ZIP
                                                        : EXR_COMPRESSION_NONE);
  if (rv == EXR_ERR_SUCCESS && level > 0)
    rv = exr_set_zip_compression_level (e->ctxt, part, level);
  for (guint c = 0; c < G_N_ELEMENTS (names) && rv == EXR_ERR_SUCCESS; c++)
    rv = exr_add_channel (e->ctxt, part, names[c], type,
                          c == 0 ? EXR_PERCEPTUALLY_LINEAR : EXR_PERCEPTUALLY_LOGARITHMIC, 1, 1);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_attr_set_chromaticities (e->ctxt, part, "chromaticities", &srgb);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_write_header (e->ctxt);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_get_scanlines_per_chunk (e->ctxt, part, &e->chunk_rows);
  if (!check (e, rv, error))
    {
      exr_free (&e->base);
      return NULL;
    }
  e->chunk = g_new (float, (gsize) e->chunk_rows * width * 4);
  if (bits == 16)
    e->halves = g_new (guint16, (gsize) e->chunk_rows * width * 4);
  else
    e->planes = g_new (float, (gsize) e->chunk_rows * width * 4);
  return &e->base;
}
