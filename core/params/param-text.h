/* The core's side of parameters as text (texture.h declares the parse and
 * format functions people call); shared with settings.c's validation. */
#ifndef TSR_PARAM_TEXT_H
#define TSR_PARAM_TEXT_H

#include "texture/texture.h"

G_BEGIN_DECLS

/* In range, finite, and whole where the type wants it. */
gboolean tsr_param_value_ok        (const TsrParamSpec *spec, double v);

/* The error naming the parameter, the value as shown and what it accepts. */
void     tsr_param_set_range_error (const TsrParamSpec *spec, const char *shown,
                                    GError **error);

G_END_DECLS

#endif
