/* Vector twins of marble-slope.h for the marble's row kernels
 * (marble-fractures-rows.c, marble-lenses-rows.c): a value and its slope
 * in each lane, and the vein shapes, the scalar operations in the same
 * order in each lane.  Included by files compiled once per instruction
 * set (VN lanes, math/vec.h). */
#ifndef TSR_MARBLE_SLOPE_VEC_H
#define TSR_MARBLE_SLOPE_VEC_H

#include "math/vec.h"

/* A value and its slope (TsrSlope) in each lane; the slope is left alone
 * where `s` (a constant where inlined) is FALSE. */
typedef struct
{
  VF v, u, w;
} VS;

TSR_VINLINE VS
vs (VF v, VF u, VF w)
{
  return (VS) { v, u, w };
}

/* sl (x, 0, 0) */
TSR_VINLINE VS
vs_const (float x)
{
  return vs (v_splatf (x), v_splatf (0.0f), v_splatf (0.0f));
}

TSR_VINLINE VS
vs_mul (VS a, VS b, gboolean s)
{
  return s ? vs (a.v * b.v, a.u * b.v + a.v * b.u, a.w * b.v + a.v * b.w) : vs (a.v * b.v, a.u, a.w);
}

TSR_VINLINE VS
vs_scale (VS a, float k, gboolean s)
{
  return s ? vs (a.v * k, a.u * k, a.w * k) : vs (a.v * k, a.u, a.w);
}

TSR_VINLINE VS
vs_add (VS a, VS b, gboolean s)
{
  return s ? vs (a.v + b.v, a.u + b.u, a.w + b.w) : vs (a.v + b.v, a.u, a.w);
}

/* sl_chain: f with its slope df times a's */
TSR_VINLINE VS
vs_chain (VF f, VF df, VS a, gboolean s)
{
  return s ? vs (f, df * a.u, df * a.w) : vs (f, a.u, a.w);
}

/* where m, a, else b */
TSR_VINLINE VS
vs_sel (VI m, VS a, VS b, gboolean s)
{
  return s ? vs (v_sel (m, a.v, b.v), v_sel (m, a.u, b.u), v_sel (m, a.w, b.w))
           : vs (v_sel (m, a.v, b.v), a.u, a.w);
}

/* sl (1 - a.v, -a.u, -a.w) */
TSR_VINLINE VS
vs_rest (VS a, gboolean s)
{
  return s ? vs (1.0f - a.v, -a.u, -a.w) : vs (1.0f - a.v, a.u, a.w);
}

/* CLAMP (x, lo, hi) as glib's macro reads it */
TSR_VINLINE VF
v_clamp (VF x, float lo, float hi)
{
  return v_sel (x > hi, v_splatf (hi), v_sel (x < lo, v_splatf (lo), x));
}

/* t > 0 && t < 1 ? x : 0 */
TSR_VINLINE VF
v_inside (VF t, VF x)
{
  return (VF) ((VI) x & (t > 0.0f) & (t < 1.0f));
}

/* vein_cover */
TSR_VINLINE VS
v_vein_cover (VS d, VS w, float fp, gboolean s)
{
  const VF edge = v_maxf (w.v, v_splatf (fp));
  const VF t = v_clamp (d.v / edge, 0.0f, 1.0f);
  const VF step = 1.0f - t * t * (3.0f - 2.0f * t);
  const VI wide = w.v >= fp;
  VS r = vs (v_sel (wide, step, step * (w.v / fp)), d.u, d.w);

  if (s)
    {
      const VF dstep = (VF) ((VI) (-6.0f * t * (1.0f - t)) & (d.v < edge));
      const VF dd = v_sel (wide, dstep / w.v, dstep / fp * (w.v / fp));
      const VF dw = v_sel (wide, dstep * -t / w.v, step / fp);

      r.u = dd * d.u + dw * w.u;
      r.w = dd * d.w + dw * w.w;
    }
  return r;
}

/* fall_off, its reach sl (r, 0, 0) */
TSR_VINLINE VS
v_fall_off (VS d, float r, int k, gboolean s)
{
  const VF t = v_clamp (d.v / r, 0.0f, 1.0f), sk = 1.0f - t;
  VS out = vs (k == 3 ? sk * sk * sk : sk * sk, d.u, d.w);

  if (s)
    {
      const VF dsk = (VF) ((VI) (-(float) k * (k == 3 ? sk * sk : sk)) & (d.v < r));
      const VF dd = dsk / r, dr = dsk * -t / r;

      out.u = dd * d.u + dr * 0.0f;
      out.w = dd * d.w + dr * 0.0f;
    }
  return out;
}

#endif
