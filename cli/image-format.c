/* Output formats by extension: see image-format.h. */
#include <string.h>

#include "image-format.h"

typedef struct
{
  const char *extensions;   /* space-separated, lower case */
  const char *name;
  ImageFormat by_depth[3];  /* 8, 16, 32 bits; -1: not held */
  int         usual_depth;
  gboolean    alpha;
} Kind;

#define NONE ((ImageFormat) -1)

static const Kind kinds[] = {
  { ".png",       "PNG",  { IMAGE_PNG8, IMAGE_PNG16, NONE },          8,  TRUE },
  { ".tif .tiff", "TIFF", { IMAGE_TIFF8, IMAGE_TIFF16, IMAGE_TIFF32 }, 32, TRUE },
  { ".exr",       "EXR",  { NONE, IMAGE_EXR16, IMAGE_EXR32 },          32, TRUE },
  { ".webp",      "WebP", { IMAGE_WEBP8, NONE, NONE },                 8,  TRUE },
  { ".jpg .jpeg", "JPEG", { IMAGE_JPEG8, NONE, NONE },                 8,  FALSE },
};

static int
depth_slot (int depth)
{
  return depth == 8 ? 0 : depth == 16 ? 1 : depth == 32 ? 2 : -1;
}

/* ".png: 8, 16; .tif/.tiff: 8, 16, 32; ..." */
static char *
supported (void)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      char **exts = g_strsplit (kinds[k].extensions, " ", -1);
      char *joined = g_strjoinv ("/", exts);
      g_string_append_printf (s, "%s%s:", k ? "; " : "", joined);
      for (int d = 0, n = 0; d < 3; d++)
        if (kinds[k].by_depth[d] != NONE)
          g_string_append_printf (s, "%s %d", n++ ? "," : "", 8 << d);
      g_free (joined);
      g_strfreev (exts);
    }
  return g_string_free (s, FALSE);
}

static const Kind *
kind_of_extension (const char *ext)
{
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      char **exts = g_strsplit (kinds[k].extensions, " ", -1);
      gboolean found = FALSE;
      for (guint i = 0; exts[i] && !found; i++)
        found = g_ascii_strcasecmp (exts[i], ext) == 0;
      g_strfreev (exts);
      if (found)
        return &kinds[k];
    }
  return NULL;
}

gboolean
image_format_choose (const char *path, int depth, ImageFormat *format, char **message)
{
  char *base = g_path_get_basename (path);
  const char *dot = strrchr (base, '.');
  const Kind *kind = dot && dot != base ? kind_of_extension (dot) : NULL;
  int slot;
  char *list;

  if (kind == NULL)
    {
      list = supported ();
      if (dot == NULL || dot == base)
        *message = g_strdup_printf ("--output '%s': no extension to choose the format by "
                                    "(%s)", path, list);
      else
        *message = g_strdup_printf ("--output '%s': unknown extension '%s' (%s)",
                                    path, dot, list);
      g_free (list);
      g_free (base);
      return FALSE;
    }
  g_free (base);
  if (depth == 0)
    depth = kind->usual_depth;
  slot = depth_slot (depth);
  if (slot < 0 || kind->by_depth[slot] == NONE)
    {
      list = supported ();
      *message = g_strdup_printf ("--depth %d: %s cannot hold %d bits per channel (%s)",
                                  depth, kind->name, depth, list);
      g_free (list);
      return FALSE;
    }
  *format = kind->by_depth[slot];
  return TRUE;
}

int
image_format_depth (ImageFormat f)
{
  switch (f)
    {
    case IMAGE_PNG16: case IMAGE_TIFF16: case IMAGE_EXR16:
      return 16;
    case IMAGE_TIFF32: case IMAGE_EXR32:
      return 32;
    case IMAGE_PNG8: case IMAGE_TIFF8: case IMAGE_WEBP8: case IMAGE_JPEG8:
    default:
      return 8;
    }
}

gboolean
image_format_is_float (ImageFormat f)
{
  return f == IMAGE_TIFF32 || f == IMAGE_EXR16 || f == IMAGE_EXR32;
}

gboolean
image_format_has_alpha (ImageFormat f)
{
  return f != IMAGE_JPEG8;
}

const char *
image_format_name (ImageFormat f)
{
  switch (f)
    {
    case IMAGE_PNG8: case IMAGE_PNG16: return "PNG";
    case IMAGE_TIFF8: case IMAGE_TIFF16: case IMAGE_TIFF32: return "TIFF";
    case IMAGE_EXR16: case IMAGE_EXR32: return "EXR";
    case IMAGE_WEBP8: return "WebP";
    case IMAGE_JPEG8: default: return "JPEG";
    }
}

gboolean
image_format_has_level (ImageFormat f)
{
  return !image_format_has_quality (f);
}

gboolean
image_format_has_quality (ImageFormat f)
{
  return f == IMAGE_WEBP8 || f == IMAGE_JPEG8;
}
