/* Pixel transfer.  The core renders float RGBA bands with every core; babl
 * converts them to whatever the drawable holds: 8/16/32-bit, integer or
 * float, linear or perceptual, RGB or gray, in the drawable's colour space.
 *
 * The source format is "R'G'B'A float" in sRGB, which is what the core's
 * values are.  For images with GIMP's built-in profiles (sRGB, also behind
 * linear-precision images) that is the drawable's own space, and babl only
 * changes the encoding.  For another profile babl converts the colours; the
 * same encoding name in the drawable's space would instead read our sRGB
 * numbers through that profile's curve (wrong for a linear-TRC profile).
 *
 * One exception: into 8- and 16-bit non-linear sRGB layers the plug-in
 * rounds itself, as the CLI does (floor (v * max + 0.5) in double), and
 * hands babl integers it only has to copy.  babl's float -> u8 conversions
 * compute 255.0f * v in single precision, which rounds a v just below
 * (k + 0.5) / 255 up to k + 0.5 exactly: about 6 samples per million came
 * out one level above the CLI's (tests/gimp: /gimp/render/rgb8-*). */
#include "config.h"

#include <string.h>

#include "tessera.h"
#include "quantize.h"
#include "render-drawable.h"

/* Pixels per band: 16 MiB of float RGBA. */
#define BAND_PIXELS (1 << 20)

/* Rows per band: whole rows of GIMP tiles when a band holds at least one,
 * so no tile is written by two bands. */
static int
band_rows (int width)
{
  int rows = MAX (1, BAND_PIXELS / width);
  int tile = (int) gimp_tile_height ();

  if (rows > tile)
    rows -= rows % tile;
  return rows;
}

typedef enum
{
  SINK_FLOAT,   /* babl converts float */
  SINK_U8,      /* we round to R'G'B'A u8 */
  SINK_U16      /* we round to R'G'B'A u16 */
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

/* The band's samples, rounded into out; returns out's babl format. */
static const Babl *
round_band (SinkKind kind, const float *in, gsize n, gpointer out)
{
  if (kind == SINK_U8)
    {
      guint8 *o = out;
      for (gsize i = 0; i < n; i++)
        o[i] = (guint8) tsr_quantize_unit (in[i], 255);
      return babl_format ("R'G'B'A u8");
    }
  else
    {
      guint16 *o = out;
      for (gsize i = 0; i < n; i++)
        o[i] = (guint16) tsr_quantize_unit (in[i], 65535);
      return babl_format ("R'G'B'A u16");
    }
}

static gboolean
report (double fraction, gpointer data)
{
  TsrProgress *p = data;

  /* FALSE when GIMP no longer takes our progress: stop.  (A cancel from
   * GIMP's progress bar does not come this way: GIMP kills the plug-in.) */
  return gimp_progress_update ((p->done + fraction * p->band) / MAX (1.0, p->total));
}

gboolean
tsr_render_to_shadow (const TsrTarget *target, TsrProgress *progress, GError **error)
{
  const GeglRectangle *a = &target->area;
  const SinkKind kind = sink_kind (gimp_drawable_get_format (target->drawable));
  const int      rows = band_rows (a->width);
  const gsize    stride = (gsize) 4 * (gsize) a->width;
  float         *pixels = g_new (float, stride * (gsize) rows);
  gpointer       rounded = kind == SINK_FLOAT ? NULL
                           : g_malloc (stride * (gsize) rows * (kind == SINK_U8 ? 1 : 2));
  const int      end = a->y + a->height;
  gboolean       ok = TRUE;

  for (int y = a->y; ok && y < end;)
    {
      int next = MIN (end, (y / rows + 1) * rows);

      progress->band = (double) a->width * (next - y);
      ok = tsr_render (target->texture, a->x, y, a->width, next - y,
                       pixels, stride, 0, report, progress, error);
      if (ok)
        {
          /* A buffer per band: its tiles go to GIMP and leave our memory
           * when it is released. */
          GeglBuffer *shadow = gimp_drawable_get_shadow_buffer (target->drawable);
          const Babl *format = babl_format ("R'G'B'A float");
          gpointer    data = pixels;

          if (kind != SINK_FLOAT)
            {
              format = round_band (kind, pixels, stride * (gsize) (next - y), rounded);
              data = rounded;
            }
          gegl_buffer_set (shadow, GEGL_RECTANGLE (a->x, y, a->width, next - y), 0,
                           format, data, GEGL_AUTO_ROWSTRIDE);
          gegl_buffer_flush (shadow);
          g_object_unref (shadow);
          progress->done += progress->band;
        }
      y = next;
    }
  g_free (pixels);
  g_free (rounded);
  return ok;
}
