/* The GEGL operation's properties, generated from the core's tables: one
 * property for the pattern, one per parameter (same name, range, default,
 * label and description as on the command line and in the PDB), and the
 * output extent GIMP fills with the layer's size. */
#ifndef TSR_OP_PROPERTIES_H
#define TSR_OP_PROPERTIES_H

#include <gegl.h>
#include "tessera.h"

G_BEGIN_DECLS

/* Property ids: the pattern, then parameter i at TSR_OP_PROP_PARAM + i. */
enum
{
  TSR_OP_PROP_PATTERN = 1,
  TSR_OP_PROP_WIDTH,
  TSR_OP_PROP_HEIGHT,
  TSR_OP_PROP_PARAM
};

/* Texture canvas when GIMP (or the caller) gives no extent. */
#define TSR_OP_DEFAULT_SIZE 1024

/* What the properties hold: plain data, copied into a texture on prepare. */
typedef struct
{
  TsrSettings settings;
  int         width, height;
} TsrOpValues;

void     tsr_op_values_init         (TsrOpValues *v);

/* Registers the choices' GEnum types.  Done when the module loads, not
 * when the class is first used: GIMP's plug-ins (Script-Fu) receive the
 * operation's properties by type name and must know those types already. */
void     tsr_op_register_enum_types (void);

/* The property's name: the parameter's, but where GIMP reserves it. */
const char *tsr_op_property_name (const TsrParamSpec *spec);

/* Installs every property on the operation's class. */
void     tsr_op_install_properties  (GObjectClass *klass);

/* GObject set/get_property for those properties; FALSE for other ids. */
gboolean tsr_op_values_set_property (TsrOpValues *v, guint id, const GValue *value);
gboolean tsr_op_values_get_property (const TsrOpValues *v, guint id, GValue *value);

/* The GUI-visibility rule of a parameter, in the GEGL UI meta language GIMP
 * evaluates ("pattern {marble}"); NULL when it always has an effect. */
char    *tsr_op_visible_rule        (TsrParamId id);

G_END_DECLS

#endif
