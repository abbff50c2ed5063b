/* --region WxH+X+Y: the part of the texture written. */
#include "config.h"

#include <string.h>

#include "cli.h"
#include "cli-render.h"

/* ImageMagick's geometry WxH+X+Y, inside the width x height texture. */
int
cli_parse_region (const char *text, int width, int height, Region *r)
{
  const char *plus = text != NULL ? strchr (text, '+') : NULL;
  char *size = plus ? g_strndup (text, (gsize) (plus - text)) : NULL;
  char **offsets = plus ? g_strsplit (plus + 1, "+", -1) : NULL;
  guint64 x = 0, y = 0;
  gboolean ok = size != NULL && cli_parse_size (size, &r->width, &r->height)
                && g_strv_length (offsets) == 2
                && cli_parse_uint (offsets[0], TSR_MAX_SIZE, &x)
                && cli_parse_uint (offsets[1], TSR_MAX_SIZE, &y);

  g_free (size);
  g_strfreev (offsets);
  if (!ok)
    return cli_error (CLI_EXIT_USAGE, "--region: expected WxH+X+Y, got '%s'", text);
  r->x = (int) x;
  r->y = (int) y;
  if (x + (guint64) r->width > (guint64) width || y + (guint64) r->height > (guint64) height)
    return cli_error (CLI_EXIT_USAGE, "--region: %s reaches outside the %dx%d texture",
                      text, width, height);
  return CLI_EXIT_OK;
}
