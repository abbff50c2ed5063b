/* Godot 4 TileSet resources of corner tile atlases (godot-tres.h), in the
 * text resource format 3: an ext_resource for the atlas image, a
 * TileSetAtlasSource sub-resource with a tile at each atlas place
 * ("COLUMN:ROW/0" properties), and the TileSet itself with terrain set 0
 * in mode 1 (TERRAIN_MODE_MATCH_CORNERS). */
#include "config.h"

#include <string.h>

#include "godot-tres.h"

/* The terrains' colours in Godot's terrain panel (as the .tsx's). */
static const char *const swatch[2] = { "Color(0.31, 0.54, 0.17, 1)", "Color(0.88, 0.79, 0.56, 1)" };

/* A string as Godot's text resources quote it. */
static void
append_quoted (GString *t, const char *s)
{
  g_string_append_c (t, '"');
  for (; *s != '\0'; s++)
    {
      if (*s == '"' || *s == '\\')
        g_string_append_c (t, '\\');
      g_string_append_c (t, *s);
    }
  g_string_append_c (t, '"');
}

char *
godot_tres_text (const TileAtlas *atlas, const char *image_path, const char *const names[2])
{
  static const char *const corner_bit[4] = {
    [TSR_CORNER_TL] = "top_left_corner", [TSR_CORNER_TR] = "top_right_corner",
    [TSR_CORNER_BL] = "bottom_left_corner", [TSR_CORNER_BR] = "bottom_right_corner",
  };
  GString *t = g_string_new ("[gd_resource type=\"TileSet\" load_steps=3 format=3]\n\n");
  char *base = g_path_get_basename (image_path);

  g_string_append (t, "[ext_resource type=\"Texture2D\" path=");
  append_quoted (t, base);
  g_string_append (t, " id=\"1_atlas\"]\n\n");
  g_string_append (t, "[sub_resource type=\"TileSetAtlasSource\" id=\"TileSetAtlasSource_1\"]\n"
                      "texture = ExtResource(\"1_atlas\")\n");
  g_string_append_printf (t, "texture_region_size = Vector2i(%d, %d)\n", atlas->tile_w,
                          atlas->tile_h);
  for (int k = 0; k < atlas->n; k++)
    {
      const guint8 *c = atlas->id[k].corner;
      const int col = k % atlas->columns, row = k / atlas->columns;
      const int ones = c[0] + c[1] + c[2] + c[3];

      g_string_append_printf (t, "%d:%d/0 = 0\n%d:%d/0/terrain_set = 0\n", col, row, col, row);
      /* the tile's own terrain: most of its corners' (top left's on a tie);
       * Godot paints a cell's terrain with tiles of it */
      g_string_append_printf (t, "%d:%d/0/terrain = %d\n", col, row,
                              ones == 2 ? c[TSR_CORNER_TL] : ones > 2);
      for (int b = 0; b < 4; b++)
        g_string_append_printf (t, "%d:%d/0/terrains_peering_bit/%s = %d\n", col, row,
                                corner_bit[b], c[b]);
    }
  g_string_append_printf (t, "\n[resource]\ntile_size = Vector2i(%d, %d)\n", atlas->tile_w,
                          atlas->tile_h);
  g_string_append (t, "terrain_set_0/mode = 1\n");
  for (int c = 0; c < 2; c++)
    {
      g_string_append_printf (t, "terrain_set_0/terrain_%d/name = ", c);
      append_quoted (t, names[c]);
      g_string_append_printf (t, "\nterrain_set_0/terrain_%d/color = %s\n", c, swatch[c]);
    }
  g_string_append (t, "sources/0 = SubResource(\"TileSetAtlasSource_1\")\n");
  g_free (base);
  return g_string_free (t, FALSE);
}
