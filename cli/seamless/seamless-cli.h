/* `tessera seamless` (cli-seamless.c): one tile from a photograph, its
 * material maps (seamless-maps.c) or a tile set of it (seamless-sets.c).
 * Everything is checked before the photograph is quilted; every set of
 * files is written whole or not at all (file-set.h). */
#ifndef TSR_SEAMLESS_CLI_H
#define TSR_SEAMLESS_CLI_H

#include "photo/seamless.h"
#include "tessera.h"
#include "cli.h"
#include "cli-render.h"
#include "material-naming.h"

G_BEGIN_DECLS

typedef struct
{
  char    *output, *size, *depth, *compression, *quality;
  char    *material, *naming;     /* a material set */
  char    *variants, *wang;       /* a tile set */
  gboolean tiles;
  char   **operands;
} SeamlessArgs;

/* What the checked words ask for. */
typedef struct
{
  TsrSeamlessSettings settings;
  TsrSettings         surface;        /* the maps' surface settings (photo-maps.h) */
  const char         *input;          /* borrowed from the operands */
  const char         *maps_setting;   /* the first setting for the maps only, or NULL */
  int                 width, height;  /* 0 until the photograph is read: its size */
  TsrTileKind         tile_kind;      /* TSR_TILES_NONE: no tile set */
  int                 n_tiles;
} SeamlessPlan;

/* Row y of the tile as RGBA for a file: sRGB-encoded (through the sRGB
 * curve from a float photograph's linear light when to_srgb). */
void seamless_rgba_row (const TsrImage *tile, int y, gboolean to_srgb, float *rgba);

/* Fills rgba with row y of an image (width RGBA pixels). */
typedef void (*SeamlessRows) (gconstpointer data, int y, float *rgba);

/* Writes a width x height image row by row from rows (data); into the set
 * files when not NULL (complete, not yet in place), else in place.  FALSE
 * with nothing written on failure. */
gboolean seamless_write_image (const char *path, ImageFormat format,
                               const ImageOptions *options, const ImageContent *content,
                               int width, int height, SeamlessRows rows, gconstpointer data,
                               FileSet *files, GError **error);

/* A tile's rows for seamless_rgba_row. */
typedef struct
{
  const TsrImage *tile;
  gboolean        to_srgb;
} SeamlessTileRows;

void seamless_tile_rows (gconstpointer data, int y, float *rgba);

/* What a file of the tile (or of tiles like it) may rely on. */
ImageContent seamless_tile_content (const TsrImage *tile, ImageFormat format, gboolean linear);

/* --material DIR/NAME [--naming ...] [--compression N]: the checks
 * (CLI_EXIT_USAGE, said), the files planned into files, the PNGs'
 * options. */
int  seamless_maps_check (const SeamlessArgs *a, FileSet *files, MaterialSet *set,
                          ImageOptions *options);
/* Quilts the tile and writes the set, which it takes; the exit status. */
int  seamless_maps_write (const SeamlessArgs *a, SeamlessPlan *plan, const TsrImage *photo,
                          gboolean linear, MaterialSet *set, ImageOptions options,
                          FileSet *files);

/* --variants N | --wang corner [--tiles] (seamless-sets.c): which set, of
 * how many tiles; the exit status, CLI_EXIT_USAGE said. */
int  seamless_sets_parse (const SeamlessArgs *a, TsrTileKind *kind, int *n);
/* The atlas within the limits and the format, every file of the set
 * planned into files: the exit status. */
int  seamless_sets_check (const SeamlessArgs *a, const TileAtlas *atlas, ImageFormat format,
                          const ImageOptions *options, FileSet *files);
/* Quilts the tiles and writes the set, which it takes: the exit status. */
int  seamless_sets_write (const SeamlessArgs *a, const SeamlessPlan *plan,
                          const TsrImage *photo, gboolean linear, const TileAtlas *atlas,
                          ImageFormat format, const ImageOptions *options, FileSet *files);

G_END_DECLS

#endif
