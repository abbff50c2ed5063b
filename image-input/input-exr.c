/* OpenEXR with its C library: scanline files of R, G, B (and A) or Y (and
 * A) channels, half, float or uint, read as float: linear light, kept as
 * it is (values past 1 too). */
#include <string.h>

#include <openexr.h>

#include "image-input-backend.h"

static void
on_exr_error (exr_const_context_t ctxt, exr_result_t code, const char *message)
{
  (void) ctxt;
  (void) code;
  (void) message;
}

/* The channel list's index of the channel named name, or -1. */
static int
find_channel (const exr_attr_chlist_t *list, const char *name)
{
  for (int i = 0; i < list->num_channels; i++)
    if (strcmp (list->entries[i].name.str, name) == 0)
      return i;
  return -1;
}

static TsrImage *
fail (exr_context_t *ctxt, TsrImage *im, GError **error, int code, const char *path,
      const char *what)
{
  if (error != NULL && *error == NULL)
    g_set_error (error, G_IO_ERROR, code, "'%s': %s", path, what);
  tsr_image_free (im);
  exr_finish (ctxt);
  return NULL;
}

TsrImage *
input_exr_read (const char *path, ImageInputInfo *info, GError **error)
{
  exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
  exr_context_t ctxt = NULL;
  exr_storage_t storage;
  exr_attr_box2i_t dw;
  const exr_attr_chlist_t *list = NULL;
  /* OpenEXR's own initializer names only the leading fields (3.2's GIMP
   * root has a version whose first field is the struct's size). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
  exr_decode_pipeline_t decoder = EXR_DECODE_PIPELINE_INITIALIZER;
#pragma GCC diagnostic pop
  int index[4], colours, channels, w, h, per_chunk, depth = 16;
  TsrImage *im;

  init.error_handler_fn = on_exr_error;
  if (exr_start_read (&ctxt, path, &init) != EXR_ERR_SUCCESS)
    return fail (&ctxt, NULL, error, G_IO_ERROR_INVALID_DATA, path, "damaged OpenEXR file");
  if (exr_get_storage (ctxt, 0, &storage) != EXR_ERR_SUCCESS || storage != EXR_STORAGE_SCANLINE)
    return fail (&ctxt, NULL, error, G_IO_ERROR_NOT_SUPPORTED, path,
                 "only scanline OpenEXR files are read (not tiled or deep ones)");
  if (exr_get_data_window (ctxt, 0, &dw) != EXR_ERR_SUCCESS
      || exr_get_channels (ctxt, 0, &list) != EXR_ERR_SUCCESS
      || exr_get_scanlines_per_chunk (ctxt, 0, &per_chunk) != EXR_ERR_SUCCESS)
    return fail (&ctxt, NULL, error, G_IO_ERROR_INVALID_DATA, path, "damaged OpenEXR file");
  index[0] = find_channel (list, "R");
  index[1] = find_channel (list, "G");
  index[2] = find_channel (list, "B");
  if (index[0] >= 0 && index[1] >= 0 && index[2] >= 0)
    colours = 3;
  else if ((index[0] = find_channel (list, "Y")) >= 0)
    colours = 1;
  else
    return fail (&ctxt, NULL, error, G_IO_ERROR_NOT_SUPPORTED, path,
                 "no R, G, B or Y channels (only colour or grey OpenEXR files are read)");
  index[colours] = find_channel (list, "A");
  channels = colours + (index[colours] >= 0 ? 1 : 0);
  for (int c = 0; c < channels; c++)
    {
      const exr_attr_chlist_entry_t *e = &list->entries[index[c]];

      if (e->x_sampling != 1 || e->y_sampling != 1)
        return fail (&ctxt, NULL, error, G_IO_ERROR_NOT_SUPPORTED, path,
                     "subsampled channels are not read");
      if (e->pixel_type != EXR_PIXEL_HALF)
        depth = 32;
    }
  w = dw.max.x - dw.min.x + 1;
  h = dw.max.y - dw.min.y + 1;
  info->depth = depth;
  info->linear = TRUE;
  if ((im = input_image_new (path, w, h, channels, error)) == NULL)
    return fail (&ctxt, NULL, error, 0, path, "");

  for (int y = dw.min.y; y <= dw.max.y; y += per_chunk)
    {
      exr_chunk_info_t chunk;
      gboolean first = decoder.channels == NULL;

      if (exr_read_scanline_chunk_info (ctxt, 0, y, &chunk) != EXR_ERR_SUCCESS
          || (first ? exr_decoding_initialize (ctxt, 0, &chunk, &decoder)
                    : exr_decoding_update (ctxt, 0, &chunk, &decoder)) != EXR_ERR_SUCCESS)
        {
          exr_decoding_destroy (ctxt, &decoder);
          return fail (&ctxt, im, error, G_IO_ERROR_INVALID_DATA, path, "damaged OpenEXR file");
        }
      for (int k = 0; k < decoder.channel_count; k++)
        {
          exr_coding_channel_info_t *ch = &decoder.channels[k];

          ch->decode_to_ptr = NULL;
          for (int c = 0; c < channels; c++)
            if (strcmp (ch->channel_name, list->entries[index[c]].name.str) == 0)
              {
                ch->decode_to_ptr = (uint8_t *) (im->pixels
                                                 + ((gsize) (chunk.start_y - dw.min.y) * w) * channels
                                                 + c);
                ch->user_pixel_stride = (int32_t) (sizeof (float) * channels);
                ch->user_line_stride = (int32_t) (sizeof (float) * channels * w);
                ch->user_data_type = EXR_PIXEL_FLOAT;
                ch->user_bytes_per_element = 4;
              }
        }
      if ((first && exr_decoding_choose_default_routines (ctxt, 0, &decoder) != EXR_ERR_SUCCESS)
          || exr_decoding_run (ctxt, 0, &decoder) != EXR_ERR_SUCCESS)
        {
          exr_decoding_destroy (ctxt, &decoder);
          return fail (&ctxt, im, error, G_IO_ERROR_INVALID_DATA, path, "damaged OpenEXR file");
        }
    }
  exr_decoding_destroy (ctxt, &decoder);
  exr_finish (&ctxt);
  return im;
}
