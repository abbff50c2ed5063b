/* Crisp white marble's web of veins (Carrara's).
 *
 * Its calcite veins split and rejoin round lens-shaped pieces of many
 * sizes, thin and thick together, crossing at all angles about one
 * drift, where a family of straight fractures runs parallel at even
 * spacing.  The pieces are cells (Worley's F2 - F1, 0 on the edge between
 * two), sampled at the sheared (u, v), so drawn out along the drift, in
 * two sizes, the finer fainter and showing in patches.  A vein's
 * distance is the field over its slope (F2 - F1 grows about linearly
 * away from an edge); its width follows the swell field's square, and
 * the fade field hides some edges, so that pieces merge and veins end
 * inside the stone. */
#include <math.h>

#include "math/hash.h"
#include "patterns/marble/marble-lenses.h"
#include "patterns/patterns.h"

/* of the fractures' swell: a vein's width times q^2 along it */
#define SWELL_DEPTH 0.9f
#define SWELL_LOW   0.45f
#define SWELL_TOP   1.3f

void
tsr_marble_lenses_prepare (TsrMarbleLenses *ml, const TsrFractalSpec *spec, double size,
                           double step, const double px[2][2], float fp, float width, float ink)
{
  /* the finer pieces: thinner, fainter, in patches */
  static const float wide[TSR_LENS_SIZES] = { 1.0f, 0.6f };
  static const float dark[TSR_LENS_SIZES] = { 1.0f, 0.7f };
  static const float show[TSR_LENS_SIZES] = { -0.9f, 0.0f };
  TsrFractalSpec cells = *spec;

  ml->n = 0;
  if (ink <= 0.0f)
    return;
  cells.basis = TSR_BASIS_CELLS;
  cells.noise.cells_mode = TSR_CELLS_F2_MINUS_F1;
  cells.noise.jitter = 1.0f;
  cells.mode = TSR_FRACTAL_FBM;
  cells.octaves = 1;
  cells.scale_x = cells.scale_y = size;
  for (int k = 0; k < TSR_LENS_SIZES; k++)
    {
      TsrFractal *f = &ml->web[k];
      float s;

      cells.noise.seed = tsr_mix32 (cells.noise.seed ^ 0x6c656e73u);
      tsr_fractal_init (f, &cells);
      /* on an edge the cells' value is -1, as the fBm's curve maps it */
      s = (-1.0f - f->center) * f->norm;
      ml->least[k] = s / sqrtf (1.0f + s * s);
      ml->width[k] = width * wide[k];
      ml->ink[k] = ink * dark[k];
      ml->show[k] = show[k];
      cells.scale_x /= step;
      cells.scale_y /= step;
      ml->n = k + 1;
    }
  ml->fp = fp;
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++)
      ml->px[a][b] = (float) px[a][b];
}

void
tsr_marble_lenses_row (const TsrMarbleLenses *ml, const double *u, const double *v,
                       gsize n, const TsrSlope *swell, const TsrSlope *fade,
                       gboolean grad, TsrSlope *keep)
{
  float val[TSR_CHUNK], gu[TSR_CHUNK], gv[TSR_CHUNK];

  for (int k = 0; k < ml->n; k++)
    {
      /* the slope is needed for the distance, with or without normals */
      tsr_fractal_row_grad (&ml->web[k], u, v, n, val, gu, gv);
      for (gsize i = 0; i < n; i++)
        {
          /* the slope per pixel, through the shear */
          const float sx = gu[i] * ml->px[0][0] + gv[i] * ml->px[0][1];
          const float sy = gu[i] * ml->px[1][0] + gv[i] * ml->px[1][1];
          const float inv = 1.0f / MAX (sqrtf (sx * sx + sy * sy), 1e-4f);
          const TsrSlope d = sl (MAX (val[i] - ml->least[k], 0.0f) * inv,
                                 grad ? gu[i] * inv : 0.0f, grad ? gv[i] * inv : 0.0f);
          const float q_raw = 1.0f + SWELL_DEPTH * swell[i].v;
          const float q = CLAMP (q_raw, SWELL_LOW, SWELL_TOP);
          const TsrSlope qs = sl_chain (q, q == q_raw ? SWELL_DEPTH : 0.0f, swell[i]);
          const TsrSlope w = sl_scale (sl_mul (qs, qs), ml->width[k]);
          /* shown where the fade field is over show - 0.35, whole from
           * show + 0.35 */
          const float t = CLAMP ((fade[i].v - ml->show[k] + 0.35f) / 0.7f, 0.0f, 1.0f);
          const float dt = t > 0.0f && t < 1.0f ? 6.0f * t * (1.0f - t) / 0.7f : 0.0f;
          const TsrSlope shown = sl_chain (t * t * (3.0f - 2.0f * t), dt, fade[i]);
          const TsrSlope c = sl_scale (sl_mul (shown, vein_cover (d, w, ml->fp)), ml->ink[k]);

          keep[i] = sl_mul (keep[i], sl (1.0f - c.v, -c.u, -c.w));
        }
    }
}
