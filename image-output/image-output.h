/* Writing rendered rows to an image file of any output format
 * (image-format.h), atomically (atomic-file.h) and in bounded memory.
 *
 * The core renders non-linear sRGB RGBA floats in [0, 1]; the writer takes
 * them a band of rows at a time, in order, and streams them out:
 *
 *   8 and 16 bits: values quantised by tsr_quantize_unit (v, 255 or 65535)
 *                  (quantize.h in core/), the plug-in's rounding;
 *   half and float (TIFF 32, EXR): colour channels converted to LINEAR
 *                  light with the sRGB transfer function, to within 3
 *                  ulps (linear-light.h in core/; float images are
 *                  linear by convention in GIMP and Krita), alpha
 *                  unchanged and not premultiplied; data (height and
 *                  normal maps) stored as it is.
 *
 * The channels follow what the caller says of the image (ImageContent),
 * as each format can hold them: an opaque image has no alpha channel in
 * PNG, 8/16-bit TIFF and JPEG (float files keep theirs); a grey one (every
 * pixel R = G = B) is one grey channel (plus alpha in PNG) in PNG,
 * 8/16-bit TIFF, JPEG and EXR ("Y"), and RGB(A) in WebP, which has no grey
 * mode, and in colour float TIFFs, whose linear-light ICC profile is an
 * RGB one.
 *
 * The simplest use, one band after another on one thread:
 *
 *   out = image_output_new (path, format, NULL, w, h, &content, &error);
 *   image_output_write_rows (out, rgba, stride, n_rows, &error);  (repeated)
 *   image_output_finish (out, &error);   (or image_output_abort (out))
 *
 * Faster, as the CLI renders: each band encoded on the render thread that
 * made it (image_output_encode, into a band of its own), then written in
 * row order (image_output_write_band). */
#ifndef TSR_IMAGE_OUTPUT_H
#define TSR_IMAGE_OUTPUT_H

#include <glib.h>

#include "atomic-file.h"
#include "image-format.h"

G_BEGIN_DECLS

typedef struct _ImageOutput ImageOutput;

/* Creates the temporary file and starts the format's.  options may be
 * NULL (the format's defaults).  Errors (G_FILE_ERROR) name path. */
ImageOutput *image_output_new        (const char *path, ImageFormat format,
                                      const ImageOptions *options,
                                      int width, int height, const ImageContent *content,
                                      GError **error);

/* The number of channels the file holds (pixel-layout.h). */
int          image_output_channels   (const ImageOutput *out);

/* Appends n_rows rows (any number) of width RGBA pixels (4 floats each),
 * row r starting at rgba + r * stride floats; they are kept until they
 * make a band.  On failure the output is still to be aborted by the
 * caller. */
gboolean     image_output_write_rows (ImageOutput *out, const float *rgba,
                                      gsize stride, int n_rows, GError **error);

/* The rows of a band: about 64 K pixels, in whole groups of the rows the
 * format stores together (EXR's chunks, TIFF's strips); the last band
 * holds what is left.  The file's bytes depend on where bands start (PNG's
 * compressed pieces), so every band but the last has this height: the
 * same bytes for any thread count, and write_rows gives them too. */
int          image_output_band_rows  (const ImageOutput *out);

/* A band encoded ahead: each holds one band at a time, so give each band
 * in flight its own. */
typedef struct _ImageBand ImageBand;

ImageBand   *image_band_new          (const ImageOutput *out);
void         image_band_free         (ImageBand *band);

/* Encodes rows first_row .. first_row + n_rows - 1 into band; on any
 * thread (out is only read), bands of different rows at once. */
gboolean     image_output_encode     (const ImageOutput *out, ImageBand *band,
                                      const float *rgba, gsize stride, int first_row,
                                      int n_rows, GError **error);

/* Writes the next n_rows rows, which band holds (image_output_encode):
 * bands in order, each image_output_band_rows () high but the last. */
gboolean     image_output_write_band (ImageOutput *out, const ImageBand *band, int n_rows,
                                      GError **error);

/* After all rows: completes the file, fsyncs it and renames it over the
 * target.  Frees the output whatever the outcome; on failure the temporary
 * file is removed and the target left as it was. */
gboolean     image_output_finish     (ImageOutput *out, GError **error);

/* After all rows: completes the file and hands it over, not yet in place
 * (for a set of files: file-set.h).  Frees the output whatever the
 * outcome; NULL on failure, the temporary file removed. */
AtomicFile  *image_output_finish_file (ImageOutput *out, GError **error);

/* Removes the temporary file and frees the output.  NULL is allowed. */
void         image_output_abort      (ImageOutput *out);

G_END_DECLS

#endif
