/* Parameters as GValues, both ways, for the front-ends that hold them in
 * GObject properties: the GEGL operation's, and the GIMP procedure's
 * config.  A property's value has the type its parameter maps to: int,
 * double, boolean; a choice as an enum (the choice's index) or a string
 * (its name, as GIMP's GimpChoice holds it); a colour as a GeglColor of
 * non-linear sRGB (srgb-color.h).  Needs GEGL (for GeglColor), not GIMP. */
#ifndef TSR_PARAM_GVALUE_H
#define TSR_PARAM_GVALUE_H

#include <gegl.h>

#include "tessera.h"

G_BEGIN_DECLS

/* s's value of spec into value, already initialised to the property's
 * type. */
void     tsr_param_to_gvalue   (const TsrParamSpec *spec, const TsrSettings *s, GValue *value);

/* value into s, checked by the core (its message names the parameter and
 * its range).  A colour property holding no colour (at construction)
 * gives the parameter's default. */
gboolean tsr_param_from_gvalue (const TsrParamSpec *spec, const GValue *value, TsrSettings *s,
                                GError **error);

G_END_DECLS

#endif
