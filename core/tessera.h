/* Tessera core: procedural, exactly tileable textures.  GLib + libm only. */
#ifndef TESSERA_H
#define TESSERA_H

#include "noise/noise.h"
#include "params/params.h"
#include "color/ramp.h"
#include "patterns/patterns.h"
#include "texture/texture.h"
#include "texture/texture-zoomed.h"
#include "texture/render.h"

#endif
