/* The dialog's preview: the texture as OK would render it into the layer,
 * in a GimpDrawablePreview (the layer's coordinates, scrolling, the
 * selection shown as GIMP shows it), or the tile repeated 2 x 2.
 * Rendering happens off the main thread (preview-renderer.h); any change
 * of the config or of the view starts a new render. */
#ifndef TSR_DIALOG_PREVIEW_H
#define TSR_DIALOG_PREVIEW_H

#include <libgimp/gimpui.h>

#include "mnemonic.h"

G_BEGIN_DECLS

typedef struct _TsrDialogPreview TsrDialogPreview;

/* The preview box (id "tessera-preview-box") holds the drawable preview
 * and the "Tiled 2x2" toggle (its mnemonic taken from mnemonics). */
TsrDialogPreview *tsr_dialog_preview_new  (GimpProcedureDialog *dialog,
                                           GimpProcedureConfig *config,
                                           GimpDrawable        *drawable,
                                           TsrMnemonics        *mnemonics);
void              tsr_dialog_preview_free (TsrDialogPreview *preview);

G_END_DECLS

#endif
