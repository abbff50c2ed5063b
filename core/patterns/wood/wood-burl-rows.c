/* The burl's value of a colour map from its parts, VN samples a step (two
 * vectors of doubles): wood-burl.c's product without its gradient, in
 * double in each lane (the float fractals widened exactly, MIN and CLAMP
 * as the scalar code's selects), so the same bits as the scalar loop at
 * any width. */
#include <string.h>

#include "patterns/wood/wood-burl-rows.h"
#include "patterns/wood/wood-burl-shape.h"
#include "patterns/wood/wood-vec.h"

/* wood-burl.c's burl_exp_neg in each lane */
TSR_VINLINE VD
v_burl_exp_neg (VD z)
{
  typedef guint64 VUL __attribute__ ((vector_size (sizeof (VD))));
  const VD zc = v_seld ((VL) (z < 700.0), z, v_splatd (700.0));
  const VD k = v_floor_d (zc * WOOD_EXP_INV_LN2 + 0.5);
  const VD r = (k * WOOD_EXP_LN2_HI - zc) + k * WOOD_EXP_LN2_LO;
  const VUL bits = (VUL) ((1023.0 - k) + WOOD_EXP_ROUND_BITS) << 52;

  return BURL_EXP_POLY (r) * (VD) bits;
}

gsize
WOOD_BURL_ROW_NAME (TSR_ISA) (const WoodBurlRow *p, gsize n, float *out)
{
  const gsize whole = n - n % VN;

  for (gsize i = 0; i < whole; i += VN)
    {
      VFH half[2];

      for (int h = 0; h < 2; h++)
        {
          const gsize at = i + h * VN / 2;
          const VD fibre = v_half (p->fibre + i, h), mottle = v_half (p->mottle + i, h);
          const VD cluster = v_half (p->cluster + i, h);
          const VD lv = v_half (p->lump + i, h), lv_on = v_half (p->lump_on + i, h);
          const VD ring_lines = v_loadd (p->lines + at);
          const VD lines = LINES_MEAN + LINES_DEPTH * (ring_lines - LINES_MEAN);
          /* sheen */
          const VD dx = v_loadd (p->slope_x + at), dy = v_loadd (p->slope_y + at);
          const VD m = dx * dx + dy * dy + p->floor2;
          /* one division for the sheen's 1 / m and the crevices' 1 / cw */
          const VD cw = CREVICE_WIDTH * (1.0 + CREVICE_SPREAD * cluster);
          const VD inv = 1.0 / (m * cw);
          const VD f = (0.6 * (dx * dx - dy * dy) + 0.8 * 2.0 * dx * dy) * (cw * inv);
          const VD shine = 1.0 + SHEEN * f;
          const VD speckle = p->fibre_gain * v_fibre (fibre, v_splatd (p->contrast));
          const VD patches = (1.0 + p->mottle_k * mottle) * (1.0 - p->cluster_k * cluster);
          const VD ring_shade = (ring_lines - 0.3) * (1.0 / 0.6);
          const VD eye_depth = p->eye_dark_k * (1.0 - EYE_LINES + EYE_LINES * ring_shade);
          const VD dark = v_loadd (p->dark + at), halo_sum = v_loadd (p->halo + at);
          const VD halo = v_seld ((VL) (halo_sum < 1.0), halo_sum, v_splatd (1.0));
          const VD dark_1 = v_seld ((VL) (dark < 1.0), dark, v_splatd (1.0));
          const VD eye_dot = 1.0 - eye_depth * dark_1, eye_halo = 1.0 + p->halo_k * halo;
          const VD eye = eye_dot * eye_halo;
          /* wood_pixel_pores_of */
          const VD u = v_loadd (p->units + at);
          const VD speck = 1.0 - p->speck_k * (u * u * u * 4.0 - 1.0);
          const VD vary = 1.0 + CREVICE_VARY * mottle;
          /* the crevices' and the lumps' bells */
          const VD cm = lv * (m * inv), bm = lv * (1.0 / LUMP_BODY);
          const VD cleft = p->crevice_k * vary * v_burl_exp_neg (cm * cm);
          const VD body = v_burl_exp_neg (bm * bm);
          const VD lit = 1.0 + p->relief * (lv_on - lv);
          const VD crevice = (1.0 - cleft) * (1.0 + p->light_k * (1.0 - body)) * lit;
          const VD pale_at = mottle - PALE_SHUNS * cluster;
          const VD pt = v_mind (v_splatd (1.0), v_maxd (v_splatd (0.0),
                                                        (pale_at - PALE_AT) * (0.5 / PALE_EDGE) + 0.5));
          const VD pale = 1.0 + p->pale_k * pt * pt * (3.0 - 2.0 * pt);
          const VD v = BURL_TONE * lines * shine * speckle * patches * eye * crevice * speck * pale;

          half[h] = v_dtof (v_mind (v_splatd (1.0), v_maxd (v_splatd (0.0), v)));
        }
      v_storef (out + i, v_catf (half[0], half[1]));
    }
  return whole;
}

