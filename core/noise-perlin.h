/* What Perlin noise's raw samples (noise-perlin.c) and row kernels
 * (noise-perlin-rows.c) share. */
#ifndef TSR_NOISE_PERLIN_H
#define TSR_NOISE_PERLIN_H

#define PERLIN2_SCALE 1.438119f   /* < 1 / 0.6953527 */

#endif
