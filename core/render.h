/* Render rectangles of a texture, spread over threads.
 *
 * The output for a pixel depends only on the texture and the pixel's
 * position, never on the thread count or on how the caller splits its
 * rectangles: rendering is bit-identical either way. */
#ifndef TSR_RENDER_H
#define TSR_RENDER_H

#include <glib.h>
#include "texture.h"

G_BEGIN_DECLS

/* Called on the calling thread: with 0 before any pixel is rendered, then
 * once per finished band of rows with the fraction done, ending with 1.0.
 * The number of calls depends only on the rectangle and the thread count,
 * never on scheduling.  Return FALSE to cancel: no further call is made and
 * the render returns TSR_ERROR_CANCELLED (even when every band happened to
 * be finished already). */
typedef gboolean (*TsrProgressFunc) (double fraction, gpointer user_data);

/* Render the rectangle (x, y, width, height) of the texture into rgba
 * (4 floats per pixel, row r starting at rgba + r * stride floats).
 * n_threads 0 = one per core.  Returns FALSE with TSR_ERROR_CANCELLED when
 * progress cancelled (the buffer is then partly written), or
 * TSR_ERROR_INVALID_SIZE for an empty rectangle.  The texture is defined
 * everywhere: a rectangle may extend past the canvas (with tiling on, it
 * shows the repeats). */
gboolean tsr_render (const TsrTexture *tex,
                     int x, int y, int width, int height,
                     float *rgba, gsize stride,
                     int n_threads,
                     TsrProgressFunc progress, gpointer user_data,
                     GError **error);

/* Same, writing scalar values (1 float per pixel) instead of colours. */
gboolean tsr_render_scalar (const TsrTexture *tex,
                            int x, int y, int width, int height,
                            float *out, gsize stride,
                            int n_threads,
                            TsrProgressFunc progress, gpointer user_data,
                            GError **error);

int      tsr_render_default_threads (void);

G_END_DECLS

#endif
