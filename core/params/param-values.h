/* Named, typed views of the settings, one struct per parameter list of
 * param-list.h: the patterns read `p.vein_angle`, never a slot number.
 * Generated from the same lines as the table, so a new parameter line is a
 * new field here with nothing else to write. */
#ifndef TSR_PARAM_VALUES_H
#define TSR_PARAM_VALUES_H

#include "texture/texture.h"

G_BEGIN_DECLS

#define TSR_CTYPE_INT    int
#define TSR_CTYPE_DOUBLE double
#define TSR_CTYPE_BOOL   gboolean
#define TSR_FIELD_NUMBER(group, ID, field, name, TYPE, ...) TSR_CTYPE_##TYPE field;
#define TSR_FIELD_CHOICE(group, ID, field, ...)             int field;
#define TSR_FIELD_COLOR(group, ID, field, ...)              TsrColor field;
/* Per list of param-list.h (TSR_PARAM_LISTS): its struct, and the reader
 * that fills it from validated settings. */
#define TSR_PARAM_VIEW(Name, reader, LIST)                                      \
  typedef struct { LIST (TSR_FIELD_NUMBER, TSR_FIELD_CHOICE, TSR_FIELD_COLOR) } Name; \
  void reader (const TsrSettings *s, Name *p);
TSR_PARAM_LISTS (TSR_PARAM_VIEW)
#undef TSR_PARAM_VIEW

G_END_DECLS

#endif
