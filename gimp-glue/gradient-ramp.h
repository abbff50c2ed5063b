/* A TsrRamp sampled from one of GIMP's gradients. */
#ifndef TSR_GRADIENT_RAMP_H
#define TSR_GRADIENT_RAMP_H

#include <libgimp/gimp.h>

#include "color/ramp.h"

G_BEGIN_DECLS

/* Samples the gradient called name at TSR_RAMP_MAX_STOPS evenly spaced
 * positions into ramp (non-linear sRGB, as the core expects).  FALSE with
 * an error naming the gradient when GIMP has none of that name. */
gboolean tsr_ramp_from_gradient (const char *name, TsrRamp *ramp, GError **error);

G_END_DECLS

#endif
