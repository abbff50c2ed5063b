/* See seamless-dialog.h. */
#include "config.h"

#include <libgimp/gimpui.h>
#include <glib/gi18n-lib.h>

#include "photo/seamless-params.h"
#include "seamless-dialog.h"
#include "seamless-preview.h"

gboolean
tsr_seamless_dialog_run (GimpProcedure *procedure, GimpProcedureConfig *config,
                         GimpDrawable *drawable)
{
  GtkWidget *dialog, *content;
  TsrSeamlessPreview *preview;
  gboolean ok;

  gimp_ui_init ("tessera");
  dialog = gimp_procedure_dialog_new (procedure, config, _("Make Seamless from Photo"));
  gimp_procedure_dialog_fill (GIMP_PROCEDURE_DIALOG (dialog), NULL);
  /* the maps' settings mean something only with material layers */
  gimp_procedure_dialog_set_sensitive (GIMP_PROCEDURE_DIALOG (dialog), "material-naming", TRUE,
                                       G_OBJECT (config), "material-layers", FALSE);
  for (int i = 0; i < TSR_SP_COUNT; i++)
    if (tsr_seamless_params[i].maps)
      gimp_procedure_dialog_set_sensitive (GIMP_PROCEDURE_DIALOG (dialog),
                                           tsr_seamless_params[i].key, TRUE,
                                           G_OBJECT (config), "material-layers", FALSE);
  preview = tsr_seamless_preview_new (GIMP_PROCEDURE_DIALOG (dialog), config, drawable);
  content = gtk_dialog_get_content_area (GTK_DIALOG (dialog));
  gtk_box_pack_start (GTK_BOX (content), tsr_seamless_preview_widget (preview), FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (content), tsr_seamless_preview_widget (preview), 0);
  ok = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));
  tsr_seamless_preview_free (preview);
  gtk_widget_destroy (dialog);
  return ok;
}
