/* The core's own rendering of what the tests ask GIMP for. */
#include <string.h>

#include "reference.h"

TsrTexture *
ref_texture (const char *pattern, const char *const *kv, int width, int height,
             const TsrRamp *ramp)
{
  TsrSettings s;
  GError *error = NULL;
  TsrTexture *tex;

  if (!tsr_settings_init (&s, pattern, &error))
    g_error ("%s", error->message);
  for (guint i = 0; kv != NULL && kv[i] != NULL; i++)
    {
      char **parts = g_strsplit (kv[i], "=", 2);
      if (parts[1] == NULL || !tsr_settings_parse (&s, parts[0], parts[1], &error))
        g_error ("%s: %s", kv[i], error ? error->message : "not KEY=VALUE");
      g_strfreev (parts);
    }
  tex = tsr_texture_new (&s, width, height, ramp, &error);
  if (tex == NULL)
    g_error ("%s", error->message);
  return tex;
}

float *
ref_rgba (const TsrTexture *tex, int x, int y, int w, int h)
{
  float *rgba = g_new (float, (gsize) 4 * w * h);
  GError *error = NULL;

  if (!tsr_render (tex, x, y, w, h, rgba, (gsize) 4 * w, 0, NULL, NULL, &error))
    g_error ("%s", error->message);
  return rgba;
}
