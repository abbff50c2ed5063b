/* What the dialog shows, written for the GUI tests when the environment
 * names a file (TESSERA_DIALOG_REPORT): the window's size, where OK,
 * Cancel, the preview, the preset and view buttons and the page tabs are on
 * the screen, each parameter's Alt+letter, whether OK is offered, the
 * refusal said, and the settings.  Tests drive the dialog with
 * real clicks and keys (xdotool) and read here what a screenshot cannot
 * tell reliably.  Nothing is written without the variable. */
#ifndef TSR_DIALOG_REPORT_H
#define TSR_DIALOG_REPORT_H

#include <libgimp/gimpui.h>

#include "dialog-groups.h"
#include "dialog-preview.h"

G_BEGIN_DECLS

typedef struct _TsrDialogReport TsrDialogReport;

/* NULL when the variable is not set. */
TsrDialogReport *tsr_dialog_report_new    (GimpProcedureDialog *dialog,
                                           GimpProcedureConfig *config,
                                           TsrDialogPreview    *preview,
                                           TsrDialogGroups     *groups,
                                           GtkWidget           *presets);
void             tsr_dialog_report_free   (TsrDialogReport *report);

/* Writes the report again once the dialog is idle. */
void             tsr_dialog_report_queue  (TsrDialogReport *report);

G_END_DECLS

#endif
