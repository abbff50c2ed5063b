/* Tile sets (--variants N, --wang corner [--terrain PALETTE] [--tiles]):
 * the atlas, the Tiled and Godot tilesets beside it, and the tiles each
 * in a file of its own. */
#include "config.h"

#include <string.h>

#include "cli.h"
#include "render-args.h"
#include "tile-atlas.h"
#include "tiled-tsx.h"
#include "godot-tres.h"

/* A tile set's options: which set, of how many tiles, and the terrain's
 * second ramp (when asked for). */
int
render_args_check_tile_set (const RenderArgs *a, RenderPlan *plan)
{
  const TsrSettings *s = &plan->settings;
  TsrTileKind *kind = &plan->tile_kind;
  int *n = &plan->n_tiles;
  TsrRamp *terrain = &plan->terrain;
  gboolean *with_terrain = &plan->with_terrain;
  guint64 v;

  *kind = TSR_TILES_NONE;
  *with_terrain = FALSE;
  if (a->variants != NULL && a->wang != NULL)
    return cli_error (CLI_EXIT_USAGE, "--variants and --wang: one set at a time");
  if (a->variants != NULL)
    {
      if (!cli_parse_uint (a->variants, TSR_MAX_VARIANTS, &v) || v < 1)
        return cli_error (CLI_EXIT_USAGE, "--variants: expected 1 .. %d, got '%s'",
                          TSR_MAX_VARIANTS, a->variants);
      *kind = TSR_TILES_VARIANTS;
      *n = (int) v;
    }
  if (a->wang != NULL)
    {
      if (strcmp (a->wang, "corner") != 0)
        return cli_error (CLI_EXIT_USAGE, "--wang: unknown layout '%s' (expected corner)",
                          a->wang);
      *kind = TSR_TILES_CORNERS;
      *n = TSR_CORNER_TILES;
    }
  if (a->terrain != NULL)
    {
      GError *error = NULL;
      int status;

      if (*kind != TSR_TILES_CORNERS)
        return cli_error (CLI_EXIT_USAGE, "--terrain: needs --wang corner");
      if (!tile_atlas_terrain_ramp (s, a->terrain, terrain, &error))
        {
          status = cli_error (CLI_EXIT_USAGE, "--terrain: %s", error->message);
          g_error_free (error);
          return status;
        }
      *with_terrain = TRUE;
    }
  if (*kind == TSR_TILES_NONE)
    return a->tiles ? cli_error (CLI_EXIT_USAGE, "--tiles: needs --variants or --wang")
                    : CLI_EXIT_OK;
  if (a->frames != NULL || a->region != NULL)
    return cli_error (CLI_EXIT_USAGE, "%s: not with a tile set (--variants, --wang)",
                      a->frames != NULL ? "--frames" : "--region");
  return CLI_EXIT_OK;
}

/* The atlas into output, the Tiled tileset beside it (corner tiles) and,
 * with --tiles, each tile into a file of its own. */
static int
write_tile_set (const RenderArgs *a, TileAtlas *atlas, ImageFormat format,
                const ImageOptions *options, const ImageContent *content, int threads)
{
  const Region whole = { 0, 0, tile_atlas_width (atlas), tile_atlas_height (atlas) };
  const Region tile = { 0, 0, atlas->tile_w, atlas->tile_h };
  int status;

  cli_catch_signals ();
  status = cli_write_texture (NULL, atlas, a->output, format, options, &whole, content, threads);
  if (status == CLI_EXIT_OK && atlas->kind == TSR_TILES_CORNERS)
    {
      const char *names[2] = { NULL, NULL };
      char *settings_palette = NULL;
      char *text[2];
      static const char *const ext[2] = { ".tsx", ".tres" };

      names[0] = "A";
      names[1] = "B";
      if (a->terrain != NULL)
        {
          settings_palette = tsr_settings_format (tsr_texture_get_settings (atlas->tex[0]),
                                                  TSR_P_PALETTE);
          names[0] = settings_palette;
          names[1] = a->terrain;
        }
      /* Tiled's tileset and Godot 4's TileSet */
      text[0] = tiled_tsx_text (atlas, a->output, names);
      text[1] = godot_tres_text (atlas, a->output, names);
      for (int f = 0; f < 2; f++)
        {
          char *path = tile_set_sidecar_path (a->output, ext[f]);
          GError *error = NULL;

          if (status == CLI_EXIT_OK && !g_file_set_contents (path, text[f], -1, &error))
            {
              status = cli_error (CLI_EXIT_FAILURE, "%s", error->message);
              g_error_free (error);
            }
          g_free (text[f]);
          g_free (path);
        }
      g_free (settings_palette);
    }
  for (int k = 0; a->tiles && k < atlas->n && status == CLI_EXIT_OK; k++)
    {
      char *path = cli_numbered_path (a->output, "tile", 2, k);

      status = cli_write_texture (atlas->tex[k], NULL, path, format, options, &tile, content,
                                  threads);
      g_free (path);
    }
  return status;
}

/* Renders the tile set the options ask for; everything checked first. */
int
cli_render_tile_set (const RenderArgs *a, const RenderPlan *plan)
{
  const TsrSettings *settings = &plan->settings;
  const TsrRamp *terrain = plan->with_terrain ? &plan->terrain : NULL;
  const ImageFormat format = plan->format;
  const ImageOptions *options = &plan->options;
  const int n = plan->n_tiles;
  TileAtlas atlas;
  ImageContent content = cli_settings_content (settings);
  GError *error = NULL;
  char *message = NULL;
  int status;

  tile_atlas_layout (&atlas, plan->tile_kind, n, plan->width, plan->height);
  if (!image_format_size_fits (format, options, tile_atlas_width (&atlas),
                               tile_atlas_height (&atlas), &message))
    {
      status = cli_error (CLI_EXIT_USAGE, "--size %s: the %dx%d atlas: %s", a->size,
                          tile_atlas_width (&atlas), tile_atlas_height (&atlas), message);
      g_free (message);
      return status;
    }
  if (!tile_atlas_make (&atlas, settings, NULL, terrain,
                        image_format_is_float (format) ? 0 : (1u << format.depth) - 1,
                        &error))
    {
      status = cli_error (CLI_EXIT_USAGE, "%s", error->message);
      g_error_free (error);
      return status;
    }
  if ((guint) n > tsr_texture_tile_capacity (atlas.tex[0]))
    {
      tile_atlas_clear (&atlas);
      return cli_error (CLI_EXIT_USAGE, "--variants %d: the tile's lattices can tell only %u "
                        "apart (a larger tile or a smaller scale)", n,
                        tsr_texture_tile_capacity (atlas.tex[0]));
    }
  if (terrain != NULL)
    content.grey = content.data = FALSE;
  status = write_tile_set (a, &atlas, format, options, &content, plan->threads);
  tile_atlas_clear (&atlas);
  return status;
}
