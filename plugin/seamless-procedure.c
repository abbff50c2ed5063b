/* See seamless-procedure.h: registration and the run. */
#include "config.h"

#include <libgimp/gimp.h>
#include <glib/gi18n-lib.h>

#include "gegl-modules.h"
#include "seamless-args.h"
#include "seamless-dialog.h"
#include "seamless-layer.h"
#include "seamless-procedure.h"

static GimpValueArray *
seamless_run (GimpProcedure *procedure, GimpRunMode run_mode, GimpImage *image,
              GimpDrawable **drawables, GimpProcedureConfig *config,
              gpointer run_data G_GNUC_UNUSED)
{
  TsrSeamlessCall call;
  GimpImage *made = NULL;
  GError *error = NULL;
  GimpPDBStatusType status;
  GimpValueArray *values;

  tsr_gegl_start (run_mode);
  /* a layer the tile cannot be made from is said before the dialog opens */
  if (run_mode == GIMP_RUN_INTERACTIVE
      && !tsr_seamless_layer_check (drawables, NULL, NULL, &error))
    return gimp_procedure_new_return_values (procedure, GIMP_PDB_CALLING_ERROR, error);
  if (run_mode == GIMP_RUN_INTERACTIVE
      && !tsr_seamless_dialog_run (procedure, config, drawables[0]))
    return gimp_procedure_new_return_values (procedure, GIMP_PDB_CANCEL, NULL);
  tsr_seamless_from_config (config, &call);
  status = tsr_seamless_layer (image, drawables, &call, &made, &error);
  if (status != GIMP_PDB_SUCCESS)
    return gimp_procedure_new_return_values (procedure, status, error);
  if (made != NULL && run_mode == GIMP_RUN_INTERACTIVE)
    gimp_display_new (made);
  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  values = gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS, NULL);
  GIMP_VALUES_SET_IMAGE (values, 1, made);
  return values;
}

GimpProcedure *
tsr_seamless_procedure_new (GimpPlugIn *plug_in)
{
  GimpProcedure *procedure = gimp_image_procedure_new (plug_in, TSR_SEAMLESS_PROC,
                                                       GIMP_PDB_PROC_TYPE_PLUGIN,
                                                       seamless_run, NULL, NULL);

  gimp_procedure_set_image_types (procedure, "RGB*, GRAY*");
  gimp_procedure_set_sensitivity_mask (procedure, GIMP_PROCEDURE_SENSITIVE_DRAWABLE);
  gimp_procedure_set_menu_label (procedure, _("Tessera: Make Seamless from Photo…"));
  gimp_procedure_add_menu_path (procedure, "<Image>/Filters/Map/");
  gimp_procedure_set_documentation (procedure,
                                    _("Make a seamless tile from the photograph in a layer"),
                                    _("Quilts patches of the layer's photograph (or of the "
                                      "selection's bounds) on a torus with minimum-error "
                                      "cuts, so the tile wraps with no seam, ghost or mirror. "
                                      "At the layer's size the layer is replaced in one undo "
                                      "step; another size makes a new image."),
                                    TSR_SEAMLESS_PROC);
  gimp_procedure_set_attribution (procedure, "The Tessera authors", "The Tessera authors",
                                  "2026");
  tsr_seamless_add_arguments (procedure);
  return procedure;
}
