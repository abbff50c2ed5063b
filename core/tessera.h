/* Tessera core: procedural, exactly tileable textures.  GLib + libm only. */
#ifndef TESSERA_H
#define TESSERA_H

#include "noise.h"
#include "params.h"
#include "ramp.h"
#include "patterns.h"
#include "texture.h"
#include "texture-zoomed.h"
#include "render.h"

#endif
