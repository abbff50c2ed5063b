/* tessera: render Tessera's procedural seamless textures from the command
 * line.  main () only dispatches; each command lives in its own file. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tessera.h"
#include "cli.h"

static const char usage[] =
  "Usage:\n"
  "  tessera list [--markdown] [PATTERN]\n"
  "  tessera render PATTERN [KEY=VALUE ...] --size WxH --output FILE\n"
  "                 [--region WxH+X+Y] [--depth 8|16|32] [--compression 0-9]\n"
  "                 [--quality 1-100] [--threads N]\n"
  "  tessera sample BASIS X Y [Z [W]] [seed=N]\n"
  "  tessera --help | --version\n"
  "\n"
  "Render procedural, seamlessly tiling textures.\n"
  "\n"
  "Commands:\n"
  "  list     Patterns, the parameters each reads, their types, ranges and\n"
  "           defaults.  --markdown prints the same as Markdown tables.\n"
  "  render   Render PATTERN to FILE.  Parameters are KEY=VALUE, as shown by\n"
  "           'tessera list' (e.g. seed=7 tileable=false octaves=6\n"
  "           color1=#203040).  The texture tiles across the image unless\n"
  "           tileable=false.\n"
  "  sample   Print one raw noise value of BASIS at 2 to 4 coordinates,\n"
  "           with 17 significant digits.\n"
  "\n"
  "Render options:\n"
  "  --size WxH      Image size in pixels, each side 1 .. 524288.\n"
  "  -o, --output FILE\n"
  "                  The file to write.  It is written to a temporary file\n"
  "                  in the same directory and renamed into place when\n"
  "                  complete: on an error or an interrupt, an existing FILE\n"
  "                  is left untouched.\n"
  "                  The extension chooses the format: .png, .tif/.tiff,\n"
  "                  .exr, .webp, .jpg/.jpeg.\n"
  "  --region WxH+X+Y\n"
  "                  Write only this rectangle of the --size texture: the\n"
  "                  same pixels as that part of the whole, so parts\n"
  "                  rendered apart assemble into it.\n"
  "  --depth 8|16|32 Bits per channel: PNG 8, 16; TIFF 8, 16, 32; EXR 16\n"
  "                  (half), 32; WebP and JPEG 8.  Integer files hold\n"
  "                  non-linear sRGB rounded to the nearest level (no\n"
  "                  dithering), RGB when the colours are opaque, else RGBA.\n"
  "                  Float files (TIFF 32, EXR) hold RGBA in LINEAR light\n"
  "                  (the sRGB curve removed, as GIMP and Krita expect),\n"
  "                  alpha not premultiplied; the TIFF says so with a\n"
  "                  linear sRGB ICC profile, the EXR with chromaticities.\n"
  "                  Default: 32 for TIFF and EXR, else 8.\n"
  "  --compression 0-9\n"
  "                  Deflate level of PNG, TIFF and EXR (0: none; default\n"
  "                  1, the fastest; higher levels make smaller files\n"
  "                  slowly).\n"
  "  --quality 1-100 JPEG and WebP quality (default 90; WebP 100 is\n"
  "                  lossless).\n"
  "  --threads N     Render threads; 0 (the default) uses every core.  The\n"
  "                  pixels do not depend on N.\n"
  "\n"
  "Exit status: 0 done, 1 the output could not be written, 2 a bad argument\n"
  "(nothing is written).\n";

/* Whether arg is an option whose value is the next word ("--output -h"
 * names a file, it does not ask for help). */
static gboolean
takes_value (const char *arg)
{
  static const char *const options[] = { "--size", "--region", "--output", "-o", "--depth",
                                         "--compression", "--quality", "--threads" };
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (strcmp (arg, options[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
wants_help (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        return FALSE;
      if (takes_value (argv[i]))
        i++;
      else if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        return TRUE;
    }
  return FALSE;
}

int
main (int argc, char **argv)
{
  const char *command;

  /* No setlocale (): numbers are read and written in the C locale. */
  g_set_prgname ("tessera");

  if (argc < 2)
    return cli_error (CLI_EXIT_USAGE, "missing command (try 'tessera --help')");

  command = argv[1];
  if (strcmp (command, "--help") == 0 || strcmp (command, "-h") == 0 ||
      strcmp (command, "help") == 0 || wants_help (argc - 1, argv + 1))
    {
      fputs (usage, stdout);
      return fflush (stdout) == 0 ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    }
  if (strcmp (command, "--version") == 0 || strcmp (command, "-V") == 0)
    {
      printf ("tessera %s\n", TESSERA_VERSION);
      return fflush (stdout) == 0 ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    }

  if (strcmp (command, "list") == 0)
    return cli_list (argc - 1, argv + 1);
  if (strcmp (command, "render") == 0)
    return cli_render (argc - 1, argv + 1);
  if (strcmp (command, "sample") == 0)
    return cli_sample (argc - 1, argv + 1);

  return cli_error (CLI_EXIT_USAGE, "unknown command '%s' (try 'tessera --help')", command);
}
