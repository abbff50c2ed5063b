/* The plank's look (wood-plank.c), shared with its row kernels
 * (wood-tone-rows.c): the constants of its parts and their mix. */
#ifndef TSR_WOOD_PLANK_SHAPE_H
#define TSR_WOOD_PLANK_SHAPE_H

/* The figure's strength, in rings per feature height at ring-noise 1:
 * enough to fold a few lines into arches, not the whole board. */
#define FIGURE 0.2
/* a in ψ = φ + a J (φ): years from about 0.65 to 1.6 times the mean;
 * J's seed from the years'. */
#define YEAR_JITTER 0.42
#define WOOD_JITTER_SALT 0x4a495454u   /* "JITT" */
/* How deep the growth lines are, of their own profile's depth: in a
 * varnished board the pores, not the years, carry the contrast. */
#define GROWTH_LINES 0.7
/* The mean of the growth lines' profile, about which GROWTH_LINES scales. */
#define GROWTH_MEAN 0.85
/* How much the pores' flecks break a growth line's depth along it (± of
 * it): latewood lines that fray and fade, not ruled ones. */
#define FRAY 0.0
/* The fibre's strength at grain 1 (wood_fibre): soft streaks under the
 * pore lines. */
#define FIBRE_CONTRAST 0.3
/* The depth of the fainter lines between the years' own. */
#define FINE 0.7
/* The pores' flecks: ± this much of the value at grain 1. */
#define PORES 0.3
/* The open pores a pixel wide: ± this much at grain 1. */
#define PIXEL_PORES 0.08
/* The pixel streaks along the growth lines (wood_pixel_streaks): ± this
 * much at grain 1, in cells this many pixels long. */
#define STREAKS 0.5
#define STREAK_LENGTH 3.5
/* ... the pale ones this much as strong as the dark */
#define STREAK_PALE 0.5
/* How much the streaks' strength follows the drift's slow patches (±). */
#define STREAK_PATCHES 1.0
/* The pore lines' darkness at grain 1 (wood-pore-lines.c). */
#define PORE_LINES 6.0
/* The pore lines are a fifth of a pixel to a pixel tall: a one-pixel box
 * keeps them crisp, where the growth lines' one and a half would smear
 * them over three rows of pixels. */
#define PORE_FOOTPRINT (1.0 / 1.5)
/* The colour drift: ± this much of the value, BANDS of it in bands that
 * follow the growth lines (a wood's colour changes with its years), the
 * rest in slow patches along the board. */
#define DRIFT 0.6
#define BANDS 0.75
/* A knot's core, in units of its size, and the factor its own rings
 * darken the wood by (KNOT_DARK ± KNOT_RINGS): the wood's own streaks
 * show through, so the knot is part of the board, not an eye on it. */
#define KNOT_CORE 0.22
#define KNOT_DARK 0.62
#define KNOT_RINGS 0.12
/* The whole value scaled so that the palest fibre stays under 1. */
#define TONE 0.83

#endif
