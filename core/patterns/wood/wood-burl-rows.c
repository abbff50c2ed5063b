/* The burl's value of a colour map from its parts, VN samples a step:
 * wood-burl.c's burl_value, in float in each lane (the double parts
 * rounded as its casts, MIN and CLAMP as its selects), so the same bits
 * as the scalar code at any width. */
#include <string.h>

#include "patterns/wood/wood-burl-rows.h"
#include "patterns/wood/wood-burl-shape.h"
#include "patterns/wood/wood-vec.h"

/* wood-burl.c's burl_expf_neg in each lane */
TSR_VINLINE VF
v_burl_expf_neg (VF z)
{
  const VF zc = v_minf (z, v_splatf (BURL_EXPF_MAX));
  const VI k = __builtin_convertvector (zc * BURL_EXPF_INV_LN2 + 0.5f, VI);
  const VF kf = v_itof (k);
  const VF r = (kf * BURL_EXPF_LN2_HI - zc) + kf * BURL_EXPF_LN2_LO;

  return BURL_EXPF_POLY (r) * (VF) ((127 - k) << 23);
}

/* VN doubles as floats (each rounded as a cast) */
TSR_VINLINE VF
v_loadd_f (const double *p)
{
  return v_catf (v_dtof (v_loadd (p)), v_dtof (v_loadd (p + VN / 2)));
}

gsize
WOOD_BURL_ROW_NAME (TSR_ISA) (const WoodBurlRow *p, gsize n, float *out)
{
  const gsize whole = n - n % VN;
  const float fibre_gain = (float) p->fibre_gain, contrast = (float) p->contrast;
  const float floor2 = (float) p->floor2, mottle_k = (float) p->mottle_k;
  const float cluster_k = (float) p->cluster_k, eye_dark_k = (float) p->eye_dark_k;
  const float halo_k = (float) p->halo_k, pale_k = (float) p->pale_k;
  const float crevice_k = (float) p->crevice_k, light_k = (float) p->light_k;
  const float relief = (float) p->relief, speck_k = (float) p->speck_k;

  for (gsize i = 0; i < whole; i += VN)
    {
      const VF fibre = v_loadf (p->fibre + i), mottle = v_loadf (p->mottle + i);
      const VF cluster = v_loadf (p->cluster + i);
      const VF lv = v_loadf (p->lump + i), lv_on = v_loadf (p->lump_on + i);
      const VF ring_lines = v_loadd_f (p->lines + i);
      const VF lines = (float) LINES_MEAN + (float) LINES_DEPTH * (ring_lines - (float) LINES_MEAN);
      /* sheen, with one division for its 1 / m and the crevices' 1 / cw */
      const VF dx = v_loadd_f (p->slope_x + i), dy = v_loadd_f (p->slope_y + i);
      const VF m = dx * dx + dy * dy + floor2;
      const VF cw = (float) CREVICE_WIDTH * (1.0f + (float) CREVICE_SPREAD * cluster);
      const VF inv = 1.0f / (m * cw);
      const VF f = (0.6f * (dx * dx - dy * dy) + 1.6f * dx * dy) * (cw * inv);
      const VF shine = 1.0f + (float) SHEEN * f;
      /* wood_fibre */
      const VF fc = 0.5f + 0.5f * fibre;
      const VF speckle = fibre_gain * ((1.0f + 0.25f * contrast)
                                       * (1.0f / (1.0f + 2.0f * contrast * (fc * fc))));
      const VF patches = (1.0f + mottle_k * mottle) * (1.0f - cluster_k * cluster);
      const VF ring_shade = (ring_lines - 0.3f) * (float) (1.0 / 0.6);
      const VF eye_depth = eye_dark_k * ((float) (1.0 - EYE_LINES) + (float) EYE_LINES * ring_shade);
      const VF dark = v_minf (v_loadd_f (p->dark + i), v_splatf (1.0f));
      const VF halo = v_minf (v_loadd_f (p->halo + i), v_splatf (1.0f));
      const VF eye = (1.0f - eye_depth * dark) * (1.0f + halo_k * halo);
      /* wood_pixel_pores_of */
      const VF u = v_loadd_f (p->units + i);
      const VF speck = 1.0f - speck_k * (u * u * u * 4.0f - 1.0f);
      const VF vary = 1.0f + (float) CREVICE_VARY * mottle;
      /* the crevices' and the lumps' bells */
      const VF cm = lv * (m * inv), bm = lv * (float) (1.0 / LUMP_BODY);
      const VF cleft = crevice_k * vary * v_burl_expf_neg (cm * cm);
      const VF body = v_burl_expf_neg (bm * bm);
      const VF lit = 1.0f + relief * (lv_on - lv);
      const VF crevice = (1.0f - cleft) * (1.0f + light_k * (1.0f - body)) * lit;
      const VF pale_at = mottle - (float) PALE_SHUNS * cluster;
      const VF pt = v_minf (v_splatf (1.0f),
                            v_maxf (v_splatf (0.0f), (pale_at - (float) PALE_AT)
                                                     * (float) (0.5 / PALE_EDGE) + 0.5f));
      const VF pale = 1.0f + pale_k * pt * pt * (3.0f - 2.0f * pt);
      const VF v = (float) BURL_TONE * lines * shine * speckle * patches * eye * crevice * speck * pale;

      v_storef (out + i, v_minf (v_splatf (1.0f), v_maxf (v_splatf (0.0f), v)));
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
