/* PDB arguments from the core's tables, in one loop: adding a parameter to
 * tsr_params[] adds it to the procedure, to Script-Fu and to the dialog. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "material-presets.h"
#include "mnemonic.h"
#include "param-config.h"
#include "procedure-args.h"
#include "tile-set-options.h"

static GimpChoice *
pattern_choice (void)
{
  GimpChoice *choice = gimp_choice_new ();

  for (guint i = 0; i < tsr_n_patterns; i++)
    gimp_choice_add (choice, tsr_patterns[i]->name, (gint) i,
                     _(tsr_patterns[i]->label), _(tsr_patterns[i]->description));
  return choice;
}

GimpChoice *
tsr_material_naming_choice (void)
{
  GimpChoice *choice = gimp_choice_new ();

  for (guint i = 0; i < tsr_n_material_presets; i++)
    gimp_choice_add (choice, tsr_material_presets[i].name, (gint) i,
                     tsr_material_presets[i].label, NULL);
  return choice;
}

/* Mnemonics: the dialog GimpProcedureDialog builds wants one per label
 * (and warns about each one without).  The core's labels have none, and a
 * letter free in English may not be in another language, so they are
 * chosen here, on the translated labels (mnemonic.h), within each group of
 * the dialog, whose own buttons hold TSR_MNEMONICS_BUTTONS.
 * Across groups a letter may repeat: GTK then cycles between its widgets. */
static void
add_param (GimpProcedure *procedure, const TsrParamSpec *spec, TsrMnemonics *m)
{
  char *label = tsr_mnemonics_assign (m, _(spec->label));

  tsr_param_add_argument (procedure, spec, label);
  g_free (label);
}

void
tsr_procedure_add_arguments (GimpProcedure *procedure)
{
  TsrMnemonics m[TSR_GROUP_COUNT];
  char     *label;

  memset (m, 0, sizeof m);
  for (guint g = 0; g < TSR_GROUP_COUNT; g++)
    tsr_mnemonics_use_all (&m[g], TSR_MNEMONICS_BUTTONS);

  label = tsr_mnemonics_assign (&m[TSR_GROUP_PATTERN], _("_Pattern"));
  gimp_procedure_add_choice_argument (procedure, TSR_ARG_PATTERN, label,
                                      _("The texture to render"),
                                      pattern_choice (), "clouds",
                                      G_PARAM_READWRITE);
  g_free (label);

  for (guint i = 0; i < TSR_P_COUNT; i++)
    add_param (procedure, &tsr_params[i], &m[tsr_params[i].group]);

  label = tsr_mnemonics_assign (&m[TSR_GROUP_COLOR], _("Gradient"));
  gimp_procedure_add_string_argument (procedure, TSR_ARG_GRADIENT, label,
                                      _("Name of a GIMP gradient to color the texture with "
                                        "(empty: use the palette and colors)"),
                                      "", G_PARAM_READWRITE);
  g_free (label);

  for (guint i = 0; i < TSR_SET_ARGS; i++)
    add_param (procedure, &tsr_tile_set_args[i], &m[tsr_tile_set_args[i].group]);

  label = tsr_mnemonics_assign (&m[TSR_GROUP_ANIMATION], _("Frames"));
  gimp_procedure_add_int_argument (procedure, TSR_ARG_FRAMES, label,
                                   _("Frames of the animation loop: with more than 1, a layer "
                                     "a frame, named for GIMP's animation playback and GIF or "
                                     "WebP export"),
                                   1, TSR_MAX_FRAMES, 1, G_PARAM_READWRITE);
  g_free (label);

  label = tsr_mnemonics_assign (&m[TSR_GROUP_SURFACE], _("Material layers"));
  gimp_procedure_add_boolean_argument (procedure, TSR_ARG_MATERIAL, label,
                                       _("Add the other maps of the texture's material set "
                                         "(normal, height, roughness, occlusion, curvature, "
                                         "packed) as new layers above, named as the engine's "
                                         "naming says"),
                                       FALSE, G_PARAM_READWRITE);
  g_free (label);

  label = tsr_mnemonics_assign (&m[TSR_GROUP_SURFACE], _("Engine naming"));
  gimp_procedure_add_choice_argument (procedure, TSR_ARG_MATERIAL_NAMING, label,
                                      _("The game engine whose names, normal-map convention "
                                        "and packed map the material layers follow"),
                                      tsr_material_naming_choice (), "unreal", G_PARAM_READWRITE);
  g_free (label);

  /* for batches: the dialog's users have GIMP's own export */
  gimp_procedure_add_string_argument (procedure, TSR_ARG_MATERIAL_FOLDER, _("Export folder"),
                                      _("With material layers: also export the material set as "
                                        "PNG files into this folder, named as the engine's "
                                        "naming says; each file holds the whole texture, even "
                                        "when only part of the layer is selected (empty: no "
                                        "export)"),
                                      "", G_PARAM_READWRITE);

  /* for batches: the dialog has its buttons; the rule is
   * tsr_config_apply_preset's */
  gimp_procedure_add_string_argument (procedure, TSR_ARG_PRESET, _("Preset"),
                                      _("Start from this preset (a name 'tessera presets' "
                                        "lists, such as \"red-brick-wall\"): arguments not at "
                                        "their defaults override its values, and the pattern "
                                        "is the preset's (empty: no preset)"),
                                      "", G_PARAM_READWRITE);
}
