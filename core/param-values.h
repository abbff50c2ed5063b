/* Named, typed views of the settings, one struct per parameter list of
 * param-list.h: the patterns read `p.vein_angle`, never a slot number.
 * Generated from the same lines as the table, so a new parameter line is a
 * new field here with nothing else to write. */
#ifndef TSR_PARAM_VALUES_H
#define TSR_PARAM_VALUES_H

#include "texture.h"

G_BEGIN_DECLS

#define TSR_CTYPE_INT    int
#define TSR_CTYPE_DOUBLE double
#define TSR_CTYPE_BOOL   gboolean
#define TSR_FIELD_NUMBER(group, ID, field, name, TYPE, ...) TSR_CTYPE_##TYPE field;
#define TSR_FIELD_CHOICE(group, ID, field, ...)             int field;
#define TSR_FIELD_COLOR(group, ID, field, ...)              TsrColor field;
#define TSR_PARAM_STRUCT(Name, LIST) \
  typedef struct { LIST (TSR_FIELD_NUMBER, TSR_FIELD_CHOICE, TSR_FIELD_COLOR) } Name;

TSR_PARAM_STRUCT (TsrCommonParams, TSR_PARAMS_COMMON)
TSR_PARAM_STRUCT (TsrNoiseParams,  TSR_PARAMS_NOISE)
TSR_PARAM_STRUCT (TsrMarbleParams, TSR_PARAMS_MARBLE)
TSR_PARAM_STRUCT (TsrWoodParams,   TSR_PARAMS_WOOD)
TSR_PARAM_STRUCT (TsrWaterParams,  TSR_PARAMS_WATER)
TSR_PARAM_STRUCT (TsrCloudsParams, TSR_PARAMS_CLOUDS)
TSR_PARAM_STRUCT (TsrColorParams,  TSR_PARAMS_COLOR)
TSR_PARAM_STRUCT (TsrSurfaceParams, TSR_PARAMS_SURFACE)
TSR_PARAM_STRUCT (TsrAnimationParams, TSR_PARAMS_ANIMATION)

/* Fill a view from validated settings. */
void tsr_common_params (const TsrSettings *s, TsrCommonParams *p);
void tsr_noise_params  (const TsrSettings *s, TsrNoiseParams *p);
void tsr_marble_params (const TsrSettings *s, TsrMarbleParams *p);
void tsr_wood_params   (const TsrSettings *s, TsrWoodParams *p);
void tsr_water_params  (const TsrSettings *s, TsrWaterParams *p);
void tsr_clouds_params (const TsrSettings *s, TsrCloudsParams *p);
void tsr_color_params  (const TsrSettings *s, TsrColorParams *p);
void tsr_surface_params (const TsrSettings *s, TsrSurfaceParams *p);
void tsr_animation_params (const TsrSettings *s, TsrAnimationParams *p);

G_END_DECLS

#endif
