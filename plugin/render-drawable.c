/* Pixel transfer.  The core's scheduler renders float RGBA bands with
 * every core, and the plug-in's thread hands each finished band to GIMP
 * while later ones are rendered; babl converts them to whatever the
 * drawable holds: 8/16/32-bit, integer or float, linear or perceptual, RGB
 * or gray, in the drawable's colour space.
 *
 * The source format is "R'G'B'A float" in sRGB, which is what the core's
 * values are.  For images with GIMP's built-in profiles (sRGB, also behind
 * linear-precision images) that is the drawable's own space, and babl only
 * changes the encoding.  For another profile babl converts the colours; the
 * same encoding name in the drawable's space would instead read our sRGB
 * numbers through that profile's curve (wrong for a linear-TRC profile).
 *
 * One exception: into 8- and 16-bit non-linear sRGB RGB(A) layers the
 * plug-in rounds itself, as the CLI does (floor (v * max + 0.5) in double),
 * into the layer's own format (with or without alpha), so babl has
 * nothing to convert: a conversion babl has not made before costs it a
 * search among its paths, timed, of about 60 ms, most of a small call's
 * own time.  babl's float -> u8 conversions
 * compute 255.0f * v in single precision, which rounds a v just below
 * (k + 0.5) / 255 up to k + 0.5 exactly: about 6 samples per million came
 * out one level above the CLI's (tests/gimp: /gimp/render/rgb8-*). */
#include "config.h"

#include <string.h>

#include "tessera.h"
#include "color/quantize.h"
#include "render-drawable.h"

/* A band is at most this many pixels (16 MiB of float RGBA). */
#define BAND_PIXELS (1 << 20)

/* Rows per band: one row of GIMP tiles (the bands are aligned on them), so
 * no tile is written by two bands, unless that is more than BAND_PIXELS. */
static int
band_rows (int width)
{
  int tile = (int) gimp_tile_height ();

  return width <= BAND_PIXELS / tile ? tile : MAX (1, BAND_PIXELS / width);
}

typedef enum
{
  SINK_FLOAT,   /* babl converts float */
  SINK_U8,      /* we round to the layer's R'G'B'(A) u8 */
  SINK_U16      /* we round to the layer's R'G'B'(A) u16 */
} SinkKind;

static SinkKind
sink_kind (const Babl *drawable_format)
{
  const char *enc = babl_format_get_encoding (drawable_format);

  if (babl_format_get_space (drawable_format) != babl_space ("sRGB"))
    return SINK_FLOAT;
  if (strcmp (enc, "R'G'B' u8") == 0 || strcmp (enc, "R'G'B'A u8") == 0)
    return SINK_U8;
  if (strcmp (enc, "R'G'B' u16") == 0 || strcmp (enc, "R'G'B'A u16") == 0)
    return SINK_U16;
  return SINK_FLOAT;
}

guint
tsr_drawable_levels (GimpDrawable *drawable)
{
  const Babl *type = babl_format_get_type (gimp_drawable_get_format (drawable), 0);

  return type == babl_type ("u8") ? 255 : type == babl_type ("u16") ? 65535 : 0;
}

typedef struct
{
  TsrProgress     *progress; /* first: report reads it */
  const TsrTarget *target;
  SinkKind         kind;
  const Babl      *format;   /* of the samples handed to GIMP */
  int              channels; /* SINK_U8, SINK_U16: the layer's, 3 or 4 */
} Transfer;

/* Band hook, on a render thread: integer layers get the band rounded into
 * its extra buffer. */
static gboolean
round_band (TsrBand *band, gpointer data, GError **error G_GNUC_UNUSED)
{
  const Transfer *t = data;
  const int       bits = t->kind == SINK_U8 ? 8 : 16;
  const gsize     row_bytes = (gsize) band->width * t->channels * (bits / 8);

  for (int r = 0; r < band->rows; r++)
    tsr_quantize_row (band->pixels + (gsize) r * band->stride, band->width, t->channels, bits,
                      (guint8 *) band->extra + (gsize) r * row_bytes);
  return TRUE;
}

