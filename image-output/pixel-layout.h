/* Which of the core's RGBA components a file's channels hold: 1 channel is
 * grey (R, which equals G and B), 2 grey and alpha, 3 RGB, 4 RGBA
 * (tsr_channel_component, quantize.h in core/). */
#ifndef TSR_PIXEL_LAYOUT_H
#define TSR_PIXEL_LAYOUT_H

#include "color/quantize.h"

#endif
