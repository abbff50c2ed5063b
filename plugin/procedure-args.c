/* PDB arguments from the core's tables, in one loop: adding a parameter to
 * tsr_params[] adds it to the procedure, to Script-Fu and to the dialog. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "mnemonic.h"
#include "procedure-args.h"

static GimpChoice *
pattern_choice (void)
{
  GimpChoice *choice = gimp_choice_new ();

  for (guint i = 0; i < tsr_n_patterns; i++)
    gimp_choice_add (choice, tsr_patterns[i].name, (gint) i,
                     _(tsr_patterns[i].label), _(tsr_patterns[i].description));
  return choice;
}

static GimpChoice *
param_choice (const TsrParamSpec *spec)
{
  GimpChoice *choice = gimp_choice_new ();

  for (guint i = 0; i < spec->n_choices; i++)
    gimp_choice_add (choice, spec->choices[i].name, (gint) i,
                     _(spec->choices[i].label), NULL);
  return choice;
}

/* Mnemonics: the dialog GimpProcedureDialog builds wants one per label
 * (and warns about each one without).  The core's labels have none, and a
 * letter free in English may not be in another language, so they are
 * chosen here, on the translated labels (mnemonic.h), within each group of
 * the dialog (whose OK, Cancel, Reset, Help, Load and Save buttons hold
 * o, c, r, h, l, s).
 * Across groups a letter may repeat: GTK then cycles between its widgets. */
/* The core's colours are non-linear sRGB. */
static GeglColor *
param_color (const TsrColor *c)
{
  const float rgba[4] = { c->r, c->g, c->b, c->a };
  GeglColor  *color = gegl_color_new (NULL);

  gegl_color_set_pixel (color, babl_format ("R'G'B'A float"), rgba);
  return color;
}

static void
add_param (GimpProcedure *procedure, const TsrParamSpec *spec, TsrMnemonics *m)
{
  char             *label = tsr_mnemonics_assign (m, _(spec->label));
  const char       *blurb = _(spec->description);
  const GParamFlags flags = G_PARAM_READWRITE;

  switch (spec->type)
    {
    case TSR_TYPE_INT:
      gimp_procedure_add_int_argument (procedure, spec->name, label, blurb,
                                       (gint) spec->min, (gint) spec->max,
                                       (gint) spec->def, flags);
      break;
    case TSR_TYPE_DOUBLE:
      gimp_procedure_add_double_argument (procedure, spec->name, label, blurb,
                                          spec->min, spec->max, spec->def, flags);
      break;
    case TSR_TYPE_BOOL:
      gimp_procedure_add_boolean_argument (procedure, spec->name, label, blurb,
                                           spec->def != 0, flags);
      break;
    case TSR_TYPE_CHOICE:
      gimp_procedure_add_choice_argument (procedure, spec->name, label, blurb,
                                          param_choice (spec),
                                          spec->choices[(guint) spec->def].name,
                                          flags);
      break;
    case TSR_TYPE_COLOR:
      {
        GeglColor *color = param_color (&spec->def_color);
        gimp_procedure_add_color_argument (procedure, spec->name, label, blurb,
                                           TRUE, color, flags);
        g_object_unref (color);
      }
      break;
    default:
      g_warn_if_reached ();
    }
  g_free (label);
}

void
tsr_procedure_add_arguments (GimpProcedure *procedure)
{
  TsrMnemonics m[TSR_GROUP_COUNT];
  char     *label;

  memset (m, 0, sizeof m);
  for (guint g = 0; g < TSR_GROUP_COUNT; g++)
    for (const char *taken = "ochrls"; *taken; taken++)
      tsr_mnemonics_use (&m[g], (gunichar) *taken);

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
}
