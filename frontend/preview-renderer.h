/* The preview's renderer: textures rendered off the GTK main thread.
 *
 * GLib only (no GTK, no GIMP), so its threading and cancelling are tested
 * on their own.  One worker thread takes the newest job; every submit bumps
 * a generation counter, and a render whose generation is no longer the
 * newest stops at its next check (the core scheduler's progress returns
 * FALSE), so dragging a slider never queues renders behind each other.
 * A job is rendered coarse to fine: a quick pass sampling one pixel per
 * block (skipped when the last exact pass showed the exact one is quick
 * enough that it would only flash), then the exact pass, split in strips
 * over every core.  Results
 * come back on the main context of the thread that created the renderer,
 * stale ones dropped. */
#ifndef TSR_PREVIEW_RENDERER_H
#define TSR_PREVIEW_RENDERER_H

#include <glib.h>

#include "pixel-convert.h"
#include "texture/texture.h"

G_BEGIN_DECLS

typedef struct _TsrPreviewRenderer TsrPreviewRenderer;

typedef struct
{
  TsrSettings     settings;
  gboolean        use_ramp;            /* ramp overrides palette/colours */
  TsrRamp         ramp;
  int             canvas_w, canvas_h;  /* the texture's canvas: the drawable's size */
  int             x, y;                /* the view's top-left, canvas pixels */
  int             width, height;       /* the view, in pixels */
  gboolean        tiled;               /* show the period copies x copies,
                                          scaled to fit width x height
                                          (x, y unused) */
  int             copies;              /* tiled: 1 (the whole tile) or 2
                                          (2 x 2, to see seams); 0 means 2 */
  int             channels;            /* bytes per output pixel: 1 .. 4 */
  TsrPixelConvert convert;             /* NULL: RGB (3) or RGBA (4) bytes */
  gpointer        convert_data;        /* must outlive the renderer */
  guchar          background[4];       /* tiled: around the block */
  TsrTileId       tile;                /* kind TSR_TILES_NONE: the plain
                                          texture; else this tile of a set */
  gboolean        with_terrain;        /* corner tiles: terrain is their */
  TsrRamp         terrain;             /* second material */
  int             coarse;              /* quick pass block size; < 2: none */
} TsrPreviewJob;

typedef enum
{
  TSR_PREVIEW_COARSE,
  TSR_PREVIEW_EXACT
} TsrPreviewPass;

typedef struct
{
  int             generation;
  TsrPreviewPass  pass;
  const TsrPreviewJob *job;            /* what was asked */
  int             width, height;       /* = job's */
  int             channels;
  gsize           rowstride;
  guchar         *pixels;              /* NULL when error is set */
  double          seconds;             /* this pass alone */
  double          total_seconds;       /* from the job's start (texture made,
                                          quick pass if any) */
  GError         *error;               /* the settings were refused */
} TsrPreviewResult;

/* Called on the renderer's main context with the newest job's results
 * only; result and its pixels belong to the renderer. */
typedef void (*TsrPreviewReady) (const TsrPreviewResult *result, gpointer user_data);

/* Results are delivered on the thread-default main context of the caller.
 * n_threads 0: one per core. */
TsrPreviewRenderer *tsr_preview_renderer_new    (int n_threads,
                                                 TsrPreviewReady ready,
                                                 gpointer user_data);

/* Queues job (copied), replacing any job not started yet and making any
 * render under way stale; returns the job's generation. */
int                 tsr_preview_renderer_submit (TsrPreviewRenderer *r,
                                                 const TsrPreviewJob *job);

/* The newest generation submitted. */
int                 tsr_preview_renderer_latest (TsrPreviewRenderer *r);

/* Stops the worker (a render under way stops at its next check) and
 * drops every result not delivered yet: ready is never called again. */
void                tsr_preview_renderer_free   (TsrPreviewRenderer *r);

typedef struct
{
  int submitted;   /* jobs submitted */
  int skipped;     /* replaced before they started */
  int cancelled;   /* stopped part way because a newer job came */
  int finished;    /* exact passes completed */
} TsrPreviewStats;

void                tsr_preview_renderer_get_stats (TsrPreviewRenderer *r,
                                                    TsrPreviewStats *stats);

/* The texture pixel (x, y) a pixel of a tiled view shows; FALSE when the
 * pixel is background.  For tests and for a tooltip. */
gboolean            tsr_preview_tiled_source (const TsrPreviewJob *job,
                                              int vx, int vy,
                                              int *x, int *y);

G_END_DECLS

#endif
