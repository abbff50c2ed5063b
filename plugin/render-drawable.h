/* Pixel transfer: a target's texture into its drawable's shadow buffer. */
#ifndef TSR_RENDER_DRAWABLE_H
#define TSR_RENDER_DRAWABLE_H

#include <libgimp/gimp.h>

#include "targets.h"

G_BEGIN_DECLS

/* Progress over a whole call, in pixels. */
typedef struct
{
  double done;    /* pixels written so far */
  double total;   /* pixels of every target together */
  double target;  /* pixels of the target being rendered */
} TsrProgress;

/* Renders target->area into the drawable's shadow buffer in bands of rows
 * (memory: a few bands, whatever the drawable's size), converted by babl from
 * the core's non-linear sRGB float to the drawable's format and space.
 * Reports to GIMP's progress; FALSE with TSR_ERROR_CANCELLED when GIMP
 * refuses a progress update, or another error.  The caller merges the
 * shadow on success and frees it otherwise. */
gboolean tsr_render_to_shadow (const TsrTarget *target,
                               TsrProgress     *progress,
                               GError         **error);

/* A drawable of a shared pass and the map it shows. */
typedef struct
{
  GimpDrawable *drawable;
  TsrMap        map;
} TsrMapSink;

/* Renders area of every sink's map into its drawable's shadow buffer (each
 * drawable as large as the texture's canvas) in one pass: the texture is
 * evaluated once for all the maps (tsr_texture_eval_maps), each drawable
 * gets the pixels tsr_render_to_shadow would give it for a texture of
 * tex's settings with its map.  Any map but `shaded`. */
gboolean tsr_render_maps_to_shadows (const TsrTexture    *tex,
                                     const GeglRectangle *area,
                                     const TsrMapSink    *sinks,
                                     guint                n_sinks,
                                     TsrProgress         *progress,
                                     GError             **error);

/* The largest value of the drawable's integer channels (255, 65535), or 0
 * for floating-point drawables: what the texture's dither is a level of. */
guint    tsr_drawable_levels (GimpDrawable *drawable);

G_END_DECLS

#endif
