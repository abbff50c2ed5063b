/* tessera seamless PHOTO --output ATLAS (--variants N | --wang corner)
 * [--tiles]: a tile set quilted from the photograph
 * (core/photo/seamless-set.h) as `render` writes its sets: the atlas
 * (tile-atlas.h's layout), the Tiled and Godot tilesets beside a corner
 * atlas, and with --tiles each tile in a file of its own; all of them
 * replaced at the end, or none. */
#include "config.h"

#include <string.h>

#include "seamless-cli.h"
#include "photo/seamless-set.h"
#include "tiled-tsx.h"
#include "godot-tres.h"

int
seamless_sets_parse (const SeamlessArgs *a, TsrTileKind *kind, int *n)
{
  int status;

  if ((status = cli_tile_set_kind (a->variants, a->wang, kind, n)) != CLI_EXIT_OK)
    return status;
  if (*kind == TSR_TILES_NONE)
    return a->tiles ? cli_error (CLI_EXIT_USAGE, "--tiles: needs --variants or --wang")
                    : CLI_EXIT_OK;
  if (a->material != NULL)
    return cli_error (CLI_EXIT_USAGE, "%s: tile sets are written with --output, not as a "
                      "material set", a->variants != NULL ? "--variants" : "--wang");
  return CLI_EXIT_OK;
}

/* The files of the set, in the order they are written: the atlas, the
 * Tiled and Godot tilesets beside it (corner tiles), the tiles (--tiles). */
static GPtrArray *
set_paths (const SeamlessArgs *a, const TileAtlas *atlas)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (paths, g_strdup (a->output));
  if (atlas->kind == TSR_TILES_CORNERS)
    {
      g_ptr_array_add (paths, tile_set_sidecar_path (a->output, ".tsx"));
      g_ptr_array_add (paths, tile_set_sidecar_path (a->output, ".tres"));
    }
  for (int k = 0; a->tiles && k < atlas->n; k++)
    g_ptr_array_add (paths, cli_numbered_path (a->output, "tile", 2, k));
  return paths;
}

int
seamless_sets_check (const SeamlessArgs *a, const TileAtlas *atlas, ImageFormat format,
                     const ImageOptions *options, FileSet *files)
{
  const int w = tile_atlas_width (atlas), h = tile_atlas_height (atlas);
  g_autofree char *reason = NULL;
  g_autoptr (GPtrArray) paths = set_paths (a, atlas);
  g_autoptr (GError) error = NULL;

  if (w > TSR_PHOTO_MAX_SIDE || h > TSR_PHOTO_MAX_SIDE
      || (gint64) w * h > TSR_PHOTO_MAX_PIXELS)
    return cli_error (CLI_EXIT_USAGE, "the %dx%d atlas is larger than a tile from a photograph "
                      "may be (%d pixels a side, %d megapixels): fewer or smaller tiles", w, h,
                      TSR_PHOTO_MAX_SIDE, (int) (TSR_PHOTO_MAX_PIXELS >> 20));
  if (!image_format_size_fits (format, options, w, h, &reason))
    return cli_error (CLI_EXIT_USAGE, "the %dx%d atlas: %s", w, h, reason);
  for (guint i = 0; i < paths->len; i++)
    if (!file_set_plan (files, paths->pdata[i], &error))
      return cli_error (CLI_EXIT_USAGE, "--output: %s", error->message);
  return CLI_EXIT_OK;
}

/* The atlas's rows: each place's tile, empty places transparent black. */
typedef struct
{
  const TileAtlas *atlas;
  TsrImage *const *tiles;
  gboolean         to_srgb;
} AtlasRows;

static void
atlas_rows (gconstpointer data, int y, float *rgba)
{
  const AtlasRows *r = data;
  const TileAtlas *atlas = r->atlas;
  const int w = atlas->tile_w;

  for (int c = 0; c < atlas->columns; c++)
    {
      const int k = (y / atlas->tile_h) * atlas->columns + c;
      float *dst = rgba + (gsize) c * w * 4;

      if (k < atlas->n)
        seamless_rgba_row (r->tiles[k], y % atlas->tile_h, r->to_srgb, dst);
      else
        memset (dst, 0, sizeof (float) * 4 * w);
    }
}

/* The Tiled tileset and Godot 4's TileSet beside a corner atlas. */
static gboolean
add_tilesets (const SeamlessArgs *a, const TileAtlas *atlas, FileSet *files, GError **error)
{
  const char *const names[2] = { "A", "B" };
  g_autofree char *tsx = tiled_tsx_text (atlas, a->output, names);
  g_autofree char *tres = godot_tres_text (atlas, a->output, names);
  g_autofree char *tsx_path = tile_set_sidecar_path (a->output, ".tsx");
  g_autofree char *tres_path = tile_set_sidecar_path (a->output, ".tres");

  return file_set_add_text (files, tsx_path, tsx, error)
         && file_set_add_text (files, tres_path, tres, error);
}

int
seamless_sets_write (const SeamlessArgs *a, const SeamlessPlan *plan, const TsrImage *photo,
                     gboolean linear, const TileAtlas *atlas, ImageFormat format,
                     const ImageOptions *options, FileSet *files)
{
  const gboolean to_srgb = linear && !image_format_is_float (format);
  const ImageContent content = seamless_tile_content (photo, format, linear);
  GError *error = NULL;
  TsrImage **tiles;
  int status = CLI_EXIT_OK;

  cli_catch_signals ();
  tiles = tsr_seamless_tile_set (photo, plan->width, plan->height, &plan->settings, atlas->id,
                                 atlas->n, &error);
  if (tiles == NULL)
    return cli_set_abort (files, a->output, cli_set_failed (files, error));
  {
    const AtlasRows rows = { atlas, tiles, to_srgb };

    if (!seamless_write_image (a->output, format, options, &content, tile_atlas_width (atlas),
                               tile_atlas_height (atlas), atlas_rows, &rows, files, &error)
        || (atlas->kind == TSR_TILES_CORNERS && !add_tilesets (a, atlas, files, &error)))
      status = cli_set_failed (files, error);
  }
  for (int k = 0; a->tiles && k < atlas->n && status == CLI_EXIT_OK && !*cli_interrupted (); k++)
    {
      g_autofree char *path = cli_numbered_path (a->output, "tile", 2, k);
      const SeamlessTileRows rows = { tiles[k], to_srgb };

      if (!seamless_write_image (path, format, options, &content, plan->width, plan->height,
                                 seamless_tile_rows, &rows, files, &error))
        status = cli_set_failed (files, error);
    }
  for (int k = 0; k < atlas->n; k++)
    tsr_image_free (tiles[k]);
  g_free (tiles);
  if (status != CLI_EXIT_OK || *cli_interrupted ())
    return cli_set_abort (files, a->output, status);
  return cli_set_commit (files, a->output);
}
