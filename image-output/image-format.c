/* The output formats, and choosing one by extension: see image-format.h. */
#include <string.h>

#include "format-backend.h"

/* Every output format, in the order messages and --help list them: one
 * line each, naming the backend its file format-NAME.c defines. */
#define IMAGE_FORMATS \
  X (png)             \
  X (tiff)            \
  X (exr)             \
  X (webp)            \
  X (jpeg)

#define X(name) extern const FormatBackend format_##name;
IMAGE_FORMATS
#undef X

static const FormatBackend *const backends[] = {
#define X(name) &format_##name,
  IMAGE_FORMATS
#undef X
};

static gboolean
holds (const FormatBackend *b, int depth)
{
  return (depth == 8 || depth == 16 || depth == 32) && (b->depths & FORMAT_DEPTH (depth)) != 0;
}

/* ".tif/.tiff" */
static void
append_extensions (GString *s, const FormatBackend *b)
{
  char **exts = g_strsplit (b->extensions, " ", -1);
  char *joined = g_strjoinv ("/", exts);

  g_string_append (s, joined);
  g_free (joined);
  g_strfreev (exts);
}

/* " 8, 16, 32"; with_half: " 16 (half), 32" for a format of 16-bit floats. */
static void
append_depths (GString *s, const FormatBackend *b, gboolean with_half)
{
  for (int depth = 8, n = 0; depth <= 32; depth *= 2)
    if (holds (b, depth))
      g_string_append_printf (s, "%s %d%s", n++ ? "," : "", depth,
                              with_half && depth == 16 && (b->float_depths & FORMAT_DEPTH (16))
                              ? " (half)" : "");
}

/* ".png: 8, 16; .tif/.tiff: 8, 16, 32; ..." */
static char *
supported (void)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < G_N_ELEMENTS (backends); k++)
    {
      g_string_append (s, k ? "; " : "");
      append_extensions (s, backends[k]);
      g_string_append_c (s, ':');
      append_depths (s, backends[k], FALSE);
    }
  return g_string_free (s, FALSE);
}

static const FormatBackend *
backend_of_extension (const char *ext)
{
  for (guint k = 0; k < G_N_ELEMENTS (backends); k++)
    {
      char **exts = g_strsplit (backends[k]->extensions, " ", -1);
      gboolean found = FALSE;
      for (guint i = 0; exts[i] && !found; i++)
        found = g_ascii_strcasecmp (exts[i], ext) == 0;
      g_strfreev (exts);
      if (found)
        return backends[k];
    }
  return NULL;
}

gboolean
image_format_choose (const char *path, int depth, ImageFormat *format, char **message)
{
  char *base = g_path_get_basename (path);
  const char *dot = strrchr (base, '.');
  const FormatBackend *backend = dot && dot != base ? backend_of_extension (dot) : NULL;
  char *list;

  *format = (ImageFormat) { backends[0], backends[0]->usual_depth };
  if (backend == NULL)
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
    depth = backend->usual_depth;
  if (!holds (backend, depth))
    {
      list = supported ();
      *message = g_strdup_printf ("--depth %d: %s cannot hold %d bits per channel (%s)",
                                  depth, backend->name, depth, list);
      g_free (list);
      return FALSE;
    }
  *format = (ImageFormat) { backend, depth };
  return TRUE;
}

gboolean
image_format_is_float (ImageFormat f)
{
  return (f.backend->float_depths & FORMAT_DEPTH (f.depth)) != 0;
}

gboolean
image_format_has_alpha (ImageFormat f)
{
  return f.backend->alpha;
}

const char *
image_format_name (ImageFormat f)
{
  return f.backend->name;
}

gboolean
image_format_has_level (ImageFormat f)
{
  return f.backend->setting == FORMAT_LEVEL;
}

gboolean
image_format_has_quality (ImageFormat f)
{
  return f.backend->setting == FORMAT_QUALITY;
}

int
image_format_setting (ImageFormat f, const ImageOptions *options)
{
  int asked = options == NULL ? -1
              : image_format_has_level (f) ? options->level : options->quality;

  return asked >= 0 ? asked : f.backend->default_setting (f.depth);
}

gboolean
image_format_size_fits (ImageFormat f, const ImageOptions *options, int width, int height,
                        char **reason)
{
  return f.backend->size_fits == NULL
         || f.backend->size_fits (image_format_setting (f, options), width, height, reason);
}

char *
image_format_extensions (void)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < G_N_ELEMENTS (backends); k++)
    {
      g_string_append (s, k ? ", " : "");
      append_extensions (s, backends[k]);
    }
  return g_string_free (s, FALSE);
}

char *
image_format_depths (void)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < G_N_ELEMENTS (backends); k++)
    {
      g_string_append_printf (s, "%s%s", k ? "; " : "", backends[k]->name);
      append_depths (s, backends[k], TRUE);
    }
  return g_string_free (s, FALSE);
}

/* "a, b and c" (conjunction "and"); words is freed. */
static char *
join_words (GPtrArray *words, const char *conjunction)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < words->len; i++)
    g_string_append_printf (s, "%s%s", i == 0 ? "" : i + 1 < words->len ? ", " : conjunction,
                            (const char *) words->pdata[i]);
  g_ptr_array_free (words, TRUE);
  return g_string_free (s, FALSE);
}

char *
image_format_names_with_level (gboolean level)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint k = 0; k < G_N_ELEMENTS (backends); k++)
    if ((backends[k]->setting == FORMAT_LEVEL) == level)
      g_ptr_array_add (names, g_strdup (backends[k]->name));
  return join_words (names, " and ");
}

char *
image_format_alpha_extensions (void)
{
  GPtrArray *extensions = g_ptr_array_new_with_free_func (g_free);

  for (guint k = 0; k < G_N_ELEMENTS (backends); k++)
    if (backends[k]->alpha)
      g_ptr_array_add (extensions, g_strndup (backends[k]->extensions,
                                              strcspn (backends[k]->extensions, " ")));
  return join_words (extensions, " or ");
}
