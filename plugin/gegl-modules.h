/* GEGL's operation modules for the plug-in: none for a call without the
 * dialog, which only moves pixels through GeglBuffers, GEGL's own folders
 * for the dialog's widgets. */
#ifndef TSR_GEGL_MODULES_H
#define TSR_GEGL_MODULES_H

#include <libgimp/gimp.h>

/* In main, before libgimp starts any thread: GEGL_PATH, the folders GEGL
 * loads its modules from, is set to none unless the user set it (changing
 * the environment once threads run races their getenv). */
void tsr_gegl_modules_defer (void);

/* gegl_init, then, for the dialog (GIMP_RUN_INTERACTIVE) only, the modules
 * of the folders GEGL would have loaded by itself. */
void tsr_gegl_start (GimpRunMode run_mode);

#endif
