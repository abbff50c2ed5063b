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

static GPtrArray *tile_set_paths (const RenderArgs *a, TsrTileKind kind, int n);

/* The atlas within what the renderer and the format can hold. */
static int
check_atlas_size (const RenderArgs *a, const RenderPlan *plan)
{
  TileAtlas atlas;
  char *message = NULL;
  int status, w, h;

  tile_atlas_layout (&atlas, plan->tile_kind, plan->n_tiles, plan->width, plan->height);
  w = tile_atlas_width (&atlas);
  h = tile_atlas_height (&atlas);
  if (w > TSR_MAX_SIZE || h > TSR_MAX_SIZE)
    return cli_error (CLI_EXIT_USAGE, "--size %s: the %dx%d atlas is larger than %d pixels a "
                      "side, the most a texture can be", a->size, w, h, TSR_MAX_SIZE);
  if (!image_format_size_fits (plan->format, &plan->options, w, h, &message))
    {
      status = cli_error (CLI_EXIT_USAGE, "--size %s: the %dx%d atlas: %s", a->size, w, h,
                          message);
      g_free (message);
      return status;
    }
  return CLI_EXIT_OK;
}

int
cli_tile_set_kind (const char *variants, const char *wang, TsrTileKind *kind, int *n)
{
  guint64 v;

  *kind = TSR_TILES_NONE;
  if (variants != NULL && wang != NULL)
    return cli_error (CLI_EXIT_USAGE, "--variants and --wang: one set at a time");
  if (variants != NULL)
    {
      if (!cli_parse_uint (variants, TSR_MAX_VARIANTS, &v) || v < 1)
        return cli_error (CLI_EXIT_USAGE, "--variants: expected 1 .. %d, got '%s'",
                          TSR_MAX_VARIANTS, variants);
      *kind = TSR_TILES_VARIANTS;
      *n = (int) v;
    }
  if (wang != NULL)
    {
      if (strcmp (wang, "corner") != 0)
        return cli_error (CLI_EXIT_USAGE, "--wang: unknown layout '%s' (expected corner)",
                          wang);
      *kind = TSR_TILES_CORNERS;
      *n = TSR_CORNER_TILES;
    }
  return CLI_EXIT_OK;
}

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
  int status;

  *with_terrain = FALSE;
  if ((status = cli_tile_set_kind (a->variants, a->wang, kind, n)) != CLI_EXIT_OK)
    return status;
  if (a->terrain != NULL)
    {
      GError *error = NULL;

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
  return check_atlas_size (a, plan);
}

/* Every file of the set into plan->files: the exit status. */
int
render_args_plan_tile_set (const RenderArgs *a, RenderPlan *plan)
{
  GPtrArray *paths = tile_set_paths (a, plan->tile_kind, plan->n_tiles);
  GError *error = NULL;
  int status = CLI_EXIT_OK;

  for (guint i = 0; i < paths->len && status == CLI_EXIT_OK; i++)
    if (!file_set_plan (plan->files, paths->pdata[i], &error))
      {
        status = cli_error (CLI_EXIT_USAGE, "--output: %s", error->message);
        g_error_free (error);
      }
  g_ptr_array_unref (paths);
  return status;
}

/* The files of the set, in the order they are written: the atlas, the
 * Tiled and Godot tilesets beside it (corner tiles), the tiles (--tiles). */
static GPtrArray *
tile_set_paths (const RenderArgs *a, TsrTileKind kind, int n)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (paths, g_strdup (a->output));
  if (kind == TSR_TILES_CORNERS)
    {
      g_ptr_array_add (paths, tile_set_sidecar_path (a->output, ".tsx"));
      g_ptr_array_add (paths, tile_set_sidecar_path (a->output, ".tres"));
    }
  for (int k = 0; a->tiles && k < n; k++)
    g_ptr_array_add (paths, cli_numbered_path (a->output, "tile", 2, k));
  return paths;
}

