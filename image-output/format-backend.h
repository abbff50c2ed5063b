/* What an output format implements: one backend per file
 * (format-NAME.c), each a FormatBackend listed once in image-format.c.
 *
 * The writer (image-output.h) opens the format's file on a temporary file's
 * descriptor, then hands it the image in bands of rows: each band is
 * encoded ahead on a render thread (encode, into a band of its own;
 * several bands at once, the file only read) and then written in row
 * order on the writing thread (write).  finish completes the file; close
 * frees what the backend holds, never the descriptor.
 *
 * Rows are the core's non-linear sRGB RGBA floats in [0, 1], row r at
 * rgba + r * stride floats.  Errors say what failed, without the file's
 * name (the writer adds it). */
#ifndef TSR_FORMAT_BACKEND_H
#define TSR_FORMAT_BACKEND_H

#include "image-format.h"

G_BEGIN_DECLS

#define FORMAT_DEPTH(bits) (1u << ((bits) / 8))   /* 8, 16, 32 as bits of a set */

/* What the file is to hold. */
typedef struct
{
  int          fd;          /* the temporary file, open for writing */
  const char  *name;        /* the temporary file's, for a library's messages */
  int          width, height;
  int          depth;       /* bits per channel */
  int          channels;    /* pixel-layout.h: as the backend's channels () said */
  int          setting;     /* deflate level or quality, already resolved */
  /* Float files of colours: to linear light (linear-light.h in core/);
   * FALSE for data, kept as they are. */
  gboolean     linear;
  gboolean     data;        /* heights, normals, material maps: no colour space */
  const volatile sig_atomic_t *stop;   /* may be NULL */
} FileSpec;

/* A backend's open file; its own struct begins with this. */
typedef struct
{
  FileSpec spec;
  int      band_rows;       /* bands start on multiples of this (EXR chunks, TIFF strips) */
} FormatFile;

/* A band encoded ahead: each backend's own, opaque here. */
typedef struct _FormatBand FormatBand;

enum { FORMAT_LEVEL, FORMAT_QUALITY };

struct _FormatBackend
{
  const char *name;              /* "PNG" */
  const char *extensions;        /* lower case, space-separated: ".tif .tiff" */
  guint       depths;            /* FORMAT_DEPTH (8) | ... */
  guint       float_depths;      /* the depths that store floats (linear light) */
  int         usual_depth;       /* without --depth */
  gboolean    alpha;             /* can store transparency */
  int         setting;           /* FORMAT_LEVEL or FORMAT_QUALITY */
  int       (*default_setting) (int depth);
  /* The channels a file holds for such content (pixel-layout.h). */
  int       (*channels)        (int depth, const ImageContent *content);
  /* NULL: any size. */
  gboolean  (*size_fits)       (int setting, int width, int height, char **reason);

  FormatFile *(*open)          (const FileSpec *spec, GError **error);
  /* NULL: bands need no memory of their own (encode gets band NULL). */
  FormatBand *(*band_new)      (const FormatFile *file);
  void        (*band_free)     (FormatBand *band);
  gboolean    (*encode)        (const FormatFile *file, FormatBand *band, const float *rgba,
                                gsize stride, int first_row, int n_rows, GError **error);
  /* NULL: encode put the rows where finish finds them. */
  gboolean    (*write)         (FormatFile *file, const FormatBand *band, int first_row,
                                int n_rows, GError **error);
  gboolean    (*finish)        (FormatFile *file, GError **error);
  void        (*close)         (FormatFile *file);
};

/* A failure as backends report it: errno_value's message when not 0 (a
 * failed write), else what the library said (after its name, when given:
 * "JPEG: ..."). */
static inline void
format_set_error (GError **error, int errno_value, const char *library, const char *message)
{
  if (errno_value != 0)
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno_value), "%s",
                 g_strerror (errno_value));
  else
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s%s%s",
                 library ? library : "", library ? ": " : "",
                 message && *message ? message : "encoder error");
}

G_END_DECLS

#endif
