/* The dialog's parameter pages, generated from the core's table: one page
 * of a notebook per TsrParamGroup, its tab titled with
 * tsr_param_group_label, holding a widget bound to each parameter's
 * argument.  Parameters that do not apply (param-rules.h) are hidden, or
 * made insensitive on the colour page, and a page none of whose parameters
 * apply is hidden with its tab, updated as the choices change: the
 * notebook is only as tall as the pages in use.
 *
 * Mnemonics are chosen per page: a page shows with the preview column and
 * the dialog's buttons, whose letters (view) no page takes, and hidden
 * pages take no key presses, so no Alt+letter is held twice in one view. */
#ifndef TSR_DIALOG_GROUPS_H
#define TSR_DIALOG_GROUPS_H

#include <libgimp/gimpui.h>

#include "mnemonic.h"
#include "params/params.h"

G_BEGIN_DECLS

typedef struct _TsrDialogGroups TsrDialogGroups;

/* view: the letters held by what every page shows with. */
TsrDialogGroups *tsr_dialog_groups_new      (GimpProcedureConfig *config,
                                             const TsrMnemonics  *view);
void             tsr_dialog_groups_free     (TsrDialogGroups *groups);

/* The notebook: one page per group. */
GtkWidget       *tsr_dialog_groups_notebook (TsrDialogGroups *groups);

/* The box of the group's page; extra widgets are packed into it and
 * labelled with the page's mnemonics. */
GtkWidget       *tsr_dialog_groups_get_box  (TsrDialogGroups *groups, TsrParamGroup group);
TsrMnemonics    *tsr_dialog_groups_mnemonics (TsrDialogGroups *groups, TsrParamGroup group);

/* The widget of a parameter (NULL for none). */
GtkWidget       *tsr_dialog_groups_param_widget (TsrDialogGroups *groups, TsrParamId id);

/* The pattern selector (GIMP's choice combo, inside its labelled row). */
GtkComboBox     *tsr_dialog_groups_pattern_combo (TsrDialogGroups *groups);

/* Re-applies the rules (done on every change of a choice they read), then
 * calls `changed` (set with tsr_dialog_groups_on_change). */
void             tsr_dialog_groups_update   (TsrDialogGroups *groups);
void             tsr_dialog_groups_on_change (TsrDialogGroups *groups,
                                              GCallback        changed,
                                              gpointer         data);

G_END_DECLS

#endif
