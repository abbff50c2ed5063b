/* Small helpers shared by the core's test programs. */
#ifndef TSR_TEST_HELPERS_H
#define TSR_TEST_HELPERS_H

#include <math.h>
#include "tessera.h"

/* A texture of `pattern` with its defaults plus "key=value" overrides
 * (NULL-terminated); aborts the test on any error. */
static inline TsrTexture *
test_texture (const char *pattern, int w, int h, ...)
{
  TsrSettings s;
  GError *error = NULL;
  TsrTexture *tex;
  va_list ap;
  const char *kv;

  g_assert_true (tsr_settings_init (&s, pattern, &error));
  va_start (ap, h);
  while ((kv = va_arg (ap, const char *)) != NULL)
    {
      char **parts = g_strsplit (kv, "=", 2);
      g_assert_nonnull (parts[1]);
      if (!tsr_settings_parse (&s, parts[0], parts[1], &error))
        g_error ("%s: %s", kv, error->message);
      g_strfreev (parts);
    }
  va_end (ap);
  tex = tsr_texture_new (&s, w, h, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tex);
  return tex;
}

/* Scalar values of a rectangle, single-threaded through the public API. */
static inline float *
test_render_scalar (const TsrTexture *tex, int x, int y, int w, int h, int threads)
{
  float *buf = g_new (float, (gsize) w * h);
  GError *error = NULL;
  g_assert_true (tsr_render_scalar (tex, x, y, w, h, buf, w, threads, NULL, NULL, &error));
  g_assert_no_error (error);
  return buf;
}

#endif
