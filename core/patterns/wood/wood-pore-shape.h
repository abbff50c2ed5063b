/* The pore lines' shape (wood-pore-lines.c), shared with their row kernel
 * (wood-pore-rows.c): the constants, and a row's numbers from its hash as
 * one definition for doubles and vectors of doubles. */
#ifndef TSR_WOOD_PORE_SHAPE_H
#define TSR_WOOD_PORE_SHAPE_H

#include "patterns/wood/wood-internal.h"

/* A tent's half-width, in rows, at a row's mean width and a streak's full
 * swell; rows are from ROW_NARROW to ROW_WIDE of it, and a streak's
 * tapered end TAPER of its middle. */
#define HALF_WIDTH 0.5
#define ROW_NARROW 0.6
#define ROW_WIDE 1.7
#define TAPER 0.35
/* How far a tent's centre strays from the row's middle, in rows. */
#define CENTRE_JITTER 0.2
/* The rows' footprint below which they count as spread: the tents thin
 * with them from there, in rows a pixel. */
#define SPREAD 0.4
/* Where the noise along a row (about -1 .. 1) starts a streak, ± how much
 * each row moves that (some rows broken more often than others), and how
 * much higher the noise is at the streak's full strength: a low cut and a
 * wide ramp, so that a row seldom breaks and its darkness varies all along
 * it. */
#define STREAK_CUT -1.0
#define CUT_SPREAD 0.6
#define STREAK_RAMP 2.0
/* The footprint, in rows, where the rows start to fade to their mean,
 * and where they are gone. */
#define FADE_FROM 0.8
#define FADE_TO 1.5
/* The noise along a row: three octaves, each three times as fine,
 * each at its own phase (gradient noise is zero on its lattice: octaves sharing it
 * would start and end streaks at even steps, like morse code). */
#define OCTAVES WOOD_PORE_OCTAVES
static const double octave_weight[OCTAVES] = { 1.0, 0.8, 1.0 };
/* the octaves' phases: any shift keeps an octave's period */
static const double octave_phase[OCTAVES] = { 0.0, 0.37, 0.71 };

/* What a row's hash h is mixed with for its four draws of a byte. */
#define WOOD_PORE_ROW_SALT 0x85ebca6bu

/* Row j's numbers (WoodPoreRow) from its hash's unit u and the four bytes
 * b0 .. b3 of its draws (as numbers 0 .. 255), its noise's cells a tile
 * `cells` (at least 1). */
#define WOOD_PORE_ROW_SHAPE(j, u, b0, b1, b2, b3, cells, centre, strength, width, phase, cut) \
  do                                                                           \
    {                                                                          \
      (centre) = (j) + 0.5 + CENTRE_JITTER * (2.0 * (u) - 1.0);                \
      /* many faint rows, a few dark ones */                                   \
      (strength) = 0.2 + 0.8 * ((b0) * (1.0 / 256.0)) * ((b0) * (1.0 / 256.0)); \
      (width) = HALF_WIDTH * (ROW_NARROW + (ROW_WIDE - ROW_NARROW) * ((b1) * (1.0 / 256.0))); \
      (phase) = (b3) * (1.0 / 256.0) * (cells);                                \
      (cut) = STREAK_CUT + CUT_SPREAD * (2.0 * ((b2) * (1.0 / 256.0)) - 1.0);  \
    }                                                                          \
  while (0)

/* A streak's swell from the noise n along its row (about -1 .. 1) below
 * the smooth step: e, 0 .. 1 between its cut and full strength. */
#define WOOD_PORE_RAMP(n, cut) ((2.0 * (n) - (cut)) / STREAK_RAMP)

#endif
