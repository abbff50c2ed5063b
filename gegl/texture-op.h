/* The tessera:texture GEGL operation. */
#ifndef TSR_TEXTURE_OP_H
#define TSR_TEXTURE_OP_H

#include <glib-object.h>

void tsr_texture_op_register (GTypeModule *module);

#endif
