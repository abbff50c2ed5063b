/* Which of the core's RGBA components a file's channels hold: 1 channel is
 * grey (R, which equals G and B), 2 grey and alpha, 3 RGB, 4 RGBA. */
#ifndef TSR_PIXEL_LAYOUT_H
#define TSR_PIXEL_LAYOUT_H

static inline int
pixel_component (int channels, int c)
{
  return channels <= 2 ? (c == 0 ? 0 : 3) : c;
}

/* Whether the file's channel c holds a colour (converted to linear light
 * in float files), not alpha. */
static inline int
pixel_is_colour (int channels, int c)
{
  return pixel_component (channels, c) < 3;
}

#endif
