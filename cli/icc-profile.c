/* The linear-light sRGB ICC profile, made by babl: sRGB's space with its
 * curve replaced by the identity. */
#include "config.h"

#include <babl/babl.h>

#include "icc-profile.h"

guint8 *
icc_linear_srgb_profile (gsize *length)
{
  const Babl *space;
  const char *icc;
  guint8 *copy;
  int size = 0;

  /* babl keeps its spaces until the last babl_exit: the bytes are copied. */
  babl_init ();
  space = babl_space_with_trc (babl_space ("sRGB"), babl_trc ("linear"));
  icc = babl_space_get_icc (space, &size);
  copy = g_memdup2 (icc, (guint) size);
  babl_exit ();
  *length = (gsize) size;
  return copy;
}
