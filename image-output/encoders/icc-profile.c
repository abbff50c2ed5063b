/* The linear-light sRGB ICC profile, made by babl: sRGB's space with its
 * curve replaced by the identity. */
#include "config.h"

#include <string.h>

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
  guint8 *copy;
  int size = 0;

  (void) unused;
  babl_init ();
  space = babl_space_with_trc (babl_space ("sRGB"), babl_trc ("linear"));
  icc = babl_space_get_icc (space, &size);
  copy = g_memdup2 (icc, (guint) size);
  babl_exit ();
  /* babl leaves some header fields unwritten (whatever its heap held):
   * platform, flags, device manufacturer, model and attributes (bytes
   * 40-63), the profile ID and the reserved bytes (84-127).  Zero is
   * valid in each (no ID computed), and the file's bytes then depend on
   * the settings alone, not on the heap (or the thread count). */
  if (size >= 128)
    {
      memset (copy + 40, 0, 24);
      memset (copy + 84, 0, 44);
    }
  return g_bytes_new_take (copy, (gsize) size);
}

guint8 *
icc_linear_srgb_profile (gsize *length)
{
  static GOnce once = G_ONCE_INIT;
  GBytes *profile = g_once (&once, make_profile, NULL);

  *length = g_bytes_get_size (profile);
  return g_memdup2 (g_bytes_get_data (profile, NULL), *length);
}
