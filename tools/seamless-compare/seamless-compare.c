/* Seamless tiles from photographs, Tessera's beside GIMP's
 * gegl:tile-seamless, measured by issue 39's figures (seam-figures.h):
 *
 *   seamless-compare [--sheets DIR] [--seed N] PHOTO[:WxH] ...
 *
 * PHOTO is an image file (PNG, TIFF, ...) or a GIMP pattern (.pat); :WxH
 * crops its top-left corner first (a GIMP pattern is a tile already:
 * cropped off its own period it is a photograph with edges that do not
 * meet).  The gegl command, when on the PATH, makes GIMP's tile of the
 * same photograph.  Prints the figures of the three; with --sheets, writes
 * DIR/NAME.png: the photograph, GIMP's tile and Tessera's, each repeated
 * 2 x 2.  Exit status 1 when a Tessera tile fails a criterion:
 *   the wrap steps at most 1.15 x the mean step inside, or at most the
 *   photograph's 95th-percentile column step, both ways;
 *   no column or row steps more than 1.15 x the photograph's largest;
 *   the lowest-contrast block keeps 90 % of the photograph's lowest;
 *   the blurriest tenth of blocks 90 % of the photograph's;
 *   no mirror image (correlation with a mirror of itself under 0.5, or
 *   the photograph's own plus 0.1). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "photo/seamless.h"
#include "image-input.h"
#include "image-output.h"
#include "pat-reader.h"
#include "seam-figures.h"

static TsrImage *
load_photo (const char *arg, GError **error)
{
  g_autofree char *path = g_strdup (arg);
  char *colon = strrchr (path, ':');
  int cw = 0, ch = 0;
  TsrImage *im;

  if (colon != NULL && sscanf (colon + 1, "%dx%d", &cw, &ch) == 2)
    *colon = '\0';
  if (g_str_has_suffix (path, ".pat"))
    {
      TsrPat pat;

      if (!tsr_pat_load (path, &pat, error))
        return NULL;
      im = tsr_image_new (pat.width, pat.height, 3, error);
      for (gsize i = 0; im != NULL && i < (gsize) pat.width * pat.height * 3; i++)
        im->pixels[i] = pat.rgb[i] / 255.0f;
      tsr_pat_clear (&pat);
    }
  else
    {
      ImageInputInfo info;

      im = image_input_read (path, &info, error);
    }
  if (im != NULL && cw > 0 && ch > 0 && cw <= im->width && ch <= im->height)
    {
      TsrImage *crop = tsr_image_new (cw, ch, im->channels, error);

      for (int y = 0; y < ch; y++)
        memcpy (crop->pixels + (gsize) y * cw * im->channels,
                im->pixels + (gsize) y * im->width * im->channels,
                sizeof (float) * cw * im->channels);
      tsr_image_free (im);
      im = crop;
    }
  return im;
}

static gboolean
write_png (const char *path, const TsrImage *im, GError **error)
{
  ImageFormat format;
  char *message = NULL;
  const ImageContent content = { FALSE, im->channels < 3, FALSE };
  ImageOutput *out;
  float *rgba = g_new (float, (gsize) im->width * 4);

  image_format_choose (path, 8, &format, &message);
  g_free (message);
  if ((out = image_output_new (path, format, NULL, im->width, im->height, &content, error)) == NULL)
    {
      g_free (rgba);
      return FALSE;
    }
  for (int y = 0; y < im->height; y++)
    {
      for (int x = 0; x < im->width; x++)
        {
          const float *p = im->pixels + ((gsize) y * im->width + x) * im->channels;

          for (int c = 0; c < 3; c++)
            rgba[x * 4 + c] = p[im->channels >= 3 ? c : 0];
          rgba[x * 4 + 3] = 1.0f;
        }
      if (!image_output_write_rows (out, rgba, (gsize) im->width * 4, 1, error))
        {
          g_free (rgba);
          image_output_abort (out);
          return FALSE;
        }
    }
  g_free (rgba);
  return image_output_finish (out, error);
}

/* GIMP's tile of photo, by the gegl command; NULL when there is none. */
static TsrImage *
gegl_tile (const TsrImage *photo, const char *dir)
{
  g_autofree char *gegl = g_find_program_in_path ("gegl");
  g_autofree char *in = g_build_filename (dir, "photo.png", NULL);
  g_autofree char *out = g_build_filename (dir, "gegl.png", NULL);
  g_autofree char *load = g_strdup_printf ("path=%s", in);
  const char *argv[] = { gegl, "-o", out, "--", "load", load, "tile-seamless", NULL };
  ImageInputInfo info;
  int status = 0;
  TsrImage *tile;

  if (gegl == NULL || !write_png (in, photo, NULL)
      || !g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL
                        | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL)
      || status != 0)
    return NULL;
  tile = image_input_read (out, &info, NULL);
  g_unlink (in);
  g_unlink (out);
  return tile;
}

