/* Which of the core's RGBA components a file's channels hold: 1 channel is
 * grey (R, which equals G and B), 2 grey and alpha, 3 RGB, 4 RGBA
 * (tsr_channel_component, quantize.h in core/). */
#ifndef TSR_PIXEL_LAYOUT_H
#define TSR_PIXEL_LAYOUT_H

#include "quantize.h"

/* Whether the file's channel c holds a colour (converted to linear light
 * in float files), not alpha. */
static inline int
pixel_is_color (int channels, int c)
{
  return tsr_channel_component (channels, c) < 3;
}

#endif
