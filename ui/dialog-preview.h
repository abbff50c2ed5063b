/* The dialog's preview column: the texture as OK would render it into the
 * layer, in a GimpDrawablePreview, viewed whole (the tile scaled to fit),
 * as 2 x 2 tiles (to see seams) or at 100 % (the layer's pixels, scrolling,
 * the selection shown as GIMP shows it).  Rendering happens off the main
 * thread (preview-renderer.h); any change of the config or of the view
 * starts a new render.
 *
 * Every change is also checked on the spot, whether the preview is on or
 * not: settings the texture refuses are said in words under the preview,
 * the picture is dimmed (it shows earlier settings) and OK is insensitive
 * until the settings can render. */
#ifndef TSR_DIALOG_PREVIEW_H
#define TSR_DIALOG_PREVIEW_H

#include <libgimp/gimpui.h>

#include "mnemonic.h"

G_BEGIN_DECLS

typedef struct _TsrDialogPreview TsrDialogPreview;

/* The preview column (id "tessera-preview-box" in the dialog) holds the
 * drawable preview, the view buttons (their mnemonics taken from
 * mnemonics) and the messages. */
TsrDialogPreview *tsr_dialog_preview_new  (GimpProcedureDialog *dialog,
                                           GimpProcedureConfig *config,
                                           GimpDrawable        *drawable,
                                           TsrMnemonics        *mnemonics);
void              tsr_dialog_preview_free (TsrDialogPreview *preview);

/* A refusal found only when OK ran (by the checks of the targets): shown
 * like the dialog's own until the settings change. */
void              tsr_dialog_preview_refuse (TsrDialogPreview *preview, const char *why);

/* The refusal shown, NULL when the settings can render. */
const char       *tsr_dialog_preview_refusal (TsrDialogPreview *preview);

/* "fit", "2x2" or "100": the view shown. */
const char       *tsr_dialog_preview_view   (TsrDialogPreview *preview);

/* The view buttons, for the dialog's report: view i (0 .. 2) and its id. */
GtkWidget        *tsr_dialog_preview_view_button (TsrDialogPreview *preview, int i,
                                                  const char **id);

/* The area the picture is drawn in. */
GtkWidget        *tsr_dialog_preview_area (TsrDialogPreview *preview);

/* Calls changed (data) when the refusal shown changes. */
void              tsr_dialog_preview_on_change (TsrDialogPreview *preview,
                                                GCallback changed, gpointer data);

G_END_DECLS

#endif
