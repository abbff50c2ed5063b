/* Burl: the face of a burl, a growth where the fibre lost its direction
 * around thousands of dormant buds.
 *
 * The growth lines are level lines of ψ = N y / H + A B (x, y) + Σ eyes,
 * with B isotropic fractal noise strong enough (A ∂B outweighs N / H almost
 * everywhere) that the lines close into small swirls instead of running
 * along a fibre.  The eyes (the buds) sit on a jittered grid of whole cells
 * per tile, about half of the cells holding one: each is a small dark dot
 * and lifts ψ around it, so the lines ring it.  A slow mottle lightens and
 * darkens patches, with dark seams where it changes sign (a network between
 * them); fine fibre speckles it.  Lines use the plank's profile and filter
 * (wood-rings.h).  B and the mottle tile, the grid wraps and ψ climbs N a
 * tile, so it tiles exactly at any W x H. */
#include <math.h>

#include "hash.h"
#include "wood-internal.h"

/* The swirl's strength, in rings per feature height at ring-noise 1. */
#define SWIRL 1.2
/* A burl is darker than the board around it: its value scaled by this. */
#define BURL_TONE 0.82
/* The mottle: ± this much of the value. */
#define MOTTLE 0.35
/* Dark seams where the mottle changes sign (a connected network between
 * the light patches): their depth and their width in mottle units. */
#define SEAM 0.45
#define SEAM_WIDTH 0.12
/* The fibre's strength at grain 1 (wood_fibre). */
#define FIBRE_CONTRAST 0.8
/* Eyes: share of the cells with one, their size and the rings they lift. */
#define EYE_SHARE 0.75
#define EYE_DARK 0.8
#define EYE_REACH 3.0

void
wood_burl_prepare (TsrTexture *tex, WoodState *st)
{
  const double s = tex->noise.scale, cell = 0.35 * s, fibre = MAX (2.5, s / 48.0);
  const double sx = s * sqrt (tex->noise.stretch), sy = s / sqrt (tex->noise.stretch);
  const guint octaves = (guint) tex->noise.octaves;

  wood_prepare_years (tex, st);
  wood_fractal_init (tex, TSR_SALT_WOOD_WOBBLE, 0.6 * sx, 0.6 * sy, MIN (octaves, 4u), 0.5, &st->wobble);
  st->figure = st->p.ring_noise * SWIRL * st->rings_per_pixel * s;
  /* Fibre: fine speckles, the fibre having no direction in a burl. */
  wood_fractal_init (tex, TSR_SALT_WOOD_GRAIN, fibre, fibre, 2, 0.6, &st->grain);
  /* Mottle: patches a fifth of a feature across, broken up by rough
   * finer octaves. */
  wood_fractal_init (tex, TSR_SALT_WOOD_DRIFT, 0.22 * sx, 0.22 * sy, MIN (octaves, 4u), 0.6, &st->drift);

  st->eye_cols = tex->tileable ? MAX (1, (int) floor (tex->period_w / cell + 0.5)) : 0;
  st->eye_rows = tex->tileable ? MAX (1, (int) floor (tex->period_h / cell + 0.5)) : 0;
  st->eye_w = tex->tileable ? tex->period_w / (double) st->eye_cols : cell;
  st->eye_h = tex->tileable ? tex->period_h / (double) st->eye_rows : cell;
}

typedef struct
{
  double x, y, r, lift;
} Eye;

/* The eye of grid cell (i, j), if it has one.  Inside the middle 0.6 of
 * its cell, its dot at most 0.21 of a cell and its reach 0.39 of a cell:
 * only the eyes of a sample's own and neighbouring cells touch it. */
static gboolean
eye_of_cell (const WoodState *st, guint32 seed, gint32 i, gint32 j, Eye *e)
{
  guint32 h = tsr_hash2 (seed, tsr_wrap (i, st->eye_cols), tsr_wrap (j, st->eye_rows));

  if (tsr_hash_unit (h) >= EYE_SHARE)
    return FALSE;
  e->x = (i + 0.2 + 0.6 * tsr_hash_unit (tsr_mix32 (h + 1))) * st->eye_w;
  e->y = (j + 0.2 + 0.6 * tsr_hash_unit (tsr_mix32 (h + 2))) * st->eye_h;
  e->r = (0.05 + 0.08 * tsr_hash_unit (tsr_mix32 (h + 3))) * MIN (st->eye_w, st->eye_h);
  e->lift = (h & 0x100 ? 1.0 : -1.0) * (0.4 + 0.6 * tsr_hash_unit (tsr_mix32 (h + 4)));
  return TRUE;
}

/* The eyes of a cell and of its eight neighbours, in row order: all that
 * touch a point of the cell, or half a pixel beyond it.  Kept while a row
 * of samples stays in the cell. */
typedef struct
{
  gboolean filled;
  gint32   ci, cj;
  int      n;
  Eye      eyes[9];
} EyesNear;

static void
eyes_near (const WoodState *st, double x, double y, EyesNear *near)
{
  const gint32 ci = (gint32) floor (x / st->eye_w), cj = (gint32) floor (y / st->eye_h);
  const guint32 seed = tsr_hash1 (st->year_seed, 0x65796573);

  if (near->filled && near->ci == ci && near->cj == cj)
    return;
  near->filled = TRUE, near->ci = ci, near->cj = cj, near->n = 0;
  for (gint32 j = cj - 1; j <= cj + 1; j++)
    for (gint32 i = ci - 1; i <= ci + 1; i++)
      near->n += eye_of_cell (st, seed, i, j, &near->eyes[near->n]);
}

