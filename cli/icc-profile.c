/* The linear-light sRGB ICC profile, made by babl: sRGB's space with its
 * curve replaced by the identity. */
#include "config.h"

#include <babl/babl.h>

#include "icc-profile.h"

/* babl cannot be started again once its last babl_exit has run (it reuses
 * freed state), so it is started once, for the first profile, and the
 * bytes are kept for the process's later ones (frames). */
static gpointer
make_profile (gpointer unused)
{
  const Babl *space;
  const char *icc;
  GBytes *bytes;
  int size = 0;

  (void) unused;
  babl_init ();
  space = babl_space_with_trc (babl_space ("sRGB"), babl_trc ("linear"));
  icc = babl_space_get_icc (space, &size);
  bytes = g_bytes_new (icc, (gsize) size);
  babl_exit ();
  return bytes;
}

guint8 *
icc_linear_srgb_profile (gsize *length)
{
  static GOnce once = G_ONCE_INIT;
  GBytes *profile = g_once (&once, make_profile, NULL);

  *length = g_bytes_get_size (profile);
  return g_memdup2 (g_bytes_get_data (profile, NULL), *length);
}
