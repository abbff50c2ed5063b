/* The parameter pages: see dialog-groups.h.
 *
 * Each parameter's widget is the one GimpProcedureDialog would derive from
 * its argument (a spin scale for numbers with a slider-sized range, a label
 * spin for the seed and tile sizes, GIMP's choice combo, a check button, a
 * colour button), made with libgimp's property widgets bound to the same
 * config.  They are not asked of the dialog because it checks mnemonics
 * across the whole dialog, pages and hidden widgets included: with some
 * eighty parameters and one alphabet that check cannot pass, while letters
 * chosen per page never clash where a key press reaches. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "auto-value.h"
#include "dialog-groups.h"
#include "param-rules.h"
#include "procedure-args.h"
#include "tile-set-options.h"

/* Ranges wider than this get a spin button, not a slider. */
#define SLIDER_MAX_RANGE 4096.0
/* Sliders of wider ranges (scale: 0 .. 16384 pixels) cover this much,
 * with a gamma so small values get most of the travel; the spin button
 * still takes any value. */
#define SLIDER_SOFT_MAX 1024.0
#define PAGE_SPACING    4
#define PAGE_BORDER     8

struct _TsrDialogGroups
{
  GimpProcedureConfig *config;
  GtkWidget           *notebook;
  GtkWidget           *pages[TSR_GROUP_COUNT];    /* scrolled-free boxes */
  TsrMnemonics         mnemonics[TSR_GROUP_COUNT];
  GtkWidget           *widgets[TSR_P_COUNT];
  GtkWidget           *set_widgets[TSR_SET_ARGS];   /* tile-set-options.h */
  GtkWidget           *pattern;                     /* the labelled row */
  GtkComboBox         *pattern_combo;
  GCallback            changed;
  gpointer             changed_data;
};

/* The argument's label (its nick, whose mnemonic was chosen for the PDB),
 * with a letter free on the page instead. */
static char *
page_label (GimpProcedureConfig *config, const char *name, TsrMnemonics *m)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (config), name);
  char       *plain = tsr_mnemonics_strip (pspec != NULL ? g_param_spec_get_nick (pspec) : name);
  char       *label = tsr_mnemonics_label (m, plain);

  g_free (plain);
  return label;
}

static void
set_labeled_text (GtkWidget *labeled, const char *label)
{
  gtk_label_set_text_with_mnemonic (GTK_LABEL (gimp_labeled_get_label (GIMP_LABELED (labeled))),
                                    label);
}

static GtkWidget *
choice_widget (GimpProcedureConfig *config, const char *name, const char *label,
               GtkComboBox **combo_out)
{
  GtkWidget *combo = gimp_prop_choice_combo_box_new (G_OBJECT (config), name);

  gtk_widget_set_hexpand (combo, TRUE);
  if (combo_out != NULL)
    *combo_out = GTK_COMBO_BOX (combo);
  return gimp_label_string_widget_new (label, combo);
}

static GtkWidget *
param_widget (GimpProcedureConfig *config, const TsrParamSpec *spec, TsrMnemonics *m)
{
  char      *label = page_label (config, spec->name, m);
  GtkWidget *w;
  double     step = 1.0, page = 10.0;
  int        digits = 0;

  switch (spec->type)
    {
    case TSR_TYPE_INT:
    case TSR_TYPE_DOUBLE:
      gimp_range_estimate_settings (spec->min, spec->max, &step, &page, &digits);
      if (spec->type == TSR_TYPE_INT)
        digits = 0;
      if (spec->max - spec->min > SLIDER_MAX_RANGE && spec->type == TSR_TYPE_INT)
        {
          w = gimp_prop_label_spin_new (G_OBJECT (config), spec->name, digits);
          set_labeled_text (w, label);
        }
      else
        {
          w = gimp_prop_spin_scale_new (G_OBJECT (config), spec->name, step, page, digits);
          gimp_spin_scale_set_label (GIMP_SPIN_SCALE (w), label);
          if (spec->max - spec->min > SLIDER_MAX_RANGE)
            {
              gimp_spin_scale_set_scale_limits (GIMP_SPIN_SCALE (w), spec->min,
                                                MIN (spec->max, spec->min + SLIDER_SOFT_MAX));
              gimp_spin_scale_set_gamma (GIMP_SPIN_SCALE (w), 2.0);
            }
        }
      if (tsr_auto_value_applies (spec))
        tsr_auto_value_attach (w);
      break;
    case TSR_TYPE_CHOICE:
      w = choice_widget (config, spec->name, label, NULL);
      break;
    case TSR_TYPE_BOOL:
      w = gimp_prop_check_button_new (G_OBJECT (config), spec->name, label);
      break;
    case TSR_TYPE_COLOR:
    default:
      w = gimp_prop_label_color_new (G_OBJECT (config), spec->name, TRUE);
      set_labeled_text (w, label);
      break;
    }
  g_free (label);
  return w;
}

