/* plug-in-tessera-seamless's arguments: see seamless-args.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mnemonic.h"
#include "procedure-args.h"
#include "seamless-args.h"

/* The table's rows that shape the tile (maps FALSE) or the maps (TRUE). */
static void
add_rows (GimpProcedure *procedure, TsrMnemonics *m, gboolean maps)
{
  const GParamFlags flags = G_PARAM_READWRITE;

  for (int i = 0; i < TSR_SP_COUNT; i++)
    {
      const TsrSeamlessParamInfo *p = &tsr_seamless_params[i];
      char *label;

      if (!p->maps != !maps)
        continue;
      label = tsr_mnemonics_label (m, _(p->label));
      /* The PDB's integers are 32-bit: the seed's range stops there. */
      if (p->integer)
        gimp_procedure_add_int_argument (procedure, p->key, label, _(p->help),
                                         (int) p->minimum, (int) MIN (p->maximum, G_MAXINT32),
                                         (int) p->fallback, flags);
      else
        gimp_procedure_add_double_argument (procedure, p->key, label, _(p->help),
                                            p->minimum, p->maximum, p->fallback, flags);
      g_free (label);
    }
}

void
tsr_seamless_add_arguments (GimpProcedure *procedure)
{
  const GParamFlags flags = G_PARAM_READWRITE;
  TsrMnemonics m = { 0 };
  char *label;

  tsr_mnemonics_use_all (&m, TSR_MNEMONICS_BUTTONS);
  add_rows (procedure, &m, FALSE);
  for (int side = 0; side < 2; side++)
    {
      label = tsr_mnemonics_label (&m, side == 0 ? _("Width") : _("Height"));
      gimp_procedure_add_int_argument (procedure,
                                       side == 0 ? TSR_SEAMLESS_ARG_WIDTH
                                                 : TSR_SEAMLESS_ARG_HEIGHT,
                                       label,
                                       side == 0
                                       ? _("Width of the tile in pixels; 0 = the layer's "
                                           "(another size makes a new image)")
                                       : _("Height of the tile in pixels; 0 = the layer's "
                                           "(another size makes a new image)"),
                                       0, TSR_PHOTO_MAX_SIDE, 0, flags);
      g_free (label);
    }
  label = tsr_mnemonics_label (&m, _("Material layers"));
  gimp_procedure_add_boolean_argument (procedure, "material-layers", label,
                                       _("Add the tile's material maps (height estimated from "
                                         "its light and shade, then normal, roughness, "
                                         "occlusion, curvature, packed) as new layers above "
                                         "it, named as the engine's naming says"),
                                       FALSE, flags);
  g_free (label);
  label = tsr_mnemonics_label (&m, _("Engine naming"));
  gimp_procedure_add_choice_argument (procedure, "material-naming", label,
                                      _("The game engine whose names, normal-map convention "
                                        "and packed map the material layers follow"),
                                      tsr_material_naming_choice (), "unreal", flags);
  g_free (label);
  add_rows (procedure, &m, TRUE);
  gimp_procedure_add_image_return_value (procedure, "new-image", _("New image"),
                                         _("The image made when the size differs from "
                                           "the layer's, else none"),
                                         TRUE, flags);
}

void
tsr_seamless_from_config (GimpProcedureConfig *config, TsrSeamlessCall *call)
{
  gboolean material = FALSE;

  tsr_seamless_settings_init (&call->settings);
  for (int i = 0; i < TSR_SP_COUNT; i++)
    {
      const TsrSeamlessParamInfo *p = &tsr_seamless_params[i];

      if (p->integer)
        {
          int v = 0;

          g_object_get (config, p->key, &v, NULL);
          call->settings.value[i] = v;
        }
      else
        g_object_get (config, p->key, &call->settings.value[i], NULL);
    }
  g_object_get (config, TSR_SEAMLESS_ARG_WIDTH, &call->width,
                TSR_SEAMLESS_ARG_HEIGHT, &call->height, "material-layers", &material, NULL);
  call->material = material
                   ? &tsr_material_presets[gimp_procedure_config_get_choice_id (config,
                                                                                "material-naming")]
                   : NULL;
}
