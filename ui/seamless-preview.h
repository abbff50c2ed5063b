/* The Make Seamless dialog's preview: the tile OK would make, repeated
 * 2 × 2 (tiled-preview.h's layout and copying, as the texture dialog's
 * 2 × 2 view) so a seam would show where the copies meet.  The layer is
 * read once (layer-photo.h, as the run reads it) and the tile is made by
 * the core off the main thread whenever the settings change: a newer
 * change while one is being made is made next and the older result
 * dropped.  Settings the core refuses are said under the preview and OK
 * is insensitive until they can make a tile.
 *
 * When the environment names a file (TESSERA_DIALOG_REPORT, as the
 * texture dialog's report) each view drawn is written to it for the GUI
 * tests: the tile's size, the settings, the layout, and the view as a PNG
 * beside it (FILE.png). */
#ifndef TSR_SEAMLESS_PREVIEW_H
#define TSR_SEAMLESS_PREVIEW_H

#include <libgimp/gimpui.h>

G_BEGIN_DECLS

typedef struct _TsrSeamlessPreview TsrSeamlessPreview;

/* The preview column, to pack into the dialog. */
TsrSeamlessPreview *tsr_seamless_preview_new    (GimpProcedureDialog *dialog,
                                                 GimpProcedureConfig *config,
                                                 GimpDrawable        *drawable);
GtkWidget          *tsr_seamless_preview_widget (TsrSeamlessPreview *preview);
/* Waits for a tile being made, then frees. */
void                tsr_seamless_preview_free   (TsrSeamlessPreview *preview);

G_END_DECLS

#endif