static void
pack (TsrDialogGroups *g, TsrParamGroup group, GtkWidget *w)
{
  gtk_box_pack_start (GTK_BOX (g->pages[group]), w, FALSE, FALSE, 0);
  gtk_widget_show (w);
}

/* A group's page: its parameters in the table's order, and the plug-in's
 * own arguments where they belong. */
static void
fill_page (TsrDialogGroups *g, TsrParamGroup group)
{
  TsrMnemonics *m = &g->mnemonics[group];
  char         *label;

  if (group == TSR_GROUP_PATTERN)
    {
      label = page_label (g->config, TSR_ARG_PATTERN, m);
      g->pattern = choice_widget (g->config, TSR_ARG_PATTERN, label, &g->pattern_combo);
      g_free (label);
      pack (g, group, g->pattern);
    }
  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (tsr_params[i].group == group)
      {
        g->widgets[i] = param_widget (g->config, &tsr_params[i], m);
        pack (g, group, g->widgets[i]);
      }
  if (group == TSR_GROUP_SURFACE)
    {
      label = page_label (g->config, TSR_ARG_MATERIAL, m);
      pack (g, group, gimp_prop_check_button_new (G_OBJECT (g->config), TSR_ARG_MATERIAL, label));
      g_free (label);
      label = page_label (g->config, TSR_ARG_MATERIAL_NAMING, m);
      pack (g, group, choice_widget (g->config, TSR_ARG_MATERIAL_NAMING, label, NULL));
      g_free (label);
    }
  if (group == TSR_GROUP_ANIMATION)
    {
      GtkWidget *frames = gimp_prop_label_spin_new (G_OBJECT (g->config), TSR_ARG_FRAMES, 0);

      label = page_label (g->config, TSR_ARG_FRAMES, m);
      set_labeled_text (frames, label);
      g_free (label);
      pack (g, group, frames);
    }
  if (group == TSR_GROUP_TILING)
    for (guint k = 0; k < TSR_SET_ARGS; k++)
      {
        g->set_widgets[k] = param_widget (g->config, &tsr_tile_set_args[k], m);
        pack (g, group, g->set_widgets[k]);
      }
}

/* Tiling's switch ("tileable") leads its page: the rest of the page is
 * sensitive only when it is on. */
static void
bind_tiling_switch (TsrDialogGroups *g)
{
  GList *children = gtk_container_get_children (GTK_CONTAINER (g->pages[TSR_GROUP_TILING]));

  for (GList *c = children; c != NULL; c = c->next)
    if (c->data != g->widgets[TSR_P_TILEABLE])
      g_object_bind_property (g->config, tsr_params[TSR_P_TILEABLE].name, c->data, "sensitive",
                              G_BINDING_SYNC_CREATE);
  g_list_free (children);
}

static void
watch (TsrDialogGroups *g, const char *property)
{
  char *signal = g_strconcat ("notify::", property, NULL);

  g_signal_connect_swapped (g->config, signal, G_CALLBACK (tsr_dialog_groups_update), g);
  g_free (signal);
}

/* Re-check the rules when a parameter they read changes: a rule's input,
 * or the choice that makes a pattern borrow a group (face). */
static void
watch_rule_inputs (TsrDialogGroups *g)
{
  gboolean watched[TSR_P_COUNT] = { FALSE };

  watch (g, TSR_ARG_PATTERN);
  watch (g, TSR_ARG_GRADIENT);
  watch (g, tsr_tile_set_args[TSR_SET_ARG_KIND].name);
  for (guint i = 0; i < TSR_P_COUNT * (tsr_n_patterns + 1); i++)
    {
      const TsrParamId id = (TsrParamId) (i % TSR_P_COUNT);
      const guint p = i / TSR_P_COUNT;
      TsrParamId input = tsr_param_when_input (tsr_params[id].when);
      int choice;

      if (p > 0 && !tsr_pattern_borrows (tsr_patterns[p - 1], id, &input, &choice))
        continue;
      if (input != TSR_P_COUNT && !watched[input])
        {
          watch (g, tsr_params[input].name);
          watched[input] = TRUE;
        }
    }
}

