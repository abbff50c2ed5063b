/* Every choice parameter's choices, one list each, in the order of their
 * enum:  X (ENUM_VALUE, "name", label).  From a list come its enum
 * (noise.h, params.h) and its names (TSR_CHOICE_NAMES in noise.c and
 * params.c); a new choice is one line here.  The palettes, whose lines
 * carry their colours, are palette-list.h. */
#ifndef TSR_CHOICE_LIST_H
#define TSR_CHOICE_LIST_H

/* The noise bases; each also has its row kernels and raw samples
 * (noise-kernels.h, named by STEM) and its output's standard deviation
 * (measured over 512k samples; fractal.c normalises sums by it):
 *   X (ENUM_VALUE, "name", label, STEM, std) */
#define TSR_BASIS_LIST(X)                                           \
  X (TSR_BASIS_PERLIN,  "perlin",  N_("Perlin"),  perlin,  0.31)    \
  X (TSR_BASIS_SIMPLEX, "simplex", N_("Simplex"), simplex, 0.54)    \
  X (TSR_BASIS_VALUE,   "value",   N_("Value"),   value,   0.43)    \
  X (TSR_BASIS_CELLS,   "cells",   N_("Cells"),   cells,   0.25)

/* Interpolation between lattice values of value noise (Elias); cubic is
 * Catmull-Rom through 4 neighbours, quintic 6t^5 - 15t^4 + 10t^3. */
#define TSR_INTERP_LIST(X)                                \
  X (TSR_INTERP_LINEAR,  "linear",  N_("Linear"))         \
  X (TSR_INTERP_COSINE,  "cosine",  N_("Cosine"))         \
  X (TSR_INTERP_CUBIC,   "cubic",   N_("Cubic"))          \
  X (TSR_INTERP_QUINTIC, "quintic", N_("Quintic"))

/* Which distance of cellular (Worley) noise is returned. */
#define TSR_CELLS_LIST(X)                                          \
  X (TSR_CELLS_F1,          "f1",    N_("Nearest (F1)"))           \
  X (TSR_CELLS_F2,          "f2",    N_("Second nearest (F2)"))    \
  X (TSR_CELLS_F2_MINUS_F1, "f2-f1", N_("Cracks (F2 - F1)"))

#define TSR_WOOD_CUT_LIST(X)                                \
  X (TSR_WOOD_PLANK, "plank", N_("Plank (side grain)"))     \
  X (TSR_WOOD_END,   "end",   N_("End grain"))              \
  X (TSR_WOOD_LOG,   "log",   N_("Log (one centre)"))    \
  X (TSR_WOOD_BURL,  "burl",  N_("Burl"))

#define TSR_MARBLE_STYLE_LIST(X)                               \
  X (TSR_MARBLE_VEINED, "veined", N_("Veined"))                \
  X (TSR_MARBLE_BANDED, "banded", N_("Banded (Perlin 1985)"))

/* What the image holds (the `map` parameter). */
#define TSR_MAP_LIST(X)                              \
  X (TSR_MAP_COLOR,  "color",  N_("Color"))          \
  X (TSR_MAP_HEIGHT, "height", N_("Height map"))     \
  X (TSR_MAP_NORMAL, "normal", N_("Normal map"))     \
  X (TSR_MAP_SHADED, "shaded", N_("Lit relief"))

#define TSR_NORMAL_FORMAT_LIST(X)                           \
  X (TSR_NORMAL_OPENGL,  "opengl",  N_("OpenGL (Y up)"))    \
  X (TSR_NORMAL_DIRECTX, "directx", N_("DirectX (Y down)"))

#endif
