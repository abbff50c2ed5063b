/* The wood's tint numbers along a row, VN pixels a step (two vectors of
 * doubles): wood_tint's smooth steps and bilinear blend of the lattice
 * numbers, read from the row's table, and the burl's grey, in double in
 * each lane, so the same bits as its scalar loop at any width. */
#include <string.h>

#include "patterns/wood/wood-tint-rows.h"
#include "patterns/wood/wood-vec.h"

static inline void
v_stored (double *p, VD v)
{
  memcpy (p, &v, sizeof v);
}

void
WOOD_TINT_TABLE_NAME (TSR_ISA) (guint32 seed, gint32 cols, gint32 c0, gsize n, gint32 j0,
                                gint32 j1, double *top, double *bottom)
{
  for (gsize i = 0; i < n; i += VN)
    {
      VD c[2], u[2];
      const VU h1 = v_hash1 (seed, v_wood_run ((double) c0 + (double) i, cols, c));

      v_hash_unit_d (v_hash2_from1 (h1, (VI) { 0 } + j0), &u[0], &u[1]);
      for (int h = 0; h < 2; h++)
        v_stored (top + i + h * VN / 2, 2.0 * u[h] - 1.0);
      v_hash_unit_d (v_hash2_from1 (h1, (VI) { 0 } + j1), &u[0], &u[1]);
      for (int h = 0; h < 2; h++)
        v_stored (bottom + i + h * VN / 2, 2.0 * u[h] - 1.0);
    }
}

gsize
WOOD_TINT_ROW_NAME (TSR_ISA) (const WoodTintRow *p, gsize n, float *hue, float *sat)
{
  const gsize whole = n - n % VN;

  for (gsize i = 0; i < whole; i += VN)
    {
      VFH num_f[2][2];

      for (int h = 0; h < 2; h++)
        {
          const gsize at = i + h * VN / 2;
          const VD tx = (v_floor_d (v_loadd (p->x + at)) + 0.5) * p->per_w + p->offset;
          const VD ci = v_floor_d (tx), fx = tx - ci, sx = fx * fx * (3.0 - 2.0 * fx);
          const VIH idx = v_dtoi (ci) - p->c0, next = idx + 1;
          VD num[2];

          for (int k = 0; k < 2; k++)
            {
              const VD q0 = v_gatherd (p->corner[k][0], idx), q1 = v_gatherd (p->corner[k][0], next);
              const VD q2 = v_gatherd (p->corner[k][1], idx), q3 = v_gatherd (p->corner[k][1], next);
              const VD top = q0 + (q1 - q0) * sx, bottom = q2 + (q3 - q2) * sx;

              num[k] = p->gain[k] * (top + (bottom - top) * p->sy);
            }
          if (p->grey)
            {
              const VD e = (BURL_GREY_FROM - v_half (p->v + i, h)) / (BURL_GREY_FROM - BURL_GREY_FULL);
              const VD g = v_seld ((VL) (e > 1.0), v_splatd (1.0),
                                   v_seld ((VL) (e < 0.0), v_splatd (0.0), e));

              num[0] += BURL_GREY_HUE * g, num[1] += BURL_GREY_SAT * g;
            }
          for (int k = 0; k < 2; k++)
            num_f[k][h] = v_dtof (num[k]);
        }
      v_storef (hue + i, v_catf (num_f[0][0], num_f[0][1]));
      v_storef (sat + i, v_catf (num_f[1][0], num_f[1][1]));
    }
  return whole;
}