static void
print_figures (const char *label, const SeamFigures *f)
{
  printf ("  %-8s step x %6.2f y %6.2f  wrap x %6.2f y %6.2f  p95 x %6.2f y %6.2f  "
          "most x %6.2f y %6.2f  lowest SD %6.2f  blurriest %6.2f  mirror %5.2f\n",
          label, f->step[0], f->step[1], f->wrap[0], f->wrap[1], f->p95[0], f->p95[1],
          f->most[0], f->most[1], f->lowest_sd, f->blurriest, f->mirror);
}

/* The criteria; prints each failure, returns how many. */
static int
judge (const char *name, const SeamFigures *photo, const SeamFigures *t)
{
  int failed = 0;

  for (int a = 0; a < 2; a++)
    {
      if (t->wrap[a] > 1.15 * t->step[a] && t->wrap[a] > photo->p95[a])
        failed++, printf ("  FAIL %s: wrap %c %.2f > 1.15 x step %.2f and > photo p95 %.2f\n",
                          name, "xy"[a], t->wrap[a], t->step[a], photo->p95[a]);
      if (t->most[a] > 1.15 * photo->most[a])
        failed++, printf ("  FAIL %s: a %s steps %.2f > 1.15 x photo's largest %.2f\n", name,
                          a == 0 ? "column" : "row", t->most[a], photo->most[a]);
    }
  if (t->lowest_sd < 0.9 * photo->lowest_sd)
    failed++, printf ("  FAIL %s: lowest block SD %.2f < 90 %% of %.2f\n", name, t->lowest_sd,
                      photo->lowest_sd);
  if (t->blurriest < 0.9 * photo->blurriest)
    failed++, printf ("  FAIL %s: blurriest tenth %.2f < 90 %% of %.2f\n", name, t->blurriest,
                      photo->blurriest);
  if (t->mirror > MAX (0.5, photo->mirror + 0.1))
    failed++, printf ("  FAIL %s: mirror correlation %.2f\n", name, t->mirror);
  return failed;
}

/* The three tiles side by side, each 2 x 2, an 8-pixel grey margin. */
static void
write_sheet (const char *path, const TsrImage *const *tiles, int n)
{
  const int m = 8, w = tiles[0]->width, h = tiles[0]->height;
  const int channels = tiles[0]->channels >= 3 ? 3 : 1;
  g_autoptr (TsrImage) sheet = tsr_image_new (n * (2 * w + m) + m, 2 * h + 2 * m, 3, NULL);
  g_autoptr (GError) error = NULL;

  if (sheet == NULL)
    return;
  for (gsize i = 0; i < (gsize) sheet->width * sheet->height * 3; i++)
    sheet->pixels[i] = 0.5f;
  for (int k = 0; k < n; k++)
    for (int y = 0; y < 2 * h; y++)
      for (int x = 0; x < 2 * w; x++)
        {
          const TsrImage *t = tiles[k];
          const float *p = t->pixels + ((gsize) (y % h) * t->width + x % w) * t->channels;
          float *d = sheet->pixels + ((gsize) (y + m) * sheet->width + m + k * (2 * w + m) + x) * 3;

          for (int c = 0; c < 3; c++)
            d[c] = p[channels == 3 ? c : 0];
        }
  if (!write_png (path, sheet, &error))
    fprintf (stderr, "seamless-compare: %s\n", error->message);
}