/* On the plug-in's thread, bands in row order, while later ones render. */
static gboolean
hand_over (TsrBand *band, gpointer data, GError **error G_GNUC_UNUSED)
{
  const Transfer *t = data;
  /* A buffer per band: its tiles go to GIMP and leave our memory when it
   * is released. */
  GeglBuffer     *shadow = gimp_drawable_get_shadow_buffer (t->target->drawable);
  const int       x = band->x + t->target->origin_x, y = band->y + t->target->origin_y;

  if (t->kind == SINK_FLOAT)
    gegl_buffer_set (shadow, GEGL_RECTANGLE (x, y, band->width, band->rows), 0,
                     t->format, band->pixels, (gint) (band->stride * sizeof (float)));
  else
    gegl_buffer_set (shadow, GEGL_RECTANGLE (x, y, band->width, band->rows), 0,
                     t->format, band->extra, GEGL_AUTO_ROWSTRIDE);
  gegl_buffer_flush (shadow);
  g_object_unref (shadow);
  return TRUE;
}

/* data: a transfer, its progress first */
static gboolean
report (double fraction, gpointer data)
{
  const TsrProgress *p = *(TsrProgress *const *) data;

  /* FALSE when GIMP no longer takes our progress: stop.  (A cancel from
   * GIMP's progress bar does not come this way: GIMP kills the plug-in.) */
  return gimp_progress_update ((p->done + fraction * p->target) / MAX (1.0, p->total));
}

gboolean
tsr_render_to_shadow (const TsrTarget *target, TsrProgress *progress, GError **error)
{
  const GeglRectangle *a = &target->area;
  const Babl          *drawable_format = gimp_drawable_get_format (target->drawable);
  const SinkKind       kind = sink_kind (drawable_format);
  Transfer             t = {
    .progress = progress, .target = target, .kind = kind,
    .format = babl_format ("R'G'B'A float"), .channels = 4,
  };
  TsrRenderJob         job = {
    .x = a->x - target->origin_x, .y = a->y - target->origin_y,
    .width = a->width, .height = a->height,
    .band_rows = band_rows (a->width), .align_bands = TRUE,
    .band_done = kind == SINK_FLOAT ? NULL : round_band,
    .consume = hand_over, .progress = report, .user_data = &t,
  };

  if (kind != SINK_FLOAT)
    {
      t.format = drawable_format;
      t.channels = babl_format_get_n_components (drawable_format);
      job.extra_row_bytes = (gsize) a->width * t.channels * (kind == SINK_U8 ? 1 : 2);
    }
  progress->target = (double) a->width * a->height;
  if (!tsr_render_bands (target->texture, &job, error))
    return FALSE;
  progress->done += progress->target;
  return TRUE;
}

/* A drawable of a shared pass: what it shows, how its samples are handed
 * over, and where they are in a band's extra buffer. */
typedef struct
{
  GimpDrawable *drawable;
  TsrMap        map;
  SinkKind      kind;
  const Babl   *format;
  int           channels;    /* of the samples handed over */
  guint         levels;      /* for the dither */
  gsize         offset;      /* bytes into a row of the extra buffer */
  gsize         px_bytes;
} MapOut;

typedef struct
{
  TsrProgress      *progress; /* first: report reads it */
  const TsrTexture *tex;
  guint32           maps;
  MapOut           *outs;
  guint             n_outs;
  gsize             row_bytes;
  GAsyncQueue      *scratches; /* a TsrMapsScratch a render thread */
} MapsTransfer;

/* A chunk of rows of one map, as tsr_texture_emit_maps hands them over. */
typedef struct
{
  const MapsTransfer *t;
  const TsrBand      *band;
  float              *row;     /* a row to dither in */
} BandChunks;

/* Each drawable of the chunk's map gets its samples (dithered as its own
 * render would be, rounded for integer layers) in the band's extra
 * buffer. */
static gboolean
take_map_rows (TsrMap map, int first_row, int n_rows, const float *rgba, gsize stride,
               gpointer data, GError **error G_GNUC_UNUSED)
{
  const BandChunks *c = data;
  const TsrBand *band = c->band;
  const gsize row_floats = 4 * (gsize) band->width;

  for (guint o = 0; o < c->t->n_outs; o++)
    {
      const MapOut *out = &c->t->outs[o];

      if (out->map != map)
        continue;
      for (int r = 0; r < n_rows; r++)
        {
          const int y = first_row + r;
          guint8 *dst = (guint8 *) band->extra + (gsize) y * c->t->row_bytes + out->offset;

          memcpy (c->row, rgba + (gsize) r * stride, row_floats * sizeof (float));
          tsr_texture_dither_rgba_rows (c->t->tex, out->levels, band->x, band->y + y,
                                        band->width, 1, c->row, row_floats);
          if (out->kind == SINK_FLOAT)
            memcpy (dst, c->row, row_floats * sizeof (float));
          else
            tsr_quantize_row (c->row, band->width, out->channels, out->kind == SINK_U8 ? 8 : 16,
                              dst);
        }
    }
  return TRUE;
}

