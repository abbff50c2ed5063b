/* Marble's fractures (tsr_marble_fractures_row), as a row kernel compiled
 * once per instruction set like the noise rows (core/meson.build): the
 * orders' ink, the joints' and the clasts' tone, with or without their
 * slopes, from the orders' noise worked out beforehand. */
#ifndef TSR_MARBLE_FRACTURES_ROWS_H
#define TSR_MARBLE_FRACTURES_ROWS_H

#include "patterns/marble/marble-fractures.h"

G_BEGIN_DECLS

/* The joints' numbers the scalar code and the kernel share. */
#define JOINT_STEP   3.0f    /* pixels: a clast's tone steps over twice this */
/* A joint splits into strands: a sister hairline beside it, up to
 * STRAND_GAP pixels off (as the main net's noise n0 sways it, crossing
 * over where n0 is 0), STRAND_WIDTH of its width, showing where the joint
 * itself fades: the photographs' braided veins of many widths. */
#define STRAND_GAP   3.5f
#define STRAND_SWAY  6.0f    /* pixels of offset per unit of n0 */
#define STRAND_WIDTH 0.6f
#define STRAND_INK   0.8f
/* ... in the stillest stone (pink) a pale calcite seam instead, this much
 * lighter, PALE_WIDE times as wide: the photograph's whitish seams */
#define PALE_SEAM    0.12f
#define PALE_WIDE    2.0f

/* A row's inputs, every array readable up to n rounded up to 16 (the
 * widest vector; the caller pads with its last sample): the orders that
 * show (the first `orders` of mf->n: a later one's ink and tone are 0),
 * their noise val[k] (order 1's also when the joints kink at it), the
 * swell's and the fade's values, and the points (u, v); for a gradient
 * also the noise's slopes gu[k], gv[k] and the swell's and fade's slopes
 * in (u, v) (gu[0] NULL: values alone). */
typedef struct
{
  int           orders;
  const float  *val[TSR_FRACTURE_ORDERS], *gu[TSR_FRACTURE_ORDERS], *gv[TSR_FRACTURE_ORDERS];
  const float  *swell, *swell_u, *swell_w, *fade, *fade_u, *fade_w;
  const double *u, *v;
} TsrFracturesRowIn;

/* The stone the veins leave, keep, and the tone offset, at each sample
 * (as readable as the inputs); their slopes only for a gradient. */
typedef struct
{
  float *keep, *keep_u, *keep_w, *tone, *tone_u, *tone_w;
} TsrFracturesRowOut;

typedef void (*TsrFracturesRowFn) (const TsrMarbleFractures *mf, const TsrFracturesRowIn *in,
                                   gsize n, const TsrFracturesRowOut *out);

void tsr_fractures_row_base (const TsrMarbleFractures *mf, const TsrFracturesRowIn *in,
                             gsize n, const TsrFracturesRowOut *out);
void tsr_fractures_row_avx2 (const TsrMarbleFractures *mf, const TsrFracturesRowIn *in,
                             gsize n, const TsrFracturesRowOut *out);
void tsr_fractures_row_avx512 (const TsrMarbleFractures *mf, const TsrFracturesRowIn *in,
                               gsize n, const TsrFracturesRowOut *out);

#define TSR_FRACTURES_ROW_NAME_(isa) tsr_fractures_row_##isa
#define TSR_FRACTURES_ROW_NAME(isa)  TSR_FRACTURES_ROW_NAME_ (isa)

G_END_DECLS

#endif
