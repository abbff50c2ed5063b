/* One side-by-side sheet: a GIMP photograph (.pat) on the left, a Tessera
 * texture rendered at the photograph's own size on the right, both
 * repeated 2 x 2 and magnified by the same whole factor (nearest
 * neighbour: no pixel is invented, and the scale of the two is the same).
 *
 *   photo-compare [--texture-left] [--once] [--photo-turn=N] [--photo-roll=DX,DY]
 *                 [--texture-roll=DX,DY]
 *                 PHOTO.pat OUTPUT.png PATTERN [KEY=VALUE ...]
 *
 * For blind pairs (tools/photo-compare/pairs): --texture-left swaps the
 * sides; --once shows each tile once, not 2 x 2 (a photograph that does not
 * tile shows its seams when repeated, which tells it from the texture);
 * --photo-turn=N turns the photograph by N quarter turns, mirrored when N
 * is 4..7, so that a material's pairs do not all show the same picture;
 * --photo-roll=DX,DY then rolls it (DX, DY pixels, wrapping round) so that
 * another part of a photograph that tiles comes to the panel's edges;
 * --texture-roll=DX,DY rolls the texture likewise, so that a layout's
 * joints do not always meet at the same place of the panel (a crop of a
 * photograph falls anywhere on its pieces).
 *
 * Exit status 2 and one line naming the problem for a bad argument or an
 * unreadable pattern file; OUTPUT is then left untouched.  Prints the
 * figures of both tiles (tile-figures.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>
#include <png.h>

#include "pat-reader.h"
#include "tile-figures.h"
#include "tessera.h"

#define SHEET_PANEL 512   /* a panel's longer side aims at this many pixels */
#define SHEET_MARGIN 8
#define SHEET_GREY 0x80

typedef struct
{
  int     width, height;
  guint8 *rgb;
} Sheet;

/* The texture's colours at the photograph's size, 8-bit sRGB. */
static guint8 *
render_texture (int argc, char **argv, int w, int h, GError **error)
{
  TsrSettings s;
  TsrTexture *tex;
  float *rgba;
  guint8 *rgb;

  if (!tsr_settings_init (&s, argv[3], error))
    return NULL;
  for (int i = 4; i < argc; i++)
    {
      g_auto (GStrv) kv = g_strsplit (argv[i], "=", 2);

      if (kv[1] == NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                       "'%s' is not KEY=VALUE", argv[i]);
          return NULL;
        }
      if (!tsr_settings_parse (&s, kv[0], kv[1], error))
        return NULL;
    }
  if ((tex = tsr_texture_new (&s, w, h, NULL, error)) == NULL)
    return NULL;
  tsr_texture_set_output_levels (tex, 255);
  rgba = g_new (float, (gsize) w * h * 4);
  if (!tsr_render (tex, 0, 0, w, h, rgba, (gsize) w * 4, 0, NULL, NULL, error))
    {
      g_free (rgba);
      tsr_texture_free (tex);
      return NULL;
    }
  rgb = g_malloc ((gsize) w * h * 3);
  for (gsize i = 0; i < (gsize) w * h; i++)
    for (int c = 0; c < 3; c++)
      rgb[i * 3 + c] = (guint8) lrintf (CLAMP (rgba[i * 4 + c], 0.0f, 1.0f) * 255.0f);
  g_free (rgba);
  tsr_texture_free (tex);
  return rgb;
}

/* The photograph turned by TURN quarter turns clockwise, mirrored left to
 * right first when TURN is 4..7: one of the square's eight symmetries. */
static void
turn_photo (TsrPat *photo, int turn)
{
  int     w = photo->width, h = photo->height;
  int     tw = (turn & 1) ? h : w, th = (turn & 1) ? w : h;
  guint8 *out = g_malloc ((gsize) w * h * 3);

  for (int y = 0; y < th; y++)
    for (int x = 0; x < tw; x++)
      {
        int sx, sy;

        switch (turn & 3)
          {
          case 0: sx = x; sy = y; break;
          case 1: sx = y; sy = h - 1 - x; break;
          case 2: sx = w - 1 - x; sy = h - 1 - y; break;
          default: sx = w - 1 - y; sy = x; break;
          }
        if (turn >= 4)
          sx = w - 1 - sx;
        memcpy (out + ((gsize) y * tw + x) * 3, photo->rgb + ((gsize) sy * w + sx) * 3, 3);
      }
  g_free (photo->rgb);
  photo->rgb = out;
  photo->width = tw;
  photo->height = th;
}

/* An RGB tile (w x h) rolled by (dx, dy) pixels, wrapping round: the pixel
 * at (x, y) comes from (x + dx, y + dy).  Only for a tile that tiles
 * (GIMP's patterns are made to, a texture does); one that does not shows
 * its seam. */
static void
roll_rgb (guint8 **rgb, int w, int h, int dx, int dy)
{
  guint8 *out = g_malloc ((gsize) w * h * 3);

  dx %= w, dy %= h;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      memcpy (out + ((gsize) y * w + x) * 3,
              *rgb + ((gsize) ((y + dy) % h) * w + (x + dx) % w) * 3, 3);
  g_free (*rgb);
  *rgb = out;
}

/* A --NAME-roll=DX,DY option's value into dx, dy; FALSE (with a message)
 * when it is not two whole numbers, 0 or more. */
static gboolean
parse_roll (const char *prog, const char *option, int *dx, int *dy)
{
  const char *arg = strchr (option, '=') + 1;

  if (sscanf (arg, "%d,%d", dx, dy) != 2 || *dx < 0 || *dy < 0
      || strspn (arg, "0123456789,") != strlen (arg))
    {
      fprintf (stderr, "%s: %.*s takes DX,DY (pixels, 0 or more), not '%s'\n", prog,
               (int) (arg - 1 - option), option, arg);
      return FALSE;
    }
  return TRUE;
}

