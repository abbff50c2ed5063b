/* The usage text of `tessera --help`: every command and option. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "image-format.h"

/* From the format table, in order: the extensions, every format's depths,
 * the formats with a deflate level, those with a quality. */
static const char usage[] =
  "Usage:\n"
  "  tessera list [--markdown] [PATTERN]\n"
  "  tessera presets [--markdown]\n"
  "  tessera render PATTERN [KEY=VALUE ...] --size WxH --output FILE\n"
  "                 [--region WxH+X+Y] [--depth 8|16|32] [--compression 0-9]\n"
  "                 [--quality 1-100] [--threads N] [--frames N]\n"
  "                 [--variants N | --wang corner [--terrain PALETTE]] [--tiles]\n"
  "  tessera render --preset NAME [KEY=VALUE ...] --size WxH --output FILE ...\n"
  "  tessera render PATTERN [KEY=VALUE ...] --size WxH --material DIR/NAME\n"
  "                 [--naming PRESET|TEMPLATE] [--region WxH+X+Y] [--threads N]\n"
  "                 [--frames N] [--compression 0-9]\n"
  "  tessera sample BASIS X Y [Z [W]] [seed=N]\n"
  "  tessera seamless PHOTO --output FILE [--size WxH] [KEY=VALUE ...]\n"
  "                 [--depth 8|16|32] [--compression 0-9] [--quality 1-100]\n"
  "                 [--variants N | --wang corner] [--tiles]\n"
  "  tessera seamless PHOTO --material DIR/NAME [--naming PRESET|TEMPLATE]\n"
  "                 [--size WxH] [KEY=VALUE ...] [--compression 0-9]\n"
  "  tessera --help | --version\n"
  "\n"
  "Render procedural, seamlessly tiling textures.\n"
  "\n"
  "Commands:\n"
  "  list     Patterns, the parameters each reads, their types, ranges and\n"
  "           defaults.  --markdown prints the same as Markdown tables.\n"
  "  presets  The named presets (those of GIMP's dialog and Script-Fu's\n"
  "           preset argument), each with its pattern and settings.\n"
  "  render   Render PATTERN to FILE.  Parameters are KEY=VALUE, as shown by\n"
  "           'tessera list' (e.g. seed=7 tileable=false octaves=6\n"
  "           color1=#203040).  The texture tiles across the image unless\n"
  "           tileable=false.\n"
  "  sample   Print one raw noise value of BASIS at 2 to 4 coordinates,\n"
  "           with 17 significant digits.\n"
  "  seamless A seamless tile from a photograph (PNG, TIFF, OpenEXR, WebP or\n"
  "           JPEG): patches of it joined along least-difference cuts, the\n"
  "           wrap-around too.  --size (default the photograph's) may be\n"
  "           larger.  KEY=VALUE: seed, patch, overlap, candidates,\n"
  "           even-light (docs/photographs.md).  The depth is the\n"
  "           photograph's when the format holds it.  --material: the tile\n"
  "           and its maps from a height estimated from it (height-balance,\n"
  "           height-invert and render's surface settings); --variants and\n"
  "           --wang: a tile set, as render writes it.\n"
  "\n"
  "Render options:\n"
  "  --preset NAME   Start from a named preset ('tessera presets'): its\n"
  "                  pattern and settings, in place of PATTERN.  KEY=VALUE\n"
  "                  words after it change it: later words win.\n"
  "  --size WxH      Image size in pixels, each side 1 .. 524288; JPEG\n"
  "                  holds 65500, WebP 16383, and lossy WebP at most\n"
  "                  396336 blocks of 16x16 (10064x10064).\n"
  "  -o, --output FILE\n"
  "                  The file to write.  It is written to a temporary file\n"
  "                  in the same directory and renamed into place when\n"
  "                  complete: on an error or an interrupt, an existing FILE\n"
  "                  is left untouched.\n"
  "                  The extension chooses the format: %s.\n"
  "  --material DIR/NAME\n"
  "                  Write the texture's whole material set in one pass\n"
  "                  instead of one image: colour, normal, height (16-bit),\n"
  "                  roughness, ambient occlusion, curvature and the packed\n"
  "                  map the engine reads, as PNG files in DIR named from\n"
  "                  NAME by --naming.\n"
  "  --naming PRESET|TEMPLATE\n"
  "                  unreal (T_NAME_BaseColor.png ..., DirectX normal,\n"
  "                  ORM; the default), unity (NAME_MaskMap.png: metallic,\n"
  "                  occlusion, 0, smoothness), godot (NAME_orm.png), gltf\n"
  "                  (NAME_occlusionRoughnessMetallic.png), blender; the\n"
  "                  last four OpenGL normals.  Or a template with {map}\n"
  "                  (and {name}), e.g. '{name}-{map}.png': every map, named\n"
  "                  as map= names it, the normal as normal-format= says.\n"
  "  --frames N      Write N frames of the texture's animation loop\n"
  "                  (1 .. 1000): frame k at time k / N (after the time=\n"
  "                  setting), named with a 4-digit number before the\n"
  "                  extension: sky.png -> sky-0000.png ... Every frame\n"
  "                  tiles, and the last one leads back into the first.\n"
  "  --variants N    A set of N tiles (1 .. 64), each --size, whose edges\n"
  "                  are all alike (values and slopes) while their insides\n"
  "                  differ: they fit in any arrangement.  FILE is their\n"
  "                  atlas, row-major, ceil (sqrt N) tiles a row.  Variant\n"
  "                  0 is the plain tile.\n"
  "  --wang corner   The 16 corner (Wang) tiles of two corner colours:\n"
  "                  tiles fit where their shared corners agree.  FILE is\n"
  "                  a 4 x 4 atlas that is itself a seamless arrangement,\n"
  "                  with a Tiled tileset beside it (FILE's name, .tsx)\n"
  "                  whose corner Wang set paints terrain at once, and a\n"
  "                  Godot 4 TileSet (.tres) with a Match Corners terrain\n"
  "                  set.\n"
  "  --terrain PALETTE\n"
  "                  With --wang corner: colour 0's corners in the\n"
  "                  palette= colours, colour 1's in PALETTE's (e.g.\n"
  "                  palette=grass --terrain sand); the boundary wanders\n"
  "                  along the texture's own features.\n"
  "  --tiles         Also each tile of the set in a file of its own:\n"
  "                  set.png -> set-tile00.png ... (the atlas's places).\n"
  "  --region WxH+X+Y\n"
  "                  Write only this rectangle of the --size texture: the\n"
  "                  same pixels as that part of the whole, so parts\n"
  "                  rendered apart assemble into it.\n"
  "  --depth 8|16|32 Bits per channel: %s.\n"
  "                  Integer files hold non-linear sRGB rounded to the\n"
  "                  nearest level (no dithering), RGB when the colours\n"
  "                  are opaque, else RGBA.\n"
  "                  Float files (TIFF 32, EXR) hold RGBA in LINEAR light\n"
  "                  (the sRGB curve removed, as GIMP and Krita expect),\n"
  "                  alpha not premultiplied; the TIFF says so with a\n"
  "                  linear sRGB ICC profile, the EXR with chromaticities.\n"
  "                  Default: 32 for TIFF and EXR, else 8.\n"
  "  --compression 0-9\n"
  "                  Deflate level of %s (0: none; default\n"
  "                  1, the fastest; higher levels make smaller files\n"
  "                  slowly).  A float EXR's default deflates only\n"
  "                  repeated bytes (a flat alpha): 3-5 %% bigger than 1,\n"
  "                  several times faster.\n"
  "  --quality 1-100 %s quality (default 90; WebP 100 is\n"
  "                  lossless).\n"
  "  --threads N     Render threads; 0 (the default) uses every core.  The\n"
  "                  pixels do not depend on N.\n"
  "\n"
  "Exit status: 0 done, 1 the output could not be written, 2 a bad argument\n"
  "(nothing is written).\n";

/* text, its lines longer than width broken at spaces after indent spaces. */
static char *
wrap (const char *text, int width, int indent)
{
  GString *out = g_string_new (NULL);
  char **lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      while ((int) strlen (line) > width)
        {
          int cut = width;
          while (cut > indent && line[cut] != ' ')
            cut--;
          if (cut <= indent)
            break;
          g_string_append_len (out, line, cut);
          g_string_append_printf (out, "\n%*s", indent, "");
          line += cut + 1;
        }
      g_string_append (out, line);
      if (lines[i + 1] != NULL)
        g_string_append_c (out, '\n');
    }
  g_strfreev (lines);
  return g_string_free (out, FALSE);
}

int
cli_help (void)
{
  char *extensions = image_format_extensions (), *depths = image_format_depths ();
  char *levels = image_format_names_with_level (TRUE);
  char *qualities = image_format_names_with_level (FALSE);
  char *text = g_strdup_printf (usage, extensions, depths, levels, qualities);
  char *wrapped = wrap (text, 78, 18);

  fputs (wrapped, stdout);
  g_free (wrapped);
  g_free (text);
  g_free (extensions);
  g_free (depths);
  g_free (levels);
  g_free (qualities);
  return cli_stdout_done ();
}
