#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "photo/seamless.h"
#include "photo/even-light.h"
#include "photo/torus-quilt.h"
#include "texture/texture.h"

const TsrSeamlessParamInfo tsr_seamless_params[TSR_SP_COUNT] = {
#define TSR_SP_ROW(id, key, label, lo, hi, def, integer, maps, help) \
  { key, label, lo, hi, def, integer, maps, help },
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
  {
    GString *keys = g_string_new (NULL);

    for (int i = 0; i < TSR_SP_COUNT; i++)
      g_string_append_printf (keys, "%s%s", i ? ", " : "", tsr_seamless_params[i].key);
    g_set_error (error, TSR_ERROR, TSR_ERROR_UNKNOWN_PARAMETER,
                 "'%s' is not a setting of seamless tiles (%s)", key, keys->str);
    g_string_free (keys, TRUE);
  }
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

/* The patch side the settings resolve to for a photograph of this
 * shorter side. */
static int
resolved_patch (const TsrSeamlessSettings *s, int shorter)
{
  const int patch = (int) s->value[TSR_SP_PATCH];

  return patch != 0 ? patch : CLAMP (shorter / 4, 16, 256);
}

/* The scale of the photograph's light: larger than the patches, whose own
 * shading is the material's. */
static int
light_radius (const TsrSeamlessSettings *s, int shorter)
{
  return MAX (resolved_patch (s, shorter), shorter / 4);
}

void
tsr_seamless_height_params (const TsrSeamlessSettings *s, int photo_width, int photo_height,
                            gboolean linear, TsrHeightParams *hp)
{
  hp->balance = s->value[TSR_SP_HEIGHT_BALANCE];
  hp->invert = s->value[TSR_SP_HEIGHT_INVERT] != 0.0;
  hp->linear = linear;
  hp->light_radius = light_radius (s, MIN (photo_width, photo_height));
}

const TsrImage *
tsr_seamless_prepare (const TsrImage *photo, const TsrSeamlessSettings *s, TsrQuiltParams *q,
                      TsrImage **evened, GError **error)
{
  const int shorter = MIN (photo->width, photo->height);

  *evened = NULL;
  q->seed = (guint32) s->value[TSR_SP_SEED];
  q->patch = resolved_patch (s, shorter);
  q->overlap = MAX (1, (int) lrint (q->patch * s->value[TSR_SP_OVERLAP]));
  q->candidates = (int) s->value[TSR_SP_CANDIDATES];
  if (s->value[TSR_SP_EVEN_LIGHT] <= 0.0)
    return photo;
  if ((*evened = tsr_image_new (photo->width, photo->height, photo->channels, error)) == NULL)
    return NULL;
  memcpy ((*evened)->pixels, photo->pixels,
          sizeof (float) * photo->width * photo->height * photo->channels);
  tsr_even_light (*evened, s->value[TSR_SP_EVEN_LIGHT], light_radius (s, shorter));
  return *evened;
}

TsrImage *
tsr_seamless (const TsrImage *photo, int width, int height, const TsrSeamlessSettings *s,
              GError **error)
{
  g_autoptr (TsrImage) evened = NULL;
  TsrQuiltParams q;

  if (!tsr_seamless_check (photo->width, photo->height, width, height, error)
      || (photo = tsr_seamless_prepare (photo, s, &q, &evened, error)) == NULL)
    return NULL;
  return tsr_torus_quilt (photo, width, height, &q, error);
}
