/* Render rectangles of a texture, spread over threads: the one band
 * scheduler every front-end renders through.
 *
 * The output for a pixel depends only on the texture and the pixel's
 * position, never on the thread count or on how the rectangle is cut into
 * bands: rendering is bit-identical either way. */
#ifndef TSR_RENDER_H
#define TSR_RENDER_H

#include <glib.h>
#include "texture/texture.h"

G_BEGIN_DECLS

/* Called on the calling thread: with 0 before any pixel is rendered, then
 * once per finished band of rows, in row order, with the fraction done,
 * ending with 1.0.  The number of calls depends only on the rectangle, the
 * band size and the thread count, never on scheduling.  Return FALSE to
 * cancel: no further call is made and the render returns
 * TSR_ERROR_CANCELLED (even when every band happened to be finished
 * already). */
typedef gboolean (*TsrProgressFunc) (double fraction, gpointer user_data);

/* One band of rows of a render, as the hooks below see it. */
typedef struct
{
  int      index;       /* 0 .. n_bands - 1, top to bottom */
  int      n_bands;
  int      x, y;        /* texture position of the band's top-left pixel */
  int      row;         /* first row, counted from the rectangle's top */
  int      width, rows;
  float   *pixels;      /* the rendered values, row r at pixels + r * stride;
                           NULL when the render has no texture */
  gsize    stride;      /* floats */
  gpointer extra;       /* rows * extra_row_bytes bytes for the band hook's
                           own output, or NULL */
} TsrBand;

/* A band hook; return FALSE with error set to stop the render. */
typedef gboolean (*TsrBandFunc) (TsrBand *band, gpointer user_data, GError **error);

typedef struct
{
  int             x, y, width, height;   /* the rectangle, texture pixels */
  gboolean        scalar;                /* 1 float per pixel, not RGBA */
  int             n_threads;             /* 0: one per core */

  /* Rows per band; 0: chosen so that every thread gets several bands of
   * at most 64k pixels (256k without band_done, consume and progress).
   * align_bands puts band edges on texture rows that are multiples of
   * band_rows (the first and last band may be shorter),
   * for storage tiled in band_rows-high tiles. */
  int             band_rows;
  gboolean        align_bands;

  /* Where the bands are rendered: into out (row r of the rectangle at
   * out + r * stride floats), or, when out is NULL, into buffers the
   * scheduler reuses, at most max_bands of them.  Either way a band is
   * rendered only when fewer than max_bands bands are rendered and not yet
   * consumed, so memory stays bounded by bands, not by the rectangle.
   * 0: two per thread, within 32 MiB of buffers (at least two bands). */
  float          *out;
  gsize           stride;
  int             max_bands;
  /* Bytes per row of each band's extra buffer, which the band hook fills
   * for the consumer (e.g. the band rounded to integers); 0: none. */
  gsize           extra_row_bytes;

  /* Run on the worker thread right after a band is rendered (convert,
   * quantise, compress it in parallel); without a texture it computes the
   * band alone. */
  TsrBandFunc     band_done;
  /* Run on the calling thread for each band in row order, while later
   * bands are being rendered; the band's buffers are reused after it. */
  TsrBandFunc     consume;
  TsrProgressFunc progress;
  gpointer        user_data;             /* for all three */
} TsrRenderJob;

/* Renders job's rectangle of tex band by band over job->n_threads worker
 * threads; the calling thread runs consume and progress.  tex may be NULL
 * when band_done computes the bands itself.  Returns FALSE with
 * TSR_ERROR_CANCELLED when progress cancelled, the hook's error when a
 * hook failed (no hook is called after), or TSR_ERROR_INVALID_SIZE for an
 * empty rectangle.  The texture is defined everywhere: a rectangle may
 * extend past the canvas (with tiling on, it shows the repeats). */
gboolean tsr_render_bands (const TsrTexture   *tex,
                           const TsrRenderJob *job,
                           GError            **error);

/* Render the rectangle (x, y, width, height) of the texture into rgba
 * (4 floats per pixel, row r starting at rgba + r * stride floats).
 * n_threads 0 = one per core.  Returns FALSE with TSR_ERROR_CANCELLED when
 * progress cancelled (the buffer is then partly written), or
 * TSR_ERROR_INVALID_SIZE for an empty rectangle. */
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