/* On a render thread: every map of the band once, a chunk of rows at a
 * time, each handed to its drawables while in the cache. */
static gboolean
eval_maps_band (TsrBand *band, gpointer data, GError **error)
{
  const MapsTransfer *t = data;
  TsrMapsScratch *scratch = g_async_queue_pop (t->scratches);
  BandChunks chunks = { t, band, g_new (float, 4 * (gsize) band->width) };
  const gboolean ok = tsr_texture_emit_maps (t->tex, t->maps, band->x, band->y, band->width,
                                             band->rows, 0, take_map_rows, &chunks, scratch,
                                             error);

  g_free (chunks.row);
  g_async_queue_push (t->scratches, scratch);
  return ok;
}

/* On the plug-in's thread, bands in row order: each drawable's part. */
static gboolean
hand_over_maps (TsrBand *band, gpointer data, GError **error G_GNUC_UNUSED)
{
  const MapsTransfer *t = data;

  for (guint o = 0; o < t->n_outs; o++)
    {
      GeglBuffer *shadow = gimp_drawable_get_shadow_buffer (t->outs[o].drawable);

      gegl_buffer_set (shadow, GEGL_RECTANGLE (band->x, band->y, band->width, band->rows), 0,
                       t->outs[o].format, (guint8 *) band->extra + t->outs[o].offset,
                       (gint) t->row_bytes);
      gegl_buffer_flush (shadow);
      g_object_unref (shadow);
    }
  return TRUE;
}

gboolean
tsr_render_maps_to_shadows (const TsrTexture *tex, const GeglRectangle *area,
                            const TsrMapSink *sinks, guint n_sinks, TsrProgress *progress,
                            GError **error)
{
  const int threads = tsr_render_default_threads ();
  MapsTransfer t = { progress, tex, 0, g_new0 (MapOut, n_sinks), n_sinks, 0,
                     g_async_queue_new_full ((GDestroyNotify) tsr_maps_scratch_free) };
  gboolean ok;

  for (guint o = 0; o < n_sinks; o++)
    {
      MapOut *out = &t.outs[o];

      out->drawable = sinks[o].drawable;
      out->map = sinks[o].map;
      out->kind = sink_kind (gimp_drawable_get_format (out->drawable));
      /* integer layers get their own format, so babl only copies */
      out->format = out->kind == SINK_FLOAT ? babl_format ("R'G'B'A float")
                                            : gimp_drawable_get_format (out->drawable);
      out->channels = babl_format_get_n_components (out->format);
      out->levels = tsr_drawable_levels (out->drawable);
      out->px_bytes = (gsize) out->channels * (out->kind == SINK_U8 ? 1
                                               : out->kind == SINK_U16 ? 2 : 4);
      out->offset = t.row_bytes;
      t.row_bytes += out->px_bytes * (gsize) area->width;
      t.maps |= 1u << out->map;
    }
  for (int i = 0; i < threads; i++)
    g_async_queue_push (t.scratches, tsr_maps_scratch_new ());

  {
    /* in whole GIMP tiles */
    TsrRenderJob job = {
      .x = area->x, .y = area->y, .width = area->width, .height = area->height,
      .n_threads = threads, .band_rows = tsr_maps_band_rows (tex, area->width,
                                                             band_rows (area->width)),
      .align_bands = TRUE, .extra_row_bytes = t.row_bytes,
      .band_done = eval_maps_band, .consume = hand_over_maps, .progress = report,
      .user_data = &t,
    };

    progress->target = (double) area->width * area->height * n_sinks;
    ok = tsr_render_bands (NULL, &job, error);
  }
  if (ok)
    progress->done += progress->target;
  g_async_queue_unref (t.scratches);
  g_free (t.outs);
  return ok;
}
