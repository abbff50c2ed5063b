/* The burl's value of a colour map from its parts, VN samples a step (two
 * vectors of doubles): wood-burl.c's product without its gradient, in
 * double in each lane (the float fractals widened exactly, MIN and CLAMP
 * as the scalar code's selects), so the same bits as the scalar loop at
 * any width. */
#include "patterns/wood/wood-burl-rows.h"
#include "patterns/wood/wood-burl-shape.h"
#include "patterns/wood/wood-vec.h"

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
          const VD f = (0.6 * (dx * dx - dy * dy) + 0.8 * 2.0 * dx * dy) / m;
          const VD shine = 1.0 + SHEEN * f;
          const VD speckle = p->fibre_gain * v_fibre (fibre, v_splatd (p->contrast));
          const VD patches = (1.0 + p->mottle_k * mottle) * (1.0 - p->cluster_k * cluster);
          const VD ring_shade = (ring_lines - 0.3) / 0.6;
          const VD eye_depth = p->eye_dark_k * (1.0 - EYE_LINES + EYE_LINES * ring_shade);
          const VD dark = v_loadd (p->dark + at), halo_sum = v_loadd (p->halo + at);
          const VD halo = v_seld ((VL) (halo_sum < 1.0), halo_sum, v_splatd (1.0));
          const VD dark_1 = v_seld ((VL) (dark < 1.0), dark, v_splatd (1.0));
          const VD eye_dot = 1.0 - eye_depth * dark_1, eye_halo = 1.0 + p->halo_k * halo;
          const VD eye = eye_dot * eye_halo;
          const VD speck = v_loadd (p->speck + at);
          const VD vary = 1.0 + CREVICE_VARY * mottle;
          /* the crevices' and the lumps' bells */
          const VD cw = CREVICE_WIDTH * (1.0 + CREVICE_SPREAD * cluster);
          const VD cm = lv / cw, bm = lv / LUMP_BODY;
          const VD cleft = p->crevice_k * vary * v_wood_exp_neg (cm * cm);
          const VD body = v_wood_exp_neg (bm * bm);
          const VD lit = 1.0 + p->relief * (lv_on - lv);
          const VD crevice = (1.0 - cleft) * (1.0 + p->light_k * (1.0 - body)) * lit;
          const VD pale_at = mottle - PALE_SHUNS * cluster;
          const VD pt = v_mind (v_splatd (1.0), v_maxd (v_splatd (0.0),
                                                        (pale_at - PALE_AT) / (2.0 * PALE_EDGE) + 0.5));
          const VD pale = 1.0 + p->pale_k * pt * pt * (3.0 - 2.0 * pt);
          const VD v = BURL_TONE * lines * shine * speckle * patches * eye * crevice * speck * pale;

          half[h] = v_dtof (v_mind (v_splatd (1.0), v_maxd (v_splatd (0.0), v)));
        }
      v_storef (out + i, v_catf (half[0], half[1]));
    }
  return whole;
}