int
main (int argc, char **argv)
{
  g_autofree char *sheets = NULL;
  g_autofree char *tmp = NULL;
  gint64 seed = 0;
  GOptionEntry entries[] = {
    { "sheets", 0, 0, G_OPTION_ARG_FILENAME, &sheets, "write 2x2 sheets into DIR", "DIR" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "the tiles' seed", "N" },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("PHOTO[:WxH] ...");
  g_autoptr (GError) error = NULL;
  int failed = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 2)
    {
      fprintf (stderr, "seamless-compare: %s\n", error ? error->message : "no photograph given");
      return 2;
    }
  tmp = g_dir_make_tmp ("seamless-compare-XXXXXX", NULL);
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (TsrImage) photo = load_photo (argv[i], &error);
      g_autoptr (TsrImage) ours = NULL;
      g_autoptr (TsrImage) gimp = NULL;
      g_autofree char *base = NULL;
      TsrSeamlessSettings s;
      SeamFigures fp, fo, fg;
      int block;

      if (photo == NULL)
        {
          fprintf (stderr, "seamless-compare: %s\n", error->message);
          return 2;
        }
      tsr_seamless_settings_init (&s);
      s.value[TSR_SP_SEED] = (double) seed;
      if ((ours = tsr_seamless (photo, photo->width, photo->height, &s, &error)) == NULL)
        {
          fprintf (stderr, "seamless-compare: %s\n", error->message);
          return 2;
        }
      gimp = gegl_tile (photo, tmp);
      block = MIN (64, MIN (photo->width, photo->height) / 4);
      base = g_path_get_basename (argv[i]);
      if (strchr (base, '.') != NULL)
        *strchr (base, '.') = '\0';
      printf ("%s (%dx%d, %d-pixel blocks)\n", base, photo->width, photo->height, block);
      seam_figures (photo, block, &fp);
      print_figures ("photo", &fp);
      if (gimp != NULL)
        {
          seam_figures (gimp, block, &fg);
          print_figures ("gegl", &fg);
        }
      seam_figures (ours, block, &fo);
      print_figures ("tessera", &fo);
      printf ("  ratios   tessera: wrap/step x %.2f y %.2f  lowest %.0f %%  blurriest %.0f %%",
              fo.wrap[0] / fo.step[0], fo.wrap[1] / fo.step[1],
              100 * fo.lowest_sd / fp.lowest_sd, 100 * fo.blurriest / fp.blurriest);
      if (gimp != NULL)
        printf ("   gegl: wrap/step x %.2f y %.2f  lowest %.0f %%  blurriest %.0f %%",
                fg.wrap[0] / fg.step[0], fg.wrap[1] / fg.step[1],
                100 * fg.lowest_sd / fp.lowest_sd, 100 * fg.blurriest / fp.blurriest);
      printf ("\n");
      failed += judge (base, &fp, &fo);
      if (sheets != NULL)
        {
          const TsrImage *tiles[3] = { photo, gimp != NULL ? gimp : ours, ours };
          g_autofree char *name = g_strdup_printf ("%s.png", base);
          g_autofree char *path = g_build_filename (sheets, name, NULL);

          write_sheet (path, tiles, gimp != NULL ? 3 : 2);
        }
    }
  g_rmdir (tmp);
  printf ("%s\n", failed ? "FAILED" : "all tiles pass");
  return failed ? 1 : 0;
}
