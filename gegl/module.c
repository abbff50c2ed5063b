/* The GEGL module: GEGL loads it from its plug-in folders and registers
 * tessera:texture.  Labels come from the plug-in's "tessera" catalogues. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <gegl-plugin.h>

#include "op-properties.h"
#include "texture-op.h"

static const GeglModuleInfo module_info = { GEGL_MODULE_ABI_VERSION };

G_MODULE_EXPORT const GeglModuleInfo *gegl_module_query    (GTypeModule *module);
G_MODULE_EXPORT gboolean              gegl_module_register (GTypeModule *module);

G_MODULE_EXPORT const GeglModuleInfo *
gegl_module_query (GTypeModule *module)
{
  (void) module;
  return &module_info;
}

G_MODULE_EXPORT gboolean
gegl_module_register (GTypeModule *module)
{
  bindtextdomain (GETTEXT_PACKAGE, TSR_GEGL_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  tsr_op_register_enum_types ();
  tsr_texture_op_register (module);
  return TRUE;
}
