/* The map kinds' table: see map-kinds.h.  The engine words are the names
 * each engine's importer or its users' conventions look for: Unreal's
 * BaseColor/ORM with its T_ prefix; Unity HDRP's mask map; Godot's ORM
 * material; glTF's occlusion + metallicRoughness texture (one file, ORM);
 * Blender's Node Wrangler, which finds maps by these words. */
#include "maps/map-kinds.h"
#include "texture/texture.h"

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

static gboolean
color_opaque (const TsrColor *c)
{
  return c->a >= 1.0f;
}

static gboolean
color_grey (const TsrColor *c)
{
  return c->r == c->g && c->g == c->b;
}

/* Whether every stop of the ramp the settings colour with passes test. */
static gboolean
ramp_stops_all (const TsrSettings *s, const TsrRamp *override,
                gboolean (*test) (const TsrColor *c))
{
  TsrRamp *ramp = g_new0 (TsrRamp, 1);
  gboolean all = TRUE;

  tsr_settings_ramp (s, override, ramp);
  for (guint i = 0; i < ramp->n_stops && all; i++)
    all = test (&ramp->stops[i].color);
  g_free (ramp);
  return all;
}

TsrMapContent
tsr_settings_content (const TsrSettings *s, const TsrRamp *ramp)
{
  const TsrMapKind *kind = tsr_map_kind ((TsrMap) s->value[TSR_P_MAP]);
  const gboolean opaque = (ramp != NULL
                           || (color_opaque (&s->color[TSR_P_COLOR1])
                               && color_opaque (&s->color[TSR_P_COLOR2])))
                          && ramp_stops_all (s, ramp, color_opaque);
  const TsrMapContent content = {
    .alpha = kind->alpha == TSR_ALPHA_DATA || (kind->alpha == TSR_ALPHA_OF_COLORS && !opaque),
    .grey = kind->grey || (kind->colors && ramp_stops_all (s, ramp, color_grey)),
    .data = kind->data,
  };

  return content;
}
