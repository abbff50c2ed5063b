/* Crisp cracked marble's web of veins (Carrara's; pink's, fuzzier).
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
 * inside the stone.  A look may fray the edges (a fine noise added to
 * the distance), bend them (the web read where the slow fields move it:
 * no straight polygon sides), pale a vein along its length and stain a
 * halo round it. */
#include <math.h>

#include "math/hash.h"
#include "noise/noise-kernels.h"
#include "patterns/marble/marble-lenses.h"
#include "patterns/marble/marble-lenses-rows.h"
#include "patterns/patterns.h"
#define FRAY_SIZE   2.5  /* pixels: the fray's first octave */

/* The RMS of the web's slope per pixel over a grid of the tile. */
static float
mean_slope (const TsrFractal *web, const TsrFractalSpec *spec, const double px[2][2])
{
  enum { GRID = 24 };
  const double pw = spec->period_w > 0 ? spec->period_w : 256.0;
  const double ph = spec->period_h > 0 ? spec->period_h : 256.0;
  double u[GRID], v[GRID], sum = 0.0;
  float val[GRID], gu[GRID], gv[GRID];

  for (int r = 0; r < GRID; r++)
    {
      for (int i = 0; i < GRID; i++)
        {
          const double x = (i + 0.37) * pw / GRID, y = (r + 0.61) * ph / GRID;

          u[i] = px[0][0] * x + px[1][0] * y;
          v[i] = px[0][1] * x + px[1][1] * y;
        }
      tsr_fractal_row_grad (web, u, v, GRID, val, gu, gv);
      for (int i = 0; i < GRID; i++)
        {
          const double sx = gu[i] * px[0][0] + gv[i] * px[0][1];
          const double sy = gu[i] * px[1][0] + gv[i] * px[1][1];

          sum += sx * sx + sy * sy;
        }
    }
  return (float) MAX (sqrt (sum / (GRID * GRID)), 1e-4);
}

