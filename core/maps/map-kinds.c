/* The map kinds' table: see map-kinds.h.  The engine words are the names
 * each engine's importer or its users' conventions look for: Unreal's
 * BaseColor/ORM with its T_ prefix; Unity HDRP's mask map; Godot's ORM
 * material; glTF's occlusion + metallicRoughness texture (one file, ORM);
 * Blender's Node Wrangler, which finds maps by these words. */
#include "maps/map-kinds.h"

/* The words in the order of TsrEngine: unreal, unity, godot, gltf, blender. */
#define WORDS(u, y, g, t, b) .engine_word = { u, y, g, t, b }

const TsrMapKind tsr_map_kinds[TSR_MAP_COUNT] = {
  [TSR_MAP_COLOR] = { .name = "color", .colors = TRUE, .alpha = TSR_ALPHA_OF_COLORS,
                      .set_bits = 8,
                      WORDS ("BaseColor", "BaseColor", "albedo", "baseColor", "BaseColor") },
  [TSR_MAP_HEIGHT] = { .name = "height", .grey = TRUE, .alpha = TSR_ALPHA_OF_COLORS,
                       .data = TRUE, .set_bits = 16,
                       WORDS ("Height", "Height", "height", "height", "Height") },
  [TSR_MAP_NORMAL] = { .name = "normal", .alpha = TSR_ALPHA_OF_COLORS, .data = TRUE,
                       .set_bits = 8,
                       WORDS ("Normal", "Normal", "normal", "normal", "Normal") },
  [TSR_MAP_SHADED] = { .name = "shaded", .alpha = TSR_ALPHA_OF_COLORS },
  [TSR_MAP_ROUGHNESS] = { .name = "roughness", .grey = TRUE, .data = TRUE, .material = TRUE,
                          .set_bits = 8,
                          WORDS ("Roughness", "Roughness", "roughness", "roughness",
                                 "Roughness") },
  [TSR_MAP_AO] = { .name = "ao", .grey = TRUE, .data = TRUE, .material = TRUE, .set_bits = 8,
                   WORDS ("AO", "AO", "ao", "occlusion", "AO") },
  [TSR_MAP_CURVATURE] = { .name = "curvature", .grey = TRUE, .data = TRUE, .material = TRUE,
                          .set_bits = 8,
                          WORDS ("Curvature", "Curvature", "curvature", "curvature",
                                 "Curvature") },
  [TSR_MAP_ORM] = { .name = "orm", .data = TRUE, .material = TRUE, .set_bits = 8,
                    WORDS ("ORM", NULL, "orm", "occlusionRoughnessMetallic", NULL) },
  [TSR_MAP_MASK_HDRP] = { .name = "mask-hdrp", .alpha = TSR_ALPHA_DATA, .data = TRUE,
                          .material = TRUE,
                          .set_bits = 8, WORDS (NULL, "MaskMap", NULL, NULL, NULL) },
};
