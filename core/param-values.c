/* The typed views of param-values.h, generated from param-list.h. */
#include "param-values.h"

#define READ_NUMBER(group, ID, field, name, TYPE, ...) \
  p->field = (TSR_CTYPE_##TYPE) s->value[TSR_P_##ID];
#define READ_CHOICE(group, ID, field, ...) p->field = (int) s->value[TSR_P_##ID];
#define READ_COLOR(group, ID, field, ...)  p->field = s->color[TSR_P_##ID];
#define DEFINE_READER(fn, Name, LIST)                    \
  void fn (const TsrSettings *s, Name *p)                \
  {                                                      \
    LIST (READ_NUMBER, READ_CHOICE, READ_COLOR)          \
  }

DEFINE_READER (tsr_common_params, TsrCommonParams, TSR_PARAMS_COMMON)
DEFINE_READER (tsr_noise_params,  TsrNoiseParams,  TSR_PARAMS_NOISE)
DEFINE_READER (tsr_marble_params, TsrMarbleParams, TSR_PARAMS_MARBLE)
DEFINE_READER (tsr_wood_params,   TsrWoodParams,   TSR_PARAMS_WOOD)
DEFINE_READER (tsr_water_params,  TsrWaterParams,  TSR_PARAMS_WATER)
DEFINE_READER (tsr_clouds_params, TsrCloudsParams, TSR_PARAMS_CLOUDS)
DEFINE_READER (tsr_color_params,  TsrColorParams,  TSR_PARAMS_COLOR)
DEFINE_READER (tsr_surface_params, TsrSurfaceParams, TSR_PARAMS_SURFACE)
DEFINE_READER (tsr_animation_params, TsrAnimationParams, TSR_PARAMS_ANIMATION)
