/* A call's tile set (tile-set-options.h): the set as a layer a tile, or as
 * one atlas layer laid out as the command line writes it. */
#ifndef TSR_TILE_SET_TARGETS_H
#define TSR_TILE_SET_TARGETS_H

#include <libgimp/gimp.h>

#include "extra-layers.h"
#include "targets.h"

G_BEGIN_DECLS

/* When config asks for a tile set, turns every target into its set.
 *
 * Layers: the target becomes tile 0 (renamed when rendered, see
 * TsrTarget.name) and tiles 1 .. n - 1 are copies of it added to extras,
 * each the layer's size.  Atlas: the layer is divided into the atlas'
 * places (its width and height must be multiples of the columns and
 * rows), one target each, in a row of targets sharing the layer.
 *
 * FALSE with an error naming the problem, before anything is changed:
 * with frames or material layers, a pattern or size the sets do not take,
 * more variants than the tile can tell apart, an unknown terrain palette,
 * a channel asked for layers. */
gboolean tsr_tile_set_targets (GimpProcedureConfig *config, GArray *targets, GArray *extras,
                               const TsrSettings *settings, const TsrRamp *ramp,
                               GError **error);

G_END_DECLS

#endif
