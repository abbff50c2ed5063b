/* Tiled tilesets of corner tile atlases (tiled-tsx.h), TSX as Tiled 1.5+
 * reads it: a wangtile's wangid lists the colours (1-based, 0 unset) at
 * top, top right, right, bottom right, bottom, bottom left, left, top
 * left; a corner set leaves the four edges unset. */
#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "tiled-tsx.h"

/* Colours to show the two in Tiled's terrain panel. */
static const char *const swatch[2] = { "#4f8a2b", "#e0c98f" };

char *
tile_set_sidecar_path (const char *image_path, const char *ext)
{
  const char *slash = strrchr (image_path, '/');
  const char *dot = strrchr (slash ? slash + 1 : image_path, '.');
  gsize stem = dot ? (gsize) (dot - image_path) : strlen (image_path);

  return g_strdup_printf ("%.*s%s", (int) stem, image_path, ext);
}

/* g_string_append_printf with the strings escaped for XML. */
static void G_GNUC_PRINTF (2, 3)
append_xml (GString *t, const char *format, ...)
{
  va_list ap;
  char *text;

  va_start (ap, format);
  text = g_markup_vprintf_escaped (format, ap);
  va_end (ap);
  g_string_append (t, text);
  g_free (text);
}

char *
tiled_tsx_text (const TileAtlas *atlas, const char *image_path, const char *const names[2])
{
  GString *t = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  char *base = g_path_get_basename (image_path);
  char *name = g_path_get_basename (image_path);
  char *dot = strrchr (name, '.');

  if (dot != NULL && dot != name)
    *dot = '\0';
  append_xml (t, "<tileset version=\"1.8\" name=\"%s\" tilewidth=\"%d\" "
              "tileheight=\"%d\" tilecount=\"%d\" columns=\"%d\">\n",
              name, atlas->tile_w, atlas->tile_h, atlas->n, atlas->columns);
  append_xml (t, " <image source=\"%s\" width=\"%d\" height=\"%d\"/>\n",
              base, tile_atlas_width (atlas), tile_atlas_height (atlas));
  append_xml (t, " <wangsets>\n  <wangset name=\"%s\" type=\"corner\" tile=\"-1\">\n", name);
  for (int c = 0; c < 2; c++)
    append_xml (t, "   <wangcolor name=\"%s\" color=\"%s\" tile=\"-1\" probability=\"1\"/>\n",
                names[c], swatch[c]);
  for (int k = 0; k < atlas->n; k++)
    {
      const guint8 *c = atlas->id[k].corner;

      g_string_append_printf (t, "   <wangtile tileid=\"%d\" wangid=\"0,%d,0,%d,0,%d,0,%d\"/>\n",
                              k, c[TSR_CORNER_TR] + 1, c[TSR_CORNER_BR] + 1,
                              c[TSR_CORNER_BL] + 1, c[TSR_CORNER_TL] + 1);
    }
  g_string_append (t, "  </wangset>\n </wangsets>\n</tileset>\n");
  g_free (base);
  g_free (name);
  return g_string_free (t, FALSE);
}
