/* A value carried with its slope in the sheared, warped (u, v) (the
 * chain rule, for the analytic normals), and the vein shapes the
 * fractures and the lenses share. */
#ifndef TSR_MARBLE_SLOPE_H
#define TSR_MARBLE_SLOPE_H

#include <glib.h>

/* A value and its slope in the sheared, warped (u, v). */
typedef struct
{
  float v, u, w;
} TsrSlope;

/* value and slope helpers */
static inline TsrSlope
sl (float v, float u, float w)
{
  return (TsrSlope) { v, u, w };
}

static inline TsrSlope
sl_mul (TsrSlope a, TsrSlope b)
{
  return sl (a.v * b.v, a.u * b.v + a.v * b.u, a.w * b.v + a.v * b.w);
}

static inline TsrSlope
sl_scale (TsrSlope a, float k)
{
  return sl (a.v * k, a.u * k, a.w * k);
}

static inline TsrSlope
sl_add (TsrSlope a, TsrSlope b)
{
  return sl (a.v + b.v, a.u + b.u, a.w + b.w);
}

/* f (a) with f's slope df at a */
static inline TsrSlope
sl_chain (float f, float df, TsrSlope a)
{
  return sl (f, df * a.u, df * a.w);
}

/* How much of a pixel a vein of half-width w covers at distance d from its
 * heart, its edge no sharper than fp (a pixel times the veins' softness):
 * a smooth step 1 -> 0 around d = w, and a vein thinner than that keeps its
 * ink (w / fp) rather than breaking up. */
static inline TsrSlope
vein_cover (TsrSlope d, TsrSlope w, float fp)
{
  const float edge = MAX (w.v, fp);
  const float t = CLAMP (d.v / edge, 0.0f, 1.0f);
  const float step = 1.0f - t * t * (3.0f - 2.0f * t);
  const float dstep = d.v < edge ? -6.0f * t * (1.0f - t) : 0.0f;   /* d step / dt */
  float dd, dw;

  if (w.v >= fp)
    {
      dd = dstep / w.v;
      dw = dstep * -t / w.v;
      return sl (step, dd * d.u + dw * w.u, dd * d.w + dw * w.w);
    }
  dd = dstep / fp * (w.v / fp);
  dw = step / fp;
  return sl (step * (w.v / fp), dd * d.u + dw * w.u, dd * d.w + dw * w.w);
}

/* A soft fall-off, 1 at d = 0 to 0 at the reach r: (1 - d / r)^k, k 2 or 3. */
static inline TsrSlope
fall_off (TsrSlope d, TsrSlope r, int k)
{
  const float t = CLAMP (d.v / r.v, 0.0f, 1.0f), s = 1.0f - t;
  const float sk = k == 3 ? s * s * s : s * s;
  const float dsk = d.v < r.v ? -(float) k * (k == 3 ? s * s : s) : 0.0f;   /* d sk / dt */
  const float dd = dsk / r.v, dr = dsk * -t / r.v;

  return sl (sk, dd * d.u + dr * r.u, dd * d.w + dr * r.w);
}

#endif
