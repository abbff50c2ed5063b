/* `tessera render`'s arguments: as typed (RenderArgs), then checked into
 * what the render does (RenderPlan).  Every check happens here, before
 * any file is opened, so a bad argument never creates or touches one. */
#ifndef TSR_RENDER_ARGS_H
#define TSR_RENDER_ARGS_H

#include "cli-render.h"
#include "material-naming.h"

G_BEGIN_DECLS

typedef struct
{
  const char *pattern;       /* borrowed from operands */
  char       *preset;        /* --preset NAME: its pattern and settings */
  GPtrArray  *assignments;   /* "KEY=VALUE" strings, borrowed from operands */
  char       *size;          /* the options' values, as typed */
  char       *region;
  char       *compression;
  char       *quality;
  char       *output;
  char       *depth;
  char       *threads;
  char       *frames;
  char       *material;
  char       *naming;
  char       *variants;      /* tile sets (tile-atlas.h) */
  char       *wang;
  char       *terrain;
  gboolean    tiles;
  char      **operands;      /* the words that are not options, in order */
} RenderArgs;

/* What the checked arguments ask for. */
typedef struct
{
  TsrSettings  settings;
  int          width, height;     /* the texture's, --size */
  Region       region;
  ImageFormat  format;            /* --output's (a material set: PNG's) */
  ImageOptions options;
  ImageContent content;           /* what the single image may rely on */
  int          threads;           /* 0: all cores */
  int          frames;
  TsrTileKind  tile_kind;         /* TSR_TILES_NONE: no tile set */
  int          n_tiles;
  TsrRamp      terrain;
  gboolean     with_terrain;
  MaterialSet  material;          /* --material's files (n_files 0 without) */
  FileSet     *files;             /* every file to write, planned */
} RenderPlan;

/* Sorts argv into a (only syntax; values are checked by
 * render_args_check).  FALSE when done, with *status the exit status. */
gboolean render_args_collect (int argc, char **argv, RenderArgs *a, int *status);
void     render_args_clear   (RenderArgs *a);

/* Every value, in the order the user is likely to look, then the settings
 * as a whole, then every file's name; the exit status (CLI_EXIT_USAGE
 * with the one line said).  The plan is to be cleared either way. */
int      render_args_check   (const RenderArgs *a, RenderPlan *plan);
void     render_plan_clear   (RenderPlan *plan);

/* The tile-set options (render-tile-set.c): which set, of how many
 * tiles, with which terrain. */
int      render_args_check_tile_set (const RenderArgs *a, RenderPlan *plan);
int      render_args_plan_tile_set  (const RenderArgs *a, RenderPlan *plan);

/* Renders the tile set the plan asks for (render-tile-set.c) into files,
 * which it takes. */
int      cli_render_tile_set (const RenderArgs *a, const RenderPlan *plan, FileSet *files);

/* Writes the plan's material set (cli-material.c) into files, which it
 * takes: the exit status. */
int      cli_render_material (const RenderArgs *a, const RenderPlan *plan, FileSet *files);

G_END_DECLS

#endif
