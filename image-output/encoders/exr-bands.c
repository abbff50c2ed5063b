/* OpenEXR output in bands: see exr-bands.h.
 *
 * OpenEXR's own encoding pipeline compresses with the level it is given
 * but on whichever thread runs it, and wants its context for each chunk;
 * here the chunks are made without the context, in the layout the
 * OpenEXR file format defines, and only written through the library:
 *
 * - a chunk holds its scanlines one after another, each scanline its
 *   channels in name order (A, B, G, R; or Y alone for grey), each channel
 *   the row's values, little-endian;
 * - ZIP: the chunk's even bytes, then its odd bytes, each byte then
 *   replaced by its difference to the previous one plus 128, the whole
 *   one zlib stream (zlib-chunks.h); a chunk that does not shrink is
 *   stored as it is, which readers recognise by its size. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <unistd.h>
#include <openexr.h>
#include <half.h>

#include "exr-bands.h"
#include "color/linear-light.h"
#include "zlib-chunks.h"

/* ---- encoding, on any thread --------------------------------------------- */

struct _ExrBandEncoder
{
  ExrBandFormat f;
  guint8     *packed;       /* one chunk as stored uncompressed */
  guint8     *scratch;      /* the same, split and differenced */
  float      *values;       /* one row as stored, before packing */
  ZlibChunks  chunks;       /* the band's */
};

ExrBandEncoder *
exr_band_encoder_new (const ExrBandFormat *f)
{
  ExrBandEncoder *e = g_new0 (ExrBandEncoder, 1);
  gsize chunk_bytes = (gsize) f->chunk_rows * f->width * f->channels * (f->bits / 8);

  e->f = *f;
  e->packed = g_malloc (chunk_bytes);
  e->scratch = g_malloc (chunk_bytes);
  e->values = g_new (float, 4 * (gsize) f->width);
  zlib_chunks_init (&e->chunks, f->level);
  return e;
}

void
exr_band_encoder_free (ExrBandEncoder *e)
{
  if (e == NULL)
    return;
  zlib_chunks_clear (&e->chunks);
  g_free (e->packed);
  g_free (e->scratch);
  g_free (e->values);
  g_free (e);
}

static inline void
put_value (int bits, guint8 *plane, int x, float v)
{
  if (bits == 16)
    ((guint16 *) plane)[x] = GUINT16_TO_LE (imath_float_to_half (v));
  else
    {
      union { float f; guint32 u; } u = { .f = v };
      ((guint32 *) plane)[x] = GUINT32_TO_LE (u.u);
    }
}

/* The planes of one scanline from RGBA pixels: A, B, G, R (name order).
 * Inlined once per depth, so the loop holds no test. */
static inline void
put_rgba_planes (int bits, const float *px, int width, guint8 *dst)
{
  const gsize plane = (gsize) width * (bits / 8);

  for (int x = 0; x < width; x++, px += 4)
    {
      put_value (bits, dst, x, px[3]);
      put_value (bits, dst + plane, x, px[2]);
      put_value (bits, dst + 2 * plane, x, px[1]);
      put_value (bits, dst + 3 * plane, x, px[0]);
    }
}

/* One scanline: planes A, B, G, R (or Y alone) of the values as stored,
 * colours in linear light unless they are data. */
static void
pack_row (ExrBandEncoder *e, const float *src, guint8 *dst)
{
  const ExrBandFormat *f = &e->f;
  const int width = f->width, bits = f->bits;

  if (f->channels == 1)
    {
      for (int x = 0; x < width; x++)
        e->values[x] = src[4 * x];
      if (f->linear)
        tsr_linear_light_row (e->values, width, FALSE, e->values);
      for (int x = 0; x < width; x++)
        put_value (bits, dst, x, e->values[x]);
      return;
    }
  if (f->linear)
    {
      tsr_linear_light_row (src, 4 * (gsize) width, TRUE, e->values);
      src = e->values;
    }
  if (bits == 16)
    put_rgba_planes (16, src, width, dst);
  else
    put_rgba_planes (32, src, width, dst);
}

/* ZIP's preparation of n bytes: the even bytes then the odd ones, each
 * byte replaced by its difference to the one before it in that order
 * (plus 128).  Taken straight from src, so that no step waits on the one
 * before (the loops vectorise). */
static void
split_and_difference (const guint8 *src, gsize n, guint8 *dst)
{
  const gsize n_even = (n + 1) / 2, n_odd = n / 2;
  guint8 *odd = dst + n_even;

  dst[0] = src[0];
  for (gsize k = 1; k < n_even; k++)
    dst[k] = (guint8) (src[2 * k] - src[2 * k - 2] + 128);
  if (n_odd > 0)
    odd[0] = (guint8) (src[1] - src[2 * n_even - 2] + 128);
  for (gsize k = 1; k < n_odd; k++)
    odd[k] = (guint8) (src[2 * k + 1] - src[2 * k - 1] + 128);
}

gboolean
exr_band_encode (ExrBandEncoder *e, const float *rgba, gsize stride, int n_rows,
                 GError **error)
{
  const ExrBandFormat *f = &e->f;
  const gsize row_bytes = (gsize) f->width * f->channels * (f->bits / 8);

  zlib_chunks_reset (&e->chunks);
  for (int y = 0; y < n_rows; y += f->chunk_rows)
    {
      int rows = MIN (f->chunk_rows, n_rows - y);
      gsize n = (gsize) rows * row_bytes;

      for (int r = 0; r < rows; r++)
        pack_row (e, rgba + (gsize) (y + r) * stride, e->packed + (gsize) r * row_bytes);
      if (f->level != 0)
        split_and_difference (e->packed, n, e->scratch);
      if (!zlib_chunks_add (&e->chunks, f->level != 0 ? e->scratch : e->packed, n, e->packed,
                            error))
        return FALSE;
    }
  return TRUE;
}

