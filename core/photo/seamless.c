#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "photo/seamless.h"
#include "photo/even-light.h"
#include "photo/torus-quilt.h"
#include "texture/texture.h"

const TsrSeamlessParamInfo tsr_seamless_params[TSR_SP_COUNT] = {
#define TSR_SP_ROW(id, key, lo, hi, def, integer, help) { key, lo, hi, def, integer, help },
  TSR_SEAMLESS_PARAMS (TSR_SP_ROW)
#undef TSR_SP_ROW
};

void
tsr_seamless_settings_init (TsrSeamlessSettings *s)
{
  for (int i = 0; i < TSR_SP_COUNT; i++)
    s->value[i] = tsr_seamless_params[i].fallback;
}

gboolean
tsr_seamless_settings_parse (TsrSeamlessSettings *s, const char *key, const char *value,
                             GError **error)
{
  for (int i = 0; i < TSR_SP_COUNT; i++)
    {
      const TsrSeamlessParamInfo *p = &tsr_seamless_params[i];
      char *end;
      double v;

      if (g_strcmp0 (key, p->key) != 0)
        continue;
      errno = 0;
      v = g_ascii_strtod (value, &end);
      if (*value == '\0' || *end != '\0' || errno != 0 || !isfinite (v)
          || v < p->minimum || v > p->maximum || (p->integer && v != floor (v)))
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                       "%s: expected %s from %.15g to %.15g, got '%s'", key,
                       p->integer ? "a whole number" : "a number", p->minimum, p->maximum, value);
          return FALSE;
        }
      s->value[i] = v;
      return TRUE;
    }
  g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_PARAMETER,
               "'%s' is not a setting of seamless tiles (seed, patch, overlap, candidates, "
               "even-light)", key);
  return FALSE;
}

gboolean
tsr_seamless_check (int pw, int ph, int width, int height, GError **error)
{
  if (pw < TSR_PHOTO_MIN_SIDE || ph < TSR_PHOTO_MIN_SIDE)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "the photograph is %dx%d: a seamless tile needs at least %d pixels a side",
                   pw, ph, TSR_PHOTO_MIN_SIDE);
      return FALSE;
    }
  if (width < TSR_PHOTO_MIN_SIDE || height < TSR_PHOTO_MIN_SIDE
      || width > TSR_PHOTO_MAX_SIDE || height > TSR_PHOTO_MAX_SIDE
      || (gint64) width * height > TSR_PHOTO_MAX_PIXELS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "tile size %dx%d: expected %d to %d pixels a side and at most %d megapixels",
                   width, height, TSR_PHOTO_MIN_SIDE, TSR_PHOTO_MAX_SIDE,
                   (int) (TSR_PHOTO_MAX_PIXELS >> 20));
      return FALSE;
    }
  return TRUE;
}

TsrImage *
tsr_seamless (const TsrImage *photo, int width, int height, const TsrSeamlessSettings *s,
              GError **error)
{
  const int shorter = MIN (photo->width, photo->height);
  g_autoptr (TsrImage) evened = NULL;
  TsrQuiltParams q;

  if (!tsr_seamless_check (photo->width, photo->height, width, height, error))
    return NULL;
  q.seed = (guint32) s->value[TSR_SP_SEED];
  q.patch = (int) s->value[TSR_SP_PATCH];
  if (q.patch == 0)
    q.patch = CLAMP (shorter / 4, 16, 256);
  q.overlap = MAX (1, (int) lrint (q.patch * s->value[TSR_SP_OVERLAP]));
  q.candidates = (int) s->value[TSR_SP_CANDIDATES];

  if (s->value[TSR_SP_EVEN_LIGHT] > 0.0)
    {
      if ((evened = tsr_image_new (photo->width, photo->height, photo->channels, error)) == NULL)
        return NULL;
      memcpy (evened->pixels, photo->pixels,
              sizeof (float) * photo->width * photo->height * photo->channels);
      /* The light's scale: larger than the patches, whose own shading is
       * the material's. */
      tsr_even_light (evened, s->value[TSR_SP_EVEN_LIGHT], MAX (q.patch, shorter / 4));
      photo = evened;
    }
  return tsr_torus_quilt (photo, width, height, &q, error);
}
