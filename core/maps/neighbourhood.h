/* What a height field's neighbourhood says of each pixel: ambient
 * occlusion (how much sky the relief around hides) and curvature (ridge or
 * hollow).  Pure arithmetic on planes of heights and slopes that the
 * caller evaluated around the pixels, so a pixel's result depends only on
 * the heights around it, never on where a rectangle or a thread's band
 * begins. */
#ifndef TSR_NEIGHBOURHOOD_H
#define TSR_NEIGHBOURHOOD_H

#include <glib.h>

G_BEGIN_DECLS

/* The directions the occlusion looks in: the 4 axes and 4 diagonals, so
 * every sample falls on a pixel centre. */
#define TSR_AO_DIRECTIONS 8

/* The multiples of a direction's lattice vector (length 1 on the axes,
 * sqrt 2 on the diagonals) the occlusion samples up to `reach` of them:
 * every one out to 8, where a thin crest is narrow, then each a quarter
 * further (1 .. 8, 10, 12, 15, 16 for 16).  Returns their count, at most
 * TSR_AO_MAX_STEPS. */
#define TSR_AO_MAX_STEPS 24
int tsr_ao_steps (int reach, int steps[TSR_AO_MAX_STEPS]);

/* How many lattice vectors of direction d fit in radius pixels. */
int tsr_ao_reach (int d, int radius);

/* The direction d's lattice vector (dx, dy), y down. */
void tsr_ao_direction (int d, int *dx, int *dy);

/* Ambient occlusion of n x rows pixels, out[r * out_stride + i] in [0, 1]
 * (1: open sky), from heights (values 0 .. 1) whose rows reach `radius`
 * pixels beyond them on every side: h_rows[j] (j = 0 .. rows + 2 radius
 * - 1) is the row j - radius from the column -radius, so pixel (i, r) is
 * at h_rows[r + radius][i + radius].  depth is the relief's depth in
 * pixels (value 0 to value 1).  In each direction the horizon is the
 * steepest rise tan a = depth (h (q) - h (p)) / |q - p| over the steps,
 * never below the horizontal; the occlusion is 1 - strength times the mean
 * over the directions of sin a, clamped to 0. */
void tsr_neighbourhood_ao (const float *const *h_rows, int n, int rows, int radius, float depth,
                    float strength, float *out, gsize out_stride);

/* How much of a key light n x rows pixels see past the relief, in [0, 1],
 * from heights laid out as for tsr_neighbourhood_ao: toward the light, (lx, ly)
 * a unit vector in pixels (y down), the horizon is the steepest rise
 * depth (h (q) - h (p)) / |q - p| over the steps of tsr_ao_steps out to
 * radius - 1 pixels (heights between pixels interpolated bilinearly);
 * a pixel is lit where the light's slope tan_elevation clears it, in
 * shadow below, with a penumbra (the sun's disc and a soft sky) of
 * SHADOW_SOFT in slope either side. */
void tsr_neighbourhood_sun (const float *const *h_rows, int n, int rows, int radius, float depth,
                     float lx, float ly, float tan_elevation, float *out, gsize out_stride);

/* Curvature of n x rows pixels, out in [0, 1]: 0.5 flat, brighter on
 * ridges and bumps (convex), darker in hollows.  From slopes gx, gy (dh/dx,
 * dh/dy per pixel, y down) on rows one pixel wider on every side:
 * gx_rows[j], gy_rows[j] (j = 0 .. rows + 1) the row j - 1 from the column
 * -1, so pixel (i, r) at gx_rows[r + 1][i + 1].  The second derivatives
 * are central differences of the slopes; the surface z = depth h has mean
 * curvature H, and the map shows 0.5 - 0.5 k / sqrt (1 + k^2), k = strength H. */
void tsr_neighbourhood_curvature (const float *const *gx_rows, const float *const *gy_rows, int n,
                           int rows, float depth, float strength, float *out,
                           gsize out_stride);

G_END_DECLS

#endif