/* ---- the file, on the writing thread ------------------------------------ */

struct _ExrFile
{
  int           fd;
  exr_context_t ctxt;
  int           chunk_rows;
  int           saved_errno;
  char          message[256];   /* the library's last error */
};

/* The library's errors, kept for the caller's message rather than
 * printed (its default handler writes to stderr). */
static void
error_fn (exr_const_context_t ctxt, exr_result_t code, const char *message)
{
  void *userdata = NULL;

  (void) code;
  if (exr_get_user_data (ctxt, &userdata) == EXR_ERR_SUCCESS && userdata != NULL)
    g_strlcpy (((ExrFile *) userdata)->message, message, sizeof ((ExrFile *) userdata)->message);
}

static int64_t
write_fn (exr_const_context_t ctxt, void *userdata, const void *buffer, uint64_t size,
          uint64_t offset, exr_stream_error_func_ptr_t error_cb)
{
  ExrFile *f = userdata;
  const guint8 *p = buffer;
  uint64_t done = 0;

  while (done < size)
    {
      ssize_t n = pwrite (f->fd, p + done, size - done, (off_t) (offset + done));
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          f->saved_errno = n < 0 ? errno : EIO;
          error_cb (ctxt, EXR_ERR_WRITE_IO, "%s", g_strerror (f->saved_errno));
          return -1;
        }
      done += (uint64_t) n;
    }
  return (int64_t) done;
}

static gboolean
check (ExrFile *f, exr_result_t rv, GError **error)
{
  if (rv == EXR_ERR_SUCCESS)
    return TRUE;
  if (f->saved_errno != 0)
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (f->saved_errno), "%s",
                 g_strerror (f->saved_errno));
  else
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "OpenEXR: %s",
                 f->message[0] != '\0' ? f->message : exr_get_error_code_as_string (rv));
  return FALSE;
}

ExrFile *
exr_file_new (int fd, int width, int height, int bits, int channels, int level,
              GError **error)
{
  /* sRGB / Rec. 709 primaries, D65 white. */
  static const exr_attr_chromaticities_t srgb = {
    0.64f, 0.33f, 0.30f, 0.60f, 0.15f, 0.06f, 0.3127f, 0.3290f
  };
  static const char *const rgba[] = { "A", "B", "G", "R" }, *const grey[] = { "Y" };
  const char *const *names = channels == 1 ? grey : rgba;
  exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
  exr_pixel_type_t type = bits == 16 ? EXR_PIXEL_HALF : EXR_PIXEL_FLOAT;
  ExrFile *f = g_new0 (ExrFile, 1);
  exr_result_t rv;
  int part = 0;

  f->fd = fd;
  init.user_data = f;
  init.write_fn = write_fn;
  init.error_handler_fn = error_fn;
  init.max_image_width = width;
  init.max_image_height = height;

  rv = exr_start_write (&f->ctxt, "tessera", EXR_WRITE_FILE_DIRECTLY, &init);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_add_part (f->ctxt, "rgba", EXR_STORAGE_SCANLINE, &part);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_initialize_required_attr_simple (f->ctxt, part, width, height,
                                              level != 0 ? EXR_COMPRESSION_ZIP
                                                        : EXR_COMPRESSION_NONE);
  for (int c = 0; c < channels && rv == EXR_ERR_SUCCESS; c++)
    rv = exr_add_channel (f->ctxt, part, names[c], type,
                          names[c][0] == 'A' ? EXR_PERCEPTUALLY_LINEAR
                                             : EXR_PERCEPTUALLY_LOGARITHMIC, 1, 1);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_attr_set_chromaticities (f->ctxt, part, "chromaticities", &srgb);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_write_header (f->ctxt);
  if (rv == EXR_ERR_SUCCESS)
    rv = exr_get_scanlines_per_chunk (f->ctxt, part, &f->chunk_rows);
  if (!check (f, rv, error))
    {
      exr_file_free (f);
      return NULL;
    }
  return f;
}

int
exr_file_chunk_rows (const ExrFile *f)
{
  return f->chunk_rows;
}

gboolean
exr_file_write_band (ExrFile *f, const ExrBandEncoder *e, int first_row, GError **error)
{
  const ZlibChunks *c = &e->chunks;
  const guint8 *data = c->data;

  g_return_val_if_fail (first_row % f->chunk_rows == 0, FALSE);
  for (int k = 0; k < c->n_chunks; k++)
    {
      exr_result_t rv = exr_write_scanline_chunk (f->ctxt, 0, first_row + k * f->chunk_rows,
                                                  data, c->sizes[k]);
      if (!check (f, rv, error))
        return FALSE;
      data += c->sizes[k];
    }
  return TRUE;
}

gboolean
exr_file_finish (ExrFile *f, GError **error)
{
  /* exr_finish writes the chunk offset table. */
  exr_result_t rv = exr_finish (&f->ctxt);

  f->ctxt = NULL;
  return check (f, rv, error);
}

void
exr_file_free (ExrFile *f)
{
  if (f == NULL)
    return;
  if (f->ctxt != NULL)
    exr_finish (&f->ctxt);
  g_free (f);
}
