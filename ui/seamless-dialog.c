/* See seamless-dialog.h.  No preview: a tile takes about a second from a
 * 1024² photograph, too slow to follow a slider. */
#include "config.h"

#include <libgimp/gimpui.h>
#include <glib/gi18n-lib.h>

#include "seamless-dialog.h"

gboolean
tsr_seamless_dialog_run (GimpProcedure *procedure, GimpProcedureConfig *config)
{
  GtkWidget *dialog;
  gboolean ok;

  gimp_ui_init ("tessera");
  dialog = gimp_procedure_dialog_new (procedure, config, _("Make Seamless from Photo"));
  gimp_procedure_dialog_fill (GIMP_PROCEDURE_DIALOG (dialog), NULL);
  ok = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));
  gtk_widget_destroy (dialog);
  return ok;
}