/* ψ, its slope and footprint and the eyes' shade of a colour map's row,
 * VN samples a step: burl_psi's and eyes_at's operations without their
 * gradients' slopes, an eye out of a lane's reach adding nothing there
 * (a select, not a sum of zero), so the same bits as the scalar code. */
gsize
WOOD_EYES_ROW_NAME (TSR_ISA) (const WoodEyesRow *p, gsize n)
{
  const gsize whole = n - n % VN;

  for (gsize i = 0; i < whole; i += VN)
    {
      VD x[2], lift[2], lg0[2], lg1[2], dark[2], halo[2];
      double lo = p->x[i], hi = p->x[i];

      for (int l = 1; l < VN; l++)
        lo = MIN (lo, p->x[i + l]), hi = MAX (hi, p->x[i + l]);
      for (int h = 0; h < 2; h++)
        {
          x[h] = v_loadd (p->x + i + h * VN / 2);
          lift[h] = lg0[h] = lg1[h] = dark[h] = halo[h] = v_splatd (0.0);
        }
      for (int m = 0; m < p->n_eyes; m++)
        {
          const WoodRowEye *e = &p->eyes[m];

          if (e->hi < lo || e->lo > hi)
            continue;
          for (int h = 0; h < 2; h++)
            {
              const double dy = p->y - e->y;
              const VD dx = x[h] - e->x, d2 = dx * dx + dy * dy, q = d2 * e->inv_reach2;
              const VL in = (VL) (q < 1.0);
              const VD a = 1.0 - q, ch = d2 * e->inv_halo2;
              const VD k = e->lift_k * a * a;
              const VD c = dx * dx * e->inv_dot_x2 + dy * dy * e->inv_dot_y2;

              lift[h] = v_seld (in, lift[h] + e->lift * a * a * a, lift[h]);
              lg0[h] = v_seld (in, lg0[h] + k * dx, lg0[h]);
              lg1[h] = v_seld (in, lg1[h] + k * dy, lg1[h]);
              halo[h] = v_seld (in & (VL) (ch < 1.0), halo[h] + (1.0 - ch) * (1.0 - ch), halo[h]);
              dark[h] = v_seld (in & (VL) (c < 1.0), dark[h] + e->depth * (1.0 - c) * (1.0 - c),
                                dark[h]);
            }
        }
      for (int h = 0; h < 2; h++)
        {
          const gsize at = i + h * VN / 2;
          const VD psi = p->rings_per_pixel * p->y + p->figure * v_half (p->swirl + i, h) + lift[h];
          const VD g0 = p->figure * v_half (p->swirl_x + i, h) + lg0[h];
          const VD g1 = p->rings_per_pixel + p->figure * v_half (p->swirl_y + i, h) + lg1[h];
          const VD foot = 1.5 * p->shown_pixel * v_sqrtd (g0 * g0 + g1 * g1);

          memcpy (p->psi + at, &psi, sizeof psi);
          memcpy (p->foot + at, &foot, sizeof foot);
          memcpy (p->slope_x + at, &g0, sizeof g0);
          memcpy (p->slope_y + at, &g1, sizeof g1);
          memcpy (p->dark + at, &dark[h], sizeof dark[h]);
          memcpy (p->halo + at, &halo[h], sizeof halo[h]);
        }
    }
  return whole;
}

/* A slow field's samples from their grid columns, VN a step: where a
 * vector's columns lie within VN of its first, register lookups of one
 * load, else gathers; the scalar loop's products and sums in float. */
gsize
WOOD_SLOW_ROW_NAME (TSR_ISA) (const WoodSlowRow *p, gsize n, float *out)
{
  const gsize whole = n - n % VN;

  for (gsize i = 0; i < whole; i += VN)
    {
      const VI c = v_loadi (p->col + i);
      const VF w0 = v_loadf (p->w[0] + i), w1 = v_loadf (p->w[1] + i);
      const VF w2 = v_loadf (p->w[2] + i), w3 = v_loadf (p->w[3] + i);
      gint32 lo = p->col[i], hi = p->col[i];

      for (int l = 1; l < VN; l++)
        lo = MIN (lo, p->col[i + l]), hi = MAX (hi, p->col[i + l]);
      const VI rel = c - lo;

      for (gsize r = 0; r < p->rows; r++)
        {
          const float *v = p->v + r * p->v_stride;
          VF v0, v1, v2, v3;

          if (hi + 3 - lo < VN)
            v0 = v_lookup (v + lo, rel), v1 = v_lookup (v + lo, rel + 1),
            v2 = v_lookup (v + lo, rel + 2), v3 = v_lookup (v + lo, rel + 3);
          else
            v0 = v_gather (v, c), v1 = v_gather (v, c + 1), v2 = v_gather (v, c + 2),
            v3 = v_gather (v, c + 3);
          v_storef (out + r * p->out_stride + i, w0 * v0 + w1 * v1 + w2 * v2 + w3 * v3);
        }
    }
  return whole;
}
