/* The typed views of param-values.h, generated from param-list.h. */
#include "params/param-values.h"

#define READ_NUMBER(group, ID, field, name, TYPE, ...) \
  p->field = (TSR_CTYPE_##TYPE) s->value[TSR_P_##ID];
#define READ_CHOICE(group, ID, field, ...) p->field = (int) s->value[TSR_P_##ID];
#define READ_COLOR(group, ID, field, ...)  p->field = s->color[TSR_P_##ID];
#define DEFINE_READER(Name, fn, LIST)                    \
  void fn (const TsrSettings *s, Name *p)                \
  {                                                      \
    LIST (READ_NUMBER, READ_CHOICE, READ_COLOR)          \
  }

TSR_PARAM_LISTS (DEFINE_READER)
