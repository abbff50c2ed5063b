/* Veined marble's stone at each sample (tsr_marble_veined_row's last
 * step for a colour map: the clouds, grains, crystals' glints, pale bands,
 * the veins' ink with its knots, the specks' pits), as a row kernel
 * compiled once per instruction set like the noise rows
 * (core/meson.build): the scalar steps in the same order in each lane, so
 * the same bits at any width. */
#ifndef TSR_MARBLE_VEINED_ROWS_H
#define TSR_MARBLE_VEINED_ROWS_H

#include "patterns/marble/marble-veined.h"

G_BEGIN_DECLS

/* The numbers the scalar steps (a gradient's) and the kernel share.
 * Still stone's pale crystalline bands where the fade field hides the
 * main veins, from PALE_FROM to PALE_TO.  A crystal's boundary: F2 - F1
 * near its least (as the fBm curve maps it, about CRYSTAL_EDGE).  Cracked
 * stone's grains gather by its veins where their ink reaches GATHER.
 * Flowing stone's veins darker in knots where the specks' noise runs from
 * KNOT_FROM to KNOT_TO; the specks' pits where it is over SPECK_FROM, by
 * SPECK_SPAN. */
#define PALE_FROM    0.0f
#define PALE_TO      (-0.6f)
#define CRYSTAL_EDGE (-0.68f)
#define GATHER       0.2f
#define KNOT_FROM    (-0.3f)
#define KNOT_TO      0.5f
#define SPECK_FROM   0.63f
#define SPECK_SPAN   0.2f

/* A row's fields at each sample: the clouds, grains, crystals, specks,
 * fade, the veins' ink and the fractures' tone (values). */
typedef struct
{
  const float *body, *grain, *cryst, *speck, *fade, *veins, *tone;
} TsrVeinedRowIn;

typedef void (*TsrVeinedRowFn) (const TsrMarbleVeined *mv, const TsrVeinedRowIn *in, gsize n,
                                float *out);

void tsr_veined_row_base (const TsrMarbleVeined *mv, const TsrVeinedRowIn *in, gsize n,
                          float *out);
void tsr_veined_row_avx2 (const TsrMarbleVeined *mv, const TsrVeinedRowIn *in, gsize n,
                          float *out);
void tsr_veined_row_avx512 (const TsrMarbleVeined *mv, const TsrVeinedRowIn *in, gsize n,
                            float *out);

#define TSR_VEINED_ROW_NAME_(isa) tsr_veined_row_##isa
#define TSR_VEINED_ROW_NAME(isa)  TSR_VEINED_ROW_NAME_ (isa)

G_END_DECLS

#endif