/* The tile (w x h RGB) repeated reps x reps, each pixel zoom x zoom, with
 * its top-left corner at (x0, y0) of the sheet. */
static void
paste_repeated (Sheet *sheet, const guint8 *tile, int w, int h, int reps, int zoom,
                int x0, int y0)
{
  for (int y = 0; y < reps * h * zoom; y++)
    for (int x = 0; x < reps * w * zoom; x++)
      {
        const guint8 *src = tile + (((y / zoom) % h) * w + (x / zoom) % w) * 3;

        memcpy (sheet->rgb + ((gsize) (y0 + y) * sheet->width + x0 + x) * 3, src, 3);
      }
}

/* Written beside the output and renamed into place. */
static gboolean
write_png (const Sheet *sheet, const char *path, GError **error)
{
  png_image image = { 0 };
  g_autofree char *tmp = g_strconcat (path, ".tmp", NULL);

  image.version = PNG_IMAGE_VERSION;
  image.width = (png_uint_32) sheet->width;
  image.height = (png_uint_32) sheet->height;
  image.format = PNG_FORMAT_RGB;
  if (!png_image_write_to_file (&image, tmp, 0, sheet->rgb, sheet->width * 3, NULL))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: %s", tmp, image.message);
      g_unlink (tmp);
      return FALSE;
    }
  if (g_rename (tmp, path) != 0)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                   "%s: %s", path, g_strerror (errno));
      g_unlink (tmp);
      return FALSE;
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  TsrPat photo;
  Sheet sheet;
  guint8 *texture;
  int zoom, panel_w, panel_h, photo_x, texture_x, reps = 2, turn = 0, roll_x = 0, roll_y = 0;
  int tex_roll_x = 0, tex_roll_y = 0;
  gboolean ok, texture_left = FALSE;

  while (argc > 1 && g_str_has_prefix (argv[1], "--"))
    {
      char *end;

      if (strcmp (argv[1], "--texture-left") == 0)
        texture_left = TRUE;
      else if (strcmp (argv[1], "--once") == 0)
        reps = 1;
      else if (g_str_has_prefix (argv[1], "--photo-turn="))
        {
          turn = (int) strtol (argv[1] + strlen ("--photo-turn="), &end, 10);
          if (*end != '\0' || end == argv[1] + strlen ("--photo-turn=") || turn < 0 || turn > 7)
            {
              fprintf (stderr, "%s: --photo-turn takes 0 to 7, not '%s'\n", argv[0],
                       argv[1] + strlen ("--photo-turn="));
              return 2;
            }
        }
      else if (g_str_has_prefix (argv[1], "--photo-roll="))
        {
          if (!parse_roll (argv[0], argv[1], &roll_x, &roll_y))
            return 2;
        }
      else if (g_str_has_prefix (argv[1], "--texture-roll="))
        {
          if (!parse_roll (argv[0], argv[1], &tex_roll_x, &tex_roll_y))
            return 2;
        }
      else
        {
          fprintf (stderr, "%s: unknown option '%s'\n", argv[0], argv[1]);
          return 2;
        }
      argv[1] = argv[0];
      argv++, argc--;
    }
  if (argc < 4)
    {
      fprintf (stderr, "usage: %s [--texture-left] [--once] [--photo-turn=N] [--photo-roll=DX,DY] "
               "[--texture-roll=DX,DY] "
               "PHOTO.pat OUTPUT.png PATTERN [KEY=VALUE ...]\n", argv[0]);
      return 2;
    }
  if (!tsr_pat_load (argv[1], &photo, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 2;
    }
  turn_photo (&photo, turn);
  roll_rgb (&photo.rgb, photo.width, photo.height, roll_x, roll_y);
  if ((texture = render_texture (argc, argv, photo.width, photo.height, &error)) == NULL)
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      tsr_pat_clear (&photo);
      return 2;
    }
  roll_rgb (&texture, photo.width, photo.height, tex_roll_x, tex_roll_y);

  zoom = MAX (1, SHEET_PANEL / (reps * MAX (photo.width, photo.height)));
  panel_w = reps * photo.width * zoom;
  panel_h = reps * photo.height * zoom;
  sheet.width = 3 * SHEET_MARGIN + 2 * panel_w;
  sheet.height = 2 * SHEET_MARGIN + panel_h;
  sheet.rgb = g_malloc ((gsize) sheet.width * sheet.height * 3);
  memset (sheet.rgb, SHEET_GREY, (gsize) sheet.width * sheet.height * 3);
  photo_x = texture_left ? 2 * SHEET_MARGIN + panel_w : SHEET_MARGIN;
  texture_x = texture_left ? SHEET_MARGIN : 2 * SHEET_MARGIN + panel_w;
  paste_repeated (&sheet, photo.rgb, photo.width, photo.height, reps, zoom, photo_x, SHEET_MARGIN);
  paste_repeated (&sheet, texture, photo.width, photo.height, reps, zoom, texture_x, SHEET_MARGIN);
  ok = write_png (&sheet, argv[2], &error);
  if (ok)
    {
      TsrTileFigures f;

      printf ("%s: \"%s\" %d x %d, x%d\n", argv[2], photo.name, photo.width, photo.height, zoom);
      tsr_tile_figures (photo.rgb, photo.width, photo.height, &f);
      tsr_tile_figures_print ("photograph", &f);
      tsr_tile_figures (texture, photo.width, photo.height, &f);
      tsr_tile_figures_print ("tessera", &f);
    }
  else
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
  g_free (sheet.rgb);
  g_free (texture);
  tsr_pat_clear (&photo);
  return ok ? 0 : 1;
}
