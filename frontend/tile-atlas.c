/* Tile sets as atlas images (tile-atlas.h). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "tile-atlas.h"

/* Corner colours at the 4 x 4 vertices of the block, wrapping: all 16
 * 2 x 2 windows differ, and the top-left tile is all colour 0. */
static const guint8 torus[4][4] = {
  { 0, 0, 1, 0 },
  { 0, 0, 0, 1 },
  { 0, 1, 1, 1 },
  { 1, 0, 1, 1 },
};

void
tile_atlas_layout (TileAtlas *atlas, TsrTileKind kind, int n, int tile_w, int tile_h)
{
  memset (atlas, 0, sizeof *atlas);
  atlas->kind = kind;
  atlas->tile_w = tile_w;
  atlas->tile_h = tile_h;
  if (kind == TSR_TILES_CORNERS)
    {
      atlas->n = TSR_CORNER_TILES;
      atlas->columns = atlas->rows = 4;
      for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
          {
            TsrTileId *id = &atlas->id[r * 4 + c];

            *id = tsr_tile_corner (0);
            id->corner[TSR_CORNER_TL] = torus[r][c];
            id->corner[TSR_CORNER_TR] = torus[r][(c + 1) % 4];
            id->corner[TSR_CORNER_BL] = torus[(r + 1) % 4][c];
            id->corner[TSR_CORNER_BR] = torus[(r + 1) % 4][(c + 1) % 4];
          }
      return;
    }
  atlas->n = n;
  atlas->columns = (int) ceil (sqrt ((double) n) - 1e-9);
  atlas->rows = (n + atlas->columns - 1) / atlas->columns;
  for (int k = 0; k < n; k++)
    atlas->id[k] = tsr_tile_variant ((guint) k);
}

gboolean
tile_atlas_make (TileAtlas *atlas, const TsrSettings *s, const TsrRamp *ramp,
                 const TsrRamp *terrain, guint levels, GError **error)
{
  for (int k = 0; k < atlas->n; k++)
    {
      atlas->tex[k] = tsr_texture_new_tile (s, atlas->tile_w, atlas->tile_h, ramp,
                                            &atlas->id[k], error);
      if (atlas->tex[k] == NULL
          || (terrain != NULL && !tsr_texture_set_terrain (atlas->tex[k], terrain, error)))
        {
          tile_atlas_clear (atlas);
          return FALSE;
        }
      tsr_texture_set_output_levels (atlas->tex[k], levels);
    }
  return TRUE;
}

gboolean
tile_atlas_terrain_ramp (const TsrSettings *s, const char *palette, TsrRamp *terrain,
                         GError **error)
{
  TsrSettings second = *s;

  if (!tsr_settings_parse (&second, "palette", palette, error))
    return FALSE;
  tsr_settings_ramp (&second, NULL, terrain);
  return TRUE;
}

void
tile_atlas_clear (TileAtlas *atlas)
{
  for (int k = 0; k < atlas->n; k++)
    g_clear_pointer (&atlas->tex[k], tsr_texture_free);
}

int
tile_atlas_width (const TileAtlas *atlas)
{
  return atlas->columns * atlas->tile_w;
}

int
tile_atlas_height (const TileAtlas *atlas)
{
  return atlas->rows * atlas->tile_h;
}

void
tile_atlas_render_rows (const TileAtlas *atlas, int row0, int rows, float *rgba, gsize stride)
{
  const int w = atlas->tile_w, h = atlas->tile_h;

  for (int y = row0; y < row0 + rows;)
    {
      const int place_row = y / h, ty = y % h;
      const int run = MIN (row0 + rows - y, h - ty);
      float *dst = rgba + (gsize) (y - row0) * stride;

      for (int c = 0; c < atlas->columns; c++)
        {
          const int k = place_row * atlas->columns + c;

          if (k < atlas->n)
            tsr_texture_eval_rgba_rows (atlas->tex[k], 0, ty, w, run, dst + (gsize) c * w * 4,
                                        stride);
          else
            for (int r = 0; r < run; r++)
              memset (dst + r * stride + (gsize) c * w * 4, 0, (gsize) w * 4 * sizeof (float));
        }
      y += run;
    }
}
