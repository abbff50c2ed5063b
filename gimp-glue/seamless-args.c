/* plug-in-tessera-seamless's arguments: see seamless-args.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mnemonic.h"
#include "seamless-args.h"

gboolean
tsr_seamless_arg_used (int param)
{
  return !tsr_seamless_params[param].maps;
}

void
tsr_seamless_add_arguments (GimpProcedure *procedure)
{
  const GParamFlags flags = G_PARAM_READWRITE;
  TsrMnemonics m = { 0 };
  char *label;

  tsr_mnemonics_use_all (&m, TSR_MNEMONICS_BUTTONS);
  for (int i = 0; i < TSR_SP_COUNT; i++)
    {
      const TsrSeamlessParamInfo *p = &tsr_seamless_params[i];

      if (!tsr_seamless_arg_used (i))
        continue;
      label = tsr_mnemonics_label (&m, _(p->label));
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
  gimp_procedure_add_image_return_value (procedure, "new-image", _("New image"),
                                         _("The image made when the size differs from "
                                           "the layer's, else none"),
                                         TRUE, flags);
}

void
tsr_seamless_from_config (GimpProcedureConfig *config, TsrSeamlessSettings *s,
                          int *width, int *height)
{
  tsr_seamless_settings_init (s);
  for (int i = 0; i < TSR_SP_COUNT; i++)
    {
      const TsrSeamlessParamInfo *p = &tsr_seamless_params[i];

      if (!tsr_seamless_arg_used (i))
        continue;
      if (p->integer)
        {
          int v = 0;

          g_object_get (config, p->key, &v, NULL);
          s->value[i] = v;
        }
      else
        g_object_get (config, p->key, &s->value[i], NULL);
    }
  g_object_get (config, TSR_SEAMLESS_ARG_WIDTH, width, TSR_SEAMLESS_ARG_HEIGHT, height, NULL);
}
