/* Deterministic sine and cosine of whole turns.
 *
 * libm's sin/cos may differ in the last bit between C libraries and
 * versions; textures must not.  These use only +, *, floor and a fixed
 * polynomial, so they are bit-identical everywhere IEEE-754 doubles are,
 * and vectorise inside row loops.  Absolute error < 1e-9. */
#ifndef TSR_TRIG_H
#define TSR_TRIG_H

#include <glib.h>

G_BEGIN_DECLS

/* sin (2 pi t) and cos (2 pi t), any finite t. */
double tsr_sin_turns (double t);
double tsr_cos_turns (double t);

G_END_DECLS

#endif
