/* The ICC profile embedded in float TIFFs: sRGB primaries, linear TRCs.
 *
 * GIMP reads a float TIFF as linear only when its embedded profile is a
 * matrix/TRC profile with linear curves (gimp_color_profile_is_linear);
 * without one it assumes non-linear sRGB.  Since the CLI writes linear
 * light to float files, it says so with this profile. */
#ifndef TSR_ICC_PROFILE_H
#define TSR_ICC_PROFILE_H

#include <glib.h>

G_BEGIN_DECLS

/* babl's ICC display profile of sRGB with identity TRCs (a matrix/TRC
 * profile: D50 white, sRGB colorants adapted to D50).  Free with g_free ().
 * Made once a process: the first call starts and stops babl, which cannot
 * be started again after that. */
guint8 *icc_linear_srgb_profile (gsize *length);

G_END_DECLS

#endif
