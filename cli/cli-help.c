/* The usage text of `tessera --help`: every command and option. */
#include "config.h"

#include <stdio.h>

#include "cli.h"

static const char usage[] =
  "Usage:\n"
  "  tessera list [--markdown] [PATTERN]\n"
  "  tessera render PATTERN [KEY=VALUE ...] --size WxH --output FILE\n"
  "                 [--region WxH+X+Y] [--depth 8|16|32] [--compression 0-9]\n"
  "                 [--quality 1-100] [--threads N] [--frames N]\n"
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
  "  --frames N      Write N frames of the texture's animation loop\n"
  "                  (1 .. 1000): frame k at time k / N (after the time=\n"
  "                  setting), named with a 4-digit number before the\n"
  "                  extension: sky.png -> sky-0000.png ... Every frame\n"
  "                  tiles, and the last one leads back into the first.\n"
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

int
cli_help (void)
{
  fputs (usage, stdout);
  return fflush (stdout) == 0 ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
}
