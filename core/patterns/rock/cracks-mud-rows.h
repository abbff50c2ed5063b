/* Cracked earth's height for a colour map (pattern-cracks.c's mud, its
 * values alone), as a row kernel compiled once per instruction set like
 * the noise rows (core/meson.build): from each point's borders, plate and
 * fields, VN / 2 points a step in double, the scalar operations in the
 * same order in each lane, its branches as selects. */
#ifndef TSR_CRACKS_MUD_ROWS_H
#define TSR_CRACKS_MUD_ROWS_H

#include <glib.h>

G_BEGIN_DECLS

/* a primary crack heals shut where its swell falls from HEAL_TO to
 * HEAL_FROM: it ends inside the mud, and the plates either side are one */
#define HEAL_FROM (-0.9)
#define HEAL_TO   (-0.6)
/* a crack's walls slope over at least this many times the pixel's soft
 * edge: a crisp one-pixel wall reads, lit, as a line drawn round every
 * plate */
#define CRACK_SOFT 1.4

/* The mud's measures (CracksState's). */
typedef struct
{
  double half_width, curl, curl_reach, rim, rim_reach, dome_reach, fp;
} TsrMudShape;

/* A row's inputs, each readable up to n rounded up to 8: the nearest
 * primary and finer borders' distances d1, d2 and directions (n1x, n1y),
 * (n2x, n2y); the plate's tone and roughness; the fields swell, mask,
 * mottle, grit and lumps. */
typedef struct
{
  const double *d1, *d2, *n1x, *n1y, *n2x, *n2y, *tone, *rough;
  const float  *swell, *mask, *mottle, *grit, *lumps;
} TsrMudRowIn;

/* The heights, out writable up to n rounded up to 8. */
typedef void (*TsrMudRowFn) (const TsrMudShape *sh, const TsrMudRowIn *in, gsize n, float *out);

void tsr_mud_row_base (const TsrMudShape *sh, const TsrMudRowIn *in, gsize n, float *out);
void tsr_mud_row_avx2 (const TsrMudShape *sh, const TsrMudRowIn *in, gsize n, float *out);
void tsr_mud_row_avx512 (const TsrMudShape *sh, const TsrMudRowIn *in, gsize n, float *out);

#define TSR_MUD_ROW_NAME_(isa) tsr_mud_row_##isa
#define TSR_MUD_ROW_NAME(isa)  TSR_MUD_ROW_NAME_ (isa)

G_END_DECLS

#endif
