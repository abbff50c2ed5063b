/* Private to color-drift.c and its row kernel (color-drift-rows.c,
 * compiled once per instruction set as the noise rows are:
 * noise-kernels.h). */
#ifndef TSR_COLOR_DRIFT_ROWS_H
#define TSR_COLOR_DRIFT_ROWS_H

#include <glib.h>

G_BEGIN_DECLS

/* At full amount: the fields turn the hue by up to a twentieth of a turn
 * either way and a piece by up to 0.035 more (fired bricks run from tan
 * through red to purple; more reads as colours assigned per brick);
 * saturation is scaled by (1 + t) / (1 - t), t from the fields and the
 * piece, a little greyer on the whole, down to a near grey (0.14) but up
 * only to 1.27 times (weathering greys colours, nothing makes them vivid:
 * judges called wider, cleaner colour than the photographs' synthetic);
 * the warm field shifts the chroma towards orange or blue by up to 0.06
 * of the luma (marble's warm and cool clouds, in grey stone too). */
#define HUE_FIELD_TURNS 0.06f
#define HUE_PIECE_TURNS 0.025f
#define SAT_FIELD       0.4f
#define SAT_MUTED       0.1f   /* on the whole a little greyer: weathered */
#define SAT_PIECE       0.25f
#define SAT_LOWEST      (-0.75f)
#define SAT_HIGHEST     0.12f
#define WARM_SHIFT      0.06f

/* Luma (Rec. 601) and the chroma axes U = 0.492 (B - Y), V = 0.877 (R - Y),
 * scaled so that a turn in (U, V) reads as a turn of hue. */
#define LUMA_R 0.299f
#define LUMA_G 0.587f
#define LUMA_B 0.114f
#define U_K    0.492f
#define V_K    0.877f
/* orange, the way a warmer light or stone moves a colour (unit length) */
#define WARM_U (-0.6f)
#define WARM_V 0.8f

/* The drift of n pixels rgba + 4 i (alpha kept) by the fields hue, sat
 * and warm in (-1, 1) and the pieces' own numbers (NULL: 0), at amount
 * a. */
typedef void (*TsrDriftRow) (float a, const float *hue, const float *sat, const float *warm,
                             const float *piece_hue, const float *piece_sat, int n,
                             float *rgba);

void tsr_drift_row_base (float a, const float *hue, const float *sat, const float *warm,
                         const float *piece_hue, const float *piece_sat, int n, float *rgba);
void tsr_drift_row_avx2 (float a, const float *hue, const float *sat, const float *warm,
                         const float *piece_hue, const float *piece_sat, int n, float *rgba);
void tsr_drift_row_avx512 (float a, const float *hue, const float *sat, const float *warm,
                           const float *piece_hue, const float *piece_sat, int n,
                           float *rgba);

#define TSR_DRIFT_ROW_NAME_(isa) tsr_drift_row_##isa
#define TSR_DRIFT_ROW_NAME(isa)  TSR_DRIFT_ROW_NAME_ (isa)

G_END_DECLS

#endif
