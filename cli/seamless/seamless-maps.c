/* tessera seamless PHOTO --material DIR/NAME [--naming PRESET|TEMPLATE]:
 * the tile and its material maps (core/photo/photo-maps.h), named for an
 * engine as `render --material` names them (material-naming.h), written
 * as one set: all of them, or none and the old files kept. */
#include "config.h"

#include "seamless-cli.h"
#include "photo/photo-maps.h"

int
seamless_maps_check (const SeamlessArgs *a, FileSet *files, MaterialSet *set,
                     ImageOptions *options)
{
  g_autofree char *message = NULL;
  g_autoptr (GError) error = NULL;
  guint64 level;

  *options = (ImageOptions) { -1, -1, NULL };
  if (a->compression != NULL)
    {
      if (!cli_parse_uint (a->compression, 9, &level))
        return cli_error (CLI_EXIT_USAGE, "--compression: expected 0 .. 9 for PNG, got '%s'",
                          a->compression);
      options->level = (int) level;
    }
  if (!material_set_init (set, a->material, a->naming, &message))
    return cli_error (CLI_EXIT_USAGE, "%s", message);
  for (int f = 0; f < set->n_files; f++)
    if (!file_set_plan (files, set->files[f].path, &error))
      return cli_error (CLI_EXIT_USAGE, "--material: %s", error->message);
  return CLI_EXIT_OK;
}

/* What a map's file may rely on: its kind's row, the colours the tile's. */
static ImageContent
map_content (const TsrImage *tile, TsrMap map)
{
  const TsrMapKind *kind = tsr_map_kind (map);

  if (map == TSR_MAP_COLOR)
    return (ImageContent) { .alpha = tsr_image_has_alpha (tile),
                            .grey = tsr_image_colours (tile) == 1 };
  return (ImageContent) { .alpha = kind->alpha == TSR_ALPHA_DATA, .grey = kind->grey,
                          .data = kind->data };
}

/* A map's rows. */
typedef struct
{
  TsrMap              map;
  SeamlessTileRows    colour;
  const TsrPhotoMaps *maps;
} MapRows;

static void
map_rows (gconstpointer data, int y, float *rgba)
{
  const MapRows *m = data;

  if (m->map == TSR_MAP_COLOR)
    seamless_rgba_row (m->colour.tile, y, m->colour.to_srgb, rgba);
  else
    tsr_photo_maps_row (m->maps, m->map, y, rgba);
}

/* One file of the set, complete, into files. */
static gboolean
write_map (const MaterialFile *file, const ImageOptions *options, const TsrImage *tile,
           gboolean linear, const TsrPhotoMaps *maps, FileSet *files, GError **error)
{
  const ImageContent content = map_content (tile, file->map);
  const MapRows rows = { file->map, { tile, linear }, maps };
  ImageFormat format;
  char *message = NULL;

  if (!image_format_choose (file->path, file->depth, &format, &message))
    g_error ("%s", message);   /* material-naming.c names only PNGs */
  return seamless_write_image (file->path, format, options, &content, tile->width,
                               tile->height, map_rows, &rows, files, error);
}

int
seamless_maps_write (const SeamlessArgs *a, SeamlessPlan *plan, const TsrImage *photo,
                     gboolean linear, MaterialSet *set, ImageOptions options,
                     FileSet *files)
{
  g_autoptr (TsrImage) tile = NULL;
  g_autoptr (TsrPhotoMaps) maps = NULL;
  GError *error = NULL;
  TsrHeightParams hp;
  guint32 wanted = 0;

  cli_catch_signals ();
  options.stop = cli_interrupted ();
  if (set->normal_format >= 0)
    plan->surface.value[TSR_P_NORMAL_FORMAT] = set->normal_format;
  for (int f = 0; f < set->n_files; f++)
    wanted |= 1u << set->files[f].map;
  if ((tile = tsr_seamless (photo, plan->width, plan->height, &plan->settings, &error)) == NULL)
    return cli_set_abort (files, a->material, cli_set_failed (files, error));
  tsr_seamless_height_params (&plan->settings, photo->width, photo->height, linear, &hp);
  maps = tsr_photo_maps_new (tile, &hp, &plan->surface, wanted);
  for (int f = 0; f < set->n_files && !*cli_interrupted (); f++)
    if (!write_map (&set->files[f], &options, tile, linear, maps, files, &error))
      return cli_set_abort (files, a->material, cli_set_failed (files, error));
  return cli_set_commit (files, a->material);
}
