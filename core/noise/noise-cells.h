/* What cellular noise's raw samples (noise-cells.c) and row kernels
 * (noise-cells-rows.c) share. */
#ifndef TSR_NOISE_CELLS_H
#define TSR_NOISE_CELLS_H

/* A feature point's offset in [0, 1) along one axis, from 16 bits of its
 * cell's hash, given as a float or a vector of floats. */
#define CELLS_UNIT16(low16) ((low16) * (1.0f / 65536.0f))

#endif
