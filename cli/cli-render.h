/* What `tessera render`'s files share: the region (render-region.c),
 * progress on a terminal and signals (render-signals.c), one image in
 * bands (render-bands.c),
 * numbered files and frames (render-frames.c), tile sets
 * (render-tile-set.c) and material sets (cli-material.c). */
#ifndef TSR_CLI_RENDER_H
#define TSR_CLI_RENDER_H

#include <signal.h>

#include "tessera.h"
#include "image-output.h"
#include "tile-atlas.h"
#include "file-set.h"

G_BEGIN_DECLS

/* The part of the texture written: all of it, or --region's rectangle. */
typedef struct
{
  int x, y, width, height;
} Region;

/* --region WxH+X+Y, inside the width x height texture, into r; the exit
 * status. */
int      cli_parse_region (const char *text, int width, int height, Region *r);

/* A render's progress line; a material set's user data begins with one. */
typedef struct
{
  ImageOutput *out;
  ImageBand  **bands;        /* one per band in flight */
  int          n_bands;
  const char  *output;
  gboolean     tty;
  int          shown;        /* last percentage printed, -1 if none */
  const TileAtlas *atlas;    /* the bands are its rows (NULL: the texture's) */
  FileSet     *files;        /* the set the output belongs to */
} Progress;

/* The TsrProgressFunc of renders: shows the percentage, stops on a signal. */
gboolean cli_render_progress (double fraction, gpointer user_data);
void     cli_progress_clear  (Progress *p);

/* Ctrl-C, kill and hang-up cancel the render, and the descriptor limit
 * rises to what sets of files need (render-signals.c says how). */
void     cli_catch_signals (void);
/* Non-zero once a signal came; the flag ImageOptions.stop reads. */
const volatile sig_atomic_t *cli_interrupted (void);
/* Says "interrupted; WHAT" (what became of the output), then dies of the
 * signal that came. */
int      cli_stop_interrupted (const char *what);

/* Output with a numbered suffix before the extension, which chooses the
 * format: frame k, "sky.png" -> "sky-0007.png" (digits 4, prefix ""); tile
 * k, "set.png" -> "set-tile07.png" (2, "tile"). */
char    *cli_numbered_path (const char *output, const char *prefix, int digits, int k);
/* Frame k's file: "sky.png" -> "sky-0007.png". */
char    *cli_frame_path (const char *output, int k);

/* Renders tex's region, or the whole atlas (tex NULL), into output, one
 * file of the set files, which takes it complete (render-bands.c). */
int      cli_write_texture (const TsrTexture *tex, const TileAtlas *atlas, const char *output,
                            ImageFormat format, const ImageOptions *options,
                            const Region *region, const ImageContent *content, int threads,
                            FileSet *files);

/* The threads a render of `height` rows in bands of band_rows can keep
 * busy, of the `threads` asked for (0: all cores): more would only hold
 * band memory. */
int      cli_useful_threads (int threads, int height, int band_rows);

/* --variants N and --wang corner as typed (NULL when not given): which
 * tile set, of how many tiles (render-tile-set.c); the exit status,
 * CLI_EXIT_USAGE said. */
int      cli_tile_set_kind (const char *variants, const char *wang, TsrTileKind *kind, int *n);

/* Sets of files (render-files.c).  Says error (freed), with what became
 * of the set when it has more than one file: CLI_EXIT_FAILURE. */
int      cli_set_failed (const FileSet *files, GError *error);
/* Replaces the set's files (or, after a signal, removes them all and dies
 * of it): the exit status, said.  what: the output as typed. */
int      cli_set_commit (FileSet *files, const char *what);
/* Removes the set's files; after a signal, says so and dies of it.  The
 * exit status given, otherwise. */
int      cli_set_abort  (FileSet *files, const char *what, int status);

/* The frames of the loop, each at its own time, each a file of its own;
 * one frame: the texture as the settings say, in output. */
int      cli_write_frames (const TsrSettings *settings, int width, int height,
                           const char *output, int frames, ImageFormat format,
                           const ImageOptions *options, const Region *region,
                           const ImageContent *content, int threads, FileSet *files);


G_END_DECLS

#endif
