/* The colour stage after the palette: see color-drift.h. */
#include "color/color-drift.h"
#include "math/hash.h"
#include "patterns/patterns.h"

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

/* cos and sin of a small angle x (radians; |x| < 0.8 here, error under
 * 2e-6): short polynomials, inline, the same bits everywhere, where the
 * turns' full-range functions cost a call each a pixel. */
static inline void
small_turn (float x, float *c, float *s)
{
  const float z = x * x;

  *c = 1.0f + z * (-0.5f + z * (1.0f / 24.0f + z * (-1.0f / 720.0f)));
  *s = x * (1.0f + z * (-1.0f / 6.0f + z * (1.0f / 120.0f + z * (-1.0f / 5040.0f))));
}

void
tsr_color_drift_init (TsrColorDrift *d, double amount, const TsrFractalSpec *base)
{
  TsrFractalSpec spec = *base;

  d->amount = (float) amount;
  if (amount <= 0.0)
    return;
  spec.mode = TSR_FRACTAL_FBM;
  spec.basis = TSR_BASIS_PERLIN;   /* smooth, whatever the pattern's basis */
  spec.octaves = 3;
  spec.persistence = 0.5;
  spec.lacunarity = 2.0;
  spec.scale_x = 2.0 * base->scale_x;
  spec.scale_y = 2.0 * base->scale_y;
  tsr_fractal_init (&d->hue, &spec);
  spec.noise.seed = tsr_mix32 (base->noise.seed ^ 0x68756521u);   /* "hue!" */
  tsr_fractal_init (&d->sat, &spec);
  spec.noise.seed = tsr_mix32 (base->noise.seed ^ 0x7761726du);   /* "warm" */
  tsr_fractal_init (&d->warm, &spec);
}

void
tsr_color_drift_apply (const TsrColorDrift *d, const double *x, const double *y,
                       const float *piece_hue, const float *piece_sat, int n, float *rgba)
{
  float hue[TSR_CHUNK], sat[TSR_CHUNK], warm[TSR_CHUNK];
  const float a = d->amount;

  g_assert (n > 0 && n <= TSR_CHUNK);
  tsr_fractal_row (&d->hue, x, y, (gsize) n, hue);
  tsr_fractal_row (&d->sat, x, y, (gsize) n, sat);
  tsr_fractal_row (&d->warm, x, y, (gsize) n, warm);
  for (int i = 0; i < n; i++)
    {
      float *px = rgba + 4 * (gsize) i;
      const float ph = piece_hue != NULL ? piece_hue[i] : 0.0f;
      const float ps = piece_sat != NULL ? piece_sat[i] : 0.0f;
      const float turn = a * (HUE_FIELD_TURNS * hue[i] + HUE_PIECE_TURNS * ph);
      const float t = CLAMP (a * (SAT_FIELD * sat[i] + SAT_PIECE * ps - SAT_MUTED), SAT_LOWEST,
                             SAT_HIGHEST);
      const float k = (1.0f + t) / (1.0f - t);
      const float luma = LUMA_R * px[0] + LUMA_G * px[1] + LUMA_B * px[2];
      const float w = a * WARM_SHIFT * warm[i] * luma;
      const float u = U_K * (px[2] - luma), v = V_K * (px[0] - luma);
      float c, s;

      small_turn (2.0f * (float) G_PI * turn, &c, &s);
      {
        const float u2 = k * (c * u - s * v) + w * WARM_U;
        const float v2 = k * (s * u + c * v) + w * WARM_V;
        const float r = luma + v2 * (1.0f / V_K), b = luma + u2 * (1.0f / U_K);
        const float g = (luma - LUMA_R * r - LUMA_B * b) * (1.0f / LUMA_G);

        px[0] = CLAMP (r, 0.0f, 1.0f);
        px[1] = CLAMP (g, 0.0f, 1.0f);
        px[2] = CLAMP (b, 0.0f, 1.0f);
      }
    }
}
