/* Writing rendered rows to image files, atomically and in bounded memory.
 *
 * The core renders non-linear sRGB RGBA floats in [0, 1].  The writer
 * takes them a band of rows at a time and streams them out:
 *
 *   IMAGE_PNG8    8-bit PNG, values quantised by tsr_quantize_unit (v, 255)
 *   IMAGE_PNG16   16-bit PNG, values quantised by tsr_quantize_unit (v, 65535)
 *   IMAGE_TIFF32  32-bit float RGBA TIFF (SAMPLEFORMAT_IEEEFP), colour
 *                 channels converted to LINEAR light with the sRGB transfer
 *                 function (float images are linear by convention in GIMP
 *                 and Krita), alpha unchanged and not premultiplied, with
 *                 an embedded linear-sRGB ICC profile: GIMP's TIFF loader
 *                 takes float data for linear only when the profile says
 *                 so (see icc-profile.h).
 *
 * Compression runs band by band on the render's worker threads: PNG image
 * data as pieces of one zlib stream (deflate-bands.h), with zlib's fastest
 * level; EXR chunks (exr-bands.h) and TIFF strips (tiff-bands.h) each as a
 * zlib stream of its own.  The writing thread only writes them in order.
 *
 * PNGs carry an sRGB chunk.  The channels follow what the caller says of
 * the image (ImageContent): an opaque image has no alpha channel in PNG,
 * 8/16-bit TIFF and JPEG (float files keep theirs); a grey one (every
 * pixel R = G = B: height maps, grey palettes) is written as one grey
 * channel (plus alpha in PNG) in PNG, 8/16-bit TIFF, JPEG and EXR ("Y"),
 * and as RGB(A) in WebP, which has no grey mode, and in colour float TIFFs,
 * whose linear-light ICC profile is an RGB one.  Data (height and normal
 * maps) is written to float files as it is, not converted to linear light,
 * and a float TIFF of data carries no colour profile.
 *
 * Atomicity: the file is written to a temporary DIR/.NAME.XXXXXX next to
 * the target, then fsync'd and renamed over the target by
 * image_writer_finish ().  image_writer_abort () (or any failure) removes
 * the temporary file, so the target is either untouched or complete. */
#ifndef TSR_IMAGE_WRITER_H
#define TSR_IMAGE_WRITER_H

#include <signal.h>

#include <glib.h>

#include "deflate-bands.h"
#include "image-format.h"

G_BEGIN_DECLS


typedef struct _ImageWriter ImageWriter;

/* The format's setting (image-format.h): deflate level, or quality;
 * -1: the writer's default (level 1, but repetition only for float EXR;
 * quality 90).  stop (may be NULL): when it turns non-zero (a signal
 * came), an encoding that runs long at the finish (WebP's) gives up. */
typedef struct
{
  int level;
  int quality;
  const volatile sig_atomic_t *stop;
} ImageOptions;

/* What the caller knows of every pixel it will write. */
typedef struct
{
  gboolean alpha;   /* some pixel may be translucent */
  gboolean grey;    /* every pixel has R = G = B */
  gboolean data;    /* heights or normals, not colours */
} ImageContent;

/* Whether a file of the format can hold a width x height image with these
 * options (JPEG and WebP cannot hold every size): FALSE with the reason,
 * to refuse the size before anything is rendered. */
gboolean     image_writer_size_fits  (ImageFormat format, const ImageOptions *options,
                                      int width, int height, char **reason);

/* Creates the temporary file.  Errors (G_FILE_ERROR) name path. */
ImageWriter *image_writer_new        (const char *path, ImageFormat format,
                                      const ImageOptions *options,
                                      int width, int height, const ImageContent *content,
                                      GError **error);

/* The number of channels the file holds (pixel-layout.h). */
int          image_writer_channels   (const ImageWriter *writer);

/* Appends n_rows rows of width RGBA pixels (4 floats each), row r starting
 * at rgba + r * stride floats; n_rows as image_writer_band_rows () allows
 * (or the image's last rows).  On failure the writer is still to be
 * aborted by the caller. */
gboolean     image_writer_write_rows (ImageWriter *writer, const float *rgba,
                                      gsize stride, int n_rows,
                                      GError **error);

/* Encoding done ahead of writing, on the render's worker threads (PNG:
 * quantise, filter, deflate); each encoder holds one band at a time, so
 * give each band in flight its own.  NULL for formats that encode as they
 * write. */
typedef struct _ImageEncoder ImageEncoder;

ImageEncoder *image_writer_encoder_new (const ImageWriter *writer);
void          image_encoder_free       (ImageEncoder *encoder);

/* The band height to encode ahead, at least rows: the formats that store
 * rows in fixed groups (EXR's chunks) want bands of whole groups. */
int          image_writer_band_rows  (const ImageWriter *writer, int rows);

/* Encodes rows first_row .. first_row + n_rows - 1 into encoder; on any
 * thread (the writer is only read).  Bands must then be written in order. */
gboolean     image_writer_encode     (const ImageWriter *writer, ImageEncoder *encoder,
                                      const float *rgba, gsize stride, int first_row,
                                      int n_rows, GError **error);

/* Writes the next n_rows rows: the band encoder holds (encoded by
 * image_writer_encode), or, encoder NULL, rgba. */
gboolean     image_writer_write_band (ImageWriter *writer, ImageEncoder *encoder,
                                      const float *rgba, gsize stride, int n_rows,
                                      GError **error);

/* After all rows: completes the file, fsyncs it and renames it over the
 * target.  Frees the writer whatever the outcome; on failure the temporary
 * file is removed and the target left as it was. */
gboolean     image_writer_finish     (ImageWriter *writer, GError **error);

/* Removes the temporary file and frees the writer.  NULL is allowed. */
void         image_writer_abort      (ImageWriter *writer);

/* THE quantiser for integer output (8-bit: max 255, 16-bit: max 65535):
 *
 *   q = floor (clamp (v, 0, 1) * max + 0.5)   in double precision,
 *
 * with NaN treated as 0.  Deterministic, no dithering; the GIMP plug-in's
 * 8-bit output must equal it.  Float output is in linear light
 * (srgb-linear.h). */

G_END_DECLS

#endif