/* The eyes' lift of ψ at (x, y) (into lift, its gradient into lift_g when
 * not NULL) and, when dark is not NULL, how dark the eyes make the point. */
static void
eyes_at (const EyesNear *near, double x, double y, double *lift, double lift_g[2],
         double *dark, double dark_g[2])
{
  *lift = 0.0;
  if (lift_g != NULL)
    lift_g[0] = lift_g[1] = 0.0;
  if (dark != NULL)
    *dark = 0.0, dark_g[0] = dark_g[1] = 0.0;
  for (int j = 0; j < near->n; j++)
    {
      const Eye e = near->eyes[j];
      const double dx = x - e.x, dy = y - e.y, d2 = dx * dx + dy * dy;
      const double reach2 = EYE_REACH * EYE_REACH * e.r * e.r, q = d2 / reach2;
      if (q >= 1.0)
        continue;
      /* (1 - q)³: smooth, and nothing at the reach */
      *lift += e.lift * (1.0 - q) * (1.0 - q) * (1.0 - q);
      if (lift_g != NULL)
        {
          const double k = -6.0 * e.lift * (1.0 - q) * (1.0 - q) / reach2;
          lift_g[0] += k * dx, lift_g[1] += k * dy;
        }
      /* a soft dot, (1 - c)², fading out at 1.6 r */
      const double dot2 = 2.56 * e.r * e.r, c = d2 / dot2;
      if (dark == NULL || c >= 1.0)
        continue;
      *dark += (1.0 - c) * (1.0 - c);
      dark_g[0] -= 4.0 * (1.0 - c) * dx / dot2;
      dark_g[1] -= 4.0 * (1.0 - c) * dy / dot2;
    }
}

void
wood_burl_row (const TsrTexture *tex, const double *x, const double *y, gsize n,
               float *out, float *gx, float *gy)
{
  const WoodState *st = tex->state;
  float swirl[3][TSR_CHUNK], swirl_x[3][TSR_CHUNK], swirl_y[3][TSR_CHUNK];
  float fibre[TSR_CHUNK], fibre_x[TSR_CHUNK], fibre_y[TSR_CHUNK];
  float mottle[TSR_CHUNK], mottle_x[TSR_CHUNK], mottle_y[TSR_CHUNK];
  const double h = WOOD_FOOTPRINT_STEP, contrast = FIBRE_CONTRAST * st->p.grain;
  EyesNear near = { FALSE, 0, 0, 0, { { 0 } } };

  wood_fractal_steps (&st->wobble, x, y, n, swirl, gx ? swirl_x : NULL, swirl_y);
  tsr_fractal_row_grad (&st->grain, x, y, n, fibre, gx ? fibre_x : NULL, fibre_y);
  tsr_fractal_row_grad (&st->drift, x, y, n, mottle, gx ? mottle_x : NULL, mottle_y);

  for (gsize i = 0; i < n; i++)
    {
      const double px[3] = { x[i], x[i] + h, x[i] };
      const double py[3] = { y[i], y[i], y[i] + h };
      double psi[3], g[3][2], lines_g[2], w, dw[2], dark = 0, dark_g[2] = { 0.0, 0.0 };

      eyes_near (st, x[i], y[i], &near);
      for (int s = 0; s < 3; s++)
        {
          double lift, lift_g[2];
          eyes_at (&near, px[s], py[s], &lift, gx ? lift_g : NULL, s == 0 ? &dark : NULL, dark_g);
          psi[s] = st->rings_per_pixel * py[s] + st->figure * swirl[s][i] + lift;
          if (gx != NULL)
            g[s][0] = st->figure * swirl_x[s][i] + lift_g[0],
            g[s][1] = st->rings_per_pixel + st->figure * swirl_y[s][i] + lift_g[1];
        }
      const double lines = wood_growth_lines (st, psi, gx ? g : NULL, 0.0, lines_g, &w, dw);
      double d_fibre = 0, d_strength;
      const double speckle = wood_fibre (fibre[i], contrast, gx ? &d_fibre : NULL, &d_strength);
      const double u = mottle[i] / SEAM_WIDTH, u2 = u * u;
      const double seam = u2 < 1.0 ? (1.0 - u2) * (1.0 - u2) : 0.0;
      const double patches = (1.0 + MOTTLE * mottle[i]) * (1.0 - SEAM * seam);
      const double eye = 1.0 - EYE_DARK * dark;
      const double v = BURL_TONE * lines * speckle * patches * eye;

      out[i] = (float) CLAMP (v, 0.0, 1.0);
      if (gx != NULL)
        {
          double grad[2];

          for (int a = 0; a < 2; a++)
            {
              const double d_speckle = d_fibre * (a ? fibre_y[i] : fibre_x[i]);
              const double m_g = a ? mottle_y[i] : mottle_x[i];
              const double d_seam = u2 < 1.0 ? -4.0 * (1.0 - u2) * u / SEAM_WIDTH * m_g : 0.0;
              const double d_patches = MOTTLE * m_g * (1.0 - SEAM * seam)
                                       - (1.0 + MOTTLE * mottle[i]) * SEAM * d_seam;
              const double d_eye = -EYE_DARK * dark_g[a];

              grad[a] = BURL_TONE * (lines_g[a] * speckle * patches * eye
                                     + lines * (d_speckle * patches * eye
                                                + speckle * d_patches * eye
                                                + speckle * patches * d_eye));
            }
          const gboolean clipped = v < 0.0 || v > 1.0;
          gx[i] = clipped ? 0.0f : (float) grad[0];
          gy[i] = clipped ? 0.0f : (float) grad[1];
        }
    }
}