TsrDialogGroups *
tsr_dialog_groups_new (GimpProcedureConfig *config, const TsrMnemonics *view)
{
  TsrDialogGroups *g = g_new0 (TsrDialogGroups, 1);

  g->config = g_object_ref (config);
  g->notebook = gtk_notebook_new ();
  gtk_notebook_set_scrollable (GTK_NOTEBOOK (g->notebook), TRUE);
  gtk_widget_set_valign (g->notebook, GTK_ALIGN_START);

  for (int group = 0; group < TSR_GROUP_COUNT; group++)
    {
      GtkWidget *tab = gtk_label_new (_(tsr_param_group_label ((TsrParamGroup) group)));

      g->mnemonics[group] = *view;
      g->pages[group] = gtk_box_new (GTK_ORIENTATION_VERTICAL, PAGE_SPACING);
      gtk_container_set_border_width (GTK_CONTAINER (g->pages[group]), PAGE_BORDER);
      gtk_widget_set_name (g->pages[group],
                           tsr_param_group ((TsrParamGroup) group)->name);
      fill_page (g, (TsrParamGroup) group);
      gtk_notebook_append_page (GTK_NOTEBOOK (g->notebook), g->pages[group], tab);
      gtk_widget_show (g->pages[group]);
    }
  bind_tiling_switch (g);
  gtk_widget_show (g->notebook);
  watch_rule_inputs (g);
  tsr_dialog_groups_update (g);
  return g;
}

void
tsr_dialog_groups_free (TsrDialogGroups *g)
{
  if (g == NULL)
    return;
  g_signal_handlers_disconnect_by_data (g->config, g);
  g_object_unref (g->config);
  g_free (g);
}

GtkWidget *
tsr_dialog_groups_notebook (TsrDialogGroups *g)
{
  return g->notebook;
}

GtkWidget *
tsr_dialog_groups_get_box (TsrDialogGroups *g, TsrParamGroup group)
{
  return (guint) group < TSR_GROUP_COUNT ? g->pages[group] : NULL;
}

TsrMnemonics *
tsr_dialog_groups_mnemonics (TsrDialogGroups *g, TsrParamGroup group)
{
  return (guint) group < TSR_GROUP_COUNT ? &g->mnemonics[group] : NULL;
}

GtkWidget *
tsr_dialog_groups_param_widget (TsrDialogGroups *g, TsrParamId id)
{
  return (guint) id < TSR_P_COUNT ? g->widgets[id] : NULL;
}

GtkComboBox *
tsr_dialog_groups_pattern_combo (TsrDialogGroups *g)
{
  return g->pattern_combo;
}

void
tsr_dialog_groups_on_change (TsrDialogGroups *g, GCallback changed, gpointer data)
{
  g->changed = changed;
  g->changed_data = data;
}

static int
choice_index (GimpProcedureConfig *config, const char *name)
{
  return gimp_procedure_config_get_choice_id (config, name);
}

void
tsr_dialog_groups_update (TsrDialogGroups *g)
{
  TsrRuleState st;
  char        *gradient = NULL;
  int          pattern = choice_index (g->config, TSR_ARG_PATTERN);

  g_object_get (g->config, TSR_ARG_GRADIENT, &gradient, NULL);
  st.pattern = pattern >= 0 ? (guint) pattern : 0;
  st.choices = tsr_when_defaults ();
  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (tsr_params[i].type == TSR_TYPE_CHOICE)
      tsr_when_set (&st.choices, (TsrParamId) i, choice_index (g->config, tsr_params[i].name));
  st.choices.ramp = gradient != NULL && gradient[0] != '\0';
  g_free (gradient);

  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      gboolean applies = tsr_rule_param_applies (&st, (TsrParamId) i);

      if (g->widgets[i] == NULL)
        continue;
      /* Colours stay in view (greyed): the page keeps its shape as the
       * palette changes.  Elsewhere what does not apply goes away. */
      if (tsr_params[i].group == TSR_GROUP_COLOR)
        gtk_widget_set_sensitive (g->widgets[i], applies);
      else
        gtk_widget_set_visible (g->widgets[i], applies);
    }
  /* the set's own arguments: what the chosen set reads */
  for (guint k = 0; k < TSR_SET_ARGS; k++)
    gtk_widget_set_visible (g->set_widgets[k],
                            tsr_tile_set_arg_applies (
                              choice_index (g->config, tsr_tile_set_args[TSR_SET_ARG_KIND].name),
                              k));
  for (int group = 0; group < TSR_GROUP_COUNT; group++)
    gtk_widget_set_visible (g->pages[group],
                            group == TSR_GROUP_PATTERN
                            || tsr_rule_group_applies (&st, (TsrParamGroup) group));
  if (g->changed != NULL)
    ((void (*) (gpointer)) g->changed) (g->changed_data);
}
