/* The plank's value of a colour map from its parts along a run of samples
 * (wood_plank_row's product of the growth lines, fibre, colour, pores,
 * pore lines and knots), as a row kernel compiled once per instruction set
 * like the noise rows (core/meson.build); wood-plank.c takes the samples
 * a whole vector does not. */
#ifndef TSR_WOOD_TONE_ROWS_H
#define TSR_WOOD_TONE_ROWS_H

#include <glib.h>

G_BEGIN_DECLS

/* The parts at each sample: the fractals' values (fibre, drift, pores),
 * and the numbers wood_plank_row works out (the fibre's fade, the bands,
 * the pixel streaks' number and pores' hash unit, how level the lines
 * run, the growth lines, the pore lines' darkness, the knot's tone and
 * cover), and what is the same at every sample. */
typedef struct
{
  const float  *fibre, *drift, *pores;
  const double *fibre_fade, *bands, *streaks, *pixel, *level, *rings, *dark;
  const double *knot_tone, *knot_cover;
  double        fibre_gain, contrast, grain, lines_depth, pixel_amount;
} WoodToneRow;

/* The value into out[i] for the first samples of n that fill whole
 * vectors; returns how many that was. */
typedef gsize (*WoodToneRowFn) (const WoodToneRow *row, gsize n, float *out);

gsize wood_tone_row_base (const WoodToneRow *row, gsize n, float *out);
gsize wood_tone_row_avx2 (const WoodToneRow *row, gsize n, float *out);
gsize wood_tone_row_avx512 (const WoodToneRow *row, gsize n, float *out);

#define WOOD_TONE_ROW_NAME_(isa) wood_tone_row_##isa
#define WOOD_TONE_ROW_NAME(isa)  WOOD_TONE_ROW_NAME_ (isa)

G_END_DECLS

#endif
