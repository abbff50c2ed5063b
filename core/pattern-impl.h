/* What a pattern's file needs to define its TsrPattern. */
#ifndef TSR_PATTERN_IMPL_H
#define TSR_PATTERN_IMPL_H

#include "i18n.h"
#include "texture-internal.h"

#endif
