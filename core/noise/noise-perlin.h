/* What Perlin noise's raw samples (noise-perlin.c) and row kernels
 * (noise-perlin-rows.c) share. */
#ifndef TSR_NOISE_PERLIN_H
#define TSR_NOISE_PERLIN_H

#define PERLIN2_SCALE 1.438119f   /* < 1 / 0.6953527 */

/* The fade's derivative 30 t^2 (t - 1)^2 (TSR_FADE's), for floats and
 * vectors; value noise's quintic weights use it too. */
#define TSR_DFADE(t) (((t) * ((t) - 1)) * ((t) * ((t) - 1)) * 30)

#endif
