/* The dialog's parameter frames, generated from the core's table: one frame
 * per TsrParamGroup, titled with tsr_param_group_label, holding the
 * widgets GimpProcedureDialog derives from each parameter's argument.
 * Parameters that do not apply (param-rules.h) are hidden, or made
 * insensitive in the colour frame, updated as the choices change. */
#ifndef TSR_DIALOG_GROUPS_H
#define TSR_DIALOG_GROUPS_H

#include <libgimp/gimpui.h>

#include "mnemonic.h"
#include "params/params.h"

G_BEGIN_DECLS

typedef struct _TsrDialogGroups TsrDialogGroups;

/* Creates the frames (ids tsr_dialog_group_id ()); extra widgets are
 * packed into them afterwards with tsr_dialog_groups_get_box (). */
TsrDialogGroups *tsr_dialog_groups_new     (GimpProcedureDialog *dialog,
                                            GimpProcedureConfig *config);
void             tsr_dialog_groups_free    (TsrDialogGroups *groups);

/* "tessera-group-noise": the id of the group's frame in the dialog. */
const char      *tsr_dialog_group_id       (TsrDialogGroups *g, TsrParamGroup group);

/* The box inside the group's frame. */
GtkWidget       *tsr_dialog_groups_get_box (TsrDialogGroups *groups, TsrParamGroup group);

/* Marks the mnemonics of every parameter's widget (and the dialog's own
 * buttons) as used. */
void             tsr_dialog_groups_used_mnemonics (TsrDialogGroups *groups,
                                                   TsrMnemonics    *mnemonics);

/* Re-applies the rules (done on every change of a choice they read). */
void             tsr_dialog_groups_update  (TsrDialogGroups *groups);

G_END_DECLS

#endif