/* The Tiled tileset and Godot 4's TileSet, into the set. */
static gboolean
add_tilesets (const RenderArgs *a, const TileAtlas *atlas, FileSet *files, GError **error)
{
  const char *names[2] = { "A", "B" };
  char *settings_palette = NULL;
  char *text[2], *path[2];
  gboolean ok;

  if (a->terrain != NULL)
    {
      settings_palette = tsr_settings_format (tsr_texture_get_settings (atlas->tex[0]),
                                              TSR_P_PALETTE);
      names[0] = settings_palette;
      names[1] = a->terrain;
    }
  text[0] = tiled_tsx_text (atlas, a->output, names);
  text[1] = godot_tres_text (atlas, a->output, names);
  path[0] = tile_set_sidecar_path (a->output, ".tsx");
  path[1] = tile_set_sidecar_path (a->output, ".tres");
  ok = file_set_add_text (files, path[0], text[0], error)
       && file_set_add_text (files, path[1], text[1], error);
  for (int f = 0; f < 2; f++)
    {
      g_free (text[f]);
      g_free (path[f]);
    }
  g_free (settings_palette);
  return ok;
}

/* The atlas into output, the tilesets beside it (corner tiles) and, with
 * --tiles, each tile into a file of its own: all replaced at the end, or
 * none. */
static int
write_tile_set (const RenderArgs *a, TileAtlas *atlas, ImageFormat format,
                const ImageOptions *options, const ImageContent *content, int threads,
                FileSet *files)
{
  const Region whole = { 0, 0, tile_atlas_width (atlas), tile_atlas_height (atlas) };
  const Region tile = { 0, 0, atlas->tile_w, atlas->tile_h };
  GError *error = NULL;
  int status;

  cli_catch_signals ();
  status = cli_write_texture (NULL, atlas, a->output, format, options, &whole, content, threads,
                              files);
  if (status == CLI_EXIT_OK && atlas->kind == TSR_TILES_CORNERS
      && !add_tilesets (a, atlas, files, &error))
    status = cli_set_failed (files, error);
  for (int k = 0; a->tiles && k < atlas->n && status == CLI_EXIT_OK && !*cli_interrupted (); k++)
    {
      char *path = cli_numbered_path (a->output, "tile", 2, k);

      status = cli_write_texture (atlas->tex[k], NULL, path, format, options, &tile, content,
                                  threads, files);
      g_free (path);
    }
  if (status != CLI_EXIT_OK || *cli_interrupted ())
    return cli_set_abort (files, a->output, status);
  return cli_set_commit (files, a->output);
}
/* Renders the tile set the options ask for; everything checked first. */
int
cli_render_tile_set (const RenderArgs *a, const RenderPlan *plan, FileSet *files)
{
  const TsrSettings *settings = &plan->settings;
  const TsrRamp *terrain = plan->with_terrain ? &plan->terrain : NULL;
  const ImageFormat format = plan->format;
  const ImageOptions *options = &plan->options;
  const int n = plan->n_tiles;
  TileAtlas atlas;
  ImageContent content = tsr_settings_content (settings, NULL);
  GError *error = NULL;
  int status;

  tile_atlas_layout (&atlas, plan->tile_kind, n, plan->width, plan->height);
  if (!tile_atlas_make (&atlas, settings, NULL, terrain,
                        image_format_is_float (format) ? 0 : (1u << format.depth) - 1,
                        &error))
    {
      status = cli_error (CLI_EXIT_USAGE, "%s", error->message);
      g_error_free (error);
      file_set_abort (files);
      return status;
    }
  if ((guint) n > tsr_texture_tile_capacity (atlas.tex[0]))
    {
      tile_atlas_clear (&atlas);
      file_set_abort (files);
      return cli_error (CLI_EXIT_USAGE, "--variants %d: the tile's lattices can tell only %u "
                        "apart (a larger tile or a smaller scale)", n,
                        tsr_texture_tile_capacity (atlas.tex[0]));
    }
  if (terrain != NULL)
    content.grey = content.data = FALSE;
  status = write_tile_set (a, &atlas, format, options, &content, plan->threads, files);
  tile_atlas_clear (&atlas);
  return status;
}
