/* gegl_init loads every operation module it finds (39 in GIMP 3.0.4's
 * Debian 13, with their libraries: OpenEXR, poppler, LibRaw …), a fifth
 * to a third of a 1x1 call's time; a call without the dialog needs none. */
#include "config.h"

#include <gegl.h>

#include "gegl-modules.h"

void
tsr_gegl_modules_defer (void)
{
  if (g_getenv ("GEGL_PATH") == NULL)
    g_setenv ("GEGL_PATH", "", TRUE);
}

/* GEGL's own folders when GEGL_PATH is unset: its library's and the
 * user's (gegl_get_default_module_paths, which is private to GEGL). */
static void
load_default_modules (void)
{
  g_autofree char *user = g_build_filename (g_get_user_data_dir (), "gegl-0.4", "plug-ins",
                                            NULL);
  const char      *folders[] = { TSR_GEGL_SYSTEM_MODULES, user };

  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    if (folders[i][0] != '\0' && g_file_test (folders[i], G_FILE_TEST_IS_DIR))
      gegl_load_module_directory (folders[i]);
}

void
tsr_gegl_start (GimpRunMode run_mode)
{
  const char *path = g_getenv ("GEGL_PATH");

  gegl_init (NULL, NULL);
  /* empty: set by tsr_gegl_modules_defer (or by the user: nothing more
   * to load than GEGL's own) */
  if (run_mode == GIMP_RUN_INTERACTIVE && path != NULL && path[0] == '\0')
    load_default_modules ();
}