void
tsr_marble_lenses_prepare (TsrMarbleLenses *ml, const TsrFractalSpec *spec,
                           const TsrLensLook *look, const double px[2][2])
{
  /* the finer pieces: thinner, fainter, in patches */
  static const float wide[TSR_LENS_SIZES] = { 1.0f, 0.6f };
  static const float dark[TSR_LENS_SIZES] = { 1.0f, 0.7f };
  static const float show[TSR_LENS_SIZES] = { -0.9f, 0.0f };
  TsrFractalSpec cells = *spec;

  ml->n = 0;
  if (look->ink <= 0.0f)
    return;
  cells.basis = TSR_BASIS_CELLS;
  cells.noise.cells_mode = TSR_CELLS_F2_MINUS_F1;
  cells.noise.jitter = 1.0f;
  cells.mode = TSR_FRACTAL_FBM;
  cells.octaves = 1;
  cells.scale_x = cells.scale_y = look->size;
  /* a tile of a set reads the web where the bend moves it, up to `bend`
   * along u and v (the slow fields stay within -1 .. 1): the points that
   * far from an edge too must be the same in every tile */
  cells.tile.reach += look->bend * (1.0 + MAX (fabs (spec->tile.m[1]), fabs (spec->tile.m[2])));
  for (int k = 0; k < MIN (look->sizes, TSR_LENS_SIZES); k++)
    {
      TsrFractal *f = &ml->web[k];
      TsrFractalSpec plain;
      TsrFractal plain_web;
      float s;

      cells.noise.seed = tsr_mix32 (cells.noise.seed ^ 0x6c656e73u);
      tsr_fractal_init (f, &cells);
      /* on an edge the cells' value is -1, as the fBm's curve maps it */
      s = (-1.0f - f->center) * f->norm;
      ml->least[k] = s / sqrtf (1.0f + s * s);
      /* the plain tile's slope, whichever tile of a set this is: it scales
       * every vein's distance, at the edges too */
      plain = cells;
      plain.tile.id = NULL;
      tsr_fractal_init (&plain_web, &plain);
      ml->mean_inv[k] = 1.0f / mean_slope (&plain_web, spec, px);
      ml->width[k] = look->width * wide[k];
      ml->ink[k] = look->ink * dark[k];
      ml->show[k] = show[k] + look->hide;
      cells.scale_x /= look->step;
      cells.scale_y /= look->step;
      ml->n = k + 1;
    }
  ml->fp = look->fp;
  ml->halo = look->halo;
  ml->halo_ink = look->halo_ink;
  ml->fray_px = look->fray;
  ml->pale = look->pale;
  ml->bend = look->bend;
  ml->mean_distance = look->halo_ink > 0.0f;
  ml->swell_low = look->swell_low;
  ml->swell_top = look->swell_top;
  if (look->fray > 0.0f)
    {
      /* two octaves about FRAY_SIZE pixels across */
      TsrFractalSpec fine = *spec;

      fine.basis = TSR_BASIS_PERLIN;
      fine.mode = TSR_FRACTAL_FBM;
      fine.octaves = 2;
      fine.persistence = 0.6;
      fine.lacunarity = 2.0;
      fine.scale_x = fine.scale_y = FRAY_SIZE;
      fine.noise.seed = tsr_mix32 (spec->noise.seed ^ 0x66726179u);
      tsr_fractal_init (&ml->fray, &fine);
    }
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
  float fr[TSR_CHUNK], fru[TSR_CHUNK], frv[TSR_CHUNK];
  double bu[TSR_CHUNK], bv[TSR_CHUNK];

  if (ml->n > 0 && ml->fray_px > 0.0f)
    tsr_fractal_row_grad (&ml->fray, u, v, n, fr, grad ? fru : NULL, frv);
  /* the cells' straight edges bent: the web read at (u, v) moved by the
   * swell and fade fields, slow noises */
  for (gsize i = 0; i < n; i++)
    {
      bu[i] = u[i] + ml->bend * swell[i].v;
      bv[i] = v[i] + ml->bend * fade[i].v;
    }
  if (!grad)
    {
      /* a colour map's: the same steps as below, a vector at a time (the
       * slopes of keep are not read) */
      const TsrLensesRowFn kernel = TSR_ISA_PICK (tsr_lenses_row_base, tsr_lenses_row_avx2,
                                                  tsr_lenses_row_avx512);
      float sw[TSR_CHUNK], fd[TSR_CHUNK], kp[TSR_CHUNK];
      const TsrLensesRowIn in = {
        .val = val, .gu = gu, .gv = gv, .fray = ml->fray_px > 0.0f ? fr : NULL, .swell = sw,
        .fade = fd,
      };

      for (gsize i = 0; i < n; i++)
        {
          sw[i] = swell[i].v;
          fd[i] = fade[i].v;
          kp[i] = keep[i].v;
        }
      for (int k = 0; k < ml->n; k++)
        {
          /* over the web's mean slope (a halo's distance), its value alone */
          tsr_fractal_row_grad (&ml->web[k], bu, bv, n, val, ml->mean_distance ? NULL : gu,
                                ml->mean_distance ? NULL : gv);
          kernel (ml, k, &in, n, kp);
        }
      for (gsize i = 0; i < n; i++)
        keep[i].v = kp[i];
      return;
    }
  for (int k = 0; k < ml->n; k++)
    {
      /* the slope is needed for the distance, with or without normals */
      tsr_fractal_row_grad (&ml->web[k], bu, bv, n, val, gu, gv);
      for (gsize i = 0; i < n; i++)
        {
          /* the slope per pixel, through the shear (not the bend: the
           * same with or without normals) */
          const float sx = gu[i] * ml->px[0][0] + gv[i] * ml->px[0][1];
          const float sy = gu[i] * ml->px[1][0] + gv[i] * ml->px[1][1];
          /* (or over the web's mean slope: wider where the field is
           * shallow, and a gradient that is exact, as a halo reaching
           * far from the edge needs) */
          const float inv = ml->mean_distance ? ml->mean_inv[k]
                                              : 1.0f / MAX (sqrtf (sx * sx + sy * sy), 1e-4f);
          /* ... and in (u, v), through the bend */
          const float su = gu[i] * (1.0f + ml->bend * swell[i].u) + gv[i] * ml->bend * fade[i].u;
          const float sv = gu[i] * ml->bend * swell[i].w + gv[i] * (1.0f + ml->bend * fade[i].w);
          const TsrSlope d0 = sl ((val[i] - ml->least[k]) * inv, grad ? su * inv : 0.0f,
                                  grad ? sv * inv : 0.0f);
          /* the edge frayed: the distance pushed in and out by a fine noise */
          const TsrSlope d1 = ml->fray_px > 0.0f
                              ? sl_add (d0, sl (ml->fray_px * fr[i], grad ? ml->fray_px * fru[i] : 0.0f,
                                                grad ? ml->fray_px * frv[i] : 0.0f))
                              : d0;
          const TsrSlope d = d1.v > 0.0f ? d1 : sl (0.0f, 0.0f, 0.0f);
          const float q_raw = 1.0f + SWELL_DEPTH * swell[i].v;
          const float q = CLAMP (q_raw, ml->swell_low, ml->swell_top);
          const TsrSlope qs = sl_chain (q, q == q_raw ? SWELL_DEPTH : 0.0f, swell[i]);
          const TsrSlope w = sl_scale (sl_mul (qs, qs), ml->width[k]);
          /* shown where the fade field is over show - 0.35, whole from
           * show + 0.35 */
          const float t = CLAMP ((fade[i].v - ml->show[k] + 0.35f) / 0.7f, 0.0f, 1.0f);
          const float dt = t > 0.0f && t < 1.0f ? 6.0f * t * (1.0f - t) / 0.7f : 0.0f;
          /* ... and paler where the fade field is low: veins of many tones */
          const float tt = CLAMP ((fade[i].v + 0.5f), 0.0f, 1.0f);
          const float dtt = tt > 0.0f && tt < 1.0f ? 1.0f : 0.0f;
          const float tone = 1.0f - ml->pale + ml->pale * tt;
          const TsrSlope shown = sl_chain (t * t * (3.0f - 2.0f * t) * tone,
                                           dt * tone + t * t * (3.0f - 2.0f * t) * ml->pale * dtt,
                                           fade[i]);
          TsrSlope c = sl_scale (sl_mul (shown, vein_cover (d, w, ml->fp)), ml->ink[k]);

          if (ml->halo_ink > 0.0f)
            c = sl_add (c, sl_scale (sl_mul (shown, fall_off (d, sl (ml->halo, 0.0f, 0.0f), 2)),
                                     ml->halo_ink * ml->ink[k] / ml->ink[0]));

          keep[i] = sl_mul (keep[i], sl (1.0f - c.v, -c.u, -c.w));
        }
    }
}
