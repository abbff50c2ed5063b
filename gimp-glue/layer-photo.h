/* A layer's pixels as a photograph for the core (photo/photo-image.h) and
 * back, at the layer's precision: what plug-in-tessera-seamless quilts and
 * what its dialog's preview quilts, read the same way so the preview is
 * the tile OK makes.
 *
 * The core wants a photograph's values as `tessera seamless` reads its
 * files: 8- and 16-bit samples divided by 255 or 65535 as they are
 * encoded, float samples as they are.  An integer layer with a non-linear
 * encoding is read and written in its own format, divided and rounded here
 * exactly as the CLI's reader and writer do (tsr_quantize_unit), so a PNG
 * and its layer give the same tile to the bit; babl's own float -> u8
 * rounds in single precision (see render-drawable.c).  Any other layer
 * goes through babl as float in its own space and encoding (linear stays
 * linear, as a float file does in the CLI). */
#ifndef TSR_LAYER_PHOTO_H
#define TSR_LAYER_PHOTO_H

#include <libgimp/gimp.h>

#include "photo/photo-image.h"

G_BEGIN_DECLS

typedef struct
{
  const Babl *format;    /* what is read and written */
  const Babl *floats;    /* the photograph's values as babl sees them:
                            float, the layer's space and encoding */
  guint       levels;    /* 255 or 65535: integers converted here; 0: float */
  int         channels;  /* 1 .. 4, as TsrImage */
  gboolean    linear;    /* the values are linear light */
} TsrLayerSamples;

void      tsr_layer_samples    (GimpDrawable *drawable, TsrLayerSamples *sm);

/* The area's pixels as a photograph, or NULL with an error. */
TsrImage *tsr_layer_photo_read (GimpDrawable *drawable, const GeglRectangle *area,
                                const TsrLayerSamples *sm, GError **error);

/* image (sm's channels) into buffer at (x, y), in sm's format. */
void      tsr_layer_photo_write (GeglBuffer *buffer, int x, int y, const TsrImage *image,
                                 const TsrLayerSamples *sm);

G_END_DECLS

#endif
